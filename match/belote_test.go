package match

import (
	"encoding/json"
	"reflect"
	"strings"
	"testing"

	"atout/belote"
	"atout/card"
	"atout/game"
)

// playRandom plays the current deal of m to its end with random legal
// actions of the seat whose turn it is.
func playRandom(t *testing.T, m Match, rnd *card.Rand) {
	t.Helper()
	for steps := 0; !m.DealDone(); steps++ {
		if steps > 500 {
			t.Fatal("deal does not end")
		}
		g := m.Game()
		seat := g.ToAct()[0]
		legal := g.Legal(seat)
		mv := game.Move{Seat: seat, Action: legal[rnd.IntN(len(legal))]}
		if err := Apply(m, mv); err != nil {
			t.Fatalf("Apply(%v): %v", mv, err)
		}
	}
}

// TestBeloteGameToTarget plays games through the match to their target and
// checks the sequence it keeps against belote's rules: the dealer moves to
// the next player, each deal carries the reserve of the deals before it,
// the sheet and the winner are the ones belote.ScoreSheet and
// GameScore.Winner give for the same deals, replayed from the export.
func TestBeloteGameToTarget(t *testing.T) {
	for i, r := range []belote.Rules{{Mode: belote.Classic, Target: 500}, {Mode: belote.NoTrump, Target: 400},
		{Mode: belote.Coinche, Setting: belote.Official, Target: 800, Announcements: true}} {
		rnd := card.NewRand(uint64(40 + i))
		m := NewBelote(r, nil)
		for !m.Over() {
			if m.DealNo() > 100 {
				t.Fatalf("%v: no winner after 100 deals", r.Mode)
			}
			prev := m.deal()
			start(t, m, rnd)
			d := m.deal()
			if prev != nil && (d.Dealer() != belote.NextDealer(prev.Dealer()) || d.Reserve() != m.score.Reserve) {
				t.Fatalf("deal %d: dealer %v after %v, reserve %d, want %d", m.DealNo(), d.Dealer(), prev.Dealer(), d.Reserve(), m.score.Reserve)
			}
			playRandom(t, m, rnd)
			raw, err := m.ScoreDeal()
			if err != nil {
				t.Fatal(err)
			}
			again, err := m.ScoreDeal()
			if err != nil || string(again) != string(raw) {
				t.Fatalf("a second ScoreDeal: %s, %v; want %s", again, err, raw)
			}
		}
		data, _, err := m.Export("json")
		if err != nil {
			t.Fatal(err)
		}
		recs, err := belote.ParseRecords(data)
		if err != nil {
			t.Fatal(err)
		}
		deals, err := belote.LoadDeals(recs)
		if err != nil {
			t.Fatal(err)
		}
		sheet, score := belote.ScoreSheet(deals)
		sv := m.SheetValue()
		w, over := score.Winner(r.GameTarget())
		if !reflect.DeepEqual(sv.Lines, sheet) || sv.Totals != score.Totals || !over || sv.Winner == nil || *sv.Winner != w || !sv.Over {
			t.Fatalf("%v: the match's sheet %+v is not the rules' %+v (winner %v)", r.Mode, sv, sheet, w)
		}
		v := m.View(card.South).Belote
		if v == nil || !v.Over || v.Winner == nil || *v.Winner != w || v.Reserve != score.Reserve || v.DealNumber != len(deals) {
			t.Fatalf("%v: view %+v", r.Mode, v)
		}
		if len(deals) > 1 && v.Previous == nil {
			t.Fatalf("%v: no previous deal in the view", r.Mode)
		}
		raw, _ := json.Marshal(beloteDeal{Dealer: belote.NextDealer(m.deal().Dealer()), Deck: card.Deck32()})
		if err := m.StartDeal(m.DealNo()+1, raw); err == nil || !strings.Contains(err.Error(), "the game is over") {
			t.Fatalf("a deal after the game was won: %v", err)
		}
	}
}

// TestBeloteDealScoredBeforeNext checks that a deal starts only after the
// one before it is over and scored, and that a scored deal is not undone.
func TestBeloteDealScoredBeforeNext(t *testing.T) {
	m := NewBelote(belote.Rules{Mode: belote.Coinche}, nil)
	rnd := card.NewRand(3)
	start(t, m, rnd)
	next := func() error {
		raw, err := m.NewDeal(rnd)
		if err != nil {
			t.Fatal(err)
		}
		return m.StartDeal(m.DealNo()+1, raw)
	}
	if err := next(); err == nil || !strings.Contains(err.Error(), "before deal 1 ended") {
		t.Fatalf("deal 2 during deal 1: %v", err)
	}
	if _, err := m.ScoreDeal(); err == nil {
		t.Fatal("a deal in progress was scored")
	}
	playRandom(t, m, rnd)
	if err := next(); err == nil || !strings.Contains(err.Error(), "before deal 1 was scored") {
		t.Fatalf("deal 2 before deal 1 was scored: %v", err)
	}
	if err := m.Undo(1); err != nil {
		t.Fatalf("undo in a finished deal not scored yet: %v", err)
	}
	playRandom(t, m, rnd)
	if _, err := m.ScoreDeal(); err != nil {
		t.Fatal(err)
	}
	if err := m.Undo(1); err == nil {
		t.Fatal("a scored deal was undone")
	}
	if err := next(); err != nil || m.DealNo() != 2 {
		t.Fatalf("deal 2: %v", err)
	}
}

// TestBeloteFixedDealsStandAlone checks a fixed series: each deal is
// played alone (no reserve carried in, no deal before it in the view), the
// sheet adds the deals' scores, and the series has no target or winner.
func TestBeloteFixedDealsStandAlone(t *testing.T) {
	rnd := card.NewRand(11)
	var fixed []BeloteDeal
	for k := range 5 {
		deck := belote.ShuffledDeck(rnd)
		fixed = append(fixed, BeloteDeal{Dealer: card.Seat(k % 4), Deck: deck[:]})
	}
	m := NewBelote(belote.Rules{Mode: belote.Classic}, fixed)
	var totals [2]int
	for no := 1; no <= len(fixed); no++ {
		start(t, m, rnd)
		if d := m.deal(); d.Reserve() != 0 || d.Dealer() != fixed[no-1].Dealer {
			t.Fatalf("fixed deal %d: reserve %d, dealer %v", no, d.Reserve(), d.Dealer())
		}
		if v := m.View(card.North).Belote; v.Previous != nil || v.Target != 0 || v.Reserve != 0 || v.DealNumber != no {
			t.Fatalf("fixed deal %d: view %+v", no, v)
		}
		playRandom(t, m, rnd)
		if _, err := m.ScoreDeal(); err != nil {
			t.Fatal(err)
		}
		rp, ok := m.Report()
		line := m.lines[len(m.lines)-1]
		if !ok || rp.Belote == nil || rp.Board != nil {
			t.Fatalf("fixed deal %d: report %v %+v", no, ok, rp)
		}
		if r := rp.Belote; r.Deal != no || r.Record.Dealer != fixed[no-1].Dealer || r.Passed != line.Passed ||
			(!line.Passed && r.Points != line.Result.Score) || (line.Passed && r.Points != [2]int{}) {
			t.Fatalf("fixed deal %d: report %+v for the line %+v", no, r, line)
		}
		if !line.Passed {
			totals[0] += line.Result.Score[0]
			totals[1] += line.Result.Score[1]
		}
		if line.Total != totals {
			t.Fatalf("fixed deal %d: total %v, want %v", no, line.Total, totals)
		}
	}
	sv := m.SheetValue()
	if !m.Over() || !sv.Over || sv.Winner != nil || sv.Target != 0 || sv.Deals != len(fixed) || sv.Totals != totals {
		t.Fatalf("sheet %+v", sv)
	}
	if _, err := m.NewDeal(rnd); err == nil {
		t.Fatal("a deal past the list")
	}
}
