package belote

import (
	"errors"
	"fmt"

	"atout/card"
)

// BelotePoints is what belote-rebelote (king and queen of trump) is worth.
const BelotePoints = 20

// MaxReserve bounds the litige reserve ScoreDeal accepts; a real reserve is
// a few hundred points at most.
const MaxReserve = 1_000_000

// DealInput is everything needed to score one finished deal.
type DealInput struct {
	Rules      Rules        // Mode, Setting, Announcements (Target unused here)
	Trump      card.Suit    // NoSuit in no-trump and sans-atout, AllTrump in tout-atout
	Takers     card.Side    // the side that took, or made the final bid
	Bid        int          // coinche: 80..160 in tens, or 250 for a capot bid; 0 otherwise
	Coinche    int          // coinche multiplier 1, 2 or 4 (0 is taken as 1); 0 or 1 otherwise
	Hands      [4]card.Hand // cards each player held when play began (announcements found here)
	Silent     [4]bool      // seats that chose not to declare announcements
	CardPoints [2]int       // by side (index card.NS, card.EW), last-trick 10 included
	Tricks     [2]int       // tricks won by each side; they add up to 8
	Belote     int          // side index that declared belote-rebelote, or -1 for none
	Reserve    int          // litige points held over from the previous deal
}

// DealResult is the score of one deal.
type DealResult struct {
	Announcements [2]int // what each side won by the comparison, before any change of hands
	Made, Litige  bool
	Score         [2]int // points each side adds to its game score for this deal (incl. reserve paid out)
	Reserve       int    // points now held over to the next deal
	Totals        [2]int // exact team totals used for the verdict (cards+belote+ann)
}

// ErrBadDeal is wrapped by every error ScoreDeal returns.
var ErrBadDeal = errors.New("inconsistent deal")

// DealError reports a DealInput that cannot be scored. Field is the name of
// the offending input as the JSON format of `atout belote score` spells it
// ("bid", "tricks", "hands", ...).
type DealError struct {
	Field string
	Msg   string
}

func (e *DealError) Error() string { return "belote: " + e.Field + ": " + e.Msg }

// Unwrap returns ErrBadDeal.
func (e *DealError) Unwrap() error { return ErrBadDeal }

func dealErr(field, format string, args ...any) error {
	return &DealError{Field: field, Msg: fmt.Sprintf(format, args...)}
}

// ValidBid reports whether v is a coinche contract value: 80 to 160 in
// tens, or 250 for a capot bid.
func ValidBid(v int) bool {
	return v == CapotPoints || (v >= 80 && v <= 160 && v%10 == 0)
}

// roundHalfUp rounds non-negative x to the nearest 10, halves up (85 → 90).
func roundHalfUp(x int) int { return (x + 5) / 10 * 10 }

// check reports the first inconsistency of in.
func (in *DealInput) check() error {
	r := in.Rules
	if r.Mode > Coinche {
		return dealErr("mode", "unknown mode %d", r.Mode)
	}
	if r.Setting > Official {
		return dealErr("rules", "unknown setting %d", r.Setting)
	}
	if err := r.Check(); err != nil {
		return dealErr("sata", "%s", err.Error()[len("belote: "):])
	}
	switch {
	case r.Mode == NoTrump:
		if in.Trump != NoSuit {
			return dealErr("trump", "no trump suit in no-trump, got %s", StrainString(in.Trump))
		}
	case r.SaTa && (in.Trump == NoSuit || in.Trump == AllTrump):
	case in.Trump > card.Spades:
		return dealErr("trump", "a %s deal needs a trump suit", r.Mode)
	}
	if in.Takers > card.EW {
		return dealErr("takers", "want NS or EW, got %s", in.Takers)
	}
	if r.Mode == Coinche {
		if !ValidBid(in.Bid) {
			return dealErr("bid", "%d is not a contract value (want 80 to 160 in tens, or 250 for capot)", in.Bid)
		}
		if c := in.Coinche; c != 0 && c != 1 && c != 2 && c != 4 {
			return dealErr("coinche", "want 1, 2 (coinched) or 4 (surcoinched), got %d", c)
		}
	} else {
		if in.Bid != 0 {
			return dealErr("bid", "a bid value belongs to coinche mode only, got %d in %s", in.Bid, r.Mode)
		}
		if in.Coinche != 0 && in.Coinche != 1 {
			return dealErr("coinche", "coinche only exists in coinche mode, got %d in %s", in.Coinche, r.Mode)
		}
	}
	var seen card.Hand
	var owner [64]card.Seat
	for i, h := range in.Hands {
		seat := card.Seat(i)
		if bad := h &^ card.Full32; bad != 0 {
			return dealErr("hands", "%s holds %s, not a card of the 32-card deck", seat, bad.Lowest())
		}
		if n := h.Len(); n > 8 {
			return dealErr("hands", "%s holds %d cards (at most 8)", seat, n)
		}
		if both := h & seen; both != 0 {
			c := both.Lowest()
			return dealErr("hands", "card %s is in both %s and %s", c, owner[bitIndex(c)], seat)
		}
		for _, c := range h.Cards() {
			owner[bitIndex(c)] = seat
		}
		seen |= h
	}
	for s, t := range in.Tricks {
		if t < 0 || t > 8 {
			return dealErr("tricks", "%s took %d tricks (want 0 to 8)", card.Side(s), t)
		}
	}
	if n := in.Tricks[0] + in.Tricks[1]; n != 8 {
		return dealErr("tricks", "NS %d + EW %d = %d, want 8", in.Tricks[0], in.Tricks[1], n)
	}
	T := TotalFor(in.Trump, r.Setting)
	// After a capot the card points are taken as 250 and 0 "whatever
	// cardPoints says" (docs/cli.md): 252 (the FFB count), 162 or
	// 250 are all accepted, so nothing is checked.
	capot := in.Tricks[0] == 8 || in.Tricks[1] == 8
	for s, p := range in.CardPoints {
		if capot {
			break
		}
		if p < 0 || p > T {
			return dealErr("cardPoints", "%s has %d card points (want 0 to %d)", card.Side(s), p, T)
		}
		if in.Tricks[s] == 0 && p != 0 {
			return dealErr("cardPoints", "%s took no trick but has %d card points", card.Side(s), p)
		}
	}
	if !capot && in.CardPoints[0]+in.CardPoints[1] != T {
		return dealErr("cardPoints", "NS %d + EW %d = %d, but a %s %s deal is worth %d",
			in.CardPoints[0], in.CardPoints[1], in.CardPoints[0]+in.CardPoints[1], r.Setting, r.Mode, T)
	}
	switch in.Belote {
	case -1:
	case int(card.NS), int(card.EW):
		if !IsSuit(in.Trump) {
			return dealErr("belote", "there is no belote without a trump suit (no-trump, sans-atout, tout-atout)")
		}
	default:
		return dealErr("belote", "want a side index (0 NS, 1 EW) or -1, got %d", in.Belote)
	}
	if in.Belote >= 0 {
		// Where the hands show the king or queen of trump, both must be
		// with one player of the declaring side.
		holder := -1
		for _, c := range []card.Card{card.New(in.Trump, card.King), card.New(in.Trump, card.Queen)} {
			for i, h := range in.Hands {
				if !h.Has(c) {
					continue
				}
				if card.Seat(i).Side() != card.Side(in.Belote) {
					return dealErr("belote", "declared by %s but %s holds %s", card.Side(in.Belote), card.Seat(i), c)
				}
				if holder >= 0 && holder != i {
					return dealErr("belote", "the king and queen of trump are in two hands (%s and %s)", card.Seat(holder), card.Seat(i))
				}
				holder = i
			}
		}
	}
	if in.Reserve < 0 || in.Reserve > MaxReserve {
		return dealErr("reserve", "%d is out of range (0 to %d)", in.Reserve, MaxReserve)
	}
	return nil
}

func bitIndex(c card.Card) int { return int(c.Suit())*16 + int(c.Rank()) }

// ScoreDeal scores one finished deal (belote-rules §8): the announcements
// (§7), the verdict on the contract, litige and reserve in classic and
// no-trump, the coinche contract value, rounding and multiplier, and the
// Official change of hands of announcements (§7.5). It returns a
// *DealError (wrapping ErrBadDeal) for inconsistent input: a bad bid or
// multiplier, tricks not adding up to 8, card points not adding up to the
// deal's total (unless a side took all 8 tricks), a card held twice, and
// so on.
//
// A side that took all 8 tricks counts CapotPoints (250) card points
// whatever CardPoints says, and its opponents 0. Belote always stays with
// the side that declared it.
//
// The reserve carried in (in.Reserve) goes to the side that wins this deal:
// the takers if the contract is made, the defenders if it fails. If this
// deal is itself a litige, nobody collects it: the takers' total is added
// to it and the sum is held over (§11.15). Coinche has no litige; a reserve
// carried into a coinche deal (which cannot arise within one game) is simply
// paid to the winner of the deal.
func ScoreDeal(in DealInput) (DealResult, error) {
	if err := in.check(); err != nil {
		return DealResult{}, err
	}
	r := in.Rules
	tk := in.Takers
	df := tk.Other()

	var res DealResult
	ann := Resolve(in.Hands, in.Silent, tk, in.Trump, r)
	res.Announcements = ann.Points

	var cards, bel, tot [2]int
	cards = in.CardPoints
	for s := range 2 {
		if in.Tricks[s] == 8 {
			cards[s], cards[1-s] = CapotPoints, 0
		}
	}
	if in.Belote >= 0 {
		bel[in.Belote] = BelotePoints
	}
	for s := range 2 {
		tot[s] = cards[s] + bel[s] + ann.Points[s]
	}
	res.Totals = tot
	official := r.Setting == Official
	// annTo returns the announcement points side s ends up with when the
	// deal is won by winner: under Official the winner takes them all.
	annTo := func(s, winner card.Side) int {
		if !official {
			return ann.Points[s]
		}
		if s == winner {
			return ann.Points[card.NS] + ann.Points[card.EW]
		}
		return 0
	}

	if r.Mode != Coinche {
		switch {
		case tot[tk] > tot[df]:
			res.Made = true
			for _, s := range [2]card.Side{tk, df} {
				res.Score[s] = cards[s] + bel[s] + ann.Points[s]
			}
			if official && in.Tricks[tk] == 8 {
				// a capot by the takers: they take the defenders' announcements.
				res.Score[tk] += ann.Points[df]
				res.Score[df] -= ann.Points[df]
			}
			res.Score[tk] += in.Reserve
		case tot[tk] < tot[df]:
			full := TotalFor(in.Trump, r.Setting)
			if in.Tricks[df] == 8 {
				full = CapotPoints
			}
			res.Score[df] = full + bel[df] + annTo(df, df) + in.Reserve
			res.Score[tk] = bel[tk] + annTo(tk, df)
		default:
			res.Litige = true
			res.Score[df] = tot[df]
			res.Reserve = in.Reserve + tot[tk]
		}
		return res, nil
	}

	v := in.Bid
	m := in.Coinche
	if m == 0 {
		m = 1
	}
	if v == CapotPoints {
		res.Made = in.Tricks[tk] == 8 && tot[tk] > tot[df]
	} else {
		res.Made = tot[tk] >= v && tot[tk] > tot[df]
	}
	winner := df
	if res.Made {
		winner = tk
	}
	loser := winner.Other()
	switch {
	case m == 1 && res.Made:
		for _, s := range [2]card.Side{tk, df} {
			c := cards[s]
			if official {
				c = roundHalfUp(c)
			}
			res.Score[s] = c + bel[s] + ann.Points[s]
		}
		res.Score[tk] += v
		if official && in.Tricks[tk] == 8 {
			res.Score[tk] += ann.Points[df]
			res.Score[df] -= ann.Points[df]
		}
	case m == 1:
		res.Score[df] = 160 + v + bel[df] + annTo(df, df)
		res.Score[tk] = bel[tk] + annTo(tk, df)
	default:
		base := 160
		if official && res.Made && in.Tricks[tk] == 8 {
			base = CapotPoints
		}
		res.Score[winner] = (base + v + annTo(winner, winner) + bel[winner]) * m
		res.Score[loser] = bel[loser] + annTo(loser, winner)
	}
	res.Score[winner] += in.Reserve
	return res, nil
}
