package cluster

import (
	"bytes"
	"context"
	"errors"
	"sync"
	"time"

	"github.com/nats-io/nats.go"

	"atout/table"
)

// streamKey names the stream of one viewer of one table.
type streamKey struct {
	id string
	viewer
}

// stream feeds this node's subscribers of one user at a table owned by
// another node (or by this one, after a takeover): it subscribes to the
// user's state subject, renews the owner's watch, and finds the new owner
// when the old one stops answering.
type stream struct {
	h       *Hub
	key     streamKey
	subject string
	kick    chan struct{}
	quit    chan struct{}
	ready   chan struct{} // closed at the first message or at the end
	endOnce sync.Once
	rdyOnce sync.Once

	mu     sync.Mutex
	subs   map[*localSub]struct{}
	remote bool   // NATS messages are the source
	relay  string // the owner's relay we follow
	seq    uint64 // the last message of relay delivered
	owner  string // the node that answered the last watch ("" from an older node)
	// The latest state and analysis, for new subscribers.
	state, analysis []byte
	err             error // why the stream ended
}

// localSub is one subscriber on this node.
type localSub struct{ ch chan []byte }

func newStream(h *Hub, key streamKey) *stream {
	return &stream{h: h, key: key, subject: h.subj.state(key.id, key.viewer),
		kick: make(chan struct{}, 1), quit: make(chan struct{}), ready: make(chan struct{}),
		subs: map[*localSub]struct{}{}}
}

// subscribe adds a subscriber of user, reading lang, at remote table id.
func (h *Hub) subscribe(ctx context.Context, id, user, lang string) (*table.Sub, error) {
	key := streamKey{id, viewer{user, lang}}
	l := &localSub{ch: make(chan []byte, h.cfg.Table.SubBuffer)}
	h.mu.Lock()
	if h.closed {
		h.mu.Unlock()
		return nil, table.ErrClosed
	}
	st := h.streams[key]
	fresh := st == nil
	if fresh {
		st = newStream(h, key)
		h.streams[key] = st
	}
	st.mu.Lock()
	st.subs[l] = struct{}{}
	for _, m := range [][]byte{st.state, st.analysis} {
		if m != nil {
			l.ch <- m
		}
	}
	st.mu.Unlock()
	if fresh {
		h.wg.Add(1)
		go st.run()
	}
	h.mu.Unlock()

	sub := table.NewSub(l.ch, func() { h.unsubscribe(st, l) })
	// Wait for the first state, as a local table queues it at once; a
	// table between owners may take longer, and its state comes later.
	timer := time.NewTimer(h.cfg.CallTimeout)
	defer timer.Stop()
	select {
	case <-st.ready:
	case <-timer.C:
	case <-ctx.Done():
		sub.Close()
		return nil, ctx.Err()
	}
	st.mu.Lock()
	err := st.err
	st.mu.Unlock()
	if err != nil {
		sub.Close()
		return nil, err
	}
	return sub, nil
}

// unsubscribe removes l; the stream ends with its last subscriber.
func (h *Hub) unsubscribe(st *stream, l *localSub) {
	h.mu.Lock()
	st.mu.Lock()
	if _, ok := st.subs[l]; ok {
		delete(st.subs, l)
		close(l.ch)
	}
	empty := len(st.subs) == 0
	st.mu.Unlock()
	if empty && h.streams[st.key] == st {
		delete(h.streams, st.key)
	}
	h.mu.Unlock()
	if empty {
		st.end(nil)
	}
}

// end stops the stream; err, if not nil, closes its subscribers.
func (st *stream) end(err error) {
	st.endOnce.Do(func() {
		st.mu.Lock()
		st.err = err
		for l := range st.subs {
			delete(st.subs, l)
			close(l.ch)
		}
		st.mu.Unlock()
		close(st.quit)
		st.markReady()
	})
}

func (st *stream) markReady() { st.rdyOnce.Do(func() { close(st.ready) }) }

// following returns the node the stream follows, if it said its name.
func (st *stream) following() string {
	st.mu.Lock()
	defer st.mu.Unlock()
	if !st.remote {
		return ""
	}
	return st.owner
}

// wake makes the stream look for the table's owner now.
func (st *stream) wake() {
	select {
	case st.kick <- struct{}{}:
	default:
	}
}

// sleep waits d, or less if the stream is woken or ends; false if it ended.
func (st *stream) sleep(d time.Duration) bool {
	t := time.NewTimer(d)
	defer t.Stop()
	select {
	case <-st.quit:
		return false
	case <-st.kick:
		return true
	case <-t.C:
		return true
	}
}

// deliver sends msg to every subscriber; one that fell behind is closed.
// Called with st.mu held.
func (st *stream) deliver(msg []byte) {
	head := readHead(msg)
	switch head.Type {
	case "state":
		st.state = msg
		if !head.Table.DealOver {
			st.analysis = nil
		}
	case "analysis":
		st.analysis = msg
	}
	for l := range st.subs {
		select {
		case l.ch <- msg:
		default:
			delete(st.subs, l)
			close(l.ch)
		}
	}
	if head.Type == "state" {
		st.markReady()
	}
}

// movingMsg tells a subscriber that the table is between two owners
// (protocol.Moving).
var movingMsg = []byte(`{"type":"moving"}`)

// tellMoving tells the subscribers that the table's owner no longer
// answers, if they saw the table already (a new one was told by the
// server's handshake); it reports whether they were told.
func (st *stream) tellMoving() bool {
	st.mu.Lock()
	defer st.mu.Unlock()
	if st.state == nil {
		return false
	}
	st.deliver(movingMsg)
	return true
}

// onMsg receives the owner's messages from NATS.
func (st *stream) onMsg(m *nats.Msg) {
	relay := m.Header.Get(hdrRelay)
	seq, ok := parseSeq(m.Header.Get(hdrSeq))
	if relay == "" || !ok {
		return
	}
	st.mu.Lock()
	defer st.mu.Unlock()
	if !st.remote {
		return
	}
	if relay == st.relay && seq <= st.seq {
		return // already delivered (a snapshot overtook it)
	}
	st.relay, st.seq = relay, seq
	st.deliver(m.Data)
}

// snapshot delivers the owner's answer to a watch unless newer messages
// were delivered already.
func (st *stream) snapshot(rep reply) {
	st.mu.Lock()
	defer st.mu.Unlock()
	if !st.remote {
		return
	}
	st.owner = rep.Owner
	if rep.Relay == st.relay && rep.Seq <= st.seq {
		return
	}
	st.relay, st.seq = rep.Relay, rep.Seq
	for _, m := range rep.Snapshot {
		if head := []byte(m); bytes.Equal(head, st.analysis) {
			continue // seen already
		}
		st.deliver(m)
	}
}

func (st *stream) setRemote(on bool) {
	st.mu.Lock()
	if st.remote != on {
		st.remote = on
		st.relay, st.seq = "", 0
	}
	st.mu.Unlock()
}

// run follows the table's owner until the stream ends.
func (st *stream) run() {
	h := st.h
	defer h.wg.Done()
	nsub, err := h.nc.Subscribe(st.subject, st.onMsg)
	if err != nil {
		h.log.Error("subscribing to a table's states", "table", st.key.id, "err", err)
		st.end(&table.Error{Code: table.CodeInternal, Msg: "cannot reach the table's server", Err: err})
		return
	}
	watched := false
	defer func() {
		nsub.Unsubscribe()
		if watched {
			// Tell the owner at once (best effort; its watch expires anyway).
			if b, err := jsonMarshal(request{Op: opUnwatch, User: st.key.user, Lang: st.key.lang, Node: h.node}); err == nil {
				h.nc.Publish(h.subj.call(st.key.id), b)
			}
		}
	}()
	backoff := 20 * time.Millisecond
	moving := false // the subscribers were told that the table is moving
	for {
		select {
		case <-st.quit:
			return
		case <-h.stop:
			st.end(table.ErrClosed)
			return
		default:
		}
		if t := h.localTable(st.key.id); t != nil {
			st.setRemote(false)
			watched = false
			if !st.runLocal(t) {
				return
			}
			continue
		}
		ctx, cancel := context.WithTimeout(context.Background(), h.cfg.CallTimeout)
		req := request{Op: opWatch, User: st.key.user, Lang: st.key.lang, Node: h.node, TimeoutMS: h.cfg.CallTimeout.Milliseconds()}
		st.mu.Lock()
		if st.remote && st.state != nil {
			req.Relay, req.Seq = st.relay, st.seq // a renewal: what we have
		}
		st.mu.Unlock()
		rep, err := h.request(ctx, st.key.id, req)
		cancel()
		if err == nil {
			err = rep.err()
		}
		switch {
		case err == nil:
			watched, moving = true, false
			st.setRemote(true)
			st.snapshot(rep)
			backoff = 20 * time.Millisecond
			if !st.sleep(h.renewal(rep)) {
				return
			}
			continue
		case errors.Is(err, nats.ErrNoResponders), errors.Is(err, table.ErrClosed):
			// Nobody serves the table: take it if its lease lapsed.
			actx, acancel := context.WithTimeout(context.Background(), h.cfg.CallTimeout)
			t, aerr := h.adopt(actx, st.key.id)
			acancel()
			switch {
			case aerr == nil && t != nil:
				continue
			case errors.Is(aerr, table.ErrNotFound):
				st.end(table.ErrNotFound)
				return
			case aerr != nil && !errors.Is(aerr, table.ErrClosed):
				h.log.Warn("looking for a table's owner", "table", st.key.id, "err", aerr)
			}
		default:
			h.log.Warn("watching a remote table", "table", st.key.id, "err", err)
		}
		if !moving {
			moving = st.tellMoving()
		}
		if !st.sleep(backoff) {
			return
		}
		// Owners change at the pace of the scans; a new one announces
		// itself anyway.
		backoff = min(2*backoff, h.cfg.ScanInterval)
	}
}

// renewal is how long a stream waits before it renews the watch the owner
// answered with rep: WatchRefresh, or less if the owner keeps its relays
// for less than four of them; an owner of an older version, which says
// neither its name nor its WatchTTL, is renewed at the old pace.
func (h *Hub) renewal(rep reply) time.Duration {
	if rep.TTLMS <= 0 {
		return legacyRefresh(h.cfg.Table.LeaseTTL)
	}
	return max(min(h.cfg.WatchRefresh, time.Duration(rep.TTLMS)*time.Millisecond/4), 10*time.Millisecond)
}

// runLocal feeds the stream from the local table t until t drops it; false
// if the stream ended.
func (st *stream) runLocal(t *table.Table) bool {
	ctx, cancel := context.WithTimeout(context.Background(), st.h.cfg.CallTimeout)
	sub, err := t.Subscribe(ctx, st.key.user, st.key.lang)
	cancel()
	if err != nil {
		return st.sleep(20 * time.Millisecond)
	}
	defer sub.Close()
	for {
		select {
		case msg, ok := <-sub.C():
			if !ok {
				return true
			}
			st.mu.Lock()
			st.deliver(msg)
			st.mu.Unlock()
		case <-st.quit:
			return false
		case <-st.h.stop:
			st.end(table.ErrClosed)
			return false
		}
	}
}
