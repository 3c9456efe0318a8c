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
