package belote

import (
	"bytes"
	"encoding/json"
	"errors"
	"os"
	"path/filepath"
	"reflect"
	"strings"
	"testing"

	"atout/card"
	"atout/game"
)

var engExamples = []string{"belote-classic-maison-01", "belote-coinche-official-01", "belote-notrump-maison-01"}

// TestRecordGolden replays the example records and compares the score
// sheet with the expected `atout replay --json` lines.
func TestRecordGolden(t *testing.T) {
	for _, name := range engExamples {
		t.Run(name, func(t *testing.T) {
			data, err := os.ReadFile(filepath.Join("testdata", name+".json"))
			if err != nil {
				t.Fatal(err)
			}
			want, err := os.ReadFile(filepath.Join("testdata", name+".expected.jsonl"))
			if err != nil {
				t.Fatal(err)
			}
			recs, err := ParseRecords(data)
			if err != nil {
				t.Fatal(err)
			}
			deals, err := LoadDeals(recs)
			if err != nil {
				t.Fatal(err)
			}
			if err := CheckFinished(deals); err != nil {
				t.Fatal(err)
			}
			sheet, score := ScoreSheet(deals)
			var got bytes.Buffer
			for _, s := range sheet {
				b, err := json.Marshal(s)
				if err != nil {
					t.Fatal(err)
				}
				got.Write(b)
				got.WriteByte('\n')
			}
			if got.String() != string(want) {
				t.Errorf("got\n%s\nwant\n%s", got.String(), want)
			}
			if _, over := score.Winner(recs[0].Rules().GameTarget()); !over {
				t.Error("the example game is not over")
			}
			// Writing the game and reading it back gives the same game.
			out, err := MarshalRecords(Records(deals))
			if err != nil {
				t.Fatal(err)
			}
			recs2, err := ParseRecords(out)
			if err != nil {
				t.Fatal(err)
			}
			if !reflect.DeepEqual(recs2, Records(deals)) {
				t.Errorf("records do not round-trip:\n%s", out)
			}
			// Every deal's record matches the input, action for action.
			for i, r := range recs {
				if !reflect.DeepEqual(r.Actions, recs2[i].Actions) || r.Deck != recs2[i].Deck {
					t.Errorf("record %d differs after the round trip", i+1)
				}
			}
		})
	}
}

func engRecord(mutate func(m map[string]any)) []byte {
	m := map[string]any{
		"game": "belote", "mode": "coinche", "rules": "maison", "announcements": true, "target": 2000,
		"dealer": "W", "deck": deckStrings(card.Deck32()),
		"actions": []string{"S 80H", "E pass", "W coinche", "S pass", "N pass"},
		"silent":  []string{},
	}
	if mutate != nil {
		mutate(m)
	}
	b, _ := json.Marshal(m)
	return b
}

func deckStrings(cs []card.Card) []string {
	out := make([]string, len(cs))
	for i, c := range cs {
		out[i] = c.String()
	}
	return out
}

func TestRecordErrors(t *testing.T) {
	rec := func(f func(m map[string]any)) string { return string(engRecord(f)) }
	passes := func(dealer string) string {
		return rec(func(m map[string]any) {
			m["dealer"] = dealer
			order := map[string][]string{"W": {"S", "E", "N", "W"}, "S": {"E", "N", "W", "S"}, "E": {"N", "W", "S", "E"}, "N": {"W", "S", "E", "N"}}[dealer]
			var acts []string
			for _, s := range order {
				acts = append(acts, s+" pass")
			}
			m["actions"] = acts
		})
	}
	for _, tc := range []struct {
		name, data, want string
		illegal          bool
	}{
		{"not json", `{"game":`, "record 1: not a JSON record object", false},
		{"empty array", `[]`, "record 1: empty array", false},
		{"game", rec(func(m map[string]any) { m["game"] = "bridge" }), `record 1, field "game": want "belote", got "bridge"`, false},
		{"mode", rec(func(m map[string]any) { m["mode"] = "whist" }), `record 1, field "mode": unknown mode "whist"`, false},
		{"no mode", rec(func(m map[string]any) { delete(m, "mode") }), `record 1, field "mode": missing`, false},
		{"rules", rec(func(m map[string]any) { m["rules"] = "strict" }), `record 1, field "rules": unknown rules "strict"`, false},
		{"dealer", rec(func(m map[string]any) { m["dealer"] = "X" }), `record 1, field "dealer": want N, E, S or W, got "X"`, false},
		{"target type", rec(func(m map[string]any) { m["target"] = "big" }), `record 1, field "target": want int`, false},
		{"target", rec(func(m map[string]any) { m["target"] = -5 }), `record 1, field "target": want a positive number`, false},
		{"deck card", rec(func(m map[string]any) { d := deckStrings(card.Deck32()); d[3] = "ZZ"; m["deck"] = d }), `record 1, field "deck": card 4 "ZZ" is not a card`, false},
		{"deck dup", rec(func(m map[string]any) { d := deckStrings(card.Deck32()); d[3] = "SA"; m["deck"] = d }), `record 1, field "deck": deck card 4: SA appears twice`, false},
		{"deck short", rec(func(m map[string]any) { m["deck"] = deckStrings(card.Deck32()[:31]) }), `record 1, field "deck": deck: 31 cards, want 32`, false},
		{"action syntax", rec(func(m map[string]any) { m["actions"] = []string{"S 80H", "E frob"} }), `record 1, action 2 "E frob": invalid action "frob"`, false},
		{"action seat", rec(func(m map[string]any) { m["actions"] = []string{"Q pass"} }), `record 1, action 1 "Q pass": invalid action "Q pass": seat "Q"`, false},
		{"silent", rec(func(m map[string]any) { m["silent"] = []string{"X"} }), `record 1, field "silent": want seats`, false},
		{"illegal call", rec(func(m map[string]any) { m["actions"] = []string{"S 80H", "E 80S"} }), `record 1, action 2 "E 80S": E cannot call 80S: must bid more than 80H`, true},
		{"out of turn", rec(func(m map[string]any) { m["actions"] = []string{"E pass"} }), `record 1, action 1 "E pass": E cannot call pass: it is S's turn`, true},
		{"official coinche out of turn", rec(func(m map[string]any) {
			m["rules"] = "official"
		}), `record 1, action 3 "W coinche": W cannot call coinche: coinche out of turn is not allowed under Official rules; it is N's turn`, true},
		{"unknown field ignored", passes("W")[:len(passes("W"))-1] + `,"extra":1}`, "", false},
		{"array: action after the end", "[" + rec(func(m map[string]any) {
			m["actions"] = []string{"S pass", "E pass", "N pass", "W pass", "S pass"}
		}) + "]", `record 1, action 5 "S pass": S cannot call pass: the deal is over`, true},
		{"array: dealer", "[" + passes("W") + "," + passes("E") + "]", `record 2, field "dealer": dealer E, but after W deals S`, false},
		{"array: mode", "[" + passes("W") + "," + strings.Replace(passes("S"), `"coinche"`, `"classic"`, 1) + "]", `record 2, field "mode": mode classic differs from the game's coinche`, false},
		{"array: target", "[" + passes("W") + "," + strings.Replace(passes("S"), `2000`, `1000`, 1) + "]", `record 2, field "target": target 1000 differs from the game's 2000`, false},
		{"array: unfinished", "[" + rec(nil) + "," + passes("S") + "]", `record 1: the deal is not finished: S to act (play)`, false},
		{"array: second record bad", "[" + passes("W") + "," + rec(func(m map[string]any) { m["dealer"] = 7 }) + "]", `record 2, field "dealer"`, false},
	} {
		t.Run(tc.name, func(t *testing.T) {
			recs, err := ParseRecords([]byte(tc.data))
			if err == nil {
				_, err = LoadDeals(recs)
			}
			if tc.want == "" {
				if err != nil {
					t.Fatalf("unexpected error %v", err)
				}
				return
			}
			var re *RecordError
			if !errors.As(err, &re) {
				t.Fatalf("error %v (%T), want a RecordError", err, err)
			}
			if !strings.Contains(err.Error(), tc.want) {
				t.Fatalf("error\n%v\nwant it to contain\n%s", err, tc.want)
			}
			if tc.illegal != errors.Is(err, game.ErrIllegal) {
				t.Fatalf("errors.Is(ErrIllegal) = %v", !tc.illegal)
			}
		})
	}
}

func TestRecordAfterGameWon(t *testing.T) {
	data, _ := os.ReadFile(filepath.Join("testdata", "belote-classic-maison-01.json"))
	recs, err := ParseRecords(data)
	if err != nil {
		t.Fatal(err)
	}
	extra := recs[0]
	extra.Dealer = Next(recs[len(recs)-1].Dealer)
	extra.Actions = nil
	_, err = LoadDeals(append(recs, extra))
	if err == nil || !strings.Contains(err.Error(), "record 5: the game was already won by NS (NS 511, EW 257) after deal 4") {
		t.Fatalf("got %v", err)
	}
}

func TestRecordSilentAndNoBelote(t *testing.T) {
	data := engRecord(func(m map[string]any) {
		m["silent"] = []string{"n", "East"}
		m["noBelote"] = []string{"S"}
	})
	recs, err := ParseRecords(data)
	if err != nil {
		t.Fatal(err)
	}
	deals, err := LoadDeals(recs)
	if err != nil {
		t.Fatal(err)
	}
	d := deals[0]
	if !d.Silent(card.North) || !d.Silent(card.East) || d.Silent(card.South) || !d.NoBelote(card.South) {
		t.Fatal("declaration choices not applied")
	}
	out, _ := MarshalRecords(Records(deals))
	if !bytes.Contains(out, []byte(`"silent":["N","E"],"noBelote":["S"]`)) {
		t.Fatalf("written: %s", out)
	}
}

func readTestdata(name string) ([]byte, error) { return os.ReadFile(filepath.Join("testdata", name)) }
