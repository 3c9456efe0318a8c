package main

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"math/rand/v2"
	"time"

	"github.com/coder/websocket"
)

// player is one human at a table: it reads the table's states and, after
// a think time, plays a random legal action of its seat (or of dummy's,
// as declarer); the table's owner also starts the next deal. It never
// claims, asks for hints or undoes.
type player struct {
	s     *session
	table *tableRun
	seat  string // N, E, S or W
	owner bool   // opened the table: starts the next deal
	rnd   *rand.Rand
	cfg   *Config
	rec   *recorder
	// direct is where the table's own server said to connect (a
	// redirect), until that connection is lost.
	direct string
}

// message is what the player reads of a server message.
type message struct {
	Type  string  `json:"type"`
	N     int     `json:"n"`
	Seat  *string `json:"seat"`
	Table struct {
		Game     string `json:"game"`
		DealOver bool   `json:"dealOver"`
		Over     bool   `json:"over"`
	} `json:"table"`
	View struct {
		Legal    []string        `json:"legal"`    // bridge
		LegalFor *string         `json:"legalFor"` // bridge: dummy's seat, for declarer
		Deal     json.RawMessage `json:"deal"`     // belote: the current deal, with its legal
	} `json:"view"`
	Code string `json:"code"`
	URL  string `json:"url"` // redirect

	at time.Time // when it was read
}

// legal returns the actions the player may take now and the seat they are
// for.
func (m *message) legal() ([]string, string) {
	var seat string
	if m.Seat != nil {
		seat = *m.Seat
	}
	if m.Table.Game == "belote" {
		var d struct {
			Legal []string `json:"legal"`
		}
		json.Unmarshal(m.View.Deal, &d)
		return d.Legal, seat
	}
	if m.View.LegalFor != nil {
		seat = *m.View.LegalFor
	}
	return m.View.Legal, seat
}

// errOver ends a player whose match is over.
var errOver = errors.New("match over")

// errRedirect ends a connection whose server sent the player to the
// table's own server (p.direct), which play dials at once.
var errRedirect = errors.New("redirected")

// run plays until ctx is done or the match is over, reconnecting after a
// lost connection.
func (p *player) run(ctx context.Context) {
	for {
		err := p.play(ctx)
		if ctx.Err() != nil {
			return
		}
		if errors.Is(err, errRedirect) {
			p.rec.redirected()
			continue
		}
		p.direct = "" // back to the first server: the table may have moved
		p.rec.fail(errorKind(err), time.Now())
		if errors.Is(err, errOver) {
			return
		}
		select {
		case <-ctx.Done():
			return
		case <-time.After(time.Second):
		}
	}
}

// pending is a move sent and not acknowledged yet.
type pending struct {
	n    int // the state's move count when it was sent
	sent time.Time
}

// play plays over one connection until it is lost (the error says how),
// ctx is done (nil) or the match is over (errOver).
func (p *player) play(ctx context.Context) error {
	conn, err := p.s.dial(ctx, p.table.id, p.direct)
	if err != nil {
		return &stepError{"dial", err}
	}
	defer conn.CloseNow()
	runCtx := ctx
	ctx, cancel := context.WithCancel(ctx)
	defer cancel()
	msgs, lost := read(ctx, conn, p.rec)

	var (
		last  *message
		wait  *pending
		think = stoppedTimer()
		armed = -1 // the state the think timer is for (see key)
		noAck = stoppedTimer()
	)
	defer func() {
		if wait != nil && runCtx.Err() != nil {
			// The run ended first; counted with the window the move
			// was sent in.
			p.rec.fail("no ack at the end", wait.sent)
		}
	}()
	// decide arms the think timer when the last state has something for
	// the player to do, once per state.
	decide := func() {
		if last == nil || wait != nil || p.todo(last) == "" {
			armed = -1
			think.Stop()
			return
		}
		if k := key(last); k != armed {
			armed = k
			think.Reset(p.thinkTime())
		}
	}
	for {
		select {
		case <-ctx.Done():
			return nil
		case err := <-lost:
			return err
		case m := <-msgs:
			switch m.Type {
			case "state":
				if wait != nil && m.N > wait.n {
					p.rec.move(wait.sent, m.at, p.table.idx, p.table.game, p.seat)
					wait = nil
					noAck.Stop()
				}
				last = m
				if m.Table.Over {
					return errOver
				}
			case "redirect":
				if p.direct != "" || m.URL == "" {
					return &stepError{"redirect", fmt.Errorf("to %q, on a connection to %q", m.URL, p.direct)}
				}
				p.direct = m.URL
				return errRedirect
			case "error":
				p.rec.fail("ws "+m.Code, m.at)
				// A refused move is dropped: the player chooses again.
				wait, armed = nil, -1
				noAck.Stop()
			}
			decide()
		case <-think.C:
			armed = -1
			action, seat := p.choose(last)
			var msg map[string]any
			switch action {
			case "":
				continue
			case "next":
				msg = map[string]any{"type": "next"}
			default:
				msg = map[string]any{"type": "act", "action": action, "seat": seat, "n": last.N}
			}
			b, _ := json.Marshal(msg)
			sent := time.Now()
			wctx, wcancel := context.WithTimeout(ctx, 10*time.Second)
			err := conn.Write(wctx, websocket.MessageText, b)
			wcancel()
			if err != nil {
				return &stepError{"write", err}
			}
			if action != "next" {
				wait = &pending{n: last.N, sent: sent}
				noAck.Reset(p.cfg.Timeout)
			} else {
				armed = key(last) // one "next" per deal
			}
		case <-noAck.C:
			p.rec.fail("no ack", time.Now())
			wait = nil
			decide()
		}
	}
}

// key identifies a state for the think timer: the move count and whether
// the deal is over (the next deal starts without a move).
func key(m *message) int {
	k := 2 * m.N
	if m.Table.DealOver {
		k++
	}
	return k
}

// todo says what the player has to do in state m: "act", "next" or "".
func (p *player) todo(m *message) string {
	if m.Table.Over {
		return ""
	}
	if m.Table.DealOver {
		if p.owner {
			return "next"
		}
		return ""
	}
	if legal, _ := m.legal(); len(legal) > 0 {
		return "act"
	}
	return ""
}

// choose returns the action to send in state m and its seat: a random
// legal action, "next" at the end of a deal (the owner), or "".
func (p *player) choose(m *message) (action, seat string) {
	switch p.todo(m) {
	case "next":
		return "next", ""
	case "act":
		legal, seat := m.legal()
		return legal[p.rnd.IntN(len(legal))], seat
	}
	return "", ""
}

// thinkTime is the think time with its jitter: uniform in
// think × [1-jitter, 1+jitter].
func (p *player) thinkTime() time.Duration {
	j := p.cfg.Jitter * (2*p.rnd.Float64() - 1)
	return time.Duration(float64(p.cfg.Think) * (1 + j))
}

// read reads the connection's messages, stamped with the time they were
// read (and the states counted by rec), until it fails (the error goes to lost) or ctx is done.
func read(ctx context.Context, conn *websocket.Conn, rec *recorder) (<-chan *message, <-chan error) {
	msgs := make(chan *message, 64)
	lost := make(chan error, 1)
	go func() {
		for {
			_, data, err := conn.Read(ctx)
			if err != nil {
				lost <- &stepError{"read", err}
				return
			}
			m := &message{at: time.Now()}
			if err := json.Unmarshal(data, m); err != nil {
				lost <- &stepError{"decode", err}
				return
			}
			if m.Type == "state" {
				rec.received(len(data), m.at)
			}
			select {
			case msgs <- m:
			case <-ctx.Done():
				return
			}
		}
	}()
	return msgs, lost
}

func stoppedTimer() *time.Timer {
	t := time.NewTimer(time.Hour)
	t.Stop()
	return t
}

// stepError is a failure of one step of a player: dial, read, write or
// decode (junk from the server).
type stepError struct {
	step string
	err  error
}

func (e *stepError) Error() string { return e.step + ": " + e.err.Error() }
func (e *stepError) Unwrap() error { return e.err }

// errorKind names an error's kind for the report.
func errorKind(err error) string {
	var he *httpError
	var se *stepError
	switch {
	case errors.Is(err, errOver):
		return "match over"
	case errors.As(err, &he):
		if he.Code != "" {
			return fmt.Sprintf("http %d %s", he.Status, he.Code)
		}
		return fmt.Sprintf("http %d", he.Status)
	case websocket.CloseStatus(err) != -1:
		return fmt.Sprintf("closed %d", websocket.CloseStatus(err))
	case errors.As(err, &se):
		return se.step + " failed"
	case errors.Is(err, context.DeadlineExceeded):
		return "timeout"
	}
	return "other"
}
