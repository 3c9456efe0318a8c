package scoring

import (
	"math"
	"slices"
	"testing"

	"atout/card"
)

func near(a, b float64) bool { return math.Abs(a-b) < 1e-9 }

// A board played six times, with a three-way tie.
func TestMatchpoints(t *testing.T) {
	ns := []int{420, 420, 450, -50, 170, 420}
	intl := Matchpoints(ns, International)
	if want := []float64{6, 6, 10, 0, 2, 6}; !slices.Equal(intl, want) {
		t.Errorf("international %v, want %v", intl, want)
	}
	na := Matchpoints(ns, NorthAmerican)
	if want := []float64{3, 3, 5, 0, 1, 3}; !slices.Equal(na, want) {
		t.Errorf("north-american %v, want %v", na, want)
	}
	if International.Top(6) != 10 || NorthAmerican.Top(6) != 5 || International.Top(1) != 0 || International.Top(0) != 0 {
		t.Error("Top")
	}
	for i := range ns {
		if p, q := Percent(intl[i], 6, International), Percent(na[i], 6, NorthAmerican); !near(p, q) {
			t.Errorf("result %d: %v%% vs %v%%", i, p, q)
		}
	}
	if p := Percent(6, 6, International); !near(p, 60) {
		t.Errorf("420 = %v%%, want 60", p)
	}
	if p := Percent(0, 1, International); p != 50 {
		t.Errorf("single result = %v%%", p)
	}
	if got := Matchpoints(nil, International); len(got) != 0 {
		t.Errorf("empty board %v", got)
	}
	if International.String() != "international" || NorthAmerican.String() != "north-american" || Scale(7).String() != "Scale(7)" {
		t.Error("Scale.String")
	}
}

// bridge-reference.md §6: a sole top on a board played 10 times when 11 were
// expected is worth 19.9 of 20.
func TestNeuberg(t *testing.T) {
	for _, tc := range []struct {
		m    float64
		n, N int
		s    Scale
		want float64
	}{
		{18, 10, 11, International, 19.9},
		{0, 10, 11, International, 0.1},
		{9, 10, 11, International, 10},
		{9, 10, 11, NorthAmerican, 9.95},
		{0, 1, 5, International, 4},        // a lone result gets average
		{6, 4, 5, International, 7.75},     // (6+1)·5/4 − 1
		{10, 6, 6, International, 10},      // nothing missing
		{2.5, 4, 5, NorthAmerican, 3.25},   // (2.5+½)·5/4 − ½
		{6, 4, 8, International, 13},       // (6+1)·2 − 1
		{0, 2, 3, NorthAmerican, 0.25},     // (0+½)·3/2 − ½
		{1, 2, 3, NorthAmerican, 1.75},     // (1+½)·3/2 − ½
		{0.5, 2, 3, NorthAmerican, 1},      // a tie stays average
		{4, 3, 4, International, 5.666667}, // (4+1)·4/3 − 1
	} {
		got, err := Neuberg(tc.m, tc.n, tc.N, tc.s)
		if err != nil || math.Abs(got-tc.want) > 1e-6 {
			t.Errorf("Neuberg(%v, %d, %d, %v) = %v %v, want %v", tc.m, tc.n, tc.N, tc.s, got, err, tc.want)
		}
	}
	if p, err := NeubergPercent(100, 10, 11); err != nil || !near(p, 99.5) {
		t.Errorf("NeubergPercent(100, 10, 11) = %v %v, want 99.5", p, err)
	}
	if p, _ := NeubergPercent(50, 3, 7); !near(p, 50) {
		t.Errorf("average stays average: %v", p)
	}
	if p, _ := NeubergPercent(80, 1, 1); p != 50 {
		t.Errorf("N=1: %v", p)
	}
	for _, nn := range [][2]int{{0, 3}, {4, 3}, {-1, 2}} {
		if _, err := Neuberg(1, nn[0], nn[1], International); err == nil {
			t.Errorf("Neuberg n=%d N=%d accepted", nn[0], nn[1])
		}
		if _, err := NeubergPercent(50, nn[0], nn[1]); err == nil {
			t.Errorf("NeubergPercent n=%d N=%d accepted", nn[0], nn[1])
		}
	}
	// Property: the matchpoint and the percentage forms agree on both scales.
	rnd := card.NewRand(3)
	for range 2000 {
		N := 2 + rnd.IntN(20)
		n := 2 + rnd.IntN(N-1)
		m := float64(rnd.IntN(2*(n-1) + 1)) // 0..2(n-1), international
		for _, s := range []Scale{International, NorthAmerican} {
			ms := m
			if s == NorthAmerican {
				ms = m / 2
			}
			mp, _ := Neuberg(ms, n, N, s)
			p, _ := NeubergPercent(Percent(ms, n, s), n, N)
			if got := Percent(mp, N, s); math.Abs(got-p) > 1e-9 {
				t.Fatalf("n=%d N=%d m=%v %v: %v%% vs %v%%", n, N, ms, s, got, p)
			}
		}
	}
}

// Four results and one table given Av+ (NS) / Av- (EW): the four are
// matchpointed among themselves (top 6) and scaled to a top of 8.
func TestScoreBoardAdjusted(t *testing.T) {
	res := []TableResult{{NS: 100}, {NS: 140}, {NSAdj: AveragePlus, EWAdj: AverageMinus}, {NS: 140}, {NS: -100}}
	got, err := ScoreBoard(res, MPOptions{})
	if err != nil {
		t.Fatal(err)
	}
	want := []BoardMP{
		{NS: 2.75, EW: 5.25, NSPercent: 34.375, EWPercent: 65.625},
		{NS: 6.5, EW: 1.5, NSPercent: 81.25, EWPercent: 18.75},
		{NS: 4.8, EW: 3.2, NSPercent: 60, EWPercent: 40},
		{NS: 6.5, EW: 1.5, NSPercent: 81.25, EWPercent: 18.75},
		{NS: 0.25, EW: 7.75, NSPercent: 3.125, EWPercent: 96.875},
	}
	for i := range want {
		g, w := got[i], want[i]
		if !near(g.NS, w.NS) || !near(g.EW, w.EW) || !near(g.NSPercent, w.NSPercent) || !near(g.EWPercent, w.EWPercent) {
			t.Errorf("result %d: %+v, want %+v", i+1, g, w)
		}
	}
	// Club percentages 60/50/40 replaced by 70/50/30, on the North-American
	// scale: a top of 4.
	got, _ = ScoreBoard(res, MPOptions{Scale: NorthAmerican, Adjusted: AdjustedPercents{70, 50, 30}})
	if !near(got[2].NS, 2.8) || !near(got[2].EW, 1.2) || !near(got[1].NS, 3.25) {
		t.Errorf("options: %+v", got)
	}
	// Both sides average.
	got, _ = ScoreBoard([]TableResult{{NS: 50}, {NSAdj: Average, EWAdj: Average}}, MPOptions{})
	if !near(got[0].NS, 1) || !near(got[1].NS, 1) || !near(got[1].EW, 1) {
		t.Errorf("Av/Av: %+v", got)
	}
}

// A board played 10 times when 11 were expected: the sole top gets 19.9.
func TestScoreBoardFewerPlays(t *testing.T) {
	var res []TableResult
	for i := range 10 {
		res = append(res, TableResult{NS: 10 * i})
	}
	got, err := ScoreBoard(res, MPOptions{Expected: 11})
	if err != nil {
		t.Fatal(err)
	}
	if !near(got[9].NS, 19.9) || !near(got[9].EW, 0.1) || !near(got[9].NSPercent, 99.5) {
		t.Errorf("sole top: %+v", got[9])
	}
	if !near(got[0].NS, 0.1) {
		t.Errorf("sole bottom: %+v", got[0])
	}
	// Without Expected the board is complete.
	got, _ = ScoreBoard(res, MPOptions{})
	if got[9].NS != 18 || got[9].EW != 0 {
		t.Errorf("complete board: %+v", got[9])
	}
}

func TestScoreBoardInvalid(t *testing.T) {
	for _, tc := range []struct {
		res []TableResult
		opt MPOptions
	}{
		{[]TableResult{{NS: 1}, {NS: 2}}, MPOptions{Expected: 1}},
		{[]TableResult{{NS: 1}, {NSAdj: AveragePlus}}, MPOptions{}},
		{[]TableResult{{NS: 1}, {NSAdj: 9, EWAdj: 9}}, MPOptions{}},
		{[]TableResult{{NS: 1}}, MPOptions{Scale: 5}},
	} {
		if _, err := ScoreBoard(tc.res, tc.opt); err == nil {
			t.Errorf("ScoreBoard(%+v, %+v) accepted", tc.res, tc.opt)
		}
	}
	if Played.String() != "played" || AveragePlus.String() != "Av+" || Average.String() != "Av" || AverageMinus.String() != "Av-" || Adjustment(9).String() != "Adjustment(9)" {
		t.Error("Adjustment.String")
	}
}

// Properties of a complete board: NS + EW = top, the matchpoints of all
// results add up to n(n-1) (international), equal scores get equal
// matchpoints and a better score never gets fewer.
func TestMatchpointsRandom(t *testing.T) {
	rnd := card.NewRand(11)
	for range 500 {
		n := 1 + rnd.IntN(15)
		ns := make([]int, n)
		res := make([]TableResult, n)
		for i := range ns {
			ns[i] = 10 * (rnd.IntN(21) - 10)
			res[i] = TableResult{NS: ns[i]}
		}
		mp := Matchpoints(ns, International)
		sum := 0.0
		for i := range ns {
			sum += mp[i]
			for j := range ns {
				if ns[i] > ns[j] && mp[i] <= mp[j] || ns[i] == ns[j] && mp[i] != mp[j] {
					t.Fatalf("%v: %v", ns, mp)
				}
			}
		}
		if sum != float64(n*(n-1)) {
			t.Fatalf("sum %v for n=%d", sum, n)
		}
		got, err := ScoreBoard(res, MPOptions{})
		if err != nil {
			t.Fatal(err)
		}
		for i, g := range got {
			if g.NS != mp[i] || !near(g.NS+g.EW, International.Top(n)) {
				t.Fatalf("%+v vs %v", g, mp[i])
			}
			if n > 1 && !near(g.NSPercent+g.EWPercent, 100) {
				t.Fatalf("percent %+v", g)
			}
		}
	}
}

func BenchmarkMatchpoints(b *testing.B) {
	ns := make([]int, 26)
	for i := range ns {
		ns[i] = (i * 37 % 13) * 30
	}
	for b.Loop() {
		Matchpoints(ns, International)
	}
}
