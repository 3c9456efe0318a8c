package cluster

import (
	"bytes"
	"context"
	"crypto/rand"
	"encoding/hex"
	"encoding/json"
	"sync"
	"time"

	"github.com/nats-io/nats.go"

	"atout/card"
	"atout/protocol"
	"atout/table"
)

func jsonMarshal(v any) ([]byte, error)   { return json.Marshal(v) }
func jsonUnmarshal(b []byte, v any) error { return json.Unmarshal(b, v) }
func randomID() string                    { var b [8]byte; rand.Read(b[:]); return hex.EncodeToString(b[:]) }
func badRequest(msg string) *table.Error  { return &table.Error{Code: table.CodeBadRequest, Msg: msg} }

// served is a table this node owns, answering other nodes' calls.
type served struct {
	h *Hub
	t *table.Table

	mu     sync.Mutex
	sub    *nats.Subscription
	closed bool
	relays map[viewer]*relay
}

func newServed(h *Hub, t *table.Table) *served {
	return &served{h: h, t: t, relays: map[viewer]*relay{}}
}

func (s *served) setSub(sub *nats.Subscription) {
	s.mu.Lock()
	closed := s.closed
	if !closed {
		s.sub = sub
	}
	s.mu.Unlock()
	if closed {
		sub.Unsubscribe()
	}
}

// close stops answering and closes the relays.
func (s *served) close() {
	s.mu.Lock()
	if s.closed {
		s.mu.Unlock()
		return
	}
	s.closed = true
	sub, relays := s.sub, s.relays
	s.relays = map[viewer]*relay{}
	s.mu.Unlock()
	if sub != nil {
		// Answer the calls already received (a stopped table says
		// "closed", and the caller tries the next owner) rather than let
		// their callers wait for a timeout.
		if err := sub.Drain(); err != nil {
			sub.Unsubscribe()
		}
	}
	for _, r := range relays {
		r.sub.Close()
	}
}

// drained waits until the call subscription has handed over its pending
// calls, or ctx is done.
func (s *served) drained(ctx context.Context) {
	s.mu.Lock()
	sub := s.sub
	s.mu.Unlock()
	for sub != nil && sub.IsValid() && ctx.Err() == nil {
		time.Sleep(5 * time.Millisecond)
	}
}

// handle answers one call, on its own goroutine: a hint may take seconds.
func (s *served) handle(m *nats.Msg) {
	var req request
	if err := json.Unmarshal(m.Data, &req); err != nil {
		respond(m, errReply(badRequest("undecodable call: "+err.Error())))
		return
	}
	select {
	case s.h.inflight <- struct{}{}:
	default:
		respond(m, errReply(table.ErrBusy))
		return
	}
	s.h.calls.Add(1)
	go func() {
		defer s.h.calls.Done()
		defer func() { <-s.h.inflight }()
		respond(m, s.do(req))
	}()
}

func respond(m *nats.Msg, rep reply) {
	if m.Reply == "" {
		return
	}
	b, err := json.Marshal(rep)
	if err != nil {
		b, _ = json.Marshal(errReply(err))
	}
	m.Respond(b)
}

// do performs a call on the table.
func (s *served) do(req request) reply {
	timeout := s.h.cfg.CallTimeout
	if req.TimeoutMS > 0 {
		timeout = min(time.Duration(req.TimeoutMS)*time.Millisecond, 2*s.h.cfg.CallTimeout+s.h.cfg.Table.HintTimeout)
	}
	ctx, cancel := context.WithTimeout(context.Background(), timeout)
	defer cancel()
	t := s.t
	var err error
	var rep reply
	switch req.Op {
	case opAct:
		err = t.Act(ctx, req.User, seatOf(req.Seat), req.Action, req.N)
	case opClaim:
		err = t.Claim(ctx, req.User, req.Tricks)
	case opAnswer:
		err = t.AnswerClaim(ctx, req.User, req.Accept)
	case opUndo:
		err = t.Undo(ctx, req.User, req.Confirm)
	case opSpeed:
		err = t.SetSpeed(ctx, req.User, req.Speed)
	case opChat:
		err = t.Chat(ctx, req.User, req.Text)
	case opNext:
		err = t.Next(ctx, req.User)
	case opHint:
		var hint table.Hint
		if hint, err = t.Hint(ctx, req.User); err == nil {
			rep.Hint = &hint
		}
	case opMeaning:
		var m protocol.Meanings
		if m, err = t.Meanings(ctx, req.User); err == nil {
			rep.Meanings = &m
		}
	case opSit:
		err = t.Sit(ctx, table.Player{ID: req.User, Name: req.Name, Invite: req.Invite}, seatOf(req.Seat))
	case opInfo:
		var in table.Info
		if in, err = t.Info(ctx, req.User); err == nil {
			rep.Info, err = json.Marshal(in)
			rep.Direct = s.h.cfg.Advertise
		}
	case opSeat:
		var seat card.Seat
		seat, rep.OK, err = t.SeatOf(ctx, req.User)
		rep.Seat = int(seat)
	case opExport:
		rep.Data, rep.Type, err = t.Export(ctx, req.Format)
	case opWatch:
		if req.Node == "" {
			return errReply(badRequest("watch without a node"))
		}
		return s.watch(ctx, req)
	case opUnwatch:
		s.unwatch(viewer{req.User, req.Lang}, req.Node)
	default:
		err = badRequest("unknown call " + req.Op)
	}
	if err != nil {
		return errReply(err)
	}
	return rep
}

// seatOf converts a seat from the wire; out of range stays out of range
// (the table refuses it).
func seatOf(n int) card.Seat {
	if n < 0 || n > 255 {
		return 255
	}
	return card.Seat(n)
}

// relay is a subscriber of a local table on behalf of the nodes watching
// one viewer: it publishes what the table sends that viewer on the
// viewer's subject.
type relay struct {
	s       *served
	viewer  viewer
	id      string
	subject string
	sub     *table.Sub
	ready   chan struct{} // closed at the first message
	done    chan struct{} // closed when the table dropped the subscriber

	// watchers are the nodes interested and until when; guarded by s.mu.
	watchers map[string]time.Time

	mu       sync.Mutex
	seq      uint64
	state    []byte // the latest state
	analysis []byte // the latest analysis, while its deal is over
}

// watch registers req.Node's interest in the messages of req.User reading
// req.Lang and answers with the relay's latest state, unless the caller
// follows this relay and has its latest message already (a renewal).
func (s *served) watch(ctx context.Context, req request) reply {
	v, node := viewer{req.User, req.Lang}, req.Node
	s.mu.Lock()
	if s.closed {
		s.mu.Unlock()
		return errReply(table.ErrClosed)
	}
	r := s.relays[v]
	if r != nil {
		select {
		case <-r.done:
			r = nil
		default:
		}
	}
	if r == nil {
		sub, err := s.t.Subscribe(ctx, v.user, v.lang)
		if err != nil {
			s.mu.Unlock()
			return errReply(err)
		}
		r = &relay{s: s, viewer: v, id: randomID(), subject: s.h.subj.state(s.t.ID(), v), sub: sub,
			ready: make(chan struct{}), done: make(chan struct{}), watchers: map[string]time.Time{}}
		s.relays[v] = r
		go r.pump()
	}
	r.watchers[node] = time.Now().Add(s.h.cfg.WatchTTL)
	s.mu.Unlock()

	select {
	case <-r.ready:
	case <-r.done:
		return errReply(table.ErrClosed)
	case <-ctx.Done():
		return errReply(&table.Error{Code: table.CodeBusy, Msg: "the table did not send its state in time", Err: ctx.Err()})
	}
	r.mu.Lock()
	defer r.mu.Unlock()
	rep := reply{Relay: r.id, Seq: r.seq, Owner: s.h.node, TTLMS: s.h.cfg.WatchTTL.Milliseconds()}
	if req.Relay == r.id && req.Seq == r.seq {
		return rep // nothing missed
	}
	if r.state != nil {
		rep.Snapshot = append(rep.Snapshot, r.state)
	}
	if r.analysis != nil {
		rep.Snapshot = append(rep.Snapshot, r.analysis)
	}
	return rep
}

// unwatch drops node's interest in v's messages.
func (s *served) unwatch(v viewer, node string) {
	s.mu.Lock()
	r := s.relays[v]
	var gone *relay
	if r != nil {
		delete(r.watchers, node)
		if len(r.watchers) == 0 {
			delete(s.relays, v)
			gone = r
		}
	}
	s.mu.Unlock()
	if gone != nil {
		gone.sub.Close()
	}
}

// expire drops the watches not renewed in time and closes relays nobody
// watches any more.
func (s *served) expire(now time.Time) {
	var gone []*relay
	s.mu.Lock()
	for v, r := range s.relays {
		for node, until := range r.watchers {
			if now.After(until) {
				delete(r.watchers, node)
			}
		}
		if len(r.watchers) == 0 {
			delete(s.relays, v)
			gone = append(gone, r)
		}
	}
	s.mu.Unlock()
	for _, r := range gone {
		r.sub.Close()
	}
}

// msgHead is what a relay reads of a message.
type msgHead struct {
	Type  string `json:"type"`
	Table struct {
		DealOver bool `json:"dealOver"`
	} `json:"table"`
}

// readTableHead reads the head of a message as the table writes one
// (table.wireState.encode: the type, then for a state the move number, the
// seat and the table); ok is false for any other shape.
func readTableHead(msg []byte) (h msgHead, ok bool) {
	rest, ok := bytes.CutPrefix(msg, []byte(`{"type":"`))
	if !ok {
		return h, false
	}
	end := bytes.IndexByte(rest, '"')
	if end < 0 || !plainWord(rest[:end]) {
		return h, false
	}
	h.Type, rest = string(rest[:end]), rest[end+1:]
	if h.Type != "state" {
		return h, len(rest) > 0 && (rest[0] == ',' || rest[0] == '}')
	}
	if rest, ok = bytes.CutPrefix(rest, []byte(`,"n":`)); !ok {
		return h, false
	}
	i := 0
	for i < len(rest) && (rest[i] >= '0' && rest[i] <= '9' || rest[i] == '-') {
		i++
	}
	if rest, ok = bytes.CutPrefix(rest[i:], []byte(`,"seat":`)); !ok {
		return h, false
	}
	if r, null := bytes.CutPrefix(rest, []byte("null")); null {
		rest = r
	} else {
		if len(rest) < 2 || rest[0] != '"' {
			return h, false
		}
		end := bytes.IndexAny(rest[1:], `"\`)
		if end < 0 || rest[1+end] != '"' {
			return h, false
		}
		rest = rest[end+2:]
	}
	if rest, ok = bytes.CutPrefix(rest, []byte(`,"table":`)); !ok {
		return h, false
	}
	n := objectEnd(rest)
	if n < 0 || json.Unmarshal(rest[:n], &h.Table) != nil {
		return msgHead{}, false
	}
	return h, true
}

// plainWord reports whether b is a word of ASCII letters, as the table's
// message types are (read as they are, with no escape or encoding to undo).
func plainWord(b []byte) bool {
	for _, c := range b {
		if !(c >= 'a' && c <= 'z' || c >= 'A' && c <= 'Z') {
			return false
		}
	}
	return true
}

// objectEnd returns the length of the JSON object b starts with, or -1; it
// tracks strings and nesting only (what it returns is decoded, and so
// checked, after).
func objectEnd(b []byte) int {
	if len(b) == 0 || b[0] != '{' {
		return -1
	}
	depth, inString := 0, false
	for i := 0; i < len(b); i++ {
		c := b[i]
		switch {
		case inString:
			switch c {
			case '\\':
				i++
			case '"':
				inString = false
			}
		case c == '"':
			inString = true
		case c == '{' || c == '[':
			depth++
		case c == '}' || c == ']':
			depth--
			if depth == 0 {
				return i + 1
			}
		}
	}
	return -1
}

// readHead reads a table message's head: its type and, for a state,
// whether the deal is over. It reads the message's members in order and
// stops once it has them: a state's view and explanations, which come after
// its table and make most of its bytes, are not scanned (reading it all with
// json.Unmarshal was a tenth of a cluster node's CPU, twice for every state
// a remote player receives). A malformed message reads as what was found
// before the fault.
func readHead(msg []byte) (h msgHead) {
	if h, ok := readTableHead(msg); ok {
		return h
	}
	dec := json.NewDecoder(bytes.NewReader(msg))
	if t, err := dec.Token(); err != nil || t != json.Delim('{') {
		return h
	}
	table := false
	for dec.More() {
		t, err := dec.Token()
		if err != nil {
			return h
		}
		key, _ := t.(string)
		switch key {
		case "type":
			if dec.Decode(&h.Type) != nil {
				return h
			}
			if h.Type != "state" || table {
				return h
			}
		case "table":
			if dec.Decode(&h.Table) != nil {
				return h
			}
			if h.Type != "" {
				return h
			}
			table = true
		default:
			var skip json.RawMessage
			if dec.Decode(&skip) != nil {
				return h
			}
		}
	}
	return h
}

// pump publishes the table's messages for the user until the table drops
// the subscriber.
func (r *relay) pump() {
	defer func() {
		close(r.done)
		r.s.mu.Lock()
		if r.s.relays[r.viewer] == r {
			delete(r.s.relays, r.viewer)
		}
		r.s.mu.Unlock()
	}()
	first := true
	nc := r.s.h.nc
	for msg := range r.sub.C() {
		head := readHead(msg)
		r.mu.Lock()
		r.seq++
		seq := r.seq
		switch head.Type {
		case "state":
			r.state = msg
			if !head.Table.DealOver {
				r.analysis = nil
			}
		case "analysis":
			r.analysis = msg
		}
		r.mu.Unlock()
		if first {
			first = false
			close(r.ready)
		}
		m := &nats.Msg{Subject: r.subject, Data: msg, Header: nats.Header{}}
		m.Header.Set(hdrRelay, r.id)
		m.Header.Set(hdrSeq, formatSeq(seq))
		if err := nc.PublishMsg(m); err != nil {
			r.s.h.log.Warn("publishing a state", "table", r.s.t.ID(), "err", err)
		}
	}
}
