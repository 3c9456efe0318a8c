package scoring

import (
	"errors"
	"testing"

	"atout/bridge"
	"atout/card"
)

func mustContract(t testing.TB, s string) bridge.Contract {
	t.Helper()
	c, err := bridge.ParseContract(s)
	if err != nil {
		t.Fatal(err)
	}
	return c
}

func deal(t testing.TB, c string, decl card.Side, tricks int) DealResult {
	return DealResult{Contract: mustContract(t, c), Declarer: decl, Tricks: tricks}
}

func apply(t *testing.T, r *Rubber, d DealResult) []Entry {
	t.Helper()
	es, err := r.Apply(d)
	if err != nil {
		t.Fatalf("Apply(%+v): %v", d, err)
	}
	return es
}

type totals struct{ nsBelow, nsAbove, ewBelow, ewAbove int }

func checkTotals(t *testing.T, r *Rubber, want totals) {
	t.Helper()
	got := totals{r.Below(card.NS), r.Above(card.NS), r.Below(card.EW), r.Above(card.EW)}
	if got != want {
		t.Errorf("totals %+v, want %+v", got, want)
	}
	if r.Total(card.NS) != want.nsBelow+want.nsAbove || r.Total(card.EW) != want.ewBelow+want.ewAbove {
		t.Errorf("Total NS %d EW %d", r.Total(card.NS), r.Total(card.EW))
	}
	if r.Net() != r.Total(card.NS)-r.Total(card.EW) {
		t.Errorf("Net %d", r.Net())
	}
}

// A rubber won 2–1 by North-South where East-West win on points.
func TestRubberWonTwoOneLoserAhead(t *testing.T) {
	var r Rubber // zero value: ACBL options
	if r.Vul() != bridge.VulNone {
		t.Fatalf("new rubber vul %v", r.Vul())
	}
	apply(t, &r, deal(t, "4S", card.NS, 10)) // 120 below: game NS
	if r.Games(card.NS) != 1 || r.Vul() != bridge.VulNS || r.PartScore(card.NS) != 0 {
		t.Fatalf("after game 1: games %d vul %v part %d", r.Games(card.NS), r.Vul(), r.PartScore(card.NS))
	}
	apply(t, &r, deal(t, "4H", card.EW, 10)) // 120 below: game EW
	if r.Vul() != bridge.VulAll {
		t.Fatalf("vul %v, want All", r.Vul())
	}
	es := apply(t, &r, deal(t, "4SX", card.NS, 6)) // vul X down 4: EW +1100
	if len(es) != 1 || es[0] != (Entry{Deal: 3, Game: 3, Side: card.EW, Kind: Undertricks, Points: 1100}) {
		t.Fatalf("deal 3 entries %+v", es)
	}
	es = apply(t, &r, deal(t, "3NT", card.NS, 9)) // 100 below: game, rubber 2–1
	want := []Entry{
		{Deal: 4, Game: 3, Side: card.NS, Kind: TrickPoints, Points: 100, Below: true},
		{Deal: 4, Game: 3, Side: card.NS, Kind: RubberBonus, Points: 500},
	}
	if len(es) != 2 || es[0] != want[0] || es[1] != want[1] {
		t.Fatalf("deal 4 entries %+v, want %+v", es, want)
	}
	if !r.Over() || r.Abandoned() {
		t.Fatal("rubber should be won")
	}
	if w, ok := r.Winner(); !ok || w != card.NS {
		t.Fatalf("winner %v %v", w, ok)
	}
	checkTotals(t, &r, totals{nsBelow: 220, nsAbove: 500, ewBelow: 120, ewAbove: 1100})
	if r.Net() != -500 {
		t.Errorf("net %d, want -500: EW win on points", r.Net())
	}
	if _, err := r.Apply(deal(t, "1C", card.NS, 7)); !errors.Is(err, ErrFinished) {
		t.Errorf("Apply after the end: %v", err)
	}
	if _, err := r.Abandon(); !errors.Is(err, ErrFinished) {
		t.Errorf("Abandon after the end: %v", err)
	}
	if r.Deals() != 4 || len(r.Entries()) != 5 {
		t.Errorf("deals %d entries %d", r.Deals(), len(r.Entries()))
	}
}

// A 2–0 rubber: partscores adding up to game, overtricks, honours for either
// side (a defender's honours too), a slam at the vulnerability of the rubber,
// the 700 bonus, and an opponent's partscore wiped by the game.
func TestRubberTwoNil(t *testing.T) {
	r := NewRubber(RubberOptions{})
	d := deal(t, "2H", card.NS, 9)
	d.Honours = Honours{Side: card.NS, Points: 100}
	apply(t, r, d)                          // NS 60 below, 30 over, 100 honours
	apply(t, r, deal(t, "1NT", card.EW, 6)) // NS +50
	if r.PartScore(card.NS) != 60 || r.Games(card.NS) != 0 {
		t.Fatalf("part %d games %d", r.PartScore(card.NS), r.Games(card.NS))
	}
	apply(t, r, deal(t, "2C", card.NS, 8)) // 40: 60+40 = game
	if r.Games(card.NS) != 1 || r.PartScore(card.NS) != 0 {
		t.Fatalf("after partscores: games %d part %d", r.Games(card.NS), r.PartScore(card.NS))
	}
	apply(t, r, deal(t, "2D", card.EW, 8)) // EW 40 partscore
	if r.PartScore(card.EW) != 40 {
		t.Fatalf("EW part %d", r.PartScore(card.EW))
	}
	d = deal(t, "6S", card.NS, 13)
	d.Honours = Honours{Side: card.EW, Points: 100}
	es := apply(t, r, d) // NS vul: 180 below, 30 over, 750 slam, EW 100 honours, 700
	want := map[Kind]int{TrickPoints: 180, Overtricks: 30, SlamBonus: 750, HonoursBonus: 100, RubberBonus: 700}
	if len(es) != len(want) {
		t.Fatalf("entries %+v", es)
	}
	for _, e := range es {
		if want[e.Kind] != e.Points {
			t.Errorf("%v = %d, want %d", e.Kind, e.Points, want[e.Kind])
		}
		if (e.Kind == HonoursBonus) != (e.Side == card.EW) {
			t.Errorf("%v scored by %v", e.Kind, e.Side)
		}
	}
	checkTotals(t, r, totals{nsBelow: 280, nsAbove: 1660, ewBelow: 40, ewAbove: 100})
	if r.PartScore(card.EW) != 0 {
		t.Errorf("EW partscore %d should be wiped by the game", r.PartScore(card.EW))
	}
}

// Honours are scored when the contract fails and are never doubled; a
// doubled partscore can make a game; a passed-out deal is redealt.
func TestRubberHonoursAndDoubles(t *testing.T) {
	var r Rubber
	d := deal(t, "4S", card.NS, 8)
	d.Honours = Honours{Side: card.NS, Points: 150}
	apply(t, &r, d) // NV down 2: EW 100; NS 150 honours
	d = deal(t, "3HX", card.NS, 7)
	d.Honours = Honours{Side: card.NS, Points: 100}
	apply(t, &r, d) // NV X down 2: EW 300; honours still 100
	checkTotals(t, &r, totals{nsAbove: 250, ewAbove: 400})
	if es := apply(t, &r, DealResult{Contract: bridge.PassedOut}); len(es) != 0 || r.Deals() != 2 {
		t.Fatalf("passed out: %+v, deals %d", es, r.Deals())
	}
	apply(t, &r, deal(t, "2SX", card.EW, 9)) // 120 below: game; +1 NV doubled 100; insult 50
	if r.Games(card.EW) != 1 || r.Vul() != bridge.VulEW {
		t.Fatalf("2SX made should be a game: games %d", r.Games(card.EW))
	}
	apply(t, &r, deal(t, "1NTXX", card.EW, 8)) // 160 below: game; +1 vul XX 400; insult 100; 2–0
	checkTotals(t, &r, totals{nsAbove: 250, ewBelow: 280, ewAbove: 400 + 100 + 50 + 400 + 100 + 700})
	if w, ok := r.Winner(); !ok || w != card.EW {
		t.Errorf("winner %v %v", w, ok)
	}
}

// An unfinished rubber (Law 80): 300 for the only game, 100 (or 50 by
// option) for the only partscore of the game in progress.
func TestRubberUnfinished(t *testing.T) {
	for _, tc := range []struct {
		opt  RubberOptions
		part int
	}{{RubberOptions{}, 100}, {RubberOptions{UnfinishedPartscore: 50}, 50}} {
		r := NewRubber(tc.opt)
		apply(t, r, deal(t, "3NT", card.NS, 9)) // game NS
		apply(t, r, deal(t, "2S", card.EW, 8))  // EW 60 partscore
		es, err := r.Abandon()
		if err != nil {
			t.Fatal(err)
		}
		want := []Entry{
			{Game: 2, Side: card.NS, Kind: UnfinishedGame, Points: 300},
			{Game: 2, Side: card.EW, Kind: UnfinishedPartscore, Points: tc.part},
		}
		if len(es) != 2 || es[0] != want[0] || es[1] != want[1] {
			t.Fatalf("Abandon = %+v, want %+v", es, want)
		}
		checkTotals(t, r, totals{nsBelow: 100, nsAbove: 300, ewBelow: 60, ewAbove: tc.part})
		if !r.Over() || !r.Abandoned() {
			t.Error("not over")
		}
		if _, ok := r.Winner(); ok {
			t.Error("an abandoned rubber has no winner")
		}
		if _, err := r.Apply(deal(t, "1C", card.NS, 7)); !errors.Is(err, ErrFinished) {
			t.Errorf("Apply after Abandon: %v", err)
		}
	}

	// One game each and both sides with a partscore: nothing to add.
	var r Rubber
	apply(t, &r, deal(t, "4H", card.NS, 10))
	apply(t, &r, deal(t, "5C", card.EW, 11))
	apply(t, &r, deal(t, "1S", card.NS, 7))
	apply(t, &r, deal(t, "1D", card.EW, 7))
	if es, _ := r.Abandon(); len(es) != 0 {
		t.Errorf("Abandon = %+v, want nothing", es)
	}
	// Nothing played at all.
	var empty Rubber
	if es, _ := empty.Abandon(); len(es) != 0 {
		t.Errorf("Abandon of an empty rubber = %+v", es)
	}
}

// Undertricks in rubber depend on the vulnerability from games won.
func TestRubberVulnerableUndertricks(t *testing.T) {
	var r Rubber
	apply(t, &r, deal(t, "5D", card.EW, 11)) // EW game, now vulnerable
	es := apply(t, &r, deal(t, "4H", card.EW, 9))
	if es[0].Points != 100 || es[0].Side != card.NS {
		t.Errorf("vul down 1 = %+v, want 100 to NS", es[0])
	}
	es = apply(t, &r, deal(t, "4H", card.NS, 9))
	if es[0].Points != 50 || es[0].Side != card.EW {
		t.Errorf("NV down 1 = %+v, want 50 to EW", es[0])
	}
}

func TestRubberInvalid(t *testing.T) {
	bad := []DealResult{
		{Contract: mustContract(t, "4S"), Declarer: card.NS, Tricks: 14},
		{Contract: mustContract(t, "4S"), Declarer: card.NS, Tricks: -1},
		{Contract: mustContract(t, "4S"), Declarer: 2, Tricks: 10},
		{Contract: bridge.Contract{Level: 8}, Tricks: 10},
		{Contract: bridge.Contract{Level: 1, Doubled: 3}, Tricks: 7},
		{Contract: bridge.Contract{Level: 1, Strain: 5}, Tricks: 7},
		{Contract: mustContract(t, "4S"), Tricks: 10, Honours: Honours{Points: 120}},
		{Contract: mustContract(t, "4S"), Tricks: 10, Honours: Honours{Side: 3, Points: 100}},
		{Contract: mustContract(t, "3NT"), Tricks: 9, Honours: Honours{Points: 100}},
		{Contract: bridge.PassedOut, Tricks: 3},
		{Contract: bridge.PassedOut, Honours: Honours{Points: 150}},
	}
	for _, d := range bad {
		var r Rubber
		_, err := r.Apply(d)
		var ie *InputError
		if !errors.As(err, &ie) {
			t.Errorf("Apply(%+v) = %v, want an InputError", d, err)
			continue
		}
		if ie.Func != "Rubber.Apply" || ie.Field == "" || ie.Error() == "" {
			t.Errorf("error %+v", ie)
		}
		if r.Deals() != 0 || len(r.Entries()) != 0 {
			t.Errorf("a refused deal changed the sheet")
		}
	}
}

// Property: over random rubbers, a side's below-the-line total is the sum of
// its trick points, games end a rubber at two, and the rubber bonus is 700
// exactly when the loser has no game.
func TestRubberRandom(t *testing.T) {
	rnd := card.NewRand(7)
	for range 300 {
		var r Rubber
		for !r.Over() {
			c := bridge.Contract{Level: uint8(1 + rnd.IntN(7)), Strain: bridge.Strain(rnd.IntN(5)), Doubled: uint8(rnd.IntN(3))}
			d := DealResult{Contract: c, Declarer: card.Side(rnd.IntN(2)), Tricks: rnd.IntN(14)}
			if rnd.IntN(10) == 0 {
				d = DealResult{Contract: bridge.PassedOut}
			}
			before := r.Total(card.NS) + r.Total(card.EW)
			es, err := r.Apply(d)
			if err != nil {
				t.Fatal(err)
			}
			sum := 0
			for _, e := range es {
				if e.Points <= 0 {
					t.Fatalf("entry %+v", e)
				}
				sum += e.Points
			}
			if r.Total(card.NS)+r.Total(card.EW) != before+sum {
				t.Fatal("totals do not add up")
			}
			if r.Deals() > 200 {
				t.Fatal("rubber never ends")
			}
		}
		w, ok := r.Winner()
		if !ok || r.Games(w) != 2 || r.Games(w.Other()) > 1 {
			t.Fatalf("winner %v %v games %d-%d", w, ok, r.Games(w), r.Games(w.Other()))
		}
		es := r.Entries()
		last := es[len(es)-1]
		if last.Kind != RubberBonus || last.Points != pick(r.Games(w.Other()) == 0, 700, 500) {
			t.Fatalf("last entry %+v", last)
		}
	}
}

func TestHonours(t *testing.T) {
	h := func(cards ...string) card.Hand {
		var x card.Hand
		for _, c := range cards {
			x = x.Add(card.MustParse(c))
		}
		return x
	}
	var d bridge.Deal
	d[card.North] = h("SA", "SK", "SQ", "SJ", "S2", "HA")
	d[card.East] = h("ST", "DA", "CA", "HK", "HQ", "HJ", "HT")
	d[card.South] = h("DK", "DQ", "DJ", "DT")
	d[card.West] = h("CK", "CQ", "CJ")
	for _, tc := range []struct {
		s    bridge.Strain
		want Honours
	}{
		{bridge.StrainSpades, Honours{card.NS, 100}},
		{bridge.StrainHearts, Honours{card.EW, 100}},   // East: K Q J T
		{bridge.StrainDiamonds, Honours{card.NS, 100}}, // South: K Q J T
		{bridge.StrainClubs, Honours{}},                // A with East, K Q J with West
		{bridge.NoTrump, Honours{}},                    // aces split
	} {
		if got := DetectHonours(d, tc.s); got != tc.want {
			t.Errorf("DetectHonours(%v) = %+v, want %+v", tc.s, got, tc.want)
		}
	}
	if got := HandHonours(h("HA", "HK", "HQ", "HJ", "HT"), bridge.StrainHearts); got != 150 {
		t.Errorf("five honours = %d", got)
	}
	if got := HandHonours(h("HA", "HK", "HQ", "HJ", "HT"), bridge.StrainSpades); got != 0 {
		t.Errorf("honours of another suit = %d", got)
	}
	aces := h("SA", "HA", "DA", "CA")
	if got := HandHonours(aces, bridge.NoTrump); got != 150 {
		t.Errorf("four aces at NT = %d", got)
	}
	if got := HandHonours(aces, bridge.StrainSpades); got != 0 {
		t.Errorf("four aces in a suit contract = %d", got)
	}
	var d2 bridge.Deal
	d2[card.West] = aces
	if got := DetectHonours(d2, bridge.NoTrump); got != (Honours{card.EW, 150}) {
		t.Errorf("West's aces at NT = %+v", got)
	}
	// Detected honours feed a rubber: a defender's 150 at no-trump.
	var r Rubber
	res := deal(t, "3NT", card.NS, 8)
	res.Honours = DetectHonours(d2, bridge.NoTrump)
	apply(t, &r, res)
	if r.Above(card.EW) != 50+150 {
		t.Errorf("EW above = %d, want 200", r.Above(card.EW))
	}
}

func TestKindString(t *testing.T) {
	if TrickPoints.String() != "trick points" || PartscoreBonus.String() != "partscore bonus" || Kind(99).String() != "Kind(99)" {
		t.Error("Kind.String")
	}
}
