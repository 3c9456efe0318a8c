package limit

import (
	"hash/maphash"
	"sync"
	"time"
)

// A Gate spaces the login attempts on one key (an account, or an account
// from one address) once they have failed often: each attempt takes the
// next free slot, and the slots move apart as failures add up. An attempt
// waits for its slot (the password is checked late, never refused as
// such); one whose slot is further than maxWait is refused, with the time
// to come back. A success from the key clears it. With maxSpace at most
// maxWait, a client that waits for each answer before trying again is
// never refused: only attempts sent in parallel beyond the queue are.
//
// A gate also serves as a plain back-off ([Gate.Backoff]): a wait that
// grows with the key's failures, with no slot taken and no refusal.
//
// Keys are kept as 64-bit hashes (a collision, about one in 10^10 at the
// bound, merges two keys' counts) in 24 bytes of state each, at most
// maxGateKeys of them: about 10 MB a gate under a flood of names.
type Gate struct {
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

// NewGate returns a gate that lets free failures of a key pass, then
// spaces its attempts base apart, doubling with each further failure up to
// maxSpace, and refuses an attempt whose slot is more than maxWait away.
// Failures are forgotten 30 minutes after the last one.
func NewGate(free int, base, maxSpace, maxWait time.Duration) *Gate {
	return &Gate{free: free, base: base, maxSpace: maxSpace, maxWait: maxWait,
		forget: 30 * time.Minute, seed: maphash.MakeSeed(), keys: map[uint64]gateKey{}, now: time.Now}
}

func (g *Gate) hash(key string) uint64 { return maphash.String(g.seed, key) }

// spacing is the time between slots after n failures.
func (g *Gate) spacing(n int64) time.Duration {
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
func (g *Gate) get(h uint64, now time.Time) (gateKey, bool) {
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
func (g *Gate) put(h uint64, e gateKey) {
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

// Enter takes the next slot of key: it returns how long to wait for it, or
// ok false and how long until one within maxWait is free.
func (g *Gate) Enter(key string) (wait time.Duration, ok bool) {
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

// Backoff is the wait of an attempt on key that takes no slot: the spacing
// of its failures, at most maxWait; 0 below free failures.
func (g *Gate) Backoff(key string) time.Duration {
	g.mu.Lock()
	defer g.mu.Unlock()
	e, _ := g.get(g.hash(key), g.now())
	return min(g.spacing(e.fails), g.maxWait)
}

// Over reports whether key has had its free failures.
func (g *Gate) Over(key string) bool {
	g.mu.Lock()
	defer g.mu.Unlock()
	e, _ := g.get(g.hash(key), g.now())
	return e.fails >= int64(g.free)
}

// Failed records a failed attempt of key.
func (g *Gate) Failed(key string) {
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

// Succeeded clears key.
func (g *Gate) Succeeded(key string) {
	g.mu.Lock()
	defer g.mu.Unlock()
	delete(g.keys, g.hash(key))
}
