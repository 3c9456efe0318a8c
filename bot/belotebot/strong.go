package belotebot

import (
	"context"
	"math/rand/v2"
	"sync"
	"time"

	"atout/belote"
	"atout/card"
	"atout/game"
)

// Level sets how hard a [Strong] bot thinks.
type Level struct {
	Name string
	// SolveCards: the card play is solved exactly (double dummy on each
	// sampled deal) once the player holds at most this many cards; with
	// more, each candidate card is played out by the rule-based policy.
	SolveCards int
	// Samples is the number of sampled deals per card when solving;
	// Samples7 when the player holds 7 or more cards (each solve is
	// costlier).
	Samples, Samples7 int
	// Tolerance is the precision of the solver's values, in points.
	Tolerance int
	// RolloutSamples is the number of sampled deals per card when playing
	// out by policy.
	RolloutSamples int
	// BidSamples is the number of sampled deals per contract considered
	// in the bidding.
	BidSamples int
	// RuleBidding makes the bot bid with the baseline's point count in
	// coinche instead of by simulation.
	RuleBidding bool
	// Budget caps the time of one decision (the bot then decides on the
	// samples seen so far); the sample counts are sized to stay well
	// below it, so that play is deterministic given the seed.
	Budget time.Duration
}

// The levels of the strong bot: LevelFast stays under 100 ms per card,
// LevelStrong under 1 s per card (docs/bots.md has the measurements).
var (
	LevelFast   = Level{Name: "fast", SolveCards: 5, Samples: 12, Samples7: 0, Tolerance: 8, RolloutSamples: 20, BidSamples: 24, RuleBidding: true, Budget: 90 * time.Millisecond}
	LevelStrong = Level{Name: "strong", SolveCards: 7, Samples: 48, Samples7: 10, Tolerance: 4, RolloutSamples: 80, BidSamples: 64, RuleBidding: true, Budget: 900 * time.Millisecond}
)

// Strong is the sampling bot: it bids by simulation in classic and
// no-trump (sampled deals consistent with the bidding, played out for each
// possible contract, and the expected deal score of each call); in coinche
// it bids by point count ([Level.RuleBidding], measured better) or by
// simulation, with coinche and surcoinche by expected score. It plays each card by sampling the unseen cards
// consistently with everything its seat knows (voids and trump shortness
// shown by the play, the turned card, announcements shown, belote said,
// and the bidding) and solving each sample exactly, choosing the card of
// best average deal score. It declares every announcement and belote.
//
// It is deterministic given its seed and the sequence of calls, as long
// as no decision hits its time budget or the context deadline (it then
// decides on what it has). It is safe for concurrent use (calls are
// serialised).
type Strong struct {
	level  Level
	mu     sync.Mutex
	rnd    *rand.Rand
	solver *Solver
}

// NewStrong returns a strong bot at level lv seeded with seed.
func NewStrong(lv Level, seed uint64) *Strong {
	return &Strong{level: lv, rnd: rand.New(rand.NewPCG(seed, seed^0xB5AD4ECEDA1CE2A9))}
}

// Name returns "strong" or "fast" (the level's name).
func (b *Strong) Name() string { return b.level.Name }

// Act returns the bot's action for seat in g, a *belote.Deal.
func (b *Strong) Act(ctx context.Context, g game.Game, seat card.Seat) (game.Move, error) {
	return actVia(ctx, g, seat, b.Choose)
}

// Choose returns the bot's action for seat in deal d. When seat may only
// coinche out of turn (Maison) and does not want to, it returns
// [ErrNoAction].
func (b *Strong) Choose(ctx context.Context, d *belote.Deal, seat card.Seat) (belote.Action, error) {
	if err := ctx.Err(); err != nil {
		return belote.Action{}, err
	}
	if err := checkTurn(d, seat); err != nil {
		return belote.Action{}, err
	}
	b.mu.Lock()
	defer b.mu.Unlock()
	stop := time.Now().Add(b.level.Budget)
	if dl, ok := ctx.Deadline(); ok && dl.Before(stop) {
		stop = dl
	}
	k := Observe(d, seat)
	if d.Phase() == belote.PhaseBidding {
		var a belote.Action
		if b.level.RuleBidding && k.Rules.Mode == belote.Coinche {
			a = baselineCall(d, seat)
		} else {
			a = b.call(ctx, k, d, stop)
		}
		if a.Kind == 0 {
			return a, ErrNoAction
		}
		return a, nil
	}
	return belote.Play(b.card(ctx, k, d.LegalCards(), stop)), nil
}

func expired(ctx context.Context, stop time.Time) bool {
	return ctx.Err() != nil || time.Now().After(stop)
}

// card chooses a card to play.
func (b *Strong) card(ctx context.Context, k *Knowledge, legal card.Hand, stop time.Time) card.Card {
	if legal.Len() == 1 {
		return legal.Lowest()
	}
	cards := legal.Cards()
	sums := make([]float64, len(cards))
	me := k.Seat.Side()
	out := &dealOutcome{rules: k.Rules, contract: k.Contract, belote: k.BeloteSide, ann: k.AnnPoints}
	if k.BeloteSide < 0 && belote.IsSuit(k.Trump) {
		// our own belote, still to be said, is ours
		kq := card.HandOf(card.New(k.Trump, card.King), card.New(k.Trump, card.Queen))
		if (k.Own|k.Played[k.Seat])&kq == kq {
			out.belote = int(me)
		}
	}
	total := belote.TotalFor(k.Trump, k.Rules.Setting)
	held := k.Own.Len()
	exact := held <= b.level.SolveCards
	n := b.level.RolloutSamples
	if exact {
		n = b.level.Samples
		if held >= 7 {
			n = b.level.Samples7
		}
		if b.solver == nil {
			b.solver = NewSolver(k.Rules, k.Trump)
		} else {
			b.solver.Reset(k.Rules, k.Trump)
		}
		b.solver.SetDeadline(stop)
		if dl, ok := ctx.Deadline(); ok && dl.Before(stop) {
			b.solver.SetDeadline(dl)
		}
	}
	if n <= 0 {
		exact, n = false, b.level.RolloutSamples
	}
	var played card.Hand
	for _, p := range k.Played {
		played |= p
	}
	done := 0
	for i := 0; i < n; i++ {
		if (done > 0 || i >= 4) && expired(ctx, stop) {
			break
		}
		hands, ok := b.sampleConstrained(k)
		if !ok {
			continue
		}
		pos := Position{Hands: hands, Trick: k.Trick, Leader: k.Leader, Points: k.Points, Won: k.Won}
		if exact {
			cs, vals := b.solver.SolveMovesWithin(&pos, me, b.level.Tolerance)
			if b.solver.Aborted() {
				break
			}
			for j, c := range cs {
				idx := indexOf(cards, c)
				pts, won := fromValue(vals[j], total, me)
				sums[idx] += float64(out.utility(pts, won, me)) + 0.01*float64(vals[j])
			}
		} else {
			for j, c := range cards {
				pts, won := rollout(pos, played, k.Rules, k.Trump, k.Contract.Takers(), c)
				sums[j] += float64(out.utility(pts, won, me)) + 0.01*float64(pts[me]-pts[me^1])
			}
		}
		done++
	}
	if done == 0 {
		return ruleCard(k.playState())
	}
	best := 0
	for j := range cards {
		if sums[j] > sums[best] {
			best = j
		}
	}
	return cards[best]
}

func indexOf(cs []card.Card, c card.Card) int {
	for i, x := range cs {
		if x == c {
			return i
		}
	}
	return 0
}

// fromValue turns a solver value for side me into final card points and
// tricks-won flags.
func fromValue(v, total int, me card.Side) (pts [2]int, won [2]bool) {
	switch {
	case v >= CapotValue:
		won[me] = true
		pts[me] = total
		return
	case v <= -CapotValue:
		won[me^1] = true
		pts[me^1] = total
		return
	}
	my := (total + v) / 2
	my = max(0, min(total, my))
	pts[me], pts[me^1] = my, total-my
	won = [2]bool{true, true}
	return
}

// sampleConstrained draws a deal of the unseen cards consistent with the
// knowledge, preferring one that also fits the bidding.
func (b *Strong) sampleConstrained(k *Knowledge) ([4]card.Hand, bool) {
	var last [4]card.Hand
	found := false
	for range 24 {
		h, ok := k.SamplePlay(b.rnd)
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

// fitsBidding reports whether sampled current hands agree loosely with the
// calls: the taker (or bidder) has the strength his call shows.
func fitsBidding(k *Knowledge, hands [4]card.Hand) bool {
	r := k.Rules
	start := func(s card.Seat) card.Hand { return hands[s] | k.Played[s] }
	for _, st := range k.Calls {
		p := st.Seat
		if p == k.Seat {
			continue
		}
		switch st.Action.Kind {
		case belote.ActTake:
			if r.Mode == belote.NoTrump {
				if noTrumpScore(start(p), r) < noTrumpTake-12 {
					return false
				}
			} else if HandScore(start(p), k.Turned.Suit(), r) < takeScore-8 {
				return false
			}
		case belote.ActSuit:
			if HandScore(start(p), st.Action.Suit, r) < nameScore-10 {
				return false
			}
		case belote.ActBid:
			v := int(st.Action.Value)
			if v > 160 {
				v = 160
			}
			need := coincheBase + (v-80)/10*coincheStep - 14
			if HandScore(start(p), st.Action.Suit, r) < need {
				return false
			}
		}
	}
	return true
}
