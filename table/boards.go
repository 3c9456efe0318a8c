package table

import (
	"sync"

	"atout/belote"
	"atout/bridge"
	"atout/card"
	"atout/store"
)

// BoardDone reports a finished board of a table that plays for a
// tournament (Settings.Tournament set).
type BoardDone struct {
	Table      string // the table's ID
	Tournament string // Settings.Tournament
	// Deal is the number of the deal at the table (1-based: its place in
	// Settings.Deals); Board is the board's own number, from
	// Settings.BoardNumbers (Deal when there are none).
	Deal     int
	Board    int
	Seats    [4]store.Seat // who sat where (South is the creator)
	Contract bridge.Contract
	Declarer card.Seat // meaningless when passed out
	Tricks   int       // declarer's tricks (0 when passed out)
	ScoreNS  int
}

// BeloteDealDone reports a finished deal of a belote table with fixed deals
// that plays for a tournament (Settings.BeloteDeals and Settings.Tournament
// set).
type BeloteDealDone struct {
	Table      string // the table's ID
	Tournament string // Settings.Tournament
	Deal       int    // 1-based number of the deal in Settings.BeloteDeals
	Seats      [4]store.Seat
	// Record is the deal as played (its deck and dealer are those of the
	// fixed deal), to be replayed or checked.
	Record belote.Record
	Passed bool
	// Points are what each side scored on the deal (index card.NS,
	// card.EW; 0–0 when passed).
	Points [2]int
}

// boardHooks are the listeners of finished tournament boards and deals.
type boardHooks struct {
	mu sync.Mutex
	fs []func(BoardDone)
	bs []func(BeloteDealDone)
}

func (h *boardHooks) addBelote(f func(BeloteDealDone)) {
	h.mu.Lock()
	defer h.mu.Unlock()
	h.bs = append(h.bs, f)
}

func (h *boardHooks) callBelote(d BeloteDealDone) {
	h.mu.Lock()
	bs := h.bs
	h.mu.Unlock()
	for _, f := range bs {
		f(d)
	}
}

// OnBeloteDeal registers f to be called after every finished deal of a
// belote table of this hub with fixed deals whose Settings.Tournament is
// set. f runs on the table's goroutine and must not block.
func (h *LocalHub) OnBeloteDeal(f func(BeloteDealDone)) { h.cfg.hooks.addBelote(f) }

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
	if be, ok := t.m.(*beloteMatch); ok {
		t.reportBeloteDeal(be)
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
	d := BoardDone{Table: t.id, Tournament: t.settings.Tournament, Deal: bm.dealNo(), Board: g.Board(), Seats: t.seats,
		Contract: r.Contract, Declarer: r.Declarer, Tricks: r.Tricks, ScoreNS: r.ScoreNS}
	if r.Contract.IsPass() {
		d.Declarer, d.Tricks = 0, 0
	}
	if t.cfg.OnBoard != nil {
		t.cfg.OnBoard(d)
	}
	t.cfg.hooks.call(d)
}

// reportBeloteDeal tells the belote listeners about the fixed deal that
// just ended.
func (t *Table) reportBeloteDeal(b *beloteMatch) {
	rec, ok := b.fixedRecord()
	if !ok || len(b.lines) == 0 {
		return
	}
	line := b.lines[len(b.lines)-1]
	d := BeloteDealDone{Table: t.id, Tournament: t.settings.Tournament, Deal: line.Deal, Seats: t.seats,
		Record: rec, Passed: line.Passed}
	if !line.Passed {
		d.Points = line.Result.Score
	}
	t.cfg.hooks.callBelote(d)
}
