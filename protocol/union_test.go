package protocol_test

import (
	"encoding/json"
	"reflect"
	"testing"

	"atout/belote"
	"atout/bridge"
	"atout/card"
	"atout/protocol"
)

// TestUnionsRoundTrip: a union is written as its set value's own JSON (what
// the browser reads); a sheet is read back into the same field.
func TestUnionsRoundTrip(t *testing.T) {
	bv := bridge.NewGame(1, card.North, bridge.VulNone, bridge.RandomDeal(card.NewRand(1))).SeatView(card.South)
	views := []protocol.View{{}, protocol.BridgeView(bv), protocol.BeloteView(belote.GameView{Kind: "belote", Target: 1000, Sheet: []belote.DealScore{}})}
	for _, v := range views {
		raw, err := json.Marshal(v)
		if err != nil {
			t.Fatal(err)
		}
		var inner []byte
		switch {
		case v.Bridge != nil:
			inner, _ = json.Marshal(v.Bridge)
		case v.Belote != nil:
			inner, _ = json.Marshal(v.Belote)
		default:
			inner = []byte("null")
		}
		if string(raw) != string(inner) {
			t.Errorf("view written as %s, want its value's %s", raw, inner)
		}
	}
	sheets := []protocol.Sheet{{}, {Bridge: &protocol.BridgeSheet{Scoring: "duplicate", Lines: []protocol.BoardLine{}}},
		{Belote: &protocol.BeloteSheet{Target: 1000, Lines: []belote.DealScore{}}}}
	for _, s := range sheets {
		raw, _ := json.Marshal(s)
		var back protocol.Sheet
		if err := json.Unmarshal(raw, &back); err != nil {
			t.Fatal(err)
		}
		again, _ := json.Marshal(back)
		if string(again) != string(raw) || (s.Bridge != nil && !reflect.DeepEqual(back.Bridge, s.Bridge)) || back.IsZero() != s.IsZero() {
			t.Errorf("sheet %s read back as %+v (%s)", raw, back, again)
		}
	}
}
