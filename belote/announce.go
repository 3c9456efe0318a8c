package belote

import (
	"fmt"
	"slices"
	"strings"

	"atout/card"
)

// AnnKind is the kind of an announcement: a sequence (tierce, cinquante,
// cent) or a carré. The zero AnnKind is no announcement.
type AnnKind uint8

// The announcement kinds (belote-rules §7.1).
const (
	Tierce    AnnKind = iota + 1 // three cards in sequence, 20
	Cinquante                    // four cards in sequence, 50
	Cent                         // five to eight cards in sequence, 100
	Carre                        // the four cards of one rank
)

// String returns the French name: "tierce", "cinquante", "cent" or "carré".
func (k AnnKind) String() string {
	switch k {
	case Tierce:
		return "tierce"
	case Cinquante:
		return "cinquante"
	case Cent:
		return "cent"
	case Carre:
		return "carré"
	}
	return fmt.Sprintf("AnnKind(%d)", uint8(k))
}

// Announcement is one sequence or carré held by a player.
type Announcement struct {
	Kind   AnnKind
	Seat   card.Seat
	Suit   card.Suit // suit of a sequence; NoSuit for a carré
	Rank   card.Rank // carré rank, or the top card of a sequence
	Len    int       // sequence length (4 for a carré)
	Points int
	Cards  card.Hand
}

// IsSequence reports whether a is a sequence (tierce, cinquante or cent).
func (a Announcement) IsSequence() bool {
	return a.Kind == Tierce || a.Kind == Cinquante || a.Kind == Cent
}

// String describes a for people: "tierce H9-HT-HJ (20)", "carré J (200)".
func (a Announcement) String() string {
	if a.Kind == Carre {
		return fmt.Sprintf("carré %s (%d)", a.Rank, a.Points)
	}
	var parts []string
	for r := a.Rank - card.Rank(a.Len) + 1; r <= a.Rank && r >= card.Seven; r++ {
		parts = append(parts, card.New(a.Suit, r).String())
	}
	return fmt.Sprintf("%s %s (%d)", a.Kind, strings.Join(parts, "-"), a.Points)
}

// Compare orders two announcements by steps 1 to 3 of belote-rules §7.4:
// points, then a carré over a sequence, then the longer sequence and the
// higher top card (natural order), or for two carrés of equal points the
// higher rank (A > K > Q > J > 10 > 9). It returns +1 if a is better, -1 if
// b is, and 0 for a tie (which §7.4 step 4 settles; see [Compare]).
func (a Announcement) Compare(b Announcement) int {
	if c := cmpInt(a.Points, b.Points); c != 0 {
		return c
	}
	ac, bc := a.Kind == Carre, b.Kind == Carre
	if ac != bc {
		if ac {
			return 1
		}
		return -1
	}
	if !ac {
		if c := cmpInt(a.Len, b.Len); c != 0 {
			return c
		}
	}
	// card.Rank numbers follow the natural order 7 < 8 < ... < K < A.
	return cmpInt(int(a.Rank), int(b.Rank))
}

func cmpInt(a, b int) int {
	switch {
	case a > b:
		return 1
	case a < b:
		return -1
	}
	return 0
}

// inTrump reports whether a is a sequence in the trump suit.
func (a Announcement) inTrump(trump card.Suit) bool {
	return trump != NoSuit && a.IsSequence() && a.Suit == trump
}

// stronger orders announcements for choosing a team's (or a partition's)
// best one: the §7.4 order, and between announcements that order ties, a
// sequence in trump first, since that is what an Official tie looks at.
func stronger(a, b Announcement, trump card.Suit) int {
	if c := a.Compare(b); c != 0 {
		return c
	}
	at, bt := a.inTrump(trump), b.inTrump(trump)
	switch {
	case at && !bt:
		return 1
	case bt && !at:
		return -1
	}
	return 0
}

// SequencePoints returns the value of a sequence of n cards: 20 for a
// tierce, 50 for a cinquante, 100 for a cent (five cards or more), and 0
// below three cards.
func SequencePoints(n int) int {
	switch {
	case n >= 5:
		return 100
	case n == 4:
		return 50
	case n == 3:
		return 20
	}
	return 0
}

// CarrePoints returns the value of a carré of rank rk under rules r with
// trump suit trump (NoSuit in no-trump): the trump table (J 200, 9 150,
// A 10 K Q 100) in trump contracts and in no-trump under Maison, the
// no-trump table (A 200, 10 150, K Q J 9 100) in no-trump under Official
// (belote-rules §7.1). Sevens and eights, and ranks outside the belote
// deck, are worth 0: they are no announcement.
func CarrePoints(rk card.Rank, r Rules, trump card.Suit) int {
	noTrumpTable := r.Setting == Official && (trump == NoSuit || r.Mode == NoTrump)
	switch rk {
	case card.Jack:
		if noTrumpTable {
			return 100
		}
		return 200
	case card.Nine:
		if noTrumpTable {
			return 100
		}
		return 150
	case card.Ace:
		if noTrumpTable {
			return 200
		}
		return 100
	case card.Ten:
		if noTrumpTable {
			return 150
		}
		return 100
	case card.King, card.Queen:
		return 100
	}
	return 0
}

// beloteRanks masks the ranks 7..A of a suit mask.
const beloteRanks uint16 = 0x7F80

// carres returns the carrés of hand that are worth points.
func carres(seat card.Seat, hand card.Hand, r Rules, trump card.Suit) []Announcement {
	var out []Announcement
	for rk := card.Ace; rk >= card.Seven; rk-- {
		var cards card.Hand
		for _, s := range card.Suits {
			cards = cards.Add(card.New(s, rk))
		}
		if hand&cards != cards {
			continue
		}
		p := CarrePoints(rk, r, trump)
		if p == 0 {
			continue
		}
		out = append(out, Announcement{Kind: Carre, Seat: seat, Suit: NoSuit, Rank: rk, Len: 4, Points: p, Cards: cards})
	}
	return out
}

// runs returns the maximal sequences of three cards or more in hand, each
// once at its full length.
func runs(seat card.Seat, hand card.Hand) []Announcement {
	var out []Announcement
	for _, s := range card.Suits {
		m := hand.SuitMask(s) & beloteRanks
		for r := card.Seven; r <= card.Ace; {
			if m&(1<<r) == 0 {
				r++
				continue
			}
			lo := r
			for r <= card.Ace && m&(1<<r) != 0 {
				r++
			}
			n := int(r - lo)
			if n < 3 {
				continue
			}
			kind := Tierce
			switch {
			case n >= 5:
				kind = Cent
			case n == 4:
				kind = Cinquante
			}
			var cards card.Hand
			for x := lo; x < r; x++ {
				cards = cards.Add(card.New(s, x))
			}
			out = append(out, Announcement{Kind: kind, Seat: seat, Suit: s, Rank: r - 1, Len: n, Points: SequencePoints(n), Cards: cards})
		}
	}
	return out
}

// sortAnnouncements puts the best announcement first (§7.4 order, a trump
// sequence before an equal plain one, then suits from spades down).
func sortAnnouncements(as []Announcement, trump card.Suit) {
	slices.SortStableFunc(as, func(a, b Announcement) int {
		if c := stronger(a, b, trump); c != 0 {
			return -c
		}
		return cmpInt(int(b.Suit), int(a.Suit))
	})
}

func totalPoints(as []Announcement) int {
	t := 0
	for _, a := range as {
		t += a.Points
	}
	return t
}

// Detect returns the announcements held by seat in hand under rules r with
// trump suit trump (NoSuit in no-trump), best first (belote-rules §7.2). It
// returns nil when r.Announcements is off. Cards outside the 32-card deck
// are ignored.
//
// Under Maison a card may serve in two announcements: the result is every
// carré worth points plus every maximal sequence of three cards or more.
// Under Official each card serves once: of the sets of carrés the hand
// could declare, Detect keeps the one which, with the maximal sequences
// left in the rest of the hand, scores most; on equal totals the one whose
// best announcement is stronger. Sequences are recomputed after the carré
// cards are removed, so a broken run may still leave a shorter tierce.
func Detect(seat card.Seat, hand card.Hand, r Rules, trump card.Suit) []Announcement {
	if !r.Announcements {
		return nil
	}
	hand &= card.Full32
	cs := carres(seat, hand, r, trump)
	if r.Setting != Official {
		out := append(cs, runs(seat, hand)...)
		sortAnnouncements(out, trump)
		return out
	}
	var best []Announcement
	bestTotal := -1
	for subset := 0; subset < 1<<len(cs); subset++ {
		var cand []Announcement
		rest := hand
		for i, c := range cs {
			if subset&(1<<i) != 0 {
				cand = append(cand, c)
				rest &^= c.Cards
			}
		}
		cand = append(cand, runs(seat, rest)...)
		sortAnnouncements(cand, trump)
		t := totalPoints(cand)
		better := t > bestTotal
		if t == bestTotal && len(cand) > 0 && len(best) > 0 {
			better = stronger(cand[0], best[0], trump) > 0
		}
		if better {
			best, bestTotal = cand, t
		}
	}
	if len(best) == 0 {
		return nil
	}
	return best
}

// Compare decides which side scores the announcements (belote-rules §7.4,
// §11.1, §11.12). declared holds what each seat (indexed by card.Seat)
// declared; silent seats must be left empty. Only each side's best
// announcement is compared: points first, then a carré over a sequence,
// then the longer sequence and the higher top card, or the higher carré
// rank. On a complete tie, Official gives the announcements to the side
// whose best one is a sequence in trump, and otherwise nobody scores; Maison
// gives them to the takers. If only one side declared anything it wins.
//
// ok is false when nobody scores: nothing declared, an Official tie without
// a trump sequence, or r.Announcements off. Entries worth no points are
// ignored.
func Compare(declared [4][]Announcement, takers card.Side, trump card.Suit, r Rules) (winner card.Side, ok bool) {
	if !r.Announcements {
		return 0, false
	}
	var best [2]Announcement
	var has [2]bool
	for i, list := range declared {
		side := card.Seat(i).Side()
		for _, a := range list {
			if a.Points <= 0 {
				continue
			}
			if !has[side] || stronger(a, best[side], trump) > 0 {
				best[side], has[side] = a, true
			}
		}
	}
	switch {
	case !has[card.NS] && !has[card.EW]:
		return 0, false
	case !has[card.EW]:
		return card.NS, true
	case !has[card.NS]:
		return card.EW, true
	}
	switch best[card.NS].Compare(best[card.EW]) {
	case 1:
		return card.NS, true
	case -1:
		return card.EW, true
	}
	if r.Setting != Official {
		return takers, true
	}
	ns, ew := best[card.NS].inTrump(trump), best[card.EW].inTrump(trump)
	switch {
	case ns && !ew:
		return card.NS, true
	case ew && !ns:
		return card.EW, true
	}
	return 0, false
}

// AnnouncementPoints returns the points of everything side declared (both
// partners), the amount it scores when it wins the comparison.
func AnnouncementPoints(declared [4][]Announcement, side card.Side) int {
	t := 0
	for i, list := range declared {
		if card.Seat(i).Side() != side {
			continue
		}
		for _, a := range list {
			if a.Points > 0 {
				t += a.Points
			}
		}
	}
	return t
}

// Resolution is the outcome of the announcements of one deal.
type Resolution struct {
	Declared [4][]Announcement // what each seat declared (nil for silent seats)
	Winner   card.Side         // the side that scores, when Scored
	Scored   bool              // false when nobody scores
	Points   [2]int            // points won by each side (index card.NS, card.EW)
}

// Resolve detects every seat's announcements in the hands held when play
// began, leaves out the silent seats, and compares them: the whole of §7 in
// one call.
func Resolve(hands [4]card.Hand, silent [4]bool, takers card.Side, trump card.Suit, r Rules) Resolution {
	var res Resolution
	for i, h := range hands {
		if !silent[i] {
			res.Declared[i] = Detect(card.Seat(i), h, r, trump)
		}
	}
	res.Winner, res.Scored = Compare(res.Declared, takers, trump, r)
	if res.Scored {
		res.Points[res.Winner] = AnnouncementPoints(res.Declared, res.Winner)
	}
	return res
}
