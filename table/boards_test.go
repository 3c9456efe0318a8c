package table

import (
	"context"
	"errors"
	"strings"
	"sync"
	"testing"
	"time"

	"atout/bridge"
	"atout/card"
	"atout/match"
)

func TestFixedDealsReportEachBoard(t *testing.T) {
	r := card.NewRand(42)
	deals := make([]string, 2)
	want := make([]bridge.Deal, 2)
	for i := range deals {
		want[i] = bridge.RandomDeal(r)
		deals[i] = want[i].String()
	}
	st := openStore(t)
	var mu sync.Mutex
	var got []BoardDone
	h := NewLocalHub(Config{Store: st, Logger: quietLogger(),
		OnBoard: func(d BoardDone) { mu.Lock(); got = append(got, d); mu.Unlock() }})
	t.Cleanup(func() { h.Shutdown(context.Background()) })
	var viaHub int
	h.OnBoard(func(BoardDone) { mu.Lock(); viaHub++; mu.Unlock() })
	room, err := h.Create(context.Background(), Settings{Game: "bridge", Tournament: ParseCompetition("T1"), Deals: deals, Seed: 7}, Player{})
	if err != nil {
		t.Fatal(err)
	}
	waitOver(t, room, 60*time.Second)
	tb := room.(*Table)
	done := make(chan struct{})
	tb.post(func() {
		defer close(done)
		bm := tb.m.(*match.Bridge)
		if bm.DealNo() != 2 {
			t.Errorf("%d boards played, want 2", bm.DealNo())
			return
		}
		for i := range 2 {
			board, dealer, vul, deal := bm.StoredDeal(i + 1)
			if deal != want[i] || board != i+1 || dealer != bridge.BoardDealer(i+1) || vul != bridge.BoardVul(i+1) {
				t.Errorf("board %d: got board %d dealer %v vul %v deal %v, want deal %v", i+1, board, dealer, vul, deal, want[i])
			}
		}
	})
	select {
	case <-done:
	case <-tb.Done():
	}
	mu.Lock()
	defer mu.Unlock()
	if len(got) != 2 || viaHub != 2 {
		t.Fatalf("reported %d boards to Config.OnBoard and %d to the hub's listener, want 2 each", len(got), viaHub)
	}
	for i, d := range got {
		if d.Board != i+1 || d.Deal != i+1 || d.Tournament.String() != "T1" || d.Table != room.ID() {
			t.Errorf("report %d: %+v", i, d)
		}
		if d.ScoreNS != bridge.ScoreNS(d.Contract, d.Declarer, d.Tricks, bridge.BoardVul(d.Board)) {
			t.Errorf("board %d: score %d does not match %v by %v making %d", d.Board, d.ScoreNS, d.Contract, d.Declarer, d.Tricks)
		}
	}
}

func TestFixedDealsSettings(t *testing.T) {
	d := bridge.RandomDeal(card.NewRand(1)).String()
	bad := []Settings{
		{Game: "bridge", Scoring: "rubber", Deals: []string{d}},
		{Game: "bridge", Boards: 3, Deals: []string{d, d}},
		{Game: "bridge", Deals: []string{"N:AKQ.. ..."}},
		{Game: "belote", Tournament: ParseCompetition("x")},
		{Game: "bridge", BoardNumbers: []int{1}},
		{Game: "bridge", Deals: []string{d, d}, BoardNumbers: []int{3}},
		{Game: "bridge", Deals: []string{d, d}, BoardNumbers: []int{3, 3}},
		{Game: "bridge", Deals: []string{d}, BoardNumbers: []int{0}},
		{Game: "bridge", Deals: []string{d}, BoardNumbers: []int{MaxBoardNumber + 1}},
		{Game: "belote", BoardNumbers: []int{1}},
	}
	for _, s := range bad {
		var se *SettingsError
		if err := s.Normalize(); !errors.As(err, &se) {
			t.Errorf("%+v: got %v, want a *SettingsError", s, err)
		}
	}
	s := Settings{Game: "bridge", Deals: []string{d, d}}
	if err := s.Normalize(); err != nil || s.Boards != 2 {
		t.Errorf("two deals: %v, boards %d", err, s.Boards)
	}
}

// TestBoardNumbers checks that a table with Settings.BoardNumbers shows and
// records each board under its own number (a tournament's board 12 at the
// table's first deal), with the dealer and vulnerability of that number,
// and reports both numbers when the board ends.
func TestBoardNumbers(t *testing.T) {
	r := card.NewRand(9)
	deals := []string{bridge.RandomDeal(r).String(), bridge.RandomDeal(r).String()}
	nums := []int{12, 5}
	st := openStore(t)
	var mu sync.Mutex
	var got []BoardDone
	h := NewLocalHub(Config{Store: st, Logger: quietLogger()})
	t.Cleanup(func() { h.Shutdown(context.Background()) })
	h.OnBoard(func(d BoardDone) { mu.Lock(); got = append(got, d); mu.Unlock() })
	set := Settings{Game: "bridge", Tournament: ParseCompetition("T1"), Deals: deals, BoardNumbers: nums, Seed: 3}
	room, err := h.Create(context.Background(), set, Player{})
	if err != nil {
		t.Fatal(err)
	}
	if pub := room.(*Table).settings.Public(); len(pub.BoardNumbers) != 2 || pub.Deals != nil {
		t.Errorf("public settings %+v: want the board numbers without the deals", pub)
	}
	waitOver(t, room, 60*time.Second)
	tb := room.(*Table)
	done := make(chan struct{})
	tb.post(func() {
		defer close(done)
		bm := tb.m.(*match.Bridge)
		for i := range bm.DealNo() {
			n := nums[i]
			board, dealer, vul, _ := bm.StoredDeal(i + 1)
			if board != n || dealer != bridge.BoardDealer(n) || vul != bridge.BoardVul(n) {
				t.Errorf("deal %d: stored board %d dealer %v vul %v, want board %d with its dealer and vulnerability", i+1, board, dealer, vul, n)
			}
		}
		if v := bm.View(card.South).Bridge; v.Board != 5 {
			t.Errorf("the view shows board %d, want 5", v.Board)
		}
		sh := bm.SheetValue()
		if len(sh.Lines) != 2 || sh.Lines[0].Board != 12 || sh.Lines[1].Board != 5 {
			t.Errorf("sheet lines %+v: want boards 12 and 5", sh.Lines)
		}
	})
	select {
	case <-done:
	case <-tb.Done():
	}
	mu.Lock()
	defer mu.Unlock()
	if len(got) != 2 {
		t.Fatalf("%d boards reported, want 2", len(got))
	}
	for i, d := range got {
		if d.Deal != i+1 || d.Board != nums[i] {
			t.Errorf("report %d: deal %d board %d, want deal %d board %d", i, d.Deal, d.Board, i+1, nums[i])
		}
	}
	pbnText, _, err := tb.Export(context.Background(), "pbn")
	if err != nil {
		t.Fatal(err)
	}
	if !strings.Contains(string(pbnText), `[Board "12"]`) {
		t.Errorf("the PBN export does not number the first board 12:\n%.400s", pbnText)
	}
}
