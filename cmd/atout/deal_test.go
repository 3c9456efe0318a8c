package main

import (
	"bytes"
	"encoding/json"
	"fmt"
	"strings"
	"testing"

	"atout/bridge"
	"atout/card"
)

// dealRun runs `atout deal ARGS` and returns its exit status and output.
func dealRun(args ...string) (code int, stdout, stderr string) {
	var out, errb bytes.Buffer
	code = run(append([]string{"deal"}, args...), strings.NewReader(""), &out, &errb)
	return code, out.String(), errb.String()
}

func TestDealBadFlags(t *testing.T) {
	for _, args := range [][]string{
		{"--game", "chess"},
		{"--format", "xml"},
		{"--game", "belote", "--format", "pbn"},
		{"-n", "0"},
		{"-n", "-3"},
		{"-n", "x"},
		{"-n", "1000001"},
		{"--bogus"},
		{"extra"},
		{"--seed"},
	} {
		code, out, errs := dealRun(args...)
		if code != 2 || out != "" || strings.Count(errs, "\n") != 1 || !strings.HasPrefix(errs, "atout deal: ") {
			t.Errorf("%v: exit %d, stdout %q, stderr %q", args, code, out, errs)
		}
	}
}

func TestDealDeterministic(t *testing.T) {
	for _, args := range [][]string{
		{"-n", "5", "--seed", "7"},
		{"-n", "5", "--seed", "7", "--format", "json"},
		{"--game", "belote", "-n", "5", "--seed", "hello"},
		{"--seed", "42", "--format", "pbn", "-n", "3"},
	} {
		c1, o1, _ := dealRun(args...)
		c2, o2, _ := dealRun(args...)
		if c1 != 0 || c2 != 0 || o1 != o2 || o1 == "" {
			t.Errorf("%v: runs differ or fail (%d %d)", args, c1, c2)
		}
		other := append(append([]string{}, args...), "--seed", "8")
		if _, o3, _ := dealRun(other...); o3 == o1 {
			t.Errorf("%v: another seed gives the same deals", args)
		}
	}
	// Without a seed, deals come from the system's random source.
	_, a, _ := dealRun("-n", "2")
	_, b, _ := dealRun("-n", "2")
	if a == b {
		t.Error("two unseeded runs gave the same deals")
	}
	// A longer run starts with the deals of a shorter one.
	_, short, _ := dealRun("--format", "json", "-n", "3", "--seed", "1")
	_, long, _ := dealRun("--format", "json", "-n", "6", "--seed", "1")
	if !strings.HasPrefix(long, short) {
		t.Error("-n 6 does not extend -n 3")
	}
}

// boardCycle is bridge-reference.md §4: dealer and vulnerability of boards
// 1 to 16.
var boardCycle = []string{
	"N None", "E NS", "S EW", "W All", "N NS", "E EW", "S All", "W None",
	"N EW", "E All", "S None", "W NS", "N All", "E None", "S NS", "W EW",
}

var pbnMandatory = []string{"Event", "Site", "Date", "Board", "West", "North", "East", "South",
	"Dealer", "Vulnerable", "Deal", "Scoring", "Declarer", "Contract", "Result"}

func TestDealPBN(t *testing.T) {
	code, out, errs := dealRun("-n", "20", "--seed", "2026")
	if code != 0 {
		t.Fatalf("exit %d: %s", code, errs)
	}
	if !strings.HasPrefix(out, "% PBN 2.1\n") {
		t.Errorf("no PBN header: %q", out[:20])
	}
	blocks := strings.Split(strings.TrimPrefix(out, "% PBN 2.1\n"), "\n\n")
	if len(blocks) != 20 {
		t.Fatalf("%d blocks, want 20", len(blocks))
	}
	_, js, _ := dealRun("-n", "20", "--seed", "2026", "--format", "json")
	jsonLines := strings.Split(strings.TrimSpace(js), "\n")
	for i, blk := range blocks {
		lines := strings.Split(strings.TrimSpace(blk), "\n")
		if len(lines) != len(pbnMandatory) {
			t.Fatalf("board %d: %d lines", i+1, len(lines))
		}
		tags := map[string]string{}
		for j, l := range lines {
			var name, val string
			if _, err := fmt.Sscanf(l, "[%s %q]", &name, &val); err != nil {
				t.Fatalf("board %d: line %q: %v", i+1, l, err)
			}
			if name != pbnMandatory[j] {
				t.Errorf("board %d: tag %d is %s, want %s", i+1, j+1, name, pbnMandatory[j])
			}
			tags[name] = val
		}
		b := i + 1
		if tags["Board"] != fmt.Sprint(b) {
			t.Errorf("board %d: Board %q", b, tags["Board"])
		}
		if got := tags["Dealer"] + " " + tags["Vulnerable"]; got != boardCycle[(b-1)%16] {
			t.Errorf("board %d: %s, want %s", b, got, boardCycle[(b-1)%16])
		}
		d, err := bridge.ParseDeal(tags["Deal"])
		if err != nil || !strings.HasPrefix(tags["Deal"], "N:") {
			t.Errorf("board %d: deal %q: %v", b, tags["Deal"], err)
		}
		var j bridgeDealJSON
		if err := json.Unmarshal([]byte(jsonLines[i]), &j); err != nil {
			t.Fatalf("json line %d: %v", b, err)
		}
		if j.Board != b || j.Deal != d || j.Dealer.String() != tags["Dealer"] || j.Vul.String() != tags["Vulnerable"] {
			t.Errorf("board %d: json %+v disagrees with PBN", b, j)
		}
	}
	if want := `{"board":1,"dealer":"N","vul":"None","deal":"N:`; !strings.HasPrefix(jsonLines[0], want) {
		t.Errorf("json line %s", jsonLines[0])
	}
}

func TestDealBelote(t *testing.T) {
	firsts := map[string]bool{}
	for seed := 0; seed < 12; seed++ {
		code, out, errs := dealRun("--game", "belote", "-n", "9", "--seed", fmt.Sprint(seed))
		if code != 0 {
			t.Fatalf("exit %d: %s", code, errs)
		}
		lines := strings.Split(strings.TrimSpace(out), "\n")
		if len(lines) != 9 {
			t.Fatalf("%d lines", len(lines))
		}
		var prev card.Seat
		for i, l := range lines {
			var d struct {
				Game   string      `json:"game"`
				Dealer card.Seat   `json:"dealer"`
				Deck   []card.Card `json:"deck"`
			}
			if err := json.Unmarshal([]byte(l), &d); err != nil {
				t.Fatalf("%s: %v", l, err)
			}
			if d.Game != "belote" || len(d.Deck) != 32 || card.HandOf(d.Deck...) != card.Full32 {
				t.Fatalf("bad deal %s", l)
			}
			if !strings.HasPrefix(l, `{"game":"belote","dealer":"`) {
				t.Errorf("field order: %s", l)
			}
			if i == 0 {
				firsts[d.Dealer.String()] = true
			} else if next := map[card.Seat]card.Seat{card.South: card.East, card.East: card.North, card.North: card.West, card.West: card.South}[prev]; d.Dealer != next {
				t.Errorf("dealer after %s is %s, want %s", prev, d.Dealer, next)
			}
			prev = d.Dealer
		}
	}
	if len(firsts) < 2 {
		t.Errorf("the first dealer is always %v", firsts)
	}
}

func BenchmarkDealPBN(b *testing.B) {
	for b.Loop() {
		if code, _, errs := dealRun("-n", "100", "--seed", "1"); code != 0 {
			b.Fatal(errs)
		}
	}
}
