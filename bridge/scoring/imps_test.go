package scoring

import (
	"math"
	"slices"
	"testing"

	"atout/card"
)

func TestDefaultButlerDiscard(t *testing.T) {
	for n, want := range map[int]int{0: 0, 1: 0, 9: 0, 10: 1, 20: 1, 29: 1, 30: 2, 49: 2, 50: 3, 100: 5} {
		if got := DefaultButlerDiscard(n); got != want {
			t.Errorf("DefaultButlerDiscard(%d) = %d, want %d", n, got, want)
		}
	}
}

func TestRoundTenEven(t *testing.T) {
	for _, tc := range []struct{ sum, count, want int }{
		{425, 1, 420}, {435, 1, 440}, {-425, 1, -420}, {-435, 1, -440}, {1210, 4, 300}, // 302.5
		{305, 1, 300}, {315, 1, 320}, {314, 1, 310}, {316, 1, 320}, {-314, 1, -310}, {-316, 1, -320},
		{0, 3, 0}, {5, 1, 0}, {15, 1, 20}, {-5, 1, 0}, {-15, 1, -20}, {1000, 3, 330}, {-1000, 3, -330},
		{11320, 22, 510}, // 514.5 → 510
	} {
		if got := roundTenEven(tc.sum, tc.count); got != tc.want {
			t.Errorf("roundTenEven(%d, %d) = %d, want %d", tc.sum, tc.count, got, tc.want)
		}
	}
}

// The NBB example (ilovebridge.nl "Butler-regels uitgelegd"): six NS
// results, best and worst dropped: (420 − 50 + 420 + 420) / 4 = 302.5,
// datum 300.
func TestButlerDropOne(t *testing.T) {
	ns := []int{450, 420, -800, -50, 420, 420}
	datum, imps, err := Butler(ns, 1)
	if err != nil {
		t.Fatal(err)
	}
	if datum != 300 {
		t.Errorf("datum %d, want 300", datum)
	}
	if want := []int{4, 3, -15, -8, 3, 3}; !slices.Equal(imps, want) {
		t.Errorf("IMPs %v, want %v", imps, want)
	}
	if !slices.Equal(ns, []int{450, 420, -800, -50, 420, 420}) {
		t.Error("Butler changed its input")
	}
}

// The BBO forum example (Bermuda Bowl 2011 thread): 22 results, 3 × 980,
// 11 × 480, 7 × 450, 1 × −50; with nothing dropped the mean 514.55 gives a
// datum of 510 and 10, −1, −2, −11 IMPs. With the default 5 % (one result at
// each end) the mean is 10390/20 = 519.5, datum 520.
func TestButlerField(t *testing.T) {
	var ns []int
	for _, g := range []struct{ n, score int }{{3, 980}, {11, 480}, {7, 450}, {1, -50}} {
		for range g.n {
			ns = append(ns, g.score)
		}
	}
	datum, imps, err := Butler(ns, 0)
	if err != nil || datum != 510 {
		t.Fatalf("datum %d %v, want 510", datum, err)
	}
	want := map[int]int{980: 10, 480: -1, 450: -2, -50: -11}
	for i, s := range ns {
		if imps[i] != want[s] {
			t.Errorf("%d: %d IMPs, want %d", s, imps[i], want[s])
		}
	}
	if d, _ := ButlerDatum(ns, -1); d != 520 {
		t.Errorf("default datum %d, want 520", d)
	}
}

func TestButlerDatumRounding(t *testing.T) {
	for _, tc := range []struct {
		ns   []int
		want int
	}{
		{[]int{430, 420}, 420}, // 425
		{[]int{440, 430}, 440}, // 435
		{[]int{-430, -420}, -420},
		{[]int{100}, 100},
		{[]int{-50, 50, 110}, 40}, // 36.7
	} {
		if got, err := ButlerDatum(tc.ns, 0); err != nil || got != tc.want {
			t.Errorf("ButlerDatum(%v) = %d %v, want %d", tc.ns, got, err, tc.want)
		}
	}
	for _, tc := range []struct {
		ns []int
		k  int
	}{{nil, 0}, {[]int{1, 2}, 1}, {[]int{1, 2, 3}, 2}} {
		if _, err := ButlerDatum(tc.ns, tc.k); err == nil {
			t.Errorf("ButlerDatum(%v, %d) accepted", tc.ns, tc.k)
		}
		if _, _, err := Butler(tc.ns, tc.k); err == nil {
			t.Errorf("Butler(%v, %d) accepted", tc.ns, tc.k)
		}
	}
}

func TestCrossIMPs(t *testing.T) {
	total, avg := CrossIMPs([]int{420, 420, 450, -50})
	if want := []int{9, 9, 13, -31}; !slices.Equal(total, want) {
		t.Errorf("totals %v, want %v", total, want)
	}
	for i, w := range []float64{3, 3, 13.0 / 3, -31.0 / 3} {
		if !near(avg[i], w) {
			t.Errorf("average %d = %v, want %v", i, avg[i], w)
		}
	}
	total, avg = CrossIMPs([]int{620})
	if total[0] != 0 || avg[0] != 0 {
		t.Errorf("single result %v %v", total, avg)
	}
	// Property: cross-IMPs sum to zero; each total is the sum of the
	// pairwise IMPs.
	rnd := card.NewRand(5)
	for range 300 {
		ns := make([]int, 2+rnd.IntN(12))
		for i := range ns {
			ns[i] = 10 * (rnd.IntN(400) - 200)
		}
		total, avg := CrossIMPs(ns)
		sum := 0
		for i := range ns {
			sum += total[i]
			if !near(avg[i]*float64(len(ns)-1), float64(total[i])) {
				t.Fatal("average")
			}
		}
		if sum != 0 {
			t.Fatalf("cross-IMPs of %v sum to %d", ns, sum)
		}
	}
}

func TestTeamIMPs(t *testing.T) {
	if got := TeamIMPs(620, -100); got != 12 {
		t.Errorf("620 / -100 = %d, want 12", got)
	}
	if got := TeamIMPs(420, 420); got != 0 {
		t.Errorf("flat board = %d", got)
	}
	if got := TeamIMPs(-50, 420); got != -10 {
		t.Errorf("-50 / 420 = %d, want -10", got)
	}
	per, home, away, err := TeamMatch([]int{620, 420, -50, 1430}, []int{-100, 420, 420, 1430})
	if err != nil || !slices.Equal(per, []int{12, 0, -10, 0}) || home != 12 || away != 10 {
		t.Errorf("TeamMatch = %v %d %d %v", per, home, away, err)
	}
	if _, _, _, err := TeamMatch([]int{1}, nil); err == nil {
		t.Error("uneven rooms accepted")
	}
}

// WBF 2013 continuous scale. The 20-board values 10.28 and 10.55 for 1 and 2
// IMPs are the ones quoted by bcstar.nl ("Continue WP-schaal ingevoerd");
// the rest are properties of the scale.
func TestVictoryPoints(t *testing.T) {
	for _, tc := range []struct {
		margin, boards int
		want           float64
	}{
		{0, 20, 10}, {1, 20, 10.28}, {2, 20, 10.55}, {-1, 20, 9.72}, {-2, 20, 9.45},
		{1000, 20, 20}, {-1000, 20, 0}, {68, 20, 20}, {0, 1, 10},
	} {
		got, err := VictoryPoints(tc.margin, tc.boards)
		if err != nil || got != tc.want {
			t.Errorf("VictoryPoints(%d, %d) = %v %v, want %v", tc.margin, tc.boards, got, err, tc.want)
		}
	}
	if _, err := VictoryPoints(3, 0); err == nil {
		t.Error("0 boards accepted")
	}
	for boards := 1; boards <= 64; boards++ {
		scale, err := VPScale(boards)
		if err != nil {
			t.Fatal(err)
		}
		x := 15 * math.Sqrt(float64(boards))
		if scale[0] != 10 || scale[len(scale)-1] != 20 {
			t.Fatalf("%d boards: ends %v %v", boards, scale[0], scale[len(scale)-1])
		}
		if m := int(math.Ceil(x)); scale[m] != 20 || scale[m-1] >= 20 && float64(m-1) < x-1 {
			t.Fatalf("%d boards: blitz %v at %d: %v", boards, x, m, scale[m-1:])
		}
		for m := 1; m < len(scale); m++ {
			raw := 10 + 10*(1-math.Pow(tau, 3*float64(m)/x))/(1-math.Pow(tau, 3))
			if d := scale[m] - min(20, raw); d < -0.0051 || d > 0.03 { // rounding, plus the concavity corrections
				t.Fatalf("%d boards, %d IMPs: %v far from the formula %v", boards, m, scale[m], raw)
			}
			inc := math.Round((scale[m] - scale[m-1]) * 100)
			if inc < 0 {
				t.Fatalf("%d boards: VPs fall at %d IMPs", boards, m)
			}
			if m >= 2 && inc > math.Round((scale[m-1]-scale[m-2])*100) {
				t.Fatalf("%d boards: IMP %d worth more than IMP %d: %v", boards, m, m-1, scale[m-2:m+1])
			}
			v, _ := VictoryPoints(m, boards)
			l, _ := VictoryPoints(-m, boards)
			if v != scale[m] || math.Round((v+l)*100) != 2000 {
				t.Fatalf("%d boards, %d IMPs: %v + %v", boards, m, v, l)
			}
		}
	}
}

func BenchmarkCrossIMPs(b *testing.B) {
	ns := make([]int, 26)
	for i := range ns {
		ns[i] = (i*37%13)*30 - 100
	}
	for b.Loop() {
		CrossIMPs(ns)
	}
}

func BenchmarkVictoryPoints(b *testing.B) {
	for i := 0; b.Loop(); i++ {
		VictoryPoints(i%80, 16)
	}
}

// The cached scales are safe to read from several goroutines.
func TestVictoryPointsConcurrent(t *testing.T) {
	done := make(chan bool)
	for g := range 4 {
		go func() {
			ok := true
			for b := 1; b <= 40; b++ {
				v, err := VictoryPoints(b+g, b)
				s, _ := VPScale(b)
				ok = ok && err == nil && v >= 10 && v <= 20 && len(s) > 0
			}
			done <- ok
		}()
	}
	for range 4 {
		if !<-done {
			t.Error("VictoryPoints failed")
		}
	}
	s, _ := VPScale(16)
	s[1] = 0 // the caller's copy
	if v, _ := VictoryPoints(1, 16); v != 10.31 {
		t.Errorf("VPScale returned the cached slice: %v", v)
	}
}
