package limit

import (
	"strconv"
	"testing"
	"time"
)

// TestGate: the slots of a key move apart as failures add up, an attempt
// waits for its slot or is refused beyond maxWait (with the time to come
// back), a success clears the key, old failures are forgotten.
func TestGate(t *testing.T) {
	now := time.Unix(1_000_000, 0)
	g := NewGate(3, time.Second, 8*time.Second, 2*time.Second)
	g.now = func() time.Time { return now }
	enter := func(wantWait time.Duration, wantOK bool) {
		t.Helper()
		wait, ok := g.Enter("k")
		if wait != wantWait || ok != wantOK {
			t.Fatalf("enter = %v, %v; want %v, %v", wait, ok, wantWait, wantOK)
		}
	}
	for range 3 {
		enter(0, true)
		g.Failed("k")
	}
	// 3 failures: the next slot is 1 s away, the one after 1 s later.
	enter(time.Second, true)
	now = now.Add(time.Second)
	g.Failed("k") // 4: slots 2 s apart
	enter(time.Second, true)
	// The next slot is 3 s away: 1 s past maxWait.
	if w, ok := g.Enter("k"); ok || w != time.Second {
		t.Fatalf("refused enter = %v, %v; want 1s, false", w, ok)
	}
	now = now.Add(time.Second)
	enter(2*time.Second, true)
	for range 10 {
		g.Failed("k")
	}
	if s := g.spacing(14); s != 8*time.Second {
		t.Errorf("spacing(14) = %v, want the cap", s)
	}
	g.Succeeded("k")
	enter(0, true)
	enter(0, true)
	// Forgotten after g.forget without a failure.
	for range 5 {
		g.Failed("j")
	}
	now = now.Add(g.forget + time.Minute)
	if w, ok := g.Enter("j"); !ok || w != 0 {
		t.Errorf("old failures: enter = %v, %v", w, ok)
	}
	if len(g.keys) > 1 {
		t.Errorf("%d keys kept", len(g.keys))
	}
}

// TestGateFlood: a gate holds at most maxGateKeys keys, and a flood of new
// names pushes out keys with few failures, not the ones that hold an
// attacker back.
func TestGateFlood(t *testing.T) {
	now := time.Unix(1_000_000, 0)
	g := NewGate(3, time.Minute, time.Hour, 5*time.Second)
	g.now = func() time.Time { return now }
	for range 5 {
		g.Failed("bot")
	}
	for i := range maxGateKeys + 1000 {
		g.Failed("name " + strconv.Itoa(i))
	}
	if len(g.keys) > maxGateKeys {
		t.Errorf("%d keys kept, bound %d", len(g.keys), maxGateKeys)
	}
	g.Enter("bot")
	if _, ok := g.Enter("bot"); ok {
		t.Error("the flood of names freed the bot")
	}
}

// TestGateBackoff: a back-off waits, growing with failures up to maxWait,
// takes no slot and refuses nothing.
func TestGateBackoff(t *testing.T) {
	now := time.Unix(1_000_000, 0)
	g := NewGate(2, 250*time.Millisecond, 2*time.Second, 2*time.Second)
	g.now = func() time.Time { return now }
	want := []time.Duration{0, 0, 250 * time.Millisecond, 500 * time.Millisecond, time.Second, 2 * time.Second, 2 * time.Second}
	for i, w := range want {
		for range 3 { // the same wait however many attempts are made
			if got := g.Backoff("k"); got != w {
				t.Fatalf("after %d failures: backoff %v, want %v", i, got, w)
			}
		}
		if g.Over("k") != (i >= 2) {
			t.Errorf("after %d failures: over = %v", i, !(i >= 2))
		}
		g.Failed("k")
	}
}
