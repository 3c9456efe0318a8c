package judge

import (
	"context"

	"atout/bot/bidding"
	"atout/bridge"
	"atout/card"
)

// sampler deals the unseen cards at random to the three hidden seats and
// keeps deals whose hidden hands hold what their calls so far showed (the
// rule bidder's reading: HCP, lengths, shape; a cheap test that rejects
// most deals) and then replay those calls with the rule bidder. When
// replays fail too often it tolerates one call not replayed, then two,
// then any deal that holds the readings (tolerance rises every tolStep
// replays). Without the readings the tolerance let deals in that the
// auction rules out (opponents too weak for their bids), and the judge
// saw penalties the table did not have.
type sampler struct {
	bidder *bidding.Bot
	me     card.Seat
	vul    bridge.Vul
	dealer card.Seat
	calls  []bridge.Call
	hand   card.Hand
	unseen []card.Card
	shown  [4]bidding.Meaning // what each seat's calls showed
	tol    int
	tries  int
}

const tolStep = 400

func newSampler(b *bidding.Bot, hand card.Hand, me card.Seat, vul bridge.Vul, dealer card.Seat, calls []bridge.Call) *sampler {
	s := &sampler{bidder: b, me: me, vul: vul, dealer: dealer, calls: calls, hand: hand}
	s.shown = b.Inferences(vul, dealer, calls)
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
		if !s.holdsShown(d) {
			continue
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

// holdsShown reports whether every hidden hand of d holds what its
// seat's calls showed.
func (s *sampler) holdsShown(d bridge.Deal) bool {
	for _, seat := range card.Seats {
		if seat != s.me && !s.shown[seat].Holds(d[seat]) {
			return false
		}
	}
	return true
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
