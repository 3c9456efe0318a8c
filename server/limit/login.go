package limit

import (
	"context"
	"time"
)

// Login holds back password guessing without locking anyone out
// (issue 33). Each attempt is of one of two kinds:
//
//   - From a known device (a browser that logged in to the account before
//     and holds its device cookie, [Devices]): limited by its own failures
//     only (Device), never by anyone else's, and never refused as long as
//     it waits for each answer before trying again.
//   - From an unknown browser: limited by the failures from its address on
//     the account (Pair), and slowed, never refused, by a back-off on the
//     account (Account) and one on the address (Address). When the account
//     or the address is under attack (past its free failures), each address
//     gets only a couple of failures on each account before its attempts
//     there are spaced minutes apart (Hot).
//
// So an attacker's failures refuse only his own attempts (his address on
// the account he attacks), and slow everyone else by a bounded wait: the
// owner logs in from his device at once, from a new browser after a few
// seconds at most; another user behind the attacker's address logs in and
// signs up after a couple of seconds at most. docs/security.md has the
// figures.
//
// The gates are fields so that a test may give one figures of its own.
type Login struct {
	Pair    *Gate // failures of unknown browsers on an account, per address
	Hot     *Gate // the same, when the account or the address is under attack
	Device  *Gate // failures of a known device on its account
	Account *Gate // failures of unknown browsers on an account: a back-off
	Address *Gate // failures of unknown browsers from an address: a back-off

	// Sleep waits d or until ctx is done, and reports whether it waited
	// d; tests replace it (with the gates' clocks, [Login.SetClock]) so as
	// not to wait.
	Sleep func(ctx context.Context, d time.Duration) bool
}

// Back-off waits of the account and the address: bounded, never a refusal.
const (
	MaxAccountWait = 3 * time.Second
	MaxAddressWait = 2 * time.Second
)

// NewLogin returns the throttle with the figures of docs/security.md.
func NewLogin() *Login {
	t := &Login{
		// From one address on one account: 5 free failures, then slots 1 s,
		// 2 s… 30 s apart, refused beyond a 5 s wait.
		Pair: NewGate(5, time.Second, 30*time.Second, 5*time.Second),
		// From one address on an account under attack, or from an address
		// under attack: 2 free failures, then slots 1 min, 2 min… 1 h apart.
		Hot: NewGate(2, time.Minute, time.Hour, 5*time.Second),
		// A known device: 5 free failures, then 1 s, 2 s… 8 s apart; the
		// spacing never exceeds the wait, so one attempt at a time passes.
		Device: NewGate(5, time.Second, 8*time.Second, 8*time.Second),
		// An account: after 10 failures from unknown browsers, each of their
		// attempts waits 250 ms, 500 ms… at most 3 s.
		Account: NewGate(10, 250*time.Millisecond, MaxAccountWait, MaxAccountWait),
		// An address: after 30 failures on any accounts, each attempt from
		// it waits 250 ms, 500 ms… at most 2 s.
		Address: NewGate(30, 250*time.Millisecond, MaxAddressWait, MaxAddressWait),
		Sleep:   sleep,
	}
	// Under attack, failures are remembered 2 h after the last one (others
	// 30 min): the hot spacing reaches 1 h, and an attacker who pauses
	// does not get the free failures back.
	t.Hot.forget, t.Account.forget, t.Address.forget = 2*time.Hour, 2*time.Hour, 2*time.Hour
	return t
}

// SetClock makes every gate read the time from now (tests).
func (t *Login) SetClock(now func() time.Time) {
	for _, g := range []*Gate{t.Pair, t.Hot, t.Device, t.Account, t.Address} {
		g.now = now
	}
}

// An Attempt is one login attempt as the throttle sees it.
type Attempt struct {
	account string // the username's key
	addr    string // the client's address key
	pair    string // account and address, or account and device
	known   bool   // from a known device
}

// NewAttempt describes an attempt at account (a username's key) from the
// client address addr (the server's key of it: an IPv6 client by its /64)
// and from device, the id of the browser's device cookie for the account
// ([Devices.Check]; "" for an unknown browser).
func NewAttempt(account, addr, device string) Attempt {
	a := Attempt{account: account, addr: addr}
	if device != "" {
		a.pair, a.known = account+"\x00device "+device, true
	} else {
		a.pair = account + "\x00" + addr
	}
	return a
}

// Admit is the throttle's decision on an attempt: wait that long, then
// check the password; or (ok false) refuse, with the time until an attempt
// would be taken. Only attempts from an address (or a device) on an account
// on which it failed too often are refused.
func (t *Login) Admit(a Attempt) (wait, retry time.Duration, ok bool) {
	if a.known {
		if wait, ok = t.Device.Enter(a.pair); !ok {
			return 0, wait, false
		}
		return wait, 0, true
	}
	if wait, ok = t.Pair.Enter(a.pair); !ok {
		return 0, wait, false
	}
	if t.Account.Over(a.account) || t.Address.Over(a.addr) {
		w, ok := t.Hot.Enter(a.pair)
		if !ok {
			return 0, w, false
		}
		wait = max(wait, w)
	}
	return max(wait, t.Account.Backoff(a.account), t.Address.Backoff(a.addr)), 0, true
}

// Failed records a wrong password (or an unknown name).
func (t *Login) Failed(a Attempt) {
	if a.known {
		t.Device.Failed(a.pair)
		return
	}
	t.Pair.Failed(a.pair)
	t.Hot.Failed(a.pair)
	t.Account.Failed(a.account)
	t.Address.Failed(a.addr)
}

// Succeeded clears the failures of the address (or device) on the
// account. Those of the account and of the address stay: an attacker who
// logs in to his own account does not reset his address's back-off, nor
// the owner's login an attack on the account.
func (t *Login) Succeeded(a Attempt) {
	if a.known {
		t.Device.Succeeded(a.pair)
		return
	}
	t.Pair.Succeeded(a.pair)
	t.Hot.Succeeded(a.pair)
}

// sleep waits d or until ctx is done.
func sleep(ctx context.Context, d time.Duration) bool {
	if d <= 0 {
		return true
	}
	t := time.NewTimer(d)
	defer t.Stop()
	select {
	case <-t.C:
		return true
	case <-ctx.Done():
		return false
	}
}
