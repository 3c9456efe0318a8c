package main

import (
	"bytes"
	"encoding/json"
	"errors"
	"image/png"
	"os"
	"path/filepath"
	"strings"
	"testing"
)

func TestSimBeloteJSON(t *testing.T) {
	plot := filepath.Join(t.TempDir(), "sim.png")
	var out, errb bytes.Buffer
	args := []string{"-n", "4", "--seed", "5", "--mode", "coinche", "--rules", "official", "--target", "300",
		"--a", "fast", "--b", "baseline", "--threads", "2", "--plot", plot}
	if err := simBelote(args, &out, &errb); err != nil {
		t.Fatal(err)
	}
	var s beloteSimSummary
	if err := json.Unmarshal(out.Bytes(), &s); err != nil {
		t.Fatalf("bad JSON %q: %v", out.String(), err)
	}
	if s.Matches != 4 || s.Wins["A"]+s.Wins["B"] != 4 || s.Mode != "coinche" || s.Rules != "official" || s.Target != 300 {
		t.Errorf("summary %+v", s)
	}
	if ci := s.CI95["A"]; ci[0] > s.WinRate["A"] || ci[1] < s.WinRate["A"] {
		t.Errorf("win rate %v outside its interval %v", s.WinRate["A"], ci)
	}
	if s.TimePerMove["A"].Moves == 0 || s.TimePerCard["B"].Moves == 0 || s.Deals == 0 {
		t.Errorf("no timings: %+v", s.TimePerMove)
	}
	for _, k := range []string{`"winRate"`, `"ci95"`, `"pointsPerDeal"`, `"timePerMove"`, `"p99Ms"`} {
		if !strings.Contains(out.String(), k) {
			t.Errorf("JSON lacks %s", k)
		}
	}
	if !strings.Contains(errb.String(), "4/4") {
		t.Errorf("no progress bar: %q", errb.String())
	}
	f, err := os.Open(plot)
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	if _, err := png.Decode(f); err != nil {
		t.Errorf("plot: %v", err)
	}
}

func TestSimBeloteBadFlags(t *testing.T) {
	for _, args := range [][]string{
		{"--mode", "poker"},
		{"--rules", "street"},
		{"-n", "0"},
		{"--a", "nobody"},
		{"--b", "x"},
		{"--threads", "0"},
		{"--target", "-5"},
		{"--sata"},
		{"--sata", "--mode", "notrump"},
		{"--frobnicate"},
		{"extra"},
	} {
		var out, errb bytes.Buffer
		err := simBelote(args, &out, &errb)
		var ie *inputError
		if !errors.As(err, &ie) {
			t.Errorf("%v: err %v, want bad input (exit 2)", args, err)
		}
		if out.Len() != 0 {
			t.Errorf("%v: wrote %q to stdout", args, out.String())
		}
	}
}

func TestWilson(t *testing.T) {
	ci := wilson(300, 500)
	if ci[0] < 0.55 || ci[0] > 0.56 || ci[1] < 0.64 || ci[1] > 0.65 {
		t.Errorf("wilson(300,500) = %v, want about [0.5564 0.6420]", ci)
	}
	if ci := wilson(0, 0); ci != [2]float64{0, 1} {
		t.Errorf("wilson(0,0) = %v", ci)
	}
}

// TestSimBeloteSaTa: --sata plays coinche with the sans-atout and
// tout-atout bids, says so in the summary and counts the contracts by
// strain; the bots bid them on these decks (two fast teams, low target).
func TestSimBeloteSaTa(t *testing.T) {
	var out, errb bytes.Buffer
	args := []string{"-n", "6", "--seed", "3", "--mode", "coinche", "--rules", "official", "--sata", "--target", "1000",
		"--a", "fast", "--b", "baseline", "--threads", "2", "--quiet"}
	if err := simBelote(args, &out, &errb); err != nil {
		t.Fatal(err)
	}
	var s beloteSimSummary
	if err := json.Unmarshal(out.Bytes(), &s); err != nil {
		t.Fatalf("bad JSON %q: %v", out.String(), err)
	}
	if !s.SaTa || !strings.Contains(out.String(), `"sata": true`) {
		t.Errorf("summary does not say sata: %s", out.String())
	}
	taken, sata := 0, 0
	for k, st := range s.Contracts {
		for team, n := range st.Taken {
			taken += n
			if k != "suit" {
				sata += n
			}
			if st.Made[team] > n {
				t.Errorf("%s %s: made %d of %d", k, team, st.Made[team], n)
			}
		}
	}
	if taken == 0 || taken > s.Deals {
		t.Errorf("%d contracts in %d deals", taken, s.Deals)
	}
	if sata == 0 {
		t.Errorf("no sans-atout or tout-atout contract in %d deals: %+v", s.Deals, s.Contracts)
	}

	// Without the flag: no such contract, and "sata" is not in the summary.
	var off []string
	for _, a := range args {
		if a != "--sata" {
			off = append(off, a)
		}
	}
	out.Reset()
	if err := simBelote(off, &out, &errb); err != nil {
		t.Fatal(err)
	}
	s = beloteSimSummary{}
	if err := json.Unmarshal(out.Bytes(), &s); err != nil {
		t.Fatal(err)
	}
	if s.SaTa || strings.Contains(out.String(), `"sata"`) {
		t.Errorf("sata in a summary without the flag: %s", out.String())
	}
	if n := s.Contracts["SA"].Taken["A"] + s.Contracts["SA"].Taken["B"] + s.Contracts["TA"].Taken["A"] + s.Contracts["TA"].Taken["B"]; n != 0 {
		t.Errorf("%d sans-atout or tout-atout contracts without --sata", n)
	}
	if s.Contracts["suit"].Taken["A"]+s.Contracts["suit"].Taken["B"] == 0 {
		t.Errorf("no contract counted: %+v", s.Contracts)
	}
}
