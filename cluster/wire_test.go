package cluster

import (
	"encoding/json"
	"errors"
	"fmt"
	"strings"
	"testing"

	"github.com/nats-io/nats.go"

	"atout/table"
)

func TestViewerToken(t *testing.T) {
	for _, c := range []struct{ user, want string }{
		{"", "_"},
		{"u2sghwwx55biicvx", "u2sghwwx55biicvx"},
		{"a.b", "_612e62"},
		{"*", "_2a"},
		{">", "_3e"},
		{"_x", "_5f78"},
		{"with space", "_77697468207370616365"},
		{strings.Repeat("a", 65), "_" + strings.Repeat("61", 65)},
	} {
		if got := viewerToken(c.user); got != c.want {
			t.Errorf("viewerToken(%q) = %q, want %q", c.user, got, c.want)
		}
	}
	s := subjects{"atout"}
	for v, want := range map[viewer]string{
		{"u1", "fr"}:   "atout.table.abc.state.u1.fr",
		{"u1", ""}:     "atout.table.abc.state.u1._",
		{"", "en"}:     "atout.table.abc.state._.en",
		{"u.1", "x.y"}: "atout.table.abc.state._752e31._782e79",
	} {
		if got := s.state("abc", v); got != want {
			t.Errorf("state subject of %+v: %q, want %q", v, got, want)
		}
	}
	if got := s.call("abc"); got != "atout.table.abc.call" {
		t.Errorf("call subject %q", got)
	}
}

func FuzzViewerToken(f *testing.F) {
	for _, s := range []string{"", "abc", "a.b", "_", "_5f", "x61", "ünï"} {
		f.Add(s, "abc")
	}
	f.Fuzz(func(t *testing.T, a, b string) {
		ta, tb := viewerToken(a), viewerToken(b)
		for _, tok := range []string{ta, tb} {
			if tok == "" || strings.ContainsAny(tok, ".*> \t\r\n") {
				t.Fatalf("token %q is not a single subject token", tok)
			}
		}
		if (a == b) != (ta == tb) {
			t.Fatalf("viewerToken(%q) = %q, viewerToken(%q) = %q", a, ta, b, tb)
		}
	})
}

func TestReplyErrors(t *testing.T) {
	for _, c := range []struct {
		err  error
		code string
		is   error
	}{
		{table.ErrNotFound, table.CodeNotFound, table.ErrNotFound},
		{table.ErrClosed, table.CodeClosed, table.ErrClosed},
		{table.ErrBusy, table.CodeBusy, nil},
		{&table.Error{Code: table.CodeStale, Msg: "you have seen 3 moves"}, table.CodeStale, nil},
		{fmt.Errorf("wrapped: %w", &table.Error{Code: table.CodeSeat}), table.CodeSeat, nil},
		{errors.New("disk on fire"), table.CodeInternal, nil},
	} {
		rep := errReply(c.err)
		b, err := jsonMarshal(rep)
		must(t, err)
		var back reply
		must(t, jsonUnmarshal(b, &back))
		got := back.err()
		if table.CodeOf(got) != c.code {
			t.Errorf("%v: code %q after the trip, want %q", c.err, table.CodeOf(got), c.code)
		}
		if c.is != nil && !errors.Is(got, c.is) {
			t.Errorf("%v: %v is not %v", c.err, got, c.is)
		}
	}
	var ok reply
	if ok.err() != nil {
		t.Error("an empty reply is an error")
	}
}

func TestSplitListen(t *testing.T) {
	for _, c := range []struct {
		in   string
		host string
		port int
		ok   bool
	}{
		{"", "127.0.0.1", -1, true},
		{"0.0.0.0:4222", "0.0.0.0", 4222, true},
		{":4222", "0.0.0.0", 4222, true},
		{"[::1]:6222", "::1", 6222, true},
		{"localhost:-1", "localhost", -1, true},
		{"4222", "", 0, false},
		{"h:port", "", 0, false},
		{"h:70000", "", 0, false},
	} {
		h, p, err := splitListen("Listen", c.in, "127.0.0.1", -1)
		if (err == nil) != c.ok || (c.ok && (h != c.host || p != c.port)) {
			t.Errorf("splitListen(%q) = %q %d %v", c.in, h, p, err)
		}
	}
}

func FuzzSplitListen(f *testing.F) {
	for _, s := range []string{"", ":1", "a:b", "[::1]:2", "x:-1", "1.2.3.4:65535"} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, s string) {
		_, p, err := splitListen("Listen", s, "127.0.0.1", -1)
		if err == nil && (p < -1 || p > 65535) {
			t.Fatalf("splitListen(%q) accepted port %d", s, p)
		}
	})
}

func FuzzParseSeq(f *testing.F) {
	for _, s := range []string{"0", "1", "18446744073709551615", "-1", "", "1e3"} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, s string) {
		n, ok := parseSeq(s)
		if !ok {
			return
		}
		if back, ok := parseSeq(formatSeq(n)); !ok || back != n {
			t.Fatalf("parseSeq(%q) = %d does not survive formatting", s, n)
		}
	})
}

func TestConfigErrors(t *testing.T) {
	for _, c := range []struct {
		cfg  Config
		want string
	}{
		{Config{}, "Store"},
	} {
		_, err := New(c.cfg)
		if err == nil || !strings.Contains(err.Error(), c.want) {
			t.Errorf("New(%+v) = %v, want an error naming %s", c.cfg, err, c.want)
		}
	}
}

// TestStreamOrder checks how a stream merges the owner's published
// messages and the snapshots of its watch answers: nothing twice, nothing
// older than what was delivered, a new relay (a new owner) starts over.
func TestStreamOrder(t *testing.T) {
	h := &Hub{subj: subjects{"atout"}}
	st := newStream(h, streamKey{"t1", viewer{"u1", "en"}})
	l := &localSub{ch: make(chan []byte, 8)}
	st.subs[l] = struct{}{}
	st.setRemote(true)
	msg := func(relay string, seq uint64, body string) *nats.Msg {
		m := &nats.Msg{Data: []byte(body), Header: nats.Header{}}
		m.Header.Set(hdrRelay, relay)
		m.Header.Set(hdrSeq, formatSeq(seq))
		return m
	}
	state := func(n int) string { return fmt.Sprintf(`{"type":"state","n":%d}`, n) }
	snap := func(relay string, seq uint64, n int) reply {
		return reply{Relay: relay, Seq: seq, Snapshot: []json.RawMessage{json.RawMessage(state(n))}}
	}
	st.onMsg(msg("A", 1, state(1)))
	st.snapshot(snap("A", 1, 1)) // the same message again: dropped
	st.snapshot(snap("A", 3, 3)) // newer: delivered
	st.onMsg(msg("A", 2, state(2)))
	st.onMsg(msg("A", 3, state(3)))
	st.onMsg(msg("A", 4, state(4)))
	st.onMsg(msg("", 5, state(5)))   // no relay: junk
	st.onMsg(msg("B", 1, state(10))) // a new owner's relay
	st.snapshot(snap("B", 1, 10))
	var got []string
	for len(l.ch) > 0 {
		got = append(got, string(<-l.ch))
	}
	want := []string{state(1), state(3), state(4), state(10)}
	if strings.Join(got, " ") != strings.Join(want, " ") {
		t.Fatalf("delivered %v, want %v", got, want)
	}
	// Local source: NATS messages are ignored.
	st.setRemote(false)
	st.onMsg(msg("B", 2, state(11)))
	if len(l.ch) != 0 {
		t.Fatal("a NATS message was delivered while the table is local")
	}
	// A subscriber that falls behind is closed, the others go on.
	st.setRemote(true)
	slow := &localSub{ch: make(chan []byte, 1)}
	st.subs[slow] = struct{}{}
	st.onMsg(msg("C", 1, state(20)))
	st.onMsg(msg("C", 2, state(21)))
	if _, ok := st.subs[slow]; ok {
		t.Fatal("the slow subscriber was kept")
	}
	<-slow.ch
	if _, open := <-slow.ch; open {
		t.Fatal("the slow subscriber's channel is open")
	}
	if len(l.ch) != 2 {
		t.Fatalf("the fast subscriber got %d messages, want 2", len(l.ch))
	}
}
