// Package bidding is Atout's bridge bidder: Standard American Yellow Card
// (SAYC) written as a table of rules. Each rule reads like a line of the
// book: in this auction, with this hand, make this call, which means this.
// The same table chooses the bot's calls and explains anybody's call, so
// the explanation of every earlier call is what the bot assumes about the
// other hands.
//
// Auction patterns (Rule.Seq) are written from the opening bid on, one token
// per call: P, X, XX, a bid such as 1N or 2C, "*" for any call, "B" for any
// bid, "P/X" for either, and bids naming a variable suit: M a major, m a
// minor, x y z w and v any suits, all distinct and bound at their first use (so
// "1M P 2M" is a single raise of a major). "-" means nobody has bid yet,
// and a leading "..." matches the end of the auction only.
//
// A rule's call (Rule.Call) is P, X, XX or a level and a strain, where the
// strain may be a variable (bound by the pattern, or tried with every suit
// it may take, the rule's Pref choosing among those the hand fits) and the
// level may be c (the cheapest legal level), j (a single jump) or d (a
// double jump). Suit lengths (Need.Len) are written "x5+", "M3-4", "S4",
// with T for each of the opponents' suits, U for each unbid suit and O for
// the other major.
//
// Choosing a call: the rules are tried by priority, highest first; the
// first one whose pattern and conditions match, whose call is legal and
// whose hand requirements this hand meets gives the call. The rules at
// priority prioDefault and below are the defaults (a forced cheap bid,
// pass), so a call is always found, and it is always legal. Between the
// book and the defaults sit the natural principles (natural.go), which
// apply in any auction; and two checks hold whatever rule matches: a
// forcing bid of partner's is never passed, and with the values for game
// a rule that stops short gives way to the game and slam principles.
// Knowledge (knowledge.go) is what the auction has shown, seat by seat.
//
// Explaining a call: every rule that could have made this call in this
// auction is found; the first one's description is the text, and the hand
// constraints of all of them together are the meaning's ranges. A call no
// rule makes gets a generic natural meaning.
package bidding

import (
	"slices"
	"strings"

	"atout/bridge"
	"atout/card"
)

// Options tune the bot.
type Options struct {
	// Rules replaces the SAYC table (nil: the built-in table).
	Rules []*Rule
}

// Bot chooses and explains calls with a rule table. It is safe for
// concurrent use.
type Bot struct {
	rules []*Rule
}

// New returns a bidder.
func New(o Options) *Bot {
	rs := o.Rules
	if rs == nil {
		rs = saycRules()
	}
	cp := make([]*Rule, len(rs))
	for i, r := range rs {
		rr := *r
		rr.compile()
		cp[i] = &rr
	}
	sortRules(cp)
	return &Bot{rules: cp}
}

// Rules returns the bot's table, highest priority first.
func (b *Bot) Rules() []*Rule { return b.rules }

// Choose returns the call the bot makes with hand for the seat to act after
// calls (dealer calls first), with its meaning. calls must be a legal,
// unfinished auction; otherwise Choose returns a pass with no meaning.
func (b *Bot) Choose(hand card.Hand, vul bridge.Vul, dealer card.Seat, calls []bridge.Call) (bridge.Call, Meaning) {
	a := bridge.NewAuction(dealer)
	for _, c := range calls {
		if a.Add(c) != nil {
			return bridge.PassCall, passMeaning()
		}
	}
	if a.Done() {
		return bridge.PassCall, passMeaning()
	}
	c := b.newCtx(vul, dealer, calls)
	e := Evaluate(hand)
	call, r, bind := b.choose(c, e)
	if r == nil {
		return call, b.explainIn(c, call)
	}
	m := b.explainIn(c, call)
	if m.Rule != r.Name {
		// The call is explained by a higher rule that this hand does not
		// fit: describe it by the rule that chose it.
		m = r.meaning(c, &bind)
		c.auctionSays(call, &m, true)
	}
	return call, m
}

// strict makes a rule that panics (a mistake in the table, such as a
// condition reading an unbound variable) panic the caller; otherwise such a
// rule is skipped, so that the bot never fails. Tests set it.
var strict = false

// guard runs f; a panic counts as false unless strict.
func guard(f func() bool) (ok bool) {
	if !strict {
		defer func() {
			if recover() != nil {
				ok = false
			}
		}()
	}
	return f()
}

// choose runs the table: the first rule (by priority) with a legal call the
// hand fits.
func (b *Bot) choose(c *Ctx, e *Eval) (bridge.Call, *Rule, Bind) {
	must := c.MustBid()
	var first *Rule // the first rule found, whose call the others misread
	var firstCand cand
	for _, r := range b.rules {
		bd := newBind()
		if !r.match(c, &bd) {
			continue
		}
		best, bestV, found := cand{}, 0, false
		for _, cd := range r.expand(c, bd) {
			if !c.Legal(cd.call) || !guard(func() bool {
				return (r.When == nil || r.When(c, &cd.bind)) && r.ok(c, e, &cd.bind)
			}) {
				continue
			}
			pref := r.Pref
			if pref == nil {
				pref = defaultPref
			}
			v := pref(e, &cd.bind)
			if !found || v > bestV {
				best, bestV, found = cd, v, true
			}
		}
		if found && r.Natural && b.misread(c, r, best.call) {
			continue // a forcing principle's call partner may pass
		}
		if found && must && best.call.Kind == bridge.Pass && !r.PassForcing {
			// Never pass partner's forcing bid: only a rule written to
			// pass one on purpose (to play the suit partner's
			// artificial bid showed) may.
			continue
		}
		if found && !r.Natural && b.stopsShort(c, e, r, best.call) {
			if call, vr, vb, ok := b.valuesRule(c, e, false); ok {
				return call, vr, vb
			}
		}
		if found && !isSlamRule(r) && stopsBelowSlam(c, e, r, best.call) {
			if call, vr, vb, ok := b.valuesRule(c, e, true); ok {
				return call, vr, vb
			}
		}
		if found && !b.readTrue(c, e, r, best) {
			// The others would read the call as a hand this is not
			// (its HCP, lengths or shape), or would read its force
			// otherwise: the next rule, if one makes a call read
			// truly.
			if first == nil {
				first, firstCand = r, best
			}
			continue
		}
		if found {
			return best.call, r, best.bind
		}
	}
	if first != nil {
		if call, ok := b.truthfulCall(c, e, firstCand.call); ok {
			return call, nil, newBind()
		}
		return firstCand.call, first, firstCand.bind
	}
	return bridge.PassCall, nil, newBind()
}

// truthfulCall looks for a call the others read as this hand is when
// every rule that fits the hand makes a call they would misread (the
// book has no line for it, or only a forced default): want's strain
// higher up first (a stronger raise, a jump in the suit), then the other
// bids from the cheapest, each up to its game, then a pass. The call is
// then explained by its reading (nil rule in choose); ok is false when
// no call is read truly.
func (b *Bot) truthfulCall(c *Ctx, e *Eval, want bridge.Call) (bridge.Call, bool) {
	var calls []bridge.Call
	if want.Kind == bridge.Bid {
		for l := int(want.Level) + 1; l <= gameLevel(want.Strain); l++ {
			calls = append(calls, bridge.NewBid(l, want.Strain))
		}
	}
	for l := 1; l <= 5; l++ {
		for st := bridge.StrainClubs; st <= bridge.NoTrump; st++ {
			if l <= gameLevel(st) && (want.Kind != bridge.Bid || st != want.Strain) {
				calls = append(calls, bridge.NewBid(l, st))
			}
		}
	}
	if want.Kind != bridge.Pass && !c.MustBid() {
		calls = append(calls, bridge.PassCall)
	}
	for _, call := range calls {
		if !c.Legal(call) {
			continue
		}
		if m := b.explainIn(c, call); m.Rule != "" && m.holds(e) {
			return call, true
		}
	}
	return bridge.Call{}, false
}

// gameLevel is the level of game in strain st.
func gameLevel(st bridge.Strain) int {
	switch st {
	case bridge.NoTrump:
		return 3
	case bridge.StrainHearts, bridge.StrainSpades:
		return 4
	}
	return 5
}

// readTrue reports whether the others read rule r's call cd as this hand
// holds it: the reading's HCP, lengths and shape hold for the hand, and it
// forces exactly when r does.
func (b *Bot) readTrue(c *Ctx, e *Eval, r *Rule, cd cand) bool {
	m := b.explainIn(c, cd.call)
	if !m.holds(e) {
		return false
	}
	if m.Rule == r.Name {
		return true
	}
	own := r.meaning(c, &cd.bind)
	c.auctionSays(cd.call, &own, true)
	return own.Force.binds() == m.Force.binds()
}

// stopsShort reports whether a rule of the book would stop below game (a
// pass, or a natural non-forcing bid below game) although our values
// together, as shown, are enough for game: then the principle "with the
// values for game, reach game" comes first.
func (b *Bot) stopsShort(c *Ctx, e *Eval, r *Rule, call bridge.Call) bool {
	if r.Art || r.Force == Forcing || r.Force == GameForcing || r.Force == SignOff {
		return false
	}
	if call.Kind == bridge.Double || call.Kind == bridge.Redouble || isGame(call) {
		return false
	}
	if !c.partnerBid() || c.partnerSignedOff() || c.theirContract() && call.Kind == bridge.Pass {
		return false
	}
	if call.Kind == bridge.Bid && c.gameForced() {
		return false // forced to game: a bid below it is not the last
	}
	if _, m, ok := c.partnerLastCall(); ok && m.Artificial {
		return false // partner asked a question: answer it
	}
	if l, s, ok := c.LastBid(); ok && isGame(l) {
		// game reached: only slam values go on
		return call.Kind == bridge.Pass && s.Side() == c.Me.Side() && l.Level < 6 && ourPts(c, e) >= 33
	}
	if _, m, ok := c.partnerLastCall(); ok && m.Force == Invitational && acceptsInvitation(c, e) {
		return true
	}
	// A margin: partner's minimum is only a minimum, unless partner has
	// made a limit bid (a range of three or four points).
	need := 26
	if c.PartnerMax()-c.PartnerMin() <= 3 {
		need = 25
	}
	return ourHCP(c, e) >= need
}

// acceptsInvitation: partner invites game and my points (length
// included) are above what declines an invitation (inviteDeclined: the
// bottom of what I have shown or one above it), the same line the
// acceptance in the table (nat.accept) draws.
func acceptsInvitation(c *Ctx, e *Eval) bool {
	return e.LengthPts > inviteDeclined(&c.Shown[c.Me])
}

// stopsBelowSlam reports whether a rule of the book would stop below slam
// (a pass, a game bid or a natural bid short of slam, not forcing)
// although our values together, as shown, are a slam's: then the slam
// principles come first. Not while partner answers a question of mine,
// nor once slam has been explored (4NT, an artificial bid at the four
// level or more, or a slam bid by our side), nor after partner signed off
// unless partner's best leaves slam values.
func stopsBelowSlam(c *Ctx, e *Eval, r *Rule, call bridge.Call) bool {
	if r.Art || r.Force == Forcing || r.Force == GameForcing {
		return false // a forcing call keeps the auction open for slam
	}
	if call.Kind == bridge.Double || call.Kind == bridge.Redouble || call.Kind == bridge.Bid && call.Level >= 6 {
		return false
	}
	if !c.partnerBid() || c.theirContract() {
		return false
	}
	if _, m, ok := c.partnerLastCall(); ok && m.Artificial {
		return false
	}
	for i, k := range c.Calls {
		if c.SeatAt(i).Side() != c.Me.Side() || k.Kind != bridge.Bid {
			continue
		}
		if k.Level >= 6 || k.Level == 4 && k.Strain == bridge.NoTrump || c.Meanings[i].Artificial && k.Level >= 4 || c.Meanings[i].Rule == "cue.bid" {
			return false
		}
	}
	if c.partnerSignedOff() && e.HCP+c.PartnerMax() < 33 {
		return false
	}
	return ourPts(c, e) >= fitSlam && e.HCP+c.PartnerMinPts() >= 29
}

// isSlamRule reports whether r is one of the slam rules valuesRule runs:
// a rule of the book that starts a slam auction (Rule.Slam) or a slam
// principle.
func isSlamRule(r *Rule) bool {
	return r.Slam || r.Natural && strings.HasPrefix(r.Name, "nat.slam.")
}

// misread reports whether the others would read a forcing principle's
// call by another rule (the book's, or a principle before it) that does
// not force: partner could pass it.
func (b *Bot) misread(c *Ctx, r *Rule, call bridge.Call) bool {
	m := b.explainIn(c, call)
	return m.Rule != r.Name && r.Force.binds() && !m.Force.binds()
}

// valuesRule runs the rules on combined values alone: the slam rules
// (the book's that start a slam auction, Rule.Slam, and the slam
// principles), then the game principles and support on the way to game;
// the slam rules alone when slamOnly.
func (b *Bot) valuesRule(c *Ctx, e *Eval, slamOnly bool) (bridge.Call, *Rule, Bind, bool) {
	for _, r := range b.rules {
		slam := isSlamRule(r)
		if !slam && (slamOnly || !r.Natural || !strings.HasPrefix(r.Name, "nat.game.") && r.Name != "nat.support3") {
			continue
		}
		bd := newBind()
		if !r.match(c, &bd) {
			continue
		}
		for _, cd := range r.expand(c, bd) {
			if !c.Legal(cd.call) || !guard(func() bool {
				return (r.When == nil || r.When(c, &cd.bind)) && r.ok(c, e, &cd.bind)
			}) {
				continue
			}
			if !b.readTrue(c, e, r, cd) {
				continue
			}
			return cd.call, r, cd.bind, true
		}
	}
	return bridge.Call{}, nil, Bind{}, false
}

// Explain returns the meaning of call index of calls (which must be legal
// up to and including it), read from the rule table.
func (b *Bot) Explain(vul bridge.Vul, dealer card.Seat, calls []bridge.Call, index int) Meaning {
	if index < 0 || index >= len(calls) {
		return passMeaning()
	}
	a := bridge.NewAuction(dealer)
	for _, c := range calls[:index+1] {
		if a.Add(c) != nil {
			return genericMeaning(calls[index])
		}
	}
	c := b.newCtx(vul, dealer, calls[:index])
	return b.explainIn(c, calls[index])
}

// ExplainAll returns the meanings of every call of the auction.
func (b *Bot) ExplainAll(vul bridge.Vul, dealer card.Seat, calls []bridge.Call) []Meaning {
	_, calls = LegalPrefix(dealer, calls)
	c := b.newCtx(vul, dealer, calls)
	return c.Meanings
}

// ExplainAfter returns what ExplainAll returns for calls, given known,
// what ExplainAll returned for the auction's first len(known) calls: a
// call's meaning depends only on the calls before it, so only the calls
// after those are explained. A table explains its auction after every
// call; this makes each time cost one call's reading, not the auction's.
// known is not changed, and the result does not share its memory.
func (b *Bot) ExplainAfter(vul bridge.Vul, dealer card.Seat, calls []bridge.Call, known []Meaning) []Meaning {
	_, calls = LegalPrefix(dealer, calls)
	return b.newCtxAfter(vul, dealer, calls, known[:min(len(known), len(calls))]).Meanings
}

// LegalPrefix returns the auction of calls up to the first illegal one,
// and those calls: what the bidder reads of an auction.
func LegalPrefix(dealer card.Seat, calls []bridge.Call) (bridge.Auction, []bridge.Call) {
	a := bridge.NewAuction(dealer)
	for i, c := range calls {
		if a.Add(c) != nil {
			return a, calls[:i]
		}
	}
	return a, calls
}

// Inferences returns what each seat has shown by its calls so far, all its
// calls' meanings together (indexed by card.Seat): the constraints a
// card-play bot puts on the hands it samples.
func (b *Bot) Inferences(vul bridge.Vul, dealer card.Seat, calls []bridge.Call) [4]Meaning {
	_, calls = LegalPrefix(dealer, calls)
	return b.newCtx(vul, dealer, calls).Shown
}

// readings calls f, in the rules' order, with each rule that keep accepts
// and that makes call in context c, and its meaning there (the new-suit
// length the auction implies included).
func (b *Bot) readings(c *Ctx, call bridge.Call, keep func(*Rule) bool, f func(*Rule, Meaning)) {
	for _, r := range b.rules {
		if !keep(r) {
			continue
		}
		bd := newBind()
		if !r.match(c, &bd) {
			continue
		}
		for _, cd := range r.expand(c, bd) {
			if cd.call != call || r.When != nil && !guard(func() bool { return r.When(c, &cd.bind) }) {
				continue
			}
			rm := r.meaning(c, &cd.bind)
			c.newSuitLength(call, &rm)
			f(r, rm)
		}
	}
}

// explainIn explains call made by the seat to act in context c: the rules
// that could make it, the first one's description, the hand constraints of
// those of the same force together (or, when a rule of the book makes the
// call with any hand, that rule's reading alone); the natural principles
// explain only calls the book does not. Then what the auction itself says
// is added: a passed invitation shows a minimum, a natural new suit shows
// length, natural notrump over their suits promises stoppers, a passed
// hand's new suit is not forcing.
func (b *Bot) explainIn(c *Ctx, call bridge.Call) Meaning {
	var m, anyRead, first Meaning
	var heads []string // the descriptions of the rules widened in
	found, natural, anyFound := false, false, false
	widen := func(rm Meaning) {
		m.widen(rm)
		heads = append(heads, rm.Name())
	}
	book := func(r *Rule) bool { return r.Prio > prioDefault && !(r.Natural && found && !natural) }
	b.readings(c, call, book, func(r *Rule, rm Meaning) {
		if !anyFound && !r.Natural && r.anyHand() {
			anyRead, anyFound = rm, true
		}
		if !found {
			m, found, natural, first = rm, true, r.Natural, rm
		} else if rm.Force == m.Force && rm.Artificial == m.Artificial {
			widen(rm)
		} else if natural && r.Natural && rm.Force != SignOff && m.Force != SignOff && rm.Artificial == m.Artificial {
			// Two principles make the call with different force (to
			// compete or to invite, to invite or to force): partner
			// cannot tell which, the hand may be either, and partner
			// is bound only by the weaker force.
			widen(rm)
			m.Force = min(m.Force, rm.Force)
		} else if rm.Force == Forcing && m.Force == GameForcing {
			// The call may be a forcing call that is not game
			// forcing (2C-2D is a waiting bid or a positive):
			// partner is bound only by the weaker force.
			m.Force = rm.Force
		}
	})
	if (natural || !found) && call.Kind == bridge.Bid && c.MustBid() {
		// A forced seat with no call of the book bids by the defaults
		// (support, its long suit, notrump, the cheapest suit): a call
		// the principles would read as values may be only that.
		b.readings(c, call, func(r *Rule) bool { return r.Prio <= prioDefault }, func(_ *Rule, rm Meaning) {
			switch {
			case !found:
				m, found, natural, first = rm, true, true, rm
			case !m.Force.binds():
				widen(rm)
				m.Force = min(m.Force, rm.Force)
			}
		})
	}
	if !found {
		m = genericMeaning(call)
	} else if m.shows() != first.shows() {
		// Several rules make the call and the hand may be any of
		// theirs: the text names them all and states what they show
		// together, not the first one's ranges.
		names := []string{first.Name()}
		for _, h := range heads {
			if !slices.Contains(names, h) {
				names = append(names, h)
			}
		}
		m.finish(strings.Join(names, ", or "))
	} else if m.Force != first.Force {
		m.finishForce()
	}
	if anyFound && anyRead.Rule != m.Rule {
		// A rule of the book makes this call with any hand (2C-2D
		// waiting, a pass for want of a better call): the call shows
		// no more than that reading, whatever the stronger readings
		// say (a positive 2D, a trap pass).
		m = anyRead
	}
	c.auctionSays(call, &m, found)
	return m
}

// auctionSays adds to m, the meaning of call by the seat to act, what the
// auction itself says of it (found: a rule explains the call): a passed
// invitation shows a minimum, a natural new suit shows length, natural
// notrump over their suits promises stoppers, a passed hand's new suit is
// not forcing.
func (c *Ctx) auctionSays(call bridge.Call, m *Meaning, found bool) {
	if call.Kind == bridge.Pass {
		lo, hi := m.MinHCP, m.MaxHCP
		c.narrowPass(m)
		if m.MinHCP != lo || m.MaxHCP != hi {
			m.finishForce()
		}
		return
	}
	if found {
		c.newSuitLength(call, m)
	}
	if call.Kind == bridge.Bid && call.Strain == bridge.NoTrump && found && !m.Artificial {
		// Natural notrump over the opponents' suits promises them
		// stopped, whether the rule says so in Stop or in its test.
		for _, s := range c.TheirSuits() {
			m.Stopped[s] = true
		}
	}
	if m.Force == Forcing && !m.Artificial && call.Kind == bridge.Bid && c.PassedHand(c.Me) && !c.gameForced() {
		// A passed hand's new suit is not forcing: he has denied an
		// opening, so partner may pass with a minimum. Not once partner
		// has opened a strong 2C or our side has forced to game.
		m.Force = NonForcing
		m.finishForce()
	}
}

// gameForced reports whether our side is in a game-forcing auction:
// partner opened a strong 2C or one of us made a game-forcing bid.
func (c *Ctx) gameForced() bool {
	if c.openedStrong() {
		return true
	}
	for i, k := range c.Calls {
		if k.Kind == bridge.Bid && c.SeatAt(i).Side() == c.Me.Side() && c.Meanings[i].Force == GameForcing {
			return true
		}
	}
	return false
}

// newSuitLength adds to m, a rule's meaning of call, the length a
// natural bid of a new suit shows when the rule's test, not its Len, says
// how much: four cards, five for an overcall or at the three level; four
// in a suit partner asked for with three or more (a takeout double). A
// suit partner has shown four or more in by an artificial call (a
// transfer, Michaels) is not new: bidding it shows a preference or
// completes the relay. It is read rule by rule, before the rules that
// make the call are widened together, so that a rule that states four
// cards is not read as five.
func (c *Ctx) newSuitLength(call bridge.Call, m *Meaning) {
	s, ok := call.Strain.Suit()
	if !ok || call.Kind != bridge.Bid || m.Artificial || m.MinLen[s] != 0 || c.ourSuit(s) || c.ShownLen(c.Partner(), s) >= 4 {
		return
	}
	n := 4
	if (!c.WeOpened() || call.Level >= 3) && c.ShownLen(c.Partner(), s) < 3 {
		n = 5
	}
	m.MinLen[s] = min(n, m.MaxLen[s])
}

func passMeaning() Meaning {
	m := anyHand()
	m.Key = "pass"
	m.finish("Pass")
	return m
}

// genericMeaning is the natural reading of a call no rule covers.
func genericMeaning(call bridge.Call) Meaning {
	m := anyHand()
	switch call.Kind {
	case bridge.Pass:
		return passMeaning()
	case bridge.Double:
		m.Key = "generic.double"
		m.finish("Double")
		return m
	case bridge.Redouble:
		m.Key = "generic.redouble"
		m.finish("Redouble")
		return m
	}
	if s, ok := call.Strain.Suit(); ok {
		m.MinLen[s] = 4
		if call.Level >= 3 {
			m.MinLen[s] = 5
		}
		m.Key, m.Args = "generic.suit", []string{s.String()}
		m.finish("Natural: " + suitName(s))
		return m
	}
	m.Key = "generic.nt"
	m.finish("Natural: notrump")
	return m
}

// ReadTrue reports whether the others' reading of call, made after calls
// by the seat holding hand, holds for the hand (its HCP, suit lengths,
// balance, aces and kings, and controls: Meaning.Holds), and, for
// a double or a bid in a new suit, that a rule explains it. A judge that
// departs from the rule call (package judge) keeps to calls read truly,
// so that partner bids on from what the hand is. An illegal call is not
// read truly.
func (b *Bot) ReadTrue(hand card.Hand, vul bridge.Vul, dealer card.Seat, calls []bridge.Call, call bridge.Call) bool {
	a, legal := LegalPrefix(dealer, calls)
	if len(legal) != len(calls) || a.Check(call) != nil {
		return false
	}
	c := b.newCtx(vul, dealer, calls)
	m := b.explainIn(c, call)
	if m.Rule == "" && call.Kind != bridge.Pass {
		// A bid no rule explains is read as natural: a raise of our
		// own suit (a sacrifice, say) reads so; a double, or a new
		// suit, tells partner nothing he can bid on.
		st, ok := call.Strain.Suit()
		if call.Kind != bridge.Bid || !ok || !c.ourSuit(st) {
			return false
		}
	}
	return m.Holds(hand)
}
