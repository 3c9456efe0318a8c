package protocol_test

import (
	"encoding/json"
	"testing"

	"atout/protocol"
)

// userJSON is the user as the server wrote it before package protocol.
type userJSON struct {
	ID    string `json:"id"`
	Name  string `json:"name"`
	Guest bool   `json:"guest"`
}

// TestSameJSON checks that the types which replaced the server's maps
// write the bytes those maps wrote (encoding/json sorts a map's keys: the
// types declare their fields in that order).
func TestSameJSON(t *testing.T) {
	yes, n, tricks, act, seat := true, 3, 9, "1NT", "S"
	cases := []struct {
		name string
		v    any
		old  any
	}{
		{"me", protocol.Me{Lang: "fr", User: protocol.User{ID: "u1", Name: "ann", Guest: true}},
			map[string]any{"user": userJSON{"u1", "ann", true}, "lang": "fr"}},
		{"error", protocol.ErrorResponse{Error: protocol.ErrorDetail{Code: "limit", Message: "Trop", Detail: "too many"}},
			map[string]any{"error": map[string]string{"code": "limit", "message": "Trop", "detail": "too many"}}},
		{"error without detail", protocol.ErrorResponse{Error: protocol.ErrorDetail{Code: "csrf", Message: "m"}},
			map[string]any{"error": map[string]string{"code": "csrf", "message": "m", "detail": ""}}},
		{"logout", protocol.OK{OK: true}, map[string]bool{"ok": true}},
		{"lang", protocol.LangRequest{Lang: "ko"}, map[string]string{"lang": "ko"}},
		{"table created", protocol.TableCreated{ID: "t1", Invite: "/t/t1?invite=x"},
			map[string]string{"id": "t1", "invite": "/t/t1?invite=x"}},
		{"sit", protocol.SitResponse{Seat: "N"}, map[string]string{"seat": "N"}},
		{"games", protocol.Games{Games: []protocol.GameSummary{}, Next: ""},
			map[string]any{"games": []protocol.GameSummary{}, "next": ""}},
		{"pong", protocol.Pong{Type: protocol.TypePong}, map[string]string{"type": "pong"}},
		{"hint", protocol.Hint{Type: protocol.TypeHint, Cards: map[string]int{"SA": 10, "S2": 9}},
			map[string]any{"type": "hint", "cards": map[string]int{"SA": 10, "S2": 9}}},
		{"act", protocol.ClientMessage{Type: protocol.TypeAct, Action: &act, Seat: &seat, N: &n},
			map[string]any{"type": "act", "action": "1NT", "seat": "S", "n": 3}},
		{"claim", protocol.ClientMessage{Type: protocol.TypeClaim, Tricks: &tricks},
			map[string]any{"type": "claim", "tricks": 9}},
		{"answer", protocol.ClientMessage{Type: protocol.TypeClaim, Accept: &yes},
			map[string]any{"type": "claim", "accept": true}},
		{"next", protocol.ClientMessage{Type: protocol.TypeNext}, map[string]any{"type": "next"}},
	}
	for _, c := range cases {
		got, err := json.Marshal(c.v)
		if err != nil {
			t.Fatal(err)
		}
		want, _ := json.Marshal(c.old)
		if string(got) != string(want) {
			t.Errorf("%s: got %s, want %s", c.name, got, want)
		}
	}
}
