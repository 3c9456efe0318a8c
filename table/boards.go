package table

import (
	"sync"

	"atout/bridge"
	"atout/card"
	"atout/store"
)

// BoardDone reports a finished board of a table that plays for a
// tournament (Settings.Tournament set).
type BoardDone struct {
	Table      string // the table's ID
	Tournament string // Settings.Tournament
	Board      int
	Seats      [4]store.Seat // who sat where (South is the creator)
	Contract   bridge.Contract
	Declarer   card.Seat // meaningless when passed out
	Tricks     int       // declarer's tricks (0 when passed out)
	ScoreNS    int
}

// boardHooks are the listeners of finished tournament boards.
type boardHooks struct {
	mu sync.Mutex
	fs []func(BoardDone)
}

func (h *boardHooks) add(f func(BoardDone)) {
	h.mu.Lock()
	defer h.mu.Unlock()
	h.fs = append(h.fs, f)
}

func (h *boardHooks) call(d BoardDone) {
	h.mu.Lock()
	fs := h.fs
	h.mu.Unlock()
	for _, f := range fs {
		f(d)
	}
}

// OnBoard registers f to be called after every finished board of a table
// of this hub whose Settings.Tournament is set, besides Config.OnBoard. f
// runs on the table's goroutine and must not block.
func (h *LocalHub) OnBoard(f func(BoardDone)) { h.cfg.hooks.add(f) }

// reportBoard tells the listeners about the bridge deal that just ended,
// if the table plays for a tournament.
func (t *Table) reportBoard() {
	if t.settings.Tournament == "" {
		return
	}
	bm, ok := t.m.(*bridgeMatch)
	if !ok {
		return
	}
	g := bm.board()
	if g == nil || !g.Done() {
		return
	}
	r := g.Result()
	d := BoardDone{Table: t.id, Tournament: t.settings.Tournament, Board: g.Board(), Seats: t.seats,
		Contract: r.Contract, Declarer: r.Declarer, Tricks: r.Tricks, ScoreNS: r.ScoreNS}
	if r.Contract.IsPass() {
		d.Declarer, d.Tricks = 0, 0
	}
	if t.cfg.OnBoard != nil {
		t.cfg.OnBoard(d)
	}
	t.cfg.hooks.call(d)
}
