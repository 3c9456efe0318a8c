package dd

import "math/bits"

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
// Layout: one flat open-addressing array of slots keyed by (lengths, leader,
// strain); each slot holds up to slotEntries entries side by side, so a
// look-up reads one contiguous block, compared as machine words. A
// generation number stamps the slots; when the array is three quarters
// full the generation moves on, which empties the table in O(1).

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

// The entries of a group are kept in segments of consecutive entries, the
// newest segment first; each new segment of a group is twice as long as the
// one before (segFirst to segMax entries), so that the long groups of the
// last tricks are read in a few runs of adjacent memory rather than a chain
// of small blocks.
const (
	segFirst = 8
	segMax   = 256
)

// maxScan bounds the entries examined per look-up.
const maxScan = 512

type ttSeg struct {
	start int32 // first entry in the pool
	n     int32 // entries used
	cap   int32
	next  int32 // the group's previous (older) segment, 0 if none
}

// ttHead is one slot of the index: a group of entries with the same
// lengths, leader and strain.
type ttHead struct {
	lens  uint64
	gen   uint32
	head  int32
	trump uint8
}

type ttable struct {
	index []ttHead
	used  int
	segs  []ttSeg
	nseg  int32 // next free segment (segment 0 is never used)
	pool  []ttEntry
	top   int32 // next free entry
	gen   uint32
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
// entries and their segments.
func newTable(mb int) *ttable {
	if mb < 1 {
		mb = 1
	}
	bytes := uint64(mb) << 20
	slots := min(max(bytes/5/24, 16), 1<<17)
	// an entry takes 24 bytes, and at most one segment of 16 bytes per
	// segFirst entries.
	entries := max((bytes-slots*24)/(24+16/segFirst), 2*segMax)
	return &ttable{index: make([]ttHead, slots), segs: make([]ttSeg, entries/segFirst+1), nseg: 1,
		pool: make([]ttEntry, entries), gen: 1}
}

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
	hi, _ := bits.Mul64(hashKey(lens, trump), uint64(len(t.index)))
	i := int(hi)
	for {
		s := &t.index[i]
		if s.gen != t.gen || (s.lens == lens && int(s.trump) == trump) {
			return s
		}
		i++
		if i == len(t.index) {
			i = 0
		}
	}
}

// store merges the bounds lo..hi for the positions matching (o0, o1) on the
// top ks cards.
func (t *ttable) store(lens uint64, trump int, o0, o1 uint64, ks uint16, lo, hi int, best uint8) {
	t.stores++
	// (segments never run out before entries: each takes segFirst
	// entries or more, and newTable makes one per segFirst entries)
	if int(t.top)+segMax > len(t.pool) || uint64(t.used)*4 >= uint64(len(t.index))*3 {
		t.fullResets++
		t.reset()
	}
	s := t.slot(lens, trump)
	m0, m1 := masks(ks)
	p0, p1 := o0&m0, o1&m1
	if s.gen == t.gen {
		for g, w := s.head, 0; g != 0 && w < maxScan; g = t.segs[g].next {
			sg := &t.segs[g]
			es := t.pool[sg.start : sg.start+sg.n]
			for i := range es {
				en := &es[i]
				if en.p0 == p0 && en.p1 == p1 && en.ks == ks {
					if int8(lo) > en.lo {
						en.lo = int8(lo)
					}
					if int8(hi) < en.hi {
						en.hi = int8(hi)
					}
					if best != 0 {
						en.best = best
					}
					return
				}
			}
			w += len(es)
		}
	} else {
		*s = ttHead{lens: lens, trump: uint8(trump), gen: t.gen}
		t.used++
	}
	if s.head == 0 || t.segs[s.head].n == t.segs[s.head].cap {
		c := int32(segFirst)
		if s.head != 0 {
			c = min(2*t.segs[s.head].cap, segMax)
		}
		g := t.nseg
		t.nseg++
		t.segs[g] = ttSeg{start: t.top, cap: c, next: s.head}
		t.top += c
		s.head = g
	}
	sg := &t.segs[s.head]
	t.pool[sg.start+sg.n] = ttEntry{p0: p0, p1: p1, ks: ks, lo: int8(lo), hi: int8(hi), best: best}
	sg.n++
}

// reset empties the table in O(1) (when it is full, and for a new deal or
// strain).
func (t *ttable) reset() {
	t.gen++
	if t.gen == 0 {
		clear(t.index)
		t.gen = 1
	}
	t.used = 0
	t.top = 0
	t.nseg = 1
}
