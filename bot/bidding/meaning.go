package bidding

import (
	"fmt"
	"regexp"
	"strings"

	"atout/card"
)

// Force says what partner may do after a call.
type Force uint8

// The kinds of force a call carries.
const (
	NonForcing   Force = iota // partner may pass
	Invitational              // invites partner to bid game (or slam) with a maximum
	Forcing                   // partner must bid once more
	GameForcing               // the partnership must reach game
	SignOff                   // asks partner to pass
)

// String returns the English word for f.
func (f Force) String() string {
	return [...]string{"non-forcing", "invitational", "forcing", "game forcing", "sign-off"}[f]
}

// Meaning is what a call shows: the constraints a card-play bot or a human
// can put on the caller's hand, and a description. Lengths are indexed by
// card.Suit (clubs 0 ... spades 3).
type Meaning struct {
	// Rule is the name of the rule of the system that explains the call,
	// empty for a call the system does not cover.
	Rule string
	// Key and Args are the structured, translatable form of the description:
	// Key names the message ("open.1nt"), Args are its parameters (suits,
	// already written as S, H, D, C).
	Key  string
	Args []string
	// Text is the description in English, e.g. "1NT opening: 15-17 HCP,
	// balanced".
	Text string
	// MinHCP and MaxHCP bound the caller's high-card points as the book
	// promises them to partner.
	MinHCP, MaxHCP int
	// Floor, when set below MinHCP, is the fewest HCP the call is made
	// with: an opening promises 12+ to partner, who counts on that, but the
	// rule of 20 opens some 10- and 11-point hands. What a hand may hold
	// is [Meaning.LeastHCP] to MaxHCP.
	Floor int
	// MinLen and MaxLen bound the caller's length in each suit.
	MinLen, MaxLen [4]int
	// Balanced is set when the call promises a balanced hand.
	Balanced bool
	// Unbalanced is set when the call denies a balanced hand (a jump
	// shift, Gerber over partner's notrump with a long suit).
	Unbalanced bool
	// Stopped marks the suits the caller has promised a stopper in.
	Stopped [4]bool
	// Aces and Kings, when not zero, say how many aces (kings) the caller
	// holds, one bit a number: 1<<0|1<<4 is "0 or 4" (the answers to
	// Blackwood and Gerber).
	Aces, Kings uint8
	// Control marks the suits the caller has shown first-round control
	// of, the ace or a void (a control bid in a slam auction).
	Control [4]bool
	// Force tells whether partner may pass.
	Force Force
	// Artificial is set for a conventional call that says nothing about the
	// suit named (Stayman, transfers, Blackwood answers, cue bids...).
	Artificial bool

	// minPts is the least the caller has promised counting the way the
	// rule counts (HCP plus length or shortness), when that is more than
	// MinHCP: a jump raise on 16-18 dummy points shows 12+ HCP but 16+
	// points.
	minPts int

	desc string // the rule's description, from which Text is written
}

// anyHand is a Meaning with no constraint.
func anyHand() Meaning {
	return Meaning{MaxHCP: 37, MaxLen: [4]int{13, 13, 13, 13}}
}

// intersect narrows m by o (what a seat has shown over several calls).
func (m *Meaning) intersect(o Meaning) {
	floor := max(m.LeastHCP(), o.LeastHCP())
	m.MinHCP = max(m.MinHCP, o.MinHCP)
	m.MaxHCP = min(m.MaxHCP, o.MaxHCP)
	m.minPts = max(m.minPts, o.minPts)
	m.Floor = floor
	if m.MaxHCP < m.MinHCP { // contradictory bidding: trust the latest call
		m.MinHCP, m.MaxHCP, m.minPts, m.Floor = o.MinHCP, o.MaxHCP, o.minPts, o.LeastHCP()
	}
	m.Floor = min(m.Floor, m.MinHCP)
	for s := range 4 {
		m.MinLen[s] = max(m.MinLen[s], o.MinLen[s])
		m.MaxLen[s] = min(m.MaxLen[s], o.MaxLen[s])
		if m.MaxLen[s] < m.MinLen[s] {
			m.MinLen[s], m.MaxLen[s] = o.MinLen[s], o.MaxLen[s]
		}
		m.Stopped[s] = m.Stopped[s] || o.Stopped[s]
	}
	m.Balanced = m.Balanced || o.Balanced
	m.Unbalanced = m.Unbalanced || o.Unbalanced
	m.Aces, m.Kings = narrowCount(m.Aces, o.Aces), narrowCount(m.Kings, o.Kings)
	for s := range 4 {
		m.Control[s] = m.Control[s] || o.Control[s]
	}
}

// narrowCount is what two counts (bit sets of numbers, zero: any) say
// together; the latter when they contradict each other.
func narrowCount(a, b uint8) uint8 {
	switch {
	case b == 0:
		return a
	case a == 0 || a&b == 0:
		return b
	}
	return a & b
}

// widenCount is what either of two counts allows (zero: any).
func widenCount(a, b uint8) uint8 {
	if a == 0 || b == 0 {
		return 0
	}
	return a | b
}

// countHolds reports whether n is among the numbers of count (zero: any).
func countHolds(count uint8, n int) bool { return count == 0 || n < 8 && count>>n&1 != 0 }

// countNumbers lists the numbers of a count, lowest first.
func countNumbers(count uint8) []int {
	var out []int
	for n := range 8 {
		if count>>n&1 != 0 {
			out = append(out, n)
		}
	}
	return out
}

// controls reports whether the hand holds first-round control of s: the
// ace or a void.
func (e *Eval) controls(s card.Suit) bool {
	return e.Len[s] == 0 || e.Hand.SuitMask(s)&(1<<card.Ace) != 0
}

// LeastHCP is the fewest HCP the caller may hold: Floor when set below
// MinHCP, else MinHCP.
func (m *Meaning) LeastHCP() int {
	if m.Floor > 0 && m.Floor < m.MinHCP {
		return m.Floor
	}
	return m.MinHCP
}

// fits reports whether a hand is within m's HCP and suit lengths, and
// holds the aces, kings and controls m says (what the other players will
// read of a call, checked before a principle makes it).
func (m *Meaning) fits(e *Eval) bool {
	if e.HCP < m.LeastHCP() || e.HCP > m.MaxHCP {
		return false
	}
	for s := range card.NumSuits {
		if e.Len[s] < m.MinLen[s] || e.Len[s] > m.MaxLen[s] || m.Control[s] && !e.controls(card.Suit(s)) {
			return false
		}
	}
	return countHolds(m.Aces, e.Aces) && countHolds(m.Kings, e.Kings)
}

// handShown is what a meaning says of the hand, for comparing two
// meanings: HCP range, lengths, shape.
type handShown struct {
	least, min, max int
	minLen, maxLen  [4]int
	bal, unbal      bool
	aces, kings     uint8
	control         [4]bool
}

func (m *Meaning) shows() handShown {
	return handShown{m.LeastHCP(), m.MinHCP, m.MaxHCP, m.MinLen, m.MaxLen, m.Balanced, m.Unbalanced, m.Aces, m.Kings, m.Control}
}

// holds reports whether a hand is within m: its HCP and suit lengths
// (fits), balanced when m says balanced, unbalanced when m says so.
func (m *Meaning) holds(e *Eval) bool {
	return m.fits(e) && (!m.Balanced || e.Balanced) && (!m.Unbalanced || !e.Balanced)
}

// Holds reports whether hand h is within m: its HCP, suit lengths, aces,
// kings and controls, and its shape when m says balanced or unbalanced (a
// hand that could have made the calls m reads).
func (m *Meaning) Holds(h card.Hand) bool { return m.holds(Evaluate(h)) }

// binds reports whether f obliges partner to bid (forcing, game forcing);
// partner may pass any other call.
func (f Force) binds() bool { return f == Forcing || f == GameForcing }

// widen makes m cover o too (two rules explain the same call).
func (m *Meaning) widen(o Meaning) {
	m.minPts = min(max(m.minPts, m.MinHCP), max(o.minPts, o.MinHCP))
	m.Floor = min(m.LeastHCP(), o.LeastHCP())
	m.MinHCP = min(m.MinHCP, o.MinHCP)
	m.MaxHCP = max(m.MaxHCP, o.MaxHCP)
	for s := range 4 {
		m.MinLen[s] = min(m.MinLen[s], o.MinLen[s])
		m.MaxLen[s] = max(m.MaxLen[s], o.MaxLen[s])
		m.Stopped[s] = m.Stopped[s] && o.Stopped[s]
	}
	m.Balanced = m.Balanced && o.Balanced
	m.Unbalanced = m.Unbalanced && o.Unbalanced
	m.Aces, m.Kings = widenCount(m.Aces, o.Aces), widenCount(m.Kings, o.Kings)
	for s := range 4 {
		m.Control[s] = m.Control[s] && o.Control[s]
	}
}

// saidByBalanced reports whether m's length in suit s is what "balanced"
// says (two to five cards), so that a description need not repeat it.
func (m *Meaning) saidByBalanced(s card.Suit) bool {
	return m.Balanced && m.MinLen[s] == 2 && m.MaxLen[s] == 5
}

// Summary writes the hand constraints of m: "15-17 HCP, balanced, 5+ S".
func (m Meaning) Summary() string {
	var parts []string
	switch {
	case m.MinHCP > 0 && m.MaxHCP < 37:
		parts = append(parts, fmt.Sprintf("%d-%d HCP", m.MinHCP, m.MaxHCP))
	case m.MinHCP > 0:
		parts = append(parts, fmt.Sprintf("%d+ HCP", m.MinHCP))
	case m.MaxHCP < 37:
		parts = append(parts, fmt.Sprintf("0-%d HCP", m.MaxHCP))
	}
	if m.Balanced {
		parts = append(parts, "balanced")
	}
	for _, s := range card.Suits {
		lo, hi := m.MinLen[s], m.MaxLen[s]
		if m.saidByBalanced(s) {
			continue
		}
		switch {
		case lo > 0 && hi < 13 && lo == hi:
			parts = append(parts, fmt.Sprintf("%d %s", lo, s))
		case lo > 0 && hi < 13:
			parts = append(parts, fmt.Sprintf("%d-%d %s", lo, hi, s))
		case lo > 0:
			parts = append(parts, fmt.Sprintf("%d+ %s", lo, s))
		case hi < 13:
			parts = append(parts, fmt.Sprintf("at most %d %s", hi, s))
		}
		if m.Control[s] {
			parts = append(parts, fmt.Sprintf("first-round control of %s", s))
		}
	}
	if m.Aces != 0 {
		parts = append(parts, "aces: "+countWords(m.Aces, " or "))
	}
	if m.Kings != 0 {
		parts = append(parts, "kings: "+countWords(m.Kings, " or "))
	}
	return strings.Join(parts, ", ")
}

// countWords writes a count's numbers: "0 or 4".
func countWords(count uint8, or string) string {
	var ns []string
	for _, n := range countNumbers(count) {
		ns = append(ns, fmt.Sprint(n))
	}
	return strings.Join(ns, or)
}

// finish writes Text: the rule's description (which names the ranges the
// book gives) or, for a bare description, the description and the hand
// constraints; then the force.
func (m *Meaning) finish(desc string) {
	m.desc = desc
	t := descHCP.ReplaceAllStringFunc(desc, func(string) string { return m.hcpRange() })
	if s := m.Summary(); s != "" && !strings.Contains(desc, ":") {
		t += ": " + s
	}
	if lo := m.LeastHCP(); lo < m.MinHCP {
		t += fmt.Sprintf(" (may be %d-%d HCP with shape)", lo, m.MinHCP-1)
	}
	t += "; " + m.Force.String()
	if m.Artificial {
		t += ", artificial"
	}
	m.Text = t
}

// descHCP is an HCP range a description names ("12-18 HCP", "16+ HCP"):
// the text states the meaning's own range in its place, so that it says
// what the rule's numbers say (a 1-level overcall is made on 8-18, a new
// suit by an opener of the rule of 20 on 10 or 11).
var descHCP = regexp.MustCompile(`\b\d+(-\d+|\+) HCP\b`)

// hcpRange writes m's HCP range as a description does.
func (m *Meaning) hcpRange() string {
	switch {
	case m.MaxHCP >= 37:
		return fmt.Sprintf("%d+ HCP", m.MinHCP)
	case m.MinHCP == m.MaxHCP:
		return fmt.Sprintf("%d HCP", m.MinHCP)
	}
	return fmt.Sprintf("%d-%d HCP", m.MinHCP, m.MaxHCP)
}

// finishForce rewrites Text after the force was changed.
func (m *Meaning) finishForce() { m.finish(m.desc) }

// contradicted returns what of the meaning the hand e contradicts (the
// kinds: "hcp", "length", "aces", "control", "balanced") and why, in
// words; none when the meaning holds for the hand.
func (m *Meaning) contradicted(e *Eval) (kinds []string, why string) {
	if e.HCP < m.LeastHCP() || e.HCP > m.MaxHCP {
		kinds = append(kinds, "hcp")
		why += fmt.Sprintf(" HCP %d, not %d-%d", e.HCP, m.LeastHCP(), m.MaxHCP)
	}
	short := ""
	for s := range card.NumSuits {
		if n := e.Len[s]; n < m.MinLen[s] || n > m.MaxLen[s] {
			short += fmt.Sprintf(" %d %s, not %d-%d", n, card.Suit(s), m.MinLen[s], m.MaxLen[s])
		}
	}
	if short != "" {
		kinds = append(kinds, "length")
		why += short
	}
	if !countHolds(m.Aces, e.Aces) || !countHolds(m.Kings, e.Kings) {
		kinds = append(kinds, "aces")
		why += fmt.Sprintf(" %d aces, %d kings, read %v and %v", e.Aces, e.Kings, countNumbers(m.Aces), countNumbers(m.Kings))
	}
	for s := range card.NumSuits {
		if m.Control[s] && !e.controls(card.Suit(s)) {
			kinds = append(kinds, "control")
			why += fmt.Sprintf(" no control of %s", card.Suit(s))
		}
	}
	if m.Balanced && !e.Balanced || m.Unbalanced && e.Balanced {
		kinds = append(kinds, "balanced")
		why += fmt.Sprintf(" balanced %v, read balanced %v unbalanced %v", e.Balanced, m.Balanced, m.Unbalanced)
	}
	return kinds, why
}
