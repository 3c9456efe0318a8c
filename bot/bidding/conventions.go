package bidding

import (
	"bytes"
	"fmt"
	"slices"
	"strings"

	"atout/bridge"
	"atout/card"
	"atout/i18n"
)

// Convention is one line of the bidder's convention card: a call on an
// example auction, with what it means there. The auction starts with the
// dealer, North, and ends just before Call. The card has one line per call
// per auction: when several rules make the same call in the same auction
// (one per hand type), they share the line, Meaning is their hands
// together (the explanation the table gives of that call, read from the
// same rules) and Hands lists each hand type.
type Convention struct {
	// Rule is the name of the rule that explains the call ("open.1nt");
	// Rules are all the rules that make it here, Rule first.
	Rule  string
	Rules []string
	// Group is the section of the system the line belongs to: one of
	// [ConventionGroups].
	Group   string
	Auction []bridge.Call
	Call    bridge.Call
	// Vul is the vulnerability of the example (none unless the rule
	// applies only vulnerable).
	Vul     bridge.Vul
	Meaning Meaning
	// Name is the system's English name for the agreement (the rules'
	// [Meaning.Name]s, " / " between different ones).
	Name string
	// Hands are the distinct hand types of the rules that make the call,
	// each rule's own meaning; empty when there is only one.
	Hands []Meaning
}

// Section is a part of the system, in the order of the SAYC booklet.
type Section struct {
	ID    string
	Title string // in English
	Prose string // what the section agrees, in a few sentences (docs/bidding-system.md)
	// Titles are the title in the other languages of the conventions
	// page (kept here, with the sections, rather than in the catalogs,
	// which only the server reads them from).
	Titles map[i18n.Lang]string
}

// TitleIn returns s's title in lang.
func (s Section) TitleIn(lang i18n.Lang) string {
	if t, ok := s.Titles[lang]; ok {
		return t
	}
	return s.Title
}

// Sections lists the parts of the system in the order of the standard SAYC
// booklet. Both the convention card and docs/bidding-system.md follow it.
var Sections = []Section{
	{"open", "Opening bids", "Open one of a suit with 12-21 HCP (the rule of 20 in first and second seat, " +
		"the rule of 15 in fourth seat). Five-card majors: with a five-card major open it, the higher of two five-card " +
		"suits; otherwise open the longer minor, 1C with three-three and 1D with four-four. Balanced hands in the " +
		"notrump ranges open 1NT or 2NT (see notrump), 22+ opens 2C (see strong 2C), long weak hands preempt.", map[i18n.Lang]string{i18n.Fr: "Ouvertures", i18n.De: "Eröffnungen", i18n.Hi: "ओपनिंग", i18n.Ko: "오프닝"}},
	{"resp", "Responses", "Over one of a suit: a new suit at the one level is forcing, a two-over-one " +
		"needs 10+ HCP, the single raise is a weak hand with support, the limit raise invites, " +
		"Jacoby 2NT is a game-forcing raise of a major, a jump to game in the major is preemptive, 1NT is " +
		"not forcing; the lines below give each call's ranges. After the opponents overcall or double, responder's calls below are the competitive ones: " +
		"new suits, raises, cue bids; over a takeout double, redouble with 10+ and jump raises preemptively.", map[i18n.Lang]string{i18n.Fr: "Réponses", i18n.De: "Antworten", i18n.Hi: "जवाब", i18n.Ko: "응답"}},
	{"rebid", "Rebids", "Opener describes the strength: a minimum rebids his suit, raises, bids 1NT or a " +
		"lower new suit; a medium hand jumps or reverses; a maximum jumps in notrump or jump-shifts. Responder " +
		"then places the contract or invites (opposite the 2NT jump rebid, 18-19, 6 HCP are enough for game), and the fourth suit is forcing (to game when it is bid at the two " +
		"level or higher after a two-over-one).", map[i18n.Lang]string{i18n.Fr: "Redemandes", i18n.De: "Wiedergebote", i18n.Hi: "रीबिड", i18n.Ko: "리비드"}},
	{"nt", "Notrump structure", "1NT is 15-17 balanced, 2NT 20-21, 3NT after 2C-2D 25-27. Over 1NT: 2C Stayman, " +
		"2D and 2H Jacoby transfers, 2S a puppet to 3C (a long minor), 2NT invitational (opener accepts with 17, " +
		"or 16 and a five-card suit or vulnerable), 3NT to play; the same structure one level up over 2NT. Opener's rebids after a quantitative 4NT accept or " +
		"decline the slam.", map[i18n.Lang]string{i18n.Fr: "Sans-atout", i18n.De: "Sans-Atout-Struktur", i18n.Hi: "नो-ट्रंप", i18n.Ko: "노트럼프"}},
	{"2c", "Strong 2C", "2C is artificial and forcing: 22+ HCP, or a hand with nine tricks. 2D is the waiting " +
		"response; a positive response shows 7+ HCP and a good five-card suit, or 8+ balanced (2NT). After 2C-2D opener's " +
		"2NT is 22-24 balanced, a suit is natural and forcing; responder's 3C over a suit is the second negative.", map[i18n.Lang]string{i18n.Fr: "2♣ fort", i18n.De: "Starke 2♣-Eröffnung", i18n.Hi: "मज़बूत 2♣", i18n.Ko: "강한 2♣"}},
	{"preempt", "Preempts", "Weak twos in diamonds, hearts and spades: six cards and 5-11 HCP, a good suit, no " +
		"four-card major on the side. Three-level openings show a seven-card suit, four of a major an eight-card suit " +
		"or a solid seven, weak; in third seat they may be lighter, in fourth seat they show opening values. Over a " +
		"weak two 2NT asks for a feature, a new suit is forcing, raises are preemptive.", map[i18n.Lang]string{i18n.Fr: "Barrages", i18n.De: "Sperreröffnungen", i18n.Hi: "प्रीएम्प्ट", i18n.Ko: "프리엠프트"}},
	{"ovc", "Overcalls and advances", "A simple overcall shows a good five-card suit, 8-17 HCP at the one level " +
		"and 10-17 at the two level; a jump overcall is weak; 1NT is 15-18 balanced with their suit stopped. The " +
		"advancer raises with support (a cue bid of their suit shows a limit raise or better), bids a new suit with " +
		"five cards or bids notrump with a stopper.", map[i18n.Lang]string{i18n.Fr: "Interventions et réponses à l’intervention", i18n.De: "Gegenreizungen und Antworten des Partners", i18n.Hi: "ओवरकॉल और पार्टनर का जवाब", i18n.Ko: "오버콜과 어드밴스"}},
	{"takeout", "Takeout doubles and the doubler's rebids", "A double of an opening bid asks partner to bid: " +
		"opening values and short in their suit, or any hand of 18+ HCP that is too strong to overcall. The " +
		"advancer must bid (a pass only with long, strong trumps), jumps with 9-11, cue-bids with 12+. The doubler " +
		"then raises with four-card support, or shows the strong hand by bidding his own suit, or notrump when " +
		"balanced with their suit stopped: 18-20 at the cheapest level, 21-22 with a jump.", map[i18n.Lang]string{i18n.Fr: "Contres d’appel et redemandes du contreur", i18n.De: "Informationskontras und die Folgegebote des Kontrierenden", i18n.Hi: "टेकआउट डबल और डबल करने वाले की अगली बिड", i18n.Ko: "테이크아웃 더블과 더블러의 리비드"}},
	{"negx", "Negative and responsive doubles", "Responder's double of an overcall is negative (takeout), " +
		"through 2S: it shows the unbid major(s) and 6+ HCP at the one level, more higher up. Opener answers it as " +
		"a takeout double: the major, his own suit, notrump with their suit stopped, a cue bid with a strong hand. " +
		"With length in their suit responder passes, hoping opener reopens with a double. After partner's takeout " +
		"double and their raise, the advancer's double is responsive, through the three level: 8+ HCP and two places " +
		"to play, both majors over their minor, both minors over their major; the doubler bids the better of them. " +
		"After partner's overcall and their raise, the double shows the two unbid suits.", map[i18n.Lang]string{i18n.Fr: "Contres Spoutnik et contres d’appel du répondant", i18n.De: "Negative und responsive Kontras", i18n.Hi: "नेगेटिव और रिस्पॉन्सिव डबल", i18n.Ko: "네거티브 더블과 리스폰시브 더블"}},
	{"bal", "Balancing", "In the pass-out seat bid a king lighter: a one-level suit from 8 HCP, 1NT 11-14 " +
		"balanced with a stopper, a double with opening values and shortness, a jump with a good six-card suit. " +
		"Partner remembers that the balancer has already counted on his values.", map[i18n.Lang]string{i18n.Fr: "Réveil", i18n.De: "Wiederbelebung (Balancing)", i18n.Hi: "बैलेंसिंग", i18n.Ko: "밸런싱"}},
	{"michaels", "Michaels and unusual 2NT", "A cue bid of their minor shows both majors, of their major the other " +
		"major and a minor (five-five); 2NT over their opening shows the two lowest unbid suits. " +
		"The advancer picks the suit at the right level or asks with 2NT.", map[i18n.Lang]string{i18n.Fr: "Michaels et 2SA bicolore", i18n.De: "Michaels und Unusual 2SA", i18n.Hi: "माइकल्स और अनयूज़ुअल 2 नो-ट्रंप", i18n.Ko: "마이클스와 언유주얼 2 노트럼프"}},
	{"nt1x", "Interference over 1NT", "When they overcall our 1NT, a suit at the two level is to play. When they " +
		"double our 1NT, responder runs with a weak hand or redoubles to escape. Over their 1NT we show two-suited hands by artificial bids and double for " +
		"penalty; a double of their artificial response asks for that suit's lead.", map[i18n.Lang]string{i18n.Fr: "Interventions sur 1SA", i18n.De: "Störung nach 1SA", i18n.Hi: "1 नो-ट्रंप के बाद दखल", i18n.Ko: "1 노트럼프 이후의 방해"}},
	{"slam", "Slam conventions", "Slam bidding counts both hands, partner at the least he has shown. Opposite partner's " +
		"notrump opening, with no suit agreed, 33 HCP together bid 6NT and 37 bid 7NT, and 31-32 invite with a quantitative 4NT; " +
		"opposite his notrump rebid or response 32 bid 6NT and 30-31 invite. Partner accepts the invitation with more than his minimum, counting a point for a five-card suit headed by three of the four top honours. Over a notrump opening or rebid, 4C is Gerber: 4D 0 or 4 " +
		"aces, 4H 1, 4S 2, 4NT 3; 5C then asks for kings the same way, 4NT is to play; the asker may place the slam in his own " +
		"six-card suit. In any other auction, with no fit to explore, 32 HCP together bid 6NT (two balanced hands of 32 make it " +
		"more often than not). With a fit, points count " +
		"(length and shortness): with a major agreed at the three level or in a game-forcing auction, a hand with " +
		"slam interest bids its cheapest first-round control (an ace or a void) below game, and partner signs off " +
		"in game, shows his own control or asks for aces; after opener's jump rebid in his major over a two-over-one " +
		"response (1S-2H-3S), his suit needs no support and counts as agreed. 4NT is plain Blackwood, asked with 30 points together, " +
		"sound trumps and no side suit open to two quick losers: 5C 0 or 4 aces, 5D 1, 5H 2, 5S 3; 5NT then asks " +
		"for kings (6C 0 or 4, 6D 1, 6H 2, 6S 3); with two aces missing the asker signs off at the five level. Over " +
		"partner's opening of one of a suit, a nine-card fit and 33 points ask at once. 5NT " +
		"without Blackwood is the grand slam force: seven with two of the top three honours. After a slam is bid " +
		"the others pass.", map[i18n.Lang]string{i18n.Fr: "Chelem", i18n.De: "Schlemm", i18n.Hi: "स्लैम", i18n.Ko: "슬램"}},
}

// ConventionGroups lists the ids of [Sections] in order.
var ConventionGroups = func() []string {
	ids := make([]string, len(Sections))
	for i, s := range Sections {
		ids[i] = s.ID
	}
	return ids
}()

// sectionOf files a rule in a section by its name.
func sectionOf(name string) string {
	prefix, rest, _ := strings.Cut(name, ".")
	switch prefix {
	case "open":
		switch {
		case strings.HasPrefix(rest, "1nt"), strings.HasPrefix(rest, "2nt"):
			return "nt"
		case rest == "2c":
			return "2c"
		case strings.HasPrefix(rest, "1"), rest == "pass":
			return "open"
		}
		return "preempt"
	case "resp", "jac", "comp":
		return "resp"
	case "orb", "orb21", "rr", "rr21", "fsf":
		return "rebid"
	case "nt1", "nt2", "nt":
		if rest == "leaddouble" {
			return "nt1x"
		}
		return "nt"
	case "2c":
		return "2c"
	case "w2", "pre":
		return "preempt"
	case "ovc":
		switch {
		case strings.Contains(rest, "michaels"), strings.Contains(rest, "unusual"), rest == "4nt.minors":
			return "michaels"
		case strings.Contains(rest, "takeout"), rest == "bigdouble", rest == "preempt.big":
			return "takeout"
		}
		return "ovc"
	case "adv":
		switch {
		case strings.HasPrefix(rest, "x."):
			return "takeout"
		case strings.HasPrefix(rest, "michaels"), strings.HasPrefix(rest, "unusual"):
			return "michaels"
		}
		return "ovc"
	case "dbl":
		return "takeout"
	case "negx", "nx":
		return "negx"
	case "bal", "reopen":
		return "bal"
	case "nt1x", "d1nt":
		return "nt1x"
	case "bw", "gerber", "gsf", "slam", "cue":
		return "slam"
	}
	return ""
}

// Conventions returns the convention card of b's system: one line per
// call per auction, for every rule of the book that an example auction can
// show (the principles that apply in any auction, the defaults and the
// rules whose auction pattern has no example are left out), in the order
// of [Sections] and, within a section, highest priority first. The card is
// made from the rule table itself, and each line's meaning is the one the
// table explains the call with, so it always says what the bidder does.
func (b *Bot) Conventions() []Convention {
	var out []Convention
	index := map[string]int{}
	for _, r := range b.rules {
		if r.Natural || r.Prio <= prioDefault || sectionOf(r.Name) == "" {
			continue
		}
		c, ok := b.example(r)
		if !ok {
			continue
		}
		k := conventionKey(c.Auction, c.Call)
		if _, ok := index[k]; ok {
			continue // the line is there, with r among its rules
		}
		index[k] = len(out)
		out = append(out, c)
	}
	rank := map[string]int{}
	for i, g := range ConventionGroups {
		rank[g] = i
	}
	slices.SortStableFunc(out, func(x, y Convention) int {
		if d := rank[x.Group] - rank[y.Group]; d != 0 {
			return d
		}
		return slamStep(x.Rule) - slamStep(y.Rule)
	})
	return out
}

// slamSteps orders the slam section as a slam auction goes: the values
// opposite notrump, Gerber and its answers and placements, control bids,
// Blackwood and its answers and placements, the grand slam force, the
// pass of a slam. A rule is at the step of the longest prefix of its name.
var slamSteps = []string{"slam.", "gerber", "gerber.ans.", "gerber.kings.ask", "gerber.kings.", "gerber.signoff",
	"gerber.slam", "gerber.small", "gerber.grand", "cue.bid", "cue.signoff", "bw.ask", "bw.ans.", "bw.kings.ask",
	"bw.kings.", "bw.signoff", "bw.pass", "bw.small", "bw.grand", "gsf.ask", "gsf.ans.", "slam.done"}

// slamStep is the place of a rule in slamSteps (0 for the rules of the
// other sections, which keep the table's order).
func slamStep(rule string) int {
	best, bl := 0, 0
	for i, p := range slamSteps {
		if strings.HasPrefix(rule, p) && len(p) > bl && (len(p) == len(rule) || strings.HasSuffix(p, ".") || rule[len(p)] == '.') {
			best, bl = i+1, len(p)
		}
	}
	return best
}

// conventionKey names an auction and a call: "1C P 1D P|1NT".
func conventionKey(auction []bridge.Call, call bridge.Call) string {
	var sb strings.Builder
	for _, c := range auction {
		sb.WriteString(c.String())
		sb.WriteByte(' ')
	}
	sb.WriteByte('|')
	sb.WriteString(call.String())
	return sb.String()
}

// line reads the call after calls as the table explains it: the meaning,
// and the rules of the book that make the call there with the hands the
// explanation covers (the rule it is read from, and those of the same
// force and kind, natural or artificial, that it was widened by), each
// with its own meaning. ok is false when no rule of the book explains the
// call.
func (b *Bot) line(vul bridge.Vul, calls []bridge.Call, call bridge.Call) (c Convention, ok bool) {
	defer func() {
		if recover() != nil {
			c, ok = Convention{}, false
		}
	}()
	ctx := b.newCtx(vul, card.North, calls)
	m := b.explainIn(b.newCtx(vul, card.North, calls), call)
	if m.Rule == "" {
		return c, false
	}
	type made struct {
		r *Rule
		m Meaning
	}
	var makers []made
	var primary *Meaning
	for _, r := range b.rules {
		if r.Natural || r.Prio <= prioDefault {
			continue
		}
		bd := newBind()
		if !r.match(ctx, &bd) {
			continue
		}
		for _, cd := range r.expand(ctx, bd) {
			cb := cd.bind
			if cd.call != call || r.When != nil && !guard(func() bool { return r.When(ctx, &cb) }) {
				continue
			}
			rm := r.meaning(ctx, &cb)
			makers = append(makers, made{r, rm})
			if r.Name == m.Rule && primary == nil {
				primary = &makers[len(makers)-1].m
				p := *primary
				primary = &p
			}
			break
		}
	}
	if primary == nil {
		return c, false
	}
	c = Convention{Rule: m.Rule, Group: sectionOf(m.Rule), Auction: append([]bridge.Call(nil), calls...), Call: call, Vul: vul, Meaning: m}
	c.Rules = []string{m.Rule}
	seen, named := map[string]bool{}, map[string]bool{}
	var names []string
	for _, mk := range makers {
		if mk.r.Name != m.Rule && (mk.m.Force != primary.Force || mk.m.Artificial != primary.Artificial) {
			continue
		}
		if mk.r.Name != m.Rule {
			c.Rules = append(c.Rules, mk.r.Name)
		}
		if n := mk.m.Name(); n != "" && !named[n] {
			named[n] = true
			names = append(names, n)
		}
		if w := mk.m.Details(i18n.En, call); !seen[w] {
			seen[w] = true
			c.Hands = append(c.Hands, mk.m)
		}
	}
	if len(c.Hands) < 2 {
		c.Hands = nil
	}
	c.Name = strings.Join(names, " / ")
	if c.Group == "" {
		c.Group = sectionOf(c.Rules[len(c.Rules)-1])
	}
	return c, c.Group != ""
}

// example finds an auction that r's pattern matches, with r's call legal
// after it: the rule's Example when it has one and the rule makes its
// call there, else the pattern's calls in order, after 0 to 3 passes so that the
// opener may sit in any position, not vulnerable or, failing that,
// vulnerable.
func (b *Bot) example(r *Rule) (Convention, bool) {
	if r.Example != "" {
		var calls []bridge.Call
		for _, f := range strings.Fields(r.Example) {
			call, err := bridge.ParseCall(f)
			if err != nil {
				panic("bidding: rule " + r.Name + ": bad example " + r.Example)
			}
			calls = append(calls, call)
		}
		for _, vul := range []bridge.Vul{bridge.VulNone, bridge.VulAll} {
			if c, ok := b.tryExample(r, vul, calls); ok {
				return c, true
			}
		}
	}
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

// tryExample reads r's call on the auction calls as the table explains
// it; the line is r's example only when r is among the rules that make the
// call there with the hands the explanation covers (the weak two is not
// shown on 2C, which is the strong opening, but on 2D).
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
		l, ok := b.line(vul, calls, cd.call)
		if ok && slices.Contains(l.Rules, r.Name) {
			return l, true
		}
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

// SystemDoc writes docs/bidding-system.md: the system in the order of
// [Sections], each section's prose, then every agreement of the
// convention card with its meaning (the same lines as the page, in
// English), then the principles that apply when no agreement does. The
// file is generated (go run ./bot/bidding/cmd/systemdoc) and a test fails
// when it is out of date.
func (b *Bot) SystemDoc() []byte {
	cs := b.Conventions()
	var buf bytes.Buffer
	p := func(format string, args ...any) { fmt.Fprintf(&buf, format, args...) }
	p("# The bidding system\n\n")
	p("<!-- Generated from the bidder's rules by `go run ./bot/bidding/cmd/systemdoc`: do not edit by hand.\n")
	p("     The agreements come from bot/bidding/rules_*.go, the sections' prose from Sections in bot/bidding/conventions.go. -->\n\n")
	p("The computer players bid Standard American Yellow Card (SAYC). This page is the system they play, in the\n")
	p("order of the SAYC booklet. Each section says its agreements in a few sentences, then lists them as the\n")
	p("bidder's rules make them: for each auction (dealer North; P is a pass, X a double), the call and what it\n")
	p("shows. There is one line per call per auction; when several rules make the same call (one per hand type),\n")
	p("the line gives their hands together, then each hand type. The conventions page of the app\n")
	p("(GET /api/conventions) shows the same lines in every language, and the table explains every call from the\n")
	p("same rules. HCP are high-card points; a range like 12–21 HCP is what partner may count on, and \"may be\n")
	p("10–11 HCP with shape\" the fewest a distributional hand makes the call with.\n\n")
	p("%d agreements.\n\n", len(cs))
	for i, s := range Sections {
		p("## %d. %s\n\n%s\n\n", i+1, s.Title, s.Prose)
		p("| auction | call | agreement | meaning |\n|---|---|---|---|\n")
		for _, c := range cs {
			if c.Group != s.ID {
				continue
			}
			auction := "(opening)"
			if len(c.Auction) > 0 {
				var a []string
				for _, x := range c.Auction {
					a = append(a, x.String())
				}
				auction = strings.Join(a, " ")
			}
			if c.Vul == bridge.VulAll {
				auction += " (vulnerable)"
			}
			meaning := c.Meaning.Details(i18n.En, c.Call)
			for j, h := range c.Hands {
				if j == 0 {
					meaning += ". Hands:"
				}
				meaning += fmt.Sprintf(" (%d) %s", j+1, h.Details(i18n.En, c.Call))
				if n := h.Name(); n != "" && strings.Contains(c.Name, " / ") {
					meaning += " [" + n + "]"
				}
				if j < len(c.Hands)-1 {
					meaning += ";"
				}
			}
			p("| %s | %s | %s | %s |\n", auction, c.Call, mdCell(c.Name), mdCell(meaning))
		}
		p("\n")
	}
	p("## When no agreement applies\n\n")
	p("Under the agreements, a few natural principles apply in any auction that no rule of the book covers, each\n")
	p("explained like a rule: game and slam values, fits and the law of total tricks, a forcing bid is never\n")
	p("passed. Game values are 25 points together, 24 vulnerable (a vulnerable game pays at a lower chance\n")
	p("of making); 23 invites. They are, in the order they are tried:\n\n")
	var natural []*Rule
	for _, r := range b.rules {
		if r.Natural {
			natural = append(natural, r)
		}
	}
	slices.SortStableFunc(natural, func(x, y *Rule) int { return y.Prio - x.Prio })
	for _, r := range natural {
		p("- %s (`%s`)\n", mdCell(strings.NewReplacer("the %M", "the major", "the %m", "the minor", "the %x", "the suit", "the %y", "the suit", "the %z", "the suit", "%M", "the major", "%m", "the minor", "%x", "the suit", "%y", "the suit", "%z", "the suit").Replace(r.Desc)), r.Name)
	}
	return buf.Bytes()
}

// mdCell makes s safe inside a Markdown table cell.
func mdCell(s string) string { return strings.ReplaceAll(s, "|", "\\|") }
