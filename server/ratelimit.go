package server

import (
	"crypto/hmac"
	"crypto/rand"
	"crypto/sha256"
	"encoding/base64"
	"hash/maphash"
	"net/http"
	"strings"
	"sync"
	"time"
)

// bucket is a token bucket: up to burst tokens, refilled at rate per second.
type bucket struct {
	tokens float64
	last   time.Time
}

func (b *bucket) take(now time.Time, rate, burst float64) bool {
	if b.last.IsZero() {
		b.tokens = burst
	} else {
		b.tokens = min(burst, b.tokens+now.Sub(b.last).Seconds()*rate)
	}
	b.last = now
	if b.tokens < 1 {
		return false
	}
	b.tokens--
	return true
}

// limiter is a set of token buckets by key (an IP address, a username).
// Full buckets of idle keys are forgotten now and then.
type limiter struct {
	rate, burst float64
	mu          sync.Mutex
	buckets     map[string]*bucket
	swept       time.Time
}

func newLimiter(rate, burst float64) *limiter {
	return &limiter{rate: rate, burst: burst, buckets: map[string]*bucket{}}
}

// allow takes a token for key.
func (l *limiter) allow(key string) bool {
	now := time.Now()
	l.mu.Lock()
	defer l.mu.Unlock()
	if now.Sub(l.swept) > time.Minute {
		full := time.Duration(l.burst/l.rate*float64(time.Second)) + time.Second
		for k, b := range l.buckets {
			if now.Sub(b.last) > full {
				delete(l.buckets, k)
			}
		}
		l.swept = now
	}
	b, ok := l.buckets[key]
	if !ok {
		b = &bucket{}
		l.buckets[key] = b
	}
	return b.take(now, l.rate, l.burst)
}

// A gate spaces the login attempts on one key (an account, or an account
// from one address) once they have failed often: each attempt takes the
// next free slot, and the slots move apart as failures add up. An attempt
// waits for its slot (the password is checked late, never refused as
// such); one whose slot is further than maxWait is refused, with the time
// to come back. A success from the key clears it. With maxSpace at most
// maxWait, a client that waits for each answer before trying again is
// never refused: only attempts sent in parallel beyond the queue are.
//
// A gate also serves as a plain back-off ([gate.backoff]): a wait that
// grows with the key's failures, with no slot taken and no refusal.
//
// Keys are kept as 64-bit hashes (a collision, about one in 10^10 at the
// bound, merges two keys' counts) in 24 bytes of state each, at most
// maxGateKeys of them: about 10 MB a gate under a flood of names.
type gate struct {
	free     int           // failures before the slots move apart
	base     time.Duration // spacing after free failures, doubled by each further one
	maxSpace time.Duration // largest spacing
	maxWait  time.Duration // longest wait for a slot; further is refused
	forget   time.Duration // failures forgotten after this long without one

	mu    sync.Mutex
	seed  maphash.Seed
	keys  map[uint64]gateKey
	swept time.Time
	now   func() time.Time // time.Now; tests move it
}

// maxGateKeys bounds the memory of a gate under a flood of names.
const maxGateKeys = 200_000

// evictSample is how many keys a full gate looks at to choose the one it
// forgets: the one with the fewest failures, so that a flood of new names
// does not wipe out the failures that hold an attacker back.
const evictSample = 8

type gateKey struct {
	fails    int64
	lastFail int64 // Unix nanoseconds
	next     int64 // the next free slot, Unix nanoseconds; 0 if none
}

func newGate(free int, base, maxSpace, maxWait time.Duration) *gate {
	return &gate{free: free, base: base, maxSpace: maxSpace, maxWait: maxWait,
		forget: 30 * time.Minute, seed: maphash.MakeSeed(), keys: map[uint64]gateKey{}, now: time.Now}
}

func (g *gate) hash(key string) uint64 { return maphash.String(g.seed, key) }

// spacing is the time between slots after n failures.
func (g *gate) spacing(n int64) time.Duration {
	if n < int64(g.free) {
		return 0
	}
	d := g.base
	for i := int64(g.free); i < n && d < g.maxSpace; i++ {
		d *= 2
	}
	return min(d, g.maxSpace)
}

// get returns the state of key, with old failures forgotten, and whether
// it has any. Called with g.mu held.
func (g *gate) get(h uint64, now time.Time) (gateKey, bool) {
	n := now.UnixNano()
	if now.Sub(g.swept) > time.Minute {
		for k, e := range g.keys {
			if n-e.lastFail > int64(g.forget) && n > e.next {
				delete(g.keys, k)
			}
		}
		g.swept = now
	}
	e, ok := g.keys[h]
	if ok && n-e.lastFail > int64(g.forget) {
		e.fails = 0
	}
	return e, ok
}

// put stores the state of key, making room if the gate is full. Called
// with g.mu held.
func (g *gate) put(h uint64, e gateKey) {
	if _, ok := g.keys[h]; !ok && len(g.keys) >= maxGateKeys {
		var victim uint64
		least := int64(-1)
		i := 0
		for k, o := range g.keys { // map order is random: a sample
			if least < 0 || o.fails < least {
				victim, least = k, o.fails
			}
			if i++; i == evictSample {
				break
			}
		}
		delete(g.keys, victim)
	}
	g.keys[h] = e
}

// enter takes the next slot of key: it returns how long to wait for it, or
// ok false and how long until one within maxWait is free.
func (g *gate) enter(key string) (wait time.Duration, ok bool) {
	g.mu.Lock()
	defer g.mu.Unlock()
	now := g.now()
	h := g.hash(key)
	e, found := g.get(h, now)
	if !found || e.fails < int64(g.free) {
		return 0, true
	}
	slot := max(e.next, now.UnixNano())
	if wait = time.Duration(slot - now.UnixNano()); wait > g.maxWait {
		return wait - g.maxWait, false
	}
	e.next = slot + int64(g.spacing(e.fails))
	g.keys[h] = e
	return wait, true
}

// backoff is the wait of an attempt on key that takes no slot: the spacing
// of its failures, at most maxWait; 0 below free failures.
func (g *gate) backoff(key string) time.Duration {
	g.mu.Lock()
	defer g.mu.Unlock()
	e, _ := g.get(g.hash(key), g.now())
	return min(g.spacing(e.fails), g.maxWait)
}

// over reports whether key has had its free failures.
func (g *gate) over(key string) bool {
	g.mu.Lock()
	defer g.mu.Unlock()
	e, _ := g.get(g.hash(key), g.now())
	return e.fails >= int64(g.free)
}

// failed records a failed attempt of key.
func (g *gate) failed(key string) {
	g.mu.Lock()
	defer g.mu.Unlock()
	now := g.now()
	h := g.hash(key)
	e, _ := g.get(h, now)
	e.fails++
	e.lastFail = now.UnixNano()
	if e.fails == int64(g.free) && e.next < e.lastFail {
		e.next = e.lastFail + int64(g.spacing(e.fails))
	}
	g.put(h, e)
}

// succeeded clears key.
func (g *gate) succeeded(key string) {
	g.mu.Lock()
	defer g.mu.Unlock()
	delete(g.keys, g.hash(key))
}

// Device cookies (after OWASP's "slow down online guessing attacks with
// device cookies"): a browser that logged in to an account gets a cookie
// naming it, signed by the server; its attempts on that account are then
// limited on their own, apart from the attempts of everyone else at its
// address, and are not slowed by the attempts on the account from
// elsewhere. An attacker who hammers an account does not keep its owner out
// of it. The signing key lives as long as the process: after a restart
// (or on another node of a cluster) a device is unknown until its next
// login, and is limited as any browser.

func randomKey() []byte {
	b := make([]byte, 32)
	rand.Read(b)
	return b
}

// deviceMAC signs a device id for an account.
func (s *Server) deviceMAC(id, account string) string {
	m := hmac.New(sha256.New, s.deviceKey)
	m.Write([]byte(id))
	m.Write([]byte{0})
	m.Write([]byte(account))
	return base64.RawURLEncoding.EncodeToString(m.Sum(nil)[:18])
}

// device returns the id of the request's device cookie if it was issued
// for account, else "".
func (s *Server) device(r *http.Request, account string) string {
	c, err := r.Cookie(DeviceCookie)
	if err != nil {
		return ""
	}
	id, mac, ok := strings.Cut(c.Value, ".")
	if !ok || len(id) != 16 || !hmac.Equal([]byte(mac), []byte(s.deviceMAC(id, account))) {
		return ""
	}
	return id
}

// setDevice gives the browser a device cookie for account.
func (s *Server) setDevice(w http.ResponseWriter, r *http.Request, account string) {
	id := randomToken(12)
	http.SetCookie(w, &http.Cookie{
		Name: DeviceCookie, Value: id + "." + s.deviceMAC(id, account), Path: "/api/",
		MaxAge: int(365 * 24 * time.Hour / time.Second), HttpOnly: true, Secure: s.secure(r),
		SameSite: http.SameSiteStrictMode,
	})
}

// loginThrottle holds back password guessing without locking anyone out
// (issue 33). Each attempt is of one of two kinds:
//
//   - From a known device (a browser that logged in to the account before
//     and holds its device cookie): limited by its own failures only
//     (dev), never by anyone else's, and never refused as long as it waits
//     for each answer before trying again.
//   - From an unknown browser: limited by the failures from its address on
//     the account (pair), and slowed, never refused, by a back-off on the
//     account (acct) and one on the address (addr). When the account or
//     the address is under attack (past its free failures), each address
//     gets only a couple of failures on each account before its attempts
//     there are spaced minutes apart (hot).
//
// So an attacker's failures refuse only his own attempts (his address on
// the account he attacks), and slow everyone else by a bounded wait: the
// owner logs in from his device at once, from a new browser after a few
// seconds at most; another user behind the attacker's address logs in and
// signs up after a couple of seconds at most. docs/security.md has the
// figures.
type loginThrottle struct {
	pair *gate // failures of unknown browsers on an account, per address
	hot  *gate // the same, when the account or the address is under attack
	dev  *gate // failures of a known device on its account
	acct *gate // failures of unknown browsers on an account: a back-off
	addr *gate // failures of unknown browsers from an address: a back-off

	// sleep waits d or until the request is cancelled; tests replace it
	// (with the gates' clocks) so as not to wait.
	sleep func(r *http.Request, d time.Duration) bool
}

// Back-off waits of the account and the address: bounded, never a refusal.
const (
	maxAccountWait = 3 * time.Second
	maxAddressWait = 2 * time.Second
)

func newLoginThrottle() *loginThrottle {
	t := &loginThrottle{
		// From one address on one account: 5 free failures, then slots 1 s,
		// 2 s… 30 s apart, refused beyond a 5 s wait.
		pair: newGate(5, time.Second, 30*time.Second, 5*time.Second),
		// From one address on an account under attack, or from an address
		// under attack: 2 free failures, then slots 1 min, 2 min… 1 h apart.
		hot: newGate(2, time.Minute, time.Hour, 5*time.Second),
		// A known device: 5 free failures, then 1 s, 2 s… 8 s apart; the
		// spacing never exceeds the wait, so one attempt at a time passes.
		dev: newGate(5, time.Second, 8*time.Second, 8*time.Second),
		// An account: after 10 failures from unknown browsers, each of their
		// attempts waits 250 ms, 500 ms… at most 3 s.
		acct: newGate(10, 250*time.Millisecond, maxAccountWait, maxAccountWait),
		// An address: after 30 failures on any accounts, each attempt from
		// it waits 250 ms, 500 ms… at most 2 s.
		addr:  newGate(30, 250*time.Millisecond, maxAddressWait, maxAddressWait),
		sleep: sleep,
	}
	// Under attack, failures are remembered 2 h after the last one (others
	// 30 min): the hot spacing reaches 1 h, and an attacker who pauses
	// does not get the free failures back.
	t.hot.forget, t.acct.forget, t.addr.forget = 2*time.Hour, 2*time.Hour, 2*time.Hour
	return t
}

// setClock makes every gate read the time from now (tests).
func (t *loginThrottle) setClock(now func() time.Time) {
	for _, g := range []*gate{t.pair, t.hot, t.dev, t.acct, t.addr} {
		g.now = now
	}
}

// loginAttempt is one login attempt as the throttle sees it.
type loginAttempt struct {
	account string // the username's key
	addr    string // limitKey of the client
	pair    string // account and address, or account and device
	known   bool   // from a known device
}

// admit is the throttle's decision on an attempt: wait that long, then
// check the password; or (ok false) refuse, with the time until an attempt
// would be taken. Only attempts from an address (or a device) on an account
// on which it failed too often are refused.
func (t *loginThrottle) admit(a loginAttempt) (wait, retry time.Duration, ok bool) {
	if a.known {
		if wait, ok = t.dev.enter(a.pair); !ok {
			return 0, wait, false
		}
		return wait, 0, true
	}
	if wait, ok = t.pair.enter(a.pair); !ok {
		return 0, wait, false
	}
	if t.acct.over(a.account) || t.addr.over(a.addr) {
		w, ok := t.hot.enter(a.pair)
		if !ok {
			return 0, w, false
		}
		wait = max(wait, w)
	}
	return max(wait, t.acct.backoff(a.account), t.addr.backoff(a.addr)), 0, true
}

// failed records a wrong password (or an unknown name).
func (t *loginThrottle) failed(a loginAttempt) {
	if a.known {
		t.dev.failed(a.pair)
		return
	}
	t.pair.failed(a.pair)
	t.hot.failed(a.pair)
	t.acct.failed(a.account)
	t.addr.failed(a.addr)
}

// succeeded clears the failures of the address (or device) on the
// account. Those of the account and of the address stay: an attacker who
// logs in to his own account does not reset his address's back-off, nor
// the owner's login an attack on the account.
func (t *loginThrottle) succeeded(a loginAttempt) {
	if a.known {
		t.dev.succeeded(a.pair)
		return
	}
	t.pair.succeeded(a.pair)
	t.hot.succeeded(a.pair)
}

// loginAttempt describes an attempt of r at account (a username's key).
func (s *Server) loginAttempt(r *http.Request, account string) loginAttempt {
	a := loginAttempt{account: account, addr: limitKey(r)}
	if dev := s.device(r, account); dev != "" {
		a.pair, a.known = account+"\x00device "+dev, true
	} else {
		a.pair = account + "\x00" + a.addr
	}
	return a
}

// sleep waits d or until the request is cancelled.
func sleep(r *http.Request, d time.Duration) bool {
	if d <= 0 {
		return true
	}
	t := time.NewTimer(d)
	defer t.Stop()
	select {
	case <-t.C:
		return true
	case <-r.Context().Done():
		return false
	}
}
