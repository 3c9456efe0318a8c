package belote

// This file keeps the old Game while its users move to the rules of
// game.go; it goes once none is left.

import (
	"errors"
	"fmt"

	"atout/card"
	"atout/game"
)

// dealSetup is what a deal starts from: its deck and the declaration
// choices made for it.
type dealSetup struct {
	deck     [32]card.Card
	silent   uint8
	noBelote uint8
}

// Game is a belote game: a sequence of deals until a side reaches the
// target (belote-rules §9), with the dealer moving to next(dealer) after
// every deal (a passed deal included), the litige reserve carried from deal
// to deal and the running score sheet.
//
// The deck of each deal comes from the decks given with [Game.AddDeck] (a
// recorded game) or, when those run out, from the game's [card.Rand] (live
// play). Without either the game waits at the end of a deal ([Game.Waiting]).
// A Game is a match of deals, not a [game.Game]: the game.Game of belote is
// one [Deal] ([Game.Deal]), as a bridge board is one deal. Game drives the
// deals for the programs that play a whole game through (simulations,
// replays); [Game.Done] and [Game.Moves] are about the whole game.
type Game struct {
	rules   Rules
	first   card.Seat // the first dealer
	rnd     *card.Rand
	setups  []dealSetup
	deals   []*Deal // every deal started; the last is the current one
	sheet   []DealScore
	totals  [2]int
	reserve int
	over    bool
	winner  card.Side
}

// NewGame starts a game under rules r with dealer as the first dealer. The
// decks are drawn from rnd; with a nil rnd they must be supplied with
// [Game.AddDeck] (the first one starts the first deal).
func NewGame(r Rules, dealer card.Seat, rnd *card.Rand) (*Game, error) {
	if err := r.Check(); err != nil {
		return nil, err
	}
	if dealer > card.West {
		return nil, fmt.Errorf("belote: invalid dealer %v", dealer)
	}
	if r.Target < 0 {
		return nil, fmt.Errorf("belote: negative target %d", r.Target)
	}
	g := &Game{rules: r, first: dealer, rnd: rnd}
	g.startNext()
	return g, nil
}

// AddDeck queues deck (32 cards, top first) for the next deal that has no
// deck yet; if the game is waiting for it, that deal starts now.
func (g *Game) AddDeck(deck []card.Card) error {
	if err := CheckDeck(deck); err != nil {
		return err
	}
	var s dealSetup
	copy(s.deck[:], deck)
	g.setups = append(g.setups, s)
	if g.Waiting() {
		g.startNext()
	}
	return nil
}

// startNext starts the next deal if a deck is available.
func (g *Game) startNext() {
	n := len(g.deals)
	if n >= len(g.setups) {
		if g.rnd == nil {
			return
		}
		g.setups = append(g.setups, dealSetup{deck: ShuffledDeck(g.rnd)})
	}
	st := g.setups[n]
	d, err := NewDeal(g.rules, g.dealerOf(n), st.deck[:])
	if err != nil {
		panic(err) // decks are checked when added
	}
	d.silent, d.noBelote = st.silent, st.noBelote
	d.reserve = g.reserve
	g.deals = append(g.deals, d)
}

// dealerOf returns the dealer of deal n (0-based).
func (g *Game) dealerOf(n int) card.Seat {
	s := g.first
	for range n % 4 {
		s = Next(s)
	}
	return s
}

// Kind returns "belote".
func (g *Game) Kind() string { return "belote" }

// Rules returns the rules of the game.
func (g *Game) Rules() Rules { return g.rules }

// FirstDealer returns the dealer of the first deal.
func (g *Game) FirstDealer() card.Seat { return g.first }

// Deal returns the current deal (the last one, finished, once the game is
// over or while it waits for a deck). Apply moves through the Game, not
// directly to the deal; clone it to explore.
func (g *Game) Deal() *Deal {
	if len(g.deals) == 0 {
		return nil
	}
	return g.deals[len(g.deals)-1]
}

// Deals returns every deal started so far, in order; the last one may be in
// progress. They must not be modified.
func (g *Game) Deals() []*Deal { return g.deals[:len(g.deals):len(g.deals)] }

// DealNumber returns the 1-based number of the current deal.
func (g *Game) DealNumber() int { return len(g.deals) }

// Waiting reports whether the game is between deals, waiting for a deck
// ([Game.AddDeck]).
func (g *Game) Waiting() bool {
	d := g.Deal()
	return !g.over && (d == nil || d.Done())
}

// Sheet returns the score sheet: one line per finished deal.
func (g *Game) Sheet() []DealScore { return g.sheet[:len(g.sheet):len(g.sheet)] }

// Totals returns the game score of each side (index [card.NS], [card.EW]).
func (g *Game) Totals() [2]int { return g.totals }

// Reserve returns the litige points held over to the next deal.
func (g *Game) Reserve() int { return g.reserve }

// Over reports whether the game is over.
func (g *Game) Over() bool { return g.over }

// Winner returns the side that won the game; ok is false until it is over.
func (g *Game) Winner() (side card.Side, ok bool) { return g.winner, g.over }

// Done reports whether the game is over.
func (g *Game) Done() bool { return g.over }

// ToAct returns the seats that may act in the current deal (see
// [Deal.ToAct]); empty when the game is over or waits for a deck.
func (g *Game) ToAct() []card.Seat {
	if g.over || g.Waiting() {
		return nil
	}
	return g.Deal().ToAct()
}

// Legal returns every action seat may take now, in the record notation.
func (g *Game) Legal(seat card.Seat) []string {
	if g.over || g.Waiting() {
		return nil
	}
	return g.Deal().Legal(seat)
}

// LegalActions returns every action seat may take now.
func (g *Game) LegalActions(seat card.Seat) []Action {
	if g.over || g.Waiting() {
		return nil
	}
	return g.Deal().LegalActions(seat)
}

// Apply performs a move in the record notation in the current deal. An
// illegal move returns an *[IllegalError] and leaves the game unchanged.
// When the move ends a deal, the deal is scored, the game end is checked
// and the next deal starts (if a deck is available).
func (g *Game) Apply(m game.Move) error {
	a, err := ParseAction(m.Action)
	if err != nil {
		if e := g.closed(m.Seat, m.Action); e != nil {
			return e
		}
		return g.Deal().Apply(m) // reports the bad notation
	}
	return g.Do(m.Seat, a)
}

func (g *Game) closed(seat card.Seat, action string) error {
	switch {
	case g.over:
		e := illegal(seat, action, 0, "the game is over")
		e.Over = true
		return e
	case g.Waiting():
		return illegal(seat, action, 0, "waiting for the deck of the next deal")
	}
	return nil
}

// Do performs action a by seat in the current deal; see [Game.Apply].
func (g *Game) Do(seat card.Seat, a Action) error {
	if e := g.closed(seat, a.String()); e != nil {
		return e
	}
	d := g.Deal()
	if err := d.Do(seat, a); err != nil {
		return err
	}
	if d.Done() {
		g.endDeal(d)
	}
	return nil
}

// endDeal records the finished deal d on the score sheet, checks the end of
// the game and starts the next deal.
func (g *Game) endDeal(d *Deal) {
	ds := DealScore{Deal: len(g.deals), Dealer: d.dealer, Passed: d.passed, Belote: -1}
	if !d.passed {
		ds.Contract = d.con
		ds.CardPoints = d.points
		ds.Tricks = d.tricks
		ds.Belote = d.BeloteSide()
		ds.Result = d.result
		g.totals[0] += d.result.Score[0]
		g.totals[1] += d.result.Score[1]
		g.reserve = d.result.Reserve
	}
	ds.Total = g.totals
	g.sheet = append(g.sheet, ds)
	g.winner, g.over = GameWinner(g.totals, g.rules.GameTarget())
	if !g.over {
		g.startNext()
	}
}

// SetSilent sets whether seat declares his announcements in the current
// deal (see [Deal.SetSilent]).
func (g *Game) SetSilent(seat card.Seat, silent bool) error {
	if e := g.closed(seat, "silent"); e != nil {
		return e
	}
	d := g.Deal()
	if err := d.SetSilent(seat, silent); err != nil {
		return err
	}
	g.setups[len(g.deals)-1].silent = d.silent
	return nil
}

// SetNoBelote sets whether seat keeps quiet about belote-rebelote in the
// current deal (see [Deal.SetNoBelote]).
func (g *Game) SetNoBelote(seat card.Seat, noBelote bool) error {
	if e := g.closed(seat, "nobelote"); e != nil {
		return e
	}
	d := g.Deal()
	if err := d.SetNoBelote(seat, noBelote); err != nil {
		return err
	}
	g.setups[len(g.deals)-1].noBelote = d.noBelote
	return nil
}

// Moves returns every move of the game so far, deal after deal.
func (g *Game) Moves() []game.Move {
	var out []game.Move
	for _, d := range g.deals {
		out = append(out, d.Moves()...)
	}
	return out
}

// Steps returns every action of the game so far, deal after deal.
func (g *Game) Steps() []SeatAction {
	var out []SeatAction
	for _, d := range g.deals {
		out = append(out, d.steps...)
	}
	return out
}

// Clone returns an independent copy of the game. The copy draws no new
// decks: past the decks already drawn or added it waits at the end of a
// deal.
func (g *Game) Clone() *Game {
	c := *g
	c.rnd = nil
	c.setups = append([]dealSetup(nil), g.setups...)
	c.deals = append([]*Deal(nil), g.deals...)
	if n := len(c.deals); n > 0 {
		c.deals[n-1] = c.deals[n-1].Clone()
	}
	c.sheet = g.sheet[:len(g.sheet):len(g.sheet)]
	return &c
}

// Undo takes back the last action of the game, replaying the others from
// the decks; it may go back into the previous deal. It reports false if
// there was nothing to undo. Decks already drawn are kept, so the same
// deals come again.
func (g *Game) Undo() bool {
	steps := g.Steps()
	if len(steps) == 0 {
		return false
	}
	ng := &Game{rules: g.rules, first: g.first, rnd: g.rnd, setups: g.setups}
	ng.startNext()
	for _, s := range steps[:len(steps)-1] {
		if err := ng.Do(s.Seat, s.Action); err != nil {
			panic(fmt.Sprintf("belote: undo: replaying %v %v: %v", s.Seat, s.Action, err))
		}
	}
	*g = *ng
	return true
}

// LoadGame replays the records of one game (as [ParseRecords] returns them)
// and returns the game after the last action. It checks every action
// against the rules and that the records belong together: the same mode,
// rules, announcements and target, each dealer next(previous dealer), every
// deal but the last one finished, and no deal after the game was won.
// The last deal may be unfinished. Errors are *[RecordError]. The game has
// no random source; give it one with [Game.SetRand] to play on.
func LoadGame(recs []Record) (*Game, error) {
	if len(recs) == 0 {
		return nil, &RecordError{Record: 1, Err: errors.New("no record")}
	}
	first := recs[0]
	g, err := NewGame(first.Rules(), first.Dealer, nil)
	if err != nil {
		return nil, &RecordError{Record: 1, Err: err}
	}
	for i := range recs {
		r := &recs[i]
		if i > 0 {
			prev := &recs[i-1]
			switch {
			case r.Mode != first.Mode:
				return nil, &RecordError{Record: i + 1, Field: "mode", Err: fmt.Errorf("mode %v differs from the game's %v", r.Mode, first.Mode)}
			case r.Setting != first.Setting:
				return nil, &RecordError{Record: i + 1, Field: "rules", Err: fmt.Errorf("rules %v differ from the game's %v", r.Setting, first.Setting)}
			case r.SaTa != first.SaTa:
				return nil, &RecordError{Record: i + 1, Field: "sata", Err: fmt.Errorf("sata %v differs from the game's %v", r.SaTa, first.SaTa)}
			case r.Announcements != first.Announcements:
				return nil, &RecordError{Record: i + 1, Field: "announcements", Err: fmt.Errorf("announcements %v differ from the game's %v", r.Announcements, first.Announcements)}
			case r.Rules().GameTarget() != first.Rules().GameTarget():
				return nil, &RecordError{Record: i + 1, Field: "target", Err: fmt.Errorf("target %d differs from the game's %d", r.Rules().GameTarget(), first.Rules().GameTarget())}
			case r.Dealer != Next(prev.Dealer):
				return nil, &RecordError{Record: i + 1, Field: "dealer", Err: fmt.Errorf("dealer %v, but after %v deals %v", r.Dealer, prev.Dealer, Next(prev.Dealer))}
			}
			if g.Over() {
				w, _ := g.Winner()
				t := g.Totals()
				return nil, &RecordError{Record: i + 1, Err: fmt.Errorf("the game was already won by %v (NS %d, EW %d) after deal %d", w, t[card.NS], t[card.EW], i)}
			}
			if d := g.Deal(); !d.Done() {
				return nil, &RecordError{Record: i, Err: unfinished(d)}
			}
		}
		if err := g.AddDeck(r.Deck[:]); err != nil {
			return nil, &RecordError{Record: i + 1, Field: "deck", Err: err}
		}
		for _, s := range r.Silent {
			if err := g.SetSilent(s, true); err != nil {
				return nil, &RecordError{Record: i + 1, Field: "silent", Err: err}
			}
		}
		for _, s := range r.NoBelote {
			if err := g.SetNoBelote(s, true); err != nil {
				return nil, &RecordError{Record: i + 1, Field: "noBelote", Err: err}
			}
		}
		d := g.Deal()
		for k, sa := range r.Actions {
			if d.Done() {
				e := illegal(sa.Seat, sa.Action.String(), 0, "the deal is over")
				e.Over = true
				return nil, &RecordError{Record: i + 1, Action: k + 1, Move: sa.String(), Err: e}
			}
			if err := g.Do(sa.Seat, sa.Action); err != nil {
				return nil, &RecordError{Record: i + 1, Action: k + 1, Move: sa.String(), Err: err}
			}
		}
	}
	return g, nil
}

// SetRand gives the game a source of decks for the deals to come (for a game
// loaded from records); if it waits for a deck, the next deal starts.
func (g *Game) SetRand(rnd *card.Rand) {
	g.rnd = rnd
	if rnd != nil && g.Waiting() {
		g.startNext()
	}
}

// Records returns the game as records, one per deal started, ready for
// [MarshalRecords].
func (g *Game) Records() []Record {
	out := make([]Record, 0, len(g.deals))
	for _, d := range g.deals {
		r := Record{
			Mode: g.rules.Mode, Setting: g.rules.Setting, Announcements: g.rules.Announcements,
			Target: g.rules.GameTarget(), SaTa: g.rules.SaTa, Dealer: d.dealer, Deck: d.deck,
			Actions: append([]SeatAction(nil), d.steps...), Silent: []card.Seat{}, NoBelote: []card.Seat{},
		}
		for s := range card.Seat(4) {
			if d.Silent(s) {
				r.Silent = append(r.Silent, s)
			}
			if d.NoBelote(s) {
				r.NoBelote = append(r.NoBelote, s)
			}
		}
		out = append(out, r)
	}
	return out
}

// SeatView returns what seat may see of the game.
func (g *Game) SeatView(seat card.Seat) GameView {
	v := GameView{
		Kind: "belote", Seat: seat & 3, Mode: g.rules.Mode, Rules: g.rules.Setting, Target: g.rules.GameTarget(),
		DealNumber: len(g.deals), Sheet: g.Sheet(), Totals: g.totals, Reserve: g.reserve, Over: g.over,
	}
	if v.Sheet == nil {
		v.Sheet = []DealScore{}
	}
	n := len(g.deals)
	if n > 0 {
		dv := g.deals[n-1].SeatView(seat)
		v.Deal = &dv
	}
	if n > 1 {
		pv := g.deals[n-2].SeatView(seat)
		v.Previous = &pv
	}
	if g.over {
		w := g.winner
		v.Winner = &w
	}
	return v
}
