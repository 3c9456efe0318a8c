package bidding

import (
	"math/bits"

	"atout/card"
)

// Eval is the bidder's view of one hand: every figure the rules look at,
// computed once.
type Eval struct {
	Hand card.Hand
	// HCP counts 4-3-2-1 for A-K-Q-J.
	HCP int
	// Len is the length of each suit, indexed by card.Suit.
	Len [4]int
	// SuitHCP is the high-card points held in each suit.
	SuitHCP [4]int
	// LengthPts is HCP plus one point for every card beyond four in a suit.
	LengthPts int
	// Controls counts aces as two and kings as one.
	Controls int
	// Aces and Kings count those cards.
	Aces, Kings int
	// LTC is the losing-trick count (at most three losers a suit).
	LTC int
	// QuickTricks counts AK=2, AQ=1.5, A=1, KQ=1, Kx=0.5.
	QuickTricks float64
	// Balanced: 4333, 4432 or 5332. SemiBalanced adds 5422 and 6322.
	Balanced, SemiBalanced bool
}

// Evaluate computes the figures of hand h.
func Evaluate(h card.Hand) *Eval {
	e := &Eval{Hand: h}
	for s := card.Suit(0); s < card.NumSuits; s++ {
		m := h.SuitMask(s)
		n := bits.OnesCount16(m)
		e.Len[s] = n
		p := 0
		if m&(1<<card.Ace) != 0 {
			p += 4
			e.Aces++
			e.Controls += 2
		}
		if m&(1<<card.King) != 0 {
			p += 3
			e.Kings++
			e.Controls++
		}
		if m&(1<<card.Queen) != 0 {
			p += 2
		}
		if m&(1<<card.Jack) != 0 {
			p++
		}
		e.SuitHCP[s] = p
		e.HCP += p
		if n > 4 {
			e.LengthPts += n - 4
		}
		e.LTC += losers(m, n)
		e.QuickTricks += quickTricks(m)
	}
	e.LengthPts += e.HCP
	sh := e.shape()
	switch sh {
	case [4]int{4, 3, 3, 3}, [4]int{4, 4, 3, 2}, [4]int{5, 3, 3, 2}:
		e.Balanced, e.SemiBalanced = true, true
	case [4]int{5, 4, 2, 2}, [4]int{6, 3, 2, 2}:
		e.SemiBalanced = true
	}
	return e
}

// shape returns the suit lengths sorted longest first.
func (e *Eval) shape() [4]int {
	s := e.Len
	for i := 1; i < 4; i++ {
		for j := i; j > 0 && s[j] > s[j-1]; j-- {
			s[j], s[j-1] = s[j-1], s[j]
		}
	}
	return s
}

// Shape returns the suit lengths, longest first.
func (e *Eval) Shape() [4]int { return e.shape() }

func losers(m uint16, n int) int {
	has := func(r card.Rank) bool { return m&(1<<r) != 0 }
	l := 0
	switch {
	case n == 0:
		return 0
	case n == 1:
		if !has(card.Ace) {
			l = 1
		}
	case n == 2:
		if !has(card.Ace) {
			l++
		}
		if !has(card.King) {
			l++
		}
	default:
		if !has(card.Ace) {
			l++
		}
		if !has(card.King) {
			l++
		}
		if !has(card.Queen) {
			l++
		}
	}
	return l
}

func quickTricks(m uint16) float64 {
	a, k, q := m&(1<<card.Ace) != 0, m&(1<<card.King) != 0, m&(1<<card.Queen) != 0
	switch {
	case a && k:
		return 2
	case a && q:
		return 1.5
	case a:
		return 1
	case k && q:
		return 1
	case k && bits.OnesCount16(m) >= 2:
		return 0.5
	}
	return 0
}

// Longest returns the longest suit; among equal lengths the higher one when
// they are five cards or more, the lower one otherwise.
func (e *Eval) Longest() card.Suit {
	best := card.Clubs
	for s := card.Diamonds; s <= card.Spades; s++ {
		if e.Len[s] > e.Len[best] || (e.Len[s] == e.Len[best] && e.Len[s] >= 5) {
			best = s
		}
	}
	return best
}

// Top reports how many of the top n honours (A K Q J T, n <= 5) suit s holds.
func (e *Eval) Top(s card.Suit, n int) int {
	m := e.Hand.SuitMask(s)
	c := 0
	for r := card.Ace; r > card.Ace-card.Rank(n); r-- {
		if m&(1<<r) != 0 {
			c++
		}
	}
	return c
}

// GoodSuit reports a suit fit to bid on its own: two of the top three
// honours or three of the top five.
func (e *Eval) GoodSuit(s card.Suit) bool {
	return e.Top(s, 3) >= 2 || e.Top(s, 5) >= 3
}

// DecentSuit reports a suit worth an overcall or a weak two: at least one of
// the top three honours and 4+ HCP in it, or two of the top five.
func (e *Eval) DecentSuit(s card.Suit) bool {
	return e.SuitHCP[s] >= 4 || e.Top(s, 5) >= 2
}

// Stopper reports a stopper in s: A, Kx, Qxx, Jxxx or any five cards.
func (e *Eval) Stopper(s card.Suit) bool {
	m, n := e.Hand.SuitMask(s), e.Len[s]
	switch {
	case m&(1<<card.Ace) != 0:
		return true
	case m&(1<<card.King) != 0 && n >= 2:
		return true
	case m&(1<<card.Queen) != 0 && n >= 3:
		return true
	case m&(1<<card.Jack) != 0 && n >= 4:
		return true
	}
	return n >= 5
}

// SupportPts is HCP plus shortness points for a hand that will be dummy
// with trumps cards in partner's suit trump: 5/3/1 for void, singleton and
// doubleton with four trumps or more, 3/2/1 with three, a point less for a
// singleton king, queen or jack.
func (e *Eval) SupportPts(trump card.Suit) int {
	p := e.HCP
	for s := card.Suit(0); s < card.NumSuits; s++ {
		if s == trump {
			continue
		}
		switch e.Len[s] {
		case 0:
			if e.Len[trump] >= 4 {
				p += 5
			} else {
				p += 3
			}
		case 1:
			if e.Len[trump] >= 4 {
				p += 3
			} else {
				p += 2
			}
			if e.SuitHCP[s] > 0 && e.SuitHCP[s] < 4 {
				p-- // a bare king, queen or jack: its points and the shortness overlap
			}
		case 2:
			p++
		}
	}
	return p
}

// ShortPts is HCP plus 3/2/1 for each void, singleton and doubleton: the
// value of a takeout double.
func (e *Eval) ShortPts() int {
	p := e.HCP
	for _, n := range e.Len {
		switch n {
		case 0:
			p += 3
		case 1:
			p += 2
		case 2:
			p++
		}
	}
	return p
}
