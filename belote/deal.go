package belote

import (
	"fmt"

	"atout/card"
	"atout/game"
)

// Phase is the stage a deal is in.
type Phase uint8

// The phases of a deal.
const (
	PhaseBidding Phase = iota // calls
	PhasePlay                 // cards
	PhaseDone                 // all 32 cards played, or everybody passed
)

// String returns "bidding", "play" or "done".
func (p Phase) String() string {
	switch p {
	case PhaseBidding:
		return "bidding"
	case PhasePlay:
		return "play"
	case PhaseDone:
		return "done"
	}
	return fmt.Sprintf("Phase(%d)", uint8(p))
}

// MarshalText writes the phase name.
func (p Phase) MarshalText() ([]byte, error) { return []byte(p.String()), nil }

// SeatAction is one action by one seat, the typed form of a [game.Move].
type SeatAction struct {
	Seat   card.Seat
	Action Action
}

// Move returns the action as a [game.Move] in the record notation.
func (s SeatAction) Move() game.Move { return game.Move{Seat: s.Seat, Action: s.Action.String()} }

// DeckError reports a deck that is not the 32 belote cards.
type DeckError struct {
	Index int    // 0-based position of the offending card, or -1
	Msg   string // what is wrong
}

func (e *DeckError) Error() string {
	if e.Index >= 0 {
		return fmt.Sprintf("belote: deck card %d: %s", e.Index+1, e.Msg)
	}
	return "belote: deck: " + e.Msg
}

// CheckDeck reports whether deck holds each of the 32 belote cards exactly
// once.
func CheckDeck(deck []card.Card) error {
	if len(deck) != 32 {
		return &DeckError{Index: -1, Msg: fmt.Sprintf("%d cards, want 32", len(deck))}
	}
	var seen card.Hand
	for i, c := range deck {
		if !c.Valid() || c.Rank() < card.Seven {
			return &DeckError{Index: i, Msg: fmt.Sprintf("%v is not a card of the 32-card deck", c)}
		}
		if seen.Has(c) {
			return &DeckError{Index: i, Msg: fmt.Sprintf("%v appears twice", c)}
		}
		seen = seen.Add(c)
	}
	return nil
}

// ShuffledDeck returns the 32 belote cards in an order drawn from rnd.
func ShuffledDeck(rnd *card.Rand) [32]card.Card {
	var d [32]card.Card
	copy(d[:], card.Deck32())
	rnd.Shuffle(d[:])
	return d
}

// Deal is one belote deal as a deterministic state machine: dealing from a
// deck (belote-rules §3), the bidding (§4), the play with its legality rules
// (§5), belote-rebelote (§6) and the announcements (§7), and at the end the
// score of the deal (§8, computed by [ScoreDeal]).
//
// Actions are calls, cards and a claim in the record notation
// ([ParseAction]). What a player says travels with his card
// (docs/belote-claims.md §2): "HK belote" or "HK quiet" with the trump
// king or queen, "SA d13" the announcements declared with his first card.
// A card without words follows the deal's defaults, which are settings of
// the deal as in the game record's "silent" and "noBelote" fields:
// [Deal.SetSilent] (declare no announcement; allowed until the seat's
// first card) and [Deal.SetNoBelote] (do not say belote-rebelote; allowed
// until the first of the trump king and queen is played). By default
// every seat declares everything. A claim ([Deal.ClaimRange]) ends the
// play with the rest of the tricks to one side.
//
// A Deal is a compact value: [Deal.Clone] is a struct copy and is cheap. It
// satisfies [game.Game]. Its zero value is not usable; call [NewDeal].
type Deal struct {
	rules  Rules
	dealer card.Seat
	deck   [32]card.Card
	hands  [4]card.Hand // cards held now
	start  [4]card.Hand // cards held when the play began
	turned card.Card    // classic: the 21st card, turned face up
	phase  Phase
	turn   card.Seat // the seat whose turn it is
	auc    auction
	con    Contract
	passed bool // everybody passed: no score

	// play
	trick    [4]card.Card // cards of the current trick, in play order
	nTrick   uint8        // cards in the current trick
	trickNo  uint8        // 0-based index of the current trick (8 when done)
	leader   card.Seat    // leader of the current trick
	last     [4]card.Card // the last completed trick
	lastLead card.Seat
	points   [2]int // card points won, last-trick bonus included
	tricks   [2]int

	// declarations
	silent     uint8 // bit per seat: declares no announcement
	noBelote   uint8 // bit per seat: does not declare belote-rebelote
	quiet      uint8 // bit per seat: played the first of the trump king and queen without saying belote
	declared   [4][]Announcement
	annDone    bool // announcements compared (first card of trick 2)
	annWinner  int8 // side that won the announcements, -1 for nobody
	beloteSeat int8 // holder of trump K and Q, -1 for nobody
	beloteSaid uint8

	reserve int // litige reserve carried into this deal
	result  DealResult

	// claim: the play ended in a claim by claimer, the tricks left to
	// claimSide
	claimed   bool
	claimer   card.Seat
	claimSide card.Side

	steps  []SeatAction
	nCalls int // calls in steps (the bidding)
}

// NewDeal starts a deal under rules r with the given dealer, dealt from deck
// (the 32 cards, top first) as belote-rules §3 says: packets in rotation from
// next(dealer), 3 then 2 with the 21st card turned in classic, 3-2-3
// otherwise.
func NewDeal(r Rules, dealer card.Seat, deck []card.Card) (*Deal, error) {
	if err := CheckDeck(deck); err != nil {
		return nil, err
	}
	if r.Mode > Coinche {
		return nil, fmt.Errorf("belote: invalid mode %v", r.Mode)
	}
	if r.Setting > Official {
		return nil, fmt.Errorf("belote: invalid setting %d", r.Setting)
	}
	if err := r.Check(); err != nil {
		return nil, err
	}
	if dealer > card.West {
		return nil, fmt.Errorf("belote: invalid dealer %v", dealer)
	}
	d := &Deal{rules: r, dealer: dealer, annWinner: -1, beloteSeat: -1}
	copy(d.deck[:], deck)
	d.reset()
	return d, nil
}

// reset deals the deck again and clears everything but the declaration
// choices and the reserve.
func (d *Deal) reset() {
	*d = Deal{
		rules: d.rules, dealer: d.dealer, deck: d.deck,
		silent: d.silent, noBelote: d.noBelote, reserve: d.reserve,
		annWinner: -1, beloteSeat: -1, steps: d.steps[:0:0],
	}
	pos := 0
	give := func(s card.Seat, n int) {
		for i := 0; i < n; i++ {
			d.hands[s] = d.hands[s].Add(d.deck[pos])
			pos++
		}
	}
	packets := []int{3, 2, 3}
	if d.rules.Mode == Classic {
		packets = packets[:2]
	}
	for _, n := range packets {
		s := Next(d.dealer)
		for range 4 {
			give(s, n)
			s = Next(s)
		}
	}
	if d.rules.Mode == Classic {
		d.turned = d.deck[20]
	}
	d.phase = PhaseBidding
	d.turn = Next(d.dealer)
	d.auc = auction{round: 1, mult: 1}
}

// completeClassic gives the remaining cards after a take in classic: the
// taker receives the turned card then 2 cards, everybody else 3, in
// rotation from next(dealer).
func (d *Deal) completeClassic(taker card.Seat) {
	pos := 21
	s := Next(d.dealer)
	for range 4 {
		n := 3
		if s == taker {
			d.hands[s] = d.hands[s].Add(d.turned)
			n = 2
		}
		for i := 0; i < n; i++ {
			d.hands[s] = d.hands[s].Add(d.deck[pos])
			pos++
		}
		s = Next(s)
	}
}

// Kind returns "belote".
func (d *Deal) Kind() string { return "belote" }

// Rules returns the rules of the deal.
func (d *Deal) Rules() Rules { return d.rules }

// Dealer returns the dealer.
func (d *Deal) Dealer() card.Seat { return d.dealer }

// Deck returns the deck the deal was dealt from, top first.
func (d *Deal) Deck() [32]card.Card { return d.deck }

// Phase returns the current phase.
func (d *Deal) Phase() Phase { return d.phase }

// Done reports whether the deal is over: all cards played or everybody
// passed.
func (d *Deal) Done() bool { return d.phase == PhaseDone }

// Passed reports whether everybody passed (the deal is over with no score).
func (d *Deal) Passed() bool { return d.passed }

// Turn returns the seat whose turn it is (meaningless when the deal is done).
func (d *Deal) Turn() card.Seat { return d.turn }

// Hand returns the cards seat holds now.
func (d *Deal) Hand(seat card.Seat) card.Hand { return d.hands[seat&3] }

// StartHand returns the cards seat held when the play began (its current
// hand during the bidding).
func (d *Deal) StartHand(seat card.Seat) card.Hand {
	if d.phase == PhaseBidding {
		return d.hands[seat&3]
	}
	return d.start[seat&3]
}

// Turned returns the turned card in classic (0 in the other modes).
func (d *Deal) Turned() card.Card { return d.turned }

// Contract returns the contract and true once the bidding is over with a
// taker.
func (d *Deal) Contract() (Contract, bool) {
	return d.con, d.phase != PhaseBidding && !d.passed
}

// Trump returns the trump suit in force: [NoSuit] during the bidding, in
// no-trump and sans-atout, and after a passed deal; [AllTrump] in
// tout-atout.
func (d *Deal) Trump() card.Suit {
	if d.phase == PhaseBidding || d.passed {
		return NoSuit
	}
	return d.con.Trump
}

// Reserve returns the litige reserve carried into this deal.
func (d *Deal) Reserve() int { return d.reserve }

// SetReserve sets the litige reserve carried into this deal (belote-rules
// §8.2); [NextDeal] does this for every deal of a game.
func (d *Deal) SetReserve(points int) { d.reserve = points }

// Result returns the score of the deal once it is done with a taker (the
// zero DealResult otherwise).
func (d *Deal) Result() DealResult { return d.result }

// CardPoints returns the card points each side has won so far (index
// [card.NS], [card.EW]), the 10 for the last trick included.
func (d *Deal) CardPoints() [2]int { return d.points }

// Tricks returns the tricks each side has won so far.
func (d *Deal) Tricks() [2]int { return d.tricks }

// Steps returns the actions applied so far, in order.
func (d *Deal) Steps() []SeatAction { return d.steps[:len(d.steps):len(d.steps)] }

// Moves returns the actions applied so far in the record notation.
func (d *Deal) Moves() []game.Move {
	out := make([]game.Move, len(d.steps))
	for i, s := range d.steps {
		out[i] = s.Move()
	}
	return out
}

// Clone returns an independent copy of the deal. It is a struct copy: the
// action list is shared until either copy appends to it.
func (d *Deal) Clone() *Deal {
	c := *d
	c.steps = d.steps[:len(d.steps):len(d.steps)]
	return &c
}

// Undo takes back the last action by replaying the others from the deck.
// It reports false if there was nothing to undo. The declaration choices
// ([Deal.SetSilent], [Deal.SetNoBelote]) are kept.
func (d *Deal) Undo() bool {
	if len(d.steps) == 0 {
		return false
	}
	steps := d.steps[:len(d.steps)-1]
	d.steps = nil
	d.reset()
	for _, s := range steps {
		if err := d.Do(s.Seat, s.Action); err != nil {
			panic(fmt.Sprintf("belote: undo: replaying %v %v: %v", s.Seat, s.Action, err))
		}
	}
	return true
}

// ToAct returns the seats that may act now: the seat whose turn it is and,
// under Maison coinche while a bid stands uncoinched, the defenders who may
// coinche out of turn. Empty when the deal is done.
func (d *Deal) ToAct() []card.Seat {
	if d.phase == PhaseDone {
		return nil
	}
	out := []card.Seat{d.turn}
	if d.phase == PhaseBidding && d.outOfTurnCoinche() {
		s := Next(d.turn)
		for range 3 {
			if d.canCoincheOutOfTurn(s) {
				out = append(out, s)
			}
			s = Next(s)
		}
	}
	return out
}

// Legal returns every action seat may take now, in the record notation;
// empty if seat may not act.
func (d *Deal) Legal(seat card.Seat) []string {
	acts := d.LegalActions(seat)
	out := make([]string, len(acts))
	for i, a := range acts {
		out[i] = a.String()
	}
	return out
}

// LegalActions returns every action seat may take now; empty if seat may
// not act.
func (d *Deal) LegalActions(seat card.Seat) []Action {
	if seat > card.West {
		return nil
	}
	switch d.phase {
	case PhaseBidding:
		return d.legalCalls(seat)
	case PhasePlay:
		if seat != d.turn {
			return nil
		}
		h := d.LegalCards()
		out := make([]Action, 0, h.Len())
		for _, c := range h.Cards() {
			out = append(out, Play(c))
		}
		return out
	}
	return nil
}

// Apply performs a move given in the record notation (parsed leniently
// with [ParseAction]). An illegal move returns an *[IllegalError] and leaves
// the state unchanged.
func (d *Deal) Apply(m game.Move) error {
	a, err := ParseAction(m.Action)
	if err != nil {
		trick := 0
		if d.phase == PhasePlay {
			trick = int(d.trickNo) + 1
		}
		return illegal(m.Seat, m.Action, trick, "not an action: want pass, take, a suit, a bid such as 80H or capotH, coinche, surcoinche, or a card such as SA")
	}
	return d.Do(m.Seat, a)
}

// Do performs action a by seat. An illegal action returns an
// *[IllegalError] and leaves the state unchanged; any other error (none is
// expected) also leaves it unchanged.
func (d *Deal) Do(seat card.Seat, a Action) error {
	if seat > card.West {
		return illegal(seat, a.String(), 0, "no such seat")
	}
	switch d.phase {
	case PhaseBidding:
		return d.call(seat, a)
	case PhasePlay:
		return d.play(seat, a)
	}
	e := illegal(seat, a.String(), 0, "the deal is over")
	e.Over = true
	return e
}

func (d *Deal) record(seat card.Seat, a Action) {
	d.steps = append(d.steps, SeatAction{seat, a})
}
