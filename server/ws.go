package server

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"net/http"
	"net/url"
	"strings"
	"sync"
	"sync/atomic"
	"time"

	"github.com/coder/websocket"

	"atout/protocol"
	"atout/server/limit"
	"atout/server/wsguard"
	"atout/server/wsmsg"
	"atout/store"
	"atout/table"
)

// wsConn is one open WebSocket.
type wsConn struct {
	c      *websocket.Conn
	ctx    context.Context // ends with the connection
	cancel context.CancelFunc
	guard  *wsguard.Guard // the read limit's guard
	// ready is closed once the table's subscription is there: before, the
	// table is moving and only pings are served.
	ready chan struct{}
	out   chan []byte // replies to this connection only (errors, pong, hint)
	// hinting is set while a hint is being computed for the connection:
	// hints run beside the read loop (a search may take seconds), one at
	// a time.
	hinting atomic.Bool
}

func (s *Server) handleWS(w http.ResponseWriter, r *http.Request) {
	u, ok := s.mustUser(w, r)
	if !ok {
		return
	}
	room, err := s.hub.Get(r.Context(), r.PathValue("id"))
	if err != nil {
		s.tableError(w, r, err)
		return
	}
	// The table answers at once, unless it is between two servers: then
	// the connection opens all the same and says so, and the checks wait
	// for the table.
	ictx, icancel := context.WithTimeout(r.Context(), s.cfg.HandshakeWait)
	in, err := room.Info(ictx, u.ID)
	icancel()
	moving := err != nil && r.Context().Err() == nil && isMoving(err)
	if err == nil {
		err = s.mayWatch(r.Context(), in, u.ID)
	}
	if err != nil && !moving {
		s.tableError(w, r, err)
		return
	}
	// A URL with via (a redirect's) is served here whatever the owner, so
	// that a table moving meanwhile never sends a browser round in circles.
	mayRedirect := !r.URL.Query().Has("via")
	if err == nil && mayRedirect && s.redirectWS(w, r, room, u) {
		return
	}
	release, err := s.limits.OpenConn(u.ID, room.ID())
	if err != nil {
		s.limitOrTableError(w, r, err)
		return
	}
	gw := wsguard.NewWriter(w, wsmsg.ReadLimit)
	c, err := websocket.Accept(gw, r, &websocket.AcceptOptions{OriginPatterns: s.cfg.OriginPatterns})
	if err != nil {
		release()
		s.log.Info("websocket refused", "err", err)
		return
	}
	c.SetReadLimit(wsmsg.ReadLimit)
	// The connection is served on goroutines of its own and the handler
	// returns: the HTTP server's goroutine, its connection's buffers and
	// the upgrade request then go (some 10 KB a WebSocket, 80 MB at 2,000
	// tables of four, all of it for the collector to mark at every cycle;
	// docs/capacity.md). The connection's context ends with the session,
	// not with the handler (wsContext).
	parent, untrack := wsContext(r)
	ctx, cancel := context.WithCancel(parent)
	conn := &wsConn{c: c, ctx: ctx, cancel: cancel, guard: gw.Guard(), out: make(chan []byte, 16), ready: make(chan struct{})}
	s.connsMu.Lock()
	s.conns[conn] = struct{}{}
	s.connsMu.Unlock()
	go s.serveWS(conn, room, u, s.wsLang(r, &u), moving, mayRedirect, func() { untrack(); release() })
}

// director is a table served by a node of a cluster that may take its
// players' connections itself (cluster's room): Direct is its address,
// "" to serve the connection here.
type director interface{ Direct() string }

// redirectWS sends the WebSocket of a table served by another node of a
// cluster to that node, when it advertises an address: the connection is
// opened, given a [protocol.Redirect] and closed, and the browser connects
// there, so that its states do not cross NATS. It reports whether it
// answered.
func (s *Server) redirectWS(w http.ResponseWriter, r *http.Request, room table.Room, u store.User) bool {
	target := directURL(room, s.wsLang(r, &u))
	if target == "" {
		return false
	}
	c, err := websocket.Accept(w, r, &websocket.AcceptOptions{OriginPatterns: s.cfg.OriginPatterns})
	if err != nil {
		s.log.Info("websocket refused", "err", err)
		return true
	}
	sendRedirect(r.Context(), c, target)
	return true
}

// directURL is the URL of room's WebSocket on the node that serves it,
// when that node advertises an address ("" otherwise): with via, so that
// it is served there whatever happens meanwhile, and the language.
func directURL(room table.Room, lang string) string {
	d, ok := room.(director)
	if !ok {
		return ""
	}
	base := d.Direct()
	if base == "" {
		return ""
	}
	q := url.Values{"via": {"1"}, "lang": {lang}}
	target := base + "/ws/" + url.PathEscape(room.ID()) + "?" + q.Encode()
	if rest, ok := strings.CutPrefix(target, "http"); ok {
		target = "ws" + rest // http://… → ws://…, https://… → wss://…
	}
	return target
}

// sendRedirect writes a [protocol.Redirect] to target on c and closes it.
func sendRedirect(ctx context.Context, c *websocket.Conn, target string) {
	ctx, cancel := context.WithTimeout(ctx, 5*time.Second)
	defer cancel()
	b, _ := json.Marshal(protocol.Redirect{Type: protocol.TypeRedirect, URL: target})
	if err := c.Write(ctx, websocket.MessageText, b); err != nil {
		c.CloseNow()
		return
	}
	c.Close(websocket.StatusNormalClosure, "redirect")
}

// wsLang is the language of a WebSocket: the page's, which it names in the
// URL (/ws/{id}?lang=fr), else the request's (requestLang). The calls'
// meanings and the errors are worded in it.
func (s *Server) wsLang(r *http.Request, u *store.User) string {
	if l := r.URL.Query().Get("lang"); l != "" && s.lang.Supported(l) {
		return l
	}
	return s.requestLang(r, u)
}

// serveWS serves an open WebSocket until it ends, then gives back what it
// held (release).
//
// A connection opened while its table moved (moving) waits for the table;
// if the node that took it over advertises an address and the connection
// may be sent on (mayRedirect: its URL has no via), it is sent there then,
// as at the handshake (redirectWS).
func (s *Server) serveWS(conn *wsConn, room table.Room, u store.User, lang string, moving, mayRedirect bool, release func()) {
	defer release()
	ctx, cancel, c := conn.ctx, conn.cancel, conn.c
	defer cancel()
	// The connection's end (the session's, the server's, a failed write)
	// closes it, which ends a read or write under way: they are given no
	// context that ends (readLoop, writeLoop).
	stop := context.AfterFunc(ctx, func() { c.CloseNow() })
	defer stop()
	closed := s.metrics.Connected()
	defer func() {
		s.connsMu.Lock()
		delete(s.conns, conn)
		s.connsMu.Unlock()
		closed()
	}()
	log := s.log.With("table", room.ID(), "user", u.ID)
	log.Info("websocket open", "moving", moving)

	subs := make(chan *table.Sub, 1)
	done := make(chan struct{})
	go func() {
		defer close(done)
		s.writeLoop(ctx, cancel, conn, subs)
	}()
	// A table that answers is subscribed to before the first message is
	// read; a moving one after it answers, while pings are served.
	subscribed := make(chan struct{})
	follow := func() {
		defer close(subscribed)
		if moving {
			s.reply(conn, protocol.Moving{Type: protocol.TypeMoving})
		}
		sub, err := s.subscribe(ctx, room, u.ID, lang, moving, mayRedirect)
		if err != nil {
			var rd redirected
			if errors.As(err, &rd) {
				log.Info("websocket sent to the table's node", "url", rd.url)
				sendRedirect(ctx, c, rd.url)
				cancel()
				return
			}
			if ctx.Err() == nil {
				log.Info("websocket: no table", "err", err)
				c.Close(websocket.StatusTryAgainLater, protocol.CodeOf(err))
			}
			cancel()
			return
		}
		// Ready before the first state goes out: a client that answers
		// that state at once must find its move taken, not refused as
		// moving.
		close(conn.ready)
		subs <- sub
	}
	if moving {
		go follow()
	} else {
		follow()
	}
	s.readLoop(ctx, conn, room, u, lang)
	cancel()
	<-subscribed
	<-done
	select {
	case sub := <-subs: // subscribed as the connection ended
		sub.Close()
	default:
	}
	c.CloseNow()
	log.Info("websocket closed")
}

// isMoving reports whether err says that a table is between two servers
// (or too busy to answer at once): worth waiting for.
func isMoving(err error) bool {
	return errors.Is(err, context.DeadlineExceeded) || protocol.CodeOf(err) == protocol.CodeBusy
}

// subscribe subscribes user, reading lang, to room; for a moving table it
// first waits, up to MovingWait, until the table answers and lets user
// watch.
//
// Once a moving table answers, if its new node advertises an address and
// mayRedirect, it returns a [redirected] error instead.
func (s *Server) subscribe(ctx context.Context, room table.Room, userID, lang string, moving, mayRedirect bool) (*table.Sub, error) {
	if moving {
		wctx, wcancel := context.WithTimeout(ctx, s.cfg.MovingWait)
		defer wcancel()
		backoff := 50 * time.Millisecond
		for {
			// Each try under its own deadline: a call lost with its
			// server is tried again, not waited for.
			actx, acancel := context.WithTimeout(wctx, 5*s.cfg.HandshakeWait)
			in, err := room.Info(actx, userID)
			acancel()
			if err == nil {
				err = s.mayWatch(wctx, in, userID)
			}
			if err == nil {
				break
			}
			if !isMoving(err) || wctx.Err() != nil {
				return nil, err
			}
			select {
			case <-time.After(backoff):
			case <-wctx.Done():
				return nil, wctx.Err()
			}
			backoff = min(2*backoff, time.Second)
		}
		if mayRedirect {
			if target := directURL(room, lang); target != "" {
				return nil, redirected{target}
			}
		}
	}
	return room.Subscribe(ctx, userID, lang)
}

// redirected is subscribe's answer for a connection to send to the node
// that took its table over.
type redirected struct{ url string }

func (r redirected) Error() string { return "the table is served at " + r.url }

// writeLoop is the only writer of a connection: table states, replies and
// pings, each write under a deadline. It ends the connection when the table
// drops the subscription (a slow client, a closed table) or a write fails.
// The table's subscription comes on subs once there is one; replies go out
// before it.
func (s *Server) writeLoop(ctx context.Context, cancel context.CancelFunc, conn *wsConn, subs <-chan *table.Sub) {
	defer cancel()
	ping := time.NewTicker(s.cfg.PingInterval)
	defer ping.Stop()
	// A write's deadline is the connection's own, and the context given
	// the library has none: a context that can end costs a registration
	// in the library (context.AfterFunc) and a timer here at every
	// message, some 10 % of what a node allocates at thousands of tables.
	// The connection's end still stops a write at once (serveWS closes
	// the connection when its context ends). The deadline is lifted after
	// the write: the library's own frames (a ping, a close) have theirs.
	write := func(msg []byte) bool {
		conn.guard.SetWriteDeadline(time.Now().Add(s.cfg.WriteTimeout))
		err := conn.c.Write(context.Background(), websocket.MessageText, msg)
		conn.guard.SetWriteDeadline(time.Time{})
		return err == nil
	}
	var states <-chan []byte
	for {
		select {
		case <-ctx.Done():
			return
		case sub := <-subs:
			defer sub.Close()
			states, subs = sub.C(), nil
		case msg, ok := <-states:
			if !ok {
				conn.c.Close(websocket.StatusGoingAway, "table closed or client too slow")
				return
			}
			if !write(msg) {
				return
			}
		case msg := <-conn.out:
			if !write(msg) {
				return
			}
		case <-ping.C:
			pctx, pcancel := context.WithTimeout(ctx, s.cfg.WriteTimeout)
			err := conn.c.Ping(pctx)
			pcancel()
			if err != nil {
				return
			}
		}
	}
}

// reply queues a message for this connection only. When the replies queue
// is full the caller (the read loop) waits for the writer, so that a client
// sending fast is slowed down to the pace it reads its replies at; a client
// that does not read them at all is disconnected after the write timeout.
func (s *Server) reply(conn *wsConn, v any) bool {
	b, _ := json.Marshal(v)
	select {
	case conn.out <- b:
		return true
	default:
	}
	t := time.NewTimer(s.cfg.WriteTimeout)
	defer t.Stop()
	select {
	case conn.out <- b:
		return true
	case <-conn.ctx.Done():
		return false
	case <-t.C:
		conn.c.Close(websocket.StatusPolicyViolation, "too many unread replies")
		return false
	}
}

func (s *Server) replyError(conn *wsConn, lang, code, detail, action string) bool {
	s.metrics.ProtocolError(code)
	return s.reply(conn, protocol.Error{Type: protocol.TypeError, Code: code, Message: s.translate(lang, code, detail), Detail: detail, Action: action})
}

// readLoop reads the client's messages until the connection ends. Pings
// are answered at once; the other messages go, in order, to one worker
// that dispatches them, so that a call waiting for its table (a cluster's
// table moving to another server) holds no ping up. A refused message gets
// an error reply and changes nothing.
func (s *Server) readLoop(ctx context.Context, conn *wsConn, room table.Room, u store.User, lang string) {
	// The queue's worker runs only while there is work: an idle
	// connection holds no goroutine for it.
	work := make(chan wsmsg.Message, 8)
	var (
		running atomic.Bool
		workers sync.WaitGroup
	)
	drain := func() {
		defer workers.Done()
		for {
			select {
			case m := <-work:
				if !s.dispatch(ctx, conn, room, u, lang, m) {
					conn.cancel() // running stays set: no other worker starts
					return
				}
			default:
				running.Store(false)
				// A message queued since the queue was seen empty may
				// have found the worker still running: look again.
				if len(work) == 0 || !running.CompareAndSwap(false, true) {
					return
				}
			}
		}
	}
	defer workers.Wait()
	var lim limit.Bucket
	// Reads are given a context that does not end, for the same reason as
	// the writes (writeLoop): the connection's end closes it, which ends
	// the read.
	rctx := context.WithoutCancel(ctx)
	for {
		typ, data, err := conn.c.Read(rctx)
		if err != nil {
			if conn.guard.Tripped() {
				conn.c.Close(websocket.StatusMessageTooBig, fmt.Sprintf("messages are limited to %d bytes", wsmsg.ReadLimit))
			}
			return
		}
		s.metrics.Message()
		if !lim.Take(time.Now(), s.cfg.MessageRate, s.cfg.MessageBurst) {
			// Dropped, with a notice: the client is slowed down, not cut
			// off (the notice waits for room like any reply).
			if !s.replyError(conn, lang, "rate_limited", "slow down: too many messages, this one was dropped", actionOf(data)) {
				return
			}
			continue
		}
		if typ != websocket.MessageText {
			if !s.replyError(conn, lang, table.CodeBadRequest, "binary messages are not accepted", "") {
				return
			}
			continue
		}
		m, err := wsmsg.Decode(data)
		if err != nil {
			if !s.replyError(conn, lang, table.CodeBadRequest, err.Error(), "") {
				return
			}
			continue
		}
		ok := true
		switch {
		case m.Type == protocol.TypePing:
			ok = s.reply(conn, protocol.Pong{Type: protocol.TypePong})
		case !isClosed(conn.ready):
			ok = s.replyError(conn, lang, table.CodeBusy, "the table is moving to another server; try again in a moment", m.Action)
		default:
			select {
			case work <- m:
				if running.CompareAndSwap(false, true) {
					workers.Add(1)
					go drain()
				}
			case <-ctx.Done():
				return
			}
		}
		if !ok {
			return
		}
	}
}

// isClosed reports whether ch is closed.
func isClosed(ch <-chan struct{}) bool {
	select {
	case <-ch:
		return true
	default:
		return false
	}
}

func (s *Server) dispatch(ctx context.Context, conn *wsConn, room table.Room, u store.User, lang string, m wsmsg.Message) bool {
	var err error
	switch m.Type {
	case protocol.TypeAct:
		n := -1
		if m.HasN {
			n = m.N
		}
		err = room.Act(ctx, u.ID, m.Seat, m.Action, n)
	case protocol.TypeClaim:
		if m.Answer != nil {
			err = room.AnswerClaim(ctx, u.ID, *m.Answer)
		} else {
			err = room.Claim(ctx, u.ID, m.Tricks)
		}
	case protocol.TypeUndo:
		err = room.Undo(ctx, u.ID, m.Confirm)
	case protocol.TypeSpeed:
		err = room.SetSpeed(ctx, u.ID, m.Speed)
	case protocol.TypeChat:
		err = room.Chat(ctx, u.ID, m.Text)
	case protocol.TypeNext:
		err = room.Next(ctx, u.ID)
	case protocol.TypeMeanings:
		var ms protocol.Meanings
		if ms, err = room.Meanings(ctx, u.ID); err == nil {
			ms.Calls = protocol.ExplanationsIn(ms.Calls, lang)
			return s.reply(conn, ms)
		}
	case protocol.TypeHint:
		if !conn.hinting.CompareAndSwap(false, true) {
			return s.replyError(conn, lang, table.CodeBusy, "a hint is already being computed", "")
		}
		go func() {
			defer conn.hinting.Store(false)
			h, err := room.Hint(ctx, u.ID)
			switch {
			case err == nil:
				if h.Means != nil {
					means := h.Means.In(lang)
					h.Means = &means
				}
				s.reply(conn, h)
			case errors.Is(err, context.Canceled):
			default:
				s.replyError(conn, lang, table.CodeOf(err), err.Error(), "")
			}
		}()
		return true
	}
	if err != nil {
		if errors.Is(err, context.Canceled) {
			return false
		}
		return s.replyError(conn, lang, table.CodeOf(err), err.Error(), m.Action)
	}
	return true
}

// actionOf returns the action of a dropped message, if it has one, so that
// the client knows which of its messages was not served.
func actionOf(data []byte) string {
	if len(data) > wsmsg.MaxMessage {
		return ""
	}
	m, err := wsmsg.Decode(data)
	if err != nil {
		return ""
	}
	return m.Action
}

// closeConns closes the connections still open (after the tables stopped).
func (s *Server) closeConns() {
	s.connsMu.Lock()
	defer s.connsMu.Unlock()
	for c := range s.conns {
		c.c.Close(websocket.StatusGoingAway, "server shutting down")
	}
}
