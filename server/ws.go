package server

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"net/http"
	"sync/atomic"
	"time"

	"github.com/coder/websocket"

	"atout/protocol"
	"atout/server/limit"
	"atout/server/wsguard"
	"atout/store"
	"atout/table"
)

// wsConn is one open WebSocket.
type wsConn struct {
	c     *websocket.Conn
	ctx   context.Context // ends with the connection
	guard *wsguard.Writer // the read limit's guard
	out   chan []byte     // replies to this connection only (errors, pong, hint)
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
	if err == nil {
		var in table.Info
		if in, err = room.Info(r.Context(), u.ID); err == nil {
			err = s.mayWatch(r.Context(), in, u.ID)
		}
	}
	if err != nil {
		s.tableError(w, r, err)
		return
	}
	release, err := s.limits.OpenConn(u.ID, room.ID())
	if err != nil {
		s.limitOrTableError(w, r, err)
		return
	}
	defer release()
	gw := wsguard.NewWriter(w, readLimit)
	c, err := websocket.Accept(gw, r, &websocket.AcceptOptions{OriginPatterns: s.cfg.OriginPatterns})
	if err != nil {
		s.log.Info("websocket refused", "err", err)
		return
	}
	c.SetReadLimit(readLimit)
	ctx, cancel := context.WithCancel(r.Context())
	defer cancel()
	sub, err := room.Subscribe(ctx, u.ID)
	if err != nil {
		c.Close(websocket.StatusTryAgainLater, table.CodeOf(err))
		return
	}
	defer sub.Close()
	conn := &wsConn{c: c, ctx: ctx, guard: gw, out: make(chan []byte, 16)}
	s.connsMu.Lock()
	s.conns[conn] = struct{}{}
	s.connsMu.Unlock()
	closed := s.metrics.Connected()
	defer func() {
		s.connsMu.Lock()
		delete(s.conns, conn)
		s.connsMu.Unlock()
		closed()
	}()
	lang := s.requestLang(r, &u)
	log := s.log.With("table", room.ID(), "user", u.ID)
	log.Info("websocket open")
	done := make(chan struct{})
	go func() {
		defer close(done)
		s.writeLoop(ctx, cancel, conn, sub)
	}()
	s.readLoop(ctx, conn, room, u, lang)
	cancel()
	<-done
	c.CloseNow()
	log.Info("websocket closed")
}

// writeLoop is the only writer of a connection: table states, replies and
// pings, each write under a deadline. It ends the connection when the table
// drops the subscription (a slow client, a closed table) or a write fails.
func (s *Server) writeLoop(ctx context.Context, cancel context.CancelFunc, conn *wsConn, sub *table.Sub) {
	defer cancel()
	ping := time.NewTicker(s.cfg.PingInterval)
	defer ping.Stop()
	write := func(msg []byte) bool {
		wctx, wcancel := context.WithTimeout(ctx, s.cfg.WriteTimeout)
		defer wcancel()
		return conn.c.Write(wctx, websocket.MessageText, msg) == nil
	}
	for {
		select {
		case <-ctx.Done():
			return
		case msg, ok := <-sub.C():
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

// readLoop reads and dispatches the client's messages until the connection
// ends. A refused message gets an error reply and changes nothing.
func (s *Server) readLoop(ctx context.Context, conn *wsConn, room table.Room, u store.User, lang string) {
	var lim limit.Bucket
	for {
		typ, data, err := conn.c.Read(ctx)
		if err != nil {
			if conn.guard.Tripped() {
				conn.c.Close(websocket.StatusMessageTooBig, fmt.Sprintf("messages are limited to %d bytes", readLimit))
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
		m, err := DecodeMessage(data)
		if err != nil {
			if !s.replyError(conn, lang, table.CodeBadRequest, err.Error(), "") {
				return
			}
			continue
		}
		if !s.dispatch(ctx, conn, room, u, lang, m) {
			return
		}
	}
}

func (s *Server) dispatch(ctx context.Context, conn *wsConn, room table.Room, u store.User, lang string, m Message) bool {
	var err error
	switch m.Type {
	case protocol.TypePing:
		return s.reply(conn, protocol.Pong{Type: protocol.TypePong})
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
	case protocol.TypeHint:
		if !conn.hinting.CompareAndSwap(false, true) {
			return s.replyError(conn, lang, table.CodeBusy, "a hint is already being computed", "")
		}
		go func() {
			defer conn.hinting.Store(false)
			h, err := room.Hint(ctx, u.ID)
			switch {
			case err == nil:
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
	if len(data) > MaxMessage {
		return ""
	}
	m, err := DecodeMessage(data)
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
