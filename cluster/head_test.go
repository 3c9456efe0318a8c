package cluster

import (
	"bytes"
	"encoding/json"
	"strings"
	"testing"
)

// headByUnmarshal is what readHead must agree with: the whole message
// decoded by encoding/json.
func headByUnmarshal(msg []byte) (msgHead, bool) {
	var h msgHead
	return h, json.Unmarshal(msg, &h) == nil
}

// used is what the relays and streams use of a head: the type, and whether
// the deal is over for a state.
func (h msgHead) used() msgHead {
	if h.Type != "state" {
		h.Table.DealOver = false
	}
	return h
}

// plainTopKeys reports whether msg is a JSON object whose members' names
// are distinct and, where they name "type" or "table" in any case, spelt so:
// encoding/json takes the last of duplicate names and matches names
// case-insensitively, readHead the first exact one, and a table never
// writes either.
func plainTopKeys(msg []byte) bool {
	dec := json.NewDecoder(bytes.NewReader(msg))
	if t, err := dec.Token(); err != nil || t != json.Delim('{') {
		return false
	}
	seen := map[string]bool{}
	for dec.More() {
		t, err := dec.Token()
		if err != nil {
			return false
		}
		k, _ := t.(string)
		low := strings.ToLower(k)
		if seen[low] || (low == "type" || low == "table") && k != low {
			return false
		}
		seen[low] = true
		var skip json.RawMessage
		if dec.Decode(&skip) != nil {
			return false
		}
	}
	return true
}

var headCases = []string{
	`{"type":"state","n":3,"seat":"S","table":{"id":"t1","dealOver":false,"seats":[]},"view":{"type":"x","table":{"dealOver":true}}}`,
	`{"type":"state","n":40,"seat":null,"table":{"dealOver":true},"view":{},"explanations":[{"type":"analysis"}]}`,
	`{"table":{"dealOver":true},"type":"state","view":{}}`,
	`{"n":1,"type":"analysis","table":{"dealOver":false}}`,
	`{"type":"moving"}`,
	`{"type":"error","code":"stale","msg":"\"type\":\"state\""}`,
	`{"view":{"table":{"dealOver":true}},"type":"state"}`,
	`{}`,
	`{"type":"state","table":{"dealOver":true,"dealOver":false}}`,
	`{"type":"state","n":7,"seat":"N","table":{"name":"a}\"{[","dealOver":true,"x":[{"y":"]}"}]},"view":{}}`,
	`{"type":"state","n":-1,"seat":null,"table":{"dealOver":true}}`,
	`{"type":"sta\u0074e","table":{"dealOver":true}}`,
}

func TestReadHead(t *testing.T) {
	for _, c := range headCases {
		want, ok := headByUnmarshal([]byte(c))
		if !ok {
			t.Fatalf("a well-formed case does not decode: %s", c)
		}
		if got := readHead([]byte(c)); got.used() != want.used() {
			t.Errorf("readHead(%s) = %+v, want %+v", c, got, want)
		}
	}
	// A state as the table writes it is read by the short path.
	for _, c := range headCases[:2] {
		if _, ok := readTableHead([]byte(c)); !ok {
			t.Errorf("readTableHead(%s): not read", c)
		}
	}
	// Malformed: nothing past the fault, and no panic.
	for _, c := range []string{``, `{`, `{"type":`, `{"type":"state","table":{"dealOver":tru`, `{"type":5}`, `null`, `[]`,
		`{"type":"state","n":7,"seat":"N","table":{"dealOver":true}`, `{"type":"state","n":7,"seat":"N","table":{"dealOver":tru}}`, `{"type":"analysis"`} {
		readHead([]byte(c))
	}
}

// FuzzReadHead: readHead never panics, and on a well-formed message of the
// shape a table writes it reads what encoding/json reads.
func FuzzReadHead(f *testing.F) {
	for _, c := range headCases {
		f.Add([]byte(c))
	}
	f.Fuzz(func(t *testing.T, msg []byte) {
		got := readHead(msg)
		want, ok := headByUnmarshal(msg)
		if !ok || !plainTopKeys(msg) {
			return
		}
		if got.used() != want.used() {
			t.Fatalf("readHead(%q) = %+v, encoding/json reads %+v", msg, got, want)
		}
	})
}

// BenchmarkReadHead times the head of a bridge state of the usual size
// (2.4 KiB): readHead against decoding the whole message.
func BenchmarkReadHead(b *testing.B) {
	view := `{"hands":{"S":"AKQJ.T98.765.432"},"auction":[` + strings.Repeat(`"1S","P",`, 40) + `"P"],"tricks":[` + strings.Repeat(`{"leader":"W","cards":["SA","S2","S3","S4"]},`, 12) + `{}],"legal":["H2","H3"]}`
	msg := []byte(`{"type":"state","n":57,"seat":"S","table":{"id":"abcdefgh","game":"bridge","deal":3,"dealOver":false,"seats":[{"name":"alice","human":true,"connected":true},{"name":"bot"},{"name":"bob","human":true},{"name":"bot"}]},"view":` + view + `,"explanations":[` + strings.Repeat(`{"call":"1S","text":"Five or more spades, 12-21 HCP"},`, 12) + `{}]}`)
	for len(msg) < 2400 {
		msg = append(msg[:len(msg)-2], []byte(`,{"call":"P","text":"Nothing more to show"}]}`)...)
	}
	b.Run("readHead", func(b *testing.B) {
		b.SetBytes(int64(len(msg)))
		for b.Loop() {
			readHead(msg)
		}
	})
	b.Run("Unmarshal", func(b *testing.B) {
		b.SetBytes(int64(len(msg)))
		for b.Loop() {
			headByUnmarshal(msg)
		}
	})
}
