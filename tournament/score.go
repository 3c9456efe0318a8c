package tournament

import (
	"slices"
	"sort"

	"atout/bridge"
	"atout/bridge/scoring"
)

// impLowerBounds are the lower bounds of the WBF IMP scale steps
// (docs/bridge-reference.md §5): a difference d is worth the number of
// bounds <= |d|, with the sign of d.
var impLowerBounds = [...]int{20, 50, 90, 130, 170, 220, 270, 320, 370, 430, 500, 600, 750, 900, 1100, 1300, 1500, 1750, 2000, 2250, 2500, 3000, 3500, 4000}

// boardCache holds the results of one board and their scores, recomputed
// when a result is added (dirty).
type boardCache struct {
	results []int // indices into Tournament.results, in order of arrival
	dirty   bool
	ns      []float64 // per result (same order): NS matchpoints unscaled, or NS IMPs
	datum   int       // Butler datum
	sorted  []int     // the NS scores, ascending
}

// MatchpointsSorted returns the matchpoints on the international scale (2
// per result beaten, 1 per tie, top 2(n−1)) of each North-South score, like
// [scoring.Matchpoints] but in O(n log n): each score's rank is found by
// binary search in a sorted copy. sorted may be given (ascending copy of ns)
// or nil.
func MatchpointsSorted(ns []int, sorted []int) []float64 {
	if sorted == nil {
		sorted = slices.Clone(ns)
		slices.Sort(sorted)
	}
	out := make([]float64, len(ns))
	for i, a := range ns {
		less := sort.SearchInts(sorted, a)
		eq := sort.SearchInts(sorted[less:], a+1)
		out[i] = float64(2*less + eq - 1)
	}
	return out
}

// CrossIMPsSorted returns, for each North-South score, the sum of the IMPs
// of its difference with every other score on the board: the totals of
// [scoring.CrossIMPs], computed in O(n log n) by counting, for each step of
// the IMP scale, the scores at least that far below and above. sorted may be
// given (ascending copy of ns) or nil.
func CrossIMPsSorted(ns []int, sorted []int) []int {
	if sorted == nil {
		sorted = slices.Clone(ns)
		slices.Sort(sorted)
	}
	n := len(sorted)
	// Boards have few distinct scores: compute each distinct score once.
	var uniq, tot []int
	for i, a := range sorted {
		if i > 0 && a == sorted[i-1] {
			continue
		}
		t := 0
		for _, b := range impLowerBounds {
			// scores <= a-b are beaten by at least b; scores >= a+b beat a by at least b
			below := sort.SearchInts(sorted, a-b+1)
			above := n - sort.SearchInts(sorted, a+b)
			if below == 0 && above == 0 {
				break // further steps are wider still
			}
			t += below - above
		}
		uniq, tot = append(uniq, a), append(tot, t)
	}
	out := make([]int, len(ns))
	for i, a := range ns {
		out[i] = tot[sort.SearchInts(uniq, a)]
	}
	return out
}

// refresh recomputes the scores of board bi if results were added. The
// caller holds t.mu.
func (t *Tournament) refresh(bi int) *boardCache {
	c := &t.cache[bi]
	if !c.dirty && len(c.ns) == len(c.results) {
		return c
	}
	ns := make([]int, len(c.results))
	for k, ri := range c.results {
		ns[k] = t.results[ri].ScoreNS
	}
	c.sorted = slices.Clone(ns)
	slices.Sort(c.sorted)
	c.ns = c.ns[:0]
	switch t.Scoring {
	case Matchpoints:
		c.ns = MatchpointsSorted(ns, c.sorted)
	case CrossIMPs:
		tot := CrossIMPsSorted(ns, c.sorted)
		c.ns = make([]float64, len(ns))
		if len(ns) > 1 {
			for k, v := range tot {
				c.ns[k] = float64(v) / float64(len(ns)-1)
			}
		}
	case Butler:
		c.ns = make([]float64, len(ns))
		if len(ns) > 0 {
			datum, err := scoring.ButlerDatum(c.sorted, -1)
			if err == nil { // cannot fail: at least one result, default discard
				c.datum = datum
				for k, v := range ns {
					c.ns[k] = float64(bridge.IMPs(v - datum))
				}
			}
		}
	}
	c.dirty = false
	return c
}

// expected returns N, the number of results of the most-played board (the
// Neuberg target). The caller holds t.mu.
func (t *Tournament) expected() int {
	n := 0
	for i := range t.cache {
		n = max(n, len(t.cache[i].results))
	}
	return n
}

// scaled turns a board's unscaled NS score into the scores of both sides:
// at matchpoints the Neuberg-scaled matchpoints out of top = 2(N−1), with n
// results on the board; at IMPs the IMPs (top 0). A board where N <= 1
// (nothing to compare with anywhere) is worth an average: 1 of 2.
func (t *Tournament) scaled(raw float64, n, N int) (nsScore, ewScore, top float64) {
	if !t.Scoring.IMPs() {
		if N <= 1 {
			return 1, 1, 2
		}
		top = scoring.International.Top(N)
		m := raw
		if n < N {
			m, _ = scoring.Neuberg(raw, n, N, scoring.International) // 1 <= n < N
		}
		return m, top - m, top
	}
	return raw, -raw, 0
}

// Standing is an entry's place in a tournament.
type Standing struct {
	Rank   int  // 1-based; tied entries share the best place
	Tied   bool // another entry has the same result
	Entry  Entry
	Boards int // boards played
	// Matchpoints: total (international scale, Neuberg-scaled to the
	// most-played board), total of the tops of the boards played, and the
	// percentage. IMPs: the total, Top 0, Percent 0.
	Score, Top, Percent float64
	// PerBoard is Score divided by Boards (IMPs per board; the ranking key
	// at IMPs).
	PerBoard float64
}

// Standings is the ranking of a tournament at one moment.
type Standings struct {
	Scoring Scoring
	// Expected is N, the number of results of the most-played board, to
	// whose top every board is scaled at matchpoints.
	Expected int
	// Played is the number of results on each board, in the order of
	// Tournament.Boards.
	Played []int
	Rows   []Standing
}

// Standings ranks the entries that have played at least one board, from
// all results so far: at matchpoints by percentage over the boards played,
// at IMPs by IMPs per board played (see the package documentation). Boards
// whose results changed since the last call are rescored; the others come
// from the cache.
func (t *Tournament) Standings() Standings {
	t.mu.Lock()
	defer t.mu.Unlock()
	N := t.expected()
	st := Standings{Scoring: t.Scoring, Expected: N, Played: make([]int, len(t.Boards))}
	scores := make([]scoring.PairBoardScore, 0, len(t.results))
	for bi := range t.cache {
		c := t.refresh(bi)
		n := len(c.results)
		st.Played[bi] = n
		for k, ri := range c.results {
			r := &t.results[ri]
			nsS, ewS, top := t.scaled(c.ns[k], n, N)
			s := nsS
			if r.Side != 0 {
				s = ewS
			}
			if t.Scoring.IMPs() {
				top = 1 // so that RankByPercent ranks by IMPs per board (×100)
			}
			scores = append(scores, scoring.PairBoardScore{Pair: r.Entry, Score: s, Top: top})
		}
	}
	var ranked []scoring.Standing
	ranked = scoring.RankByPercent(scores)
	st.Rows = make([]Standing, len(ranked))
	for i, s := range ranked {
		row := Standing{Rank: s.Rank, Tied: s.Tied, Entry: t.entries[t.entryAt[s.Pair]], Boards: s.Boards, Score: s.Score}
		if s.Boards > 0 {
			row.PerBoard = s.Score / float64(s.Boards)
		}
		if !t.Scoring.IMPs() {
			row.Top, row.Percent = s.Top, s.Percent
		}
		st.Rows[i] = row
	}
	return st
}
