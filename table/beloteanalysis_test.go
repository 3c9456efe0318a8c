package table

import (
	"context"
	"encoding/json"
	"testing"
	"time"

	"atout/belote"
	beloteanalysis "atout/belote/analysis"
	"atout/card"
	"atout/match"
)

// A belote deal played by a human against bots: the human asks a hint at
// each of his cards and plays the best; once the deal is over every
// subscriber gets its analysis (in which the human's cards cost nothing),
// stored with the deal's result and sent again to a late subscriber.
func TestBeloteAnalysisMessageAndHints(t *testing.T) {
	st := openStore(t)
	ctx := context.Background()
	cfg := Config{Store: st, Logger: quietLogger(), NextDelay: time.Hour,
		Games: map[string]match.Abilities{"belote": beloteanalysis.Abilities()}}
	h := NewLocalHub(cfg)
	t.Cleanup(func() { h.Shutdown(ctx) })
	u, _ := st.CreateGuest(ctx, "a", "")
	r, err := h.Create(ctx, Settings{Game: "belote", Level: "easy", Seed: 3}, Player{ID: u.ID, Name: "a"})
	if err != nil {
		t.Fatal(err)
	}
	sub, err := r.Subscribe(ctx, u.ID, "")
	if err != nil {
		t.Fatal(err)
	}
	defer sub.Close()
	hints := 0
	var analysis map[string]any
	deadline := time.Now().Add(60 * time.Second)
	for analysis == nil {
		if time.Now().After(deadline) {
			t.Fatal("no belote analysis")
		}
		m := recv(t, sub)
		switch m["type"] {
		case "beloteAnalysis":
			analysis = m
			continue
		case "state":
		default:
			continue
		}
		n := int(m["n"].(float64))
		tbl := m["table"].(map[string]any)
		v, _ := m["view"].(map[string]any)
		d, _ := v["deal"].(map[string]any)
		if d == nil {
			continue
		}
		if d["phase"] == "done" {
			if d["passed"] == true {
				if err := r.Next(ctx, u.ID); err != nil {
					t.Fatal(err)
				}
			}
			continue
		}
		legal, _ := d["legal"].([]any)
		if len(legal) == 0 {
			continue
		}
		if d["phase"] == "bidding" {
			if _, err := r.Hint(ctx, u.ID); CodeOf(err) != CodeTurn {
				t.Errorf("hint during the bidding: %v", err)
			}
			a := legal[0].(string)
			for _, x := range legal {
				if x == "take" {
					a = "take"
				}
			}
			if err := r.Act(ctx, u.ID, card.South, a, n); err != nil && CodeOf(err) != CodeStale {
				t.Fatal(err)
			}
			continue
		}
		if tbl["canHint"] != true {
			t.Fatalf("no hint offered: %v", tbl)
		}
		hint, err := r.Hint(ctx, u.ID)
		cards := hint.Cards
		if err != nil {
			t.Fatal(err)
		}
		hints++
		if len(cards) != len(legal) {
			t.Fatalf("hint %v for the legal cards %v", cards, legal)
		}
		best, bv := "", -1
		for _, x := range legal {
			val, ok := cards[x.(string)]
			if !ok || val < 0 || val > belote.CapotPoints {
				t.Fatalf("hint %v for the legal cards %v", cards, legal)
			}
			if val > bv {
				best, bv = x.(string), val
			}
		}
		if err := r.Act(ctx, u.ID, card.South, best, n); err != nil {
			t.Fatal(err)
		}
	}
	if hints != 8 {
		t.Errorf("%d hints, want 8", hints)
	}
	if no, ok := analysis["deal"].(float64); !ok || no < 1 {
		t.Fatalf("analysis %v", analysis)
	}
	costly, ok := analysis["costly"].([]any)
	if !ok {
		t.Fatalf("analysis without its costly cards: %v", analysis)
	}
	for _, x := range costly {
		if x.(map[string]any)["seat"] == "S" {
			t.Errorf("the hinted card %v cost points", x)
		}
	}
	start, final := analysis["start"].(map[string]any), analysis["final"].(map[string]any)
	if start["NS"] == nil || final["EW"] == nil {
		t.Errorf("analysis %v", analysis)
	}
	no := int(analysis["deal"].(float64))
	// Stored with the deal's result.
	for deadline := time.Now().Add(10 * time.Second); ; time.Sleep(5 * time.Millisecond) {
		g, err := st.LoadGame(ctx, r.ID())
		if err != nil {
			t.Fatal(err)
		}
		var rec struct {
			Analysis map[string]any `json:"analysis"`
		}
		json.Unmarshal(g.Deals[no-1].Result, &rec)
		if rec.Analysis != nil {
			if rec.Analysis["type"] != "beloteAnalysis" {
				t.Errorf("stored %v", rec.Analysis)
			}
			break
		}
		if time.Now().After(deadline) {
			t.Fatalf("no analysis stored: %s", g.Deals[no-1].Result)
		}
	}
	// A late subscriber gets it after its state.
	sub2, err := r.Subscribe(ctx, u.ID, "")
	if err != nil {
		t.Fatal(err)
	}
	defer sub2.Close()
	if m := recv(t, sub2); m["type"] != "state" {
		t.Fatalf("first message %v", m["type"])
	}
	if m := recv(t, sub2); m["type"] != "beloteAnalysis" || m["deal"] != float64(no) {
		t.Fatalf("late subscriber got %v", m)
	}
	// The deal is over: no hint.
	if _, err := r.Hint(ctx, u.ID); CodeOf(err) != CodeTurn {
		t.Errorf("hint after the deal: %v", err)
	}
}
