package scoring_test

import (
	"fmt"

	"atout/bridge"
	"atout/bridge/scoring"
	"atout/card"
)

func ExampleRubber() {
	var r scoring.Rubber
	for _, d := range []struct {
		c      string
		decl   card.Side
		tricks int
	}{{"4S", card.NS, 10}, {"4H", card.EW, 10}, {"4SX", card.NS, 6}, {"3NT", card.NS, 9}} {
		c, _ := bridge.ParseContract(d.c)
		r.Apply(scoring.DealResult{Contract: c, Declarer: d.decl, Tricks: d.tricks})
	}
	w, _ := r.Winner()
	fmt.Println("rubber won by", w, "NS", r.Total(card.NS), "EW", r.Total(card.EW))
	// Output: rubber won by NS NS 720 EW 1220
}

func ExampleScoreBoard() {
	res := []scoring.TableResult{{NS: 420}, {NS: 450}, {NS: 420}, {NS: -50}}
	mps, _ := scoring.ScoreBoard(res, scoring.MPOptions{})
	for i, m := range mps {
		fmt.Printf("%d: NS %.0f EW %.0f (%.1f%%)\n", res[i].NS, m.NS, m.EW, m.NSPercent)
	}
	// Output:
	// 420: NS 3 EW 3 (50.0%)
	// 450: NS 6 EW 0 (100.0%)
	// 420: NS 3 EW 3 (50.0%)
	// -50: NS 0 EW 6 (0.0%)
}

func ExampleButler() {
	datum, imps, _ := scoring.Butler([]int{450, 420, -800, -50, 420, 420}, 1)
	fmt.Println(datum, imps)
	// Output: 300 [4 3 -15 -8 3 3]
}

func ExampleNeuberg() {
	m, _ := scoring.Neuberg(18, 10, 11, scoring.International)
	fmt.Printf("%.1f of %.0f\n", m, scoring.International.Top(11))
	// Output: 19.9 of 20
}
