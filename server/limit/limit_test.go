package limit

import (
	"context"
	"errors"
	"strings"
	"testing"
	"time"
)

// TestBucket: a bucket gives its burst at once, then a token per 1/rate
// seconds, and never holds more than its burst.
func TestBucket(t *testing.T) {
	now := time.Unix(1_000_000, 0)
	var b Bucket
	for i := range 3 {
		if !b.Take(now, 2, 3) {
			t.Fatalf("token %d of the burst refused", i)
		}
	}
	if b.Take(now, 2, 3) {
		t.Fatal("a token past the burst")
	}
	now = now.Add(500 * time.Millisecond)
	if !b.Take(now, 2, 3) || b.Take(now, 2, 3) {
		t.Fatal("half a second at 2 a second: want exactly one token")
	}
	now = now.Add(time.Hour)
	n := 0
	for b.Take(now, 2, 3) {
		n++
	}
	if n != 3 {
		t.Errorf("after an hour: %d tokens, want the burst (3)", n)
	}
}

// TestBuckets: each key has its own bucket.
func TestBuckets(t *testing.T) {
	l := NewBuckets(1.0/60, 2)
	if !l.Allow("a") || !l.Allow("a") || l.Allow("a") {
		t.Fatal("a: want 2 tokens, then a refusal")
	}
	if !l.Allow("b") {
		t.Fatal("b refused for a's tokens")
	}
}

// testLogin is a throttle on a clock that stands still.
func testLogin() (*Login, *time.Time) {
	now := time.Unix(2_000_000_000, 0)
	l := NewLogin()
	l.SetClock(func() time.Time { return now })
	return l, &now
}

// TestLoginUnknownBrowser: an address gets 5 free failures on an account,
// then slots apart, refused beyond a 5 s wait; a success
// clears them; another address on the account is not refused.
func TestLoginUnknownBrowser(t *testing.T) {
	l, now := testLogin()
	a := NewAttempt("victim", "198.51.100.1", "")
	for i := range 5 {
		if wait, _, ok := l.Admit(a); !ok || wait != 0 {
			t.Fatalf("free attempt %d: wait %v, ok %v", i, wait, ok)
		}
		l.Failed(a)
	}
	// With no time passing, each attempt takes the next slot, 1 s apart
	// (5 failures), until one is more than 5 s away.
	for i := 1; i <= 5; i++ {
		if wait, _, ok := l.Admit(a); !ok || wait != time.Duration(i)*time.Second {
			t.Fatalf("slot %d: wait %v, ok %v", i, wait, ok)
		}
	}
	if _, retry, ok := l.Admit(a); ok || retry != time.Second {
		t.Fatalf("past the queue: ok %v, retry %v; want refused for 1s", ok, retry)
	}
	other := NewAttempt("victim", "203.0.113.9", "")
	if wait, _, ok := l.Admit(other); !ok || wait != 0 {
		t.Errorf("another address: wait %v, ok %v", wait, ok)
	}
	l.Succeeded(a)
	*now = now.Add(10 * time.Second)
	if wait, _, ok := l.Admit(a); !ok || wait != 0 {
		t.Errorf("after a success: wait %v, ok %v", wait, ok)
	}
}

// TestLoginUnderAttack: past the account's free failures, unknown browsers
// wait (at most MaxAccountWait) and an address gets 2 failures before its
// slots are a minute apart; the owner's device is untouched.
func TestLoginUnderAttack(t *testing.T) {
	l, _ := testLogin()
	for i := range 10 {
		l.Failed(NewAttempt("victim", "198.51.100."+string(rune('a'+i)), ""))
	}
	fresh := NewAttempt("victim", "203.0.113.9", "")
	wait, _, ok := l.Admit(fresh)
	if !ok || wait <= 0 || wait > MaxAccountWait {
		t.Fatalf("a new browser after 10 failures: wait %v, ok %v", wait, ok)
	}
	owner := NewAttempt("victim", "198.51.100.a", "device1")
	if wait, _, ok := l.Admit(owner); !ok || wait != 0 {
		t.Fatalf("the owner's device: wait %v, ok %v", wait, ok)
	}
	bot := NewAttempt("victim", "192.0.2.1", "")
	for range 2 {
		l.Admit(bot)
		l.Failed(bot)
	}
	if _, retry, ok := l.Admit(bot); ok || retry < 50*time.Second {
		t.Errorf("a third attempt of the bot: ok %v, retry %v; want refused for about a minute", ok, retry)
	}
}

// TestLoginDevice: a known device is limited by its own failures only:
// 5 free, then slots up to 8 s apart, never beyond its wait.
func TestLoginDevice(t *testing.T) {
	l, now := testLogin()
	d := NewAttempt("owner", "192.0.2.1", "device1")
	u := NewAttempt("owner", "192.0.2.1", "")
	for range 40 {
		l.Failed(u) // an attacker at the same address
	}
	for range 5 {
		if wait, _, ok := l.Admit(d); !ok || wait != 0 {
			t.Fatalf("device: wait %v, ok %v", wait, ok)
		}
		l.Failed(d)
	}
	for range 10 { // one attempt at a time, waiting each out
		wait, _, ok := l.Admit(d)
		if !ok || wait > 8*time.Second {
			t.Fatalf("device waiting its turn: wait %v, ok %v", wait, ok)
		}
		*now = now.Add(wait)
		l.Failed(d)
	}
	// Attempts sent at once beyond the queue are refused.
	refused := false
	for range 20 {
		if _, retry, ok := l.Admit(d); !ok {
			refused = retry > 0
			break
		}
	}
	if !refused {
		t.Error("20 attempts of the device at once: none refused")
	}
	l.Succeeded(d)
	if wait, _, ok := l.Admit(d); !ok || wait != 0 {
		t.Errorf("device after a success: wait %v, ok %v", wait, ok)
	}
}

// TestSleep: the throttle's wait ends early when the request does.
func TestSleep(t *testing.T) {
	if !sleep(context.Background(), 0) || !sleep(context.Background(), time.Millisecond) {
		t.Error("a wait did not complete")
	}
	ctx, cancel := context.WithCancel(context.Background())
	cancel()
	if sleep(ctx, time.Hour) {
		t.Error("a cancelled wait completed")
	}
}

// TestDevices: a device cookie names the account it was issued for, and
// only with this server's key.
func TestDevices(t *testing.T) {
	d := NewDevices()
	v := d.Issue("alice")
	id := d.Check(v, "alice")
	if len(id) != 16 || !strings.HasPrefix(v, id+".") {
		t.Fatalf("Check(%q) = %q", v, id)
	}
	for _, c := range []struct{ value, account string }{
		{v, "bob"},
		{v, "alice2"},
		{id, "alice"},
		{id + ".", "alice"},
		{"x" + v[1:], "alice"},
		{v + "x", "alice"},
		{NewDevices().Issue("alice"), "alice"},
	} {
		if got := d.Check(c.value, c.account); got != "" {
			t.Errorf("Check(%q, %q) = %q, want none", c.value, c.account, got)
		}
	}
}

// TestUsersTables: a user holds at most so many open tables, counting the
// creations under way; a negative limit removes it.
func TestUsersTables(t *testing.T) {
	u := NewUsers(Config{TablesPerGuest: 2, TablesPerUser: -1})
	open := 1
	count := func() (int, error) { return open, nil }
	release, err := u.BeginCreate("g", true, count)
	if err != nil {
		t.Fatal(err)
	}
	var le *Error
	if _, err := u.BeginCreate("g", true, count); !errors.As(err, &le) || !strings.Contains(err.Error(), "a guest may have at most 2 open tables") {
		t.Fatalf("a second creation under way beside an open table: %v", err)
	}
	release()
	if r, err := u.BeginCreate("g", true, count); err != nil {
		t.Fatalf("after the first is over: %v", err)
	} else {
		r()
	}
	open = 1000
	if r, err := u.BeginCreate("a", false, count); err != nil {
		t.Fatalf("no limit: %v", err)
	} else {
		r()
	}
	boom := errors.New("store down")
	if _, err := u.BeginCreate("g", true, func() (int, error) { return 0, boom }); err != boom {
		t.Errorf("the store's error: %v", err)
	}
}

// TestUsersConns: connections are bounded per user and per table, and
// given back when they close.
func TestUsersConns(t *testing.T) {
	u := NewUsers(Config{ConnsPerTable: 2, ConnsPerUser: 3})
	var releases []func()
	open := func(table string) error {
		r, err := u.OpenConn("u", table)
		if err == nil {
			releases = append(releases, r)
		}
		return err
	}
	if open("t1") != nil || open("t1") != nil {
		t.Fatal("two connections to a table refused")
	}
	if err := open("t1"); err == nil || !strings.Contains(err.Error(), "to one table") {
		t.Fatalf("a third to the table: %v", err)
	}
	if open("t2") != nil {
		t.Fatal("a third connection in all refused")
	}
	if err := open("t3"); err == nil || !strings.Contains(err.Error(), "per user") {
		t.Fatalf("a fourth in all: %v", err)
	}
	if _, err := u.OpenConn("v", "t1"); err != nil {
		t.Fatalf("another user: %v", err)
	}
	for _, r := range releases {
		r()
	}
	if len(u.conns) != 1 || len(u.perTable) != 1 {
		t.Errorf("after closing u's: conns %v, per table %v", u.conns, u.perTable)
	}
}

// TestUsersCompetitions: an account creates CompetitionsPerHour
// competitions at once, a guest a third as many.
func TestUsersCompetitions(t *testing.T) {
	u := NewUsers(Config{CompetitionsPerHour: 6})
	for i := range 6 {
		if err := u.Competition("a", false); err != nil {
			t.Fatalf("account's competition %d: %v", i, err)
		}
	}
	if err := u.Competition("a", false); err == nil {
		t.Error("a seventh competition")
	}
	for i := range 2 {
		if err := u.Competition("g", true); err != nil {
			t.Fatalf("guest's competition %d: %v", i, err)
		}
	}
	if err := u.Competition("g", true); err == nil {
		t.Error("a guest's third competition")
	}
	if err := NewUsers(Config{CompetitionsPerHour: -1}).Competition("a", false); err != nil {
		t.Errorf("no limit: %v", err)
	}
}
