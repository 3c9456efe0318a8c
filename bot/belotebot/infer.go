package belotebot

import (
	"math/bits"
	"math/rand/v2"

	"atout/belote"
	"atout/card"
)

// Knowledge is what one seat knows of a deal: its own hand, the public
// actions and what they imply about the hidden hands. It is built only from
// the seat's own hand and public information ([Observe]).
type Knowledge struct {
	Seat        card.Seat
	Rules       belote.Rules
	Dealer      card.Seat
	Phase       belote.Phase
	Contract    belote.Contract // valid when HasContract
	HasContract bool
	Trump       card.Suit // belote.NoSuit during the bidding and in no-trump
	Turned      card.Card // classic: the turned card
	Own         card.Hand // the seat's cards now
	Played      [4]card.Hand
	Can         [4]card.Hand // cards each seat may still hold (exact for Seat)
	Must        [4]card.Hand // cards each seat is known to hold
	Count       [4]int       // cards each seat holds now
	Calls       []belote.SeatAction
	Trick       []card.Card // the current trick
	Leader      card.Seat
	Points      [2]int  // card points won so far
	Won         [2]bool // whether each side has won a trick
	AnnPoints   [2]int  // announcement points each side has won (once known)
	BeloteSide  int     // side that said belote, or -1
}

// Observe returns what seat knows of deal d: its own hand and the public
// information of the seat's view (calls, cards played, the turned card,
// the announcements shown, belote said).
func Observe(d *belote.Deal, seat card.Seat) *Knowledge {
	v := d.SeatView(seat)
	k := &Knowledge{Seat: seat, Rules: d.Rules(), Dealer: d.Dealer(), Phase: d.Phase(), Trump: belote.NoSuit,
		Turned: d.Turned(), Own: d.Hand(seat), BeloteSide: -1}
	steps := d.Steps()
	calls := d.Calls()
	if d.Phase() == belote.PhaseBidding {
		calls = steps
	}
	k.Calls = calls
	if c, ok := d.Contract(); ok {
		k.Contract, k.HasContract = c, true
		k.Trump = d.Trump()
	}
	for s := range card.Seat(4) {
		k.Count[s] = v.HandSizes[s]
		k.Can[s] = card.Full32
	}
	var seen card.Hand // cards seat has seen: own and played
	seen = k.Own
	// the turned card goes to the taker in classic
	if k.Rules.Mode == belote.Classic && k.Turned != 0 && k.HasContract {
		k.Must[k.Contract.Taker] = k.Must[k.Contract.Taker].Add(k.Turned)
	}
	// the play, trick by trick
	if k.HasContract {
		var trick [4]card.Card
		var who [4]card.Seat
		n := 0
		for _, st := range steps[len(calls):] {
			c, p := st.Action.Card, st.Seat
			k.Played[p] = k.Played[p].Add(c)
			seen = seen.Add(c)
			if n > 0 && p != seat {
				k.inferFollow(p, trick[:n], c)
			}
			trick[n], who[n] = c, p
			n++
			if n == 4 {
				n = 0
			}
		}
		k.Trick = append([]card.Card(nil), trick[:n]...)
		_, k.Leader = d.Trick()
		k.Points = d.CardPoints()
		t := d.Tricks()
		k.Won = [2]bool{t[0] > 0, t[1] > 0}
		// announcements shown with their cards
		for _, a := range v.Winning {
			for _, c := range a.Cards {
				if !k.Played[a.Seat].Has(c) {
					k.Must[a.Seat] = k.Must[a.Seat].Add(c)
				}
			}
		}
		if v.AnnouncementWinner != nil {
			for _, a := range v.Winning {
				k.AnnPoints[*v.AnnouncementWinner] += a.Points
			}
		}
		if v.Belote != nil {
			bs := v.Belote.Seat
			k.BeloteSide = int(bs.Side())
			if !v.Belote.Rebelote {
				for _, r := range []card.Rank{card.King, card.Queen} {
					c := card.New(k.Trump, r)
					if !k.Played[bs].Has(c) {
						k.Must[bs] = k.Must[bs].Add(c)
					}
				}
			}
		}
	}
	for s := range card.Seat(4) {
		k.Must[s] &^= k.Played[s]
		if s == seat {
			k.Can[s], k.Must[s] = k.Own, k.Own
			continue
		}
		k.Can[s] &^= seen
		k.Can[s] |= k.Must[s]
		for o := range card.Seat(4) {
			if o != s {
				k.Can[s] &^= k.Must[o]
			}
		}
	}
	return k
}

// inferFollow narrows what p may hold after he played c to trick (the
// cards before his), by the rules of belote-rules §5.2.
func (k *Knowledge) inferFollow(p card.Seat, trick []card.Card, c card.Card) {
	led := trick[0].Suit()
	t := k.Trump
	if c.Suit() != led {
		k.Can[p] &^= card.Full32.Suit(led)
	}
	if t == belote.NoSuit {
		return
	}
	if t == belote.AllTrump {
		// tout-atout: a card of the led suit that does not beat the best
		// one there says he holds nothing higher in it
		if c.Suit() == led {
			best := trick[belote.TrickWinner(trick, t)]
			if belote.Strength(c, t) < belote.Strength(best, t) {
				for _, x := range card.Full32.Suit(led).Cards() {
					if belote.Strength(x, t) > belote.Strength(best, t) {
						k.Can[p] = k.Can[p].Remove(x)
					}
				}
			}
		}
		return
	}
	best := card.Card(0)
	for _, x := range trick {
		if x.Suit() == t && (best == 0 || belote.Strength(x, t) > belote.Strength(best, t)) {
			best = x
		}
	}
	higher := func() card.Hand {
		var h card.Hand
		for _, x := range card.Full32.Suit(t).Cards() {
			if belote.Strength(x, t) > belote.Strength(best, t) {
				h = h.Add(x)
			}
		}
		return h
	}
	if led == t {
		if c.Suit() == t && belote.Strength(c, t) < belote.Strength(best, t) {
			k.Can[p] &^= higher()
		}
		return
	}
	if c.Suit() == led {
		return
	}
	n := len(trick)
	if n >= 2 && belote.TrickWinner(trick, t) == n-2 {
		return // partner master: free choice
	}
	switch {
	case c.Suit() != t && best == 0:
		k.Can[p] &^= card.Full32.Suit(t)
	case c.Suit() != t && k.Rules.Mode == belote.Coinche && k.Rules.Setting == belote.Official:
		k.Can[p] &^= higher()
	case c.Suit() != t:
		k.Can[p] &^= card.Full32.Suit(t)
	case best != 0 && belote.Strength(c, t) < belote.Strength(best, t):
		k.Can[p] &^= higher()
	}
}

// Unseen returns the cards the seat has not seen: the other hands
// together.
func (k *Knowledge) Unseen() card.Hand {
	h := card.Full32 &^ k.Own
	for _, p := range k.Played {
		h &^= p
	}
	if k.Rules.Mode == belote.Classic && k.Turned != 0 && !k.HasContract {
		h = h.Remove(k.Turned)
	}
	return h
}

// Sample deals the cards the seat cannot see to the other seats,
// consistently with everything known: each seat gets as many cards as it
// holds, every card it is known to hold and only cards it may hold. It
// reports false when no deal fits (the knowledge is contradictory).
// Seats and counts can be overridden through counts (cards to give to each
// seat in all, must included) for hypothetical deals during the bidding.
func (k *Knowledge) Sample(rnd *rand.Rand, pool card.Hand, counts [4]int, can, must [4]card.Hand) ([4]card.Hand, bool) {
	var hands [4]card.Hand
	var need [4]int
	free := pool
	for s := range 4 {
		hands[s] = must[s]
		free &^= must[s]
		need[s] = counts[s] - must[s].Len()
		if need[s] < 0 {
			return hands, false
		}
	}
	cards := free.Cards()
	if len(cards) != need[0]+need[1]+need[2]+need[3] {
		return hands, false
	}
	rnd.Shuffle(len(cards), func(i, j int) { cards[i], cards[j] = cards[j], cards[i] })
	// most constrained cards first
	elig := func(c card.Card) int {
		n := 0
		for s := range 4 {
			if need[s] > 0 && can[s].Has(c) {
				n++
			}
		}
		return n
	}
	for i := 1; i < len(cards); i++ {
		for j := i; j > 0 && elig(cards[j]) < elig(cards[j-1]); j-- {
			cards[j], cards[j-1] = cards[j-1], cards[j]
		}
	}
	budget := 20000
	var rec func(i int) bool
	rec = func(i int) bool {
		if i == len(cards) {
			return true
		}
		budget--
		if budget < 0 {
			return false
		}
		c := cards[i]
		start := rnd.IntN(4)
		for o := range 4 {
			s := (start + o) & 3
			if need[s] == 0 || !can[s].Has(c) {
				continue
			}
			need[s]--
			hands[s] = hands[s].Add(c)
			if feasible(cards[i+1:], need, can) && rec(i+1) {
				return true
			}
			need[s]++
			hands[s] = hands[s].Remove(c)
		}
		return false
	}
	if !rec(0) {
		return hands, false
	}
	return hands, true
}

// feasible is a quick necessary check: every seat can still be filled and
// every card still has a seat.
func feasible(cards []card.Card, need [4]int, can [4]card.Hand) bool {
	var left card.Hand
	for _, c := range cards {
		left = left.Add(c)
	}
	for s := range 4 {
		if need[s] > 0 && bits.OnesCount64(uint64(left&can[s])) < need[s] {
			return false
		}
	}
	for _, c := range cards {
		ok := false
		for s := range 4 {
			if need[s] > 0 && can[s].Has(c) {
				ok = true
				break
			}
		}
		if !ok {
			return false
		}
	}
	return true
}

// SamplePlay deals the unseen cards during the play: the other seats get
// their current hands, consistent with the knowledge.
func (k *Knowledge) SamplePlay(rnd *rand.Rand) ([4]card.Hand, bool) {
	pool := k.Unseen() | k.Own
	return k.Sample(rnd, pool, k.Count, k.Can, k.Must)
}
