package analysis

import (
	"context"
	"encoding/json"
	"testing"
	"time"

	"atout/belote"
	"atout/bot/belotebot"
	"atout/card"
	"atout/protocol"
)

func mkCard(s string) card.Card {
	c, err := card.Parse(s)
	if err != nil {
		panic(err)
	}
	return c
}

func mkHand(cs ...string) card.Hand {
	var h card.Hand
	for _, c := range cs {
		h = h.Add(mkCard(c))
	}
	return h
}

// The last two tricks, hearts trump (none left): South leads. The ace of
// spades first wins East's forced ten, but West then takes the last trick
// with the ten of diamonds and the dix de der; the seven of diamonds first
// gives West the ten of diamonds alone and keeps the ace, the ten of spades
// and the dix de der for South. The ace costs North-South 10 points.
func TestBeloteEndPositionValues(t *testing.T) {
	pos := belotebot.Position{
		Hands: [4]card.Hand{
			card.North: mkHand("S7", "D9"),
			card.East:  mkHand("ST", "D8"),
			card.South: mkHand("SA", "D7"),
			card.West:  mkHand("S8", "DT"),
		},
		Leader: card.South,
		Points: [2]int{70, 51}, // the first six tricks: 121 of the 162
		Won:    [2]bool{true, true},
	}
	r := belote.Rules{Mode: belote.Classic}
	s := belotebot.NewSolver(r, card.Hearts)
	play := func(cs ...string) []PlayedCard {
		var out []PlayedCard
		seat := card.South
		for i, c := range cs {
			out = append(out, PlayedCard{Seat: seat, Card: mkCard(c)})
			seat = belote.Next(seat)
			if i == 3 {
				seat = map[string]card.Seat{"SA": card.South, "D7": card.West}[cs[0]]
			}
		}
		return out
	}
	// The ace first: it costs 10; every other card is forced.
	start, steps, err := Replay(context.Background(), s, pos, r, card.Hearts, [2]int{}, play("SA", "ST", "S7", "S8", "D7", "D8", "D9", "DT"))
	if err != nil {
		t.Fatal(err)
	}
	if start != [2]int{101, 61} {
		t.Fatalf("start %v, want [101 61]", start)
	}
	if len(steps) != 8 {
		t.Fatalf("%d steps", len(steps))
	}
	if st := steps[0]; st.Trick != 7 || st.Seat != card.South || st.Card != mkCard("SA") || st.Before != [2]int{101, 61} || st.After != [2]int{91, 71} {
		t.Errorf("first step %+v", st)
	}
	for _, st := range steps[1:] {
		if st.Before != [2]int{91, 71} || st.After != [2]int{91, 71} {
			t.Errorf("forced step %+v", st)
		}
	}
	if steps[7].Trick != 8 {
		t.Errorf("last step in trick %d", steps[7].Trick)
	}
	// The seven first: nothing lost; belote-rebelote adds 20 to its side.
	start, steps, err = Replay(context.Background(), s, pos, r, card.Hearts, [2]int{20, 0}, play("D7", "D8", "D9", "DT", "S8", "SA", "ST", "S7"))
	if err != nil {
		t.Fatal(err)
	}
	if start != [2]int{121, 61} || steps[7].After != [2]int{121, 61} {
		t.Errorf("start %v, end %v, want [121 61] both", start, steps[7].After)
	}
	for _, st := range steps {
		if st.Before != st.After {
			t.Errorf("step %+v changed the value", st)
		}
	}
	// A card not in the deal is an error.
	if _, _, err := Replay(context.Background(), s, pos, r, card.Hearts, [2]int{}, play("SK")); err == nil {
		t.Error("a card South does not hold was replayed")
	}
}

// randomBeloteDeal plays a classic deal out: the first player takes, then
// each card is, with probability best, the solver's best for its side,
// otherwise a random legal card.
func randomBeloteDeal(t testing.TB, seed uint64, best float64) *belote.Deal {
	rnd := card.NewRand(seed)
	deck := belote.ShuffledDeck(rnd)
	r := belote.Rules{Mode: belote.Classic}
	d, err := belote.NewDeal(r, card.Seat(rnd.IntN(4)), deck[:])
	if err != nil {
		t.Fatal(err)
	}
	if err := d.Do(d.Turn(), belote.CallTake); err != nil {
		t.Fatal(err)
	}
	s := belotebot.NewSolver(r, d.Trump())
	for !d.Done() {
		legal := d.LegalCards().Cards()
		c := legal[rnd.IntN(len(legal))]
		if rnd.Rand().Float64() < best {
			p := belotebot.PositionOf(d)
			cards, vals := s.SolveMoves(&p, d.Turn().Side())
			bv := -1000
			for i, v := range vals {
				if v > bv {
					bv, c = v, cards[i]
				}
			}
		}
		if err := d.Do(d.Turn(), belote.Play(c)); err != nil {
			t.Fatal(err)
		}
	}
	return d
}

// The costs add up: for each side, its start value minus what it made is
// what its own cards cost minus what the other side's cards gave it; a
// side's own card never raises its value nor the other side's card lowers
// it; the final value is the deal's real card points (or capot) with
// belote; and a deal played perfectly has no costly card.
func TestBeloteAnalysisCostsAddUp(t *testing.T) {
	f := AnalysePlay
	for seed := uint64(1); seed <= 6; seed++ {
		bestShare := 0.5
		if seed%3 == 0 {
			bestShare = 1
		}
		d := randomBeloteDeal(t, seed, bestShare)
		p, ok := PlayOf(d, 1)
		if !ok {
			t.Fatal("no play")
		}
		ctx, cancel := context.WithTimeout(context.Background(), time.Minute)
		a, err := f(ctx, p)
		cancel()
		if err != nil {
			t.Fatal(err)
		}
		// The real result.
		pts := d.CardPoints()
		tr := d.Tricks()
		var want [2]int
		for side := range 2 {
			switch {
			case tr[side] == 8:
				want[side] = belote.CapotPoints
			case tr[side] == 0:
				want[side] = 0
			default:
				want[side] = pts[side]
			}
			if d.BeloteSide() == side {
				want[side] += belote.BelotePoints
			}
		}
		if [2]int(a.Final) != want {
			t.Errorf("seed %d: final %v, want %v", seed, a.Final, want)
		}
		// The steps, from the same solver.
		s := belotebot.NewSolver(p.Rules, p.Trump)
		start, steps, err := Steps(context.Background(), s, p)
		if err != nil {
			t.Fatal(err)
		}
		if start != [2]int(a.Start) {
			t.Errorf("seed %d: start %v vs %v", seed, start, a.Start)
		}
		var costly []protocol.BeloteCostlyCard
		for side := range 2 {
			cost, gift := 0, 0
			for _, st := range steps {
				delta := st.Before[side] - st.After[side]
				if int(st.Seat.Side()) == side {
					if delta < 0 {
						t.Errorf("seed %d: %v's %v raised its side's value %+v", seed, st.Seat, st.Card, st)
					}
					cost += delta
				} else {
					if delta > 0 {
						t.Errorf("seed %d: %v's %v lowered the other side's value %+v", seed, st.Seat, st.Card, st)
					}
					gift -= delta
				}
			}
			listed := 0
			for _, x := range a.Costly {
				if int(x.Seat.Side()) == side {
					listed += x.Cost
				}
			}
			if listed != cost {
				t.Errorf("seed %d side %d: the costly cards add up to %d, the steps to %d", seed, side, listed, cost)
			}
			if a.Start[side]-a.Final[side] != cost-gift {
				t.Errorf("seed %d side %d: start %d - final %d != cost %d - gift %d", seed, side, a.Start[side], a.Final[side], cost, gift)
			}
		}
		for _, st := range steps {
			if c := st.Before[st.Seat.Side()] - st.After[st.Seat.Side()]; c > 0 {
				costly = append(costly, protocol.BeloteCostlyCard{Trick: st.Trick, Seat: st.Seat, Card: st.Card, Cost: c, Before: st.Before[st.Seat.Side()], After: st.After[st.Seat.Side()]})
			}
		}
		g1, _ := json.Marshal(costly)
		g2, _ := json.Marshal(a.Costly)
		if len(costly) > 0 && string(g1) != string(g2) {
			t.Errorf("seed %d: costly %s, steps say %s", seed, g2, g1)
		}
		if bestShare == 1 && (len(a.Costly) != 0 || a.Start != a.Final) {
			t.Errorf("seed %d: a perfectly played deal: start %v final %v costly %+v", seed, a.Start, a.Final, a.Costly)
		}
		if a.Type != "beloteAnalysis" || a.Deal != 1 || a.Contract != p.Contract || a.Takers != p.Taker.Side() {
			t.Errorf("seed %d: analysis header %+v", seed, a)
		}
	}
}

// TestBeloteStepsMatchFreshSolves checks each value of the steps (solved
// one after the other on one solver, which keeps its table and starts
// from the bound the card gives: see Replay) against a solve of the same
// position from scratch on a new solver: the bounds of Replay make its
// values obey the sides' rule by construction, so only a fresh solve can
// tell a wrong one.
func TestBeloteStepsMatchFreshSolves(t *testing.T) {
	for seed := uint64(21); seed <= 24; seed++ {
		p, ok := PlayOf(randomBeloteDeal(t, seed, 0.3), 1)
		if !ok {
			t.Fatal("no play")
		}
		start, steps, err := Steps(context.Background(), belotebot.NewSolver(p.Rules, p.Trump), p)
		if err != nil {
			t.Fatal(err)
		}
		total := belote.Total(p.Rules.Mode, p.Rules.Setting)
		pos := belotebot.Position{Hands: p.Hands, Leader: p.Cards[0].Seat}
		var bonus [2]int
		if p.Belote == int(card.NS) || p.Belote == int(card.EW) {
			bonus[p.Belote] = belote.BelotePoints
		}
		fresh := func() [2]int {
			v := belotebot.NewSolver(p.Rules, p.Trump).Solve(&pos, card.NS)
			return [2]int{sidePoints(v, total) + bonus[card.NS], sidePoints(-v, total) + bonus[card.EW]}
		}
		if want := fresh(); start != want {
			t.Errorf("seed %d: start %v, a fresh solve %v", seed, start, want)
		}
		for i, st := range steps {
			pos.Play(st.Card, p.Rules, p.Trump)
			if want := fresh(); st.After != want {
				t.Fatalf("seed %d: after card %d (%v by %v) %v, a fresh solve %v", seed, i+1, st.Card, st.Seat, st.After, want)
			}
		}
	}
}

// BenchmarkBeloteAnalysis times the analysis of one whole deal (33 exact
// solves, the first one of the full deal).
func BenchmarkBeloteAnalysis(b *testing.B) {
	f := AnalysePlay
	var plays []Play
	for seed := uint64(1); seed <= 4; seed++ {
		p, _ := PlayOf(randomBeloteDeal(b, seed, 0.5), 1)
		plays = append(plays, p)
	}
	i := 0
	for b.Loop() {
		if _, err := f(context.Background(), plays[i%len(plays)]); err != nil {
			b.Fatal(err)
		}
		i++
	}
}

// BenchmarkBeloteHintFirstCard times the hint for the opening lead, the
// longest one (every legal card solved exactly with the whole deal left).
func BenchmarkBeloteHintFirstCard(b *testing.B) {
	var deals []*belote.Deal
	for seed := uint64(1); seed <= 4; seed++ {
		rnd := card.NewRand(seed)
		deck := belote.ShuffledDeck(rnd)
		d, err := belote.NewDeal(belote.Rules{Mode: belote.Classic}, card.Seat(rnd.IntN(4)), deck[:])
		if err != nil {
			b.Fatal(err)
		}
		if err := d.Do(d.Turn(), belote.CallTake); err != nil {
			b.Fatal(err)
		}
		deals = append(deals, d)
	}
	f := func(ctx context.Context, d *belote.Deal) (protocol.Hint, error) { return Hint(ctx, d, d.Turn()) }
	i := 0
	for b.Loop() {
		if _, err := f(context.Background(), deals[i%len(deals)]); err != nil {
			b.Fatal(err)
		}
		i++
	}
}
