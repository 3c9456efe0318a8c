package scoring

import (
	"fmt"

	"atout/bridge"
	"atout/card"
)

// ChicagoOptions are the club choices of Chicago (four-deal bridge).
type ChicagoOptions struct {
	// FirstDealer deals the first deal; the deal passes clockwise. The zero
	// value is North; the value is taken modulo 4.
	FirstDealer card.Seat
	// SwapVul makes the non-dealer side vulnerable on deals 2 and 3 instead
	// of the dealer's side (the same as swapping deals 2 and 3).
	SwapVul bool
	// PartscoreBonus is given on every partscore that does not complete a
	// game, as in "four-deal bridge with duplicate scoring" (usually 50). The
	// ACBL default is 0. On deal 4 the flat 100 applies instead.
	PartscoreBonus int
	// Honours counts honours as in rubber bridge (not in ACBL Chicago).
	Honours bool
}

// ChicagoSchedule returns the dealer and vulnerability of deal n (1..4) of a
// Chicago cycle started by first: deal 1 nobody vulnerable, deals 2 and 3 the
// dealer's side (the other side when swap is set), deal 4 both.
func ChicagoSchedule(n int, first card.Seat, swap bool) (card.Seat, bridge.Vul, error) {
	if n < 1 || n > 4 {
		return 0, 0, inputErr("ChicagoSchedule", "deal", n, "want 1..4")
	}
	if first > card.West {
		return 0, 0, inputErr("ChicagoSchedule", "first dealer", first, "want N, E, S or W")
	}
	dealer := card.Seat((int(first) + n - 1) % 4)
	switch n {
	case 1:
		return dealer, bridge.VulNone, nil
	case 4:
		return dealer, bridge.VulAll, nil
	}
	side := dealer.Side()
	if swap {
		side = side.Other()
	}
	return dealer, pickVul(side), nil
}

func pickVul(s card.Side) bridge.Vul {
	if s == card.NS {
		return bridge.VulNS
	}
	return bridge.VulEW
}

// ChicagoDeal is one deal of a Chicago cycle as scored.
type ChicagoDeal struct {
	Number int       // 1..4, the place in the cycle
	Dealer card.Seat // from the schedule
	Vul    bridge.Vul
	Result DealResult
	Redeal bool    // passed out: redealt by the same dealer, not counted
	Game   bool    // declarer's side completed a game on this deal
	Points [2]int  // points scored on this deal, indexed by side (NS, EW)
	Lines  []Entry // the entries of the deal
}

// Chicago is one four-deal cycle of Chicago (ACBL). Each deal is scored
// duplicate-style for overtricks, insult, slams and undertricks, at the
// vulnerability of the schedule. Trick scores that do not make a game carry
// forward within the cycle and can add up to one; once either side completes
// a game, the earlier partscores of both sides stop counting. A game earns
// 300 or 500 by the vulnerability of the deal on which it is completed. A
// partscore made on deal 4 that does not complete a game earns 100. A
// passed-out deal is redealt by the same dealer and does not count.
//
// The zero Chicago is a new cycle with the ACBL options and North dealing
// first.
type Chicago struct {
	opt     ChicagoOptions
	deals   []ChicagoDeal
	played  int    // deals counted so far (redeals excluded)
	carry   [2]int // partscores carried toward game
	entries []Entry
}

// NewChicago returns a new cycle with the given options.
func NewChicago(opt ChicagoOptions) *Chicago { return &Chicago{opt: opt} }

// Next returns the number (1..4), dealer and vulnerability of the next deal;
// ok is false when the cycle is over.
func (c *Chicago) Next() (n int, dealer card.Seat, vul bridge.Vul, ok bool) {
	if c.Over() {
		return 0, 0, 0, false
	}
	n = c.played + 1
	dealer, vul, err := ChicagoSchedule(n, c.opt.FirstDealer&3, c.opt.SwapVul)
	return n, dealer, vul, err == nil
}

// Apply scores the next deal of the cycle.
func (c *Chicago) Apply(d DealResult) (ChicagoDeal, error) {
	n, dealer, vul, ok := c.Next()
	if !ok {
		return ChicagoDeal{}, fmt.Errorf("scoring: Chicago.Apply: the four deals are played: %w", ErrFinished)
	}
	if err := d.validate("Chicago.Apply"); err != nil {
		return ChicagoDeal{}, err
	}
	if !c.opt.Honours && d.Honours.Points != 0 {
		return ChicagoDeal{}, inputErr("Chicago.Apply", "honours", d.Honours.Points, "honours are not counted (ChicagoOptions.Honours)")
	}
	cd := ChicagoDeal{Number: n, Dealer: dealer, Vul: vul, Result: d}
	if d.Contract.IsPass() {
		cd.Redeal = true
		c.deals = append(c.deals, cd)
		return cd, nil
	}
	c.played++
	decl := d.Declarer
	v := vul.Has(decl)
	es := contractEntries(d, v)
	if d.Tricks >= 6+int(d.Contract.Level) { // made: trick points count toward game
		c.carry[decl] += bridge.TrickScore(d.Contract)
		switch {
		case c.carry[decl] >= 100:
			cd.Game = true
			c.carry = [2]int{}
			es = append(es, Entry{Side: decl, Kind: GameBonus, Points: pick(v, 500, 300)})
		case n == 4:
			es = append(es, Entry{Side: decl, Kind: PartscoreBonus, Points: 100})
		case c.opt.PartscoreBonus > 0:
			es = append(es, Entry{Side: decl, Kind: PartscoreBonus, Points: c.opt.PartscoreBonus})
		}
	}
	if d.Honours.Points > 0 {
		es = append(es, Entry{Side: d.Honours.Side, Kind: HonoursBonus, Points: d.Honours.Points})
	}
	for i := range es {
		es[i].Deal = n
		es[i].Below = false // Chicago keeps one column per side
		cd.Points[es[i].Side] += es[i].Points
	}
	cd.Lines = es
	c.entries = append(c.entries, es...)
	c.deals = append(c.deals, cd)
	return cd, nil
}

// Over reports whether the four deals have been played.
func (c *Chicago) Over() bool { return c.played >= 4 }

// Played returns the number of deals counted so far (0..4).
func (c *Chicago) Played() int { return c.played }

// PartScore returns the partscore side carries toward game.
func (c *Chicago) PartScore(side card.Side) int { return c.carry[side&1] }

// Total returns side's points in the cycle.
func (c *Chicago) Total(side card.Side) int {
	t := 0
	for _, e := range c.entries {
		if e.Side == side {
			t += e.Points
		}
	}
	return t
}

// Net returns NS's total minus EW's total.
func (c *Chicago) Net() int { return c.Total(card.NS) - c.Total(card.EW) }

// Deals returns the deals scored so far, redeals included, in order.
func (c *Chicago) Deals() []ChicagoDeal { return append([]ChicagoDeal(nil), c.deals...) }

// Entries returns a copy of the score sheet.
func (c *Chicago) Entries() []Entry { return append([]Entry(nil), c.entries...) }
