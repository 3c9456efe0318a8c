package dd

import (
	"strings"
	"testing"

	"atout/bridge"
	"atout/card"
)

// TestShortcutsSound checks, during whole-deal searches, every answer the
// solver takes without searching (a transposition table hit, quick tricks,
// later tricks) in small enough endings against a plain search of the same
// position. A table entry stored with too small a set of deciding cards, or
// an unsound quick-trick rule, shows up here as a wrong answer for a
// position the entry was never searched for.
func TestShortcutsSound(t *testing.T) {
	deals, maxN, every := 8, 5, 3
	if raceEnabled || testing.Short() {
		deals, maxN, every = 2, 4, 10
	}
	r := card.NewRand(5)
	ref := plainSolver()
	checks := 0
	for i := 0; i < deals; i++ {
		d := bridge.RandomDeal(r)
		s := NewSolver(8)
		seen := 0
		s.e.verify = func(kind string, L, n, target int, got bool) {
			if n > maxN {
				return
			}
			seen++
			if seen%every != 0 {
				return
			}
			checks++
			ref.e.hands = s.e.hands
			ref.e.trump = s.e.trump
			ref.e.stack[0].leader = L
			pos := 0
			if kind == "qt2" {
				// answered after the lead, with the leader's card out
				ref.e.stack[0] = s.e.verifyTrick
				pos = 1
			}
			if want, _ := ref.e.search(0, pos, target); want != got {
				var h bridge.Deal
				for j := range h {
					h[j] = card.Hand(s.e.hands[j])
				}
				t.Fatalf("deal %d, %s answer: %s strain %d leader %s, %d tricks left, target %d: got %v want %v",
					i, kind, h, s.e.trump, card.Seat(L), n, target, got, want)
			}
		}
		if _, err := s.Tricks(Position{Hands: d, Strain: bridge.Strains[i%5], Leader: card.Seat(i % 4)}); err != nil {
			t.Fatal(err)
		}
	}
	if checks == 0 {
		t.Fatal("nothing checked")
	}
}

// TestRunWinnerRegression is a deal where recording the top card of a
// winning run of equivalent cards (instead of its lowest card) stored a
// table entry for too many positions: a single solve gave the defenders of
// 5D by North one trick too many.
func TestRunWinnerRegression(t *testing.T) {
	d, err := bridge.ParseDeal("N:T973.T72.6.Q7432 KQJ.853.KJ753.J6 A8.KQJ6.AQT98.T8 6542.A94.42.AK95")
	if err != nil {
		t.Fatal(err)
	}
	s := NewSolver(8)
	def, err := s.Tricks(Position{Hands: d, Strain: bridge.StrainDiamonds, Leader: card.East})
	if err != nil {
		t.Fatal(err)
	}
	if def != 6 {
		t.Fatalf("defenders of diamonds by North take %d, want 6", def)
	}
}

// TestRulesSound checks the quick-trick and later-trick rules directly on
// random endings against a plain search: half of them dealt from the whole
// deck, half from the top five cards of each suit (crowded endings, where
// squeezes, overtakes and trump coups are common).
func TestRulesSound(t *testing.T) {
	cases := 20000
	if raceEnabled || testing.Short() {
		cases = 3000
	}
	r := card.NewRand(11)
	ref := plainSolver()
	s := NewSolver(1)
	var top20 []card.Card
	for _, c := range card.Deck52() {
		if c.Rank() >= card.Ten {
			top20 = append(top20, c)
		}
	}
	checks := 0
	for i := 0; i < cases; i++ {
		n := 2 + i%4
		var p Position
		if i%2 == 0 {
			p = randomEnding(r, n, 0)
		} else {
			cs := append([]card.Card(nil), top20...)
			r.Shuffle(cs)
			for j := 0; j < 4*n; j++ {
				p.Hands[j%4] = p.Hands[j%4].Add(cs[j])
			}
			p.Strain = bridge.Strain(r.IntN(5))
			p.Leader = card.Seat(r.IntN(4))
		}
		s.setup(p)
		ref.setup(p)
		L := int(p.Leader)
		for target := 1; target <= n; target++ {
			qt, _ := s.e.quickTricks(L, target)
			lt, _ := s.e.laterTricks(L, n, target)
			if qt < target && n-lt >= target {
				continue
			}
			checks++
			want, _ := ref.e.search(0, 0, target)
			if qt >= target && !want {
				t.Fatalf("%s strain %s leader %s target %d: quick tricks %d, but the side cannot take %d", p.Hands, p.Strain, p.Leader, target, qt, target)
			}
			if n-lt < target && want {
				t.Fatalf("%s strain %s leader %s target %d: later tricks %d, but the side takes %d", p.Hands, p.Strain, p.Leader, target, lt, target)
			}
		}
	}
	t.Logf("%d checks", checks)
	if checks < cases/4 {
		t.Fatalf("only %d checks", checks)
	}
}

// TestSecondHandSound checks the second hand's quick tricks
// (secondHandWins: winning the trick, by rank or by a ruff, then cashing)
// directly on random suit-contract endings with one card led, against a
// plain search.
func TestSecondHandSound(t *testing.T) {
	cases := 60000
	if raceEnabled || testing.Short() {
		cases = 6000
	}
	r := card.NewRand(77)
	ref := plainSolver()
	s := NewSolver(1)
	checks := 0
	for i := 0; i < cases; i++ {
		n := 2 + i%4
		if n == 5 && i%5 != 0 {
			continue
		}
		p := randomEnding(r, n, 1)
		if p.Strain == bridge.NoTrump {
			p.Strain = bridge.Strain(i % 4)
		}
		s.setup(p)
		ref.setup(p)
		tr := &s.e.stack[0]
		for target := 1; target <= n; target++ {
			if ok, _ := s.e.secondHandWins(tr, tr.leader+1, target); !ok {
				continue
			}
			checks++
			if want, _ := ref.e.search(0, 1, target); want {
				t.Fatalf("%s strain %s leader %s, %s led, target %d: the second hand's side claims the tricks it needs, but the leader's side takes %d",
					p.Hands, p.Strain, p.Leader, p.Trick[0], target, target)
			}
		}
	}
	t.Logf("%d checks", checks)
	if checks < cases/4 {
		t.Fatalf("only %d checks", checks)
	}
}

// TestNotrumpEntryCases checks the notrump quick tricks through an entry to
// partner on positions where the order of play matters: partner's long
// suit (the opponents void in it) under the leader's higher cards, where
// crossing at once would leave partner's last card or its other winner
// stranded, and an honour partner must overtake to stay on lead.
func TestNotrumpEntryCases(t *testing.T) {
	ref := plainSolver()
	s := NewSolver(1)
	for _, c := range []struct {
		hands string
		want  int // tricks North-South take with North on lead
	}{
		{"N:AJT2.32.2. .KQJ.KQJ.A K9876.A..2 .T98.AT9.K", 6},
		{"N:AQ2.2.2. .KQJ.K.Q K543.A.. .T98.A.K", 5},
	} {
		var p Position
		for i, f := range strings.Fields(strings.TrimPrefix(c.hands, "N:")) {
			h, err := card.ParseHand(f)
			if err != nil {
				t.Fatal(err)
			}
			p.Hands[i] = h
		}
		p.Strain = bridge.NoTrump
		p.Leader = card.North
		if got, err := s.Tricks(p); err != nil || got != c.want {
			t.Fatalf("%s: %d tricks (%v), want %d", c.hands, got, err, c.want)
		}
		n := p.TricksLeft()
		for target := 1; target <= n; target++ {
			s.setup(p)
			ref.setup(p)
			qt, _ := s.e.quickTricks(int(p.Leader), target)
			want, _ := ref.e.search(0, 0, target)
			if qt >= target && !want {
				t.Fatalf("%s target %d: quick tricks %d, but North-South cannot take %d", c.hands, target, qt, target)
			}
		}
	}
}

// plainSolver returns a solver that searches without its shortcuts (no
// table, quick tricks or pruning), the reference the tests of the
// shortcuts compare with.
func plainSolver() *Solver {
	s := NewSolver(1)
	s.e.plain = true
	return s
}
