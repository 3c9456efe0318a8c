package scoring

import "testing"

func TestRankByPercent(t *testing.T) {
	scores := []PairBoardScore{
		{"A", 6, 10}, {"B", 8, 10}, {"C", 10, 10}, {"D", 5, 10},
		{"A", 8, 10}, {"B", 6, 10}, {"C", 0, 10}, {"D", 4.5, 10},
		{"E", 7, 10},                              // one board only: 70 % as well
		{"F", 0.1, 1}, {"F", 0.2, 1}, {"F", 0, 1}, // 0.3/3 = 10 %
		{"G", 0.3, 3}, // 10 % too, within rounding noise
	}
	got := RankByPercent(scores)
	want := []Standing{
		{Pair: "A", Boards: 2, Score: 14, Top: 20, Percent: 70, Rank: 1, Tied: true},
		{Pair: "B", Boards: 2, Score: 14, Top: 20, Percent: 70, Rank: 1, Tied: true},
		{Pair: "E", Boards: 1, Score: 7, Top: 10, Percent: 70, Rank: 1, Tied: true},
		{Pair: "C", Boards: 2, Score: 10, Top: 20, Percent: 50, Rank: 4},
		{Pair: "D", Boards: 2, Score: 9.5, Top: 20, Percent: 47.5, Rank: 5},
		{Pair: "F", Boards: 3, Score: 0.3, Top: 3, Percent: 10, Rank: 6, Tied: true},
		{Pair: "G", Boards: 1, Score: 0.3, Top: 3, Percent: 10, Rank: 6, Tied: true},
	}
	if len(got) != len(want) {
		t.Fatalf("got %+v", got)
	}
	for i := range want {
		g, w := got[i], want[i]
		if g.Pair != w.Pair || g.Boards != w.Boards || !near(g.Score, w.Score) || g.Top != w.Top ||
			!near(g.Percent, w.Percent) || g.Rank != w.Rank || g.Tied != w.Tied {
			t.Errorf("place %d: %+v, want %+v", i+1, g, w)
		}
	}
	if len(RankByPercent(nil)) != 0 {
		t.Error("empty event")
	}
}

func TestRankByTotal(t *testing.T) {
	got := RankByTotal([]PairBoardScore{{Pair: "X", Score: 3}, {Pair: "Y", Score: 2}, {Pair: "Z", Score: -4}, {Pair: "X", Score: -1}})
	want := []struct {
		pair string
		rank int
		tied bool
	}{{"X", 1, true}, {"Y", 1, true}, {"Z", 3, false}}
	for i, w := range want {
		if got[i].Pair != w.pair || got[i].Rank != w.rank || got[i].Tied != w.tied || got[i].Percent != 0 {
			t.Errorf("place %d: %+v", i+1, got[i])
		}
	}
}

// Matchpoints of a small event fed into the standings: a Howell-like set of
// boards where two pairs finish level.
func TestRankFromBoards(t *testing.T) {
	type table struct {
		ns, ew string
		score  int
	}
	boards := [][]table{
		{{"1", "2", 420}, {"3", "4", 450}, {"5", "6", -50}},
		{{"1", "4", 100}, {"3", "6", 100}, {"5", "2", 140}},
	}
	var ps []PairBoardScore
	for _, b := range boards {
		ns := make([]int, len(b))
		for i, tb := range b {
			ns[i] = tb.score
		}
		mp := Matchpoints(ns, International)
		top := International.Top(len(b))
		for i, tb := range b {
			ps = append(ps, PairBoardScore{tb.ns, mp[i], top}, PairBoardScore{tb.ew, top - mp[i], top})
		}
	}
	st := RankByPercent(ps)
	// pair 3: 4 + 1 = 5; pair 5: 0 + 4 = 4; pair 1: 2 + 1 = 3; pair 6: 4 + 3 = 7;
	// pair 2: 2 + 0 = 2; pair 4: 0 + 3 = 3.
	order := []string{"6", "3", "5", "1", "4", "2"}
	ranks := []int{1, 2, 3, 4, 4, 6}
	for i := range order {
		if st[i].Pair != order[i] || st[i].Rank != ranks[i] {
			t.Errorf("place %d: %+v, want pair %s rank %d", i+1, st[i], order[i], ranks[i])
		}
	}
}
