package scoring

import (
	"math"
	"sort"
)

// PairBoardScore is what one pair scored on one board: Score out of a
// possible Top (matchpoints and the board's top, or IMPs with Top 0).
type PairBoardScore struct {
	Pair  string
	Score float64
	Top   float64
}

// Standing is a pair's place in the event.
type Standing struct {
	Pair    string
	Boards  int     // boards scored
	Score   float64 // total of the board scores
	Top     float64 // total of the tops
	Percent float64 // 100·Score/Top; 0 when Top is 0
	Rank    int     // 1-based; tied pairs share the best place ("1, 2=, 2=, 4")
	Tied    bool    // another pair has the same result
}

// RankByPercent totals each pair's board scores and ranks the pairs by
// percentage (total score over total top), best first. Pairs whose
// percentages agree to within 1e-9 are tied. Tied pairs are listed by name.
func RankByPercent(scores []PairBoardScore) []Standing {
	return rank(scores, func(s Standing) float64 { return s.Percent })
}

// RankByTotal is RankByPercent ranking by total score instead (IMP events).
func RankByTotal(scores []PairBoardScore) []Standing {
	return rank(scores, func(s Standing) float64 { return s.Score })
}

func rank(scores []PairBoardScore, key func(Standing) float64) []Standing {
	at := map[string]int{}
	var st []Standing
	for _, s := range scores {
		i, ok := at[s.Pair]
		if !ok {
			i = len(st)
			at[s.Pair] = i
			st = append(st, Standing{Pair: s.Pair})
		}
		st[i].Boards++
		st[i].Score += s.Score
		st[i].Top += s.Top
	}
	for i := range st {
		if st[i].Top != 0 {
			st[i].Percent = 100 * st[i].Score / st[i].Top
		}
	}
	same := func(a, b float64) bool { return math.Abs(a-b) <= 1e-9*math.Max(1, math.Max(math.Abs(a), math.Abs(b))) }
	sort.SliceStable(st, func(i, j int) bool {
		a, b := key(st[i]), key(st[j])
		if !same(a, b) {
			return a > b
		}
		return st[i].Pair < st[j].Pair
	})
	for i := range st {
		st[i].Rank = i + 1
		if i > 0 && same(key(st[i]), key(st[i-1])) {
			st[i].Rank = st[i-1].Rank
			st[i].Tied, st[i-1].Tied = true, true
		}
	}
	return st
}
