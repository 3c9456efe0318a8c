package dd

import (
	"math/rand/v2"
	"runtime"
	"testing"
	"time"

	"atout/bridge"
	"atout/card"
)

// ttItem is one stored entry of TestTableLayout: exact bounds v..v.
type ttItem struct {
	lens, o0, o1 uint64
	ks           uint16
	v            int
}

// TestTableLayout fills a table past the points where its layout changes —
// the index growing from firstSlots, a group's block moving to longer ones
// and then to a chain of older blocks — and checks that every entry still
// answers with its bounds.
func TestTableLayout(t *testing.T) {
	e := &engine{tt: newTable(8), trump: int(bridge.NoTrump)}
	for i, h := range bridge.RandomDeal(card.NewRand(5)) {
		e.hands[i] = uint64(h)
	}
	r := rand.New(rand.NewPCG(1, 2))
	const ks = 0x2222 // the top two cards of each suit
	m0, m1 := masks(ks)
	var items []ttItem
	put := func(lens uint64, seen map[[2]uint64]bool) {
		for {
			o0, o1 := r.Uint64()&m0, r.Uint64()&m1
			if seen[[2]uint64{o0, o1}] {
				continue
			}
			seen[[2]uint64{o0, o1}] = true
			v := r.IntN(13)
			e.store(13, lens, o0, o1, ks, v, v, 0, nil)
			items = append(items, ttItem{lens, o0, o1, ks, v})
			return
		}
	}
	// 12,000 groups of three entries: the index grows past firstSlots
	for g := range 12000 {
		seen := map[[2]uint64]bool{}
		for range 3 {
			put(uint64(g+1)<<8, seen)
		}
	}
	if e.tt.active <= firstSlots {
		t.Fatalf("index did not grow: %d slots for %d groups", e.tt.active, e.tt.used)
	}
	// one group of 600 entries: blocks of 8 to 256, then two older blocks
	// of 256 (a look-up reads the newest block, then older ones while it
	// has read fewer than maxScan: all 600)
	big := uint64(1) << 40
	seen := map[[2]uint64]bool{}
	for range 600 {
		put(big, seen)
	}
	if sl := e.tt.slot(big, e.trump); sl.older == 0 || e.tt.segs[sl.older].next == 0 {
		t.Fatalf("600 entries in %d older blocks", e.tt.nseg-1)
	}
	if e.tt.fullResets != 0 {
		t.Fatal("the table emptied")
	}
	// every entry answers
	for i, it := range items {
		var ref ttRef
		if hit, ok, _, _ := e.probe(it.lens, it.o0, it.o1, 0, 13, it.v, &ref); !hit || !ok {
			t.Fatalf("entry %d (v=%d): at v hit %v ok %v", i, it.v, hit, ok)
		}
		if hit, ok, _, _ := e.probe(it.lens, it.o0, it.o1, 0, 13, it.v+1, &ref); !hit || ok {
			t.Fatalf("entry %d (v=%d): at v+1 hit %v ok %v", i, it.v, hit, ok)
		}
	}
}

// TestTableStoreAfterProbe checks the store that follows a probe (the ttRef
// path): bounds on a key the group holds narrow that entry, a new key adds
// one, and a ref made stale by the table growing is not used.
func TestTableStoreAfterProbe(t *testing.T) {
	e := &engine{tt: newTable(8), trump: int(bridge.StrainSpades)}
	for i, h := range bridge.RandomDeal(card.NewRand(6)) {
		e.hands[i] = uint64(h)
	}
	const ks = 0x1111
	m0, m1 := masks(ks)
	lens := uint64(77)
	o0, o1 := uint64(0x5555555555555555)&m0, uint64(0xAAAAAAAAAAAAAAAA)&m1
	e.store(7, lens, o0, o1, ks, 2, 6, 0, nil)
	sl := e.tt.slot(lens, e.trump)
	var ref ttRef
	if hit, _, _, _ := e.probe(lens, o0, o1, 0, 7, 4, &ref); hit {
		t.Fatal("2..6 answered target 4")
	}
	if ref.sl != sl || ref.n != 1 {
		t.Fatalf("ref %+v", ref)
	}
	e.store(7, lens, o0, o1, ks, 4, 7, 0, &ref) // narrows to 4..6
	if sl.n != 1 {
		t.Fatalf("%d entries after a store on the same key", sl.n)
	}
	if hit, ok, _, _ := e.probe(lens, o0, o1, 0, 7, 4, &ref); !hit || !ok {
		t.Fatal("4..6 did not answer target 4")
	}
	// another key of the same group
	p0 := o0 ^ m0&(m0>>1) // another owner of the top card of suits 0 and 1
	if hit, _, _, _ := e.probe(lens, p0, o1, 0, 7, 3, &ref); hit {
		t.Fatal("a key never stored answered")
	}
	e.store(7, lens, p0, o1, ks, 0, 2, 0, &ref)
	if sl.n != 2 {
		t.Fatalf("%d entries after a store on a new key", sl.n)
	}
	// a stale ref: the index grows between the probe and the store of a
	// new key, which must go to the group's new slot
	q0 := o0 ^ m0&(m0<<1) // yet another owner of the top cards
	if hit, _, _, _ := e.probe(lens, q0, o1, 0, 7, 3, &ref); hit {
		t.Fatal("a key never stored answered")
	}
	for g := range firstSlots {
		e.store(7, uint64(1000+g), 0, 0, 0, 0, 7, 0, nil)
	}
	if e.tt.active <= firstSlots {
		t.Fatal("the index did not grow")
	}
	e.store(7, lens, q0, o1, ks, 3, 3, 0, &ref)
	var fresh ttRef
	if hit, ok, _, _ := e.probe(lens, q0, o1, 0, 7, 3, &fresh); !hit || !ok {
		t.Fatal("3..3 did not answer target 3 after the index grew")
	}
	if hit, ok, _, _ := e.probe(lens, p0, o1, 0, 7, 3, &fresh); !hit || ok {
		t.Fatal("0..2 lost after the index grew")
	}
	if hit, ok, _, _ := e.probe(lens, o0, o1, 0, 7, 7, &fresh); !hit || ok {
		t.Fatal("4..6 lost after the index grew")
	}
}

// TestTableBytes checks the count of the transposition tables' memory: a
// new solver adds its table's size, and a dropped one is taken off once
// the collector has reclaimed it.
func TestTableBytes(t *testing.T) {
	// Settle first: the solvers the other tests left in dd's pools are
	// dropped over two collections, and their cleanups run after.
	before := TableBytes()
	for same := 0; same < 3; {
		runtime.GC()
		time.Sleep(10 * time.Millisecond)
		if n := TableBytes(); n == before {
			same++
		} else {
			before, same = n, 0
		}
	}
	s := NewSolver(4)
	got := TableBytes() - before
	if got < 4<<20-(64<<10) || got > 4<<20+(64<<10) {
		t.Fatalf("a 4 MB solver added %d bytes, want about %d", got, 4<<20)
	}
	runtime.KeepAlive(s)
	s = nil
	deadline := time.Now().Add(5 * time.Second)
	for TableBytes() != before {
		if time.Now().After(deadline) {
			t.Fatalf("after the solver was dropped: %d bytes, want %d", TableBytes(), before)
		}
		runtime.GC()
		time.Sleep(10 * time.Millisecond)
	}
}
