package judge

import (
	"context"

	"atout/bot/bidding"
	"atout/bridge"
	"atout/card"
)

// sampler deals the unseen cards at random to the three hidden seats and
// keeps deals whose hidden hands replay their calls so far with the rule
// bidder. When deals are rejected too often it tolerates one call not
// replayed, then two, then any deal (tolerance rises every tolStep tries).
type sampler struct {
	bidder *bidding.Bot
	me     card.Seat
	vul    bridge.Vul
	dealer card.Seat
	calls  []bridge.Call
	hand   card.Hand
	unseen []card.Card
	tol    int
	tries  int
}

const tolStep = 400

func newSampler(b *bidding.Bot, hand card.Hand, me card.Seat, vul bridge.Vul, dealer card.Seat, calls []bridge.Call) *sampler {
	s := &sampler{bidder: b, me: me, vul: vul, dealer: dealer, calls: calls, hand: hand}
	for _, c := range card.Deck52() {
		if !hand.Has(c) {
			s.unseen = append(s.unseen, c)
		}
	}
	return s
}

func (s *sampler) sample(ctx context.Context, r *card.Rand) (bridge.Deal, bool) {
	for ctx.Err() == nil {
		r.Shuffle(s.unseen)
		var d bridge.Deal
		d[s.me] = s.hand
		k := 0
		for _, seat := range card.Seats {
			if seat == s.me {
				continue
			}
			d[seat] = card.HandOf(s.unseen[k : k+13]...)
			k += 13
		}
		s.tries++
		if s.tries%tolStep == 0 && s.tol < 3 {
			s.tol++
		}
		if s.tol >= 3 || s.misses(d, s.tol) <= s.tol {
			return d, true
		}
	}
	return bridge.Deal{}, false
}

// misses counts the hidden seats' calls the deal does not replay, stopping
// past limit.
func (s *sampler) misses(d bridge.Deal, limit int) int {
	n := 0
	for i, c := range s.calls {
		seat := card.Seat((int(s.dealer) + i) & 3)
		if seat == s.me {
			continue
		}
		if got, _ := s.bidder.Choose(d[seat], s.vul, s.dealer, s.calls[:i]); got != c {
			n++
			if n > limit {
				return n
			}
		}
	}
	return n
}
