package match

import (
	"encoding/json"
	"errors"
	"slices"
	"testing"

	"atout/belote"
	"atout/bridge"
	"atout/card"
	"atout/game"
)

// playFirst applies the first legal action of the seat to act until stop
// says so or the deal ends.
func playFirst(t *testing.T, m Match, stop func() bool) {
	t.Helper()
	for steps := 0; !m.DealDone() && !stop(); steps++ {
		if steps > 500 {
			t.Fatal("deal does not end")
		}
		g := m.Game()
		seat := g.ToAct()[0]
		mv := game.Move{Seat: seat, Action: g.Legal(seat)[0]}
		s, err := m.Play(mv)
		if err != nil {
			t.Fatalf("Play(%v): %v", mv, err)
		}
		if err := s.Commit(); err != nil {
			t.Fatalf("Commit(%v): %v", mv, err)
		}
	}
}

func start(t *testing.T, m Match, rnd *card.Rand) {
	t.Helper()
	raw, err := m.NewDeal(rnd)
	if err != nil {
		t.Fatal(err)
	}
	if err := m.StartDeal(m.DealNo()+1, raw); err != nil {
		t.Fatal(err)
	}
}

// TestGameIsOneDeal checks that a match's game is always one deal, for both
// engines: its moves are the deal's and it is done when the deal is.
func TestGameIsOneDeal(t *testing.T) {
	for _, m := range []Match{
		NewBridge(BridgeOptions{Scoring: Duplicate, Boards: 2}),
		NewBelote(belote.Rules{Mode: belote.Classic}, nil),
	} {
		rnd := card.NewRand(5)
		for no := 1; no <= 2; no++ {
			start(t, m, rnd)
			if len(m.Game().Moves()) != 0 || m.Game().Done() {
				t.Fatalf("%T deal %d: a fresh deal has moves or is done", m, no)
			}
			playFirst(t, m, func() bool { return false })
			if !m.Game().Done() || !m.DealDone() {
				t.Fatalf("%T deal %d: the deal is over but its game is not done", m, no)
			}
			if !slices.Equal(m.Game().Moves(), m.Moves()) {
				t.Fatalf("%T deal %d: the game's moves are not the deal's", m, no)
			}
			if _, err := m.ScoreDeal(); err != nil {
				t.Fatal(err)
			}
		}
	}
}

// TestPlayChangesNothing checks that Play gives the move as the engine
// writes it and leaves the match alone until its step is committed, and
// that an illegal move changes nothing.
func TestPlayChangesNothing(t *testing.T) {
	m := NewBridge(BridgeOptions{Scoring: Duplicate, Boards: 1})
	start(t, m, card.NewRand(1))
	dealer := m.Board().Dealer()
	s, err := m.Play(game.Move{Seat: dealer, Action: "1nt"})
	if err != nil {
		t.Fatal(err)
	}
	if s.Move.Action != "1NT" || s.Move.Seat != dealer || len(m.Moves()) != 0 {
		t.Fatalf("Play: %v with %d moves, want 1NT and none applied", s.Move, len(m.Moves()))
	}
	if err := Apply(m, game.Move{Seat: dealer.Next(), Action: "P"}); !errors.Is(err, game.ErrIllegal) || len(m.Moves()) != 0 {
		t.Fatalf("out of turn: %v, %d moves", err, len(m.Moves()))
	}
	if err := s.Commit(); err != nil || !slices.Equal(m.Moves(), []game.Move{s.Move}) {
		t.Fatalf("Commit: %v, moves %v", err, m.Moves())
	}
}

// TestBackBridgeDummy checks the undo count at bridge: declarer's undo
// takes back dummy's card he chose and what the defenders did after it.
func TestBackBridgeDummy(t *testing.T) {
	m := NewBridge(BridgeOptions{Scoring: Duplicate, Boards: 1})
	raw, _ := json.Marshal(bridgeDeal{Board: 1, Dealer: card.North, Deal: bridge.RandomDeal(card.NewRand(3))})
	if err := m.StartDeal(1, raw); err != nil {
		t.Fatal(err)
	}
	// North opens 1NT, all pass: North declares, South is dummy.
	for _, a := range []struct {
		s card.Seat
		c string
	}{{card.North, "1NT"}, {card.East, "P"}, {card.South, "P"}, {card.West, "P"}} {
		if err := Apply(m, game.Move{Seat: a.s, Action: a.c}); err != nil {
			t.Fatal(err)
		}
	}
	// East leads, South (dummy, played by North) follows, West plays.
	for _, s := range []card.Seat{card.East, card.South, card.West} {
		if err := Apply(m, game.Move{Seat: s, Action: m.Game().Legal(s)[0]}); err != nil {
			t.Fatal(err)
		}
	}
	if m.Controller(card.South) != card.North {
		t.Fatal("North does not play dummy's cards")
	}
	if n := m.Back(card.North); n != 2 {
		t.Errorf("North's undo takes back %d moves, want 2 (dummy's card and West's)", n)
	}
	if n := m.Back(card.West); n != 1 {
		t.Errorf("West's undo takes back %d moves, want 1", n)
	}
	if n := m.Back(card.South); n != 5 {
		t.Errorf("South (dummy) chose only his pass: %d moves back, want 5", n)
	}
	before := len(m.Moves())
	if err := m.Undo(2); err != nil || len(m.Moves()) != before-2 {
		t.Fatalf("Undo(2): %v, %d moves left of %d", err, len(m.Moves()), before)
	}
	if err := m.Undo(before); err == nil {
		t.Error("undoing more moves than the deal holds succeeded")
	} else if len(m.Moves()) != before-2 {
		t.Error("a failed undo changed the deal")
	}
}

// TestBackBelote checks the undo count at belote, where each seat plays its
// own cards, and that an undo stays in the deal.
func TestBackBelote(t *testing.T) {
	m := NewBelote(belote.Rules{Mode: belote.Classic}, nil)
	start(t, m, card.NewRand(8))
	if n := m.Back(card.North); n != 0 {
		t.Fatalf("no move yet: Back %d", n)
	}
	playFirst(t, m, func() bool { return len(m.Moves()) >= 6 })
	ms := m.Moves()
	last := ms[len(ms)-1].Seat
	if n := m.Back(last); n != 1 {
		t.Errorf("the last mover's undo: %d moves, want 1", n)
	}
	if err := m.Undo(len(ms) + 1); err == nil {
		t.Error("an undo past the deal's first move succeeded")
	}
	if err := m.Undo(len(ms)); err != nil || len(m.Moves()) != 0 {
		t.Fatalf("undo of the whole deal: %v, %d moves left", err, len(m.Moves()))
	}
}

// TestBotClaim checks that a bot declarer claims the rest once every card
// of his side is a master, and not before.
func TestBotClaim(t *testing.T) {
	m := NewBridge(BridgeOptions{Scoring: Duplicate, Boards: 1})
	d, err := bridge.ParseDeal("N:AKQ8.AKQ8.AKQ.AK 765.765.8765.876 JT9.JT9.JT9.QJT9 432.432.432.5432")
	if err != nil {
		t.Fatal(err)
	}
	raw, _ := json.Marshal(bridgeDeal{Board: 1, Dealer: card.North, Deal: d})
	if err := m.StartDeal(1, raw); err != nil {
		t.Fatal(err)
	}
	for _, mv := range []game.Move{{Seat: card.North, Action: "3NT"}, {Seat: card.East, Action: "P"},
		{Seat: card.South, Action: "P"}, {Seat: card.West, Action: "P"}, {Seat: card.East, Action: "S5"}} {
		if _, _, ok := m.BotClaim(); ok {
			t.Fatalf("claim before %v", mv)
		}
		if err := Apply(m, mv); err != nil {
			t.Fatal(err)
		}
	}
	for _, mv := range []game.Move{{Seat: card.South, Action: "S9"}, {Seat: card.West, Action: "S2"}, {Seat: card.North, Action: "SA"}} {
		if err := Apply(m, mv); err != nil {
			t.Fatal(err)
		}
	}
	decl, tricks, ok := m.BotClaim()
	if !ok || decl != card.North || tricks != 13 {
		t.Fatalf("claim of the rest: %v %d %v, want North 13", decl, tricks, ok)
	}
}
