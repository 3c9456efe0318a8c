package main

import (
	"os"
	"strings"
	"testing"
)

// fuzzBoards are the boards of a real-looking night: played boards, a
// claim, travellers, an unplayed board, an abandoned play, each writer's
// dialect. None holds a "{" or "#", which would reach into the next game
// by design (commentary may run over empty lines; "#" repeats a tag of the
// game before).
func fuzzBoards(t testing.TB) []string {
	var out []string
	for _, name := range []string{"bridge-event.pbn", "speedball.pbn", "result-side.pbn", "auction-padded.pbn", "split-tags.pbn", "quiz.pbn", "bridge-claim.pbn"} {
		data, err := os.ReadFile("testdata/" + name)
		if err != nil {
			t.Fatal(err)
		}
		s := strings.TrimSpace(strings.ReplaceAll(string(data), "\r\n", "\n"))
		for _, g := range strings.Split(s, "\n\n") {
			if strings.Contains(g, "[") {
				out = append(out, g)
			}
		}
	}
	return out
}

// sameOutcome compares what replay says of a board, leaving out the lines
// of the file (they move when a board is put before).
func sameOutcome(a, b boardOutcome) bool {
	return a.board == b.board && a.line == b.line && a.unscored == b.unscored && (a.err == nil) == (b.err == nil)
}

// FuzzReplayOneBadBoard puts any text as a board among good ones and checks
// that the results of the good boards do not change: a bad board never
// changes the results of the others.
func FuzzReplayOneBadBoard(f *testing.F) {
	boards := fuzzBoards(f)
	want, err := replayBridgeBoards("x", []byte(strings.Join(boards, "\n\n")+"\n"), false)
	if err != nil || len(want) != len(boards) {
		f.Fatalf("%d outcomes for %d boards (%v)", len(want), len(boards), err)
	}
	for _, o := range want {
		if o.err != nil && o.unscored == "" {
			f.Fatalf("good board %d fails: %v", o.board, o.err)
		}
	}
	event, _ := os.ReadFile("testdata/bridge-event.pbn")
	seeds := []string{
		boards[1],
		strings.Replace(boards[1], "CA C8 CJ C3", "HA C8 CJ C3", 1),
		strings.Replace(boards[2], "1C", "1Q", 1),
		"[Board \"9\"]\n[Deal \"N:AK\"]",
		"[Board \"9\"]\n[Event \"never closed]\n[Site \"x\"]",
		"[Board \"9\"\n[Dealer \"N\"]",
		"[Board \"9\"]\n[Auction \"N\"]\n1S \"x\n",
		"[Board \"9\"]\n[Play \"?\"]\nSA SK SQ SJ",
		"]]] }}} [[[",
		"md|3SA|mb|1S|",
		"% directive\n; comment\n[Board \"9\"]\r[Deal \"N:- - - -\"]\r",
		"[Board \"6\"]\n[Dealer \"E\"]\n[Deal \"E:QJ87.JT6.K7.7653 AT52.932.6.AJT84 43.KQ87.9854.Q92 K96.A54.AQJT32.K\"]\n[Declarer \"S\"]\n[Contract \"3N\"]\n[Play \"W\"]\nS2 - - -\n",
		string(event),
	}
	for i, s := range seeds {
		f.Add([]byte(s), uint8(i))
	}
	f.Fuzz(func(t *testing.T, bad []byte, at uint8) {
		k := 1 + int(at)%len(boards)
		text := strings.Join(boards[:k], "\n\n") + "\n\n" + string(bad) + "\n\n" + strings.Join(boards[k:], "\n\n") + "\n"
		got, err := replayBridgeBoards("x", []byte(text), false)
		if err != nil {
			t.Fatalf("the file is refused as a whole: %v", err)
		}
		if len(got) < len(boards) {
			t.Fatalf("%d boards read, want at least %d", len(got), len(boards))
		}
		after := got[len(got)-(len(boards)-k):]
		for i, o := range append(got[:k:k], after...) {
			if !sameOutcome(o, want[i]) {
				t.Fatalf("board %d (game %d) changed: %+v, was %+v", want[i].board, i+1, o, want[i])
			}
		}
	})
}
