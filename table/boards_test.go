package table

import (
	"context"
	"errors"
	"sync"
	"testing"
	"time"

	"atout/bridge"
	"atout/card"
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
	h := NewLocalHub(Config{Store: st, Logger: quietLogger(), Tick: 10 * time.Millisecond,
		OnBoard: func(d BoardDone) { mu.Lock(); got = append(got, d); mu.Unlock() }})
	t.Cleanup(func() { h.Shutdown(context.Background()) })
	var viaHub int
	h.OnBoard(func(BoardDone) { mu.Lock(); viaHub++; mu.Unlock() })
	room, err := h.Create(context.Background(), Settings{Game: "bridge", Tournament: "T1", Deals: deals, Seed: 7}, Player{})
	if err != nil {
		t.Fatal(err)
	}
	waitOver(t, room, 60*time.Second)
	tb := room.(*Table)
	done := make(chan struct{})
	tb.post(func() {
		defer close(done)
		bm := tb.m.(*bridgeMatch)
		if len(bm.raws) != 2 {
			t.Errorf("%d boards played, want 2", len(bm.raws))
			return
		}
		for i, raw := range bm.raws {
			if raw.Deal != want[i] || raw.Board != i+1 || raw.Dealer != bridge.BoardDealer(i+1) || raw.Vul != bridge.BoardVul(i+1) {
				t.Errorf("board %d: got %+v, want deal %v", i+1, raw, want[i])
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
		if d.Board != i+1 || d.Tournament != "T1" || d.Table != room.ID() {
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
		{Game: "belote", Tournament: "x"},
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
