package server

import (
	"regexp"
	"strconv"
	"testing"

	"atout/protocol"
	"atout/table"
)

// TestReplayMeaningsAndValues: a finished bridge deal's record carries the
// meaning of each of its calls, and each step of its card play the
// double-dummy value of the legal cards; a stranger reads neither of an
// unfinished game.
func TestReplayMeaningsAndValues(t *testing.T) {
	env := newEnv(t, table.Config{})
	c, stranger := newClient(t, env.ts.URL), newClient(t, env.ts.URL)
	id := c.createTable(table.Settings{Game: "bridge", Boards: 1, Seed: 11})
	stranger.do("GET", "/api/games/"+id+"/deals/1/values?step=0", nil, nil, 403)
	p := &player{name: id, w: c.dial(id), next: true}
	p.rnd = newRand(3)
	runPlayers(t, []*player{p}, 60*1e9)
	p.w.close()

	var rec protocol.GameRecord
	stranger.do("GET", "/api/games/"+id, nil, &rec, 200)
	if len(rec.Deals) != 1 {
		t.Fatalf("%d deals", len(rec.Deals))
	}
	d := rec.Deals[0]
	calls, firstCard := 0, -1
	isCard := regexp.MustCompile(`^[NESW] [SHDC][2-9TJQKA]$`)
	for i, m := range d.Moves {
		if isCard.MatchString(m) {
			if firstCard < 0 {
				firstCard = i
			}
			continue
		}
		if firstCard < 0 {
			calls++
		}
	}
	if len(d.Explanations) != calls {
		t.Fatalf("%d meanings for %d calls: %+v", len(d.Explanations), calls, d.Explanations)
	}
	for i, e := range d.Explanations {
		if e.Call == "" || (e.Text == "" && e.Key == "") {
			t.Errorf("call %d has no meaning: %+v", i+1, e)
		}
	}
	if firstCard < 0 {
		t.Skip("passed out: no card play to value")
	}
	var v protocol.StepValues
	stranger.do("GET", "/api/games/"+id+"/deals/1/values?step="+strconv.Itoa(firstCard), nil, &v, 200)
	if v.Seat == nil || len(v.Cards) == 0 {
		t.Fatalf("opening lead's values: %+v", v)
	}
	for card, n := range v.Cards {
		if n < 0 || n > 13 {
			t.Errorf("%s: %d tricks", card, n)
		}
	}
	// The auction has no card values; bad steps are refused.
	var auction protocol.StepValues
	stranger.do("GET", "/api/games/"+id+"/deals/1/values?step=0", nil, &auction, 200)
	if auction.Seat != nil || len(auction.Cards) != 0 {
		t.Errorf("values during the auction: %+v", auction)
	}
	stranger.do("GET", "/api/games/"+id+"/deals/1/values?step=999", nil, nil, 400)
	stranger.do("GET", "/api/games/"+id+"/deals/9/values?step=1", nil, nil, 404)
	stranger.do("GET", "/api/games/"+id+"/deals/1/values?step=x", nil, nil, 400)
}
