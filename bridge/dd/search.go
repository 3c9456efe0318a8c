package dd

import "math/bits"

// Cards inside the engine are bit indexes into a card.Hand: suit*16 + rank,
// rank 2..14. A hand is a uint64 with that layout.

const noTrump = 4

// trickState is one trick of the search stack.
type trickState struct {
	leader int
	card   [4]int // bit index of the card played at each position
	low    [4]int // the lowest card of the run each played card stood for
	win    int    // position of the card winning so far
	// all holds the cards of the four hands at the start of the trick
	// (the cards still held and those played to it): they separate the
	// runs of equivalent cards while the trick is played.
	all uint64
}

// move is a candidate card with its ordering weight.
type move struct {
	card int
	low  int // the lowest card of the run of equivalent cards card heads
	w    int
}

// moveList holds the moves of one position (at most 13; 16 so that an
// index masked with 15 needs no bounds check).
type moveList [16]move

// engine is the search proper. It is not safe for concurrent use.
type engine struct {
	hands [4]uint64
	// lens holds the length of every hand in every suit, 4 bits each at
	// bit 16*hand + 4*suit, kept up to date as cards are played.
	lens  uint64
	trump int
	stack [16]trickState // indexed by trick (d&15: no bounds check)
	moves [16][4]moveList
	tt    *ttable
	nodes uint64
	// stop, when set, is polled every 4096 trick-start nodes: once it is
	// closed the search unwinds (panic(errAborted), recovered by the
	// Solver's ...Context methods).
	stop  <-chan struct{}
	stats engineStats
	// killer[d] is the lead that last caused a cut-off at trick d, tried
	// first when it is a legal lead again (killers at the other positions
	// of the trick cost nodes). A lead that fails forgets the killers of
	// the later tricks, found in lines that no longer matter, and an
	// other hand's killer of its own trick (see lead).
	killer [16]int
	// codes[d] holds the owners code of each suit at the start of trick
	// d, valid when codesOK[d] (cleared for every new search).
	codes   [16][4]uint64
	codesOK [16]bool
	// rootRec switches on the recording, for each lead tried at the root
	// (trick 0 at a boundary), of the bounds its searches proved on the
	// tricks of the leader's side.
	rootRec        bool
	rootLo, rootHi [64]int8
	// For tests: plain searches without table, quick tricks or pruning
	// (a slow reference); verify, when set, is told every answer taken
	// from the table, quick tricks or later tricks.
	plain  bool
	verify func(kind string, L, n, target int, got bool)
	// verifyTrick is the trick in progress when verify is told a
	// "qt2" answer (given after the lead: the leader's card is out).
	verifyTrick trickState
}

// collectStats switches on the search counters (for tuning).
const collectStats = false

// engineStats counts search events (for tuning; deterministic).
type engineStats struct {
	Probes, Hits, QT, LT, Stores, Resets, Follow uint64
	Scanned                                      uint64
	Cut                                          [4][4]uint64 // [pos][min(i,3)]
	NoCut                                        [4]uint64
	ByN                                          [14]uint64 // stores by tricks left
	HitByN                                       [14]uint64
	KSum                                         [14]uint64
}

// add accumulates b into a.
func (a *engineStats) add(b engineStats) {
	a.Probes += b.Probes
	a.Hits += b.Hits
	a.QT += b.QT
	a.LT += b.LT
	a.Stores += b.Stores
	a.Resets += b.Resets
	a.Follow += b.Follow
	a.Scanned += b.Scanned
	for i := range a.ByN {
		a.ByN[i] += b.ByN[i]
		a.HitByN[i] += b.HitByN[i]
		a.KSum[i] += b.KSum[i]
	}
	for i := range a.Cut {
		for j := range a.Cut[i] {
			a.Cut[i][j] += b.Cut[i][j]
		}
		a.NoCut[i] += b.NoCut[i]
	}
}

func suitOf(h uint64, s int) uint32 { return uint32(h>>(uint(s&3)*16)) & 0x7FFC }

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
	tr := &e.stack[d&15]
	p := (tr.leader + pos) & 3
	maxNode := pos&1 == 0
	if pos == 1 && !e.plain {
		if ok, rq := e.secondHandWins(tr, p, target); ok {
			if e.verify != nil {
				e.verifyTrick = *tr
				e.verify("qt2", tr.leader, bits.OnesCount64(e.hands[p]), target, false)
			}
			return false, rq
		}
	}
	ms := &e.moves[d&15][pos&3]
	if collectStats {
		e.stats.Follow++
	}
	mv := ms[:e.genFollow(d, pos, ms)]
	var rel uint64
	var skip [4]uint32 // per suit: ranks below which the cards are known not to matter
	for i := range mv {
		c := mv[i].card
		if uint32(1)<<uint(c&15) < skip[c>>4&3] && !e.plain {
			continue
		}
		e.take(p, c)
		tr.card[pos&3] = c
		tr.low[pos&3] = mv[i].low
		oldWin := tr.win
		if beats(c, tr.card[oldWin&3], e.trump) {
			tr.win = pos
		}
		var r bool
		var rr uint64
		if pos < 3 {
			r, rr = e.search(d, pos+1, target)
		} else {
			w := (tr.leader + tr.win) & 3
			e.stack[(d+1)&15].leader = w
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
		e.give(p, c)
		if r == maxNode {
			if collectStats {
				e.stats.Cut[pos][min(i, 3)]++
			}
			return maxNode, rr
		}
		rel |= rr
		// small-card pruning: no card of the suit below the lowest one
		// that decided the result matters, so if c is below it, the
		// other cards below it give the same result
		e.prune(&skip, c, rr)
	}
	if collectStats {
		e.stats.NoCut[pos]++
	}
	return !maxNode, rel
}

// prune records, after card c failed with deciding cards rr, which cards
// of c's suit are known to give the same result: every card below the
// lowest deciding card of the suit, when c itself is below it (swapping
// two such cards changes no rank that decided anything).
func (e *engine) prune(skip *[4]uint32, c int, rr uint64) {
	s := c >> 4
	m := suitOf(rr, s)
	low := uint32(1) << 15
	if m != 0 {
		low = m & -m
	}
	if uint32(1)<<uint(c&15) < low {
		skip[s&3] = max(skip[s&3], low)
	}
}

// secondHandWins reports, for second hand p to play to trick tr, that the
// side of p takes the tricks it needs for the leader's side to fail: it
// surely wins this one (p or its partner can ruff and the leader's partner
// cannot overruff, or they hold a card of the suit led above the card led
// and all of the leader's partner's cards of the suit, which he cannot
// ruff), and the hand that wins it then cashes the rest (cashAfter). When
// the leader's partner can ruff, one trick is counted if p or its partner
// overruffs it. The cards returned are those whose rank the answer relied
// on.
func (e *engine) secondHandWins(tr *trickState, p, target int) (bool, uint64) {
	p &= 3
	n := bits.OnesCount64(e.hands[p])
	need := n - target + 1 // tricks p's side needs for the leader's to fail
	if need > n {
		return false, 0
	}
	led := tr.card[0]
	ls := led >> 4
	h2, h3, h4 := e.hands[p], e.hands[(p+1)&3], e.hands[(p+2)&3]
	m2, m3, m4 := suitOf(h2, ls), suitOf(h3, ls), suitOf(h4, ls)
	if e.trump != noTrump && ls != e.trump {
		t3 := m3 == 0 && suitOf(h3, e.trump) != 0
		if t3 {
			// p or its partner, void too, overruffs the third hand
			// (suit rows -0.07 %, -0.04 %)
			var over uint32
			if m2 == 0 {
				over = suitOf(h2, e.trump)
			}
			if m4 == 0 {
				over |= suitOf(h4, e.trump)
			}
			if need > 1 || bits.Len32(over) <= bits.Len32(suitOf(h3, e.trump)) {
				return false, 0
			}
			return true, uint64(1) << (uint(e.trump*16+bits.Len32(over)-1) & 63)
		}
		r2, r4 := m2 == 0 && suitOf(h2, e.trump) != 0, m4 == 0 && suitOf(h4, e.trump) != 0
		if r2 || r4 {
			if need <= 1 {
				return true, 0
			}
			// the ruffing hand then cashes (seeded and dev suit rows:
			// -1.0 %, -1.3 %)
			hh := p
			if !r2 {
				hh = (p + 2) & 3
			}
			return e.cashAfter(hh, ls, need, 0, true)
		}
	}
	def := m2 | m4
	if def == 0 {
		return false, 0
	}
	top := bits.Len32(def) - 1
	if top < led&15 || (m3 != 0 && top < bits.Len32(m3)-1) {
		return false, 0
	}
	rel := uint64(1) << (uint(ls*16+top) & 63)
	if need <= 1 {
		return true, rel
	}
	hh := p
	if m4>>uint(top)&1 != 0 {
		hh = (p + 2) & 3
	}
	return e.cashAfter(hh, ls, need, rel, false)
}

// cashAfter ends secondHandWins: hh wins the trick of suit ls (ruffing it
// when ruffed: it then holds one trump less), then cashes its top cards
// of the other suits (all of a suit nobody else holds). The opponents of
// hh still to play to the trick follow suit or hold no trump, so their
// lengths in the other suits stand. With trumps, a side suit counts only
// while neither opponent can ruff it, and while partner, if it holds
// trumps, follows suit (it could be forced to ruff a winner; limiting
// the count by partner's length instead of skipping the suit: suit rows
// -0.4 %, -0.45 %). The cards returned are those whose rank the answer
// relied on, rel and the cashed winners.
func (e *engine) cashAfter(hh, ls, need int, rel uint64, ruffed bool) (bool, uint64) {
	h := &e.hands
	hh &= 3
	hm := h[hh]
	oth := h[(hh+1)&3] | h[(hh+2)&3] | h[(hh+3)&3]
	t := e.trump
	var pt, t1, t3 bool // partner, LHO, RHO of hh hold trumps
	if t != noTrump {
		pt = suitOf(h[(hh+2)&3], t) != 0
		t1, t3 = suitOf(h[(hh+1)&3], t) != 0, suitOf(h[(hh+3)&3], t) != 0
	}
	// the suit lengths of hh's LHO at bit 0, partner's at 16, RHO's at 32
	rl := bits.RotateLeft64(e.lens, -16*(hh+1))
	got := 1
	for s := 0; s < 4 && got < need; s++ {
		m := suitOf(hm, s)
		if s == ls || m == 0 {
			continue
		}
		others := suitOf(oth, s)
		k := bits.OnesCount32(m)
		var low uint64
		if others != 0 {
			tops := m >> uint(bits.Len32(others))
			if tops == 0 {
				continue
			}
			k = bits.OnesCount32(tops)
			low = 1 << (uint(s*16+bits.TrailingZeros32(tops)+bits.Len32(others)) & 63)
		}
		if s == t {
			if ruffed {
				k = min(k, bits.OnesCount32(m)-1)
			}
		} else if t != noTrump {
			sh := uint(4 * s)
			if pt {
				k = min(k, int(rl>>(16+sh)&15))
			}
			if t1 {
				k = min(k, int(rl>>sh&15))
			}
			if t3 {
				k = min(k, int(rl>>(32+sh)&15))
			}
		}
		if k <= 0 {
			continue
		}
		got += k
		rel |= low
	}
	if got < need {
		return false, 0
	}
	return true, rel
}

// rankWinner returns the card whose rank decided the complete trick tr, if
// its winner won by rank (another card of its suit was played), else 0. The
// winner stood for a run of equivalent cards: it is the lowest of the run
// that matters, so that every position the result is stored for gives the
// winning hand the same run (and no card between it and the cards beaten).
func (e *engine) rankWinner(tr *trickState) uint64 {
	wc := tr.card[tr.win&3]
	ws := wc >> 4
	for i := 0; i < 4; i++ {
		if i != tr.win && tr.card[i]>>4 == ws {
			return 1 << (uint(tr.low[tr.win&3]) & 63)
		}
	}
	return 0
}

// lead is search at a trick boundary: cut-offs and table look-ups happen here.
func (e *engine) lead(d, target int) (bool, uint64) {
	tr := &e.stack[d&15]
	L := tr.leader & 3
	n := bits.OnesCount64(e.hands[L])
	if target <= 0 {
		return true, 0
	}
	if target > n {
		return false, 0
	}
	e.nodes++
	if e.stop != nil && e.nodes&4095 == 0 {
		select {
		case <-e.stop:
			panic(errAborted)
		default:
		}
	}
	if n == 1 {
		return e.lastTrick(L, target)
	}
	if e.plain {
		return e.plainLead(d, target)
	}
	// The table is consulted first in the early tricks, where its entries
	// cover many positions; near the end quick tricks answer more cheaply.
	var lens, o0, o1 uint64
	var ref ttRef
	hint := -1
	probed := false
	if n >= ttFirst {
		var hit, ok bool
		var rt uint64
		lens, o0, o1 = e.lensKey(L), 0, 0
		o0, o1 = e.owners(d)
		if hit, ok, rt, hint = e.probe(lens, o0, o1, L, n, target, &ref); hit {
			return ok, rt
		}
		probed = true
	}
	if qt, rq := e.quickTricks(L, target); qt >= target {
		if collectStats {
			e.stats.QT++
		}
		if e.verify != nil {
			e.verify("qt", L, n, target, true)
		}
		return true, rq
	}
	if n-e.laterMax(L) >= target {
		// later tricks cannot cut
	} else if lt, rl := e.laterTricks(L, n, target); n-lt < target {
		if e.verify != nil {
			e.verify("lt", L, n, target, false)
		}
		if collectStats {
			e.stats.LT++
		}
		return false, rl
	}
	if !probed {
		var hit, ok bool
		var rt uint64
		lens = e.lensKey(L)
		o0, o1 = e.owners(d)
		if hit, ok, rt, hint = e.probe(lens, o0, o1, L, n, target, &ref); hit {
			return ok, rt
		}
	}
	ms := &e.moves[d&15][0]
	mv := ms[:e.genLead(L, ms, hint, e.killer[d&15])]
	tr.all = e.hands[0] | e.hands[1] | e.hands[2] | e.hands[3]
	var rel uint64
	var skip [4]uint32
	for i := range mv {
		c := mv[i].card
		if uint32(1)<<uint(c&15) < skip[c>>4&3] {
			continue
		}
		e.take(L, c)
		tr.card[0] = c
		tr.low[0] = mv[i].low
		tr.win = 0
		r, rr := e.search(d, 1, target)
		e.give(L, c)
		if d == 0 && e.rootRec {
			if r {
				e.rootLo[c&63] = max(e.rootLo[c&63], int8(target))
			} else {
				e.rootHi[c&63] = min(e.rootHi[c&63], int8(target-1))
			}
		}
		if r {
			e.killer[d&15] = c
			if collectStats {
				e.stats.Cut[0][min(i, 3)]++
			}
			e.store(n, lens, o0, o1, e.ksOf(rr), target, n, e.encodeBest(c), &ref)
			return true, rr
		}
		rel |= rr
		e.prune(&skip, c, rr)
	}
	if collectStats {
		e.stats.NoCut[0]++
	}
	// Forget the killers that stale lines left (issue 38: positions of one
	// notrump solve with West on lead -2.5 to -3.8 % on five sets of 300
	// deals, full tables -5 to -7 %, every card's value -3.5 %; keeping
	// them per leader or per side instead, a second killer, or forgetting
	// after a cut-off or a failing follow all searched more).
	if k := e.killer[d&15]; e.hands[L]&(1<<(uint(k)&63)) == 0 {
		e.killer[d&15] = 0
	}
	clear(e.killer[min(d+1, len(e.killer)):])
	e.store(n, lens, o0, o1, e.ksOf(rel), 0, target-1, 0, &ref)
	return false, rel
}

// ttFirst is the number of tricks left from which lead consults the
// table before counting quick tricks.
const ttFirst = 9

// Lead ordering weights (tuned on node counts of seeded deals, see
// TestNodes): the killer lead and the table's best lead come first; then
// suits in which the opponents have few cards to choose from (a void
// counts as twice the tricks left: they may discard anything), winners,
// leads to partner's top cards, ruffs for partner, and never a suit the
// opponents can ruff.
const (
	hintW    = 1000 // the best lead of a matching table entry
	killerW  = 2000 // the lead that last cut off at this depth
	oppCardW = 10   // per card of an opponent in the suit led
	ruffOppW = 50   // an opponent can ruff
	ruffPW   = 40   // partner can ruff
	lhoTopW  = 50   // LHO holds the top card, partner the second (not singleton)
	// suit contracts (DDS's rules, weights tuned on the suit rows): a
	// singleton of L's when L holds trumps and partner the top card and
	// more (partner wins and gives L a ruff); a suit in which the
	// right-hand opponent, not singleton, holds the top or second card
	returnRuffW = 40
	rhoHighW    = -15
	// suit contracts, more for a top card of L's and for lhoTopW's
	// lead (each +20, swept from -20 to +40: suit rows -0.45 % and
	// -0.2 to -0.55 % alone)
	suitTopW    = 20
	suitLhoTopW = 20
	lowW        = -20 // a small card from a suit in which nobody on our side holds the top
	// L's top card when L does not hold the second card too (cashing
	// it gives up control) and partner cannot win the suit either
	topAloneW  = -20
	toPartnerW = 100 // a small card when partner's best beats the opponents'
	secondSeqW = 25  // (notrump) the second card of the suit with the third (an opponent holds the top)
	// notrump (tuned on notrump tables, then on one solve with West on
	// lead, issue 38: see below): a suit partner is void in, a top card,
	// our side's length
	ntPartnerVoidW = 30
	ntTopW         = 20
	ntLenW         = 2 // per card of our side in the suit, beyond six
	// the same in the first two tricks (12 or 13 cards left), where the
	// long suit to establish decides most (swept 6-12 and from 8 to 13
	// cards left: notrump, West on lead 11.95 + 6.22 M -> 11.62 + 5.92 M
	// positions, seeded + dev; the notrump rows of a table -0.3 % each;
	// 8 at every trick: -2.2 % and -4.4 % West on lead, but the dev
	// table rows +0.7 %)
	ntLenEarlyW = 14
	// notrump, an opponent holding the top card (DDS's rule, weights
	// tuned on notrump tables): partner holds the second and third cards;
	// partner the second and L the third; L the second and partner the
	// third (the last two only when partner is not singleton)
	ntPartnerSeqW    = 50
	ntPartnerSecondW = 70
	ntPartnerThirdW  = 90
	// notrump, our side holding the top card (or partner a winner) and
	// the right-hand opponent the second, not singleton (DDS's rule; the
	// weight tuned on notrump tables)
	ntRHOSecondW = -50
	// Issue 38 (coordinate descent on the positions of one notrump solve
	// with West on lead, 300 deals of `atout deal --seed 777`: 19.93 M ->
	// 18.86 M; on fresh sets -0.4 % and -1.6 %, every card's value -1.4 %,
	// the notrump row of a table -1.0 %): per card of an opponent in the
	// suit led (oppCardW in a suit contract), a top card when both
	// opponents are void, a small card to partner's top card (beyond the
	// 5 of any strain). The same run moved ntPartnerVoidW 10 -> 30, ntLenW
	// 4 -> 2, ntLenEarlyW 8 -> 14, ntPartnerSecondW 50 -> 70,
	// ntPartnerThirdW 70 -> 90 and secondSeqW 15 -> 25.
	ntOppCardW       = 13
	ntTopBothVoidW   = -70
	ntPartnerTopLowW = 10
	// a suit nobody on our side wins (any strain): a lone card (not the
	// head of a run of equivalent cards) the lower the better, its rank
	// divided by this (a run's head, which may set up its lower cards,
	// keeps its weight: DDS's order)
	loneLowDiv = 4
)

// probe looks the position up in the table: hit reports an entry whose
// bounds answer the question for target (ok is the answer, rel the cards
// it relied on); otherwise hint is the best lead of a matching entry, or -1,
// and ref what the store after the search needs (see ttRef).
func (e *engine) probe(lens, o0, o1 uint64, L, n, target int, ref *ttRef) (hit, ok bool, rel uint64, hint int) {
	hint = -1
	tt := e.tt
	if collectStats {
		e.stats.Probes++
	}
	sl := tt.slot(lens, e.trump)
	if sl.gen != tt.gen {
		return false, false, 0, -1
	}
	*ref = ttRef{sl: sl, epoch: tt.epoch}
	base := sl.start
	es := tt.pool[base : base+int32(sl.n)]
	for g, w := sl.older, 0; ; g = tt.segs[g].next {
		for i := len(es) - 1; i >= 0; i-- {
			en := &es[i]
			if collectStats {
				e.stats.Scanned++
			}
			ks := en.ks
			if o0&pairMask[ks&0xFF] != en.p0 || o1&pairMask[ks>>8] != en.p1 {
				continue
			}
			if int(en.lo) >= target || int(en.hi) < target {
				ok := int(en.lo) >= target
				if collectStats {
					e.stats.HitByN[n]++
					e.stats.Hits++
				}
				if e.verify != nil {
					e.verify("hit", L, n, target, ok)
				}
				return true, ok, e.thresholdCards(ks), hint
			}
			if en.best != 0 && hint < 0 {
				hint = e.decodeBest(en.best, L)
			}
			ref.add(base + int32(i))
		}
		w += len(es)
		if g == 0 || w >= maxScan {
			break
		}
		base = tt.segs[g].start
		es = tt.pool[base : base+segMax]
	}
	return false, false, 0, hint
}

// store records bounds in the table (and counts the stores by tricks left);
// ref is what the position's probe found.
func (e *engine) store(n int, lens, o0, o1 uint64, ks uint16, lo, hi int, best uint8, ref *ttRef) {
	if collectStats {
		e.stats.ByN[n]++
		e.stats.KSum[n] += uint64(ks&15 + ks>>4&15 + ks>>8&15 + ks>>12)
	}
	e.tt.store(lens, e.trump, o0, o1, ks, lo, hi, best, ref)
}

// plainLead is lead without table, quick tricks or small-card pruning.
func (e *engine) plainLead(d, target int) (bool, uint64) {
	tr := &e.stack[d]
	L := tr.leader
	ms := &e.moves[d][0]
	cnt := e.genLead(L, ms, -1, -1)
	tr.all = e.hands[0] | e.hands[1] | e.hands[2] | e.hands[3]
	for i := 0; i < cnt; i++ {
		c := ms[i].card
		e.take(L, c)
		tr.card[0] = c
		tr.low[0] = ms[i].low
		tr.win = 0
		r, _ := e.search(d, 1, target)
		e.give(L, c)
		if r {
			return true, 0
		}
	}
	return false, 0
}

// lastTrick plays the last trick out and answers lead's question for it.
func (e *engine) lastTrick(L, target int) (bool, uint64) {
	var cs [4]int
	best := bits.TrailingZeros64(e.hands[L])
	cs[L] = best
	win := L
	for i := 1; i < 4; i++ {
		p := (L + i) & 3
		c := bits.TrailingZeros64(e.hands[p])
		cs[p] = c
		if beats(c, best, e.trump) {
			best, win = c, p
		}
	}
	// Only the side that wins matters now (nobody leads again): ranks
	// decided it if an opponent of the winner played a card of its suit.
	var rel uint64
	if cs[(win+1)&3]>>4 == best>>4 || cs[(win+3)&3]>>4 == best>>4 {
		rel = 1 << (uint(best) & 63)
	}
	got := 0
	if (win^L)&1 == 0 {
		got = 1
	}
	return got >= target, rel
}

// take removes card c from hand p (it is played); give puts it back. They
// keep lens in step with the hands.
func (e *engine) take(p, c int) {
	e.hands[p&3] &^= 1 << (uint(c) & 63)
	e.lens -= 1 << (uint(16*p+4*(c>>4)) & 63)
}

func (e *engine) give(p, c int) {
	e.hands[p&3] |= 1 << (uint(c) & 63)
	e.lens += 1 << (uint(16*p+4*(c>>4)) & 63)
}

// lensKey packs the length of every hand in every suit (the last one is
// implied) and the leader.
func (e *engine) lensKey(L int) uint64 {
	return e.lens&(1<<60-1) | uint64(L)<<60
}

// countLens computes lens from the hands.
func (e *engine) countLens() {
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
	e.lens = k
}

// owners encodes who holds the remaining cards of each suit, from the top:
// the owner of the i-th highest card of suit s is in bits 24-2i and 25-2i of
// the 26-bit field of s; suits 0 and 1 in the first word (at bits 0 and 32),
// suits 2 and 3 in the second. The codes of trick d are kept: the next
// trick recomputes only the suits its parent trick played.
func (e *engine) owners(d int) (uint64, uint64) {
	d &= 15
	c := &e.codes[d]
	if d > 0 && e.codesOK[(d-1)&15] {
		*c = e.codes[(d-1)&15]
		// the suits the last trick played
		tr := &e.stack[(d-1)&15]
		played := uint(1)<<uint(tr.card[0]>>4&3) | uint(1)<<uint(tr.card[1]>>4&3) |
			uint(1)<<uint(tr.card[2]>>4&3) | uint(1)<<uint(tr.card[3]>>4&3)
		for ; played != 0; played &= played - 1 {
			s := uint(bits.TrailingZeros(played)) & 3
			c[s] = e.suitCode(s)
		}
	} else {
		for s := uint(0); s < 4; s++ {
			c[s] = e.suitCode(s)
		}
	}
	e.codesOK[d] = true
	return c[0] | c[1]<<32, c[2] | c[3]<<32
}

// suitCode is the owners code of suit s (see owners): the two bits of
// each remaining card, from the top, are its owner's seat (hands 1 and 3
// set the low bit, 2 and 3 the high one).
func (e *engine) suitCode(s uint) uint64 {
	sh := (s*16 + 2) & 63
	h1, h2, h3 := e.hands[1]>>sh, e.hands[2]>>sh, e.hands[3]>>sh
	a := uint32((e.hands[0]>>sh)|h1|h2|h3) & 0x1FFF
	// gathering is linear: gather(h1)|gather(h3) = gather(h1|h3)
	lo, hi, nlo := a&0x7F<<7, a>>7<<7&0x3FFF, uint(bits.OnesCount32(a&0x7F))
	m13, m23 := uint32(h1|h3)&0x1FFF, uint32(h2|h3)&0x1FFF
	r13 := uint32(compress7[lo|m13&0x7F]) | uint32(compress7[hi|m13>>7])<<(nlo&31)
	r23 := uint32(compress7[lo|m23&0x7F]) | uint32(compress7[hi|m23>>7])<<(nlo&31)
	n := uint(bits.OnesCount32(a))
	return (uint64(spread13[r13&0x1FFF]) | uint64(spread13[r23&0x1FFF])<<1) << ((26 - 2*n) & 63)
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
		r |= 1 << uint(s*16+2+kthHighest(suitOf(all, s)>>2, k))
	}
	return r
}

// kthHighest returns the rank index (0 to 12) of the k-th highest card
// (k >= 1) of the 13-bit suit b, which holds at least k cards: the top
// seven ranks and the bottom six are looked up in tables.
func kthHighest(b uint32, k int) int {
	hi := b >> 6 & 0x7F
	n := int(pop7[hi])
	if k <= n {
		return 6 + int(selHi[hi][(k-1)&7])
	}
	return int(selLo[b&0x3F][(k-n-1)&7])
}

// pop7[x] counts the bits of x; selHi[x][j] and selLo[y][j] are the
// positions of the (j+1)-th highest bit of the 7-bit x and the 6-bit y.
var (
	pop7  [128]uint8
	selHi [128][8]uint8
	selLo [64][8]uint8
)

func init() {
	for x := range selHi {
		pop7[x] = uint8(bits.OnesCount32(uint32(x)))
		j := 0
		for i := 6; i >= 0; i-- {
			if x>>uint(i)&1 != 0 {
				selHi[x][j] = uint8(i)
				j++
			}
		}
	}
	for y := range selLo {
		j := 0
		for i := 5; i >= 0; i-- {
			if y>>uint(i)&1 != 0 {
				selLo[y][j] = uint8(i)
				j++
			}
		}
	}
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
	if e.hands[L]&(1<<(uint(c)&63)) == 0 {
		return -1
	}
	return c
}

// quickTricks counts tricks the side of L can cash at once (0 when that
// cannot reach target), without giving up the lead. It returns the count
// and the lowest card of each suit whose rank the count relied on.
//
// The rules, in turn (the first count to reach target is returned):
//   - [engine.trumpsOutTricks]: the opponents hold no trumps;
//   - [engine.partnerRuff], for one trick: partner ruffs a side suit;
//   - [engine.cashBound]: no count can reach target, return 0;
//   - [quick.cashTops]: the leader's cards above every other remaining card
//     of their suit (all of the suit when the others hold no more cards than
//     that), limited in side suits of a trump contract by the length of
//     every other hand that still holds a trump;
//   - [quick.partnerFollows]: partner, holding trumps, is never forced to
//     ruff one of L's winners;
//   - [quick.crossToPartner] and [quick.crossAfterTops]: the winners of
//     partner in one suit where L has a small card to reach them, alone or
//     after L's own winners (the better of the two counts);
//   - [quick.voidSuitRun] and [quick.entryToPartner] in notrump, and
//     [quick.drawTrumpsFirst] and [quick.cashThenRuff] in a suit contract:
//     more counts, the best one kept.
func (e *engine) quickTricks(L, target int) (int, uint64) {
	L &= 3
	h := &e.hands
	if t := e.trump; t != noTrump {
		if suitOf(h[(L+1)&3]|h[(L+3)&3], t) == 0 && suitOf(h[L], t) != 0 {
			if q := e.trumpsOutTricks(L); q >= target {
				return q, 0
			}
		}
		if target == 1 {
			if q, rel := e.partnerRuff(L); q > 0 {
				return q, rel
			}
		}
	}
	if !e.cashBound(L, target) {
		return 0, 0
	}
	var q quick
	q.e, q.h, q.target = e, h, target
	q.L, q.P, q.lho, q.rho = L, (L+2)&3, (L+1)&3, (L+3)&3
	q.trumped = e.trump != noTrump
	q.cashTops()
	if q.trumped && q.qt > 0 && suitOf(h[q.P&3], e.trump) != 0 {
		if n, ok := q.partnerFollows(); ok {
			return n, q.rel
		}
	}
	if q.qt >= target {
		return q.qt, q.rel
	}
	q.crossToPartner()
	if q.qt > 0 {
		q.crossAfterTops()
	}
	q.best, q.relBest = q.bestAlone, q.relAlone
	if q.qt+q.bestComb >= q.bestAlone && q.bestAlone < target {
		q.best, q.relBest = q.qt+q.bestComb, q.rel|q.relComb
	}
	if !q.trumped && q.best < target {
		q.voidSuitRun()
	}
	if !q.trumped && q.best < target {
		q.entryToPartner()
	}
	if q.trumped && q.cashed[e.trump] > 0 && q.best < target {
		q.drawTrumpsFirst()
	}
	if q.trumped && q.qt > 0 && q.best < target {
		q.cashThenRuff()
	}
	if q.forced > q.best {
		return q.forced, q.rel
	}
	return q.best, q.relBest
}

// trumpsOutTricks is the quick-trick rule for a trump contract in which
// the opponents hold no trumps and L does (the caller checks): every round
// of trumps L leads is won, and before them partner can ruff a side suit it
// lacks if L has at least as many trumps.
func (e *engine) trumpsOutTricks(L int) int {
	h := &e.hands
	t := e.trump
	P := (L + 2) & 3
	nL, nP := bits.OnesCount32(suitOf(h[L&3], t)), bits.OnesCount32(suitOf(h[P&3], t))
	q := max(nL, nP)
	if nL >= nP && nP > 0 {
		for s := 0; s < 4; s++ {
			if s != t && suitOf(h[L&3], s) != 0 && suitOf(h[P&3], s) == 0 {
				q++
				break
			}
		}
	}
	return q
}

// cashBound reports whether an upper bound of the tricks the side of L can
// cash reaches target: in each suit, our cards above all of the opponents'
// (all of the longer of our hands once those are at least as many as the
// opponents' cards). In a suit contract, unless our top trumps can draw
// the opponents', a side suit gives no more rounds than an opponent
// holding trumps can follow.
func (e *engine) cashBound(L, target int) bool {
	h := &e.hands
	hl, hp := h[L&3], h[(L+2)&3]
	hL, hR := h[(L+1)&3], h[(L+3)&3]
	theirs := hL | hR
	capped := false
	var tL, tR bool
	if t := e.trump; t != noTrump {
		tL, tR = suitOf(hL, t) != 0, suitOf(hR, t) != 0
		o := suitOf(theirs, t)
		w := suitOf(hl|hp, t) >> uint(bits.Len32(o))
		capped = (tL || tR) && bits.OnesCount32(w) < max(bits.OnesCount32(suitOf(hL, t)), bits.OnesCount32(suitOf(hR, t)))
	}
	bound := 0
	// the suit lengths with L's at bit 0, LHO's at 16, partner's at
	// 32 and RHO's at 48, the suit's 4 bits moving down each round
	rl := bits.RotateLeft64(e.lens, -16*L)
	for s := 0; s < 4; s, rl = s+1, rl>>4 {
		o := suitOf(theirs, s)
		w := suitOf(hl|hp, s) >> uint(bits.Len32(o))
		if w == 0 {
			continue
		}
		n := int(max(rl&15, rl>>32&15))
		nl, nr := int(rl>>16&15), int(rl>>48&15)
		if k := bits.OnesCount32(w); k < n && k < max(nl, nr) {
			n = k
		}
		if capped && s != e.trump {
			if tL {
				n = min(n, nl)
			}
			if tR {
				n = min(n, nr)
			}
		}
		bound += n
		if bound >= target {
			return true
		}
	}
	return bound >= target
}

// quick is the count of [engine.quickTricks] once the leader's own
// winners are counted, shared by its later rules.
type quick struct {
	e                 *engine
	h                 *[4]uint64
	L, P, lho, rho    int
	target            int
	trumped           bool
	qt                int    // L's own winners (cashTops, partnerFollows)
	rel               uint64 // the cards qt relied on
	forced            int    // tricks cashed until partner is forced to ruff
	cashed, cashedP   [4]int // L's winners by suit; as many as partner follows to
	kRaw              [4]int // L's winners by suit, before the limits of ruffs
	lowRaw            [4]uint64
	lNonTrump         int  // L's cards outside trumps
	pTrumps           bool // partner holds trumps in a suit contract
	bestAlone         int  // partner's winners reached in one suit
	bestComb          int  // partner's winners reached after L's own winners
	relAlone, relComb uint64
	best              int // the best count so far, from the crossings on
	relBest           uint64
}

// cashTops counts L's cards above every other remaining card of their suit
// (all of the suit when the others hold no more cards than that), limited
// in side suits of a trump contract by the length of every other hand that
// still holds a trump.
func (q *quick) cashTops() {
	h, L, P, lho, rho := q.h, q.L, q.P, q.lho, q.rho
	trump := q.e.trump
	for s := 0; s < 4; s++ {
		m := suitOf(h[L&3], s)
		if m == 0 {
			continue
		}
		o1 := suitOf(h[lho&3], s)
		o2 := suitOf(h[P&3], s)
		o3 := suitOf(h[rho&3], s)
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
			low = 1 << (uint(s*16+bits.TrailingZeros32(tops)+bits.Len32(others)) & 63)
			ml := max(bits.OnesCount32(o1), bits.OnesCount32(o2), bits.OnesCount32(o3))
			if k >= ml {
				// ml rounds of top cards leave the others void: the
				// rest win by length, only the top ml ranks matter
				for i := ml; i < k; i++ {
					tops &= tops - 1
				}
				low = 1 << (uint(s*16+bits.TrailingZeros32(tops)+bits.Len32(others)) & 63)
				k = bits.OnesCount32(m)
			}
		}
		q.kRaw[s], q.lowRaw[s] = k, low
		kp := k
		if q.trumped && s != trump {
			if suitOf(h[lho&3], trump) != 0 {
				k = min(k, bits.OnesCount32(o1))
			}
			if suitOf(h[rho&3], trump) != 0 {
				k = min(k, bits.OnesCount32(o3))
			}
			kp = k
			if suitOf(h[P&3], trump) != 0 {
				kp = min(k, bits.OnesCount32(o2))
			}
		}
		if k > 0 {
			q.cashed[s] = k
			q.cashedP[s] = kp
			q.qt += k
			q.rel |= low
		}
	}
}

// partnerFollows limits L's winners in a trump contract when partner holds
// trumps (the caller checks, and that L has winners): it must never be forced to ruff a winner, so it needs a
// non-trump discard whenever it shows out. Either partner follows to every
// round (the counts limited by its lengths), or, when L cashes no trumps,
// L cashes until partner holds nothing but trumps and must ruff: that
// trick is still won (the opponents follow to every counted round), but
// partner is then on lead. ok reports a count n that reaches target.
func (q *quick) partnerFollows() (n int, ok bool) {
	h, trump := q.h, q.e.trump
	need, spare := partnerDiscards(h[q.P&3], &q.cashed, trump)
	if need <= spare {
		return 0, false
	}
	all := q.qt
	q.qt = 0
	for s := 0; s < 4; s++ {
		q.qt += q.cashedP[s]
	}
	if q.cashed[trump] == 0 {
		nt := bits.OnesCount64(h[q.P&3]) - bits.OnesCount32(suitOf(h[q.P&3], trump))
		if alt := min(all, nt+1); alt > q.qt {
			if alt >= q.target {
				return alt, true
			}
			q.forced = alt
		}
	}
	q.cashed = q.cashedP
	return 0, false
}

// comb records cnt tricks of partner's in suit s after L's own winners,
// when partner can discard from suits other than s and the cashed ones
// (spareS cards of s besides), never ruffing.
func (q *quick) comb(s, cnt, spareS int, low uint64) {
	h := q.h
	need := 0
	spare := spareS
	lCashedNonTrump := 0
	for s2 := 0; s2 < 4; s2++ {
		n2 := bits.OnesCount32(suitOf(h[q.P&3], s2))
		if q.cashed[s2] > 0 {
			if q.cashed[s2] > n2 {
				if q.pTrumps {
					need = 99
				}
				need += q.cashed[s2] - n2
			}
			if !q.trumped || s2 != q.e.trump {
				lCashedNonTrump += q.cashed[s2]
			}
		} else if s2 != s {
			spare += n2
		}
	}
	if need > spare {
		return
	}
	c2 := cnt
	if q.trumped && s != q.e.trump {
		c2 = min(c2, q.lNonTrump-lCashedNonTrump)
	}
	if c2 > q.bestComb {
		q.bestComb, q.relComb = c2, low
	}
}

// crossToPartner counts partner's winners reached by crossing: L leads a
// small card of a suit s in which partner holds the top cards and L has
// nothing cashed, then partner cashes; alone (bestAlone) or after L's own
// winners (comb).
func (q *quick) crossToPartner() {
	h, L, P, lho, rho := q.h, q.L, q.P, q.lho, q.rho
	trump := q.e.trump
	var lTrumps uint32
	if q.trumped {
		lTrumps = suitOf(h[L&3], trump)
	}
	q.lNonTrump = bits.OnesCount64(h[L&3]) - bits.OnesCount32(lTrumps)
	q.pTrumps = q.trumped && suitOf(h[P&3], trump) != 0
	for s := 0; s < 4; s++ {
		mL := suitOf(h[L&3], s)
		mP := suitOf(h[P&3], s)
		if mL == 0 || mP == 0 || q.cashed[s] > 0 {
			continue
		}
		ml, mr := suitOf(h[lho&3], s), suitOf(h[rho&3], s)
		opp := ml | mr
		sh := uint(bits.Len32(opp | mL))
		above := mP >> sh
		kP := bits.OnesCount32(above)
		if kP == 0 {
			continue
		}
		cnt := kP
		low := uint64(1) << (uint(s*16+bits.TrailingZeros32(above)+int(sh)) & 63)
		nL := bits.OnesCount32(mL)
		if r := max(bits.OnesCount32(ml), bits.OnesCount32(mr), nL); kP >= r {
			// the opponents and L run out: all of partner's cards win,
			// and only the top r ranks of them matter
			cnt = bits.OnesCount32(mP)
			top := above
			for i := r; i < kP; i++ {
				top &= top - 1
			}
			low = uint64(1) << (uint(s*16+bits.TrailingZeros32(top)+int(sh)) & 63)
		}
		// partner's cards of s below its winners are free discards
		spareS := bits.OnesCount32(mP) - cnt
		if q.trumped && s != trump {
			if suitOf(h[lho&3], trump) != 0 {
				cnt = min(cnt, bits.OnesCount32(ml))
			}
			if suitOf(h[rho&3], trump) != 0 {
				cnt = min(cnt, bits.OnesCount32(mr))
			}
			if cnt == 0 {
				continue
			}
		}
		// L must not be forced to ruff partner's winners: it needs a
		// non-trump card for every round (the first is its card of s)
		if q.trumped && s != trump && q.lNonTrump < cnt {
			cnt = min(cnt, q.lNonTrump)
		}
		if cnt > q.bestAlone {
			q.bestAlone, q.relAlone = cnt, low
		}
		if q.qt > 0 {
			q.comb(s, cnt, spareS, low)
		}
	}
}

// crossAfterTops counts the crossing after L's own top cards of a suit
// (the caller checks that L has some): L cashes them, then leads a small
// card to partner's cards above the opponents'.
func (q *quick) crossAfterTops() {
	h, L, P, lho, rho := q.h, q.L, q.P, q.lho, q.rho
	trump := q.e.trump
	for s := 0; s < 4; s++ {
		k := q.cashed[s]
		mL := suitOf(h[L&3], s)
		mP := suitOf(h[P&3], s)
		nL, nP := bits.OnesCount32(mL), bits.OnesCount32(mP)
		if k == 0 || nL <= k || nP <= k {
			continue
		}
		ml, mr := suitOf(h[lho&3], s), suitOf(h[rho&3], s)
		sh := uint(bits.Len32(ml | mr))
		above := mP >> sh
		kP := bits.OnesCount32(above)
		// L's lowest card must go under partner's best
		if kP == 0 || bits.TrailingZeros32(mL) >= bits.Len32(mP)-1 {
			continue
		}
		// partner follows to L's k top cards with its small cards first
		cnt := min(kP, nP-k)
		if q.trumped && s != trump {
			if suitOf(h[lho&3], trump) != 0 {
				cnt = min(cnt, bits.OnesCount32(ml)-k)
			}
			if suitOf(h[rho&3], trump) != 0 {
				cnt = min(cnt, bits.OnesCount32(mr)-k)
			}
			if cnt <= 0 {
				continue
			}
		}
		// the winners kept are the top cnt of partner's cards
		top := above
		for i := 0; i < kP-cnt; i++ {
			top &= top - 1
		}
		low := uint64(1) << uint(s*16+bits.TrailingZeros32(top)+int(sh))
		q.comb(s, cnt, 0, low)
	}
}

// voidSuitRun, in notrump, counts a suit the opponents are void in: every
// round is won, all of the longer hand's cards if it can win the round in
// which the shorter hand plays its last card (its best card above the
// other's lowest), run after L's own winners of the other suits.
func (q *quick) voidSuitRun() {
	h, L, P := q.h, q.L, q.P
	for s := 0; s < 4; s++ {
		mL, mP := suitOf(h[L&3], s), suitOf(h[P&3], s)
		if mL == 0 || mP == 0 || suitOf(h[q.lho&3]|h[q.rho&3], s) != 0 {
			continue
		}
		nL, nP := bits.OnesCount32(mL), bits.OnesCount32(mP)
		cnt := min(nL, nP)
		low := uint64(0)
		if nL != nP {
			x, y := mL, mP
			if nP > nL {
				x, y = mP, mL
			}
			if bits.Len32(x)-1 > bits.TrailingZeros32(y) {
				cnt = max(nL, nP)
				low = 1 << uint(s*16+bits.Len32(x)-1)
			}
		}
		need, spare := partnerDiscards(h[P&3], &q.cashed, s)
		tot, r := cnt, low
		if need <= spare {
			tot += q.qt - q.cashed[s]
			r |= q.rel
		}
		if tot > q.best && q.best < q.target {
			q.best, q.relBest = tot, r
		}
	}
}

// entryToPartner, in notrump, counts an entry to partner: after L's own
// winners, L leads its lowest card of a suit x that partner wins (its best
// card above the opponents' and L's), and partner cashes its top cards of
// the suits L did not cash.
func (q *quick) entryToPartner() {
	h, L, P, lho, rho := q.h, q.L, q.P, q.lho, q.rho
	for x := 0; x < 4; x++ {
		mL, mP := suitOf(h[L&3], x), suitOf(h[P&3], x)
		if bits.OnesCount32(mL) <= q.cashed[x] || bits.OnesCount32(mP) <= q.cashed[x] {
			continue
		}
		opp := suitOf(h[lho&3]|h[rho&3], x)
		lowL := uint32(1) << uint(bits.TrailingZeros32(mL))
		if bits.Len32(mP) <= bits.Len32(opp|lowL) {
			continue
		}
		tot := q.qt + 1
		r := q.rel | 1<<uint(x*16+bits.Len32(mP)-1)
		// in a suit the opponents are void in, all of partner's
		// cards win once it is on lead
		run := opp == 0
		if run {
			// L's cashed rounds of x (partner following low), then
			// the rest of partner's cards
			tot = q.qt - q.cashed[x] + bits.OnesCount32(mP)
		}
		need, spare := 0, 0
		for s2 := 0; s2 < 4; s2++ {
			n2 := bits.OnesCount32(suitOf(h[P&3], s2))
			if s2 == x {
				n2--
				if run {
					continue
				}
			}
			if q.cashed[s2] > n2 {
				need += q.cashed[s2] - n2
				continue
			}
			if s2 == x || q.cashed[s2] > 0 {
				spare += n2 - q.cashed[s2]
				continue
			}
			mp := suitOf(h[P&3], s2)
			others := suitOf(h[L&3]|h[lho&3]|h[rho&3], s2)
			tops := mp >> uint(bits.Len32(others))
			k := bits.OnesCount32(tops)
			spare += n2 - k
			if k > 0 {
				tot += k
				r |= 1 << (uint(s2*16+bits.TrailingZeros32(tops)+bits.Len32(others)) & 63)
			}
		}
		if need <= spare && tot > q.best && q.best < q.target {
			q.best, q.relBest = tot, r
		}
	}
}

// drawTrumpsFirst, in a suit contract, counts drawing trumps first: once
// L's top trumps have left the opponents none, L's side winners are safe
// from their ruffs.
func (q *quick) drawTrumpsFirst() {
	h := q.h
	t := q.e.trump
	kt := q.cashed[t]
	nl := bits.OnesCount32(suitOf(h[q.lho&3], t))
	nr := bits.OnesCount32(suitOf(h[q.rho&3], t))
	if (nl == 0 && nr == 0) || kt < max(nl, nr) {
		return
	}
	alt := kt
	altRel := q.lowRaw[t]
	need, spare := 0, 0
	for s := 0; s < 4; s++ {
		if s == t {
			continue
		}
		alt += q.kRaw[s]
		altRel |= q.lowRaw[s]
		nP := bits.OnesCount32(suitOf(h[q.P&3], s))
		if q.kRaw[s] > nP {
			need += q.kRaw[s] - nP
		} else {
			spare += nP - q.kRaw[s]
		}
	}
	// partner, if it still holds trumps after following to them, must
	// never be forced to ruff
	if bits.OnesCount32(suitOf(h[q.P&3], t)) > kt && need > spare {
		alt = 0
	}
	if alt > q.best {
		q.best, q.relBest = alt, altRel
	}
}

// cashThenRuff, in a suit contract, counts L's winners of the side suits
// (the rounds cashTops and partnerFollows allow: partner never ruffs them)
// and then a ruff by partner: L leads a side suit r it still holds,
// partner is void in r and ruffs, and every opponent still follows to r,
// holds no trump, or holds only trumps below partner's best (DDS counts
// such a ruff only alone). Suit rows, seeded and dev deals: -0.3 % each.
func (q *quick) cashThenRuff() {
	h, t := q.h, q.e.trump
	pt := suitOf(h[q.P&3], t)
	if pt == 0 {
		return
	}
	side := 0
	for s := 0; s < 4; s++ {
		if s != t {
			side += q.cashed[s]
		}
	}
	if side+1 <= q.best {
		return
	}
	need, spare := partnerDiscards(h[q.P&3], &q.cashed, t)
	if need > spare {
		return
	}
	top := uint32(1) << uint(bits.Len32(pt)-1)
	for r := 0; r < 4; r++ {
		if r == t || suitOf(h[q.P&3], r) != 0 || bits.OnesCount32(suitOf(h[q.L&3], r)) <= q.cashed[r] {
			continue
		}
		var over uint32 // trumps of opponents void in r by then
		for _, o := range [2]int{q.lho, q.rho} {
			if bits.OnesCount32(suitOf(h[o&3], r)) <= q.cashed[r] {
				over |= suitOf(h[o&3], t)
			}
		}
		if over != 0 && top < over {
			continue
		}
		rel := q.rel
		if over != 0 {
			rel |= uint64(top) << uint(16*t)
		}
		q.best, q.relBest = side+1, rel
		return
	}
}

// partnerDiscards returns, for partner's hand hp following to cashed[s]
// rounds of each suit but skip, the discards it must make (rounds of a suit
// it is short in) and the cards it has to spare (beyond following).
func partnerDiscards(hp uint64, cashed *[4]int, skip int) (need, spare int) {
	for s := 0; s < 4; s++ {
		if s == skip {
			continue
		}
		n := bits.OnesCount32(suitOf(hp, s))
		if cashed[s] > n {
			need += cashed[s] - n
		} else {
			spare += n - cashed[s]
		}
	}
	return need, spare
}

// partnerRuff returns 1 when L can lead a side suit that partner ruffs
// and no opponent can overruff: each opponent follows suit, holds no
// trump, or holds only trumps below partner's best.
func (e *engine) partnerRuff(L int) (int, uint64) {
	L &= 3
	h := &e.hands
	t := e.trump
	P := (L + 2) & 3
	pt := suitOf(h[P], t)
	if pt == 0 {
		return 0, 0
	}
	lho, rho := (L+1)&3, (L+3)&3
	top := uint32(1) << uint(bits.Len32(pt)-1)
	for s := 0; s < 4; s++ {
		if s == t || suitOf(h[L], s) == 0 || suitOf(h[P], s) != 0 {
			continue
		}
		var over uint32 // trumps of opponents void in s
		if suitOf(h[lho], s) == 0 {
			over |= suitOf(h[lho], t)
		}
		if suitOf(h[rho], s) == 0 {
			over |= suitOf(h[rho], t)
		}
		if over == 0 {
			return 1, 0
		}
		if top > over {
			return 1, uint64(top) << uint(16*t)
		}
	}
	return 0, 0
}

// laterTricks counts tricks the defenders (the side not on lead) surely
// take, as far as the question "can L's side take target of the n tricks
// left?" needs: in a trump contract, the trumps one defender holds above
// every other trump; all of a defender's trumps when L's side has none;
// two tricks from the top two trumps (when at most one trick may be lost
// and they cannot fall together); one from a guarded second trump sitting
// over the top one, or from the second and third trumps (when L's side
// needs every trick). Without trumps: one trick when every suit L holds is
// topped by a defender (partner cannot ruff), or when L's side needs every
// trick but its suits cannot provide them. It returns the count and the
// cards whose rank it relied on.
func (e *engine) laterTricks(L, n, target int) (int, uint64) {
	L &= 3
	t := e.trump
	h := &e.hands
	var allT uint32
	if t != noTrump {
		allT = suitOf(h[0]|h[1]|h[2]|h[3], t)
	}
	if allT == 0 {
		if lt, rel := e.loseLead(L); lt > 0 {
			return lt, rel
		}
		if target == n {
			return e.suitsShort(L, n)
		}
		return 0, 0
	}
	P := (L + 2) & 3
	var T [4]uint32
	for i := range T {
		T[i] = suitOf(h[i], t)
	}
	if T[L]|T[P] == 0 {
		// every trump of the longer defender takes a trick
		return max(bits.OnesCount32(T[(L+1)&3]), bits.OnesCount32(T[(L+3)&3])), 0
	}
	holder := func(c uint32) int {
		for i := range T {
			if T[i]&c != 0 {
				return i
			}
		}
		return -1
	}
	top := uint32(1) << uint(bits.Len32(allT)-1)
	th := holder(top)
	rest := allT &^ top
	var sec uint32
	sh := -1
	if rest != 0 {
		sec = uint32(1) << uint(bits.Len32(rest)-1)
		sh = holder(sec)
	}
	bit := func(c uint32) uint64 { return uint64(c) << uint(16*t) }
	if (th^L)&1 == 1 {
		// a defender holds the top trump: its trumps above every other
		others := T[(th+1)&3] | T[(th+2)&3] | T[(th+3)&3]
		sh2 := uint(bits.Len32(others))
		tops := T[th] >> sh2
		k := bits.OnesCount32(tops)
		var rel uint64
		if others != 0 {
			rel = 1 << (uint(t*16+bits.TrailingZeros32(tops)) + sh2)
		}
		if k < 2 && target == n-1 && sh >= 0 && (sh^L)&1 == 1 &&
			(bits.OnesCount32(T[sh]) > 1 || bits.OnesCount32(T[sh^2]) > 1) {
			// the top two trumps, in the two defenders' hands, and one
			// of them guarded: they never fall on the same trick
			return 2, bit(sec)
		}
		return k, rel
	}
	if target == n && sh >= 0 && (sh^L)&1 == 1 && bits.OnesCount32(T[sh]) > 1 {
		if (sh+3)&3 == th {
			// a guarded second trump sitting over the top one
			return 1, bit(sec)
		}
		if rest2 := rest &^ sec; rest2 != 0 {
			third := uint32(1) << uint(bits.Len32(rest2)-1)
			if h3 := holder(third); (h3^L)&1 == 1 {
				// the defenders' second and third trumps
				return 1, bit(third)
			}
		}
	}
	return e.loseLead(L)
}

// suitsShort returns 1 when no trumps are left and L's side, needing all n
// tricks, cannot take them: it leads every trick, each round of a suit
// uses one card of each of its hands holding the suit, and it can only
// take rounds of the suits where it holds the top card, so it needs the
// longer of its two holdings in those suits to add up to n.
func (e *engine) suitsShort(L, n int) (int, uint64) {
	L &= 3
	h := &e.hands
	P := (L + 2) & 3
	ours := h[L] | h[P]
	all := h[0] | h[1] | h[2] | h[3]
	sum := 0
	var rel uint64
	for s := 0; s < 4; s++ {
		a := suitOf(all, s)
		if a == 0 {
			continue
		}
		top := uint32(1) << uint(bits.Len32(a)-1)
		if suitOf(ours, s)&top != 0 {
			sum += max(bits.OnesCount32(suitOf(h[L], s)), bits.OnesCount32(suitOf(h[P], s)))
		} else if a != top {
			rel |= uint64(top) << uint(16*s)
		}
	}
	if sum < n {
		return 1, rel
	}
	return 0, 0
}

// laterMax bounds what laterTricks can return.
func (e *engine) laterMax(L int) int {
	if e.trump == noTrump {
		return 1
	}
	return max(1, bits.OnesCount32(suitOf(e.hands[(L+1)&3]|e.hands[(L+3)&3], e.trump)))
}

// loseLead returns 1 when the side of L surely loses the current trick:
// whatever L leads, an opponent holds the top card of the suit and partner
// cannot ruff it. The cards returned are those top cards.
func (e *engine) loseLead(L int) (int, uint64) {
	L &= 3
	h := &e.hands
	P := (L + 2) & 3
	opp := h[(L+1)&3] | h[(L+3)&3]
	all := h[0] | h[1] | h[2] | h[3]
	pTrumps := e.trump != noTrump && suitOf(h[P], e.trump) != 0
	var rel uint64
	for s := 0; s < 4; s++ {
		if suitOf(h[L], s) == 0 {
			continue
		}
		top := uint64(1) << (uint(s*16+bits.Len32(suitOf(all, s))-1) & 63)
		if opp&top == 0 {
			return 0, 0
		}
		if pTrumps && s != e.trump && suitOf(h[P], s) == 0 {
			return 0, 0
		}
		rel |= top
	}
	return 1, rel
}

// sequences appends to ms one card (the top) of each run of equivalent cards
// of mask m in suit s, where alive (a superset of m) holds every card that
// separates runs: a run goes on down while no card of alive outside m lies
// between two cards of m.
func sequences(ms *moveList, cnt int, s int, m, alive uint32) int {
	if m != 0 && m&(m-1) == 0 { // one card
		r := bits.TrailingZeros32(m)
		ms[cnt&15] = move{card: s<<4 | r, low: s<<4 | r}
		return cnt + 1
	}
	others := alive &^ m
	for m != 0 {
		top := bits.Len32(m) - 1
		// the run goes down to the highest card of another hand below top
		floor := uint(bits.Len32(others & (1<<uint(top) - 1)))
		run := m >> floor << floor
		ms[cnt&15] = move{card: s<<4 | top, low: s<<4 | bits.TrailingZeros32(run)}
		cnt++
		m &^= run
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
func (e *engine) genLead(L int, ms *moveList, hint, killer int) int {
	L &= 3
	h := &e.hands
	nLeft := bits.OnesCount64(h[L])
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
		{
			cl, cr := nl, nr
			// a void counts as twice the tricks left (the tricks left
			// in notrump, where it only discards)
			vw := 2 * nLeft
			if e.trump == noTrump {
				vw = nLeft
			}
			if cl == 0 {
				cl = vw
			}
			if cr == 0 {
				cr = vw
			}
			if e.trump == noTrump {
				base -= ntOppCardW * (cl + cr)
				if mp == 0 {
					base -= ntPartnerVoidW
				}
				// our length: the suit to establish
				w := ntLenW
				if nLeft >= 12 {
					w = ntLenEarlyW
				}
				base += w * (bits.OnesCount32(m) + bits.OnesCount32(mp) - 6)
			} else {
				base -= oppCardW * (cl + cr)
			}
		}
		switch {
		case ruffL || ruffR:
			base -= ruffOppW // the opponents ruff
		case ruffP:
			base += ruffPW // partner ruffs
		}
		partnerTop := mp&top != 0
		lhoTop := ml&top != 0
		// partner's best card beats both opponents' (L leads small to it)
		pBeats := mp != 0 && bits.Len32(mp) > bits.Len32(ml|mr)
		var second uint32
		if rest := a &^ top; rest != 0 {
			second = uint32(1) << uint(bits.Len32(rest)-1)
		}
		if lhoTop && mp&second != 0 && bits.OnesCount32(mp) != 1 {
			base += lhoTopW
			if e.trump != noTrump {
				base += suitLhoTopW
			}
		}
		if oppTrumps {
			if m&(m-1) == 0 && mp&top != 0 && mp&(mp-1) != 0 && suitOf(h[L], e.trump) != 0 {
				base += returnRuffW
			}
			if mr&(top|second) != 0 && nr != 1 {
				base += rhoHighW
			}
		}
		// notrump, an opponent holding the top card: our side's second
		// and third cards, which win the next round once the top is out
		seqW := 0
		if e.trump == noTrump && !pBeats && !partnerTop {
			var third uint32
			if rest := a &^ top &^ second; rest != 0 {
				third = uint32(1) << uint(bits.Len32(rest)-1)
			}
			switch {
			case mp&second != 0 && mp&third != 0:
				seqW = ntPartnerSeqW
			case bits.OnesCount32(mp) < 2:
			case mp&second != 0 && m&third != 0:
				seqW = ntPartnerSecondW
			case m&second != 0 && mp&third != 0:
				seqW = ntPartnerThirdW
			}
		}
		start := cnt
		cnt = sequences(ms, cnt, s, m, a)
		for i := start; i < cnt; i++ {
			c := ms[i].card
			low := i == cnt-1
			bit := uint32(1) << uint(c&15)
			x := base
			switch {
			case bit&top != 0:
				x += 50
				if e.trump == noTrump {
					x += ntTopW
				} else {
					x += suitTopW
				}
				if nl == 0 && nr == 0 && e.trump == noTrump {
					x += ntTopBothVoidW
				}
				if !pBeats && m&second == 0 {
					x += topAloneW
				}
			case pBeats && !partnerTop:
				// a small card to partner's winner, the smaller the better
				x += toPartnerW - c&15
			case partnerTop:
				x += 60
				if low {
					x += 5
					if e.trump == noTrump {
						x += ntPartnerTopLowW
					}
				}
			case e.trump == noTrump && ((nl == 1 && lhoTop) || (nr == 1 && mr&top != 0)):
				// notrump, an opponent's top card is a singleton: it
				// falls under any card, so the smallest first (DDS's
				// rule; a run's head no longer before its small cards)
				x -= c & 15
			case bit == second && ms[i].low != c && e.trump == noTrump:
				// the second and third cards together: force out the top
				x += secondSeqW
			case lhoTop:
				// into the left-hand opponent's top card: neutral
				if ms[i].low == c {
					x -= (c & 15) / loneLowDiv
				}
			default:
				// leading from a suit where the opponents have few choices
				x += lowW
				if ms[i].low == c {
					x -= (c & 15) / loneLowDiv
				}
			}
			if bit&top == 0 {
				x += seqW
			}
			if e.trump == noTrump && mr&second != 0 && nr != 1 && (partnerTop || pBeats || m&top != 0) {
				// our side wins the suit but the right-hand opponent
				// keeps a guarded second card over it: later
				x += ntRHOSecondW
			}
			if c == hint {
				x += hintW
			}
			if c == killer {
				x += killerW
			}
			ms[i].w = x
		}
	}
	sortMoves(ms[:cnt])
	return cnt
}

// ruffWeights weighs the trumps of the player at position pos of trick
// tr, void in the suit led: overruff partner's card when the last hand
// threatens it, otherwise never ruff partner's winner; the cheapest ruff
// that wins so far first, underruffs last. In a suit contract, the second
// hand discards rather than ruffs when its partner wins the trick anyway:
// with a card of the suit led above the card led and the third hand's
// (the third hand following suit or holding no trump), or by overruffing
// the third hand; and a ruff that beats every trump of a later opponent
// void in the suit led comes before a cheaper one it could overruff
// (DDS's order). Suit rows, seeded and dev deals: 104.04 + 46.37 M ->
// 102.91 + 45.36 M positions. (A function of its own: genFollow's loops
// are cheaper without these variables.)
func (e *engine) ruffWeights(tr *trickState, pos int, mv []move, threatened, partnerWins bool) {
	h := &e.hands
	trump := e.trump
	winCard := tr.card[tr.win&3]
	led := tr.card[0] >> 4 & 3
	p4wins := false // (second hand) the fourth hand wins the trick
	if pos == 1 && led != trump {
		h3, h4 := h[(tr.leader+2)&3], h[(tr.leader+3)&3]
		m3, m4 := suitOf(h3, led), suitOf(h4, led)
		t3 := suitOf(h3, trump)
		switch {
		case m3 != 0 || t3 == 0:
			p4wins = bits.Len32(m4) > max(bits.Len32(m3), winCard&15+1)
		case m4 == 0:
			p4wins = bits.Len32(suitOf(h4, trump)) > bits.Len32(t3)
		}
	}
	// the trumps above every trump of a later opponent void in the suit led
	var over uint32
	if led != trump {
		var lt uint32
		for i := pos + 1; i < 4; i += 2 {
			if hq := h[(tr.leader+i)&3]; suitOf(hq, led) == 0 {
				lt |= suitOf(hq, trump)
			}
		}
		if lt != 0 {
			over = ^uint32(0) << (uint(bits.Len32(lt)) & 31)
		}
	}
	for i := range mv {
		c := mv[i].card
		r := c & 15
		switch {
		case threatened:
			mv[i].w = 70 - r
		case partnerWins || p4wins:
			mv[i].w = -60 - r
		case beats(c, winCard, trump):
			mv[i].w = 80 - r
			if over&(1<<uint(r)) != 0 {
				mv[i].w = 100 - r
			}
		default:
			mv[i].w = -100 - r
		}
	}
}

// forceTop favours, for the third hand in notrump when the last hand can
// beat all of the third hand's cards, the cheapest card above the top of
// the last hand's second run of equivalent cards, which forces out its top
// run (DDS's RankForcesAce), when that second run beats the card winning
// so far, the second hand's or partner's (when it does not, the last hand
// must spend its top run anyway). DDS compares the second run with the
// second hand's card even when partner wins the trick: that costs
// positions here.
func forceTop(tr *trickState, mv []move, m, later, a uint32) {
	if bits.Len32(later) < bits.Len32(m) {
		return
	}
	// the card winning so far (of the suit led: no trumps)
	w := tr.card[tr.win&3] & 15
	top := bits.Len32(later) - 1
	if top < w {
		return
	}
	// the last hand's second run: its cards below the highest card of
	// another hand under its top
	floor := uint(bits.Len32((a &^ later) & (1<<uint(top) - 1)))
	rest := later & (1<<floor - 1)
	if rest == 0 || bits.Len32(rest)-1 <= w {
		return
	}
	sec := bits.Len32(rest) - 1
	k := -1
	for i := range mv {
		if mv[i].card&15 > sec && (k < 0 || mv[i].card < mv[k].card) {
			k = i
		}
	}
	if k >= 0 {
		mv[k].w += forceTopW
	}
}

// forceTopW is forceTop's weight: enough to put the card first (the last
// hand beats every card of the third hand, which would otherwise play
// the cheapest card that beats the second hand's).
const forceTopW = 20

// genFollow fills ms with the cards of the player at position pos of trick d,
// best first.
func (e *engine) genFollow(d, pos int, ms *moveList) int {
	tr := &e.stack[d&15]
	p := (tr.leader + pos) & 3
	h := &e.hands
	led := tr.card[0] >> 4 & 3
	winCard := tr.card[tr.win&3]
	partnerWins := tr.win&1 == pos&1
	cnt := 0
	m := suitOf(h[p], led)
	if m != 0 {
		a := suitOf(tr.all, led)
		// cards still to come in the trick from the opponents
		var later uint32
		for i := pos + 1; i < 4; i++ {
			if i&1 != pos&1 {
				later |= suitOf(h[(tr.leader+i)&3], led)
			}
		}
		cnt = sequences(ms, 0, led, m, a)
		if cnt == 1 {
			return 1
		}
		// second hand whose partner beats the lead and the third hand: low
		pCovers := false
		if pos == 1 {
			pm := suitOf(h[(p+2)&3], led)
			pCovers = pm != 0 && uint32(1)<<uint(bits.Len32(pm)-1) > later && bits.Len32(pm)-1 > tr.card[0]&15
		}
		mv := ms[:cnt]
		switch {
		case pCovers:
			for i := range mv {
				mv[i].w = -(mv[i].card & 15)
			}
		case partnerWins:
			// partner's card would be beaten by the last hand: cover
			// cheaply; otherwise low
			cover := pos == 2 && winCard>>4 == led && uint32(1)<<uint(winCard&15) < later
			for i := range mv {
				r := mv[i].card & 15
				if cover && uint32(1)<<uint(r) > later {
					mv[i].w = 60 - r
				} else {
					mv[i].w = -r
				}
			}
		default:
			winLed := winCard>>4 == led // (otherwise a ruff wins: no card of the suit beats it)
			// second and third hand: a card below every card of a later
			// hand that must follow can never win the trick, so it goes
			// low with the cards that do not beat the lead (DDS's rule for
			// the second hand; issue 38, one notrump solve with West on
			// lead, six sets of 300 deals: second hand -0.5 to -4.0 %
			// positions, full tables -0.9 % and -3.7 %; the third hand
			// too, a further -0.6 to -1.3 %, full tables -0.8 % and -1.0 %)
			var floor uint32
			if pos < 3 {
				for i := pos + 1; i < 4; i++ {
					if x := suitOf(h[(tr.leader+i)&3], led); x != 0 {
						floor = max(floor, x&-x)
					}
				}
			}
			for i := range mv {
				c := mv[i].card
				r := c & 15
				switch {
				case !winLed || c < winCard:
					mv[i].w = -r
				case pos == 3:
					mv[i].w = 100 - r
				case uint32(1)<<uint(r) > later:
					mv[i].w = 100 - r
				case uint32(1)<<uint(r) < floor:
					mv[i].w = -r
				case pos == 1 && mv[i].low != c:
					// second hand holding a run of cards that beat the lead: split it
					// (cover with one of equal cards) before playing low
					mv[i].w = 20 - r
				case pos == 1:
					// second hand: beating the lead only to be overtaken comes last
					mv[i].w = -20 - r
				default:
					mv[i].w = 50 - r
				}
			}
		}
		if pos == 2 && e.trump == noTrump {
			forceTop(tr, mv, m, later, a)
		}
		sortMoves(ms[:cnt])
		return cnt
	}
	// void in the led suit: ruff or discard
	threatened := false // partner wins so far but the last hand can beat it
	if partnerWins && pos == 2 && winCard>>4 == led {
		threatened = suitOf(h[(tr.leader+3)&3], led)>>uint(winCard&15) != 0
	}
	all := h[0] | h[1] | h[2] | h[3]
	trump := e.trump
	for s := 0; s < 4; s++ {
		m := suitOf(h[p], s)
		if m == 0 {
			continue
		}
		a := suitOf(tr.all, s)
		n := bits.OnesCount32(m)
		top := uint32(1) << (uint(bits.Len32(suitOf(all, s))-1) & 31)
		// a guarded second card (DDS: "don't pitch from Kx"; in the
		// suit contracts: suit rows -0.3 %, -0.25 %)
		guard2 := false
		if n == 2 && m&top == 0 && s != trump {
			rest := suitOf(all, s) &^ top
			guard2 = rest != 0 && m&(uint32(1)<<uint(bits.Len32(rest)-1)) != 0
		}
		ntBase := 0
		if e.trump == noTrump {
			// Notrump discards (tuned on node counts of notrump
			// tables): long suits and small cards first, keeping a top
			// card, a guarded second card, and the suits partner is as
			// long in as the opponents.
			ntBase = 3 * n
			if guard2 {
				ntBase -= 30
			}
			oppMax := max(bits.OnesCount32(suitOf(h[(p+1)&3], s)), bits.OnesCount32(suitOf(h[(p+3)&3], s)))
			if oppMax > 0 && bits.OnesCount32(suitOf(h[(p+2)&3], s)) >= oppMax {
				ntBase -= 10
			}
		}
		start := cnt
		cnt = sequences(ms, cnt, s, m, a)
		mv := ms[start:cnt]
		switch {
		case s == trump:
			e.ruffWeights(tr, pos, mv, threatened, partnerWins)
		case trump == noTrump:
			for i := range mv {
				r := mv[i].card & 15
				x := ntBase - r
				if uint32(1)<<uint(r)&top != 0 {
					x -= 30
				}
				mv[i].w = x
			}
		default:
			for i := range mv {
				r := mv[i].card & 15
				x := 3*n - 2*r
				if uint32(1)<<uint(r)&top != 0 {
					x -= 30
				}
				if guard2 {
					x -= 30
				}
				mv[i].w = x
			}
		}
	}
	sortMoves(ms[:cnt])
	return cnt
}
