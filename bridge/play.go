package bridge

import (
	"fmt"
	"math/bits"

	"atout/card"
)

// CardPlay is the play of the cards of one deal: thirteen tricks, the
// opening lead by declarer's left-hand opponent, dummy (declarer's partner)
// played by declarer, following suit, and trick winners by trumps or, at
// no-trump, by the highest card of the suit led.
//
// Cards are played for the seat whose hand they come from: dummy's cards are
// played for dummy's seat, and [CardPlay.Controller] tells that declarer
// chooses them. CardPlay is a value of about a hundred bytes with no pointers:
// copying it gives an independent play.
type CardPlay struct {
	hands    [4]card.Hand // cards not yet played
	played   [52]card.Card
	n        uint8         // cards played
	leaders  [14]card.Seat // leaders[k] leads trick k (0-based); leaders[k+1] won trick k
	won      [2]uint8      // tricks won by each side
	declarer card.Seat
	strain   Strain
}

// NewCardPlay starts the play of deal for a contract in strain played by
// declarer.
func NewCardPlay(deal Deal, declarer card.Seat, strain Strain) CardPlay {
	p := CardPlay{hands: deal, declarer: declarer & 3, strain: strain}
	p.leaders[0] = p.declarer.Next()
	return p
}

// Declarer returns the declarer.
func (p *CardPlay) Declarer() card.Seat { return p.declarer }

// Dummy returns declarer's partner.
func (p *CardPlay) Dummy() card.Seat { return p.declarer.Partner() }

// Strain returns the strain of the contract.
func (p *CardPlay) Strain() Strain { return p.strain }

// Controller returns the seat that chooses the cards of seat: declarer for
// dummy, the seat itself otherwise.
func (p *CardPlay) Controller(seat card.Seat) card.Seat {
	if seat == p.Dummy() {
		return p.declarer
	}
	return seat
}

// DummyExposed reports whether dummy's hand is face up: after the opening
// lead.
func (p *CardPlay) DummyExposed() bool { return p.n > 0 }

// Hand returns the cards seat has not played yet.
func (p *CardPlay) Hand(seat card.Seat) card.Hand { return p.hands[seat&3] }

// Done reports whether all thirteen tricks have been played.
func (p *CardPlay) Done() bool { return p.n == 52 }

// CardsPlayed returns the number of cards played.
func (p *CardPlay) CardsPlayed() int { return int(p.n) }

// Played returns the cards played so far, in order.
func (p *CardPlay) Played() []card.Card { return append([]card.Card(nil), p.played[:p.n]...) }

// TrickNumber returns the number (1..13) of the trick in progress, or of the
// next trick to start; 13 once the play is over.
func (p *CardPlay) TrickNumber() int { return min(int(p.n)/4+1, 13) }

// Completed returns the number of tricks completed.
func (p *CardPlay) Completed() int { return int(p.n) / 4 }

// ToAct returns the seat whose card is next: dummy's seat when a card from
// dummy is due. The result means nothing once the play is over.
func (p *CardPlay) ToAct() card.Seat {
	k := p.n / 4
	return card.Seat((uint8(p.leaders[k]) + p.n%4) & 3)
}

// Led returns the suit led to the current trick; ok is false when the next
// card is a lead.
func (p *CardPlay) Led() (card.Suit, bool) {
	if p.n%4 == 0 {
		return 0, false
	}
	return p.played[p.n&^3].Suit(), true
}

// LegalCards returns the cards the seat to act may play: any card on a lead,
// otherwise a card of the suit led if it holds one, otherwise any card.
func (p *CardPlay) LegalCards() card.Hand {
	if p.Done() {
		return 0
	}
	h := p.hands[p.ToAct()]
	if led, ok := p.Led(); ok {
		if f := h.Suit(led); f != 0 {
			return f
		}
	}
	return h
}

// Check reports whether seat may play c now: nil if it may, otherwise an
// [*IllegalError] that says why.
func (p *CardPlay) Check(seat card.Seat, c card.Card) error {
	trick := p.TrickNumber()
	if p.Done() {
		return afterEnd(seat, c.String(), trick, "all thirteen tricks have been played")
	}
	if !c.Valid() {
		return illegal(seat, c.String(), trick, "not a card")
	}
	turn := p.ToAct()
	if seat != turn {
		if seat == p.declarer && turn == p.Dummy() {
			return illegal(seat, c.String(), trick, "it is dummy's turn: play dummy's card for %s", turn)
		}
		return illegal(seat, c.String(), trick, "it is %s's turn to play", turn)
	}
	h := p.hands[seat]
	if !h.Has(c) {
		return illegal(seat, c.String(), trick, "%s does not hold %s", seat, c)
	}
	if led, ok := p.Led(); ok && c.Suit() != led && h.Suit(led) != 0 {
		return illegal(seat, c.String(), trick, "must follow suit in %s", suitName(led))
	}
	return nil
}

// Add plays card c from seat's hand. An illegal card returns an
// [*IllegalError] and leaves the play unchanged.
func (p *CardPlay) Add(seat card.Seat, c card.Card) error {
	if err := p.Check(seat, c); err != nil {
		return err
	}
	p.add(c)
	return nil
}

// add plays c for the seat to act; c must be legal.
func (p *CardPlay) add(c card.Card) {
	seat := p.ToAct()
	p.hands[seat] = p.hands[seat].Remove(c)
	p.played[p.n] = c
	p.n++
	if p.n%4 == 0 {
		k := p.n/4 - 1
		w := p.trickWinner(k)
		p.leaders[k+1] = w
		p.won[w.Side()]++
	}
}

// trickWinner returns the winner of the complete trick k.
func (p *CardPlay) trickWinner(k uint8) card.Seat {
	return TrickWinner(p.leaders[k], [4]card.Card(p.played[k*4:k*4+4]), p.strain)
}

// beats reports whether card a, played after b, beats b: a higher card of the
// same suit, or a trump on a non-trump.
func beats(a, b card.Card, trump card.Suit, hasTrump bool) bool {
	if a.Suit() == b.Suit() {
		return a.Rank() > b.Rank()
	}
	return hasTrump && a.Suit() == trump
}

// TrickWinner returns the seat that wins a trick of four cards led by leader
// in strain.
func TrickWinner(leader card.Seat, cards [4]card.Card, strain Strain) card.Seat {
	trump, hasTrump := strain.Suit()
	best := 0
	for i := 1; i < 4; i++ {
		if beats(cards[i], cards[best], trump, hasTrump) {
			best = i
		}
	}
	return card.Seat((int(leader) + best) & 3)
}

// Tricks returns the tricks side has won.
func (p *CardPlay) Tricks(side card.Side) int { return int(p.won[side&1]) }

// DeclarerTricks returns the tricks declarer's side has won.
func (p *CardPlay) DeclarerTricks() int { return int(p.won[p.declarer.Side()]) }

// Trick is one trick: who led, the cards in the order played, and the winner
// once four cards are down.
type Trick struct {
	Leader card.Seat
	Cards  []card.Card
	Winner card.Seat // meaningful only when Complete
}

// Complete reports whether all four cards of t are played.
func (t Trick) Complete() bool { return len(t.Cards) == 4 }

// Seat returns the seat that played card i of the trick.
func (t Trick) Seat(i int) card.Seat { return card.Seat((int(t.Leader) + i) & 3) }

// MarshalJSON writes {"leader":"W","cards":["S9","ST"],"winner":"N"}, the
// winner only for a complete trick.
func (t Trick) MarshalJSON() ([]byte, error) {
	// Written by hand, as encoding/json would write the struct: a trick
	// is in every state message of the play, and the reflection's
	// intermediate copies were a sixth of the bytes a message allocated.
	if t.Leader > card.West || (t.Complete() && t.Winner > card.West) {
		return nil, fmt.Errorf("bridge: a trick with an invalid seat (leader %d, winner %d)", t.Leader, t.Winner)
	}
	b := make([]byte, 0, 48+5*len(t.Cards))
	b = append(b, `{"leader":"`...)
	b = append(b, t.Leader.String()...)
	b = append(b, `","cards":[`...)
	for i, c := range t.Cards {
		if !c.Valid() {
			return nil, fmt.Errorf("bridge: a trick with an invalid card %d", uint8(c))
		}
		if i > 0 {
			b = append(b, ',')
		}
		// A card's name is letters and digits: nothing to escape.
		b = append(b, '"')
		b = append(b, c.String()...)
		b = append(b, '"')
	}
	b = append(b, ']')
	if t.Complete() {
		b = append(b, `,"winner":"`...)
		b = append(b, t.Winner.String()...)
		b = append(b, '"')
	}
	return append(b, '}'), nil
}

// Trick returns trick k (0-based), complete or in progress.
func (p *CardPlay) Trick(k int) Trick {
	lo := k * 4
	hi := min(lo+4, int(p.n))
	t := Trick{Leader: p.leaders[k]}
	if hi > lo {
		t.Cards = append([]card.Card(nil), p.played[lo:hi]...)
	}
	if hi-lo == 4 {
		t.Winner = p.leaders[k+1]
	}
	return t
}

// Current returns the trick in progress: its leader and the cards played to
// it so far (none between tricks). Once the play is over it is the last
// trick.
func (p *CardPlay) Current() Trick {
	if p.n == 52 {
		return p.Trick(12)
	}
	return p.Trick(int(p.n) / 4)
}

// LastCompleted returns the last completed trick; ok is false before the
// first trick is complete.
func (p *CardPlay) LastCompleted() (Trick, bool) {
	if p.n < 4 {
		return Trick{}, false
	}
	return p.Trick(int(p.n)/4 - 1), true
}

// CompletedTricks returns all completed tricks in order.
func (p *CardPlay) CompletedTricks() []Trick {
	out := make([]Trick, p.n/4)
	for k := range out {
		out[k] = p.Trick(k)
	}
	return out
}

// seatOfCard returns the seat that played card i of the play.
func (p *CardPlay) seatOfCard(i int) card.Seat {
	return card.Seat((int(p.leaders[i/4]) + i%4) & 3)
}

func suitName(s card.Suit) string {
	return [...]string{"clubs", "diamonds", "hearts", "spades"}[s&3]
}

// handStrings lists the cards of h in the order of [card.Hand.Cards] as text.
func handStrings(h card.Hand) []string {
	out := make([]string, 0, bits.OnesCount64(uint64(h)))
	for _, c := range h.Cards() {
		out = append(out, c.String())
	}
	return out
}
