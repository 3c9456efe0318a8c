package pbn

import "testing"

func TestBoardAt(t *testing.T) {
	text := "% header\n\n[Event \"x\"]\n[Board \"7\"]\n[Deal \"N:...\"]\n\n[Event \"y\"]\n[Dealer \"N\"]\n\n; note\n"
	for _, c := range []struct {
		line  int
		board string
		game  int
	}{
		{1, "", 0},
		{3, "", 1},
		{5, "7", 1},
		{6, "", 1},
		{8, "", 2},
		{10, "", 2},
	} {
		b, g := BoardAt(text, c.line)
		if b != c.board || g != c.game {
			t.Errorf("line %d: %q game %d, want %q game %d", c.line, b, g, c.board, c.game)
		}
	}
}
