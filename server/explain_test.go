package server

import (
	"atout/bot/bidding/explain"
	"encoding/json"
	"strings"
	"testing"

	"atout/bridge"
	"atout/card"
)

// TestExplanationsInEveryLanguage: every call of an auction the table
// explains, Pass included, carries its meaning worded in fr, de, hi and ko
// (the browser shows those words), and none of them is left in English.
func TestExplanationsInEveryLanguage(t *testing.T) {
	var calls []bridge.Call
	for _, s := range []string{"1H", "P", "2C", "P", "2H", "P", "4NT", "P"} {
		c, err := bridge.ParseCall(s)
		if err != nil {
			t.Fatal(err)
		}
		calls = append(calls, c)
	}
	raw, _ := json.Marshal(explain.New().Calls(bridge.VulNone, card.North, calls))
	var got []struct {
		Call  string
		Text  string
		Words map[string]string
	}
	if err := json.Unmarshal(raw, &got); err != nil || len(got) != len(calls) {
		t.Fatalf("%d explanations (%v): %s", len(got), err, raw)
	}
	for i, m := range got {
		for _, l := range []string{"fr", "de", "hi", "ko"} {
			w := m.Words[l]
			if w == "" || w == m.Text || strings.Contains(w, "non-forcing") || strings.Contains(w, "Pass;") {
				t.Errorf("call %d %s in %s: %q (English: %q)", i, m.Call, l, w, m.Text)
			}
		}
	}
	if !strings.HasPrefix(got[1].Words["fr"], "Passe") {
		t.Errorf("a pass in French: %q", got[1].Words["fr"])
	}
}
