package dd

import (
	"math/bits"
	"runtime"
	"sync/atomic"
	"unsafe"
)

// The transposition table maps a position at a trick boundary to bounds on
// the number of tricks the side on lead takes from there, and the best lead
// found. It works as a partition search table: positions are grouped by the
// strain, the leader and the length of every hand in every suit; each entry
// of a group holds, for each suit, the owners of the top k remaining cards of
// the suit (k per suit), where k reaches down to the lowest card whose rank
// decided a trick in the search below. Any position with the same lengths
// and the same owners of those top cards has the same bounds: the cards
// below are only counted, never compared.
//
// Layout: an open-addressing index of slots keyed by (lengths, leader,
// strain), of which a prefix is in use (firstSlots after each reset,
// doubled by grow as it fills); each slot points to its group's entries in
// a pool (see the blocks below), compared as machine words. A generation
// number stamps the slots; when the whole index is three quarters full or
// the pool runs out, the generation moves on, which empties the table in
// O(1).

// ttEntry is one stored set of positions. p0 and p1 hold the owners of the
// counted top cards, in the layout of engine.owners, masked to the top ks[s]
// cards of each suit. lo and hi bound the tricks of the side on lead; best
// is the best lead as suit<<4 | (relative index+1), 0 if none.
type ttEntry struct {
	p0, p1 uint64
	ks     uint16
	lo, hi int8
	best   uint8
}

// The entries of a group are kept in one block of consecutive entries, the
// newest last, whose place the index slot holds, so that a look-up goes
// from the slot straight to the entries. A full block moves to one twice as
// long (segFirst to segMax entries; the old block is left unused until the
// table is emptied); a full block of segMax entries is set aside as an
// older block of the group (a chain of ttSeg, newest first) and a new one
// begins.
const (
	segFirst = 8
	segMax   = 256
)

// maxScan bounds the entries examined per look-up.
const maxScan = 512

// ttSeg is an older, full block of segMax entries of a group.
type ttSeg struct {
	start int32 // first entry in the pool
	next  int32 // the group's previous (older) block, 0 if none
}

// ttHead is one slot of the index: a group of entries with the same
// lengths, leader and strain, and where its newest block is.
type ttHead struct {
	lens  uint64
	gen   uint32
	start int32  // the newest block's first entry in the pool
	older int32  // the newest of the older blocks (segs), 0 if none
	n     uint16 // entries used in the newest block
	cap   uint8  // the newest block holds segFirst<<cap entries
	trump uint8
}

type ttable struct {
	index  []ttHead
	epoch  uint32 // moves on whenever slots move or entries go (grow, reset)
	active int    // the slots in use: a prefix of index (see grow)
	used   int
	moved  []ttHead // grow's buffer
	segs   []ttSeg
	nseg   int32 // next free older block (segs[0] is never used)
	pool   []ttEntry
	top    int32 // next free entry
	gen    uint32
	// counters for tuning
	stores, fullResets uint64
}

// kMask[k] selects the owners of the top k cards in a 26-bit suit field;
// pairMask[k0|k1<<4] those of two suits in a word (the top k0 of the low
// field, the top k1 of the high one), so that a look-up builds a word's
// mask with one load.
var (
	kMask    [16]uint64
	pairMask [256]uint64
)

func init() {
	for k := 1; k <= 13; k++ {
		kMask[k] = (1<<(2*uint(k)) - 1) << (26 - 2*uint(k))
	}
	for i := range pairMask {
		pairMask[i] = kMask[i&15] | kMask[i>>4]<<32
	}
}

// masks returns the owner masks selecting the top ks[s] cards of each suit.
func masks(ks uint16) (uint64, uint64) {
	return pairMask[ks&0xFF], pairMask[ks>>8]
}

// newTable returns a table of about mb megabytes (at least 1 MB): a fifth
// for the index but at most 2^17 slots (3 MB; a full table of the 140
// deals of the tuning sets used at most 37,000 groups in a strain, and a
// small index is read with fewer cache and TLB misses), the rest for the
// entries and their older blocks.
func newTable(mb int) *ttable {
	if mb < 1 {
		mb = 1
	}
	bytes := uint64(mb) << 20
	slots := min(max(bytes/5/24, 16), 1<<17)
	// an entry takes 24 bytes (and an older block 8 bytes per segMax
	// entries)
	entries := max((bytes-slots*24)/24, 2*segMax)
	t := &ttable{index: make([]ttHead, slots), active: min(firstSlots, int(slots)),
		segs: make([]ttSeg, entries/segMax+1), nseg: 1, pool: make([]ttEntry, entries), gen: 1}
	n := int64(slots)*int64(sizeofHead) + int64(len(t.segs))*int64(sizeofSeg) + int64(entries)*int64(sizeofEntry)
	tableBytes.Add(n)
	runtime.AddCleanup(t, func(n int64) { tableBytes.Add(-n) }, n)
	return t
}

const (
	sizeofHead  = unsafe.Sizeof(ttHead{})
	sizeofSeg   = unsafe.Sizeof(ttSeg{})
	sizeofEntry = unsafe.Sizeof(ttEntry{})
)

// tableBytes is the memory of the transposition tables not yet collected.
var tableBytes atomic.Int64

// TableBytes returns the bytes held by the solvers' transposition tables
// that the garbage collector has not yet reclaimed (in use, kept in a pool,
// or dropped and awaiting collection). A process that paces its collector
// on its live heap counts them apart: they are fixed-size arrays whose size
// does not grow with the program's other work (see server.PaceGC).
func TableBytes() int64 { return tableBytes.Load() }

func hashKey(lens uint64, trump int) uint64 {
	h := (lens ^ uint64(trump)<<61) * 0x9E3779B97F4A7C15
	h ^= h >> 29
	h *= 0xBF58476D1CE4E5B9
	h ^= h >> 32
	return h
}

// slot returns the index slot of the key, or the empty slot where it would
// go (its gen differs).
func (t *ttable) slot(lens uint64, trump int) *ttHead {
	hi, _ := bits.Mul64(hashKey(lens, trump), uint64(t.active))
	i := int(hi)
	for {
		s := &t.index[i]
		if s.gen != t.gen || (s.lens == lens && int(s.trump) == trump) {
			return s
		}
		i++
		if i == t.active {
			i = 0
		}
	}
}

// firstSlots is the number of index slots a table starts with after each
// reset: most solves use a few thousand groups, and a small index stays in
// the processor's caches; grow doubles it as it fills.
const firstSlots = 1 << 13

// grow doubles the slots in use (up to the whole index), moving the groups
// to their new slots.
func (t *ttable) grow() {
	t.epoch++
	t.moved = t.moved[:0]
	for i := range t.active {
		if t.index[i].gen == t.gen {
			t.moved = append(t.moved, t.index[i])
		}
	}
	t.active = min(2*t.active, len(t.index))
	for i := range t.active {
		t.index[i].gen = 0 // (the generation is never 0)
	}
	for _, h := range t.moved {
		*t.slot(h.lens, int(h.trump)) = h
	}
}

// ttRef is what a look-up leaves for the store that follows the search
// below its position: the group's slot, and where the entries are that
// matched the position without answering (the only ones the store can
// merge with). The search below never stores in the group (every position
// below has fewer cards), so the ref holds until the slots move or the
// table empties (the epoch moves on).
type ttRef struct {
	sl    *ttHead // nil when the group was not in the table
	epoch uint32
	n     int8 // entries recorded in at; -1 when more matched
	at    [3]int32
}

// add records the pool index i of a matching entry.
func (r *ttRef) add(i int32) {
	if r.n >= 0 && int(r.n) < len(r.at) {
		r.at[r.n] = i
		r.n++
	} else {
		r.n = -1
	}
}

// store merges the bounds lo..hi for the positions matching (o0, o1) on the
// top ks cards.
func (t *ttable) store(lens uint64, trump int, o0, o1 uint64, ks uint16, lo, hi int, best uint8, ref *ttRef) {
	t.stores++
	// (older blocks never run out before entries: each takes segMax
	// entries, and newTable makes one per segMax entries)
	if uint64(t.used)*4 >= uint64(t.active)*3 && t.active < len(t.index) {
		t.grow()
	}
	if int(t.top)+segMax > len(t.pool) || uint64(t.used)*4 >= uint64(t.active)*3 {
		t.fullResets++
		t.reset()
	}
	m0, m1 := masks(ks)
	p0, p1 := o0&m0, o1&m1
	var s *ttHead
	if ref != nil && ref.sl != nil && ref.epoch == t.epoch {
		// the group's entries are as the probe saw them
		s = ref.sl
		if ref.n >= 0 {
			for _, i := range ref.at[:ref.n] {
				if en := &t.pool[i]; en.p0 == p0 && en.p1 == p1 && en.ks == ks {
					en.merge(lo, hi, best)
					return
				}
			}
			t.add(s, p0, p1, ks, lo, hi, best)
			return
		}
	} else {
		s = t.slot(lens, trump)
	}
	if s.gen == t.gen {
		es := t.pool[s.start : s.start+int32(s.n)]
		for g, w := s.older, 0; ; g = t.segs[g].next {
			for i := range es {
				en := &es[i]
				if en.p0 == p0 && en.p1 == p1 && en.ks == ks {
					en.merge(lo, hi, best)
					return
				}
			}
			w += len(es)
			if g == 0 || w >= maxScan {
				break
			}
			es = t.pool[t.segs[g].start : t.segs[g].start+segMax]
		}
	} else {
		*s = ttHead{lens: lens, trump: uint8(trump), gen: t.gen, start: t.top}
		t.top += segFirst
		t.used++
	}
	t.add(s, p0, p1, ks, lo, hi, best)
}

// merge narrows an entry's bounds to lo..hi (and sets its best lead).
func (en *ttEntry) merge(lo, hi int, best uint8) {
	if int8(lo) > en.lo {
		en.lo = int8(lo)
	}
	if int8(hi) < en.hi {
		en.hi = int8(hi)
	}
	if best != 0 {
		en.best = best
	}
}

// add appends an entry to the group of slot s, moving the group's newest
// block to a longer one (or setting it aside) when it is full.
func (t *ttable) add(s *ttHead, p0, p1 uint64, ks uint16, lo, hi int, best uint8) {
	if c := segFirst << s.cap; int(s.n) == c {
		if c < segMax {
			// move to a block twice as long
			copy(t.pool[t.top:], t.pool[s.start:s.start+int32(c)])
			s.cap++
		} else {
			g := t.nseg
			t.nseg++
			t.segs[g] = ttSeg{start: s.start, next: s.older}
			s.older, s.n = g, 0
		}
		s.start = t.top
		t.top += int32(segFirst << s.cap)
	}
	t.pool[s.start+int32(s.n)] = ttEntry{p0: p0, p1: p1, ks: ks, lo: int8(lo), hi: int8(hi), best: best}
	s.n++
}

// reset empties the table in O(1) (when it is full, and for a new deal or
// strain).
func (t *ttable) reset() {
	t.epoch++
	t.gen++
	if t.gen == 0 {
		clear(t.index)
		t.gen = 1
	}
	t.used = 0
	t.active = min(firstSlots, len(t.index))
	t.top = 0
	t.nseg = 1
}
