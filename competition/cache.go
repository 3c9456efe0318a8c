package competition

// The one cache of the competitions a node serves, of every kind: each is
// read whole from the store at first sight, caught up with what other
// nodes wrote once it is RefreshEvery old, and dropped when the least recently used
// of more than maxCached.

import (
	"context"
	"fmt"
	"sync"
	"time"

	"atout/store"
)

const (
	// RefreshEvery is how old a cached competition may be before it reads
	// what the store has since (the boards reported to other nodes).
	RefreshEvery = 2 * time.Second
	// maxCached bounds the competitions held in memory.
	maxCached = 200
)

// event is a competition held in memory: a *tourEvent, *teamMatch or
// *beloteDuplicate.
type event interface {
	base() *compBase
	// refresh reads from the store what was written since the last read,
	// and returns the event as it is now (the same, or a new one read
	// whole). It runs under its slot's lock.
	refresh(ctx context.Context, s *Service) (event, error)
	// What the rule of who sees its deals asks of it (seal.go).
	sealed
}

// compBase is what every cached competition holds: its stored record.
type compBase struct {
	comp store.Competition
}

func (b *compBase) base() *compBase { return b }

// slot is a cache line.
type slot struct {
	mu      sync.Mutex // serialises the loads and refreshes
	ev      event      // nil until loaded (written under cache.mu too)
	checked time.Time  // the last read from the store (zero: stale)
	used    time.Time
}

// cache is the service's cache. Its mu also guards the mutable state of
// the team matches and belote duplicates it holds (their rooms' and
// teams' tables, their teams).
type cache struct {
	mu    sync.Mutex
	slots map[string]*slot
	// pending holds the results reported for a competition that is not in
	// the cache (it is being loaded): the load applies them.
	pending map[string][]func(event)
}

func (c *cache) init() {
	c.slots = map[string]*slot{}
	c.pending = map[string][]func(event){}
}

// get returns competition id from memory, caught up with the store when
// it was read more than RefreshEvery ago, or else read whole. An unknown id gives
// an error wrapping store.ErrNotFound.
func (s *Service) get(ctx context.Context, id string) (event, error) {
	c := &s.cache
	c.mu.Lock()
	sl := c.slots[id]
	if sl == nil {
		sl = &slot{}
		c.slots[id] = sl
	}
	c.mu.Unlock()
	sl.mu.Lock()
	defer sl.mu.Unlock()
	now := time.Now()
	sl.used = now
	if sl.ev == nil {
		ev, err := s.open(ctx, id)
		if err != nil {
			c.mu.Lock()
			if c.slots[id] == sl {
				delete(c.slots, id)
			}
			c.mu.Unlock()
			return nil, err
		}
		c.mu.Lock()
		sl.ev = ev
		for _, p := range c.pending[id] {
			p(ev)
		}
		delete(c.pending, id)
		c.mu.Unlock()
		sl.checked = now
		s.evict()
		return ev, nil
	}
	if now.Sub(sl.checked) < RefreshEvery {
		return sl.ev, nil
	}
	sl.checked = now
	ev, err := sl.ev.refresh(ctx, s)
	if err != nil {
		s.log.Error("competition refresh", "competition", id, "err", err)
	}
	if ev != nil && ev != sl.ev {
		c.mu.Lock()
		sl.ev = ev
		c.mu.Unlock()
	}
	return sl.ev, nil
}

// open reads a competition whole from the store.
func (s *Service) open(ctx context.Context, id string) (event, error) {
	comp, err := s.st.GetCompetition(ctx, id)
	if err != nil {
		return nil, err
	}
	switch comp.Kind {
	case KindTournament:
		return s.openTournament(ctx, comp)
	case KindTeamMatch:
		return s.openTeamMatch(ctx, comp)
	case KindBeloteDuplicate:
		return s.openBeloteDuplicate(ctx, comp)
	}
	return nil, fmt.Errorf("competition %s: unknown kind %q: %w", id, comp.Kind, store.ErrNotFound)
}

// kindOf returns competition id from the cache or the store as an E (an
// error wrapping store.ErrNotFound when it is of another kind).
func kindOf[E event](ctx context.Context, s *Service, id, what string) (E, error) {
	var zero E
	ev, err := s.get(ctx, id)
	if err != nil {
		return zero, err
	}
	e, ok := ev.(E)
	if !ok {
		return zero, fmt.Errorf("competition %s is a %s, not a %s: %w", id, ev.base().comp.Kind, what, store.ErrNotFound)
	}
	return e, nil
}

// request returns competition id of kind E for a request: a refusal (not
// found) when there is none.
func request[E event](ctx context.Context, s *Service, id, what string) (E, error) {
	e, err := kindOf[E](ctx, s, id, what)
	if err != nil {
		var zero E
		return zero, notFound(what, id, err)
	}
	return e, nil
}

// record applies a result reported by a table to its competition if it is
// in the cache, or keeps it for the load under way. Apply runs under
// cache.mu.
func (c *cache) record(id string, apply func(event)) {
	c.mu.Lock()
	defer c.mu.Unlock()
	if sl := c.slots[id]; sl != nil && sl.ev != nil {
		apply(sl.ev)
		return
	}
	c.pending[id] = append(c.pending[id], apply)
}

// cached returns competition id if it is in memory, or nil.
func (c *cache) cached(id string) event {
	c.mu.Lock()
	defer c.mu.Unlock()
	if sl := c.slots[id]; sl != nil {
		return sl.ev
	}
	return nil
}

// put caches a competition just created.
func (c *cache) put(id string, ev event) {
	now := time.Now()
	c.mu.Lock()
	c.slots[id] = &slot{ev: ev, checked: now, used: now}
	c.mu.Unlock()
}

// drop forgets a competition and the results kept for it: its next load
// reads it whole.
func (c *cache) drop(id string) {
	c.mu.Lock()
	delete(c.slots, id)
	delete(c.pending, id)
	c.mu.Unlock()
}

// stale marks a competition to be caught up at its next load (after a
// write of this node).
func (c *cache) stale(id string) {
	c.mu.Lock()
	sl := c.slots[id]
	c.mu.Unlock()
	if sl != nil {
		sl.mu.Lock()
		sl.checked = time.Time{}
		sl.mu.Unlock()
	}
}

// evict drops the least recently used competitions past maxCached.
func (s *Service) evict() {
	c := &s.cache
	c.mu.Lock()
	defer c.mu.Unlock()
	for len(c.slots) > maxCached {
		var oldest string
		var at time.Time
		for id, sl := range c.slots {
			if !sl.mu.TryLock() {
				continue
			}
			u := sl.used
			sl.mu.Unlock()
			if oldest == "" || u.Before(at) {
				oldest, at = id, u
			}
		}
		if oldest == "" {
			return
		}
		delete(c.slots, oldest)
	}
}
