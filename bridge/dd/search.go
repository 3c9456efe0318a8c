package dd

import "math/bits"

// Cards inside the engine are bit indexes into a card.Hand: suit*16 + rank,
// rank 2..14. A hand is a uint64 with that layout.

const noTrump = 4

// trickState is one trick of the search stack.
type trickState struct {
	leader int
	card   [4]int // bit index of the card played at each position
	win    int    // position of the card winning so far
}

// move is a candidate card with its ordering weight.
type move struct {
	card int
	w    int
}

// engine is the search proper. It is not safe for concurrent use.
type engine struct {
	hands [4]uint64
	trump int
	stack [15]trickState
	moves [14][4][13]move
	tt    *ttable
	nodes uint64
}

func suitOf(h uint64, s int) uint32 { return uint32(h>>(uint(s)*16)) & 0x7FFC }

func beats(c, w, trump int) bool {
	cs, ws := c>>4, w>>4
	if cs == ws {
		return c > w
	}
	return cs == trump
}

// search answers: can the side of the leader of trick d take at least target
// of the remaining tricks (the current one included), with pos cards of
// trick d already played? It also returns the cards whose rank decided the
// answer (for the transposition table): only the lowest of them in each suit
// matters.
func (e *engine) search(d, pos, target int) (bool, uint64) {
	if pos == 0 {
		return e.lead(d, target)
	}
	tr := &e.stack[d]
	p := (tr.leader + pos) & 3
	maxNode := pos&1 == 0
	ms := &e.moves[d][pos]
	cnt := e.genFollow(d, pos, ms)
	var rel uint64
	for i := 0; i < cnt; i++ {
		c := ms[i].card
		bit := uint64(1) << uint(c)
		e.hands[p] &^= bit
		tr.card[pos] = c
		oldWin := tr.win
		if beats(c, tr.card[oldWin], e.trump) {
			tr.win = pos
		}
		var r bool
		var rr uint64
		if pos < 3 {
			r, rr = e.search(d, pos+1, target)
		} else {
			w := (tr.leader + tr.win) & 3
			e.stack[d+1].leader = w
			n := bits.OnesCount64(e.hands[w]) + 1
			// restore the trick's cards while the winner is found: they are
			// alive at this level
			if (w^tr.leader)&1 == 0 {
				r, rr = e.lead(d+1, target-1)
			} else {
				r, rr = e.lead(d+1, n-target)
				r = !r
			}
			rr |= e.rankWinner(tr)
		}
		tr.win = oldWin
		e.hands[p] |= bit
		if r == maxNode {
			return maxNode, rr
		}
		rel |= rr
	}
	return !maxNode, rel
}

// rankWinner returns the winning card of the complete trick tr if it won by
// rank (another card of its suit was played), else 0.
func (e *engine) rankWinner(tr *trickState) uint64 {
	wc := tr.card[tr.win]
	ws := wc >> 4
	for i := 0; i < 4; i++ {
		if i != tr.win && tr.card[i]>>4 == ws {
			return 1 << uint(wc)
		}
	}
	return 0
}

// lead is search at a trick boundary: cut-offs and table look-ups happen here.
func (e *engine) lead(d, target int) (bool, uint64) {
	tr := &e.stack[d]
	L := tr.leader
	n := bits.OnesCount64(e.hands[L])
	if target <= 0 {
		return true, 0
	}
	if target > n {
		return false, 0
	}
	e.nodes++
	if n == 1 {
		return e.lastTrick(L, target)
	}
	lens := e.lensKey(L)
	o0, o1 := e.owners()
	hint := -1
	tt := e.tt
	if sl := tt.slot(lens, e.trump); sl.gen == tt.gen {
		for b, w := sl.head, 0; b != 0 && w < maxBlocks; b, w = tt.pool[b].next, w+1 {
			blk := &tt.pool[b]
			for i := int(blk.n) - 1; i >= 0; i-- {
				en := &blk.e[i]
				m0, m1 := masks(en.ks)
				if o0&m0 != en.p0 || o1&m1 != en.p1 {
					continue
				}
				if int(en.lo) >= target {
					return true, e.thresholdCards(en.ks)
				}
				if int(en.hi) < target {
					return false, e.thresholdCards(en.ks)
				}
				if en.best != 0 && hint < 0 {
					hint = e.decodeBest(en.best, L)
				}
			}
		}
	}
	if qt, rq := e.quickTricks(L); qt >= target {
		e.tt.store(lens, e.trump, o0, o1, e.ksOf(rq), qt, n, 0)
		return true, rq
	}
	if lt, rl := e.laterTricks(L); n-lt < target {
		e.tt.store(lens, e.trump, o0, o1, e.ksOf(rl), 0, n-lt, 0)
		return false, rl
	}
	ms := &e.moves[d][0]
	cnt := e.genLead(L, ms, hint)
	var rel uint64
	for i := 0; i < cnt; i++ {
		c := ms[i].card
		bit := uint64(1) << uint(c)
		e.hands[L] &^= bit
		tr.card[0] = c
		tr.win = 0
		r, rr := e.search(d, 1, target)
		e.hands[L] |= bit
		if r {
			e.tt.store(lens, e.trump, o0, o1, e.ksOf(rr), target, n, e.encodeBest(c))
			return true, rr
		}
		rel |= rr
	}
	e.tt.store(lens, e.trump, o0, o1, e.ksOf(rel), 0, target-1, 0)
	return false, rel
}

// lastTrick plays the last trick out and answers lead's question for it.
func (e *engine) lastTrick(L, target int) (bool, uint64) {
	best := bits.TrailingZeros64(e.hands[L])
	win := L
	byRank := false
	for i := 1; i < 4; i++ {
		p := (L + i) & 3
		c := bits.TrailingZeros64(e.hands[p])
		if c>>4 == best>>4 {
			byRank = true
		}
		if beats(c, best, e.trump) {
			if c>>4 != best>>4 {
				byRank = false
			}
			best, win = c, p
		}
	}
	var rel uint64
	if byRank {
		rel = 1 << uint(best)
	}
	got := 0
	if (win^L)&1 == 0 {
		got = 1
	}
	return got >= target, rel
}

// lensKey packs the length of every hand in every suit (the last one is
// implied) and the leader.
func (e *engine) lensKey(L int) uint64 {
	var k uint64
	for h := 0; h < 4; h++ {
		x := e.hands[h]
		// per-16-bit popcounts
		x = x - (x>>1)&0x5555555555555555
		x = x&0x3333333333333333 + (x>>2)&0x3333333333333333
		x = (x + x>>4) & 0x0F0F0F0F0F0F0F0F
		x = (x + x>>8) & 0x00FF00FF00FF00FF
		// x holds four 16-bit counts; pack them in 4 nibbles
		c := x&0xF | (x>>16&0xF)<<4 | (x>>32&0xF)<<8 | (x>>48&0xF)<<12
		k |= c << (16 * uint(h))
	}
	return k&(1<<60-1) | uint64(L)<<60
}

// owners encodes who holds the remaining cards of each suit, from the top:
// the owner of the i-th highest card of suit s is in bits 24-2i and 25-2i of
// the 26-bit field of s; suits 0 and 1 in the first word (at bits 0 and 32),
// suits 2 and 3 in the second.
func (e *engine) owners() (uint64, uint64) {
	h0, h1, h2, h3 := e.hands[0], e.hands[1], e.hands[2], e.hands[3]
	all := h0 | h1 | h2 | h3
	var code [4]uint64
	for s := 0; s < 4; s++ {
		sh := uint(s)*16 + 2
		a := uint32(all>>sh) & 0x1FFF
		r1 := compress13(uint32(h1>>sh)&0x1FFF, a)
		r2 := compress13(uint32(h2>>sh)&0x1FFF, a)
		r3 := compress13(uint32(h3>>sh)&0x1FFF, a)
		n := uint(bits.OnesCount32(a))
		code[s] = (uint64(spread13[r1|r3]) | uint64(spread13[r2|r3])<<1) << (26 - 2*n)
	}
	return code[0] | code[1]<<32, code[2] | code[3]<<32
}

// compress13 gathers the bits of m at the positions set in a into the low
// bits (a software PEXT on 13 bits), using 7-bit and 6-bit tables.
func compress13(m, a uint32) uint32 {
	lo := uint32(compress7[(a&0x7F)<<7|m&0x7F])
	hi := uint32(compress7[(a>>7)<<7|(m>>7)])
	return lo | hi<<uint(bits.OnesCount32(a&0x7F))
}

// compress7[a<<7|m] is PEXT(m, a) for 7-bit values.
var compress7 [1 << 14]uint8

// spread13[x] moves bit i of x to bit 2i.
var spread13 [1 << 13]uint32

func init() {
	for a := 0; a < 128; a++ {
		for m := 0; m < 128; m++ {
			var r, j uint8
			for i := 0; i < 7; i++ {
				if a&(1<<i) != 0 {
					if m&(1<<i) != 0 {
						r |= 1 << j
					}
					j++
				}
			}
			compress7[a<<7|m] = r
		}
	}
	for x := 0; x < 1<<13; x++ {
		var r uint32
		for i := 0; i < 13; i++ {
			if x&(1<<i) != 0 {
				r |= 1 << (2 * i)
			}
		}
		spread13[x] = r
	}
}

// ksOf turns a set of deciding cards into the number of top cards of each
// suit that an entry must match: down to the lowest deciding card.
func (e *engine) ksOf(rel uint64) uint16 {
	all := e.hands[0] | e.hands[1] | e.hands[2] | e.hands[3]
	var ks uint16
	for s := 0; s < 4; s++ {
		r := suitOf(rel, s)
		if r == 0 {
			continue
		}
		low := uint(bits.TrailingZeros32(r))
		k := bits.OnesCount32(suitOf(all, s) >> low)
		ks |= uint16(k) << (4 * uint(s))
	}
	return ks
}

// thresholdCards returns, for each suit, the ks[s]-th highest remaining card.
func (e *engine) thresholdCards(ks uint16) uint64 {
	all := e.hands[0] | e.hands[1] | e.hands[2] | e.hands[3]
	var r uint64
	for s := 0; s < 4; s++ {
		k := int(ks>>(4*uint(s))) & 15
		if k == 0 {
			continue
		}
		a := suitOf(all, s)
		for i := 1; i < k; i++ {
			a &^= 1 << uint(bits.Len32(a)-1)
		}
		r |= 1 << uint(s*16+bits.Len32(a)-1)
	}
	return r
}

func (e *engine) alive(s int) uint32 {
	return suitOf(e.hands[0]|e.hands[1]|e.hands[2]|e.hands[3], s)
}

// encodeBest stores a lead as its suit and its index among the remaining
// cards of the suit from the top (the card is still in the leader's hand).
func (e *engine) encodeBest(c int) uint8 {
	s := c >> 4
	a := e.alive(s)
	idx := bits.OnesCount32(a >> uint(c&15+1))
	return uint8(s<<4 | (idx + 1))
}

func (e *engine) decodeBest(b uint8, L int) int {
	s := int(b >> 4)
	idx := int(b&15) - 1
	a := e.alive(s)
	for i := 0; i < idx && a != 0; i++ {
		a &^= 1 << uint(bits.Len32(a)-1)
	}
	if a == 0 {
		return -1
	}
	c := s<<4 | (bits.Len32(a) - 1)
	if e.hands[L]&(1<<uint(c)) == 0 {
		return -1
	}
	return c
}

// quickTricks counts tricks the leader can cash at once from the top,
// without giving up the lead: the leader's cards above every other remaining
// card of the suit (all of the suit when the others hold no more cards than
// that), limited in side suits of a trump contract by the length of every
// other hand that still holds a trump.
func (e *engine) quickTricks(L int) (int, uint64) {
	h := e.hands
	qt := 0
	var rel uint64
	for s := 0; s < 4; s++ {
		m := suitOf(h[L], s)
		if m == 0 {
			continue
		}
		o1 := suitOf(h[(L+1)&3], s)
		o2 := suitOf(h[(L+2)&3], s)
		o3 := suitOf(h[(L+3)&3], s)
		others := o1 | o2 | o3
		var k int
		var low uint64
		if others == 0 {
			k = bits.OnesCount32(m)
		} else {
			tops := m >> uint(bits.Len32(others))
			k = bits.OnesCount32(tops)
			if k == 0 {
				continue
			}
			low = 1 << uint(s*16+bits.TrailingZeros32(tops)+bits.Len32(others))
			ml := max(bits.OnesCount32(o1), bits.OnesCount32(o2), bits.OnesCount32(o3))
			if k >= ml {
				k = bits.OnesCount32(m)
			}
		}
		if e.trump != noTrump && s != e.trump {
			for i := 1; i < 4; i++ {
				hh := h[(L+i)&3]
				if suitOf(hh, e.trump) != 0 {
					k = min(k, bits.OnesCount32(suitOf(hh, s)))
				}
			}
		}
		if k > 0 {
			qt += k
			rel |= low
		}
	}
	return qt, rel
}

// laterTricks counts tricks the defenders (the side not on lead) surely take:
// in a trump contract, the trumps one of them holds above every trump of the
// three other hands.
func (e *engine) laterTricks(L int) (int, uint64) {
	if e.trump == noTrump {
		return 0, 0
	}
	t := e.trump
	best := 0
	var rel uint64
	for _, o := range [2]int{(L + 1) & 3, (L + 3) & 3} {
		m := suitOf(e.hands[o], t)
		if m == 0 {
			continue
		}
		rest := suitOf(e.hands[(o+1)&3]|e.hands[(o+2)&3]|e.hands[(o+3)&3], t)
		sh := uint(bits.Len32(rest))
		tops := m >> sh
		k := bits.OnesCount32(tops)
		if k > best {
			best = k
			rel = 0
			if rest != 0 {
				rel = 1 << (uint(t*16+bits.TrailingZeros32(tops)) + sh)
			}
		}
	}
	return best, rel
}

// sequences appends to ms one card (the top) of each run of equivalent cards
// of mask m in suit s, where alive holds every card that separates runs.
func sequences(ms []move, cnt int, s int, m, alive uint32) int {
	for m != 0 {
		top := bits.Len32(m) - 1
		x := top
		m &^= 1 << uint(x)
		for {
			below := alive & (1<<uint(x) - 1)
			if below == 0 {
				break
			}
			nx := bits.Len32(below) - 1
			if m&(1<<uint(nx)) == 0 {
				break
			}
			m &^= 1 << uint(nx)
			x = nx
		}
		c := s<<4 | top
		ms[cnt] = move{card: c}
		cnt++
	}
	return cnt
}

func sortMoves(ms []move) {
	for i := 1; i < len(ms); i++ {
		x := ms[i]
		j := i
		for j > 0 && ms[j-1].w < x.w {
			ms[j] = ms[j-1]
			j--
		}
		ms[j] = x
	}
}

// genLead fills ms with the leads of L, best first.
func (e *engine) genLead(L int, ms *[13]move, hint int) int {
	h := e.hands
	P := (L + 2) & 3
	lho := (L + 1) & 3
	rho := (L + 3) & 3
	cnt := 0
	for s := 0; s < 4; s++ {
		m := suitOf(h[L], s)
		if m == 0 {
			continue
		}
		mp := suitOf(h[P], s)
		ml := suitOf(h[lho], s)
		mr := suitOf(h[rho], s)
		a := m | mp | ml | mr
		top := uint32(1) << uint(bits.Len32(a)-1)
		oppTrumps := e.trump != noTrump && s != e.trump
		ruffL := oppTrumps && ml == 0 && suitOf(h[lho], e.trump) != 0
		ruffR := oppTrumps && mr == 0 && suitOf(h[rho], e.trump) != 0
		ruffP := oppTrumps && mp == 0 && suitOf(h[P], e.trump) != 0
		nl, nr := bits.OnesCount32(ml), bits.OnesCount32(mr)
		base := 0
		switch {
		case ruffL || ruffR:
			base -= 40
		case ruffP:
			base += 35
		}
		if s == e.trump {
			// draw trumps when our side has more of them
			ours := bits.OnesCount32(m) + bits.OnesCount32(mp)
			if ours > nl+nr {
				base += 15
			} else {
				base -= 10
			}
		}
		partnerTop := mp&top != 0
		lhoTop := ml&top != 0
		start := cnt
		cnt = sequences(ms[:], cnt, s, m, a)
		for i := start; i < cnt; i++ {
			c := ms[i].card
			low := i == cnt-1
			bit := uint32(1) << uint(c&15)
			x := base
			switch {
			case bit&top != 0:
				x += 50
				if nl == 0 && nr == 0 && e.trump == noTrump {
					x -= 10
				}
			case partnerTop:
				x += 40
				if low {
					x += 5
				}
			case lhoTop:
				x -= 25
			default:
				// leading from a suit where the opponents have few choices
				x += 10 - 3*(nl+nr)
			}
			if c == hint {
				x += 1000
			}
			ms[i].w = x
		}
	}
	sortMoves(ms[:cnt])
	return cnt
}

// genFollow fills ms with the cards of the player at position pos of trick d,
// best first.
func (e *engine) genFollow(d, pos int, ms *[13]move) int {
	tr := &e.stack[d]
	p := (tr.leader + pos) & 3
	h := e.hands
	led := tr.card[0] >> 4
	winCard := tr.card[tr.win]
	partnerWins := tr.win&1 == pos&1
	var inTrick [4]uint32
	for i := 0; i < pos; i++ {
		c := tr.card[i]
		inTrick[c>>4] |= 1 << uint(c&15)
	}
	all := h[0] | h[1] | h[2] | h[3]
	cnt := 0
	m := suitOf(h[p], led)
	if m != 0 {
		a := suitOf(all, led) | inTrick[led]
		// cards still to come in the trick from the opponents
		var later uint32
		for i := pos + 1; i < 4; i++ {
			if i&1 != pos&1 {
				later |= suitOf(h[(tr.leader+i)&3], led)
			}
		}
		cnt = sequences(ms[:], 0, led, m, a)
		for i := 0; i < cnt; i++ {
			c := ms[i].card
			r := c & 15
			switch {
			case partnerWins || !beats(c, winCard, e.trump):
				ms[i].w = -r
			case pos == 3 || uint32(1)<<uint(r) > later && (winCard>>4 == led):
				ms[i].w = 100 - r
			default:
				ms[i].w = 50 - r
			}
		}
		sortMoves(ms[:cnt])
		return cnt
	}
	// void in the led suit: ruff or discard
	for s := 0; s < 4; s++ {
		m := suitOf(h[p], s)
		if m == 0 {
			continue
		}
		a := suitOf(all, s) | inTrick[s]
		n := bits.OnesCount32(m)
		top := uint32(1) << uint(bits.Len32(suitOf(all, s))-1)
		start := cnt
		cnt = sequences(ms[:], cnt, s, m, a)
		for i := start; i < cnt; i++ {
			c := ms[i].card
			r := c & 15
			var x int
			switch {
			case s == e.trump && partnerWins:
				x = -60 - r
			case s == e.trump && beats(c, winCard, e.trump):
				x = 80 - r
			case s == e.trump:
				x = -100 - r
			default:
				x = 3*n - 2*r
				if uint32(1)<<uint(r)&top != 0 {
					x -= 30
				}
			}
			ms[i].w = x
		}
	}
	sortMoves(ms[:cnt])
	return cnt
}
