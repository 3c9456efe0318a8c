package wsmsg

import (
	"reflect"
	"testing"
)

func FuzzDecode(f *testing.F) {
	for _, s := range []string{
		`{"type":"act","seat":"S","action":"1NT","n":3}`,
		`{"type":"act","seat":"N","action":"SA"}`,
		`{"type":"claim","tricks":9}`,
		`{"type":"claim","accept":true}`,
		`{"type":"undo"}`, `{"type":"hint"}`, `{"type":"next"}`, `{"type":"ping"}`,
		`{"type":"act","seat":"S","action":"P","n":-1}`,
		`{"type":"act","seat":"S","action":"P"} `, `{}`, `null`, `[]`, `"act"`,
		`{"type":"act","seat":"South","action":"P"}`,
		`{"type":"act","seat":"S","action":"P","n":1e3}`,
	} {
		f.Add([]byte(s))
	}
	f.Fuzz(func(t *testing.T, data []byte) {
		m, err := Decode(data)
		if err != nil {
			if !isDecodeError(err) {
				t.Fatalf("error of type %T: %v", err, err)
			}
			return
		}
		switch m.Type {
		case "act", "claim", "undo", "speed", "chat", "hint", "meanings", "next", "ping":
		default:
			t.Fatalf("accepted type %q", m.Type)
		}
		if m.Type == "act" && (m.Action == "" || len(m.Action) > 16 || m.Seat > 3 || m.N < 0) {
			t.Fatalf("accepted bad act %+v", m)
		}
		if m.Type == "claim" && m.Answer == nil && (m.Tricks < 0 || m.Tricks > 13) {
			t.Fatalf("accepted bad claim %+v", m)
		}
		again, err := Decode(m.Encode())
		if err != nil {
			t.Fatalf("re-encoded %s: %v", m.Encode(), err)
		}
		if !reflect.DeepEqual(again, m) {
			t.Fatalf("round trip %+v -> %s -> %+v", m, m.Encode(), again)
		}
	})
}

func TestDecode(t *testing.T) {
	good := map[string]Message{
		`{"type":"act","seat":"S","action":"1NT","n":3}`: {Type: "act", Seat: 2, Action: "1NT", HasN: true, N: 3},
		`{"type":"act","seat":"w","action":"SA"}`:        {Type: "act", Seat: 3, Action: "SA"},
		`{"type":"claim","tricks":9}`:                    {Type: "claim", Tricks: 9},
		" {\"type\":\"ping\"}\n":                         {Type: "ping"},
		`{"type":"act","seat":"S","action":"HK belote"}`: {Type: "act", Seat: 2, Action: "HK belote"},
	}
	for in, want := range good {
		got, err := Decode([]byte(in))
		if err != nil || !reflect.DeepEqual(got, want) {
			t.Errorf("%s: %+v, %v; want %+v", in, got, err, want)
		}
	}
	for _, in := range []string{
		`{"type":"act","seat":"S"}`, `{"type":"act","action":"P"}`, `{"type":"act","seat":"S","action":""}`,
		`{"type":"act","seat":"S","action":"P  P"}`, `{"type":"act","seat":"S","action":" P"}`, `{"type":"act","seat":"S","action":"P","n":-2}`,
		`{"type":"act","seat":"South","action":"P"}`, `{"type":"claim"}`, `{"type":"claim","tricks":14}`,
		`{"type":"claim","tricks":3,"accept":true}`, `{"type":"undo","n":3}`, `{"type":"ping"} x`,
		`{"type":"PING"}`, `{"type":1}`, ``, `{"type":"act","seat":"S","action":"12345678901234567"}`,
	} {
		if _, err := Decode([]byte(in)); err == nil {
			t.Errorf("%q accepted", in)
		}
	}
}
