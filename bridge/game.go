package bridge

import (
	"encoding/json"
	"errors"
	"fmt"
	"strconv"
	"strings"

	"atout/card"
	"atout/game"
)

// Phase is the stage a deal has reached.
type Phase uint8

// The phases of a deal.
const (
	PhaseAuction Phase = iota // calls are being made
	PhasePlay                 // cards are being played (dummy is down after the opening lead)
	PhaseOver                 // passed out, thirteen tricks played, or a claim
)

// String returns "auction", "play" or "over".
func (p Phase) String() string {
	switch p {
	case PhaseAuction:
		return "auction"
	case PhasePlay:
		return "play"
	case PhaseOver:
		return "over"
	}
	return fmt.Sprintf("Phase(%d)", uint8(p))
}

// MarshalText writes the phase name.
func (p Phase) MarshalText() ([]byte, error) { return []byte(p.String()), nil }

// ErrNothingToUndo is returned by [Game.Undo] when no move has been made.
var ErrNothingToUndo = errors.New("bridge: nothing to undo")

// Game is one bridge deal as a deterministic state machine: the auction, the
// play of the cards and an optional claim. It implements [game.Game].
//
// Actions are written "P", "X", "XX", "1C".."7NT" for calls, "SA" for cards
// and "claim N" for a claim of N total tricks for declarer. Each card is
// played for the seat that holds it, so dummy's cards are played for
// dummy's seat (declarer chooses them: see [Game.Controller]).
//
// A Game holds no pointers or slices: it is a few hundred bytes, and
// [Game.Clone] is a plain copy.
type Game struct {
	board   int
	vul     Vul
	deal    Deal
	auction Auction
	play    CardPlay
	claimed bool
	claimer card.Seat
	claim   uint8 // declarer's total tricks when claimed
}

var _ game.Game = (*Game)(nil)

// NewGame starts a deal: board number (for records), dealer, vulnerability
// and the four hands. The deal should be valid (see [Deal.Validate]).
func NewGame(board int, dealer card.Seat, vul Vul, deal Deal) *Game {
	return &Game{board: board, vul: vul, deal: deal, auction: NewAuction(dealer)}
}

// NewBoard starts a deal with the dealer and vulnerability of board number
// board in the 16-board cycle.
func NewBoard(board int, deal Deal) *Game {
	return NewGame(board, BoardDealer(board), BoardVul(board), deal)
}

// Clone returns an independent copy of g.
func (g *Game) Clone() *Game {
	c := *g
	return &c
}

// Kind returns "bridge".
func (g *Game) Kind() string { return "bridge" }

// Board returns the board number.
func (g *Game) Board() int { return g.board }

// Dealer returns the dealer.
func (g *Game) Dealer() card.Seat { return g.auction.dealer }

// Vul returns the vulnerability.
func (g *Game) Vul() Vul { return g.vul }

// Deal returns the four hands as dealt.
func (g *Game) Deal() Deal { return g.deal }

// Auction returns a copy of the auction.
func (g *Game) Auction() Auction { return g.auction }

// CardPlay returns a copy of the play; it is meaningful once the auction
// has ended in a contract.
func (g *Game) CardPlay() CardPlay { return g.play }

// Phase returns the stage the deal has reached.
func (g *Game) Phase() Phase {
	switch {
	case !g.auction.Done():
		return PhaseAuction
	case g.auction.PassedOut() || g.claimed || g.play.Done():
		return PhaseOver
	}
	return PhasePlay
}

// Done reports whether the deal is over: passed out, all thirteen tricks
// played, or a claim.
func (g *Game) Done() bool { return g.Phase() == PhaseOver }

// Contract returns the contract: the final contract once the auction is
// over, the contract reached so far during it, [PassedOut] if nobody bid.
func (g *Game) Contract() Contract { return g.auction.Contract() }

// Declarer returns declarer (so far, during the auction); ok is false when
// nobody has bid.
func (g *Game) Declarer() (card.Seat, bool) { return g.auction.Declarer() }

// Dummy returns declarer's partner; ok is false while the auction is open
// and for a passed-out deal.
func (g *Game) Dummy() (card.Seat, bool) {
	if !g.auction.Done() || g.auction.PassedOut() {
		return 0, false
	}
	return g.play.Dummy(), true
}

// Controller returns the seat that chooses seat's actions: declarer for
// dummy during the play, the seat itself otherwise.
func (g *Game) Controller(seat card.Seat) card.Seat {
	if g.Phase() == PhasePlay {
		return g.play.Controller(seat)
	}
	return seat
}

// DummyExposed reports whether dummy's hand is face up: after the opening
// lead.
func (g *Game) DummyExposed() bool {
	return g.auction.Done() && !g.auction.PassedOut() && g.play.DummyExposed()
}

// Hand returns the cards seat holds now (all thirteen during the auction).
func (g *Game) Hand(seat card.Seat) card.Hand {
	if !g.auction.Done() || g.auction.PassedOut() {
		return g.deal[seat&3]
	}
	return g.play.Hand(seat)
}

// Turn returns the seat to act: the next caller, or the seat whose card is
// due (dummy's seat for dummy's cards). ok is false once the deal is over.
func (g *Game) Turn() (card.Seat, bool) {
	switch g.Phase() {
	case PhaseAuction:
		return g.auction.ToAct(), true
	case PhasePlay:
		return g.play.ToAct(), true
	}
	return 0, false
}

// ToAct returns the seat to act, or nothing once the deal is over.
func (g *Game) ToAct() []card.Seat {
	if s, ok := g.Turn(); ok {
		return []card.Seat{s}
	}
	return nil
}

// LegalCalls returns the calls the seat to act may make; nil outside the
// auction.
func (g *Game) LegalCalls() []Call {
	if g.Phase() != PhaseAuction {
		return nil
	}
	return g.auction.Legal()
}

// LegalCards returns the cards the seat to act (dummy's seat for dummy's
// cards) may play; empty outside the play.
func (g *Game) LegalCards() card.Hand {
	if g.Phase() != PhasePlay {
		return 0
	}
	return g.play.LegalCards()
}

// Legal returns the calls or cards seat may choose now, in text notation;
// nil if it is not seat's turn. Dummy's cards are listed for dummy's seat.
// Claims are not listed (they are open to declarer and the defenders at any
// time during the play): see [Game.ClaimRange].
func (g *Game) Legal(seat card.Seat) []string {
	turn, ok := g.Turn()
	if !ok || seat != turn {
		return nil
	}
	if g.Phase() == PhaseAuction {
		calls := g.auction.Legal()
		out := make([]string, len(calls))
		for i, c := range calls {
			out[i] = c.String()
		}
		return out
	}
	return handStrings(g.play.LegalCards())
}

// Call makes call c for seat. An illegal call returns an [*IllegalError] and
// leaves the game unchanged.
func (g *Game) Call(seat card.Seat, c Call) error {
	switch g.Phase() {
	case PhaseOver:
		return afterEnd(seat, c.String(), 0, "the deal is over")
	case PhasePlay:
		return illegal(seat, c.String(), 0, "the auction is over")
	}
	if turn := g.auction.ToAct(); seat != turn {
		return illegal(seat, c.String(), 0, "it is %s's turn to call", turn)
	}
	if err := g.auction.Add(c); err != nil {
		return err
	}
	if g.auction.Done() && !g.auction.PassedOut() {
		decl, _ := g.auction.Declarer()
		g.play = NewCardPlay(g.deal, decl, g.auction.Contract().Strain)
	}
	return nil
}

// Play plays card c from seat's hand; dummy's cards are played for dummy's
// seat. An illegal card returns an [*IllegalError] and leaves the game
// unchanged.
func (g *Game) Play(seat card.Seat, c card.Card) error {
	switch g.Phase() {
	case PhaseOver:
		return afterEnd(seat, c.String(), g.trickNumber(), "the deal is over")
	case PhaseAuction:
		return illegal(seat, c.String(), 0, "the auction is not over")
	}
	return g.play.Add(seat, c)
}

func (g *Game) trickNumber() int {
	if !g.auction.Done() || g.auction.PassedOut() {
		return 0
	}
	return g.play.TrickNumber()
}

// ClaimRange returns the totals of tricks for declarer that a claim or
// concession may state now: from the tricks declarer has won to those plus
// the tricks not yet complete. ok is false outside the play.
func (g *Game) ClaimRange() (lo, hi int, ok bool) {
	if g.Phase() != PhasePlay {
		return 0, 0, false
	}
	lo = g.play.DeclarerTricks()
	return lo, lo + 13 - g.play.Completed(), true
}

// Claim ends the play with declarer taking declarerTricks tricks in all:
// a claim by declarer, or a claim or concession by a defender. Dummy may not
// claim. The total must lie in [Game.ClaimRange].
func (g *Game) Claim(seat card.Seat, declarerTricks int) error {
	action := claimAction(declarerTricks)
	switch g.Phase() {
	case PhaseOver:
		return afterEnd(seat, action, g.trickNumber(), "the deal is over")
	case PhaseAuction:
		return illegal(seat, action, 0, "claims are made during the play")
	}
	trick := g.play.TrickNumber()
	if seat == g.play.Dummy() {
		return illegal(seat, action, trick, "dummy may not claim")
	}
	lo, hi, _ := g.ClaimRange()
	if declarerTricks < lo || declarerTricks > hi {
		return illegal(seat, action, trick, "declarer's total must be between %d and %d", lo, hi)
	}
	g.claimed, g.claimer, g.claim = true, seat, uint8(declarerTricks)
	return nil
}

func claimAction(n int) string { return "claim " + strconv.Itoa(n) }

// Claimed reports whether the play ended in a claim, and who made it.
func (g *Game) Claimed() (by card.Seat, ok bool) { return g.claimer, g.claimed }

// Apply performs a move in text notation: a call ("P", "1NT", "X"), a card
// ("SA"), or "claim N". It implements [game.Game]; an illegal or unreadable
// move returns an [*IllegalError] and leaves the game unchanged.
func (g *Game) Apply(m game.Move) error {
	act := strings.TrimSpace(m.Action)
	if f := strings.Fields(act); len(f) >= 1 && strings.EqualFold(f[0], "claim") {
		n := -1
		if len(f) == 2 {
			if v, err := strconv.Atoi(f[1]); err == nil && v >= 0 && v <= 13 {
				n = v
			}
		}
		if n < 0 {
			return illegal(m.Seat, act, g.trickNumber(), "want \"claim N\" with N from 0 to 13")
		}
		return g.Claim(m.Seat, n)
	}
	if g.Phase() == PhaseAuction {
		c, err := ParseCall(act)
		if err != nil {
			if cd, err := card.Parse(act); err == nil {
				return g.Play(m.Seat, cd)
			}
			return illegal(m.Seat, act, 0, "not a call (want P, X, XX or a bid such as 1C or 3NT)")
		}
		return g.Call(m.Seat, c)
	}
	c, err := card.Parse(act)
	if err != nil {
		if g.Phase() == PhaseOver {
			return afterEnd(m.Seat, act, g.trickNumber(), "the deal is over")
		}
		return illegal(m.Seat, act, g.trickNumber(), "not a card (want suit then rank, such as SA or H7)")
	}
	return g.Play(m.Seat, c)
}

// Moves returns the moves applied so far: calls, cards (dummy's for dummy's
// seat) and a final claim, in canonical notation.
func (g *Game) Moves() []game.Move {
	n := g.auction.Len()
	if g.auction.Done() && !g.auction.PassedOut() {
		n += g.play.CardsPlayed()
	}
	if g.claimed {
		n++
	}
	out := make([]game.Move, 0, n)
	for i := 0; i < g.auction.Len(); i++ {
		out = append(out, game.Move{Seat: g.auction.SeatAt(i), Action: g.auction.At(i).String()})
	}
	if g.auction.Done() && !g.auction.PassedOut() {
		for i := 0; i < g.play.CardsPlayed(); i++ {
			out = append(out, game.Move{Seat: g.play.seatOfCard(i), Action: g.play.played[i].String()})
		}
	}
	if g.claimed {
		out = append(out, game.Move{Seat: g.claimer, Action: claimAction(int(g.claim))})
	}
	return out
}

// Undo takes back the last move by replaying all the others from the deal.
// It returns [ErrNothingToUndo] when no move has been made.
func (g *Game) Undo() error {
	if g.claimed {
		// The claim is always the last move: taking it back leaves the rest.
		g.claimed, g.claimer, g.claim = false, 0, 0
		return nil
	}
	calls, cards := g.auction.Len(), 0
	if g.auction.Done() && !g.auction.PassedOut() {
		cards = g.play.CardsPlayed()
	}
	if calls+cards == 0 {
		return ErrNothingToUndo
	}
	if cards > 0 {
		cards--
	} else {
		calls--
	}
	old := g.auction
	played := g.play.played
	*g = *NewGame(g.board, old.dealer, g.vul, g.deal)
	for i := 0; i < calls; i++ {
		if err := g.Call(g.auction.ToAct(), old.At(i)); err != nil {
			panic("bridge: undo replay: " + err.Error()) // the moves were legal once
		}
	}
	for i := 0; i < cards; i++ {
		if err := g.Play(g.play.ToAct(), played[i]); err != nil {
			panic("bridge: undo replay: " + err.Error())
		}
	}
	return nil
}

// Result is the outcome of a deal.
type Result struct {
	Contract Contract  // PassedOut for a passed-out deal
	Declarer card.Seat // meaningless when passed out
	Tricks   int       // declarer's tricks: from the play, or the claim
	Claimed  bool      // the play ended in a claim or concession
	ScoreNS  int       // duplicate score for North-South; 0 when passed out
	Done     bool      // the deal is over; otherwise the figures are so far
}

// MarshalJSON writes {"contract":"3NT","declarer":"N","tricks":10,
// "claimed":false,"scoreNS":430,"done":true}, with an empty declarer for a
// passed-out deal.
func (r Result) MarshalJSON() ([]byte, error) {
	decl := ""
	if !r.Contract.IsPass() {
		decl = r.Declarer.String()
	}
	return json.Marshal(struct {
		Contract Contract `json:"contract"`
		Declarer string   `json:"declarer"`
		Tricks   int      `json:"tricks"`
		Claimed  bool     `json:"claimed"`
		ScoreNS  int      `json:"scoreNS"`
		Done     bool     `json:"done"`
	}{r.Contract, decl, r.Tricks, r.Claimed, r.ScoreNS, r.Done})
}

// Result returns the contract, declarer, declarer's tricks and the duplicate
// score for North-South (from declarer's side's vulnerability). Before the
// deal is over, Done is false and the figures are those so far.
func (g *Game) Result() Result {
	r := Result{Contract: g.auction.Contract(), Done: g.Done()}
	if !g.auction.Done() {
		r.Declarer, _ = g.auction.Declarer()
		return r
	}
	if g.auction.PassedOut() {
		r.Contract = PassedOut
		return r
	}
	r.Declarer = g.play.Declarer()
	r.Tricks = g.play.DeclarerTricks()
	if g.claimed {
		r.Tricks, r.Claimed = int(g.claim), true
	}
	if r.Done {
		r.ScoreNS = ScoreNS(r.Contract, r.Declarer, r.Tricks, g.vul)
	}
	return r
}

// ScoreNS returns the duplicate score for North-South when declarer takes
// tricks tricks in contract c on a board of vulnerability vul: the score of
// declarer's side, negated when declarer is East or West. A passed-out deal
// scores 0.
func ScoreNS(c Contract, declarer card.Seat, tricks int, vul Vul) int {
	side := declarer.Side()
	s := Score(c, tricks, vul.Has(side))
	if side == card.EW {
		return -s
	}
	return s
}
