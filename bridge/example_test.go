package bridge_test

import (
	"encoding/json"
	"fmt"

	"atout/bridge"
	"atout/card"
	"atout/game"
)

// A deal from the auction to a claim, through the text actions of the
// generic game interface.
func ExampleGame() {
	deal, err := bridge.ParseDeal("N:KT.J8.K98762.T65 QJ75.KT6542.3.J2 86432.7.QJ4.A843 A9.AQ93.AT5.KQ97")
	if err != nil {
		panic(err)
	}
	g := bridge.NewBoard(1, deal) // North deals, nobody vulnerable
	for _, a := range []string{"2NT", "P", "4C", "P", "P", "P", "S9"} {
		seat, _ := g.Turn()
		if err := g.Apply(game.Move{Seat: seat, Action: a}); err != nil {
			panic(err)
		}
	}
	dummy, _ := g.Dummy()
	fmt.Println("dummy", dummy, "played by", g.Controller(dummy), "may play", g.Legal(dummy))

	err = g.Play(card.North, card.MustParse("D2"))
	fmt.Println(err)

	if err := g.Claim(card.South, 9); err != nil {
		panic(err)
	}
	r := g.Result()
	fmt.Println(r.Contract, "by", r.Declarer, "made", r.Tricks, "tricks; NS score", r.ScoreNS)
	b, _ := json.Marshal(r)
	fmt.Println(string(b))
	// Output:
	// dummy N played by S may play [SK ST]
	// bridge: trick 1: N cannot play D2: must follow suit in spades
	// 4C by S made 9 tricks; NS score -50
	// {"contract":"4C","declarer":"S","tricks":9,"claimed":true,"scoreNS":-50,"done":true}
}

// The auction on its own: legality and the declarer rule.
func ExampleAuction() {
	a := bridge.NewAuction(card.North)
	for _, s := range []string{"1C", "1H", "2C", "2H", "P"} {
		c, _ := bridge.ParseCall(s)
		if err := a.Add(c); err != nil {
			panic(err)
		}
	}
	fmt.Println(a.Add(bridge.DoubleCall))
	_ = a.Add(bridge.PassCall)
	_ = a.Add(bridge.PassCall)
	decl, _ := a.Declarer()
	fmt.Println(a.Done(), a.Contract(), decl)
	// Output:
	// bridge: E cannot call X: the last bid, 2H by W, is your own side's
	// true 2H E
}
