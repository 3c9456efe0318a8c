package belote

import (
	"encoding/json"
	"reflect"
	"testing"

	"atout/card"
)

func TestGameWinner(t *testing.T) {
	for _, tc := range []struct {
		totals [2]int
		winner card.Side
		over   bool
	}{
		{[2]int{999, 500}, 0, false},
		{[2]int{1000, 500}, card.NS, true},
		{[2]int{400, 1200}, card.EW, true},
		{[2]int{1100, 1050}, card.NS, true},
		{[2]int{1050, 1100}, card.EW, true},
		{[2]int{1100, 1100}, 0, false}, // equal: play on
		{[2]int{0, 0}, 0, false},
	} {
		w, over := GameWinner(tc.totals, 1000)
		if over != tc.over || (over && w != tc.winner) {
			t.Errorf("%v: %v %v, want %v %v", tc.totals, w, over, tc.winner, tc.over)
		}
		w, over = GameScore{Totals: tc.totals, Reserve: 80}.Winner(1000)
		if over != tc.over || (over && w != tc.winner) {
			t.Errorf("GameScore %v: %v %v, want %v %v", tc.totals, w, over, tc.winner, tc.over)
		}
	}
}

// engGame is a game played by the rules of game.go, as the programs that
// keep a game's deals play it: each deal dealt by the next dealer from a
// deck drawn from rnd, carrying the reserve, scored when it ends.
type engGame struct {
	rules Rules
	rnd   *card.Rand
	deals []*Deal
	sheet []DealScore
	score GameScore
}

// newEngGame starts a game with dealer as the first dealer.
func newEngGame(t *testing.T, r Rules, dealer card.Seat, rnd *card.Rand) *engGame {
	t.Helper()
	g := &engGame{rules: r, rnd: rnd}
	g.next(t, dealer)
	return g
}

func (g *engGame) deal() *Deal { return g.deals[len(g.deals)-1] }

func (g *engGame) over() bool {
	_, over := g.score.Winner(g.rules.GameTarget())
	return over
}

func (g *engGame) next(t *testing.T, dealer card.Seat) {
	t.Helper()
	deck := ShuffledDeck(g.rnd)
	d, err := NextDeal(g.rules, dealer, deck[:], g.score)
	if err != nil {
		t.Fatal(err)
	}
	g.deals = append(g.deals, d)
}

// do performs a by seat; a deal it ends is scored and the next one starts
// unless the game is won.
func (g *engGame) do(t *testing.T, seat card.Seat, a Action) {
	t.Helper()
	d := g.deal()
	if err := d.Do(seat, a); err != nil {
		t.Fatalf("deal %d: %v %v: %v", len(g.deals), seat, a, err)
	}
	if !d.Done() {
		return
	}
	var line DealScore
	g.score, line = g.score.Add(len(g.deals), d)
	g.sheet = append(g.sheet, line)
	if !g.over() {
		g.next(t, NextDealer(d.Dealer()))
	}
}

func TestGamePassedDealsRotateDealer(t *testing.T) {
	g := newEngGame(t, Rules{Mode: Coinche, Setting: Official}, card.North, card.NewRand(1))
	want := card.North
	for i := range 6 {
		d := g.deal()
		if d.Dealer() != want || len(g.deals) != i+1 {
			t.Fatalf("deal %d dealer %v, want %v", i+1, d.Dealer(), want)
		}
		for range 4 {
			g.do(t, d.ToAct()[0], CallPass)
		}
		want = Next(want)
	}
	if n := len(g.sheet); n != 6 || !g.sheet[5].Passed || g.score != (GameScore{}) {
		t.Fatalf("sheet %+v score %+v", g.sheet, g.score)
	}
	if NextDealer(card.South) != card.East || NextDealer(card.West) != card.South {
		t.Fatal("the deal does not pass to next(dealer)")
	}
}

// TestGameScoreAdd checks a sheet line and the reserve: a litige keeps the
// takers' points for the next deal played, a passed deal leaves it there.
func TestGameScoreAdd(t *testing.T) {
	s := GameScore{Totals: [2]int{100, 40}, Reserve: 81}
	passed, err := NextDeal(Rules{Mode: Classic}, card.West, card.Deck32(), s)
	if err != nil {
		t.Fatal(err)
	}
	if passed.Reserve() != 81 {
		t.Fatalf("the deal carries %d, want 81", passed.Reserve())
	}
	for range 8 {
		if err := passed.Do(passed.Turn(), CallPass); err != nil {
			t.Fatal(err)
		}
	}
	s2, line := s.Add(3, passed)
	if s2 != s || line.Deal != 3 || !line.Passed || line.Dealer != card.West || line.Belote != -1 || line.Total != s.Totals {
		t.Fatalf("passed deal: %+v %+v", s2, line)
	}
	if _, err := NextDeal(Rules{Mode: Classic, Target: -1}, card.West, card.Deck32(), s); err == nil {
		t.Error("negative target accepted")
	}
	if _, err := NextDeal(Rules{Mode: Classic}, card.West, card.Deck32()[:30], s); err == nil {
		t.Error("short deck accepted")
	}
}

// engRandomAction picks a random legal action of a random acting seat.
func engRandomAction(rnd *card.Rand, acts func(card.Seat) []Action, toAct []card.Seat) (card.Seat, Action) {
	seat := toAct[0]
	if len(toAct) > 1 && rnd.IntN(8) == 0 {
		seat = toAct[1+rnd.IntN(len(toAct)-1)]
	}
	legal := acts(seat)
	if legal[0].Kind == ActPass && len(legal) > 1 && rnd.IntN(3) != 0 {
		return seat, CallPass
	}
	return seat, legal[rnd.IntN(len(legal))]
}

// TestGameRandom plays whole games by the rules of game.go and checks the
// score sheet, the reserve, the dealer rotation, the end of the game, the
// records' round trip through LoadDeals and ScoreSheet, and Undo within a
// deal.
func TestGameRandom(t *testing.T) {
	games := 60
	if testing.Short() || raceEnabled {
		games = 10
	}
	litiges := 0
	for _, r := range engAllRules {
		for _, ann := range []bool{false, true} {
			r.Announcements = ann
			r.Target = 700
			for i := range games {
				rnd := card.NewRand(uint64(i*131 + int(r.Mode)*7 + int(r.Setting)))
				first := card.Seat(i % 4)
				g := newEngGame(t, r, first, rnd)
				undoAt := rnd.IntN(100)
				for n := 0; !g.over(); n++ {
					d := g.deal()
					if n == undoAt {
						before := d.Record()
						c := d.Clone()
						seat, a := engRandomAction(rnd, c.LegalActions, c.ToAct())
						if err := c.Do(seat, a); err != nil {
							t.Fatal(err)
						}
						if !c.Undo() || !reflect.DeepEqual(before, c.Record()) || !reflect.DeepEqual(before, d.Record()) {
							t.Fatalf("undo did not restore the deal")
						}
					}
					seat, a := engRandomAction(rnd, d.LegalActions, d.ToAct())
					g.do(t, seat, a)
				}
				// sheet consistency
				var tot [2]int
				reserve := 0
				dealer := first
				for k, s := range g.sheet {
					d := g.deals[k]
					if d.Dealer() != dealer || s.Dealer != d.Dealer() || s.Deal != k+1 {
						t.Fatalf("deal %d dealer %v, want %v", k+1, d.Dealer(), dealer)
					}
					dealer = NextDealer(dealer)
					if d.Reserve() != reserve {
						t.Fatalf("deal %d carried reserve %d, want %d", k+1, d.Reserve(), reserve)
					}
					if !s.Passed {
						tot[0] += s.Result.Score[0]
						tot[1] += s.Result.Score[1]
						reserve = s.Result.Reserve
						if s.Result.Litige {
							litiges++
						}
					}
					if s.Total != tot {
						t.Fatalf("deal %d total %v, want %v", k+1, s.Total, tot)
					}
					w, over := GameWinner(tot, r.GameTarget())
					if over != (k == len(g.sheet)-1) {
						t.Fatalf("deal %d: game over %v at totals %v", k+1, over, tot)
					}
					if gw, _ := g.score.Winner(r.GameTarget()); over && gw != w {
						t.Fatalf("winner %v, want %v", gw, w)
					}
				}
				if len(g.sheet) != len(g.deals) || g.score.Totals != tot {
					t.Fatalf("%d lines for %d deals, score %v, want %v", len(g.sheet), len(g.deals), g.score.Totals, tot)
				}
				// records round trip
				data, err := MarshalRecords(Records(g.deals))
				if err != nil {
					t.Fatal(err)
				}
				recs, err := ParseRecords(data)
				if err != nil {
					t.Fatal(err)
				}
				deals, err := LoadDeals(recs)
				if err != nil {
					t.Fatalf("%v\n%s", err, data)
				}
				sheet, score := ScoreSheet(deals)
				if !reflect.DeepEqual(sheet, g.sheet) || score != g.score || CheckFinished(deals) != nil {
					t.Fatalf("replayed sheet differs")
				}
				// the views encode
				if _, err := json.Marshal(g.deal().SeatView(card.South)); err != nil {
					t.Fatal(err)
				}
			}
		}
	}
	if litiges == 0 && !raceEnabled && !testing.Short() {
		t.Error("no litige in the random games")
	}
}

// TestScoreSheetStops checks that ScoreSheet scores the finished deals only.
func TestScoreSheetStops(t *testing.T) {
	g := newEngGame(t, Rules{Mode: NoTrump}, card.East, card.NewRand(4))
	for range 4 {
		g.do(t, g.deal().ToAct()[0], CallPass)
	}
	g.do(t, g.deal().ToAct()[0], CallPass)
	sheet, score := ScoreSheet(g.deals)
	if len(g.deals) != 2 || len(sheet) != 1 || !reflect.DeepEqual(sheet, g.sheet) || score != g.score {
		t.Fatalf("sheet %+v of %d deals", sheet, len(g.deals))
	}
	if err := CheckFinished(g.deals); err == nil {
		t.Fatal("an unfinished last deal passes CheckFinished")
	}
}
