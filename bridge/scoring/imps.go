package scoring

import (
	"math"
	"slices"
	"sync"

	"atout/bridge"
)

// DefaultButlerDiscard returns how many results are dropped at each end of
// a board played n times before the Butler datum is averaged: 5 % of n,
// rounded to the nearest whole number with a half rounded up (0 below 10
// results, 1 from 10 to 29, 2 from 30 to 49 ...). ACBLscore documents "5 %
// high and 5 % low" without saying how it rounds; this is our reading.
func DefaultButlerDiscard(n int) int {
	if n <= 0 {
		return 0
	}
	return (n + 10) / 20
}

// ButlerDatum returns the datum of a board: the mean of the North-South
// scores after dropping the discard highest and the discard lowest, rounded
// to the nearest 10 with an exact 5 rounded to the even ten (425 → 420,
// 435 → 440, as ACBLscore does). A negative discard means
// DefaultButlerDiscard(len(ns)).
func ButlerDatum(ns []int, discard int) (int, error) {
	if len(ns) == 0 {
		return 0, inputErr("ButlerDatum", "scores", "[]", "no result on the board")
	}
	if discard < 0 {
		discard = DefaultButlerDiscard(len(ns))
	}
	if 2*discard >= len(ns) {
		return 0, inputErr("ButlerDatum", "discard", discard, "dropping %d at each end leaves none of %d results", discard, len(ns))
	}
	s := slices.Clone(ns)
	slices.Sort(s)
	sum := 0
	for _, v := range s[discard : len(s)-discard] {
		sum += v
	}
	return roundTenEven(sum, len(s)-2*discard), nil
}

// roundTenEven returns sum/count rounded to the nearest multiple of 10, an
// exact half rounded to the even multiple; exact in integers.
func roundTenEven(sum, count int) int {
	den := 10 * count
	q := sum / den
	r := sum - q*den
	if r < 0 { // floor division
		q--
		r += den
	}
	switch {
	case 2*r > den, 2*r == den && q%2 != 0:
		q++
	}
	return 10 * q
}

// Butler scores a board of an IMP pairs event by the Butler method: the datum
// of ButlerDatum(ns, discard), then each North-South result IMPed against it
// (East-West get the opposite).
func Butler(ns []int, discard int) (datum int, imps []int, err error) {
	datum, err = ButlerDatum(ns, discard)
	if err != nil {
		return 0, nil, err
	}
	imps = make([]int, len(ns))
	for i, v := range ns {
		imps[i] = bridge.IMPs(v - datum)
	}
	return datum, imps, nil
}

// CrossIMPs scores a board by IMPs across the field: each North-South
// result is IMPed against every other one and the IMPs summed (ACBLscore
// "Total IMPs"); average is the sum divided by the number of comparisons,
// n-1 ("Average IMPs", as BBO reports it). East-West get the opposite. A
// board played once scores 0.
func CrossIMPs(ns []int) (total []int, average []float64) {
	total = make([]int, len(ns))
	average = make([]float64, len(ns))
	for i, a := range ns {
		for j, b := range ns {
			if i != j {
				total[i] += bridge.IMPs(a - b)
			}
		}
		if len(ns) > 1 {
			average[i] = float64(total[i]) / float64(len(ns)-1)
		}
	}
	return total, average
}

// TeamIMPs returns the IMPs of a board of a team match for the team sitting
// North-South in the open room (and East-West in the closed room), from the
// North-South scores of the two rooms.
func TeamIMPs(openNS, closedNS int) int { return bridge.IMPs(openNS - closedNS) }

// TeamMatch scores a team match board by board: IMPs per board for the team
// sitting North-South in the open room, and each team's total IMPs won.
func TeamMatch(openNS, closedNS []int) (perBoard []int, home, away int, err error) {
	if len(openNS) != len(closedNS) {
		return nil, 0, 0, inputErr("TeamMatch", "closed room", len(closedNS), "want one score per board, as in the open room (%d)", len(openNS))
	}
	perBoard = make([]int, len(openNS))
	for i := range openNS {
		v := TeamIMPs(openNS[i], closedNS[i])
		perBoard[i] = v
		if v > 0 {
			home += v
		} else {
			away -= v
		}
	}
	return perBoard, home, away, nil
}

// tau is the golden-ratio constant (√5−1)/2 of the WBF VP formula.
var tau = (math.Sqrt(5) - 1) / 2

// VPScale returns the WBF 2013 continuous 20-point victory-point scale for a
// match of boards boards: entry m is the winner's VPs for an IMP margin of m,
// for m from 0 to the blitz margin (rounded up), after which the winner gets
// 20. The scale is V(m) = 10 + 10·(1 − τ^(3m/X)) / (1 − τ³), capped at 20,
// with τ = (√5−1)/2 and the blitz X = 15·√boards, rounded to two decimals;
// then, as in the WBF Scoring Panel's report, wherever rounding makes an
// IMP worth more than the one before it the earlier value is raised by 0.01,
// until every extra IMP is worth no more than the previous one.
func VPScale(boards int) ([]float64, error) {
	if boards < 1 {
		return nil, inputErr("VPScale", "boards", boards, "want at least 1")
	}
	return slices.Clone(vpScale(boards)), nil
}

// vpCache holds the scales already computed, by number of boards.
var vpCache sync.Map // int -> []float64, never modified once stored

func vpScale(boards int) []float64 {
	if v, ok := vpCache.Load(boards); ok {
		return v.([]float64)
	}
	s := computeVPScale(boards)
	if boards <= 1024 {
		vpCache.Store(boards, s)
	}
	return s
}

func computeVPScale(boards int) []float64 {
	x := 15 * math.Sqrt(float64(boards))
	n := int(math.Ceil(x)) + 1
	h := make([]int, n+1) // hundredths of a VP
	for m := range h {
		v := 10 + 10*(1-math.Pow(tau, 3*float64(m)/x))/(1-math.Pow(tau, 3))
		h[m] = min(2000, int(math.Round(v*100)))
	}
	for range 100 * len(h) { // each pass raises one value; the bound is a safety net
		i := 2
		for ; i < len(h) && h[i]-h[i-1] <= h[i-1]-h[i-2]; i++ {
		}
		if i == len(h) {
			break
		}
		h[i-1]++
	}
	out := make([]float64, n)
	for m := range out {
		out[m] = float64(h[m]) / 100
	}
	return out
}

// VictoryPoints converts the IMP margin of a team match of boards boards to
// victory points on the WBF 2013 continuous 20-point scale (see VPScale): a
// positive margin gives the winner's VPs, a negative one the loser's
// (20 minus the winner's); the two teams' VPs add up to 20.
func VictoryPoints(margin, boards int) (float64, error) {
	if boards < 1 {
		return 0, inputErr("VictoryPoints", "boards", boards, "want at least 1")
	}
	scale := vpScale(boards)
	a := margin
	if a < 0 {
		a = -a
	}
	v := 20.0
	if a < len(scale) {
		v = scale[a]
	}
	if margin < 0 {
		return math.Round((20-v)*100) / 100, nil
	}
	return v, nil
}
