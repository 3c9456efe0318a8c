package bridgebot

import (
	"fmt"

	"atout/bridge"
	"atout/card"
)

// Constraint bounds a seat's original thirteen cards: what its calls showed.
// Lengths are indexed by card.Suit (clubs 0 ... spades 3).
type Constraint struct {
	MinHCP, MaxHCP int
	MinLen, MaxLen [4]int
	Balanced       bool
	// Named holds the suits the seat bid naturally (bit 1<<suit): suits it
	// showed even when its calls' meanings bound no length in them. It
	// does not constrain the hand (the lead conventions read it).
	Named uint8
}

// AnyHand is the constraint that every hand meets.
func AnyHand() Constraint {
	return Constraint{MaxHCP: 37, MaxLen: [4]int{13, 13, 13, 13}}
}

// Intersect narrows c by o (a seat's calls show more and more). A
// contradiction keeps the later reading, o.
func (c Constraint) Intersect(o Constraint) Constraint {
	r := c
	r.MinHCP, r.MaxHCP = max(c.MinHCP, o.MinHCP), min(c.MaxHCP, o.MaxHCP)
	if r.MinHCP > r.MaxHCP {
		r.MinHCP, r.MaxHCP = o.MinHCP, o.MaxHCP
	}
	for s := range 4 {
		r.MinLen[s], r.MaxLen[s] = max(c.MinLen[s], o.MinLen[s]), min(c.MaxLen[s], o.MaxLen[s])
		if r.MinLen[s] > r.MaxLen[s] {
			r.MinLen[s], r.MaxLen[s] = o.MinLen[s], o.MaxLen[s]
		}
	}
	r.Balanced = c.Balanced || o.Balanced
	r.Named = c.Named | o.Named
	return r
}

// Widen loosens c: HCP by hcp points each way, lengths by n cards each way.
func (c Constraint) Widen(hcp, n int) Constraint {
	r := c
	r.MinHCP, r.MaxHCP = max(0, c.MinHCP-hcp), min(37, c.MaxHCP+hcp)
	for s := range 4 {
		r.MinLen[s], r.MaxLen[s] = max(0, c.MinLen[s]-n), min(13, c.MaxLen[s]+n)
	}
	if n > 0 {
		r.Balanced = false
	}
	return r
}

// IsAny reports whether c constrains nothing.
func (c Constraint) IsAny() bool {
	c.Named = 0
	return c == AnyHand()
}

// Bid reports whether the seat showed suit s: bid it naturally or showed
// four or more cards in it.
func (c Constraint) Bid(s card.Suit) bool { return c.Named>>s&1 != 0 || c.MinLen[s] >= 4 }

// Fits reports whether a thirteen-card hand meets c.
func (c Constraint) Fits(h card.Hand) bool {
	p := HCP(h)
	if p < c.MinHCP || p > c.MaxHCP {
		return false
	}
	short := 0
	for s := range 4 {
		n := h.SuitLen(card.Suit(s))
		if n < c.MinLen[s] || n > c.MaxLen[s] {
			return false
		}
		if n <= 2 {
			short += 3 - n // a doubleton counts 1, a singleton 2, a void 3
		}
	}
	// balanced: 4333, 4432 or 5332 (at most one doubleton, no shortness)
	return !c.Balanced || short <= 1
}

// String writes c briefly, for logs and test failures.
func (c Constraint) String() string {
	return fmt.Sprintf("%d-%d HCP len C%d-%d D%d-%d H%d-%d S%d-%d bal=%v", c.MinHCP, c.MaxHCP,
		c.MinLen[0], c.MaxLen[0], c.MinLen[1], c.MaxLen[1], c.MinLen[2], c.MaxLen[2], c.MinLen[3], c.MaxLen[3], c.Balanced)
}

// HCP returns the high-card points of h (A 4, K 3, Q 2, J 1).
func HCP(h card.Hand) int {
	p := 0
	for s := range 4 {
		m := h.SuitMask(card.Suit(s))
		p += 4*int(m>>card.Ace&1) + 3*int(m>>card.King&1) + 2*int(m>>card.Queen&1) + int(m>>card.Jack&1)
	}
	return p
}

// Knowledge is what one seat knows at a point of the play: the hands it
// sees, the cards played, who has shown out of which suit, and what the
// auction showed about every hand. It is built from the seat's view and the
// public history of the deal only ([Observe]).
type Knowledge struct {
	Me       card.Seat // the seat deciding: declarer when dummy's card is due
	ToMove   card.Seat // the seat whose card is due
	Strain   bridge.Strain
	Contract bridge.Contract
	Declarer card.Seat
	Known    [4]bool       // hands the seat sees
	Hands    bridge.Deal   // cards not yet played of the seats in Known
	Played   [4]card.Hand  // cards each seat has played, the current trick included
	Voids    [4]uint8      // bit s set: the seat has shown out of suit s
	Leader   card.Seat     // leader of the current trick
	Trick    []card.Card   // cards played to the current trick
	Won      [2]int        // tricks won so far by each side
	Shown    [4]Constraint // what the auction showed about each original hand
	// Auction, Dealer and Vul are the auction and its conditions, kept
	// when the auction is read (shown != nil in [Observe]).
	Auction []bridge.Call
	Dealer  card.Seat
	Vul     bridge.Vul
}

// Observe builds what the controller of seat (declarer for dummy) knows in
// g, which must be in the play phase. shown holds the constraints from the
// auction (AnyHand for seats that showed nothing), or nil.
func Observe(g *bridge.Game, seat card.Seat, shown *[4]Constraint) (*Knowledge, error) {
	if g.Phase() != bridge.PhasePlay {
		return nil, fmt.Errorf("bridgebot: no card to play in phase %s", g.Phase())
	}
	turn, _ := g.Turn()
	if seat != turn {
		return nil, fmt.Errorf("bridgebot: it is %s's turn, not %s's", turn, seat)
	}
	me := g.Controller(seat)
	v := g.SeatView(me)
	cp := g.CardPlay()
	k := &Knowledge{
		Me:       me,
		ToMove:   seat,
		Strain:   cp.Strain(),
		Contract: g.Contract(),
		Declarer: cp.Declarer(),
	}
	for s, h := range v.Hands {
		k.Known[s] = true
		k.Hands[s] = h
	}
	k.Won[card.NS] = v.Tricks[card.NS]
	k.Won[card.EW] = v.Tricks[card.EW]
	n := cp.CardsPlayed()
	for i := 0; i*4 < n; i++ {
		t := cp.Trick(i)
		for j, c := range t.Cards {
			s := t.Seat(j)
			k.Played[s] = k.Played[s].Add(c)
			if j > 0 && c.Suit() != t.Cards[0].Suit() {
				k.Voids[s] |= 1 << t.Cards[0].Suit()
			}
		}
	}
	cur := cp.Current()
	k.Leader = cur.Leader
	k.Trick = cur.Cards
	for s := range 4 {
		k.Shown[s] = AnyHand()
		if shown != nil {
			k.Shown[s] = shown[s]
		}
	}
	if shown != nil {
		a := g.Auction()
		k.Auction, k.Dealer, k.Vul = a.Calls(), g.Dealer(), g.Vul()
	}
	return k, k.check()
}

// check verifies that the knowledge is coherent: no card both seen and
// played, hand sizes that add up.
func (k *Knowledge) check() error {
	var seen card.Hand
	for s := range 4 {
		if seen&k.Played[s] != 0 {
			return fmt.Errorf("bridgebot: card played twice")
		}
		seen |= k.Played[s]
	}
	for s := range 4 {
		if !k.Known[s] {
			continue
		}
		if seen&k.Hands[s] != 0 {
			return fmt.Errorf("bridgebot: %s holds a played card", card.Seat(s))
		}
		if k.Hands[s].Len() != k.Need(card.Seat(s)) {
			return fmt.Errorf("bridgebot: %s holds %d cards, want %d", card.Seat(s), k.Hands[s].Len(), k.Need(card.Seat(s)))
		}
		seen |= k.Hands[s]
	}
	return nil
}

// Need returns the number of cards seat still holds: 13 less those it
// played.
func (k *Knowledge) Need(s card.Seat) int { return 13 - k.Played[s].Len() }

// Unseen returns the cards the deciding seat has not seen: neither in a
// hand it sees nor played.
func (k *Knowledge) Unseen() card.Hand {
	h := card.Full52
	for s := range 4 {
		h &^= k.Played[s]
		if k.Known[s] {
			h &^= k.Hands[s]
		}
	}
	return h
}

// Legal returns the cards the seat to move may play.
func (k *Knowledge) Legal() card.Hand {
	h := k.Hands[k.ToMove]
	if len(k.Trick) > 0 {
		if f := h.Suit(k.Trick[0].Suit()); f != 0 {
			return f
		}
	}
	return h
}
