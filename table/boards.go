package table

import (
	"sync"

	"atout/card"
	"atout/match"
	"atout/store"
)

// BoardDone reports a finished board of a table that plays for a
// tournament (Settings.Tournament set).
type BoardDone struct {
	Table      string      // the table's ID
	Tournament Competition // Settings.Tournament
	// Deal is the number of the deal at the table (1-based: its place in
	// Settings.Deals); Board is the board's own number, from
	// Settings.BoardNumbers (Deal when there are none).
	Deal     int
	Board    int
	Seats    [4]store.Seat // who sat where (South is the creator)
	Contract match.Contract
	Declarer card.Seat // meaningless when passed out
	Tricks   int       // declarer's tricks (0 when passed out)
	ScoreNS  int
}

// BeloteDealDone reports a finished deal of a belote table with fixed deals
// that plays for a tournament (Settings.BeloteDeals and Settings.Tournament
// set).
type BeloteDealDone struct {
	Table      string      // the table's ID
	Tournament Competition // Settings.Tournament
	Deal       int         // 1-based number of the deal in Settings.BeloteDeals
	Seats      [4]store.Seat
	// Record is the deal as played (its deck and dealer are those of the
	// fixed deal), to be replayed or checked.
	Record match.BeloteRecord
	Passed bool
	// Points are what each side scored on the deal (index card.NS,
	// card.EW; 0–0 when passed).
	Points [2]int
}

// listeners is a list of callbacks, safe to add to while it is called.
type listeners[T any] struct {
	mu sync.Mutex
	fs []func(T)
}

func (l *listeners[T]) add(f func(T)) {
	l.mu.Lock()
	defer l.mu.Unlock()
	l.fs = append(l.fs, f)
}

func (l *listeners[T]) call(v T) {
	l.mu.Lock()
	fs := l.fs
	l.mu.Unlock()
	for _, f := range fs {
		f(v)
	}
}

// boardHooks are the listeners of finished tournament boards and deals.
type boardHooks struct {
	boards listeners[BoardDone]
	belote listeners[BeloteDealDone]
	judge  sealHook // the competitions' judge of what their tables show
}

// OnBeloteDeal registers f to be called after every finished deal of a
// belote table of this hub with fixed deals whose Settings.Tournament is
// set. f runs on the table's goroutine and must not block.
func (h *LocalHub) OnBeloteDeal(f func(BeloteDealDone)) { h.cfg.hooks.belote.add(f) }

// OnBoard registers f to be called after every finished board of a table
// of this hub whose Settings.Tournament is set, besides Config.OnBoard. f
// runs on the table's goroutine and must not block.
func (h *LocalHub) OnBoard(f func(BoardDone)) { h.cfg.hooks.boards.add(f) }

// reportBoard tells the listeners about the deal that just ended, if the
// table plays for a competition.
func (t *Table) reportBoard() {
	rp, ok := t.m.(match.Reporter)
	if t.settings.Tournament.IsZero() || !ok {
		return
	}
	r, ok := rp.Report()
	switch {
	case !ok:
	case r.Board != nil:
		b := r.Board
		d := BoardDone{Table: t.id, Tournament: t.settings.Tournament, Deal: t.m.DealNo(), Board: b.Board, Seats: t.seats,
			Contract: b.Contract, Declarer: b.Declarer, Tricks: b.Tricks, ScoreNS: b.ScoreNS}
		if t.cfg.OnBoard != nil {
			t.cfg.OnBoard(d)
		}
		t.cfg.hooks.boards.call(d)
	case r.Belote != nil:
		b := r.Belote
		t.cfg.hooks.belote.call(BeloteDealDone{Table: t.id, Tournament: t.settings.Tournament, Deal: b.Deal, Seats: t.seats,
			Record: b.Record, Passed: b.Passed, Points: b.Points})
	}
}
