package bridge

import (
	"testing"

	"atout/card"
	"atout/game"
)

// playTo plays the listed calls then cards from dealer North.
func playTo(t *testing.T, deal string, moves ...string) *Game {
	t.Helper()
	d, err := ParseDeal(deal)
	if err != nil {
		t.Fatal(err)
	}
	g := NewGame(1, card.North, VulNone, d)
	for _, m := range moves {
		seat, ok := g.Turn()
		if !ok {
			t.Fatalf("%s: nobody to act", m)
		}
		if err := g.Apply(game.Move{Seat: seat, Action: m}); err != nil {
			t.Fatalf("%s: %v", m, err)
		}
	}
	return g
}

// masters: North-South hold the top six cards of every suit and the
// eights of the majors, East-West everything below.
const masters = "N:AKQ8.AKQ8.AKQ.AK 765.765.8765.876 JT9.JT9.JT9.QJT9 432.432.432.5432"

// TestSureTricks checks the obvious tricks of a claim form: declarer sees
// dummy, a defender only his own hand.
func TestSureTricks(t *testing.T) {
	g := playTo(t, masters, "1NT", "P", "P", "P", "S5")
	if got := g.SureTricks(card.North); got != 13 {
		t.Errorf("declarer: %d sure, want 13", got)
	}
	// East sees only his hand: none of his cards is above every card he
	// cannot see.
	if got := g.SureTricks(card.East); got != 0 {
		t.Errorf("East: %d sure, want 0", got)
	}
}

// TestAllMasters checks when a bot declarer claims the rest.
func TestAllMasters(t *testing.T) {
	if g := playTo(t, masters, "1NT", "P", "P", "P"); g.AllMasters(card.North) {
		t.Error("all masters before the opening lead")
	}
	if g := playTo(t, masters, "1NT", "P", "P", "P", "S5"); g.AllMasters(card.North) {
		t.Error("all masters in the middle of a trick")
	}
	g := playTo(t, masters, "1NT", "P", "P", "P", "S5", "S9", "S2", "SA")
	if !g.AllMasters(card.North) {
		t.Error("North-South's every card beats East-West's: want all masters")
	}
	if g.AllMasters(card.East) {
		t.Error("East-West are not on lead")
	}
	// The same cards in spades: East-West's small trumps could ruff.
	g = playTo(t, masters, "1S", "P", "P", "P", "D8", "D9", "D2", "DA")
	if g.AllMasters(card.North) {
		t.Error("trumps are out against declarer: want no claim of the rest")
	}
}

// TestClaimScores checks the scores a claim form names: declarer's side's
// duplicate score for each total it may state.
func TestClaimScores(t *testing.T) {
	g := playTo(t, masters, "1NT", "P", "3NT", "P", "P", "X", "P", "P", "P", "S5")
	v := g.SeatView(card.East)
	if v.Claim == nil || v.Claim.Min != 0 || v.Claim.Max != 13 || len(v.Claim.Scores) != 14 {
		t.Fatalf("claim bounds %+v", v.Claim)
	}
	// 3NT doubled, not vulnerable: 8 tricks one down (-100), 9 made (550),
	// 13 four overtricks (950).
	for n, want := range map[int]int{8: -100, 9: 550, 13: 950, 0: -2300} {
		if got := v.Claim.Scores[n-v.Claim.Min]; got != want {
			t.Errorf("%d tricks: %d, want %d", n, got, want)
		}
	}
}
