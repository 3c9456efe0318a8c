package bidding

import (
	"fmt"
	"sort"
	"strings"

	"atout/bridge"
	"atout/card"
)

// Rule is one line of the system: in this auction (Seq and When), with this
// hand (Need), make this call (Call). The meaning of the call is read off
// the rule itself (Need, Desc, Force, Art), so the same table explains the
// calls of every player.
type Rule struct {
	// Name identifies the rule; it is the message key of its meaning.
	Name string
	// Prio orders the rules: the highest-priority rule that matches is used.
	Prio int
	// Seq is the auction pattern, from the opening bid to now (see match).
	Seq string
	// When is an extra condition on the auction (nil: none).
	When func(c *Ctx, b *Bind) bool
	// Call is the call to make, possibly computed (see expand).
	Call string
	// Need is what the hand must hold.
	Need Need
	// Desc describes the call; %M, %x... are replaced by the bound suits.
	Desc string
	// Force is what the call asks of partner.
	Force Force
	// Art marks an artificial call.
	Art bool
	// Pref ranks the candidates of one rule when it can make several calls
	// (higher first). Nil: the longest bound suit, higher of two five-card
	// suits, lower of two four-card suits.
	Pref func(e *Eval, b *Bind) int
	// PassForcing marks a pass rule that may pass partner's forcing bid
	// (to play the suit an artificial bid showed); other pass rules are
	// skipped when the seat must bid.
	PassForcing bool
	// Natural marks a principle that applies in any auction (natural.go):
	// it explains a call only when no rule of the book does.
	Natural bool
	// Show, when set, narrows the call's meaning from the auction (what a
	// principle on combined values shows, given partner's range).
	Show func(c *Ctx, b *Bind, m *Meaning)
	// Slam marks a rule that starts a slam auction on combined values (a
	// rule of the book that applies in any auction, such as Blackwood):
	// it is tried before a rule of the book that would stop below slam
	// (Bot.choose, stopsBelowSlam), like the slam principles.
	Slam bool
	// Example, when set, is the auction (from the dealer, North) the
	// convention card shows the rule's call after: a rule whose pattern
	// matches the end of any auction ("... *") has none of its own.
	Example string

	seq  []tok
	call []callTok
	lens []lenReq
}

// Need is the hand a rule requires.
type Need struct {
	// Pts is the range of points; HCP unless Count says otherwise. The zero
	// range means any.
	Pts [2]int
	// Count selects what Pts counts.
	Count Count
	// Shows, when set, is the HCP range the call promises to partner when
	// it differs from Pts (an opening bid shows 12+ even though the rule
	// of 20 opens some 10- and 11-point hands).
	Shows [2]int
	// Trump is the suit (a variable or a suit letter) for support points.
	Trump byte
	// Len lists suit lengths, as "x5+", "M3-4", "S4", "T0-1": a suit (a
	// variable, a suit letter, T for each of their suits, U for each unbid
	// suit, O for the other major) then min[-max] or min+.
	Len string
	// Bal: 1 balanced, 2 balanced or semi-balanced, -1 not balanced.
	Bal int8
	// Stop lists suits that need a stopper, in the notation of Len.
	Stop string
	// Test is any further condition, described by the rule's Desc.
	Test func(c *Ctx, e *Eval, b *Bind) bool
}

// Count is what a point range counts.
type Count uint8

// The ways of counting points.
const (
	HCP        Count = iota
	LengthPts        // HCP plus length
	SupportPts       // HCP plus shortness, as dummy in Trump
)

// Bind holds the suits bound to the pattern variables M (a major), m (a
// minor), x, y, z, w, v (any suits); all distinct.
type Bind struct{ v [7]int8 }

const varNames = "Mmxyzwv"

func newBind() Bind { return Bind{v: [7]int8{-1, -1, -1, -1, -1, -1, -1}} }

// Suit returns the suit bound to variable name.
func (b *Bind) Suit(name byte) (card.Suit, bool) {
	i := strings.IndexByte(varNames, name)
	if i < 0 || b.v[i] < 0 {
		return 0, false
	}
	return card.Suit(b.v[i]), true
}

// S returns the suit bound to name; it panics if unbound (a table error).
func (b *Bind) S(name byte) card.Suit {
	s, ok := b.Suit(name)
	if !ok {
		panic("bidding: unbound variable " + string(name))
	}
	return s
}

func (b *Bind) set(name byte, s card.Suit) bool {
	i := strings.IndexByte(varNames, name)
	if b.v[i] >= 0 {
		return b.v[i] == int8(s)
	}
	if name == 'M' && s < card.Hearts || name == 'm' && s > card.Diamonds {
		return false
	}
	for _, v := range b.v {
		if v == int8(s) {
			return false
		}
	}
	b.v[i] = int8(s)
	return true
}

// tok is one token of an auction pattern.
type tok struct {
	any    bool // "*": any call
	kind   bridge.CallKind
	level  uint8 // 0: any level
	strain byte  // 'C','D','H','S','N' or a variable; 0 any strain
	alts   []tok // "P/X": alternatives
	suffix bool  // "..." at the start: the pattern matches the end
}

type callTok struct {
	kind   bridge.CallKind
	level  byte // '1'..'7', 'c' cheapest, 'j' jump, 'd' double jump
	strain byte
}

func parseTok(s string) tok {
	if strings.Contains(s, "/") {
		var t tok
		for _, a := range strings.Split(s, "/") {
			t.alts = append(t.alts, parseTok(a))
		}
		return t
	}
	switch s {
	case "*":
		return tok{any: true}
	case "P":
		return tok{kind: bridge.Pass}
	case "X":
		return tok{kind: bridge.Double}
	case "XX":
		return tok{kind: bridge.Redouble}
	case "B": // any bid
		return tok{kind: bridge.Bid}
	}
	if len(s) != 2 {
		panic("bidding: bad pattern token " + s)
	}
	t := tok{kind: bridge.Bid, strain: s[1]}
	if s[0] != '.' {
		t.level = s[0] - '0'
	}
	return t
}

func parseCallTok(s string) callTok {
	switch s {
	case "P":
		return callTok{kind: bridge.Pass}
	case "X":
		return callTok{kind: bridge.Double}
	case "XX":
		return callTok{kind: bridge.Redouble}
	}
	if len(s) != 2 {
		panic("bidding: bad call " + s)
	}
	return callTok{kind: bridge.Bid, level: s[0], strain: s[1]}
}

func (r *Rule) compile() {
	if r.Seq != "-" && r.Seq != "" {
		f := strings.Fields(r.Seq)
		for i, s := range f {
			if i == 0 && s == "..." {
				r.seq = append(r.seq, tok{suffix: true})
				continue
			}
			r.seq = append(r.seq, parseTok(s))
		}
	}
	r.lens = parseLens(r.Need.Len)
	r.call = nil
	for _, s := range strings.Fields(r.Call) {
		r.call = append(r.call, parseCallTok(s))
	}
	if len(r.call) == 0 {
		panic("bidding: rule " + r.Name + " has no call")
	}
}

func strainOf(b byte) (bridge.Strain, bool) {
	switch b {
	case 'C':
		return bridge.StrainClubs, true
	case 'D':
		return bridge.StrainDiamonds, true
	case 'H':
		return bridge.StrainHearts, true
	case 'S':
		return bridge.StrainSpades, true
	case 'N':
		return bridge.NoTrump, true
	}
	return 0, false
}

func (t *tok) matchCall(c bridge.Call, b *Bind) bool {
	if t.alts != nil {
		for i := range t.alts {
			nb := *b
			if t.alts[i].matchCall(c, &nb) {
				*b = nb
				return true
			}
		}
		return false
	}
	if t.any {
		return true
	}
	if c.Kind != t.kind {
		return false
	}
	if c.Kind != bridge.Bid {
		return true
	}
	if t.level != 0 && c.Level != t.level {
		return false
	}
	if t.strain == 0 || t.strain == '.' {
		return true
	}
	if st, ok := strainOf(t.strain); ok {
		return st == c.Strain
	}
	if c.Strain == bridge.NoTrump {
		return false
	}
	return b.set(t.strain, card.Suit(c.Strain))
}

// match reports whether the auction matches the rule's pattern, binding its
// variables. "-" (or "") matches only before any bid; otherwise the pattern
// is matched token by token against the calls from the opening bid on, and
// must cover them all; a leading "..." matches the end of the auction.
func (r *Rule) match(c *Ctx, b *Bind) bool {
	if len(r.seq) == 0 {
		return c.Open < 0
	}
	if c.Open < 0 {
		return false
	}
	calls := c.Calls[c.Open:]
	pat := r.seq
	if pat[0].suffix {
		pat = pat[1:]
		if len(pat) > len(calls) {
			return false
		}
		calls = calls[len(calls)-len(pat):]
	}
	if len(pat) != len(calls) {
		return false
	}
	for i := range pat {
		if !pat[i].matchCall(calls[i], b) {
			return false
		}
	}
	return true
}

// cand is a call a rule can make, with the bindings that make it.
type cand struct {
	call bridge.Call
	bind Bind
}

// expand lists the calls of the rule's call spec for the bindings: a free
// variable is tried with every suit it may take.
func (r *Rule) expand(c *Ctx, b Bind) []cand {
	var out []cand
	for _, ct := range r.call {
		if ct.kind != bridge.Bid {
			out = append(out, cand{bridge.Call{Kind: ct.kind}, b})
			continue
		}
		if st, ok := strainOf(ct.strain); ok {
			if call, ok := levelFor(c, ct.level, st); ok {
				out = append(out, cand{call, b})
			}
			continue
		}
		if ct.strain == 'O' {
			if ss := refSuits(c, &b, 'O'); len(ss) == 1 {
				if call, ok := levelFor(c, ct.level, bridge.Strain(ss[0])); ok {
					out = append(out, cand{call, b})
				}
			}
			continue
		}
		if bs, ok := b.Suit(ct.strain); ok {
			if call, ok := levelFor(c, ct.level, bridge.Strain(bs)); ok {
				out = append(out, cand{call, b})
			}
			continue
		}
		for s := card.Suit(0); s < card.NumSuits; s++ {
			nb := b
			if !nb.set(ct.strain, s) {
				continue
			}
			if call, ok := levelFor(c, ct.level, bridge.Strain(s)); ok {
				out = append(out, cand{call, nb})
			}
		}
	}
	return out
}

// levelFor returns the bid of strain st at the level code l: a digit, or
// c (cheapest legal level), j (one above the cheapest: a jump), d (a double
// jump); jumps stop at the five level.
func levelFor(c *Ctx, l byte, st bridge.Strain) (bridge.Call, bool) {
	var lv int
	switch l {
	case 'c', 'j', 'd':
		lv = 1
		if last, _, ok := c.LastBid(); ok {
			lv = int(last.Level)
			if st <= last.Strain {
				lv++
			}
		}
		lv += strings.IndexByte("cjd", l)
		if l != 'c' && lv > 5 {
			return bridge.Call{}, false // a jump never goes to slam
		}
	default:
		lv = int(l - '0')
	}
	if lv < 1 || lv > 7 {
		return bridge.Call{}, false
	}
	return bridge.NewBid(lv, st), true
}

// lenReq is one parsed length requirement.
type lenReq struct {
	ref      byte
	min, max int
}

func parseLens(s string) []lenReq {
	var out []lenReq
	for _, f := range strings.Fields(s) {
		q := lenReq{ref: f[0], max: 13}
		rest := f[1:]
		switch {
		case strings.HasSuffix(rest, "+"):
			fmt.Sscanf(rest[:len(rest)-1], "%d", &q.min)
		case strings.Contains(rest, "-"):
			fmt.Sscanf(rest, "%d-%d", &q.min, &q.max)
		default:
			fmt.Sscanf(rest, "%d", &q.min)
			q.max = q.min
		}
		out = append(out, q)
	}
	return out
}

// refSuits resolves a suit reference of Len or Stop.
func refSuits(c *Ctx, b *Bind, ref byte) []card.Suit {
	switch ref {
	case 'C':
		return []card.Suit{card.Clubs}
	case 'D':
		return []card.Suit{card.Diamonds}
	case 'H':
		return []card.Suit{card.Hearts}
	case 'S':
		return []card.Suit{card.Spades}
	case 'T':
		return c.TheirSuits()
	case 'U':
		return c.UnbidSuits()
	case 'O':
		if s, ok := b.Suit('M'); ok {
			return []card.Suit{otherMajor(s)}
		}
		return nil
	}
	if s, ok := b.Suit(ref); ok {
		return []card.Suit{s}
	}
	return nil
}

// points counts the hand the way need says.
func (n *Need) points(c *Ctx, e *Eval, b *Bind) int {
	switch n.Count {
	case LengthPts:
		return e.LengthPts
	case DummyShort:
		return e.ShortPts()
	case SupportPts:
		if ss := refSuits(c, b, n.Trump); len(ss) == 1 {
			return max(e.SupportPts(ss[0]), e.LengthPts)
		}
		return e.LengthPts
	}
	return e.HCP
}

// ok reports whether hand e meets the need.
func (r *Rule) ok(c *Ctx, e *Eval, b *Bind) bool {
	n := &r.Need
	if n.Pts != [2]int{} {
		p := n.points(c, e, b)
		if p < n.Pts[0] || p > n.Pts[1] {
			return false
		}
	}
	switch n.Bal {
	case 1:
		if !e.Balanced {
			return false
		}
	case 2:
		if !e.SemiBalanced {
			return false
		}
	case -1:
		if e.Balanced {
			return false
		}
	}
	for _, q := range r.lens {
		ss := refSuits(c, b, q.ref)
		if len(ss) == 0 && q.min > 0 && strings.IndexByte(varNames, q.ref) >= 0 {
			// a length in a suit the auction has not bound: some suit
			// must have it (a 6+ minor for the puppet to 3C)
			if !anySuitLen(e, q) {
				return false
			}
		}
		for _, s := range ss {
			if e.Len[s] < q.min || e.Len[s] > q.max {
				return false
			}
		}
	}
	for i := 0; i < len(n.Stop); i++ {
		for _, s := range refSuits(c, b, n.Stop[i]) {
			if !e.Stopper(s) {
				return false
			}
		}
	}
	if n.Test != nil && !n.Test(c, e, b) {
		return false
	}
	return true
}

// meaning is what the rule's call shows, with bindings b.
func (r *Rule) meaning(c *Ctx, b *Bind) Meaning {
	m := anyHand()
	m.Rule, m.Key, m.Force, m.Artificial = r.Name, r.Name, r.Force, r.Art
	n := &r.Need
	if n.Pts != [2]int{} {
		lo, hi := n.Pts[0], n.Pts[1]
		if n.Count != HCP {
			m.minPts = lo
			lo = max(0, lo-4)
		}
		m.MinHCP, m.MaxHCP = max(0, lo), min(37, hi)
	}
	if n.Shows != [2]int{} {
		m.Floor = min(m.MinHCP, n.Shows[0])
		m.MinHCP, m.MaxHCP = n.Shows[0], n.Shows[1]
	}
	m.Balanced, m.Unbalanced = n.Bal == 1, n.Bal == -1
	if m.Balanced {
		// 4-3-3-3, 4-4-3-2 or 5-3-3-2: two to five cards in every suit
		for s := range card.NumSuits {
			m.MinLen[s], m.MaxLen[s] = 2, 5
		}
	}
	for i := 0; i < len(n.Stop); i++ {
		for _, s := range refSuits(c, b, n.Stop[i]) {
			m.Stopped[s] = true
		}
	}
	if r.Show != nil {
		r.Show(c, b, &m)
	}
	for _, q := range r.lens {
		for _, s := range refSuits(c, b, q.ref) {
			m.MinLen[s] = max(m.MinLen[s], q.min)
			m.MaxLen[s] = min(m.MaxLen[s], q.max)
		}
	}
	desc := r.Desc
	for i := 0; i < len(varNames); i++ {
		if s, ok := b.Suit(varNames[i]); ok {
			desc = strings.ReplaceAll(desc, "%"+varNames[i:i+1], suitName(s))
			m.Args = append(m.Args, s.String())
		}
	}
	m.finish(desc)
	return m
}

func suitName(s card.Suit) string {
	return [...]string{"clubs", "diamonds", "hearts", "spades"}[s]
}

func defaultPref(e *Eval, b *Bind) int {
	best := 0
	for i := 2; i < len(varNames); i++ {
		if s, ok := b.Suit(varNames[i]); ok {
			n := e.Len[s]
			v := n * 10
			if n >= 5 {
				v += int(s)
			} else {
				v += 3 - int(s)
			}
			best = max(best, v)
		}
	}
	if s, ok := b.Suit('M'); ok {
		best = max(best, e.Len[s]*10+int(s))
	}
	return best
}

// sortRules orders a table by priority, highest first, keeping the table
// order among equals.
func sortRules(rs []*Rule) {
	sort.SliceStable(rs, func(i, j int) bool { return rs[i].Prio > rs[j].Prio })
}

// anySuitLen reports whether some suit of the hand has the length q asks,
// among the suits q's variable may take (M a major, m a minor).
func anySuitLen(e *Eval, q lenReq) bool {
	for s := card.Suit(0); s < card.NumSuits; s++ {
		if q.ref == 'M' && s < card.Hearts || q.ref == 'm' && s > card.Diamonds {
			continue
		}
		if e.Len[s] >= q.min && e.Len[s] <= q.max {
			return true
		}
	}
	return false
}

// anyHand reports whether the rule asks nothing of the hand.
func (r *Rule) anyHand() bool {
	n := &r.Need
	return n.Pts == [2]int{} && n.Len == "" && n.Bal == 0 && n.Stop == "" && n.Test == nil
}
