package bidding

import (
	"strings"

	"atout/bridge"
	"atout/card"
)

// Slam bidding as a SAYC pair plays it. The values come first: both
// hands together, partner counted at the least he has shown. Opposite
// partner's notrump opening, with no suit agreed, 33 HCP bid 6NT, 37 bid
// 7NT, and 31-32 invite with a quantitative 4NT; opposite his other
// natural notrump bids 32 bid 6NT and 30-31 invite (ntSlamNeed); partner
// accepts with more than his minimum; 4C over partner's notrump opening or rebid
// is Gerber. With a fit, points count (length and shortness, less what is
// wasted opposite partner's shortness): with a major agreed at the three
// level or in a game-forcing auction, a hand in the slam zone shows its
// cheapest first-round control (a control bid), and partner signs off in
// game, shows a control of his own or asks. Whoever knows that the values
// are there, the trumps sound and no side suit open to two quick losers
// asks for aces: 4NT is plain Blackwood (5C 0 or 4 aces, 5D 1, 5H 2, 5S
// 3), 5NT then asks for kings, and the asker places the contract, at the
// five level with two aces missing. The answers follow the reading of the
// question (blackwood, gerber), not a second guess at the auction, so
// that a 4NT or a 4C means one thing in one auction, for the bidder and
// for the others.

// The combined values the slam rules count (partner at his minimum):
// HCP opposite a notrump, points (with length and shortness) in a fit.
const (
	slamTry  = 31 // notrump: a slam if partner is above his minimum (30 after a rebid), 4NT invites
	slamMin  = 33 // notrump: a small slam
	grandMin = 37 // a grand slam
	fitTry   = 30 // a fit: a slam if partner is above his minimum, control bids
	fitSlam  = 30 // a fit: a small slam, Blackwood
)

// partnerJustBid returns partner's last call when it is the last call but
// one, a bid, and the right-hand opponent passed it.
func partnerJustBid(c *Ctx) (bridge.Call, Meaning, bool) {
	n := len(c.Calls)
	if n < 2 || c.Calls[n-1].Kind != bridge.Pass || c.Calls[n-2].Kind != bridge.Bid {
		return bridge.Call{}, Meaning{}, false
	}
	return c.Calls[n-2], c.Meanings[n-2], true
}

// naturalNT reports whether call i was a natural notrump bid.
func (c *Ctx) naturalNT(i int) bool {
	k := c.Calls[i]
	return k.Kind == bridge.Bid && k.Strain == bridge.NoTrump && !c.Meanings[i].Artificial
}

// agreedSuit returns the suit our side has agreed, from the auction alone:
// both of us have shown length in it, eight cards or more together (a
// raise, Jacoby 2NT, a long suit opposite a balanced hand); a major
// before a minor, then the longer.
func (c *Ctx) agreedSuit() (card.Suit, bool) {
	best, bl := card.Suit(0), 0
	for _, s := range []card.Suit{card.Spades, card.Hearts, card.Diamonds, card.Clubs} {
		a, p := c.ShownLen(c.Me, s), c.ShownLen(c.Partner(), s)
		if a == 0 || p == 0 || a+p < 8 {
			continue
		}
		if bl == 0 || a+p > bl && (s >= card.Hearts) == (best >= card.Hearts) {
			best, bl = s, a+p
		}
	}
	return best, bl > 0
}

// quant4NT: a 4NT by the seat to act would be quantitative: partner has
// just bid notrump naturally or has shown a balanced hand, the opponents
// silent, and no suit is agreed.
func quant4NT(c *Ctx, _ *Bind) bool {
	if call, _, ok := partnerJustBid(c); !ok || c.Contested() || call.Level >= 4 {
		return false
	}
	if !c.naturalNT(len(c.Calls)-2) && !c.Shown[c.Partner()].Balanced {
		return false
	}
	_, agreed := c.agreedSuit()
	return !agreed
}

// acceptNeed is what my HCP and partner's quantitative 4NT (at its
// minimum) must make for 6NT (or one less without a five-card suit to
// offer): two above the floor the 4NT was bid on, so that I accept with
// more than my minimum (33 after my notrump opening, whose 4NT shows
// 31-32 with me at my minimum; 32 after my other notrump bids, whose 4NT
// shows 30-32, quantFloor).
func acceptNeed(c *Ctx) int {
	_, m, _ := partnerJustBid(c)
	if m.Rule == "slam.4nt" && !openedNT(c, c.Me) {
		return slamMin - 1
	}
	return slamMin
}

// acceptPts is what I count, answering partner's quantitative 4NT,
// against acceptNeed: my HCP and a good long suit, with the 4NT at its
// minimum.
func acceptPts(c *Ctx, e *Eval) int { return e.HCP + c.PartnerMin() + goodFive(e) }

// goodFive is what a good long suit adds to my HCP when I answer a
// quantitative 4NT: a point for five cards or more headed by three of
// the four top honours, which take tricks that their HCP do not count.
func goodFive(e *Eval) int {
	s := e.Longest()
	if e.Len[s] >= 5 && e.Top(s, 4) >= 3 {
		return 1
	}
	return 0
}

// quantFloor is the least our HCP together (partner at his minimum)
// invite 6NT with: slamTry opposite a notrump opening (its range is
// narrow and its structure has its own invitation), one less opposite
// the other notrump bids.
func quantFloor(c *Ctx) int {
	if openedNT(c, c.Partner()) {
		return slamTry
	}
	return slamTry - 1
}

// ntSlamNeed is the least our HCP together (partner at his minimum) bid
// 6NT with: slamMin opposite partner's notrump opening (or 2C and a
// notrump rebid), whose narrow range the book's structure answers; one
// less opposite any other partner: his other notrump bids, a balanced
// hand, or a range open by four points or more (his minimum undercounts
// him). Two balanced hands of 32 HCP make 6NT more often than not (62%
// double dummy on 2,500 random deals of 30-33 HCP together, against 86%
// with 33 and 54% with 31), so the slam is bid rather than invited.
func ntSlamNeed(c *Ctx) int {
	if openedNT(c, c.Partner()) && c.PartnerMax()-c.PartnerMin() < 4 {
		return slamMin
	}
	return slamMin - 1
}

// openedNT reports whether seat s opened our side's bidding with a
// natural notrump, or with 2C and a notrump rebid.
func openedNT(c *Ctx, s card.Seat) bool {
	o, ok := c.Opener()
	if !ok || o != s {
		return false
	}
	if c.naturalNT(c.Open) {
		return true
	}
	for i := c.Open + 4; i < len(c.Calls); i += 4 {
		if c.Calls[c.Open] == bridge.NewBid(2, bridge.StrainClubs) && c.naturalNT(i) {
			return i == c.Open+4
		}
	}
	return false
}

// overOurNTOpening: partner's natural notrump opening is the last bid and
// this is my first call: the notrump structure (ntResponses) answers it.
func overOurNTOpening(c *Ctx) bool {
	o, ok := c.Opener()
	return ok && o == c.Partner() && c.Open == len(c.Calls)-2 && c.naturalNT(c.Open)
}

// asksAces reports whether m is Blackwood's question.
func asksAces(m Meaning) bool { return m.Rule == "bw.ask" }

// blackwood: partner's 4NT, just bid, asked for aces.
func blackwood(c *Ctx, _ *Bind) bool {
	n := len(c.Calls)
	if n < 2 || !passOrDouble(c.Calls[n-1]) {
		return false
	}
	return c.Calls[n-2] == bridge.NewBid(4, bridge.NoTrump) && c.SeatAt(n-2) == c.Partner() && asksAces(c.Meanings[n-2])
}

// passOrDouble: k is a pass or a double. An opponent's double of a
// question or of its answer (to show where to lead, or to make room for
// nothing) changes neither: the answer and the asker's continuation go on
// as over a pass.
func passOrDouble(k bridge.Call) bool { return k.Kind == bridge.Pass || k.Kind == bridge.Double }

// quantitative: partner's 4NT, just bid, raised my notrump (a natural
// invitation to 6NT).
func quantitative(c *Ctx, _ *Bind) bool {
	call, m, ok := partnerJustBid(c)
	return ok && call == bridge.NewBid(4, bridge.NoTrump) && !m.Artificial && m.Force == Invitational
}

// gerber: partner's 4C, just bid, asked for aces.
func gerber(c *Ctx, _ *Bind) bool {
	call, m, ok := partnerJustBid(c)
	return ok && call == bridge.NewBid(4, bridge.StrainClubs) && m.Rule == "gerber"
}

// gerberWhen: a 4C by the seat to act would be Gerber: partner, who
// opened, has just bid a natural 1NT or 2NT (his opening or his rebid,
// 2C-2D-2NT included), the opponents silent.
func gerberWhen(c *Ctx, _ *Bind) bool {
	call, _, ok := partnerJustBid(c)
	if !ok || c.Contested() || !c.naturalNT(len(c.Calls)-2) || call.Level > 2 {
		return false
	}
	o, _ := c.Opener()
	return o == c.Partner()
}

// answered reports whether I asked with a rule named ask two calls ago
// (the opponents silent) and partner has answered with a rule whose name
// starts with ans.
func answered(ask, ans string) AuctionPred {
	return func(c *Ctx, _ *Bind) bool {
		n := len(c.Calls)
		return n >= 4 && passOrDouble(c.Calls[n-1]) && passOrDouble(c.Calls[n-3]) &&
			c.SeatAt(n-4) == c.Me && c.Meanings[n-4].Rule == ask && strings.HasPrefix(c.Meanings[n-2].Rule, ans)
	}
}

// askedBy: partner's bid just made is the question of rule ask (the king
// ask after my answer to his ace ask).
func askedBy(ask string) AuctionPred {
	return func(c *Ctx, _ *Bind) bool {
		_, m, ok := partnerJustBid(c)
		return ok && m.Rule == ask
	}
}

// partnerCount returns how many of the cards a count says partner holds:
// his answer, 0 or 4 told apart by mine (with none of them I take him for
// all four), -1 when partner has not answered.
func partnerCount(count uint8, mine int) int {
	ns := countNumbers(count)
	switch {
	case len(ns) == 0:
		return -1
	case len(ns) > 1 && mine == 0:
		return ns[len(ns)-1]
	}
	return ns[0]
}

// missingAces counts the aces we lack after partner's answer.
func missingAces(c *Ctx, e *Eval) int {
	p := partnerCount(c.Shown[c.Partner()].Aces, e.Aces)
	if p < 0 {
		return 4
	}
	return max(0, 4-e.Aces-p)
}

// missingKings counts the kings we lack after partner's answer.
func missingKings(c *Ctx, e *Eval) int {
	p := partnerCount(c.Shown[c.Partner()].Kings, e.Kings)
	if p < 0 {
		return 4
	}
	return max(0, 4-e.Kings-p)
}

// slamStrain is where the asker plays the slam: our known eight-card fit,
// else a good six-card suit of mine, else notrump.
func slamStrain(c *Ctx, e *Eval) bridge.Strain {
	if s, n := knownFit(c, e); n >= 8 {
		return bridge.Strain(s)
	}
	if l := e.Longest(); e.Len[l] >= 6 && e.GoodSuit(l) && !c.theyShowed(l) {
		return bridge.Strain(l)
	}
	return bridge.NoTrump
}

// inSlamStrain: the call's strain (variable v, or notrump when the rule's
// call is notrump and v is unbound) is slamStrain.
func inSlamStrain(v byte) HandPred {
	return func(c *Ctx, e *Eval, b *Bind) bool {
		if s, ok := b.Suit(v); ok {
			return slamStrain(c, e) == bridge.Strain(s)
		}
		return slamStrain(c, e) == bridge.NoTrump
	}
}

// inGerberStrain is inSlamStrain for the Gerber asker: with no fit, his
// six-card suit (Gerber's hand) is trumps, good or not.
func inGerberStrain(v byte) HandPred {
	return func(c *Ctx, e *Eval, b *Bind) bool {
		st := slamStrain(c, e)
		if l := e.Longest(); st == bridge.NoTrump && e.Len[l] >= 6 {
			st = bridge.Strain(l)
		}
		if s, ok := b.Suit(v); ok {
			return st == bridge.Strain(s)
		}
		return st == bridge.NoTrump
	}
}

// showsHCP narrows a slam call's meaning to the HCP our values together
// need, lo to hi (hi 0: no top), with partner at his minimum; slamHCP is
// the same floor for the hand tests, so that the reading holds.
func showsHCP(lo, hi int) func(c *Ctx, b *Bind, m *Meaning) {
	return func(c *Ctx, _ *Bind, m *Meaning) {
		m.MinHCP = max(m.MinHCP, slamHCP(c, lo))
		if hi > 0 {
			m.MaxHCP = min(m.MaxHCP, max(m.MinHCP, hi-c.PartnerMin()))
		}
	}
}

// slamHCP is the fewest HCP of mine that make total with partner's
// minimum (his points, with a fit), less two for my length and shortness
// points.
func slamHCP(c *Ctx, total int) int { return max(0, min(37, total-2-c.PartnerMinPts())) }

// hcpFor: my HCP are at least slamHCP(total).
func hcpFor(total int) HandPred {
	return func(c *Ctx, e *Eval, _ *Bind) bool { return e.HCP >= slamHCP(c, total) }
}

// ntSlamHand: a hand for a notrump slam opposite partner's notrump: the
// shape for it, no known eight-card major fit, the opponents' suits
// stopped.
func ntSlamHand(c *Ctx, e *Eval) bool {
	s, n := knownFit(c, e)
	return ntShape(c, e) && !(n >= 8 && s >= card.Hearts) && !openMajorFit(c, e) && stoppedTheirs(c, e)
}

// openMajorFit: I hold five cards of a major I have bid as a four-card
// suit, and partner may hold three: a 5-3 fit not yet asked about.
func openMajorFit(c *Ctx, e *Eval) bool {
	for _, s := range []card.Suit{card.Hearts, card.Spades} {
		if e.Len[s] >= 5 && c.bidNaturally(c.Me, s) && c.ShownLen(c.Me, s) < 5 &&
			c.ShownLen(c.Partner(), s) < 3 && c.Shown[c.Partner()].MaxLen[s] >= 3 {
			return true
		}
	}
	return false
}

// Control bids.

// cueTrump returns the major a control bid would be made in: agreed by
// our side, the opponents silent, partner's bid just made at the three
// level or higher and below four of the major, in a game-forcing auction
// or one where the major was raised to the three level (after which a
// new suit below game can only be a slam try).
func cueTrump(c *Ctx) (card.Suit, bool) {
	call, _, ok := partnerJustBid(c)
	if !ok || c.Contested() {
		return 0, false
	}
	t, ok := c.agreedSuit()
	if !ok {
		t, ok = c.longMajorTrump()
	}
	if !ok || t < card.Hearts {
		return 0, false
	}
	if call.Level < 3 {
		// A raise to two: a jump to the four level in a new suit is a
		// control bid (three of a new suit is a game try).
		return t, call == bridge.NewBid(2, bridge.Strain(t)) && c.bidNaturally(c.Me, t)
	}
	game := bridge.NewBid(4, bridge.Strain(t))
	if call.Rank() >= game.Rank() {
		return 0, false
	}
	return t, c.GameForced() || call.Rank() >= bridge.NewBid(3, bridge.Strain(t)).Rank() || c.openedStrong()
}

// longMajorTrump returns a major one of us has shown six cards or more
// in, naturally, when no suit is agreed: partner has just rebid it at the
// three level (a jump rebid: a suit that needs no support, so a new suit
// of mine below game is a control bid accepting it), or has just made a
// control bid over it. I have shown no shortness in it.
func (c *Ctx) longMajorTrump() (card.Suit, bool) {
	call, m, ok := partnerJustBid(c)
	if !ok {
		return 0, false
	}
	for _, s := range []card.Suit{card.Spades, card.Hearts} {
		six := c.ShownLen(c.Partner(), s) >= 6 && c.bidNaturally(c.Partner(), s)
		if six && call == bridge.NewBid(3, bridge.Strain(s)) && c.Shown[c.Me].MaxLen[s] >= 2 && c.jumpRebidOver21() {
			return s, true
		}
		if m.Rule == "cue.bid" && c.ShownLen(c.Me, s) >= 6 && c.bidNaturally(c.Me, s) {
			return s, true
		}
	}
	return 0, false
}

// jumpRebidOver21: the auction is 1M (P) 2x (P) 3M from our side's
// opening: partner opened one of a major, I answered two of a lower suit,
// and he jumped in his major (a good six-card suit, forcing).
func (c *Ctx) jumpRebidOver21() bool {
	n := len(c.Calls)
	if c.Open < 0 || c.Open != n-6 {
		return false
	}
	var bids []bridge.Call
	for i := c.Open; i < n; i++ {
		if c.Calls[i].Kind != bridge.Pass {
			bids = append(bids, c.Calls[i])
		}
	}
	if len(bids) != 3 || c.SeatAt(c.Open) != c.Partner() {
		return false
	}
	o, r, j := bids[0], bids[1], bids[2]
	return o.Level == 1 && o.Strain >= bridge.StrainHearts && o.Strain <= bridge.StrainSpades &&
		r.Level == 2 && r.Strain < o.Strain && j == bridge.NewBid(3, o.Strain)
}

// openedStrong: our side opened 2C.
func (c *Ctx) openedStrong() bool {
	o, ok := c.Opener()
	return ok && o.Side() == c.Me.Side() && c.Calls[c.Open] == bridge.NewBid(2, bridge.StrainClubs)
}

// cueWhen: a bid below game in a suit other than the agreed major would be
// a control bid.
func cueWhen(c *Ctx, b *Bind) bool {
	t, ok := cueTrump(c)
	if !ok || b.S('x') == t {
		return false
	}
	call, ok := levelFor(c, 'c', bridge.Strain(b.S('x')))
	if l, _, _ := c.LastBid(); l.Level < 3 {
		return false // after a raise to two: a jump (cueJumpWhen)
	}
	return ok && call.Rank() < bridge.NewBid(4, bridge.Strain(t)).Rank()
}

// cueJumpWhen: partner has raised my major to two; a jump to the four
// level in a new suit would be a control bid (three of a new suit is a
// game try).
func cueJumpWhen(c *Ctx, b *Bind) bool {
	t, ok := cueTrump(c)
	if !ok || b.S('x') == t {
		return false
	}
	l, _, _ := c.LastBid()
	call, ok := levelFor(c, 'j', bridge.Strain(b.S('x')))
	return ok && l.Level == 2 && call.Level == 4 && call.Rank() < bridge.NewBid(4, bridge.Strain(t)).Rank()
}

// partnerCued: partner's bid just made is a control bid.
func partnerCued(c *Ctx, _ *Bind) bool {
	_, m, ok := partnerJustBid(c)
	return ok && m.Rule == "cue.bid"
}

// cueRank is the rank of the cheapest bid of suit s after the bid whose
// rank is last.
func cueRank(last int, s card.Suit) int {
	r := bridge.NewBid(1, bridge.Strain(s)).Rank()
	for r <= last {
		r += 5
	}
	return r
}

// deniedByPartner lists the side suits partner's control bid, just made,
// denies first-round control of: those he could have shown more cheaply
// and has not shown before.
func deniedByPartner(c *Ctx, t card.Suit) []card.Suit {
	n := len(c.Calls)
	last := 0
	for i := n - 3; i >= 0; i-- {
		if c.Calls[i].Kind == bridge.Bid {
			last = c.Calls[i].Rank()
			break
		}
	}
	call := c.Calls[n-2]
	cue := call.Rank()
	// A jump to the four level (after a raise to two, after Stayman)
	// could only have been another jump to the four level.
	jump := cueRank(last, card.Suit(call.Strain)) < cue
	stayman := strings.HasSuffix(c.Meanings[n-4].Rule, "stayman")
	var out []card.Suit
	for s := card.Suit(0); s < card.NumSuits; s++ {
		alt := cueRank(last, s)
		if jump {
			alt = bridge.NewBid(4, bridge.Strain(s)).Rank()
		}
		if stayman && s > card.Diamonds {
			continue // the control bids after Stayman are in the minors
		}
		if s != t && !c.Shown[c.Partner()].Control[s] && alt < cue {
			out = append(out, s)
		}
	}
	return out
}

// holdsControl reports a control of s of the first or second round: the
// ace, a void, the king or a singleton.
func (e *Eval) holdsControl(s card.Suit) bool {
	return e.controls(s) || e.Len[s] == 1 || e.Hand.SuitMask(s)&(1<<card.King) != 0
}

// sideSuitsHeld: every suit but the slam's trumps is controlled by me
// (the ace, a void, the king or a singleton) or was bid naturally by
// partner: no suit that can lose its first two tricks unseen.
func sideSuitsHeld(c *Ctx, e *Eval) bool {
	t := slamStrain(c, e)
	for s := card.Suit(0); s < card.NumSuits; s++ {
		if bridge.Strain(s) != t && !e.holdsControl(s) && !c.bidNaturally(c.Partner(), s) && !c.Shown[c.Partner()].Control[s] {
			return false
		}
	}
	return true
}

// voidAsker: the hand holds a void, so that a count of aces would not
// tell which ones are missing (partner's ace of my void is wasted).
func voidAsker(e *Eval) bool {
	for s := card.Suit(0); s < card.NumSuits; s++ {
		if e.Len[s] == 0 {
			return true
		}
	}
	return false
}

// theirSuitsHeld: every suit the opponents have bid is held by me (the
// ace, a void, the king or a singleton) or by a first-round control
// partner has shown: their lead of it will not cash two tricks.
func theirSuitsHeld(c *Ctx, e *Eval) bool {
	for _, s := range c.TheirSuits() {
		if !e.holdsControl(s) && !c.Shown[c.Partner()].Control[s] {
			return false
		}
	}
	return true
}

// trumpsSound: trumps that will not lose two tricks to their top
// honours, as far as my hand tells: holding the long trumps (five or
// more), two of the top three honours, or one with six, or seven cards.
func trumpsSound(e *Eval, t card.Suit) bool {
	n := e.Len[t]
	return n < 5 || e.Top(t, 3) >= 2 || n >= 6 && e.Top(t, 3) >= 1 || n >= 7
}

// fitTrumpsSound is trumpsSound in a fit of nine cards or more, partner's
// share shown: with five of them one of the top three honours will do
// (partner's four hold one of the two others as often as not).
func fitTrumpsSound(c *Ctx, e *Eval, t card.Suit) bool {
	return trumpsSound(e, t) || c.Fit(e, t) >= 9 && e.Len[t] >= 5 && e.Top(t, 3) >= 1
}

// controlsCovered: every side suit is controlled, by a first-round
// control partner has shown or by a control of mine (the ace, a void,
// the king or a singleton): no suit of two quick losers.
func controlsCovered(c *Ctx, e *Eval, t card.Suit) bool {
	for s := card.Suit(0); s < card.NumSuits; s++ {
		if s != t && !c.Shown[c.Partner()].Control[s] && !e.holdsControl(s) {
			return false
		}
	}
	return true
}

// slamPts is ourPointsIn(t) counted for a slam: opposite a suit partner
// has shown a singleton or void in, my shortness there adds nothing (the
// two hands ruff the same losers) and my king, queen and jack there are
// wasted.
func slamPts(c *Ctx, e *Eval, t card.Suit) int {
	p := ourPointsIn(c, e, t)
	support := c.Fit(e, t) >= 8 && e.SupportPts(t) > e.HCP
	for s := card.Suit(0); s < card.NumSuits; s++ {
		if s == t || c.Shown[c.Partner()].MaxLen[s] > 1 {
			continue
		}
		m := e.Hand.SuitMask(s)
		for _, r := range []card.Rank{card.King, card.Queen, card.Jack} {
			if m&(1<<r) != 0 {
				p -= int(r - card.Ten)
			}
		}
		if support {
			p -= shortnessPts(e.Len[s], e.Len[t])
		}
	}
	return p
}

// shortnessPts is what Eval.SupportPts counts for a suit of n cards with
// trumps cards in the trump suit.
func shortnessPts(n, trumps int) int {
	switch n {
	case 0:
		if trumps >= 4 {
			return 5
		}
		return 3
	case 1:
		if trumps >= 4 {
			return 3
		}
		return 2
	case 2:
		return 1
	}
	return 0
}

// cueValues: the hand's values for a control bid: a slam, or a slam if
// partner is above his minimum (fitTry together, and two more than
// fitSlam possible opposite his maximum); when partner has cue-bid, our
// values together with his bid are a slam try; when partner has made a
// slam try, the upper half of my range.
func cueValues(c *Ctx, e *Eval, b *Bind) bool {
	t, _ := cueTrump(c)
	lo := slamPts(c, e, t)
	if partnerCued(c, b) {
		for _, s := range deniedByPartner(c, t) {
			if !e.holdsControl(s) {
				return false
			}
		}
		return lo >= fitTry-2 || upperHalf(c, e)
	}
	if partnerTriedSlam(c) && upperHalf(c, e) {
		return true
	}
	hi := lo - c.PartnerMinPts() + max(c.PartnerMax(), c.PartnerMinPts())
	if !trumpsSound(e, t) {
		// Trumps sound only with partner's share: a slam without a
		// try at a minimum opposite.
		return fitTrumpsSound(c, e, t) && lo >= fitSlam+2
	}
	return lo >= fitSlam || lo >= fitTry && hi >= fitSlam+2
}

// staymanMajor returns the major partner has just shown in answer to my
// Stayman.
func staymanMajor(c *Ctx) (card.Suit, bool) {
	call, m, ok := partnerJustBid(c)
	n := len(c.Calls)
	if !ok || c.Contested() || n < 4 || !strings.HasSuffix(c.Meanings[n-4].Rule, "stayman") || c.SeatAt(n-4) != c.Me {
		return 0, false
	}
	if !strings.HasSuffix(m.Rule, "stayman.h") && !strings.HasSuffix(m.Rule, "stayman.s") {
		return 0, false
	}
	return card.Suit(call.Strain), true
}

// staymanCueWhen: partner has answered my Stayman with a major; four of a
// minor agrees it and shows a control (I would not show a minor at the
// four level naturally there).
func staymanCueWhen(c *Ctx, b *Bind) bool {
	_, ok := staymanMajor(c)
	return ok && b.S('x') <= card.Diamonds
}

// staymanCue: four cards in partner's major, control of the minor (the
// cheaper one I control), the values of a slam try.
func staymanCue(c *Ctx, e *Eval, b *Bind) bool {
	t, _ := staymanMajor(c)
	x := b.S('x')
	if e.Len[t] < 4 || !e.controls(x) || x == card.Diamonds && e.controls(card.Clubs) || !trumpsSound(e, t) {
		return false
	}
	lo := ourPointsIn(c, e, t)
	hi := lo - c.PartnerMinPts() + c.PartnerMax()
	return (lo >= fitSlam || lo >= fitTry && hi >= fitSlam+2) && e.HCP >= slamHCP(c, fitTry)
}

// showsStaymanCue: the control, the fit, the values.
func showsStaymanCue(c *Ctx, b *Bind, m *Meaning) {
	t, _ := staymanMajor(c)
	m.MinLen[t] = max(m.MinLen[t], 4)
	showsControl(c, b, m)
}

// partnerTriedSlam: partner's bid just made is a slam try in the agreed
// major (the six-card major over 1NT).
func partnerTriedSlam(c *Ctx) bool {
	_, m, ok := partnerJustBid(c)
	return ok && strings.HasSuffix(m.Rule, "3major.slam")
}

// upperHalf: my HCP are in the upper half of what I have shown.
func upperHalf(c *Ctx, e *Eval) bool {
	me := &c.Shown[c.Me]
	top := min(me.MaxHCP, me.MinHCP+6)
	return 2*e.HCP > me.MinHCP+top
}

// cheapestControl: x is the cheapest suit, in bidding order from the last
// bid, that I control first round and have not shown yet.
func cheapestControl(c *Ctx, e *Eval, b *Bind) bool {
	t, _ := cueTrump(c)
	x := b.S('x')
	if !e.controls(x) || c.Shown[c.Me].Control[x] {
		return false
	}
	l, _, _ := c.LastBid()
	for s := card.Suit(0); s < card.NumSuits; s++ {
		if s != t && s != x && e.controls(s) && !c.Shown[c.Me].Control[s] && cueRank(l.Rank(), s) < cueRank(l.Rank(), x) {
			return false
		}
	}
	return true
}

// showsControl narrows a control bid's meaning: first-round control of
// the suit, the values of a slam try.
func showsControl(c *Ctx, b *Bind, m *Meaning) { showsControlOn(fitTry)(c, b, m) }

// showsControlOn is showsControl for a try on total points together.
func showsControlOn(total int) func(c *Ctx, b *Bind, m *Meaning) {
	return func(c *Ctx, b *Bind, m *Meaning) {
		m.Control[b.S('x')] = true
		showsHCP(total, 0)(c, b, m)
	}
}

// strongOpener: I opened our side's bidding with the strong 2C.
func strongOpener(c *Ctx, _ *Bind) bool {
	o, ok := c.Opener()
	return ok && o == c.Me && c.openedStrong()
}

// cueGame: four of the agreed major.
func cueGame(c *Ctx, b *Bind) bool {
	t, ok := cueTrump(c)
	return ok && b.S('M') == t
}

func slamRules() []*Rule {
	var rs []*Rule
	// Notrump: partner's natural notrump (or balanced hand), no fit.
	rs = append(rs,
		&Rule{Name: "slam.7nt", Prio: 127, Seq: "... *", Example: "1C P 1H P 1N P", Call: "7N", Force: SignOff,
			When: all(quant4NT, func(c *Ctx, _ *Bind) bool { return !overOurNTOpening(c) }),
			Need: Need{Test: func(c *Ctx, e *Eval, _ *Bind) bool {
				return e.HCP+c.PartnerMin() >= grandMin && ntSlamHand(c, e)
			}},
			Show: func(c *Ctx, _ *Bind, m *Meaning) { m.MinHCP = max(0, grandMin-c.PartnerMin()) },
			Desc: "7NT: the values for a grand slam"},
		&Rule{Name: "slam.6nt", Prio: 127, Seq: "... *", Example: "1C P 1H P 1N P", Call: "6N", Force: SignOff,
			When: all(quant4NT, func(c *Ctx, _ *Bind) bool { return !overOurNTOpening(c) }),
			Need: Need{Test: func(c *Ctx, e *Eval, _ *Bind) bool {
				return e.HCP+c.PartnerMin() >= ntSlamNeed(c) && e.HCP+c.PartnerMin() < grandMin && ntSlamHand(c, e)
			}},
			Show: func(c *Ctx, _ *Bind, m *Meaning) {
				m.MinHCP, m.MaxHCP = max(0, ntSlamNeed(c)-c.PartnerMin()), max(0, grandMin-1-c.PartnerMin())
			},
			Desc: "6NT: the values for a small slam"},
		&Rule{Name: "slam.4nt", Prio: 127, Slam: true, Seq: "... *", Example: "1C P 1H P 1N P", Call: "4N", Force: Invitational,
			When: all(quant4NT, lastBelow(4, bridge.NoTrump), func(c *Ctx, _ *Bind) bool { return !overOurNTOpening(c) }),
			Need: Need{Test: func(c *Ctx, e *Eval, _ *Bind) bool {
				lo := e.HCP + c.PartnerMin()
				return lo >= quantFloor(c) && lo < ntSlamNeed(c) && e.HCP+c.PartnerMax() >= ntSlamNeed(c)-1 && ntSlamHand(c, e)
			}},
			Show: func(c *Ctx, _ *Bind, m *Meaning) {
				m.MinHCP, m.MaxHCP = max(0, quantFloor(c)-c.PartnerMin()), max(0, ntSlamNeed(c)-1-c.PartnerMin())
			},
			Desc: "Quantitative 4NT: invites 6NT"},
		// Partner's quantitative 4NT: 6NT with more than the minimum
		// (our values then make 32 at least); 5NT with 32 and a
		// five-card suit to offer; pass with the minimum.
		&Rule{Name: "nt.4nt.6nt", Prio: 100, Seq: "... B P 4N P", Example: "1N P 4N P", Call: "6N", When: quantitative,
			Need: Need{Test: func(c *Ctx, e *Eval, _ *Bind) bool {
				p, need := acceptPts(c, e), acceptNeed(c)
				return p >= need || p == need-1 && e.Len[e.Longest()] < 5
			}}, Desc: "Accepts the slam invitation", Force: SignOff},
		&Rule{Name: "nt.4nt.5nt", Prio: 99, Seq: "... B P 4N P", Example: "1N P 4N P", Call: "5N", When: quantitative,
			Need: Need{Test: func(c *Ctx, e *Eval, _ *Bind) bool {
				return acceptPts(c, e) == acceptNeed(c)-1 && e.Len[e.Longest()] >= 5
			}}, Desc: "Accepts, with a five-card suit: offers a choice of slams", Force: Forcing},
		&Rule{Name: "nt.5nt.slam", Prio: 97, Seq: "... 4N P 5N P", Example: "1N P 4N P 5N P", Call: "6N",
			When: func(c *Ctx, _ *Bind) bool {
				n := len(c.Calls)
				return c.SeatAt(n-4) == c.Me && c.Meanings[n-4].Force == Invitational
			},
			Desc: "Slam in notrump", Force: SignOff},
		&Rule{Name: "nt.5nt.6nt", Prio: 97, Seq: "... 1N P * P * P 5N P", Call: "6N", Need: Need{Pts: rng(16, 17)},
			Desc: "Accepts the slam invitation", Force: SignOff},
		&Rule{Name: "nt.4nt.pass", Prio: 98, Seq: "... B P 4N P", Example: "1N P 4N P", Call: "P", When: quantitative,
			Desc: "Declines the slam invitation"},
	)
	// Gerber: 4C over partner's notrump opening or rebid; the answers in
	// steps (4D 0 or 4 aces, 4H 1, 4S 2, 4NT 3); 5C asks for kings the
	// same way; the asker signs off in 4NT or bids the slam, in his own
	// long suit too (never bid: Gerber's hand holds six cards of it,
	// inGerberStrain).
	rs = append(rs, &Rule{Name: "gerber", Prio: 128, Seq: "... *", Example: "1N P", When: gerberWhen, Call: "4C", Art: true, Force: Forcing,
		Need: Need{Bal: -1, Test: func(c *Ctx, e *Eval, _ *Bind) bool {
			d := gerberDrop(c)
			return ourPts(c, e) >= fitSlam+2-d && hcpInView(c, e, d) && e.Len[e.Longest()] >= 6 && e.HCP >= slamHCP(c, fitSlam-d)-2
		}},
		Show: func(c *Ctx, _ *Bind, m *Meaning) { m.MinHCP = max(0, slamHCP(c, fitSlam-gerberDrop(c))-2) },
		Desc: "Gerber: asks for aces"})
	for i, a := range []string{"4D", "4H", "4S", "4N"} {
		n := uint8(1) << i
		if i == 0 {
			n |= 1 << 4
		}
		rs = append(rs, &Rule{Name: "gerber.ans." + a, Prio: 150, Seq: "... 4C P", Example: "1N P 4C P", When: gerber, Call: a, Art: true, Force: Forcing,
			Need: Need{Test: acesIn(n)}, Show: func(_ *Ctx, _ *Bind, m *Meaning) { m.Aces = n }, Desc: "Answer to Gerber: " + acesWords(n)})
	}
	for i, a := range []string{"5D", "5H", "5S", "5N"} {
		n := uint8(1) << i
		if i == 0 {
			n |= 1 << 4
		}
		rs = append(rs, &Rule{Name: "gerber.kings." + a, Prio: 150, Seq: "... 5C P", Example: "1N P 4C P 4S P 5C P", When: askedBy("gerber.kings.ask"), Call: a, Art: true, Force: Forcing,
			Need: Need{Test: kingsIn(n)}, Show: func(_ *Ctx, _ *Bind, m *Meaning) { m.Kings = n }, Desc: "Answer to the king ask: " + kingsWords(n)})
	}
	gerberAnswered := answered("gerber", "gerber.ans.")
	kingsAnswered := answered("gerber.kings.ask", "gerber.kings.")
	rs = append(rs,
		&Rule{Name: "gerber.kings.ask", Prio: 151, Seq: "... 4C P * P", Example: "1N P 4C P 4S P", When: gerberAnswered, Call: "5C", Art: true, Force: Forcing,
			Need: Need{Test: func(c *Ctx, e *Eval, _ *Bind) bool { return missingAces(c, e) == 0 && ourPts(c, e) >= grandMin-1 }},
			Desc: "Asks for kings: every ace held, a grand slam in view"},
		&Rule{Name: "gerber.signoff", Prio: 150, Seq: "... 4C P * P", Example: "1N P 4C P 4D P", When: gerberAnswered, Call: "4N", Force: SignOff,
			Need: Need{Test: func(c *Ctx, e *Eval, _ *Bind) bool { return missingAces(c, e) >= 2 }},
			Desc: "To play: two aces missing"},
		&Rule{Name: "gerber.signoff.five", Prio: 150, Seq: "... 4C P 4N P", Example: "2N P 4C P 4N P", When: all(gerberAnswered, ourStrain('x')), Call: "5x", Force: SignOff,
			Need: Need{Test: hall(inGerberStrain('x'), func(c *Ctx, e *Eval, _ *Bind) bool { return missingAces(c, e) >= 2 })},
			Desc: "To play: two aces missing"},
		&Rule{Name: "gerber.slam", Prio: 149, Seq: "... 4C P * P", Example: "1N P 4C P 4S P", When: gerberAnswered, Call: "6x 6N", Force: SignOff,
			Need: Need{Test: hall(inGerberStrain('x'), func(c *Ctx, e *Eval, _ *Bind) bool { return missingAces(c, e) <= 1 })},
			Desc: "Small slam: at most one ace missing"},
		&Rule{Name: "gerber.grand", Prio: 150, Seq: "... 5C P * P", Example: "1N P 4C P 4S P 5C P 5S P", When: kingsAnswered, Call: "7x 7N", Force: SignOff,
			Need: Need{Test: hall(inGerberStrain('x'), func(c *Ctx, e *Eval, _ *Bind) bool { return missingKings(c, e) == 0 })},
			Desc: "Grand slam: every ace and king held"},
		&Rule{Name: "gerber.small", Prio: 149, Seq: "... 5C P * P", Example: "1N P 4C P 4S P 5C P", When: kingsAnswered, Call: "6x 6N", Force: SignOff,
			Need: Need{Test: inGerberStrain('x')},
			Desc: "Small slam: a king missing"},
	)
	// Control bids with a major agreed, then Blackwood.
	rs = append(rs,
		&Rule{Name: "cue.bid", Prio: 141, Seq: "... *", Example: "1S P 2N P 3S P", When: all(cueWhen, not(strongOpener)), Call: "cx", Art: true, Force: Forcing,
			Need: Need{Test: hall(cheapestControl, cueValues, hcpFor(fitTry))},
			Show: showsControl,
			Desc: "Control bid: first-round control of %x, slam interest"},
		// The strong 2C opener opposite partner's raise, whose range is
		// wide (any hand with support): a control bid two points below
		// the others' (a slam if partner has a little more than his
		// minimum); partner signs off at his minimum.
		&Rule{Name: "cue.bid", Prio: 141, Seq: "... *", Example: "2C P 2D P 2S P 3S P", When: all(cueWhen, strongOpener), Call: "cx", Art: true, Force: Forcing,
			Need: Need{Test: hall(cheapestControl, func(c *Ctx, e *Eval, _ *Bind) bool {
				t, _ := cueTrump(c)
				return slamPts(c, e, t) >= fitTry-2 && fitTrumpsSound(c, e, t)
			}, hcpFor(fitTry-2))},
			Show: showsControlOn(fitTry - 2),
			Desc: "Control bid: first-round control of %x, slam interest"},
		&Rule{Name: "cue.bid", Prio: 141, Seq: "... *", Example: "1S P 2S P", When: cueJumpWhen, Call: "jx", Art: true, Force: Forcing,
			Need: Need{Test: hall(cheapestControl, cueValues, hcpFor(fitTry))},
			Show: showsControl,
			Desc: "Control bid: first-round control of %x, slam interest"},
		&Rule{Name: "cue.bid", Prio: 141, Seq: "... *", Example: "1N P 2C P 2H P", When: staymanCueWhen, Call: "4x", Art: true, Force: Forcing,
			Need: Need{Test: staymanCue}, Show: showsStaymanCue,
			Desc: "Control bid: first-round control of %x, slam interest"},
		&Rule{Name: "cue.signoff", Prio: 139, Seq: "... *", Example: "1S P 2N P 3S P 4C P", When: all(partnerCued, cueGame), Call: "4M", Force: SignOff,
			Desc: "Sign-off: no slam opposite partner's control bid"},
	)
	rs = append(rs,
		// With a major agreed, ask for aces when the values are there and
		// no side suit lacks a control (a suit partner's control bid
		// denies is one I control); otherwise show a control.
		&Rule{Name: "bw.ask", Prio: 142, Seq: "... *", Example: "1S P 2N P 3S P 4C P", Call: "4N", Art: true, Force: Forcing,
			When: all(lastBelow(4, bridge.NoTrump), func(c *Ctx, _ *Bind) bool { _, ok := cueTrump(c); return ok }),
			Need: Need{Test: func(c *Ctx, e *Eval, b *Bind) bool {
				t, _ := cueTrump(c)
				need, covered := fitSlam, controlsCovered(c, e, t)
				if partnerCued(c, b) {
					// Partner has shown slam interest: his shown values are
					// a floor (two below what he counted). A suit his first
					// control bid does not deny may be his: with a point
					// more, ask anyway.
					need = fitTry
					for _, s := range deniedByPartner(c, t) {
						if !e.holdsControl(s) {
							return false
						}
					}
					if !covered && c.Shown[c.Me].Control == [4]bool{} && slamPts(c, e, t) >= need+1 {
						covered = true
					}
				}
				return slamPts(c, e, t) >= need && covered && fitTrumpsSound(c, e, t) && e.HCP >= slamHCP(c, fitTry)-2 && slamHCPInView(c, e)
			}},
			Show: showsAsk,
			Desc: "Blackwood: asks for aces"},
		&Rule{Name: "bw.ask", Prio: 36, Slam: true, Seq: "... *", Example: "1H P 3H P", Call: "4N", Art: true, Force: Forcing,
			When: all(slamActive, not(firstOverOpening), not(partnerAsked), lastBelow(4, bridge.NoTrump), not(quant4NT), not(gerberAnswered), ourSideBid),
			Need: Need{Test: func(c *Ctx, e *Eval, _ *Bind) bool {
				st := slamStrain(c, e)
				if e.Aces+e.Kings < 2 || st == bridge.NoTrump || !trumpsSound(e, card.Suit(st)) {
					return false
				}
				if _, n := knownFit(c, e); n < 8 && (ourHCP(c, e) >= slamMin || !sideSuitsHeld(c, e) || e.Top(card.Suit(st), 3) < 2) {
					// No fit: with 6NT's values no question to ask; in my
					// own suit, two of its top three honours (partner may
					// hold none of it) and no side suit that may lose two
					// tricks.
					return false
				}
				if !theirSuitsHeld(c, e) {
					return false // their suit led through: two quick losers
				}
				return ourPts(c, e) >= fitSlam && e.HCP >= slamHCP(c, fitTry)-2 && slamHCPInView(c, e)
			}},
			Show: showsAsk,
			Desc: "Blackwood: asks for aces"},
	)
	// Blackwood at once over partner's opening of one of a suit: a fit
	// of nine cards or more in his suit, sound trumps, slam values (33
	// points, 30 HCP) and three aces and kings; a new suit would only
	// delay the question (a major fit goes through Jacoby 2NT first).
	rs = append(rs, &Rule{Name: "bw.ask", Prio: 36, Slam: true, Seq: "... *", Example: "1D P", Call: "4N", Art: true, Force: Forcing,
		When: all(slamActive, firstOverOpening, func(c *Ctx, _ *Bind) bool { return !c.Contested() }, lastBelow(4, bridge.NoTrump)),
		Need: Need{Test: func(c *Ctx, e *Eval, _ *Bind) bool {
			s, n := knownFit(c, e)
			if n < 9 || c.Calls[c.Open].Strain != bridge.Strain(s) || !trumpsSound(e, s) || e.Aces+e.Kings < 3 {
				return false
			}
			return ourPts(c, e) >= slamMin && ourHCP(c, e) >= fitSlam
		}},
		Show: showsAsk,
		Desc: "Blackwood: asks for aces"})
	rs = append(rs, &Rule{Name: "slam.6fit", Prio: 35, Slam: true, Seq: "... *", Example: "1S P 3D P 3N P", Call: "6x", Force: SignOff,
		When: all(quant4NT, lastBelow(6, bridge.StrainClubs), ourStrain('x')),
		Need: Need{Test: func(c *Ctx, e *Eval, b *Bind) bool {
			s, n := knownFit(c, e)
			return n >= 8 && s == b.S('x') && e.Aces >= 2 && trumpsSound(e, s) && ourHCP(c, e) >= fitSlam && ourPts(c, e) >= fitSlam+2 && e.HCP >= slamHCP(c, fitSlam) && sideSuitsHeld(c, e)
		}},
		Show: func(c *Ctx, b *Bind, m *Meaning) { showsHCP(fitSlam, 0)(c, b, m); showsFit('x')(c, b, m) },
		Desc: "Small slam in %x: a fit and the values, 4NT would not ask for aces"})
	for i, a := range []string{"5C", "5D", "5H", "5S"} {
		n := uint8(1) << i
		if i == 0 {
			n |= 1 << 4
		}
		rs = append(rs, &Rule{Name: "bw.ans." + a, Prio: 160, Seq: "... 4N P/X", Example: "1H P 3H P 4N P", When: blackwood, Call: a, Art: true, Force: Forcing,
			Need: Need{Test: acesIn(n)}, Show: func(_ *Ctx, _ *Bind, m *Meaning) { m.Aces = n }, Desc: "Blackwood answer: " + acesWords(n)})
	}
	for i, a := range []string{"6C", "6D", "6H", "6S"} {
		n := uint8(1) << i
		if i == 0 {
			n |= 1 << 4
		}
		rs = append(rs, &Rule{Name: "bw.kings." + a, Prio: 160, Seq: "... 5N P", Example: "1H P 3H P 4N P 5H P 5N P", When: askedBy("bw.kings.ask"), Call: a, Art: true, Force: Forcing,
			Need: Need{Test: kingsIn(n)}, Show: func(_ *Ctx, _ *Bind, m *Meaning) { m.Kings = n }, Desc: "Answer to the king ask: " + kingsWords(n)})
	}
	bwAnswered := answered("bw.ask", "bw.ans.")
	bwKings := answered("bw.kings.ask", "bw.kings.")
	rs = append(rs,
		&Rule{Name: "bw.kings.ask", Prio: 151, Seq: "... 4N P/X * P/X", Example: "1H P 3H P 4N P 5H P", When: bwAnswered, Call: "5N", Art: true, Force: Forcing,
			Need: Need{Test: func(c *Ctx, e *Eval, _ *Bind) bool { return missingAces(c, e) == 0 && ourPts(c, e) >= grandMin-1 }},
			Desc: "Asks for kings: every ace held, a grand slam in view"},
		&Rule{Name: "bw.signoff", Prio: 150, Seq: "... 4N P/X * P/X", Example: "1H P 3H P 4N P 5C P", When: bwAnswered, Call: "cx", Force: SignOff,
			Need: Need{Test: func(c *Ctx, e *Eval, b *Bind) bool {
				call, ok := levelFor(c, 'c', slamStrain(c, e))
				return missingAces(c, e) >= 2 && inSlamStrain('x')(c, e, b) && ok && call.Level == 5
			}},
			Desc: "Sign-off: two aces missing"},
		&Rule{Name: "bw.pass", Prio: 150, PassForcing: true, Seq: "... 4N P/X * P/X", Example: "1D P 3D P 4N P 5D P", When: bwAnswered, Call: "P",
			Need: Need{Test: func(c *Ctx, e *Eval, b *Bind) bool {
				l, _, _ := c.LastBid()
				return missingAces(c, e) >= 2 && slamStrain(c, e) == l.Strain
			}},
			Desc: "To play: two aces missing"},
		&Rule{Name: "bw.small", Prio: 149, Seq: "... 4N P/X * P/X", Example: "1H P 3H P 4N P 5D P", When: bwAnswered, Call: "6x 6N", Force: SignOff,
			Need: Need{Test: inSlamStrain('x')},
			Desc: "Small slam: at most one ace missing"},
		&Rule{Name: "bw.grand", Prio: 150, Seq: "... 5N P * P", Example: "1H P 3H P 4N P 5H P 5N P 6H P", When: bwKings, Call: "7x 7N", Force: SignOff,
			Need: Need{Test: hall(inSlamStrain('x'), func(c *Ctx, e *Eval, _ *Bind) bool { return missingKings(c, e) == 0 })},
			Desc: "Grand slam: every ace and king held"},
		&Rule{Name: "bw.small.kings", Prio: 149, Seq: "... 5N P * P", Example: "1H P 3H P 4N P 5H P 5N P 6D P", When: bwKings, Call: "6x 6N", Force: SignOff,
			Need: Need{Test: inSlamStrain('x')},
			Desc: "Small slam: a king missing"},
		// The king answer has passed six of our suit: 6NT with a king
		// missing (7 with none, bw.grand).
		&Rule{Name: "bw.kings.6nt", Prio: 148, Seq: "... 5N P * P", Example: "1H P 3H P 4N P 5H P 5N P 6S P", When: bwKings, Call: "6N", Force: SignOff,
			Need: Need{Test: func(c *Ctx, e *Eval, _ *Bind) bool {
				st := slamStrain(c, e)
				call, ok := levelFor(c, 'c', st)
				return st != bridge.NoTrump && ok && call.Level == 7 && missingKings(c, e) > 0
			}},
			Desc: "Small slam in notrump: a king missing"},
		// The grand slam force.
		&Rule{Name: "gsf.ans.7", Prio: 160, Seq: "1M P 5N P", Call: "7M", Need: Need{Test: func(_ *Ctx, e *Eval, b *Bind) bool { return e.Top(b.S('M'), 3) >= 2 }},
			Desc: "Grand slam force: two of the top three honours", Force: SignOff},
		&Rule{Name: "gsf.ans.6", Prio: 159, Seq: "1M P 5N P", Call: "6M",
			Desc: "Grand slam force: fewer than two top honours", Force: SignOff},
		&Rule{Name: "gsf.ask", Prio: 150, Seq: "1M P", Call: "5N", Need: Need{Pts: rng(10, 37), Len: "M4+", Test: func(_ *Ctx, e *Eval, b *Bind) bool {
			return e.Top(b.S('M'), 3) == 0 && e.LTC <= 3 && e.Aces+e.Kings >= 2
		}}, Art: true, Desc: "Grand slam force: asks for the top trump honours", Force: Forcing},
		&Rule{Name: "slam.done", Prio: 100, Seq: "... 6x/6N/7x/7N P", Example: "1H P 3H P 4N P 5D P 6H P", Call: "P", When: func(c *Ctx, b *Bind) bool {
			l, s, _ := c.LastBid()
			return s == c.Partner() && l.Level >= 6
		}, Desc: "Slam reached"},
	)
	return rs
}

// partnerAsked: partner's bid just made is artificial (a question to
// answer, or an answer to my question), not a control bid nor Jacoby
// 2NT (a raise: the fit is agreed and Blackwood may follow), nor a weak
// two's feature (its suit is the trump suit).
func partnerAsked(c *Ctx, _ *Bind) bool {
	_, m, ok := partnerJustBid(c)
	return ok && m.Artificial && m.Rule != "cue.bid" && !strings.HasPrefix(m.Rule, "resp.jacoby2n") && m.Rule != "w2.feature.show"
}

// firstOverOpening: partner opened one of a suit and this is my first
// call: a new suit, forcing, describes the hand before any question.
func firstOverOpening(c *Ctx, _ *Bind) bool { return firstCall(c, nil) && partnerOpened(c, nil) }

// showsAsk is what Blackwood's question shows: the HCP a slam try
// needs, less two for a hand of shape.
func showsAsk(c *Ctx, _ *Bind, m *Meaning) { m.MinHCP = max(m.MinHCP, slamHCP(c, fitTry)-2) }

// gerberDrop is how many points fewer Gerber at once with a long suit
// needs than a slam in a fit at once over partner's notrump opening (32
// points together, 28 HCP in view): none there, where the book's slam try
// in the suit, Stayman or a transfer describes the hand first; two over
// his notrump rebid (or his 2NT after 2C-2D). Nineteenth session, paired
// IMPs from par on seeds of 2,000: 0.010 a board nearer par on four seeds
// and 0.007 on four fresh ones (0.008 [0.002, 0.015] on the 16,000), the
// slams bid making as often; the same drop over the opening gained as
// much again but bids Gerber where sayc-dev's slam try and Stayman are.
func gerberDrop(c *Ctx) int {
	if c.Open == len(c.Calls)-2 { // partner's notrump (gerberWhen) opened
		return 0
	}
	return 2
}

// slamHCPInView: our HCP together, partner counted at his minimum (or
// his points less two when he showed points), make 28, or 27 when our
// points together make 33 and I hold no void: a slam in a fit needs
// high cards too, whatever the shape adds, but shape is worth a high
// card's point, and partner's shown minimum is a floor he is usually a
// point or two above (fourteenth session: 28 and 27 rather than 29 and
// 28 gained 0.011 IMPs a board from par, slams bid making as often).
func slamHCPInView(c *Ctx, e *Eval) bool { return hcpInView(c, e, 0) }

// hcpInView is slamHCPInView with every figure drop lower.
func hcpInView(c *Ctx, e *Eval, drop int) bool {
	h := e.HCP + max(c.PartnerMin(), c.PartnerMinPts()-2)
	return h >= 28-drop || h >= 27-drop && ourPts(c, e) >= fitSlam+3-drop && !voidAsker(e)
}

// ourStrain: suit v (when bound) is one our side has bid naturally or
// shown length in: where a slam may be placed.
func ourStrain(v byte) AuctionPred {
	return func(c *Ctx, b *Bind) bool {
		s, ok := b.Suit(v)
		return !ok || c.ourSuit(s) || c.ShownLen(c.Me, s)+c.ShownLen(c.Partner(), s) > 0
	}
}

// ourSideBid: our side has made a natural bid.
func ourSideBid(c *Ctx, _ *Bind) bool { return len(c.OurSuits()) > 0 }

// acesIn: the hand holds one of the numbers of aces of count n.
func acesIn(n uint8) HandPred {
	return func(_ *Ctx, e *Eval, _ *Bind) bool { return countHolds(n, e.Aces) }
}

// kingsIn: the hand holds one of the numbers of kings of count n.
func kingsIn(n uint8) HandPred {
	return func(_ *Ctx, e *Eval, _ *Bind) bool { return countHolds(n, e.Kings) }
}

// acesWords and kingsWords write a count for a rule's description: "0 or
// 4 aces", "1 king".
func acesWords(n uint8) string  { return countWords(n, " or ") + cardWord(n, " ace") }
func kingsWords(n uint8) string { return countWords(n, " or ") + cardWord(n, " king") }

func cardWord(n uint8, w string) string {
	if n == 1<<1 {
		return w
	}
	return w + "s"
}
