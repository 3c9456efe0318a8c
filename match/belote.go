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
//
// It owns the sequence: the deals, the score sheet, the game score and the
// winner. Package belote plays each deal and gives the rules of the
// sequence (who deals next, the reserve a deal carries in, how a deal adds
// to the game score, when the game is won).
type Belote struct {
	rules belote.Rules
	// fixed, when set, are the deals of a belote duplicate: each one is
	// played alone (no reserve carried in), and the sheet adds up their
	// scores.
	fixed []BeloteDeal
	deals []*belote.Deal     // every deal started; the last is the current one
	lines []belote.DealScore // the score sheet: one line per deal scored
	score belote.GameScore   // the game score after the deals scored
}

// NewBelote returns a belote match under rules r, playing the fixed deals
// if any.
func NewBelote(r belote.Rules, fixed []BeloteDeal) *Belote {
	return &Belote{rules: r, fixed: fixed}
}

// deal returns the current deal, or nil.
func (b *Belote) deal() *belote.Deal {
	if len(b.deals) == 0 {
		return nil
	}
	return b.deals[len(b.deals)-1]
}

// scored reports whether the current deal is on the score sheet.
func (b *Belote) scored() bool { return len(b.deals) > 0 && len(b.lines) == len(b.deals) }

// winner returns the side that won a game to its target, once a deal
// scored gives it; a fixed series has none.
func (b *Belote) winner() (card.Side, bool) {
	if b.fixed != nil || len(b.lines) == 0 {
		return 0, false
	}
	return b.score.Winner(b.rules.GameTarget())
}

// Game returns the current deal.
func (b *Belote) Game() game.Game {
	if d := b.deal(); d != nil {
		return d
	}
	return nil
}

// Play checks m and applies it to a copy of the current deal; the deal
// is scored by [Belote.ScoreDeal] once the step that ends it is committed.
func (b *Belote) Play(m game.Move) (Step, error) {
	return play(&b.deals, m, (*belote.Deal).Clone)
}

// Clone returns a copy of the current deal.
func (b *Belote) Clone() game.Game { return b.deal().Clone() }

// DealNo returns the number of the current deal.
func (b *Belote) DealNo() int { return len(b.deals) }

// Moves returns the moves of the current deal.
func (b *Belote) Moves() []game.Move {
	if d := b.deal(); d != nil {
		return d.Moves()
	}
	return nil
}

// DealDone reports whether the current deal is over.
func (b *Belote) DealDone() bool { d := b.deal(); return d == nil || d.Done() }

// Over reports whether the game is over: won (its last deal scored), or
// with fixed deals the last one played.
func (b *Belote) Over() bool {
	if b.fixed != nil {
		return b.DealNo() >= len(b.fixed) && b.DealDone()
	}
	_, over := b.winner()
	return over
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
		dealer = belote.NextDealer(d.Dealer())
	}
	deck := belote.ShuffledDeck(rnd)
	return json.Marshal(beloteDeal{Dealer: dealer, Deck: deck[:]})
}

// StartDeal starts deal no from its stored form, once the deal before it
// is over and scored.
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
	if prev := b.deal(); prev != nil {
		if want := belote.NextDealer(prev.Dealer()); d.Dealer != want {
			return fmt.Errorf("match: deal %d: dealer %v, want %v", no, d.Dealer, want)
		}
		if err := b.checkEnded(no); err != nil {
			return err
		}
		if b.Over() {
			return fmt.Errorf("match: deal %d: the game is over", no)
		}
	}
	dl, err := belote.NextDeal(b.rules, d.Dealer, d.Deck, b.score)
	if err != nil {
		return err
	}
	b.deals = append(b.deals, dl)
	return nil
}

// checkEnded checks that the deal before deal no is over and scored.
func (b *Belote) checkEnded(no int) error {
	switch {
	case !b.DealDone():
		return fmt.Errorf("match: deal %d started before deal %d ended", no, no-1)
	case !b.scored():
		return fmt.Errorf("match: deal %d started before deal %d was scored", no, no-1)
	}
	return nil
}

// startFixed starts fixed deal no, alone, after checking that the stored
// deal is the one of the list.
func (b *Belote) startFixed(no int, d beloteDeal) error {
	if no > len(b.fixed) {
		return fmt.Errorf("match: deal %d: only %d deals in the list", no, len(b.fixed))
	}
	if f := b.fixed[no-1]; f.Dealer != d.Dealer || !slices.Equal(f.Deck, d.Deck) {
		return fmt.Errorf("match: deal %d: the stored deal is not deal %d of the list", no, no)
	}
	if b.deal() != nil {
		if err := b.checkEnded(no); err != nil {
			return err
		}
	}
	dl, err := belote.NextDeal(b.rules, d.Dealer, d.Deck, belote.GameScore{})
	if err != nil {
		return fmt.Errorf("match: deal %d: %w", no, err)
	}
	b.deals = append(b.deals, dl)
	return nil
}

// ScoreDeal scores the finished current deal into the sheet (its points
// added to the game score, its reserve carried to the next deal) and
// returns its line. A second call returns the same line.
func (b *Belote) ScoreDeal() (json.RawMessage, error) {
	d := b.deal()
	if d == nil || !d.Done() {
		return nil, errors.New("match: scoring a deal that is not over")
	}
	if !b.scored() {
		var line belote.DealScore
		b.score, line = b.score.Add(b.DealNo(), d)
		b.lines = append(b.lines, line)
	}
	return json.Marshal(b.lines[len(b.lines)-1])
}

// Report describes the fixed deal just scored (a belote duplicate's); a
// game to its target reports nothing.
func (b *Belote) Report() (Report, bool) {
	if b.fixed == nil || !b.scored() {
		return Report{}, false
	}
	line := b.lines[len(b.lines)-1]
	r := &BeloteReport{Deal: line.Deal, Record: b.deal().Record(), Passed: line.Passed}
	if !line.Passed {
		r.Points = line.Result.Score
	}
	return Report{Belote: r}, true
}

// SheetValue returns the score sheet.
func (b *Belote) SheetValue() BeloteSheet {
	s := BeloteSheet{Target: b.rules.GameTarget(), Lines: []belote.DealScore{}}
	s.Lines = append(s.Lines, b.lines...)
	s.Totals = b.score.Totals
	if b.fixed != nil {
		s.Target, s.Deals = 0, len(b.fixed)
		s.Over = b.Over()
		return s
	}
	if w, ok := b.winner(); ok {
		s.Over, s.Winner = true, &w
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
	if b.deal() == nil {
		return protocol.View{}
	}
	return protocol.BeloteView(b.gameView(seat))
}

// gameView is what seat sees of the game: the current deal, the one
// before it (all cards shown, once over), the sheet and the game score. A
// fixed series has no target, reserve or winner of its own (its deals are
// compared with the field's), and each deal stands alone: it is over after
// its last deal, and shows no deal before the current one.
func (b *Belote) gameView(seat card.Seat) belote.GameView {
	n := len(b.deals)
	v := belote.GameView{
		Kind: "belote", Seat: seat & 3, Mode: b.rules.Mode, Rules: b.rules.Setting, Target: b.rules.GameTarget(),
		DealNumber: n, Sheet: append([]belote.DealScore{}, b.lines...), Totals: b.score.Totals, Reserve: b.score.Reserve,
	}
	if n > 0 {
		dv := b.deals[n-1].SeatView(seat)
		v.Deal = &dv
	}
	if b.fixed != nil {
		v.Target, v.Reserve = 0, 0
		v.Over = b.Over()
		return v
	}
	if n > 1 {
		pv := b.deals[n-2].SeatView(seat)
		v.Previous = &pv
	}
	if w, ok := b.winner(); ok {
		v.Over, v.Winner = true, &w
	}
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
	if b.deal() == nil {
		return protocol.View{}
	}
	v := b.gameView(card.North)
	if v.Deal != nil && v.Deal.Phase != belote.PhaseDone {
		v.Deal.Hand = []card.Card{}
		v.Deal.Legal = []string{}
		v.Deal.Declarable, v.Deal.BeloteCards = nil, nil
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

// Undo takes back the last n moves of the current deal, not yet scored.
func (b *Belote) Undo(n int) error {
	d := b.deal()
	if d == nil || n > len(d.Steps()) || b.scored() {
		return errors.New("match: nothing to undo in this deal")
	}
	c := d.Clone()
	for range n {
		if !c.Undo() {
			return errors.New("match: nothing to undo")
		}
	}
	b.deals[len(b.deals)-1] = c
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
		if s.Action.IsCall() {
			n++
		}
	}
	return n
}

// BotClaim returns the seat on lead and the takers' total of tricks when
// that seat takes every trick left whatever the others hold
// ([belote.Deal.SureRest]): the claim of the rest a bot makes
// (docs/belote-claims.md).
func (b *Belote) BotClaim() (by card.Seat, tricks int, ok bool) {
	d := b.deal()
	if d == nil || d.Phase() != belote.PhasePlay || !d.SureRest(d.Turn()) {
		return 0, 0, false
	}
	con, _ := d.Contract()
	lo, hi, _ := d.ClaimRange()
	if d.Turn().Side() != con.Takers() {
		return d.Turn(), lo, true
	}
	return d.Turn(), hi, true
}

// Export writes the JSON record of the deals played.
func (b *Belote) Export(format string) ([]byte, string, error) {
	if format != "json" && format != "" {
		return nil, "", ErrFormat
	}
	if len(b.deals) == 0 {
		return nil, "", errors.New("match: no deal yet")
	}
	out, err := belote.MarshalRecords(belote.Records(b.deals))
	return out, "application/json", err
}

var (
	_ Match      = (*Belote)(nil)
	_ Reporter   = (*Belote)(nil)
	_ BotClaimer = (*Belote)(nil)
)
