package bridge

import (
	"strings"
	"testing"

	"atout/card"
	"atout/game"
)

// FuzzParseCall checks that ParseCall never panics and that whatever it
// accepts prints in canonical form and reads back as the same call.
func FuzzParseCall(f *testing.F) {
	for _, s := range []string{"P", "Pass", "X", "XX", "d", "r", "1C", "7NT", "3N", "4s!", "1SA", "8C", "0NT", "", "AP", "1♠", "2nt"} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, s string) {
		c, err := ParseCall(s)
		if err != nil {
			return
		}
		if c.Kind == Bid && (c.Level < 1 || c.Level > 7 || c.Strain > NoTrump) {
			t.Fatalf("%q: invalid bid %+v", s, c)
		}
		back, err := ParseCall(c.String())
		if err != nil || back != c {
			t.Fatalf("%q -> %v -> %v, %v", s, c, back, err)
		}
	})
}

// FuzzParseContract checks the contract parser the same way.
func FuzzParseContract(f *testing.F) {
	for _, s := range []string{"Pass", "4SX", "3NT", "7NTXX", "1n", "6HXX", "2X", "8S", "4SXXX"} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, s string) {
		c, err := ParseContract(s)
		if err != nil {
			return
		}
		back, err := ParseContract(c.String())
		if err != nil || back != c {
			t.Fatalf("%q -> %v -> %v, %v", s, c, back, err)
		}
	})
}

// FuzzParseDeal checks that ParseDeal and ParsePartialDeal never panic, that
// an accepted deal is valid, and that it prints and reads back unchanged.
func FuzzParseDeal(f *testing.F) {
	for _, s := range []string{
		board1,
		"E:AKJT.A987.K98.J4 843.T4.JT652.763 97.J652.Q7.AT952 Q652.KQ3.A43.KQ8",
		"N:AK85.Q86.543.AT8 97.KT7.AKQ9.K964 4.J9543.J762.753 -",
		"W:... ... ... ...",
		"N:A.K.Q.J - - -",
		"S:SAKQ.H10.D2.C3 x y z",
	} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, s string) {
		if p, err := ParsePartialDeal(s); err == nil {
			back, err := ParsePartialDeal(p.String())
			if err != nil || back != p {
				t.Fatalf("partial %q -> %v -> %v, %v", s, p, back, err)
			}
		}
		d, err := ParseDeal(s)
		if err != nil {
			return
		}
		if err := d.Validate(); err != nil {
			t.Fatalf("%q accepted but invalid: %v", s, err)
		}
		for _, first := range card.Seats {
			back, err := ParseDeal(d.StringFrom(first))
			if err != nil || back != d {
				t.Fatalf("%q -> %s -> %v, %v", s, d.StringFrom(first), back, err)
			}
		}
	})
}

// FuzzGameApply drives a game with arbitrary moves: it must never panic,
// accepted moves must be recorded in canonical form, and refused ones must
// leave the game unchanged.
func FuzzGameApply(f *testing.F) {
	f.Add("N 1NT|E P|S 3NT|W P|N P|E P|S SA|W S2|claim 3")
	f.Add("N P|E P|S P|W P|N 1C")
	f.Add("N 2NT|E P|S 4C|W P|N P|E P|W S9|N ST|E S7|S S2|S claim 10|N XX")
	f.Fuzz(func(t *testing.T, script string) {
		deal, err := ParseDeal(board1)
		if err != nil {
			t.Fatal(err)
		}
		g := NewBoard(1, deal)
		for _, line := range strings.Split(script, "|") {
			m, err := game.ParseMove(line)
			if err != nil {
				continue
			}
			before := *g
			n := len(g.Moves())
			if err := g.Apply(m); err != nil {
				if *g != before {
					t.Fatalf("refused %v changed the game", m)
				}
				continue
			}
			moves := g.Moves()
			if len(moves) != n+1 || moves[n].Seat != m.Seat {
				t.Fatalf("accepted %v recorded as %v", m, moves[n:])
			}
		}
		// Undo everything back to the start.
		for len(g.Moves()) > 0 {
			if err := g.Undo(); err != nil {
				t.Fatal(err)
			}
		}
		if *g != *NewBoard(1, deal) {
			t.Fatal("undoing every move does not give the start")
		}
	})
}
