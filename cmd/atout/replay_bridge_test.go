package main

import (
	"bytes"
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// bridgeRun runs atout with args and returns the exit status and output.
func bridgeRun(args ...string) (code int, stdout, stderr string) {
	var out, errb bytes.Buffer
	code = run(args, strings.NewReader(""), &out, &errb)
	return code, out.String(), errb.String()
}

// writeTemp writes data to a file in a temporary directory.
func writeTemp(t *testing.T, name, data string) string {
	t.Helper()
	p := filepath.Join(t.TempDir(), name)
	if err := os.WriteFile(p, []byte(data), 0o644); err != nil {
		t.Fatal(err)
	}
	return p
}

func TestReplayBridgeGolden(t *testing.T) {
	want, err := os.ReadFile("testdata/bridge-event.expected.jsonl")
	if err != nil {
		t.Fatal(err)
	}
	for _, f := range []string{"testdata/bridge-event.pbn", "testdata/bridge-event.lin"} {
		code, out, errs := bridgeRun("replay", f, "--json")
		if code != 0 || out != string(want) {
			t.Errorf("%s: exit %d, stderr %q, output\n%s\nwant\n%s", f, code, errs, out, want)
		}
	}
}

func TestReplayBridgeText(t *testing.T) {
	code, out, errs := bridgeRun("replay", "testdata/bridge-event.pbn")
	want := "board 1: 4C by S, 7 tricks (down 3), NS -150\n" +
		"board 2: 4NT by S, 9 tricks (down 1), NS -100\n" +
		"board 3: 2S by W, 9 tricks (made +1), NS -140\n" +
		"board 4: 1C by W, 9 tricks (made +2), NS -110\n"
	if code != 0 || out != want {
		t.Errorf("exit %d %q:\n%s", code, errs, out)
	}
}

func TestReplayBridgeResults(t *testing.T) {
	tests := []struct {
		file, want string
	}{
		{"testdata/bridge-claim.pbn", `{"board":1,"contract":"4C","declarer":"S","tricks":7,"scoreNS":-150}` + "\n"},
		{"testdata/bridge-passout.pbn", `{"board":9,"contract":"Pass","declarer":"","tricks":0,"scoreNS":0}` + "\n"},
		{"testdata/bridge-match.lin", `{"board":1,"contract":"4C","declarer":"S","tricks":7,"scoreNS":-150}` + "\n" +
			`{"board":1,"contract":"3NT","declarer":"N","tricks":9,"scoreNS":400}` + "\n" +
			`{"board":2,"contract":"4NT","declarer":"S","tricks":9,"scoreNS":-100}` + "\n"},
	}
	for _, tt := range tests {
		code, out, errs := bridgeRun("replay", "--json", tt.file)
		if code != 0 || out != tt.want {
			t.Errorf("%s: exit %d %q:\n%s", tt.file, code, errs, out)
		}
	}
}

func TestReplayBridgeNoAuction(t *testing.T) {
	// A tournament record with contract and result but no auction: the
	// play is still checked, the result comes from the Result tag; the
	// vulnerability comes from the board number.
	pbn := `[Board "2"]
[Deal "E:AKJT.A987.K98.J4 843.T4.JT652.763 97.J652.Q7.AT952 Q652.KQ3.A43.KQ8"]
[Declarer "S"]
[Contract "4NTX"]
[Result "9"]
[Play "W"]
CA C8 CJ C3
`
	code, out, errs := bridgeRun("replay", "--json", writeTemp(t, "b.pbn", pbn))
	if want := `{"board":2,"contract":"4NTX","declarer":"S","tricks":9,"scoreNS":-200}` + "\n"; code != 0 || out != want {
		t.Errorf("exit %d %q: %s", code, errs, out)
	}
}

func TestReplayBridgeErrors(t *testing.T) {
	event, err := os.ReadFile("testdata/bridge-event.pbn")
	if err != nil {
		t.Fatal(err)
	}
	lin, err := os.ReadFile("testdata/bridge-event.lin")
	if err != nil {
		t.Fatal(err)
	}
	// West holds clubs but discards the heart ace on a club lead.
	illegal := strings.Replace(string(event), "CQ CT C2 C3", "HA CT C2 C3", 1)
	// A deal with a bad hand on line 16.
	malformed := strings.Replace(string(event), "N:KT.J8.K98762.T65", "N:KT.J8.K98762", 1)
	tests := []struct {
		name, data string
		want       []string
	}{
		{"illegal.pbn", illegal, []string{"line 25: board 1: trick 2: W played HA but must follow suit"}},
		{"malformed.pbn", malformed, []string{"line 15: Deal", "North hand"}},
		{"insufficient.lin", strings.Replace(string(lin), "mb|4C|", "mb|1C|", 1), []string{"line 1: board 1: auction: call 3: S called 1C but"}},
		{"insufficient.pbn", strings.Replace(string(event), "2NT Pass 4C Pass", "2NT Pass 1C Pass", 1), []string{"line 21: board 1: auction: call 3: S called 1C but"}},
		// Board 2 is on line 2 of the LIN file: its first card is CA by W.
		{"board2.lin", strings.Replace(string(lin), "pc|CA|pc|C8|", "pc|HA|pc|C8|", 1), []string{"line 2: board 2: trick 1: W played HA but W does not hold HA"}},
		// Board 2 of the PBN file: the second trick, on line 61, holds a card South does not have.
		{"board2.pbn", strings.Replace(string(event), "DQ DA DK D2", "DQ DA DK C2", 1), []string{"line 61: board 2: trick 2: S played C2"}},
		{"revoke.lin", strings.Replace(string(lin), "pc|CT|pc|C2|pc|C3|pc|CQ|", "pc|CT|pc|C2|pc|C3|pc|HA|", 1), []string{"board 1: trick 2: W played HA"}},
		{"notheld.lin", strings.Replace(string(lin), "pc|S9|", "pc|SK|", 1), []string{"board 1: trick 1: W played SK but W does not hold SK"}},
		{"badclaim.pbn", strings.Replace(string(event), "[Result \"7\"]", "[Result \"13\"]", 1) + "", nil},
		// An auction cut short whose tags tell of a result: the auction is wrong.
		{"partial.pbn", "[Board \"1\"]\n[Deal \"N:KT.J8.K98762.T65 QJ75.KT6542.3.J2 86432.7.QJ4.A843 A9.AQ93.AT5.KQ97\"]\n[Result \"9\"]\n[Auction \"N\"]\n1NT Pass *\n",
			[]string{"board 1: the auction is not complete"}},
		{"nodeal.pbn", "[Board \"1\"]\n[Contract \"3NT\"]\n[Declarer \"N\"]\n[Result \"9\"]\n", []string{"board 1: deal"}},
		{"empty.pbn", "% nothing here\n", []string{"no board"}},
		{"garbage.lin", "md|9|", []string{"line 1", "md"}},
	}
	for _, tt := range tests {
		code, out, errs := bridgeRun("replay", writeTemp(t, tt.name, tt.data), "--json")
		if tt.want == nil {
			// The play is complete: the Result tag does not matter.
			if code != 0 {
				t.Errorf("%s: exit %d %q", tt.name, code, errs)
			}
			continue
		}
		if code != 2 || out != "" {
			t.Errorf("%s: exit %d, stdout %q, want 2 and nothing", tt.name, code, out)
		}
		if strings.Count(errs, "\n") != 1 {
			t.Errorf("%s: stderr %q is not one line", tt.name, errs)
		}
		for _, w := range tt.want {
			if !strings.Contains(errs, w) {
				t.Errorf("%s: stderr %q lacks %q", tt.name, errs, w)
			}
		}
	}
}

func TestIsLIN(t *testing.T) {
	for in, want := range map[string]bool{
		"pn|a,b,c,d|":        true,
		"\ufeff  md|3SA|":    true,
		"qx|o1|":             true,
		"[Event \"x\"]":      false,
		"% PBN 2.1\n[Board]": false,
		"":                   false,
		"abcd|x|":            false,
	} {
		if got := isLIN([]byte(in)); got != want {
			t.Errorf("isLIN(%q) = %v", in, got)
		}
	}
}

func BenchmarkReplayBridge(b *testing.B) {
	data, err := os.ReadFile("testdata/bridge-event.pbn")
	if err != nil {
		b.Fatal(err)
	}
	for b.Loop() {
		if err := replayBridge("x", data, true, false, &bytes.Buffer{}, &bytes.Buffer{}); err != nil {
			b.Fatal(err)
		}
	}
}

// TestReplayAbandonedBoard: a board left before its auction ended (one
// Pass and nothing else, as BBO writes a board nobody played out) is not
// scored, and the others of the file are; --strict refuses the file.
func TestReplayAbandonedBoard(t *testing.T) {
	lin, err := os.ReadFile("testdata/bridge-event.lin")
	if err != nil {
		t.Fatal(err)
	}
	abandoned := "pn|A,B,C,D|st||md|1S4HJ9543DJ762C753,SQJT632HA2DT8CQJ2,SAK85HQ86D543CAT8,S97HKT7DAKQ9CK964|rh||ah|Board 3|sv|e|mb|p|pg||\n"
	deal := "[Board \"3\"]\n[Dealer \"S\"]\n[Deal \"N:4.J9543.J762.753 QJT632.A2.T8.QJ2 AK85.Q86.543.AT8 97.KT7.AKQ9.K964\"]\n[Auction \"S\"]\n"
	for _, tt := range []struct{ name, data string }{
		{"abandoned.lin", string(lin) + abandoned},
		{"abandoned.pbn", deal + "Pass\n"},
		{"abandoned2.pbn", deal + "Pass 1S *\n"},
	} {
		code, out, errs := bridgeRun("replay", "--json", writeTemp(t, tt.name, tt.data))
		if code != 0 || !strings.Contains(out, `{"board":3,"unscored":"abandoned: the auction stops after`) || !strings.Contains(errs, "not scored: abandoned") {
			t.Errorf("%s: exit %d, stdout %q, stderr %q", tt.name, code, out, errs)
		}
		if strings.HasSuffix(tt.name, ".lin") && strings.Count(out, `"contract"`) != strings.Count(string(lin), "\n") {
			t.Errorf("%s: the other boards are not all scored: %s", tt.name, out)
		}
		if code, _, _ := bridgeRun("replay", "--json", "--strict", writeTemp(t, "s"+tt.name, tt.data)); code != 2 {
			t.Errorf("%s --strict: exit %d, want 2", tt.name, code)
		}
	}
}
