package dd

import (
	"errors"
	"testing"

	"atout/bridge"
	"atout/card"
	"atout/game"
)

const rulesDeal = "N:AQ4.KJ5.Q963.KJ2 653.T742.T42.A73 K82.Q93.KJ5.Q854 JT97.A86.A87.T96"

func TestRulesExample3NT(t *testing.T) {
	d, err := bridge.ParseDeal(rulesDeal)
	if err != nil {
		t.Fatal(err)
	}
	s := NewSolver(8)
	def, err := s.Tricks(Position{Hands: d, Strain: bridge.NoTrump, Leader: card.East})
	if err != nil {
		t.Fatal(err)
	}
	if got := 13 - def; got != 10 {
		t.Fatalf("3NT by North: %d tricks, want 10", got)
	}
	// every opening lead: the best gives declarer 10
	vals, err := s.CardValues(Position{Hands: d, Strain: bridge.NoTrump, Leader: card.East})
	if err != nil {
		t.Fatal(err)
	}
	if len(vals) != 13 || vals[0].Tricks != 3 {
		t.Fatalf("lead values %v", vals)
	}
}

func TestPositionValidate(t *testing.T) {
	d, _ := bridge.ParseDeal(rulesDeal)
	bad := []Position{
		{Hands: bridge.Deal{d[0], d[1], d[2], d[3].Remove(d[3].Lowest())}, Leader: card.North},
		{Hands: bridge.Deal{d[0], d[0], d[2], d[3]}, Leader: card.North},
		{Hands: d, Leader: card.North, Trick: []card.Card{card.MustParse("SA")}},
		{Hands: d, Strain: 7},
		{},
	}
	for i, p := range bad {
		var pe *PositionError
		if err := p.Validate(); !errors.As(err, &pe) {
			t.Errorf("case %d: got %v, want a PositionError", i, err)
		}
	}
}

func TestAnalysePlayAndClaim(t *testing.T) {
	d, _ := bridge.ParseDeal(rulesDeal)
	s := NewSolver(8)
	// East leads the heart 2, South plays low, West wins the ace and North
	// follows: the steps must add up.
	cards, _ := card.ParseList("H2 H3 HA H5")
	a, err := AnalysePlay(s, d, bridge.NoTrump, card.North, cards)
	if err != nil {
		t.Fatal(err)
	}
	if a.Start != 10 || len(a.Steps) != 4 {
		t.Fatalf("analysis %+v", a)
	}
	prev := a.Start
	for _, st := range a.Steps {
		if st.Cost < 0 {
			t.Fatalf("negative cost %+v", st)
		}
		if st.Seat.Side() == card.NS && st.Tricks != prev-st.Cost || st.Seat.Side() == card.EW && st.Tricks != prev+st.Cost {
			t.Fatalf("inconsistent step %+v after %d", st, prev)
		}
		prev = st.Tricks
	}
	ok, total, err := CheckClaim(s, d, bridge.NoTrump, card.North, cards, prev)
	if err != nil || !ok || total != prev {
		t.Fatalf("claim of %d: %v %d %v", prev, ok, total, err)
	}
	if ok, _, _ := CheckClaim(s, d, bridge.NoTrump, card.North, cards, prev+1); ok {
		t.Fatal("claim of one trick too many accepted")
	}
	// a revoke is an error naming the card
	bad, _ := card.ParseList("H2 S4")
	var pe *PlayError
	if _, err := AnalysePlay(s, d, bridge.NoTrump, card.North, bad); !errors.As(err, &pe) || pe.Index != 1 {
		t.Fatalf("revoke: %v", err)
	}
}

func TestCalcTablesThreadsAgree(t *testing.T) {
	rows := loadDev100(t)
	// each hand holds one whole suit: quick to solve, also under -race
	easy, err := bridge.ParseDeal("N:AKQJT98765432... .AKQJT98765432.. ..AKQJT98765432. ...AKQJT98765432")
	if err != nil {
		t.Fatal(err)
	}
	easyTable, err := NewSolver(8).Table(easy) // one thread, one solver
	if err != nil {
		t.Fatal(err)
	}
	deals := []bridge.Deal{easy, easy, easy}
	want := []Table{easyTable, easyTable, easyTable}
	if !raceEnabled && !testing.Short() {
		deals = append(deals, rows[3].deal, rows[3].deal)
		want = append(want, rows[3].table, rows[3].table)
	}
	ts, err := CalcTables(deals, BatchOptions{Threads: 2, TableMB: 8})
	if err != nil {
		t.Fatal(err)
	}
	for i := range ts {
		if ts[i] != want[i] {
			t.Errorf("deal %d:\n%v want\n%v", i, ts[i].String(), want[i].String())
		}
	}
}

// FuzzPosition checks that the solver never panics on a valid position
// built from the fuzz input, and agrees with itself (Tricks = best card).
func FuzzPosition(f *testing.F) {
	f.Add(uint64(1), uint8(3), uint8(0))
	f.Add(uint64(99), uint8(2), uint8(2))
	f.Fuzz(func(t *testing.T, seed uint64, size, played uint8) {
		r := card.NewRand(seed)
		n := 1 + int(size)%4
		p := randomEnding(r, n, int(played)%4)
		s := NewSolver(1)
		v, err := s.Tricks(p)
		if err != nil {
			t.Fatalf("valid position rejected: %v", err)
		}
		vals, err := s.CardValues(p)
		if err != nil || vals[0].Tricks != v {
			t.Fatalf("values %v err %v, tricks %d", vals, err, v)
		}
	})
}

// FuzzParseDealSolve feeds arbitrary text to the deal parser the CLI uses
// and solves what parses in one strain, checking it never panics.
func FuzzParseDealSolve(f *testing.F) {
	f.Add(rulesDeal)
	f.Add("N:AKQJT98765432... .AKQJT98765432.. ..AKQJT98765432. ...AKQJT98765432")
	f.Add("E:- - - -")
	f.Fuzz(func(t *testing.T, s string) {
		d, err := bridge.ParseDeal(s)
		if err != nil {
			return
		}
		// keep the fuzzer fast: only solve positions of few cards
		var p Position
		p.Strain = bridge.Strain(len(s) % 5)
		for seat := range 4 {
			cs := d[seat].Cards()
			p.Hands[seat] = card.HandOf(cs[:3]...)
		}
		if p.Validate() != nil {
			return
		}
		if _, err := NewSolver(1).Tricks(p); err != nil {
			t.Fatal(err)
		}
	})
}

func TestPositionOf(t *testing.T) {
	d, err := bridge.ParseDeal(rulesDeal)
	if err != nil {
		t.Fatal(err)
	}
	g := bridge.NewGame(1, card.North, bridge.VulNone, d)
	for _, a := range []string{"1NT", "P", "3NT", "P", "P", "P", "D2"} {
		if err := g.Apply(game.Move{Seat: g.ToAct()[0], Action: a}); err != nil {
			t.Fatal(err)
		}
	}
	p := PositionOf(g)
	d2, _ := card.Parse("D2")
	want := d
	want[card.East] = want[card.East].Remove(d2)
	if p.Hands != want || p.Strain != bridge.NoTrump || p.Leader != card.East || len(p.Trick) != 1 || p.Trick[0] != d2 {
		t.Fatalf("PositionOf = %+v", p)
	}
	if err := p.Validate(); err != nil || p.ToMove() != card.South {
		t.Fatalf("PositionOf: %v, to move %v", err, p.ToMove())
	}
}
