package belote

import (
	"fmt"

	"atout/card"
)

// higherTrump[r] is the mask of trump ranks stronger than rank r in the
// trump order J 9 A 10 K Q 8 7.
var higherTrump [15]uint16

func init() {
	for r := card.Seven; r <= card.Ace; r++ {
		for o := card.Seven; o <= card.Ace; o++ {
			if trumpStrength[o] > trumpStrength[r] {
				higherTrump[r] |= 1 << o
			}
		}
	}
}

// LegalPlays returns the cards of hand h that may be played to a trick
// holding the cards of trick (in play order, possibly empty) under rules r
// with trump suit trump ([NoSuit] in no-trump and sans-atout, [AllTrump] in
// tout-atout). It is the decision procedure
// of belote-rules §5.2. The player's partner, if he has played, is the one
// who played len(trick)-2.
func LegalPlays(h card.Hand, trick []card.Card, trump card.Suit, r Rules) card.Hand {
	n := len(trick)
	if n == 0 || h == 0 {
		return h
	}
	led := trick[0].Suit()
	follow := h.Suit(led)
	if trump == AllTrump {
		// Tout-atout: every suit is trump, so follow and beat the best card
		// of the led suit when possible, even over partner; no suit ruffs
		// (docs/belote-coinche-sa-ta.md §4).
		if follow == 0 {
			return h
		}
		best := card.Rank(0)
		for _, c := range trick {
			if c.Suit() == led && (best == 0 || trumpStrength[c.Rank()] > trumpStrength[best]) {
				best = c.Rank()
			}
		}
		if higher := follow & card.FromSuitMask(led, higherTrump[best]); higher != 0 {
			return higher
		}
		return follow
	}
	if trump == NoSuit || r.Mode == NoTrump {
		if follow != 0 {
			return follow
		}
		return h
	}
	// best trump in the trick, if any
	bestTrump := card.Rank(0)
	for _, c := range trick {
		if c.Suit() == trump && (bestTrump == 0 || trumpStrength[c.Rank()] > trumpStrength[bestTrump]) {
			bestTrump = c.Rank()
		}
	}
	if led == trump {
		if follow == 0 {
			return h
		}
		if higher := follow & card.FromSuitMask(trump, higherTrump[bestTrump]); higher != 0 {
			return higher
		}
		return follow
	}
	if follow != 0 {
		return follow
	}
	if n >= 2 && TrickWinner(trick, trump) == n-2 {
		return h // partner is master
	}
	trumps := h.Suit(trump)
	if trumps == 0 {
		return h
	}
	if bestTrump == 0 {
		return trumps
	}
	if higher := trumps & card.FromSuitMask(trump, higherTrump[bestTrump]); higher != 0 {
		return higher
	}
	if r.Mode == Coinche && r.Setting == Official {
		return h
	}
	return trumps
}

// LegalCards returns the cards the seat to play may play now (empty outside
// the play).
func (d *Deal) LegalCards() card.Hand {
	if d.phase != PhasePlay {
		return 0
	}
	return LegalPlays(d.hands[d.turn], d.trick[:d.nTrick], d.con.Trump, d.rules)
}

// Trick returns the cards of the current trick in play order and its
// leader.
func (d *Deal) Trick() ([]card.Card, card.Seat) {
	return d.trick[:d.nTrick:d.nTrick], d.leader
}

// TrickNumber returns the number of the trick being played, 1 to 8 (9 once
// all are played; 0 during the bidding).
func (d *Deal) TrickNumber() int {
	if d.phase == PhaseBidding || d.passed {
		return 0
	}
	return int(d.trickNo) + 1
}

// LastTrick returns the last completed trick in play order, its leader and
// its winner; ok is false before the first trick is complete.
func (d *Deal) LastTrick() (cards [4]card.Card, leader, winner card.Seat, ok bool) {
	if d.phase == PhaseBidding || d.trickNo == 0 {
		return cards, 0, 0, false
	}
	w := TrickWinner(d.last[:], d.con.Trump)
	return d.last, d.lastLead, seatAt(d.lastLead, w), true
}

// seatAt returns the seat that plays position i of a trick led by leader.
func seatAt(leader card.Seat, i int) card.Seat {
	s := leader
	for ; i > 0; i-- {
		s = Next(s)
	}
	return s
}

func (d *Deal) play(seat card.Seat, a Action) error {
	trick := int(d.trickNo) + 1
	name := a.String()
	if a.Kind == ActClaim {
		return d.claim(seat, int(a.Value))
	}
	if a.Kind != ActCard {
		return illegal(seat, name, trick, "the bidding is over; play a card")
	}
	if seat != d.turn {
		return illegal(seat, name, trick, "it is %v's turn", d.turn)
	}
	c := a.Card
	h := d.hands[seat]
	if !h.Has(c) {
		return illegal(seat, name, trick, "%v does not hold %v", seat, c)
	}
	if legal := d.LegalCards(); !legal.Has(c) {
		return illegal(seat, name, trick, "%s", d.whyIllegal(h, c, legal))
	}
	if why := d.checkSaid(seat, a); why != "" {
		return illegal(seat, name, trick, "%s", why)
	}
	if d.trickNo == 7 && d.nTrick == 3 {
		// The last card: score on a copy, so that an error leaves d unchanged.
		nd := *d
		nd.steps = d.steps[:len(d.steps):len(d.steps)]
		nd.playCard(seat, a)
		if err := nd.finish(); err != nil {
			return err
		}
		*d = nd
		return nil
	}
	d.playCard(seat, a)
	return nil
}

// firstCard reports whether seat has not played a card yet.
func (d *Deal) firstCard(seat card.Seat) bool {
	return d.trickNo == 0 && d.hands[seat] == d.start[seat]
}

// BeloteCard reports whether seat, playing c now, may say belote (the
// first of the trump king and queen, both in his hand) or rebelote (the
// second, belote said with the first): the moment of belote-rules §6.
func (d *Deal) BeloteCard(seat card.Seat, c card.Card) (first, second bool) {
	t := d.con.Trump
	if d.phase != PhasePlay || int8(seat) != d.beloteSeat || !IsSuit(t) || c.Suit() != t || (c.Rank() != card.King && c.Rank() != card.Queen) || !d.hands[seat].Has(c) {
		return false, false
	}
	other := card.New(t, card.King+card.Queen-c.Rank())
	if d.hands[seat].Has(other) {
		return true, false
	}
	return false, d.beloteSaid > 0
}

// Announcements returns the announcements seat may declare with his first
// card ([Detect]: best first), nil when he has none or has played.
func (d *Deal) Announcements(seat card.Seat) []Announcement {
	if d.phase != PhasePlay || !d.rules.Announcements || !d.firstCard(seat&3) {
		return nil
	}
	return Detect(seat&3, d.start[seat&3], d.rules, d.con.Trump)
}

// checkSaid explains why what a says with its card may not be said now,
// or returns "".
func (d *Deal) checkSaid(seat card.Seat, a Action) string {
	if mask, ok := a.Declared(); ok {
		if !d.firstCard(seat) || !d.rules.Announcements {
			return "announcements are declared with the first card, when the table plays with them"
		}
		if n := len(Detect(seat, d.start[seat], d.rules, d.con.Trump)); mask>>n != 0 {
			return fmt.Sprintf("you have %d announcements to declare", n)
		}
	}
	first, second := d.BeloteCard(seat, a.Card)
	switch a.Say {
	case SayBelote:
		if !first && !second {
			return "belote is said with the first of the trump king and queen held together, rebelote with the second"
		}
	case SayQuiet:
		if !first {
			return "belote is kept quiet with the first of the trump king and queen"
		}
	}
	return ""
}

// whyIllegal explains why c is not among the legal cards.
func (d *Deal) whyIllegal(h card.Hand, c card.Card, legal card.Hand) string {
	led := d.trick[0].Suit()
	t := d.con.Trump
	switch {
	case h.Suit(led) != 0 && c.Suit() != led:
		return fmt.Sprintf("must follow suit in %v", led)
	case t == AllTrump:
		return fmt.Sprintf("must beat the best %v in tout-atout (play one of %v)", led, handList(legal))
	case led == t && c.Suit() == t:
		return fmt.Sprintf("must overtrump (play one of %v)", handList(legal))
	case c.Suit() == t:
		return fmt.Sprintf("must overtrump (play one of %v)", handList(legal))
	default:
		return fmt.Sprintf("must trump (play one of %v)", handList(legal))
	}
}

func handList(h card.Hand) string {
	s := ""
	for i, c := range h.Cards() {
		if i > 0 {
			s += " "
		}
		s += c.String()
	}
	return s
}

// playCard plays a legal card with what its player says (checked).
func (d *Deal) playCard(seat card.Seat, a Action) {
	c := a.Card
	first, second := d.BeloteCard(seat, c)
	d.record(seat, a)
	d.hands[seat] = d.hands[seat].Remove(c)
	trump := d.con.Trump
	if d.trickNo == 0 && d.rules.Announcements {
		if mask, ok := a.Declared(); ok {
			d.declared[seat] = nil
			for i, an := range Detect(seat, d.start[seat], d.rules, trump) {
				if mask&(1<<i) != 0 {
					d.declared[seat] = append(d.declared[seat], an)
				}
			}
		} else if d.silent&(1<<seat) == 0 {
			d.declared[seat] = Detect(seat, d.start[seat], d.rules, trump)
		}
	}
	if d.trickNo == 1 && d.nTrick == 0 && d.rules.Announcements {
		d.resolveAnnouncements()
	}
	switch {
	case a.Say == SayQuiet:
		d.quiet |= 1 << seat
	case a.Say == SayBelote && (first || second):
		d.beloteSaid++
	case (first || second) && (d.noBelote|d.quiet)&(1<<seat) == 0:
		d.beloteSaid++
	}
	d.trick[d.nTrick] = c
	d.nTrick++
	if d.nTrick < 4 {
		d.turn = Next(seat)
		return
	}
	w := seatAt(d.leader, TrickWinner(d.trick[:], trump))
	pts := 0
	for _, x := range d.trick {
		pts += CardPoints(x, trump, d.rules.Setting)
	}
	if d.trickNo == 7 {
		pts += 10
	}
	side := w.Side()
	d.points[side] += pts
	d.tricks[side]++
	d.last, d.lastLead = d.trick, d.leader
	d.trick = [4]card.Card{}
	d.nTrick = 0
	d.trickNo++
	d.leader, d.turn = w, w
	if d.trickNo == 8 {
		d.phase = PhaseDone
	}
}

func (d *Deal) resolveAnnouncements() {
	d.annDone = true
	w, ok := Compare(d.declared, d.con.Takers(), d.con.Trump, d.rules)
	if ok {
		d.annWinner = int8(w)
	}
}

// BeloteSide returns the side that declared belote-rebelote, or -1. Before
// the end of the deal it is the side whose holder has said "belote".
func (d *Deal) BeloteSide() int {
	if d.beloteSeat < 0 || d.beloteSaid == 0 {
		return -1
	}
	return int(card.Seat(d.beloteSeat).Side())
}

// Belote returns the seat that has said "belote" (ok false if nobody has
// yet) and whether he has also said "rebelote".
func (d *Deal) Belote() (seat card.Seat, rebelote, ok bool) {
	if d.beloteSeat < 0 || d.beloteSaid == 0 {
		return 0, false, false
	}
	return card.Seat(d.beloteSeat), d.beloteSaid >= 2, true
}

// Declared returns the announcements seat declared during trick 1 (nil if
// he declared nothing or has not played yet).
func (d *Deal) Declared(seat card.Seat) []Announcement { return d.declared[seat&3] }

// AnnouncementWinner returns the side whose announcements count, once they
// have been compared (when the first card of trick 2 is played); ok is false
// before that or when nobody scores.
func (d *Deal) AnnouncementWinner() (side card.Side, ok bool) {
	if !d.annDone || d.annWinner < 0 {
		return 0, false
	}
	return card.Side(d.annWinner), true
}

// finish scores the deal once the last card is played.
func (d *Deal) finish() error {
	var silent [4]bool
	for s := range 4 {
		silent[s] = d.silent&(1<<s) != 0
	}
	bid := 0
	if d.rules.Mode == Coinche {
		bid = d.con.Value
	}
	res, err := ScoreDeal(DealInput{
		Rules:      d.rules,
		Trump:      d.con.Trump,
		Takers:     d.con.Takers(),
		Bid:        bid,
		Coinche:    d.con.Coinche,
		Hands:      d.start,
		Silent:     silent,
		CardPoints: d.points,
		Tricks:     d.tricks,
		Belote:     d.BeloteSide(),
		Reserve:    d.reserve,
	})
	if err != nil {
		return fmt.Errorf("belote: scoring the deal: %w", err)
	}
	d.result = res
	return nil
}

// SetSilent sets whether seat declares his announcements (belote-rules §7.3,
// §11.11: the default is to declare them all). It may be changed until the
// seat plays his first card.
func (d *Deal) SetSilent(seat card.Seat, silent bool) error {
	if seat > card.West {
		return illegal(seat, "silent", 0, "no such seat")
	}
	if d.phase == PhaseDone || (d.phase == PhasePlay && (d.trickNo > 0 || d.start[seat] != d.hands[seat])) {
		return illegal(seat, "silent", d.TrickNumber(), "announcements are declared with the first card")
	}
	if silent {
		d.silent |= 1 << seat
	} else {
		d.silent &^= 1 << seat
	}
	return nil
}

// SetNoBelote sets whether seat, if he holds the king and queen of trump,
// keeps quiet instead of saying belote-rebelote (the default is to declare
// it). It may be changed until he plays the first of the two.
func (d *Deal) SetNoBelote(seat card.Seat, noBelote bool) error {
	if seat > card.West {
		return illegal(seat, "nobelote", 0, "no such seat")
	}
	if d.phase == PhaseDone || (int8(seat) == d.beloteSeat && d.playedBeloteCard(seat)) {
		return illegal(seat, "nobelote", d.TrickNumber(), "belote is said with the first of the king and queen of trump")
	}
	if noBelote {
		d.noBelote |= 1 << seat
	} else {
		d.noBelote &^= 1 << seat
	}
	return nil
}

func (d *Deal) playedBeloteCard(seat card.Seat) bool {
	t := d.con.Trump
	k, q := card.New(t, card.King), card.New(t, card.Queen)
	return !d.hands[seat].Has(k) || !d.hands[seat].Has(q)
}

// Silent reports whether seat declares no announcements.
func (d *Deal) Silent(seat card.Seat) bool { return d.silent&(1<<(seat&3)) != 0 }

// NoBelote reports whether seat does not declare belote-rebelote.
func (d *Deal) NoBelote(seat card.Seat) bool { return d.noBelote&(1<<(seat&3)) != 0 }

// ClaimRange returns the takers' totals of tricks a claim may state now
// (docs/belote-claims.md): lo, the tricks the takers have won, when the
// defenders take every trick left; hi, lo plus the tricks left (the one
// in progress included), when the takers take them all. A belote claim is
// of all the remaining tricks: no total between the two is accepted. ok is
// false outside the play.
func (d *Deal) ClaimRange() (lo, hi int, ok bool) {
	if d.phase != PhasePlay {
		return 0, 0, false
	}
	lo = d.tricks[d.con.Takers()]
	return lo, lo + 8 - int(d.trickNo), true
}

// Claimed reports whether the play ended in a claim, who made it and the
// side that took the tricks left.
func (d *Deal) Claimed() (by card.Seat, rest card.Side, ok bool) {
	if !d.claimed {
		return 0, 0, false
	}
	return d.claimer, d.claimSide, true
}

// claim ends the play: the side the claim gives them takes every trick
// left, with every card point left and the dix de der. The seats that have
// not played their first card declare their announcements as they would
// have with it, and a belote holder who has not kept quiet keeps his 20
// (it is never lost). The cards left stay in the hands and the trick in
// progress stays as it was: the deal is over. An illegal claim changes
// nothing.
func (d *Deal) claim(seat card.Seat, takersTotal int) error {
	trick := int(d.trickNo) + 1
	name := Claim(takersTotal).String()
	lo, hi, _ := d.ClaimRange()
	if takersTotal != lo && takersTotal != hi {
		return illegal(seat, name, trick, "a claim is of all the remaining tricks: the takers' total is %d (the takers take the rest) or %d (the defenders take it)", hi, lo)
	}
	nd := *d
	nd.steps = d.steps[:len(d.steps):len(d.steps)]
	nd.record(seat, Claim(takersTotal))
	side := d.con.Takers()
	if takersTotal == lo {
		side = side.Other()
	}
	trump := d.con.Trump
	pts := 10 // dix de der
	for s := range card.Seat(4) {
		for _, c := range d.hands[s].Cards() {
			pts += CardPoints(c, trump, d.rules.Setting)
		}
		if d.trickNo == 0 && d.rules.Announcements && d.silent&(1<<s) == 0 && d.hands[s] == d.start[s] {
			nd.declared[s] = Detect(s, d.start[s], d.rules, trump)
		}
	}
	for _, c := range d.trick[:d.nTrick] {
		pts += CardPoints(c, trump, d.rules.Setting)
	}
	if d.rules.Announcements && !d.annDone {
		nd.resolveAnnouncements()
	}
	if b := d.beloteSeat; b >= 0 && (d.noBelote|d.quiet)&(1<<b) == 0 && (d.beloteSaid > 0 || !d.playedBeloteCard(card.Seat(b))) {
		nd.beloteSaid = 2
	}
	nd.points[side] += pts
	nd.tricks[side] += 8 - int(d.trickNo)
	nd.phase = PhaseDone
	nd.claimed, nd.claimer, nd.claimSide = true, seat, side
	if err := nd.finish(); err != nil {
		return err
	}
	*d = nd
	return nil
}

// SureRest reports whether seat, on lead at the start of a trick, takes
// every trick left whatever the others hold and play, from what he sees:
// each of his cards is the best card left in its suit, and no trump is
// left outside his hand to ruff one of them. It is the claim a player
// makes without a doubt (a bot's claim, docs/belote-claims.md); it reads
// only his hand and the cards played, the others' cards as one unknown
// set.
func (d *Deal) SureRest(seat card.Seat) bool {
	if d.phase != PhasePlay || d.nTrick != 0 || d.turn != seat {
		return false
	}
	own := d.hands[seat]
	var out card.Hand // every card not yet played and not his
	for s := range card.Seat(4) {
		if s != seat {
			out |= d.hands[s]
		}
	}
	trump := d.con.Trump
	if IsSuit(trump) && out.Suit(trump) != 0 && own.Suit(trump) != own {
		return false // a trump left outside could ruff a plain card
	}
	for _, c := range own.Cards() {
		for _, o := range out.Suit(c.Suit()).Cards() {
			if Strength(o, trump) > Strength(c, trump) {
				return false
			}
		}
	}
	return own != 0
}
