package bidding

import (
	"sort"
	"strings"

	"atout/bridge"
	"atout/card"
)

// Convention is one line of the bidder's convention card: a rule of its
// system, shown on an example auction. The auction starts with the dealer,
// North, and ends just before Call; Meaning is what the rule says Call
// shows there (worded in any language by [Meaning.In]).
type Convention struct {
	// Rule is the rule's name ("open.1nt").
	Rule string
	// Group is the part of the system the rule belongs to: one of
	// [ConventionGroups].
	Group   string
	Auction []bridge.Call
	Call    bridge.Call
	Meaning Meaning
}

// ConventionGroups lists the parts of the convention card in order:
// openings, responses, no-trump auctions, rebids, competition, slam
// bidding, and the general principles that apply in any auction.
var ConventionGroups = []string{"open", "resp", "nt", "rebid", "comp", "slam", "misc"}

// groupOf files a rule by the prefix of its name.
var groupOf = map[string]string{
	"open": "open", "pre": "open", "w2": "open", "2c": "open",
	"resp": "resp", "jac": "resp", "negx": "resp",
	"nt1": "nt", "nt2": "nt", "nt": "nt", "nt1x": "nt",
	"orb": "rebid", "orb21": "rebid", "rr": "rebid", "rr21": "rebid", "fsf": "rebid",
	"ovc": "comp", "adv": "comp", "dbl": "comp", "comp": "comp", "bal": "comp", "reopen": "comp", "d1nt": "comp", "nx": "comp",
	"bw": "slam", "gerber": "slam", "gsf": "slam", "slam": "slam",
}

// Conventions returns the convention card of b's system: every rule that an
// example auction can show (the principles that apply in any auction and
// the rules whose auction pattern has no example are left out), grouped as
// [ConventionGroups] and, within a group, highest priority first. The card
// is made from the rule table itself, so it always says what the bidder
// does.
func (b *Bot) Conventions() []Convention {
	var out []Convention
	for _, r := range b.rules {
		if r.Natural {
			continue
		}
		c, ok := b.example(r)
		if !ok {
			continue
		}
		out = append(out, c)
	}
	rank := map[string]int{}
	for i, g := range ConventionGroups {
		rank[g] = i
	}
	sort.SliceStable(out, func(i, j int) bool { return rank[out[i].Group] < rank[out[j].Group] })
	return out
}

func conventionGroup(name string) string {
	prefix, _, _ := strings.Cut(name, ".")
	if g, ok := groupOf[prefix]; ok {
		return g
	}
	return "misc"
}

// example finds an auction that r's pattern matches, with r's call legal
// after it: the pattern's calls in order, after 0 to 3 passes so that the
// opener may sit in any position, not vulnerable or, failing that,
// vulnerable.
func (b *Bot) example(r *Rule) (Convention, bool) {
	var pattern []tok
	for _, t := range r.seq {
		if t.suffix {
			continue
		}
		pattern = append(pattern, t)
	}
	for _, vul := range []bridge.Vul{bridge.VulNone, bridge.VulAll} {
		for passes := 0; passes < 4; passes++ {
			if len(pattern) == 0 && passes > 0 && r.When == nil {
				break
			}
			prefix := make([]bridge.Call, passes)
			for i := range prefix {
				prefix[i] = bridge.PassCall
			}
			var found *Convention
			b.instances(pattern, prefix, newBind(), func(calls []bridge.Call) bool {
				if c, ok := b.tryExample(r, vul, calls); ok {
					found = &c
					return true
				}
				return false
			})
			if found != nil {
				return *found, true
			}
		}
	}
	return Convention{}, false
}

// tryExample checks r against the auction calls and returns its line. A
// condition that cannot be read on this auction (a variable the example
// left unbound) rejects the example.
func (b *Bot) tryExample(r *Rule, vul bridge.Vul, calls []bridge.Call) (c Convention, ok bool) {
	defer func() {
		if recover() != nil {
			c, ok = Convention{}, false
		}
	}()
	a := bridge.NewAuction(card.North)
	for _, call := range calls {
		if a.Add(call) != nil {
			return c, false
		}
	}
	if a.Done() {
		return c, false
	}
	ctx := b.newCtx(vul, card.North, calls)
	bind := newBind()
	if !r.match(ctx, &bind) {
		return c, false
	}
	for _, cd := range r.expand(ctx, bind) {
		cb := cd.bind
		if !ctx.Legal(cd.call) || r.When != nil && !r.When(ctx, &cb) {
			continue
		}
		return Convention{Rule: r.Name, Group: conventionGroup(r.Name), Auction: append([]bridge.Call(nil), calls...),
			Call: cd.call, Meaning: r.meaning(ctx, &cb)}, true
	}
	return c, false
}

// varOrder is the order in which a pattern variable takes its suits in an
// example: hearts before spades for a major, clubs before diamonds for a
// minor, then any suit from clubs up.
func varOrder(v byte) []card.Suit {
	switch v {
	case 'M':
		return []card.Suit{card.Hearts, card.Spades}
	case 'm':
		return []card.Suit{card.Clubs, card.Diamonds}
	}
	return []card.Suit{card.Clubs, card.Diamonds, card.Hearts, card.Spades}
}

// instances calls yield with each auction (after prefix) that the pattern
// can stand for, until yield returns true; it reports whether it did.
// "Any call" stands for a pass, alternatives for each of theirs, a bid of
// any level for the cheapest one; a pattern with "any bid" has no example.
func (b *Bot) instances(pattern []tok, prefix []bridge.Call, bind Bind, yield func([]bridge.Call) bool) bool {
	if len(pattern) == 0 {
		return yield(prefix)
	}
	t := pattern[0]
	next := func(call bridge.Call, nb Bind) bool {
		calls := append(append([]bridge.Call(nil), prefix...), call)
		a := bridge.NewAuction(card.North)
		for _, c := range calls {
			if a.Add(c) != nil {
				return false
			}
		}
		return b.instances(pattern[1:], calls, nb, yield)
	}
	switch {
	case t.alts != nil:
		for _, alt := range t.alts {
			if b.instances(append([]tok{alt}, pattern[1:]...), prefix, bind, yield) {
				return true
			}
		}
		return false
	case t.any:
		return next(bridge.PassCall, bind)
	case t.kind != bridge.Bid:
		return next(bridge.Call{Kind: t.kind}, bind)
	case t.strain == 0 || t.strain == '.':
		return false // any bid: no single example
	}
	var strains []bridge.Strain
	binds := []Bind{}
	if st, ok := strainOf(t.strain); ok {
		strains, binds = append(strains, st), append(binds, bind)
	} else if s, ok := bind.Suit(t.strain); ok {
		strains, binds = append(strains, bridge.Strain(s)), append(binds, bind)
	} else {
		for _, s := range varOrder(t.strain) {
			nb := bind
			if nb.set(t.strain, s) {
				strains, binds = append(strains, bridge.Strain(s)), append(binds, nb)
			}
		}
	}
	for i, st := range strains {
		level := int(t.level)
		if level == 0 {
			level = cheapest(prefix, st)
		}
		if level < 1 || level > 7 {
			continue
		}
		if next(bridge.NewBid(level, st), binds[i]) {
			return true
		}
	}
	return false
}

// cheapest is the lowest level at which strain st may be bid after calls.
func cheapest(calls []bridge.Call, st bridge.Strain) int {
	for i := len(calls) - 1; i >= 0; i-- {
		if c := calls[i]; c.Kind == bridge.Bid {
			if st > c.Strain {
				return int(c.Level)
			}
			return int(c.Level) + 1
		}
	}
	return 1
}
