package main

import (
	"os"
	"strings"
	"testing"
)

// TestReplayUnscored checks that boards that cannot be scored for want of a
// contract, a play or a result get their own line and do not fail the file.
func TestReplayUnscored(t *testing.T) {
	tests := []struct {
		file, want string
		stderr     []string
	}{
		{"testdata/speedball.pbn",
			`{"board":1,"contract":"4H","declarer":"S","tricks":9,"scoreNS":-50}` + "\n" +
				`{"board":2,"unscored":"no auction and no contract"}` + "\n" +
				`{"board":3,"unscored":"the play stops after 2 cards with no claim and no result"}` + "\n",
			[]string{"speedball.pbn: line 20: board 2: not scored: no auction and no contract\n",
				"speedball.pbn: line 49: board 3: not scored: the play stops after 2 cards"}},
		{"testdata/quiz.pbn",
			`{"board":4,"unscored":"no play and no result"}` + "\n" +
				`{"board":1,"unscored":"no play and no result"}` + "\n",
			[]string{"line 4: board 4: not scored: no play and no result", "line 25: board 1: not scored"}},
		{"testdata/book.pbn", `{"board":3,"contract":"3NT","declarer":"S","tricks":5,"scoreNS":-200}` + "\n", nil},
		{"testdata/result-side.pbn", `{"board":7,"contract":"4S","declarer":"W","tricks":9,"scoreNS":100}` + "\n", nil},
		{"testdata/auction-padded.pbn", `{"board":5,"contract":"4H","declarer":"E","tricks":7,"scoreNS":150}` + "\n", nil},
		{"testdata/split-tags.pbn", `{"board":4,"contract":"1NT","declarer":"W","tricks":7,"scoreNS":-90}` + "\n", nil},
	}
	for _, tt := range tests {
		code, out, errs := bridgeRun("replay", "--json", tt.file)
		if code != 0 || out != tt.want {
			t.Errorf("%s: exit %d %q:\n%s", tt.file, code, errs, out)
		}
		if strings.Count(errs, "\n") != len(tt.stderr) {
			t.Errorf("%s: stderr %q, want %d lines", tt.file, errs, len(tt.stderr))
		}
		for _, w := range tt.stderr {
			if !strings.Contains(errs, w) {
				t.Errorf("%s: stderr %q lacks %q", tt.file, errs, w)
			}
		}
		if len(tt.stderr) == 0 {
			continue
		}
		// --strict: all or nothing, as before.
		code, out, errs = bridgeRun("replay", "--json", "--strict", tt.file)
		if code != 2 || out != "" || strings.Count(errs, "\n") != 1 || !strings.Contains(errs, strings.TrimSuffix(strings.Replace(tt.stderr[0], "not scored: ", "", 1), "\n")) {
			t.Errorf("%s --strict: exit %d, stdout %q, stderr %q", tt.file, code, out, errs)
		}
	}
	code, out, _ := bridgeRun("replay", "testdata/speedball.pbn")
	if want := "board 1: 4H by S, 9 tricks (down 1), NS -50\nboard 2: not scored: no auction and no contract\n" +
		"board 3: not scored: the play stops after 2 cards with no claim and no result\n"; code != 0 || out != want {
		t.Errorf("text: exit %d\n%s", code, out)
	}
}

// TestReplayBadBoardAmongGood checks that an illegal card or a board that
// cannot be read still fails the file, naming the board and the line, and
// that an unscored board does not hide it.
func TestReplayBadBoardAmongGood(t *testing.T) {
	speed, err := os.ReadFile("testdata/speedball.pbn")
	if err != nil {
		t.Fatal(err)
	}
	event, err := os.ReadFile("testdata/bridge-event.pbn")
	if err != nil {
		t.Fatal(err)
	}
	illegal := strings.Replace(string(event), "CQ CT C2 C3", "HA CT C2 C3", 1)
	tests := []struct{ name, data, want string }{
		{"unscored-then-illegal.pbn", string(speed) + "\n" + illegal, "board 1: trick 2: W played HA but must follow suit"},
	}
	for _, tt := range tests {
		code, out, errs := bridgeRun("replay", "--json", writeTemp(t, tt.name, tt.data))
		if code != 2 || out != "" || strings.Count(errs, "\n") != 1 || !strings.Contains(errs, tt.want) {
			t.Errorf("%s: exit %d, stdout %q, stderr %q; want 2 and %q", tt.name, code, out, errs, tt.want)
		}
	}
}

func TestReplayPartialDeal(t *testing.T) {
	// A bidding problem shows one hand; an end position three cards each.
	data := "[Board \"1\"]\n[Deal \"N:AKQJ.AKQ.AKQ.AKQ - - -\"]\n[Auction \"N\"]\n2C Pass 2D Pass\n*\n\n" +
		"[Board \"2\"]\n[Deal \"N:AK2... QJ3... .AKQ.. ..AKQ.\"]\n[Contract \"3NT\"]\n[Declarer \"N\"]\n[Play \"E\"]\nS3 S2 H2 D2\n\n" +
		"[Board \"3\"]\n[Deal \"N:KT.J8.K98762.T65 QJ75.KT6542.3.J2 86432.7.QJ4.A843 A9.AQ93.AT5.KQ97\"]\n[Contract \"4C\"]\n[Declarer \"S\"]\n[Result \"7\"]\n"
	code, out, errs := bridgeRun("replay", "--json", writeTemp(t, "p.pbn", data))
	want := `{"board":1,"unscored":"the deal is not complete (13 cards)"}` + "\n" +
		`{"board":2,"unscored":"the deal is not complete (12 cards)"}` + "\n" +
		`{"board":3,"contract":"4C","declarer":"S","tricks":7,"scoreNS":-150}` + "\n"
	if code != 0 || out != want || strings.Count(errs, "\n") != 2 {
		t.Errorf("exit %d, stderr %q:\n%s", code, errs, out)
	}
}

func TestReplayNoDeclarer(t *testing.T) {
	data := "[Board \"3\"]\n[Deal \"S:KJ86.K96.62.Q832 7.QJ543.AQ83.AK9 9432.T8.KJ95.JT7 AQT5.A72.T74.654\"]\n[Declarer \"\"]\n[Contract \"3N\"]\n[Result \"9\"]\n"
	code, out, errs := bridgeRun("replay", "--json", writeTemp(t, "n.pbn", data))
	if want := `{"board":3,"unscored":"a contract with no declarer and no opening leader"}` + "\n"; code != 0 || out != want {
		t.Errorf("exit %d %q: %s", code, errs, out)
	}
}

func TestReplayClosingPassesLeftOut(t *testing.T) {
	deal := "[Board \"1\"]\n[Deal \"N:KT.J8.K98762.T65 QJ75.KT6542.3.J2 86432.7.QJ4.A843 A9.AQ93.AT5.KQ97\"]\n"
	tests := []struct{ name, data, want string }{
		// The Contract and Declarer tags name the contract reached.
		{"tags.pbn", deal + "[Declarer \"S\"]\n[Contract \"4C\"]\n[Result \"7\"]\n[Auction \"N\"]\n2NT Pass 4C\n",
			`{"board":1,"contract":"4C","declarer":"S","tricks":7,"scoreNS":-150}`},
		// The play began after the last recorded pass.
		{"play.lin", "md|3S86432H7DQJ4CA843,SA9HAQ93DAT5CKQ97,SKTHJ8DK98762CT65,|ah|Board 1|sv|o|mb|2N|mb|p|mb|4C|mb|p|mb|p|pc|S9|pc|ST|pc|S7|pc|S2|mc|7|",
			`{"board":1,"contract":"4C","declarer":"S","tricks":7,"scoreNS":-150}`},
	}
	for _, tt := range tests {
		code, out, errs := bridgeRun("replay", "--json", writeTemp(t, tt.name, tt.data))
		if code != 0 || out != tt.want+"\n" {
			t.Errorf("%s: exit %d %q: %s", tt.name, code, errs, out)
		}
	}
	// Tags that do not match the calls: still an incomplete auction.
	code, _, errs := bridgeRun("replay", "--json", writeTemp(t, "x.pbn", deal+"[Declarer \"S\"]\n[Contract \"5C\"]\n[Result \"7\"]\n[Auction \"N\"]\n2NT Pass 4C\n"))
	if code != 2 || !strings.Contains(errs, "the auction is not complete") {
		t.Errorf("mismatched tags: exit %d %q", code, errs)
	}
}

// TestReplayUnreadableAuction checks that a board whose auction cannot be
// read is scored from its tags, with the fault on stderr; --strict fails.
func TestReplayUnreadableAuction(t *testing.T) {
	event, err := os.ReadFile("testdata/bridge-event.pbn")
	if err != nil {
		t.Fatal(err)
	}
	want, err := os.ReadFile("testdata/bridge-event.expected.jsonl")
	if err != nil {
		t.Fatal(err)
	}
	// Board 1 (line 21): tokens no call is written as; board 2: a note
	// stuck to a call and an alert mark, both read.
	data := strings.Replace(string(event), "2NT Pass 4C Pass", "2NT AC 4C XS", 1)
	data = strings.Replace(data, "1S 1NT Pass 2D", "1S* 1NT Pass=1 2D", 1)
	p := writeTemp(t, "tokens.pbn", data)
	code, out, errs := bridgeRun("replay", "--json", p)
	if code != 0 || out != string(want) || errs != "atout replay: "+p+": line 21: board 1: left out: auction: \"AC\" is not a call\n" {
		t.Errorf("exit %d, stderr %q:\n%s", code, errs, out)
	}
	code, out, errs = bridgeRun("replay", "--json", "--strict", p)
	if code != 2 || out != "" || !strings.Contains(errs, `line 21: auction: "AC" is not a call (board 1)`) {
		t.Errorf("--strict: exit %d, stderr %q:\n%s", code, errs, out)
	}
	// No tags to fall back on: not scored, naming the fault.
	data = "[Board \"1\"]\n[Deal \"N:KT.J8.K98762.T65 QJ75.KT6542.3.J2 86432.7.QJ4.A843 A9.AQ93.AT5.KQ97\"]\n[Auction \"N\"]\n2NT AC 4C XS\n"
	code, out, errs = bridgeRun("replay", "--json", writeTemp(t, "t.pbn", data))
	if code != 0 || out != `{"board":1,"unscored":"auction: \"AC\" is not a call"}`+"\n" || !strings.Contains(errs, "line 4: board 1: not scored: auction") {
		t.Errorf("no tags: exit %d, stderr %q:\n%s", code, errs, out)
	}
}

// TestReplayLINBoardByBoard checks that a LIN board whose call or card
// cannot be read is not scored while the others are, and that --strict
// and a bad deal still fail the file.
func TestReplayLINBoardByBoard(t *testing.T) {
	data, err := os.ReadFile("testdata/bridge-event.lin")
	if err != nil {
		t.Fatal(err)
	}
	want, err := os.ReadFile("testdata/bridge-event.expected.jsonl")
	if err != nil {
		t.Fatal(err)
	}
	lines := strings.SplitAfter(string(want), "\n")
	bad := strings.Replace(string(data), "pc|CA|pc|C8|", "pc|CA|pc|C88|", 1) // board 2, line 2
	bad = strings.Replace(bad, "mb|1C|mb|2S|", "mb|1C|mb|2Q|", 1)            // board 3, line 3
	p := writeTemp(t, "b.lin", bad)
	code, out, errs := bridgeRun("replay", "--json", p)
	wantOut := lines[0] + `{"board":2,"unscored":"pc|: \"C88\" is not a card"}` + "\n" +
		`{"board":3,"unscored":"mb|: \"2Q\" is not a call"}` + "\n" + lines[3]
	if code != 0 || out != wantOut || !strings.Contains(errs, "line 2: board 2: not scored: pc|") || !strings.Contains(errs, "line 3: board 3: not scored: mb|") {
		t.Errorf("exit %d, stderr %q:\n%s", code, errs, out)
	}
	if code, out, errs := bridgeRun("replay", "--json", "--strict", p); code != 2 || out != "" || !strings.Contains(errs, `lin: line 2: pc|: "C88" is not a card`) {
		t.Errorf("--strict: exit %d, stderr %q:\n%s", code, errs, out)
	}
	badDeal := strings.Replace(string(data), "md|4S843", "md|4SX843", 1)
	if code, out, errs := bridgeRun("replay", "--json", writeTemp(t, "d.lin", badDeal)); code != 2 || out != "" || !strings.Contains(errs, "line 2: md|") {
		t.Errorf("bad deal: exit %d, stderr %q:\n%s", code, errs, out)
	}
}

func TestReplayRelativeResult(t *testing.T) {
	deal := "[Deal \"N:KT.J8.K98762.T65 QJ75.KT6542.3.J2 86432.7.QJ4.A843 A9.AQ93.AT5.KQ97\"]\n[Declarer \"S\"]\n[Contract \"4C\"]\n"
	data := "[Board \"1\"]\n" + deal + "[Result \"-3\"]\n\n[Board \"2\"]\n" + deal + "[Result \"=\"]\n\n[Board \"3\"]\n" + deal + "[Result \"+1\"]\n"
	code, out, errs := bridgeRun("replay", "--json", writeTemp(t, "r.pbn", data))
	want := `{"board":1,"contract":"4C","declarer":"S","tricks":7,"scoreNS":-150}` + "\n" +
		`{"board":2,"contract":"4C","declarer":"S","tricks":10,"scoreNS":130}` + "\n" +
		`{"board":3,"contract":"4C","declarer":"S","tricks":11,"scoreNS":150}` + "\n"
	if code != 0 || out != want {
		t.Errorf("exit %d %q:\n%s", code, errs, out)
	}
}
