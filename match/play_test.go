package match

import (
	"encoding/json"
	"errors"
	"reflect"
	"slices"
	"strings"
	"testing"

	"atout/belote"
	"atout/card"
	"atout/game"
)

// snapshot is everything a table reads of a match.
type snapshot struct {
	views    []string // each seat's View and Played, then Spectator, as JSON
	sheet    string
	result   string
	moves    []game.Move
	dealNo   int
	dealDone bool
	over     bool
}

func snap(t *testing.T, m Match) snapshot {
	t.Helper()
	js := func(v any) string {
		b, err := json.Marshal(v)
		if err != nil {
			t.Fatal(err)
		}
		return string(b)
	}
	s := snapshot{sheet: js(m.Sheet()), result: string(m.Result()), moves: m.Moves(), dealNo: m.DealNo(),
		dealDone: m.DealDone(), over: m.Over()}
	for seat := range card.Seat(4) {
		s.views = append(s.views, js(m.View(seat)), js(m.Played(seat)))
	}
	s.views = append(s.views, js(m.Spectator()))
	return s
}

// randomMove returns a random legal move of a random seat that may act.
func randomMove(m Match, rnd *card.Rand) game.Move {
	g := m.Game()
	to := g.ToAct()
	seat := to[rnd.IntN(len(to))]
	legal := g.Legal(seat)
	if len(legal) == 0 {
		seat = to[0]
		legal = g.Legal(seat)
	}
	return game.Move{Seat: seat, Action: legal[rnd.IntN(len(legal))]}
}

// inPlay returns a bridge and a belote match with a deal started and n
// random moves played in it.
func inPlay(t *testing.T, seed uint64, n int) []Match {
	t.Helper()
	ms := []Match{
		NewBridge(BridgeOptions{Scoring: Duplicate, Boards: 2}),
		NewBelote(belote.Rules{Mode: belote.Coinche, Announcements: true}, nil),
	}
	for _, m := range ms {
		rnd := card.NewRand(seed)
		start(t, m, rnd)
		for range n {
			if err := Apply(m, randomMove(m, rnd)); err != nil {
				t.Fatal(err)
			}
		}
	}
	return ms
}

// TestPlayRefusedChangesNothing checks that a move the rules refuse
// returns the engine's typed error and leaves the match as it was.
func TestPlayRefusedChangesNothing(t *testing.T) {
	for _, n := range []int{0, 3, 9} {
		for _, m := range inPlay(t, uint64(n+1), n) {
			before := snap(t, m)
			g := m.Game()
			to := g.ToAct()[0]
			var other card.Seat // a seat that may not act now
			for s := range card.Seat(4) {
				if !slices.Contains(g.ToAct(), s) {
					other = s
					break
				}
			}
			for _, mv := range []game.Move{
				{Seat: other, Action: g.Legal(to)[0]}, // out of turn
				{Seat: to, Action: "zz"},              // not a move
				{Seat: to, Action: "claim 99"},        // no such claim
				{Seat: card.Seat(7), Action: "pass"},  // no such seat
			} {
				s, err := m.Play(mv)
				if !errors.Is(err, game.ErrIllegal) {
					t.Fatalf("%T after %d moves: Play(%v) = %v, want an illegal move", m, n, mv, err)
				}
				if mv.Seat == other {
					var ie *game.IllegalError
					if !errors.As(err, &ie) || ie.Seat != other || ie.Action != mv.Action {
						t.Fatalf("%T: Play(%v): %v is not the engine's IllegalError", m, mv, err)
					}
				}
				if s.Commit() == nil {
					t.Fatalf("%T: the step of a refused move commits", m)
				}
				if after := snap(t, m); !reflect.DeepEqual(before, after) {
					t.Fatalf("%T: a refused %v changed the match\nbefore %+v\nafter  %+v", m, mv, before, after)
				}
			}
		}
	}
	for _, m := range []Match{NewBridge(BridgeOptions{Scoring: Duplicate, Boards: 1}), NewBelote(belote.Rules{}, nil)} {
		if _, err := m.Play(game.Move{Seat: card.North, Action: "pass"}); !errors.Is(err, ErrNoDeal) || !errors.Is(err, game.ErrIllegal) {
			t.Fatalf("%T: a move before the first deal: %v", m, err)
		}
	}
}

// TestStepNotCommitted checks that a step changes nothing until it is
// committed, that a step dropped leaves the way free for another, and that
// a step applies only to the position it was played on.
func TestStepNotCommitted(t *testing.T) {
	for _, m := range inPlay(t, 5, 4) {
		rnd := card.NewRand(6)
		before := snap(t, m)
		dropped, err := m.Play(randomMove(m, rnd))
		if err != nil {
			t.Fatal(err)
		}
		if after := snap(t, m); !reflect.DeepEqual(before, after) {
			t.Fatalf("%T: a step not committed changed the match", m)
		}
		s, err := m.Play(randomMove(m, rnd))
		if err != nil {
			t.Fatal(err)
		}
		if err := s.Commit(); err != nil {
			t.Fatal(err)
		}
		want := append(before.moves, s.Move)
		if !slices.Equal(m.Moves(), want) {
			t.Fatalf("%T: moves %v, want %v", m, m.Moves(), want)
		}
		committed := snap(t, m)
		if err := dropped.Commit(); !errors.Is(err, ErrStale) {
			t.Fatalf("%T: a step played before another was committed: %v", m, err)
		}
		if err := s.Commit(); !errors.Is(err, ErrStale) {
			t.Fatalf("%T: a step committed twice: %v", m, err)
		}
		u, err := m.Play(randomMove(m, rnd))
		if err != nil {
			t.Fatal(err)
		}
		if err := m.Undo(1); err != nil {
			t.Fatal(err)
		}
		undone := snap(t, m)
		if err := u.Commit(); !errors.Is(err, ErrStale) {
			t.Fatalf("%T: a step played before an undo: %v", m, err)
		}
		if after := snap(t, m); !reflect.DeepEqual(undone, after) || reflect.DeepEqual(committed, undone) {
			t.Fatalf("%T: a stale step changed the match", m)
		}
		if err := (Step{}).Commit(); !errors.Is(err, ErrStale) {
			t.Fatalf("the zero step commits: %v", err)
		}
	}
}

// TestCommitIsApply plays deals of both games through Play and Commit, and
// the same moves straight into a copy of the deal with the engine's Apply:
// each committed step leaves the match's deal equal to the engine's, and
// its Move is the engine's last move.
func TestCommitIsApply(t *testing.T) {
	for seed := range uint64(6) {
		ms := []Match{
			NewBridge(BridgeOptions{Scoring: Duplicate, Boards: 2}),
			NewBelote(belote.Rules{Mode: belote.Mode(seed % 3), Setting: belote.Setting(seed % 2), Announcements: true}, nil),
		}
		for _, m := range ms {
			rnd := card.NewRand(seed)
			for range 2 {
				start(t, m, rnd)
				e := m.Clone() // the engine's own deal, played alongside
				for steps := 0; !m.DealDone(); steps++ {
					if steps > 500 {
						t.Fatal("deal does not end")
					}
					mv := randomMove(m, rnd)
					if steps%4 == 1 {
						mv.Action = strings.ToLower(mv.Action) // as a client may write it
					}
					s, err := m.Play(mv)
					if err != nil {
						t.Fatalf("%T: Play(%v): %v", m, mv, err)
					}
					if err := e.Apply(mv); err != nil {
						t.Fatalf("%T: the engine refuses %v: %v", m, mv, err)
					}
					if err := s.Commit(); err != nil {
						t.Fatal(err)
					}
					if !reflect.DeepEqual(m.Game(), e) || s.Move != lastMove(e) {
						t.Fatalf("%T: after %v the match's deal is not the engine's (step %v, engine %v)", m, mv, s.Move, lastMove(e))
					}
				}
				if _, err := m.ScoreDeal(); err != nil {
					t.Fatal(err)
				}
			}
		}
	}
}
