package server

import (
	"crypto/hmac"
	"crypto/rand"
	"crypto/sha256"
	"encoding/base64"
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
// to come back. A success from the key clears it. So an attacker slows
// down, and the owner, who knows the password, gets in at the latest when
// the attacker's slot has passed — there is no lockout to provoke.
type gate struct {
	free     int           // failures before the slots move apart
	base     time.Duration // spacing after free failures, doubled by each further one
	maxSpace time.Duration // largest spacing
	maxWait  time.Duration // longest wait for a slot; further is refused
	forget   time.Duration // failures forgotten after this long without one

	mu    sync.Mutex
	keys  map[string]*gateKey
	swept time.Time
	now   func() time.Time // time.Now; tests move it
}

// maxGateKeys bounds the memory of a gate under a flood of names.
const maxGateKeys = 200_000

type gateKey struct {
	fails    int
	lastFail time.Time
	next     time.Time // the next free slot
}

func newGate(free int, base, maxSpace, maxWait time.Duration) *gate {
	return &gate{free: free, base: base, maxSpace: maxSpace, maxWait: maxWait,
		forget: 30 * time.Minute, keys: map[string]*gateKey{}, now: time.Now}
}

// spacing is the time between slots after n failures.
func (g *gate) spacing(n int) time.Duration {
	if n < g.free {
		return 0
	}
	d := g.base
	for i := g.free; i < n && d < g.maxSpace; i++ {
		d *= 2
	}
	return min(d, g.maxSpace)
}

// get returns the state of key, forgetting old failures; nil if it has none
// and create is false. Called with g.mu held.
func (g *gate) get(key string, now time.Time, create bool) *gateKey {
	if now.Sub(g.swept) > time.Minute {
		for k, e := range g.keys {
			if now.Sub(e.lastFail) > g.forget && now.After(e.next) {
				delete(g.keys, k)
			}
		}
		g.swept = now
	}
	e := g.keys[key]
	if e != nil && now.Sub(e.lastFail) > g.forget {
		e.fails = 0
	}
	if e == nil && create {
		if len(g.keys) >= maxGateKeys {
			for k := range g.keys { // make room: drop some key
				delete(g.keys, k)
				break
			}
		}
		e = &gateKey{}
		g.keys[key] = e
	}
	return e
}

// enter takes the next slot of key: it returns how long to wait for it, or
// ok false and how long until one within maxWait is free.
func (g *gate) enter(key string) (wait time.Duration, ok bool) {
	g.mu.Lock()
	defer g.mu.Unlock()
	now := g.now()
	e := g.get(key, now, false)
	if e == nil || e.fails < g.free {
		return 0, true
	}
	slot := e.next
	if slot.Before(now) {
		slot = now
	}
	if wait = slot.Sub(now); wait > g.maxWait {
		return wait - g.maxWait, false
	}
	e.next = slot.Add(g.spacing(e.fails))
	return wait, true
}

// failed records a failed attempt of key.
func (g *gate) failed(key string) {
	g.mu.Lock()
	defer g.mu.Unlock()
	now := g.now()
	e := g.get(key, now, true)
	e.fails++
	e.lastFail = now
	if e.fails == g.free && e.next.Before(now) {
		e.next = now.Add(g.spacing(e.fails))
	}
}

// succeeded clears key.
func (g *gate) succeeded(key string) {
	g.mu.Lock()
	defer g.mu.Unlock()
	delete(g.keys, key)
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

// loginThrottle is the login throttle's decision on an attempt at account:
// wait that long then check the password, or (ok false) refuse, with the
// time until an attempt would be taken.
func (s *Server) loginThrottle(r *http.Request, account string) (pairKey string, knownDevice bool, wait, retry time.Duration, ok bool) {
	dev := s.device(r, account)
	pairKey = account + "\x00" + limitKey(r)
	if dev != "" {
		pairKey = account + "\x00device " + dev
	}
	wait, ok = s.loginPair.enter(pairKey)
	if !ok {
		return pairKey, dev != "", 0, wait, false
	}
	if dev == "" {
		w2, ok2 := s.loginAcct.enter(account)
		if !ok2 {
			return pairKey, false, 0, w2, false
		}
		wait = max(wait, w2)
	}
	return pairKey, dev != "", wait, 0, true
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
