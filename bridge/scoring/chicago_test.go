package scoring

import (
	"errors"
	"testing"

	"atout/bridge"
	"atout/card"
)

func TestChicagoSchedule(t *testing.T) {
	type sv struct {
		dealer card.Seat
		vul    bridge.Vul
	}
	for _, tc := range []struct {
		first card.Seat
		swap  bool
		want  [4]sv
	}{
		{card.North, false, [4]sv{{card.North, bridge.VulNone}, {card.East, bridge.VulEW}, {card.South, bridge.VulNS}, {card.West, bridge.VulAll}}},
		{card.North, true, [4]sv{{card.North, bridge.VulNone}, {card.East, bridge.VulNS}, {card.South, bridge.VulEW}, {card.West, bridge.VulAll}}},
		{card.East, false, [4]sv{{card.East, bridge.VulNone}, {card.South, bridge.VulNS}, {card.West, bridge.VulEW}, {card.North, bridge.VulAll}}},
	} {
		for i, w := range tc.want {
			d, v, err := ChicagoSchedule(i+1, tc.first, tc.swap)
			if err != nil || d != w.dealer || v != w.vul {
				t.Errorf("ChicagoSchedule(%d, %v, %v) = %v %v %v, want %v %v", i+1, tc.first, tc.swap, d, v, err, w.dealer, w.vul)
			}
		}
	}
	for _, n := range []int{0, 5, -1} {
		if _, _, err := ChicagoSchedule(n, card.North, false); err == nil {
			t.Errorf("ChicagoSchedule(%d) accepted", n)
		}
	}
	if _, _, err := ChicagoSchedule(1, 4, false); err == nil {
		t.Error("bad first dealer accepted")
	}
}

func capply(t *testing.T, c *Chicago, d DealResult) ChicagoDeal {
	t.Helper()
	cd, err := c.Apply(d)
	if err != nil {
		t.Fatalf("Apply(%+v): %v", d, err)
	}
	return cd
}

// Carried partscores: NS 60 on deal 1, EW 40 on deal 2, NS complete their
// game on deal 3 (vulnerable: 500) wiping EW's 40, EW make a partscore on
// deal 4 (100 bonus). With the duplicate-scoring option, 50 on the
// partscores of deals 1–3.
func TestChicagoCarriedPartscores(t *testing.T) {
	for _, tc := range []struct {
		opt    ChicagoOptions
		ns, ew int
	}{
		{ChicagoOptions{}, 600, 200},
		{ChicagoOptions{PartscoreBonus: 50}, 650, 250},
	} {
		c := NewChicago(tc.opt)
		n, dealer, vul, ok := c.Next()
		if !ok || n != 1 || dealer != card.North || vul != bridge.VulNone {
			t.Fatalf("Next = %d %v %v %v", n, dealer, vul, ok)
		}
		d1 := capply(t, c, deal(t, "2S", card.NS, 8))
		if d1.Game || d1.Points != [2]int{60 + tc.opt.PartscoreBonus, 0} || c.PartScore(card.NS) != 60 {
			t.Fatalf("deal 1 %+v carry %d", d1, c.PartScore(card.NS))
		}
		d2 := capply(t, c, deal(t, "1NT", card.EW, 7))
		if d2.Number != 2 || d2.Vul != bridge.VulEW || c.PartScore(card.EW) != 40 {
			t.Fatalf("deal 2 %+v", d2)
		}
		d3 := capply(t, c, deal(t, "2D", card.NS, 8))
		if !d3.Game || d3.Points != [2]int{540, 0} || d3.Vul != bridge.VulNS {
			t.Fatalf("deal 3 %+v", d3)
		}
		if c.PartScore(card.NS) != 0 || c.PartScore(card.EW) != 0 {
			t.Fatalf("partscores not wiped: %d %d", c.PartScore(card.NS), c.PartScore(card.EW))
		}
		d4 := capply(t, c, deal(t, "2C", card.EW, 9))
		if d4.Game || d4.Points != [2]int{0, 160} || d4.Dealer != card.West || d4.Vul != bridge.VulAll {
			t.Fatalf("deal 4 %+v", d4)
		}
		if c.Total(card.NS) != tc.ns || c.Total(card.EW) != tc.ew || c.Net() != tc.ns-tc.ew {
			t.Errorf("%+v: totals %d %d, want %d %d", tc.opt, c.Total(card.NS), c.Total(card.EW), tc.ns, tc.ew)
		}
		if !c.Over() || c.Played() != 4 || len(c.Deals()) != 4 {
			t.Fatal("cycle not over")
		}
		if _, _, _, ok := c.Next(); ok {
			t.Error("Next after the cycle")
		}
		if _, err := c.Apply(deal(t, "1C", card.NS, 7)); !errors.Is(err, ErrFinished) {
			t.Errorf("Apply after the cycle: %v", err)
		}
	}
}

// The game bonus follows the vulnerability of the deal on which the game is
// completed: NS's 60 from deal 1 plus 60 on deal 2 is a game worth 300 when
// EW are vulnerable on deal 2, 500 when the vulnerability of deals 2 and 3 is
// swapped.
func TestChicagoGameBonusVulnerability(t *testing.T) {
	for _, tc := range []struct {
		swap bool
		want int
	}{{false, 300}, {true, 500}} {
		c := NewChicago(ChicagoOptions{SwapVul: tc.swap})
		capply(t, c, deal(t, "2H", card.NS, 8))
		d := capply(t, c, deal(t, "2S", card.NS, 8))
		if !d.Game || d.Points[card.NS] != 60+tc.want {
			t.Errorf("swap=%v: deal 2 %+v, want game bonus %d", tc.swap, d, tc.want)
		}
	}
}

// A passed-out deal is redealt by the same dealer and does not count.
func TestChicagoPassedOut(t *testing.T) {
	var c Chicago
	capply(t, &c, deal(t, "3NT", card.EW, 9)) // deal 1: 400
	p := capply(t, &c, DealResult{Contract: bridge.PassedOut})
	if !p.Redeal || p.Number != 2 || p.Dealer != card.East || p.Points != [2]int{} {
		t.Fatalf("passed out %+v", p)
	}
	n, dealer, _, _ := c.Next()
	if n != 2 || dealer != card.East || c.Played() != 1 {
		t.Fatalf("after a redeal: next %d %v played %d", n, dealer, c.Played())
	}
	capply(t, &c, deal(t, "4S", card.EW, 10)) // deal 2, EW vul: 620
	capply(t, &c, deal(t, "4S", card.EW, 9))  // deal 3, EW not vul: NS 50
	capply(t, &c, deal(t, "7NT", card.NS, 13))
	if c.Total(card.EW) != 400+620 || c.Total(card.NS) != 50+2220 || len(c.Deals()) != 5 {
		t.Errorf("totals %d %d deals %d", c.Total(card.NS), c.Total(card.EW), len(c.Deals()))
	}
}

// Property: with no partscore carried, deal 1 scored with the 50 option is
// the non-vulnerable duplicate score, and deal 4 is the vulnerable duplicate
// score with 100 instead of 50 for a partscore.
func TestChicagoMatchesDuplicate(t *testing.T) {
	for l := uint8(1); l <= 7; l++ {
		for _, s := range bridge.Strains {
			for dbl := uint8(0); dbl <= 2; dbl++ {
				for tr := 0; tr <= 13; tr++ {
					con := bridge.Contract{Level: l, Strain: s, Doubled: dbl}
					c := NewChicago(ChicagoOptions{PartscoreBonus: 50})
					d := capply(t, c, DealResult{Contract: con, Declarer: card.EW, Tricks: tr})
					if got, want := d.Points[card.EW]-d.Points[card.NS], bridge.Score(con, tr, false); got != want {
						t.Fatalf("deal 1 %v %d: %d, want %d", con, tr, got, want)
					}
					var c4 Chicago
					for range 3 {
						capply(t, &c4, deal(t, "7NT", card.NS, 12)) // down, no carry
					}
					d = capply(t, &c4, DealResult{Contract: con, Declarer: card.EW, Tricks: tr})
					want := bridge.Score(con, tr, true)
					if want > 0 && bridge.TrickScore(con) < 100 {
						want += 50
					}
					if got := d.Points[card.EW] - d.Points[card.NS]; got != want {
						t.Fatalf("deal 4 %v %d: %d, want %d", con, tr, got, want)
					}
				}
			}
		}
	}
}

func TestChicagoHonours(t *testing.T) {
	d := deal(t, "4H", card.NS, 9)
	d.Honours = Honours{Side: card.NS, Points: 100}
	var plain Chicago
	if _, err := plain.Apply(d); err == nil {
		t.Error("honours accepted without the option")
	}
	c := NewChicago(ChicagoOptions{Honours: true})
	cd := capply(t, c, d)
	if cd.Points != [2]int{100, 50} {
		t.Errorf("points %v, want NS 100 honours, EW 50", cd.Points)
	}
	if _, err := c.Apply(DealResult{Contract: mustContract(t, "1C"), Tricks: 20}); err == nil {
		t.Error("20 tricks accepted")
	}
	if len(c.Entries()) != 2 {
		t.Errorf("entries %+v", c.Entries())
	}
}
