package match

import (
	"encoding/json"
	"errors"
	"fmt"
	"slices"

	"atout/belote"
	"atout/card"
	"atout/game"
	"atout/protocol"
)

// beloteDeal is the stored form of a belote deal.
type beloteDeal struct {
	Dealer card.Seat   `json:"dealer"`
	Deck   []card.Card `json:"deck"`
}

// Belote is a belote game to its target, deal after deal with the litige
// reserve carried over; or, with fixed deals (a belote duplicate), exactly
// those deals, each standing alone, their scores added up.
type Belote struct {
	rules belote.Rules
	g     *belote.Game

	// fixed, when set, are the deals of a belote duplicate: each one is
	// played as a game of its own (g), the earlier ones kept in past, and
	// the sheet (lines, totals) adds up their scores.
	fixed  []BeloteDeal
	past   []*belote.Game
	lines  []belote.DealScore
	totals [2]int
}

// NewBelote returns a belote match under rules r, playing the fixed deals
// if any.
func NewBelote(r belote.Rules, fixed []BeloteDeal) *Belote {
	return &Belote{rules: r, fixed: fixed}
}

// deal returns the current deal, or nil.
func (b *Belote) deal() *belote.Deal {
	if b.g == nil {
		return nil
	}
	return b.g.Deal()
}

// Game returns the current deal.
func (b *Belote) Game() game.Game {
	if d := b.deal(); d != nil {
		return d
	}
	return nil
}

// Try checks m on a copy of the current deal.
func (b *Belote) Try(m game.Move) (game.Move, error) {
	d := b.deal()
	if d == nil {
		return game.Move{}, fmt.Errorf("%w: %w", ErrNoDeal, game.ErrIllegal)
	}
	c := d.Clone()
	if err := c.Apply(m); err != nil {
		return game.Move{}, err
	}
	return lastMove(c), nil
}

// Apply performs m in the current deal; a deal it ends is scored into the
// game.
func (b *Belote) Apply(m game.Move) error {
	if b.g == nil {
		return fmt.Errorf("%w: %w", ErrNoDeal, game.ErrIllegal)
	}
	return b.g.Apply(m)
}

// Clone returns a copy of the current deal.
func (b *Belote) Clone() game.Game { return b.deal().Clone() }

// DealNo returns the number of the current deal.
func (b *Belote) DealNo() int {
	if b.g == nil {
		return 0
	}
	if b.fixed != nil {
		return len(b.past) + 1
	}
	return b.g.DealNumber()
}

// Moves returns the moves of the current deal.
func (b *Belote) Moves() []game.Move {
	if d := b.deal(); d != nil {
		return d.Moves()
	}
	return nil
}

// DealDone reports whether the current deal is over.
func (b *Belote) DealDone() bool { d := b.deal(); return d == nil || d.Done() }

// Over reports whether the game is over (fixed deals: the last one played).
func (b *Belote) Over() bool {
	if b.fixed != nil {
		return b.DealNo() >= len(b.fixed) && b.DealDone()
	}
	return b.g != nil && b.g.Over()
}

// NewDeal draws the next deal: the next fixed one, or a shuffled deck dealt
// by the next dealer.
func (b *Belote) NewDeal(rnd *card.Rand) (json.RawMessage, error) {
	if b.fixed != nil {
		n := b.DealNo() + 1
		if n > len(b.fixed) {
			return nil, fmt.Errorf("match: deal %d: only %d deals in the list", n, len(b.fixed))
		}
		f := b.fixed[n-1]
		return json.Marshal(beloteDeal{Dealer: f.Dealer, Deck: f.Deck})
	}
	dealer := card.Seat(rnd.IntN(4))
	if d := b.deal(); d != nil {
		dealer = belote.Next(d.Dealer())
	}
	deck := belote.ShuffledDeck(rnd)
	return json.Marshal(beloteDeal{Dealer: dealer, Deck: deck[:]})
}

// StartDeal starts deal no from its stored form.
func (b *Belote) StartDeal(no int, raw json.RawMessage) error {
	if no != b.DealNo()+1 {
		return fmt.Errorf("match: deal %d out of order (want %d)", no, b.DealNo()+1)
	}
	var d beloteDeal
	if err := json.Unmarshal(raw, &d); err != nil {
		return fmt.Errorf("match: deal %d: %w", no, err)
	}
	if b.fixed != nil {
		return b.startFixed(no, d)
	}
	if b.g == nil {
		g, err := belote.NewGame(b.rules, d.Dealer, nil)
		if err != nil {
			return err
		}
		b.g = g
	} else if want := belote.Next(b.g.Deal().Dealer()); d.Dealer != want {
		return fmt.Errorf("match: deal %d: dealer %v, want %v", no, d.Dealer, want)
	}
	if !b.g.Waiting() {
		return fmt.Errorf("match: deal %d started before deal %d ended", no, no-1)
	}
	return b.g.AddDeck(d.Deck)
}

// startFixed starts fixed deal no as a game of its own, after checking
// that the stored deal is the one of the list.
func (b *Belote) startFixed(no int, d beloteDeal) error {
	if no > len(b.fixed) {
		return fmt.Errorf("match: deal %d: only %d deals in the list", no, len(b.fixed))
	}
	if f := b.fixed[no-1]; f.Dealer != d.Dealer || !slices.Equal(f.Deck, d.Deck) {
		return fmt.Errorf("match: deal %d: the stored deal is not deal %d of the list", no, no)
	}
	if b.g != nil && !b.DealDone() {
		return fmt.Errorf("match: deal %d started before deal %d ended", no, no-1)
	}
	g, err := belote.NewGame(b.rules, d.Dealer, nil)
	if err != nil {
		return err
	}
	if err := g.AddDeck(d.Deck); err != nil {
		return fmt.Errorf("match: deal %d: %w", no, err)
	}
	if b.g != nil {
		b.past = append(b.past, b.g)
	}
	b.g = g
	return nil
}

// ScoreDeal returns the sheet line of the finished deal (the engine scores
// each deal as it ends; fixed deals are added up here).
func (b *Belote) ScoreDeal() (json.RawMessage, error) {
	if b.g == nil {
		return nil, errors.New("match: scoring a deal that is not over")
	}
	sh := b.g.Sheet()
	if b.fixed != nil {
		if len(sh) != 1 {
			return nil, errors.New("match: scoring a deal that is not over")
		}
		line := sh[0]
		line.Deal = b.DealNo()
		if !line.Passed {
			b.totals[0] += line.Result.Score[0]
			b.totals[1] += line.Result.Score[1]
		}
		line.Total = b.totals
		b.lines = append(b.lines, line)
		return json.Marshal(line)
	}
	if len(sh) == 0 || sh[len(sh)-1].Deal != b.g.DealNumber() {
		return nil, errors.New("match: scoring a deal that is not over")
	}
	return json.Marshal(sh[len(sh)-1])
}

// LastFixed returns the record and sheet line of the fixed deal that just
// ended.
func (b *Belote) LastFixed() (belote.Record, belote.DealScore, bool) {
	if b.fixed == nil || b.g == nil || len(b.lines) == 0 {
		return belote.Record{}, belote.DealScore{}, false
	}
	recs := b.g.Records()
	if len(recs) != 1 {
		return belote.Record{}, belote.DealScore{}, false
	}
	return recs[0], b.lines[len(b.lines)-1], true
}

// SheetValue returns the score sheet.
func (b *Belote) SheetValue() BeloteSheet {
	s := BeloteSheet{Target: b.rules.GameTarget(), Lines: []belote.DealScore{}}
	if b.fixed != nil {
		s.Target, s.Deals = 0, len(b.fixed)
		s.Lines = append(s.Lines, b.lines...)
		s.Totals = b.totals
		s.Over = b.Over()
		return s
	}
	if b.g != nil {
		s.Lines = append(s.Lines, b.g.Sheet()...)
		s.Totals = b.g.Totals()
		if w, ok := b.g.Winner(); ok {
			s.Over, s.Winner = true, &w
		}
	}
	return s
}

// Sheet returns the score sheet.
func (b *Belote) Sheet() protocol.Sheet {
	v := b.SheetValue()
	return protocol.Sheet{Belote: &v}
}

// Result returns the score sheet as stored.
func (b *Belote) Result() json.RawMessage {
	raw, _ := json.Marshal(b.SheetValue())
	return raw
}

// Controller returns seat: in belote everybody plays his own cards.
func (b *Belote) Controller(seat card.Seat) card.Seat { return seat }

// View returns what seat sees: the current deal with the game's sheet.
func (b *Belote) View(seat card.Seat) protocol.View {
	if b.g == nil {
		return protocol.View{}
	}
	return protocol.BeloteView(b.fixView(b.g.SeatView(seat)))
}

// fixView puts the match's deal number, sheet and totals into the view of
// a fixed deal (whose game knows only that deal).
func (b *Belote) fixView(v belote.GameView) belote.GameView {
	if b.fixed == nil {
		return v
	}
	v.DealNumber = b.DealNo()
	v.Sheet = append([]belote.DealScore{}, b.lines...)
	v.Totals = b.totals
	// A fixed series has no target and no winner of its own (the deals
	// are compared with the field's): it is over after its last deal.
	v.Target, v.Reserve, v.Winner = 0, 0, nil
	v.Over = b.Over()
	return v
}

// Played returns what seat has seen of the current deal (and the one
// before) by playing it: its view without the hands of a finished deal.
func (b *Belote) Played(seat card.Seat) protocol.View {
	v := b.View(seat)
	if v.Belote == nil {
		return v
	}
	for _, d := range []*belote.DealView{v.Belote.Deal, v.Belote.Previous} {
		if d != nil {
			d.Hands = nil
		}
	}
	return v
}

// Spectator is North's view without North's cards and choices while the
// deal is in progress.
func (b *Belote) Spectator() protocol.View {
	if b.g == nil {
		return protocol.View{}
	}
	v := b.fixView(b.g.SeatView(card.North))
	if v.Deal != nil && v.Deal.Phase != belote.PhaseDone {
		v.Deal.Hand = []card.Card{}
		v.Deal.Legal = []string{}
	}
	return protocol.BeloteView(v)
}

// Back counts the moves of the current deal from the end back to the last
// one by us.
func (b *Belote) Back(us card.Seat) int {
	ms := b.Moves()
	for i := len(ms) - 1; i >= 0; i-- {
		if ms[i].Seat == us {
			return len(ms) - i
		}
	}
	return 0
}

// Undo takes back the last n moves of the current deal.
func (b *Belote) Undo(n int) error {
	if b.g == nil || n > len(b.Moves()) {
		return errors.New("match: nothing to undo in this deal")
	}
	c := b.g.Clone()
	for range n {
		if !c.Undo() {
			return errors.New("match: nothing to undo")
		}
	}
	b.g = c
	return nil
}

// PlayStart returns the number of calls of the deal once its card play
// has begun (the bidding is over), -1 before.
func (b *Belote) PlayStart() int {
	d := b.deal()
	if d == nil || d.Phase() == belote.PhaseBidding || d.Passed() {
		return -1
	}
	n := 0
	for _, s := range d.Steps() {
		if s.Action.Kind != belote.ActCard {
			n++
		}
	}
	return n
}

// Export writes the JSON record of the deals played.
func (b *Belote) Export(format string) ([]byte, string, error) {
	if format != "json" && format != "" {
		return nil, "", ErrFormat
	}
	if b.g == nil {
		return nil, "", errors.New("match: no deal yet")
	}
	var recs []belote.Record
	for _, g := range b.past {
		recs = append(recs, g.Records()...)
	}
	out, err := belote.MarshalRecords(append(recs, b.g.Records()...))
	return out, "application/json", err
}

// DealReporter is a match whose finished fixed deals are reported to a
// competition.
type DealReporter interface {
	LastFixed() (belote.Record, belote.DealScore, bool)
}

var (
	_ Match        = (*Belote)(nil)
	_ DealReporter = (*Belote)(nil)
)
