package belotebot

import (
	"context"
	"time"

	"atout/belote"
	"atout/card"
)

// simResult is one played-out sampled deal for a hypothetical contract.
type simResult struct {
	pts    [2]int
	won    [2]bool
	belote int
	ann    [2]int
}

// sampleBidding deals the cards the seat cannot see during the bidding,
// as they would be once the play begins with taker as the taker.
func (b *Strong) sampleBidding(k *Knowledge, taker card.Seat) ([4]card.Hand, bool) {
	unseen := k.Unseen()
	var counts [4]int
	var can, must [4]card.Hand
	for s := range card.Seat(4) {
		counts[s] = 8
		can[s] = unseen
	}
	must[k.Seat] = k.Own
	can[k.Seat] = k.Own
	if k.Rules.Mode == belote.Classic {
		can[k.Seat] |= unseen
		must[taker] = must[taker].Add(k.Turned)
		can[taker] = can[taker].Add(k.Turned)
	}
	var last [4]card.Hand
	found := false
	for range 24 {
		h, ok := k.Sample(b.rnd, card.Full32, counts, can, must)
		if !ok {
			return h, false
		}
		last, found = h, true
		if fitsBidding(k, h) {
			return h, true
		}
	}
	return last, found
}

// simulate plays out n sampled deals for the contract with the given
// taker and trump by the rule-based policy.
func (b *Strong) simulate(ctx context.Context, k *Knowledge, taker card.Seat, trump card.Suit, n int, stop time.Time) []simResult {
	r := k.Rules
	if r.Mode == belote.NoTrump {
		trump = belote.NoSuit
	}
	out := make([]simResult, 0, n)
	for i := 0; i < n; i++ {
		if i > 0 && expired(ctx, stop) {
			break
		}
		hands, ok := b.sampleBidding(k, taker)
		if !ok {
			continue
		}
		pos := Position{Hands: hands, Leader: belote.Next(k.Dealer)}
		pts, won := rollout(pos, 0, r, trump, taker.Side(), 0)
		res := simResult{pts: pts, won: won, belote: -1}
		if belote.IsSuit(trump) {
			kq := card.HandOf(card.New(trump, card.King), card.New(trump, card.Queen))
			for s := range card.Seat(4) {
				if hands[s]&kq == kq {
					res.belote = int(s.Side())
				}
			}
		}
		if r.Announcements {
			res.ann = belote.Resolve(hands, [4]bool{}, taker.Side(), trump, r).Points
		}
		out = append(out, res)
	}
	return out
}

// expected returns the average utility for side me of the simulated deals
// under contract c.
func expected(r belote.Rules, c belote.Contract, sims []simResult, me card.Side) float64 {
	if len(sims) == 0 {
		return 0
	}
	t := 0.0
	for _, s := range sims {
		o := dealOutcome{rules: r, contract: c, belote: s.belote, ann: s.ann}
		t += float64(o.utility(s.pts, s.won, me))
	}
	return t / float64(len(sims))
}

// call chooses a call by simulation.
func (b *Strong) call(ctx context.Context, k *Knowledge, d *belote.Deal, stop time.Time) belote.Action {
	r := k.Rules
	me := k.Seat.Side()
	n := b.level.BidSamples
	au := d.Auction()
	if k.Seat != d.Turn() {
		// Maison: coinche out of turn
		if au.HighBid.Kind == belote.ActBid && au.Coinche == 1 && au.Bidder.Side() != me {
			c := belote.Contract{Taker: au.Bidder, Trump: au.HighBid.Suit, Value: int(au.HighBid.Value), Coinche: 1}
			sims := b.simulate(ctx, k, au.Bidder, c.Trump, n, stop)
			if b.coincheGain(r, c, sims, me) > 0 {
				return belote.CallCoinche
			}
		}
		return belote.Action{}
	}
	switch r.Mode {
	case belote.Classic:
		ts := k.Turned.Suit()
		if au.Round == 1 {
			sims := b.simulate(ctx, k, k.Seat, ts, n, stop)
			if expected(r, belote.Contract{Taker: k.Seat, Trump: ts, Coinche: 1}, sims, me) > takeMargin {
				return belote.CallTake
			}
			return belote.CallPass
		}
		bestS, bestV := card.Suit(0), -1e9
		for _, s := range card.Suits {
			if s == ts {
				continue
			}
			sims := b.simulate(ctx, k, k.Seat, s, n, stop)
			if v := expected(r, belote.Contract{Taker: k.Seat, Trump: s, Coinche: 1}, sims, me); v > bestV {
				bestS, bestV = s, v
			}
		}
		if bestV > takeMargin {
			return belote.NameSuit(bestS)
		}
		return belote.CallPass
	case belote.NoTrump:
		sims := b.simulate(ctx, k, k.Seat, belote.NoSuit, n, stop)
		if expected(r, belote.Contract{Taker: k.Seat, Trump: belote.NoSuit, Coinche: 1}, sims, me) > takeMargin {
			return belote.CallTake
		}
		return belote.CallPass
	}
	return b.coincheCall(ctx, k, d, au, stop)
}

// takeMargin is the expected deal score (our score minus theirs) above
// which the strong bot takes in classic and no-trump.
const takeMargin = 0

// coincheGain is how much side me expects to gain by coinching contract c
// (a positive value means coinche).
func (b *Strong) coincheGain(r belote.Rules, c belote.Contract, sims []simResult, me card.Side) float64 {
	c2 := c
	c2.Coinche = 2
	// the rollouts do not know the bidder's hand well: ask for a margin
	return expected(r, c2, sims, me) - expected(r, c, sims, me) - 30
}

// coincheCall is the coinche-mode bidding by expected score.
func (b *Strong) coincheCall(ctx context.Context, k *Knowledge, d *belote.Deal, au belote.Auction, stop time.Time) belote.Action {
	r := k.Rules
	me := k.Seat.Side()
	n := b.level.BidSamples
	legal := d.LegalActions(k.Seat)
	can := func(a belote.Action) bool {
		for _, l := range legal {
			if l == a {
				return true
			}
		}
		return false
	}
	has := au.HighBid.Kind == belote.ActBid
	var cur belote.Contract
	var curSims []simResult
	if has {
		cur = belote.Contract{Taker: au.Bidder, Trump: au.HighBid.Suit, Value: int(au.HighBid.Value), Coinche: au.Coinche}
		curSims = b.simulate(ctx, k, au.Bidder, cur.Trump, n, stop)
	}
	if can(belote.CallSurcoinche) {
		c4 := cur
		c4.Coinche = 4
		if expected(r, c4, curSims, me)-expected(r, cur, curSims, me) > 60 {
			return belote.CallSurcoinche
		}
		return belote.CallPass
	}
	if au.Coinche > 1 {
		return belote.CallPass
	}
	passV := 0.0
	if has {
		passV = expected(r, cur, curSims, me)
	}
	best, bestV := belote.CallPass, passV
	if can(belote.CallCoinche) && b.coincheGain(r, cur, curSims, me) > 0 {
		c2 := cur
		c2.Coinche = 2
		best, bestV = belote.CallCoinche, expected(r, c2, curSims, me)-30
	}
	low := 80
	if has {
		low = int(au.HighBid.Value) + 10
	}
	if low <= 160 {
		strains := card.Suits[:]
		if r.SaTa {
			strains = append(strains[:4:4], belote.NoSuit, belote.AllTrump)
		}
		for _, s := range strains {
			sims := b.simulate(ctx, k, k.Seat, s, n, stop)
			for v := low; v <= 160; v += 10 {
				c := belote.Contract{Taker: k.Seat, Trump: s, Value: v, Coinche: 1}
				// bidding costs a margin: the opponents may coinche, and
				// the rollouts are noisy
				if u := expected(r, c, sims, me) - bidMargin; u > bestV {
					best, bestV = belote.Bid(v, s), u
				}
			}
		}
	}
	return best
}

// bidMargin is what a coinche bid must gain over the alternative.
const bidMargin = 15
