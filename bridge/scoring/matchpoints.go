package scoring

import "fmt"

// Scale is a matchpoint scale.
type Scale uint8

// The two matchpoint scales. They give the same percentages.
const (
	// International: 2 per result beaten, 1 per tie; top = 2(n-1).
	International Scale = iota
	// NorthAmerican: 1 per result beaten, ½ per tie; top = n-1.
	NorthAmerican
)

// String returns "international" or "north-american".
func (s Scale) String() string {
	switch s {
	case International:
		return "international"
	case NorthAmerican:
		return "north-american"
	}
	return fmt.Sprintf("Scale(%d)", uint8(s))
}

// unit is the value of a result beaten on scale s.
func (s Scale) unit() float64 {
	if s == NorthAmerican {
		return 1
	}
	return 2
}

// Top returns the top on a board played n times: 2(n-1) or n-1 (0 for
// n <= 1).
func (s Scale) Top(n int) float64 {
	if n <= 1 {
		return 0
	}
	return s.unit() * float64(n-1)
}

// Matchpoints returns the matchpoints of each North-South score on a board,
// each result compared with every other one: a result beaten is worth 2 (1 on
// the North-American scale), a tie 1 (½). East-West's matchpoints are
// Top(n) minus North-South's.
func Matchpoints(ns []int, s Scale) []float64 {
	u := s.unit()
	mp := make([]float64, len(ns))
	for i, a := range ns {
		var t float64
		for j, b := range ns {
			switch {
			case i == j:
			case a > b:
				t += u
			case a == b:
				t += u / 2
			}
		}
		mp[i] = t
	}
	return mp
}

// Percent returns mp as a percentage of the top of a board played n times;
// 50 when there is no top (n <= 1).
func Percent(mp float64, n int, s Scale) float64 {
	top := s.Top(n)
	if top == 0 {
		return 50
	}
	return 100 * mp / top
}

// Neuberg scales a matchpoint score m obtained on a board played n times to
// a board played N times (N >= n >= 1), as if the missing results had been
// spread evenly: on the international scale M' = (M+1)·N/n − 1, top 2(N-1);
// on the North-American scale M' = (M+½)·N/n − ½, top N-1. A sole top with
// n=10, N=11 gives 19.9 of 20.
func Neuberg(m float64, n, N int, s Scale) (float64, error) {
	if n < 1 || N < n {
		return 0, inputErr("Neuberg", "n, N", fmt.Sprintf("%d, %d", n, N), "want 1 <= n <= N")
	}
	h := s.unit() / 2
	return (m+h)*float64(N)/float64(n) - h, nil
}

// NeubergPercent is the Neuberg formula on percentages:
// P' = 50 + (P−50)·(n−1)/n · N/(N−1), for a board played n times of N
// (N >= n >= 1). It gives 50 when N is 1.
func NeubergPercent(p float64, n, N int) (float64, error) {
	if n < 1 || N < n {
		return 0, inputErr("NeubergPercent", "n, N", fmt.Sprintf("%d, %d", n, N), "want 1 <= n <= N")
	}
	if N == 1 {
		return 50, nil
	}
	return 50 + (p-50)*float64(n-1)/float64(n)*float64(N)/float64(N-1), nil
}

// Adjustment is the artificial adjusted score of one side at a table that
// could not play a board (Law 12): average plus, average, average minus.
type Adjustment uint8

// The adjustments. Played means the table has a real score.
const (
	Played Adjustment = iota
	AveragePlus
	Average
	AverageMinus
)

// String returns "played", "Av+", "Av" or "Av-".
func (a Adjustment) String() string {
	switch a {
	case Played:
		return "played"
	case AveragePlus:
		return "Av+"
	case Average:
		return "Av"
	case AverageMinus:
		return "Av-"
	}
	return fmt.Sprintf("Adjustment(%d)", uint8(a))
}

// AdjustedPercents are the percentages of the top given for adjusted scores.
// The zero value means 60 / 50 / 40, the Law 12 defaults.
type AdjustedPercents struct{ Plus, Average, Minus float64 }

// DefaultAdjusted is 60 / 50 / 40.
var DefaultAdjusted = AdjustedPercents{Plus: 60, Average: 50, Minus: 40}

func (p AdjustedPercents) of(a Adjustment) float64 {
	if p == (AdjustedPercents{}) {
		p = DefaultAdjusted
	}
	switch a {
	case AveragePlus:
		return p.Plus
	case AverageMinus:
		return p.Minus
	}
	return p.Average
}

// TableResult is one table's result on a board: a North-South score, or
// adjusted scores for both sides (NSAdj and EWAdj both not Played).
type TableResult struct {
	NS    int
	NSAdj Adjustment
	EWAdj Adjustment
}

// Adjusted reports whether the table has an artificial score.
func (t TableResult) Adjusted() bool { return t.NSAdj != Played || t.EWAdj != Played }

// MPOptions are the choices of ScoreBoard.
type MPOptions struct {
	Scale Scale
	// Expected is the number of times the board should have been played; 0
	// means the number of results given.
	Expected int
	// Adjusted gives the percentages of adjusted scores (zero value:
	// 60/50/40).
	Adjusted AdjustedPercents
}

// BoardMP is one table's matchpoint result on a board.
type BoardMP struct {
	NS, EW               float64 // matchpoints; NS + EW = top for a played result
	NSPercent, EWPercent float64
}

// ScoreBoard matchpoints the results of one board. The top is that of a
// board played N times (N = opt.Expected, or the number of results). Real
// results are compared among themselves; when there are fewer of them than N
// (adjusted scores, or a board not played by every table) they are scaled to
// the full top with the Neuberg formula. An adjusted score earns its
// percentage of the top.
func ScoreBoard(results []TableResult, opt MPOptions) ([]BoardMP, error) {
	const fn = "ScoreBoard"
	if opt.Scale > NorthAmerican {
		return nil, inputErr(fn, "scale", opt.Scale, "want International or NorthAmerican")
	}
	N := opt.Expected
	if N == 0 {
		N = len(results)
	}
	if N < len(results) {
		return nil, inputErr(fn, "expected", opt.Expected, "fewer than the %d results given", len(results))
	}
	var played []int
	var idx []int
	for i, r := range results {
		if r.NSAdj > AverageMinus || r.EWAdj > AverageMinus {
			return nil, inputErr(fn, fmt.Sprintf("result %d adjustment", i+1), fmt.Sprintf("%v/%v", r.NSAdj, r.EWAdj), "unknown adjustment")
		}
		if r.Adjusted() {
			if r.NSAdj == Played || r.EWAdj == Played {
				return nil, inputErr(fn, fmt.Sprintf("result %d adjustment", i+1), fmt.Sprintf("%v/%v", r.NSAdj, r.EWAdj), "an adjusted table needs an adjustment for both sides")
			}
			continue
		}
		played = append(played, r.NS)
		idx = append(idx, i)
	}
	top := opt.Scale.Top(N)
	out := make([]BoardMP, len(results))
	mps := Matchpoints(played, opt.Scale)
	for k, m := range mps {
		if n := len(played); n < N {
			m, _ = Neuberg(m, n, N, opt.Scale)
		}
		out[idx[k]] = BoardMP{NS: m, EW: top - m}
	}
	for i, r := range results {
		if r.Adjusted() {
			out[i] = BoardMP{NS: opt.Adjusted.of(r.NSAdj) / 100 * top, EW: opt.Adjusted.of(r.EWAdj) / 100 * top}
		}
	}
	for i := range out {
		out[i].NSPercent = Percent(out[i].NS, N, opt.Scale)
		out[i].EWPercent = Percent(out[i].EW, N, opt.Scale)
	}
	return out, nil
}
