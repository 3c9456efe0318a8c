package main

import (
	"bytes"
	"encoding/json"
	"image/png"
	"os"
	"path/filepath"
	"strings"
	"testing"
)

func simBridgeRun(args ...string) (code int, stdout, stderr string) {
	var out, errb bytes.Buffer
	code = run(append([]string{"sim"}, args...), strings.NewReader(""), &out, &errb)
	return code, out.String(), errb.String()
}

func TestSimBridgeBadFlags(t *testing.T) {
	for _, args := range [][]string{
		{"--game", "chess"},
		{"--game"},
		{"--game=go"},
		{"--game", "bridge", "-n", "0"},
		{"--game", "bridge", "--level", "hard"},
		{"--game", "bridge", "--measure", "bidding"},
		{"--game", "bridge", "--scoring", "total"},
		{"--game", "bridge", "--auction", "human"},
		{"--game", "bridge", "--threads", "0"},
		{"--game", "bridge", "--samples", "-1"},
		{"--game", "bridge", "--plot", "chart.svg"},
		{"--game", "bridge", "--frobnicate"},
		{"--game", "bridge", "extra"},
		{"-n", "x"},
	} {
		code, out, errs := simBridgeRun(args...)
		if code != 2 || out != "" || !strings.HasPrefix(errs, "atout sim: ") || strings.Count(errs, "\n") != 1 {
			t.Errorf("%q: exit %d, stdout %q, stderr %q; want exit 2, one line on stderr", args, code, out, errs)
		}
	}
}

func TestSimBridgeJSON(t *testing.T) {
	plot := filepath.Join(t.TempDir(), "bridge.png")
	code, out, errs := simBridgeRun("--game", "bridge", "-n", "2", "--seed", "3", "--measure", "leads", "--samples", "2",
		"--budget", "20ms", "--threads", "2", "--plot", plot)
	if code != 0 {
		t.Fatalf("exit %d: %s", code, errs)
	}
	var s bridgeSimSummary
	if err := json.Unmarshal([]byte(out), &s); err != nil {
		t.Fatalf("bad JSON %q: %v", out, err)
	}
	if s.Game != "bridge" || s.Deals != 2 || s.Played+s.PassedOut != 2 || s.Level != "fast" || s.Samples != 2 || s.Auction != "bot" {
		t.Errorf("summary %+v", s)
	}
	if s.Leads == nil || s.Leads.N != s.Played || s.Declarer != nil || s.Defence != nil {
		t.Fatalf("measures: leads %+v declarer %+v defence %+v", s.Leads, s.Declarer, s.Defence)
	}
	if r := s.Leads.Bot; r.N > 0 && (r.CI95[0] > r.Rate || r.CI95[1] < r.Rate) {
		t.Errorf("rate %v outside its interval %v", r.Rate, r.CI95)
	}
	for _, k := range []string{`"leads"`, `"ci95"`, `"timePerMove"`, `"p99Ms"`, `"meanMs"`, `"random"`, `"decisions"`} {
		if !strings.Contains(out, k) {
			t.Errorf("JSON lacks %s", k)
		}
	}
	if !strings.Contains(errs, "2/2 deals") {
		t.Errorf("no progress bar on stderr: %q", errs)
	}
	f, err := os.Open(plot)
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	img, err := png.Decode(f)
	if err != nil || img.Bounds().Dx() < 100 {
		t.Fatalf("plot: %v", err)
	}
}

func TestBridgeSimStats(t *testing.T) {
	r := bridgeSimRateOf(81, 100)
	if r.Rate != 0.81 || r.CI95[0] < 0.72 || r.CI95[0] > 0.73 || r.CI95[1] < 0.87 || r.CI95[1] > 0.88 {
		t.Errorf("Wilson 81/100 = %+v, want about [0.722, 0.872]", r)
	}
	if r := bridgeSimRateOf(0, 10); r.CI95[0] != 0 || r.CI95[1] < 0.27 || r.CI95[1] > 0.29 {
		t.Errorf("Wilson 0/10 = %+v", r)
	}
	m := bridgeSimMeanOf([]float64{0, 1, 2, 3, 4})
	if m.Mean != 2 || m.CI95[0] > 0.62 || m.CI95[0] < 0.61 {
		t.Errorf("mean %+v, want 2 with [0.614, 3.386]", m)
	}
	p := &bridgeSimPlay{byLost: map[int]int{}}
	p.finish()
	if p.Histogram == nil {
		t.Error("empty histogram is null")
	}
}
