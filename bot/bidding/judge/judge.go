// Package judge adds judgement by simulation to the SAYC rule bidder: at a
// decision point (a competitive auction, or our side at game level or above
// where slam is in question) it samples the three hidden hands so that they
// replay the auction so far with the rule bidder, bids each candidate call
// out with the rule bidder at all four seats, scores the final contracts
// double dummy and keeps the candidate with the best mean IMPs against the
// others. It departs from the rule bidder's own call only when the gain over
// it exceeds a margin. It is deterministic for a seed and stops sampling at
// its time budget or when its context ends.
package judge

import (
	"context"
	"time"

	"atout/bot/bidding"
	"atout/bridge"
	"atout/bridge/dd"
	"atout/card"
)

// Options configures a Judge. Zero values take the defaults.
type Options struct {
	Budget     time.Duration // time per decision (default 1 s)
	MaxSamples int           // samples per decision (default 24)
	MinSamples int           // fewer scored samples keep the rule call (default 6)
	Margin     float64       // mean IMPs over the rule call needed to depart (default 1.0)
	TableMB    int           // solver transposition table (default 16)
}

// Judge chooses calls. It is not safe for concurrent use (one solver).
type Judge struct {
	bidder *bidding.Bot
	solver *dd.Solver
	opt    Options
}

// New returns a Judge over bidder.
func New(bidder *bidding.Bot, o Options) *Judge {
	if o.Budget <= 0 {
		o.Budget = time.Second
	}
	if o.MaxSamples <= 0 {
		o.MaxSamples = 24
	}
	if o.MinSamples <= 0 {
		o.MinSamples = 6
	}
	if o.Margin == 0 {
		o.Margin = 1.0
	}
	if o.TableMB <= 0 {
		o.TableMB = 16
	}
	return &Judge{bidder: bidder, solver: dd.NewSolver(o.TableMB), opt: o}
}

// Result is a decision and how it was reached.
type Result struct {
	Call       bridge.Call   // the call chosen
	Rule       bridge.Call   // the rule bidder's call
	Decision   bool          // a decision point: candidates were simulated
	Candidates []bridge.Call // first is Rule
	IMPs       []float64     // mean IMPs of each candidate against the others
	Samples    int           // samples scored
}

// Choose returns the call for the seat to act holding hand.
func (j *Judge) Choose(ctx context.Context, seed uint64, hand card.Hand, vul bridge.Vul, dealer card.Seat, calls []bridge.Call) Result {
	a := bridge.NewAuction(dealer)
	for _, c := range calls {
		if a.Add(c) != nil {
			return Result{Call: bridge.PassCall, Rule: bridge.PassCall}
		}
	}
	rule, _ := j.bidder.Choose(hand, vul, dealer, calls)
	if a.Check(rule) != nil {
		rule = bridge.PassCall
	}
	res := Result{Call: rule, Rule: rule}
	if a.Done() {
		return res
	}
	me := a.ToAct()
	cands := Candidates(&a, me, rule)
	if len(cands) < 2 {
		return res
	}
	res.Decision = true
	res.Candidates = cands
	deadline := time.Now().Add(j.opt.Budget)
	if d, ok := ctx.Deadline(); ok && d.Before(deadline) {
		deadline = d
	}
	ctx, cancel := context.WithDeadline(ctx, deadline)
	defer cancel()

	r := card.NewRand(seed)
	sm := newSampler(j.bidder, hand, me, vul, dealer, calls)
	sum := make([]float64, len(cands))
	vsRule := make([]float64, len(cands))
	scores := make([]int, len(cands))
	for res.Samples < j.opt.MaxSamples && ctx.Err() == nil {
		d, ok := sm.sample(ctx, r)
		if !ok {
			break
		}
		cache := map[[2]int]int{}
		good := true
		for i, c := range cands {
			s, err := j.score(ctx, d, a, c, me, vul, cache)
			if err != nil {
				good = false
				break
			}
			scores[i] = s
		}
		if !good {
			break
		}
		res.Samples++
		for i := range cands {
			for k := range cands {
				if k != i {
					sum[i] += float64(bridge.IMPs(scores[i]-scores[k])) / float64(len(cands)-1)
				}
			}
			vsRule[i] += float64(bridge.IMPs(scores[i] - scores[0]))
		}
	}
	if res.Samples == 0 {
		return res
	}
	res.IMPs = make([]float64, len(cands))
	best := 0
	for i := range cands {
		res.IMPs[i] = sum[i] / float64(res.Samples)
		if res.IMPs[i] > res.IMPs[best] {
			best = i
		}
	}
	if res.Samples >= j.opt.MinSamples && vsRule[best]/float64(res.Samples) > j.opt.Margin {
		res.Call = cands[best]
	}
	return res
}

// score bids the deal out after c and returns the score for me's side.
func (j *Judge) score(ctx context.Context, d bridge.Deal, a bridge.Auction, c bridge.Call, me card.Seat, vul bridge.Vul, cache map[[2]int]int) (int, error) {
	if err := a.Add(c); err != nil {
		return 0, err
	}
	for n := 0; !a.Done() && n < 64; n++ {
		s := a.ToAct()
		call, _ := j.bidder.Choose(d[s], vul, a.Dealer(), a.Calls())
		if a.Check(call) != nil {
			call = bridge.PassCall
		}
		a.Add(call)
	}
	for !a.Done() {
		a.Add(bridge.PassCall)
	}
	ct := a.Contract()
	if ct.Level == 0 {
		return 0, nil
	}
	decl, _ := a.Declarer()
	key := [2]int{int(ct.Strain), int(decl)}
	tricks, ok := cache[key]
	if !ok {
		def, err := j.solver.TricksContext(ctx, dd.Position{Hands: d, Strain: ct.Strain, Leader: decl.Next()})
		if err != nil {
			return 0, err
		}
		tricks = 13 - def
		cache[key] = tricks
	}
	sc := bridge.Score(ct, tricks, vul.Has(decl.Side()))
	if decl.Side() != me.Side() {
		sc = -sc
	}
	return sc, nil
}

// Candidates returns the calls worth simulating for me after a, the rule
// call first; fewer than two means no decision point. A decision point is a
// competitive auction (the opponents have bid) or one where our side has
// reached game, where slam is the question.
func Candidates(a *bridge.Auction, me card.Seat, rule bridge.Call) []bridge.Call {
	calls := a.Calls()
	theyBid, ourTop := false, 0
	for i, c := range calls {
		if c.Kind != bridge.Bid {
			continue
		}
		if a.SeatAt(i).Side() == me.Side() {
			if c.Rank() > ourTop {
				ourTop = c.Rank()
			}
		} else {
			theyBid = true
		}
	}
	if rule.Kind == bridge.Bid && rule.Rank() > ourTop {
		ourTop = rule.Rank()
	}
	game := func(c bridge.Call) bool {
		switch c.Strain {
		case bridge.NoTrump:
			return c.Level >= 3
		case bridge.StrainHearts, bridge.StrainSpades:
			return c.Level >= 4
		}
		return c.Level >= 5
	}
	out := []bridge.Call{rule}
	add := func(c bridge.Call) {
		if len(out) >= 4 || a.Check(c) != nil {
			return
		}
		for _, o := range out {
			if o == c {
				return
			}
		}
		out = append(out, c)
	}
	last, by, ok := a.LastBid()
	slamZone := false
	if ok && by.Side() == me.Side() && game(last) && last.Level < 6 {
		slamZone = true
	}
	if rule.Kind == bridge.Bid && game(rule) && rule.Level < 6 {
		slamZone = true
	}
	switch {
	case slamZone:
		st := last.Strain
		if rule.Kind == bridge.Bid {
			st = rule.Strain
		}
		add(bridge.NewBid(6, st))
		add(bridge.PassCall)
		if ok && by.Side() == me.Side() && last.Strain != st {
			add(bridge.NewBid(6, last.Strain))
		}
	case theyBid:
		add(bridge.PassCall)
		add(bridge.DoubleCall)
		if rule.Kind == bridge.Bid {
			add(bridge.NewBid(int(rule.Level)+1, rule.Strain))
		} else if ok && by.Side() != me.Side() {
			// compete in our best-shown strain one level up, if we bid one
			for i := len(calls) - 1; i >= 0; i-- {
				c := calls[i]
				if c.Kind == bridge.Bid && a.SeatAt(i).Side() == me.Side() {
					for lv := int(c.Level); lv <= 7; lv++ {
						if b := bridge.NewBid(lv, c.Strain); a.Check(b) == nil {
							add(b)
							break
						}
					}
					break
				}
			}
		}
	}
	_ = ourTop
	return out
}
