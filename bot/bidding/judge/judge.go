// Package judge adds judgement by simulation to the SAYC rule bidder: at a
// competitive decision (see Candidates: compete or pass over the opponents'
// bid, double it, sacrifice, pass a double of ours or run; never a slam or
// a constructive choice) it samples the three hidden hands so that they
// replay the auction so far with the rule bidder, bids each candidate call
// out with the rule bidder at all four seats, scores the final contracts
// double dummy and compares each candidate with the rule bidder's own call.
// It departs from that call only when the best candidate's mean gain over
// it exceeds a margin and Z standard errors. It is deterministic for a seed
// and stops sampling at its time budget or when its context ends.
package judge

import (
	"context"
	"math"
	"time"

	"atout/bot/bidding"
	"atout/bridge"
	"atout/bridge/dd"
	"atout/card"
)

// Options configures a Judge. Zero values take the defaults.
type Options struct {
	Budget     time.Duration // time per call, checked inside the loop (default 1 s)
	MaxSamples int           // samples per decision (default 48; the budget usually stops first)
	MinSamples int           // fewer scored samples keep the rule call (default 12)
	Margin     float64       // mean IMPs over the rule call needed to depart (default 1.5)
	Z          float64       // and the mean gain must exceed Z standard errors (default 2)
	TableMB    int           // solver transposition table (default 16)
	// Acquire, when set, lends the judge a solver for one decision (a
	// bot's shared pool) and returns it with release; otherwise the judge
	// makes its own at its first decision point. A call that is no
	// decision point needs no solver.
	Acquire func(ctx context.Context) (s *dd.Solver, release func(), err error)
}

// Judge chooses calls. It is not safe for concurrent use (one solver).
type Judge struct {
	bidder *bidding.Bot
	own    *dd.Solver // made at the first decision without Acquire
	opt    Options
}

// New returns a Judge over bidder.
func New(bidder *bidding.Bot, o Options) *Judge {
	if o.Budget <= 0 {
		o.Budget = time.Second
	}
	if o.MaxSamples <= 0 {
		o.MaxSamples = 48
	}
	if o.MinSamples <= 0 {
		o.MinSamples = 12
	}
	if o.Margin == 0 {
		o.Margin = 1.5
	}
	if o.Z == 0 {
		o.Z = 2
	}
	if o.TableMB <= 0 {
		o.TableMB = 16
	}
	return &Judge{bidder: bidder, opt: o}
}

// acquire returns the solver of one decision and its release.
func (j *Judge) acquire(ctx context.Context) (*dd.Solver, func(), error) {
	if j.opt.Acquire != nil {
		return j.opt.Acquire(ctx)
	}
	if j.own == nil {
		j.own = dd.NewSolver(j.opt.TableMB)
	}
	return j.own, func() {}, nil
}

// Result is a decision and how it was reached.
type Result struct {
	Call       bridge.Call   // the call chosen
	Rule       bridge.Call   // the rule bidder's call
	Decision   bool          // a decision point: candidates were simulated
	Candidates []bridge.Call // first is Rule
	IMPs       []float64     // mean IMPs of each candidate against the others
	Gain       []float64     // mean IMPs of each candidate against the rule call
	SE         []float64     // the standard error of Gain
	Samples    int           // samples scored
}

// Choose returns the call for the seat to act holding hand.
func (j *Judge) Choose(ctx context.Context, seed uint64, hand card.Hand, vul bridge.Vul, dealer card.Seat, calls []bridge.Call) Result {
	start := time.Now()
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
	// A departure partner would read as another hand misleads him for
	// the rest of the auction: only calls read truly are candidates.
	kept := cands[:1]
	for _, c := range cands[1:] {
		if j.bidder.ReadTrue(hand, vul, dealer, calls, c) {
			kept = append(kept, c)
		}
	}
	cands = kept
	if len(cands) < 2 {
		return res
	}
	res.Decision = true
	res.Candidates = cands
	// The budget runs from the call's start; a tenth of it is kept for a
	// solve or a rule call in flight at the deadline, and a sample is
	// started only when the mean time of those before fits in what is left.
	deadline := start.Add(j.opt.Budget * 9 / 10)
	if d, ok := ctx.Deadline(); ok && d.Before(deadline) {
		deadline = d
	}
	ctx, cancel := context.WithDeadline(ctx, deadline)
	defer cancel()
	solver, release, err := j.acquire(ctx)
	if err != nil {
		return res
	}
	defer release()
	loop := time.Now()

	r := card.NewRand(seed)
	sm := newSampler(j.bidder, hand, me, vul, dealer, calls)
	sum := make([]float64, len(cands))
	vsRule := make([]float64, len(cands))
	vsRule2 := make([]float64, len(cands))
	scores := make([]int, len(cands))
	for res.Samples < j.opt.MaxSamples && ctx.Err() == nil {
		if res.Samples > 0 && time.Until(deadline) < time.Since(loop)/time.Duration(res.Samples) {
			break
		}
		d, ok := sm.sample(ctx, r)
		if !ok {
			break
		}
		cache := map[[2]int]int{}
		good := true
		for i, c := range cands {
			s, err := j.score(ctx, solver, d, a, c, me, vul, cache)
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
			g := float64(bridge.IMPs(scores[i] - scores[0]))
			vsRule[i] += g
			vsRule2[i] += g * g
		}
	}
	if res.Samples == 0 {
		return res
	}
	n := float64(res.Samples)
	res.IMPs = make([]float64, len(cands))
	res.Gain = make([]float64, len(cands))
	res.SE = make([]float64, len(cands))
	best := 0
	for i := range cands {
		res.IMPs[i] = sum[i] / n
		res.Gain[i] = vsRule[i] / n
		if res.Samples > 1 {
			v := (vsRule2[i] - n*res.Gain[i]*res.Gain[i]) / (n - 1)
			res.SE[i] = math.Sqrt(max(v, 0) / n)
		}
		if res.Gain[i] > res.Gain[best] {
			best = i
		}
	}
	if res.Samples >= j.opt.MinSamples && res.Gain[best] > j.opt.Margin && res.Gain[best] > j.opt.Z*res.SE[best] {
		res.Call = cands[best]
	}
	return res
}

// score bids the deal out after c and returns the score for me's side.
func (j *Judge) score(ctx context.Context, solver *dd.Solver, d bridge.Deal, a bridge.Auction, c bridge.Call, me card.Seat, vul bridge.Vul, cache map[[2]int]int) (int, error) {
	if err := a.Add(c); err != nil {
		return 0, err
	}
	for n := 0; !a.Done() && n < 64; n++ {
		if err := ctx.Err(); err != nil {
			return 0, err
		}
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
		def, err := solver.TricksContext(ctx, dd.Position{Hands: d, Strain: ct.Strain, Leader: decl.Next()})
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
// call first; fewer than two means no decision point. Only competitive
// decisions are judged: both sides have bid and either the opponents made
// the last bid, at the two level or higher (compete or pass over it, double
// it for penalty, sacrifice), or they doubled or redoubled our last bid
// (pass or run). Slam decisions (the rule call or a candidate at the six
// level or higher) and the constructive auction are left to the rules.
func Candidates(a *bridge.Auction, me card.Seat, rule bridge.Call) []bridge.Call {
	out := []bridge.Call{rule}
	if rule.Kind == bridge.Bid && rule.Level >= 6 {
		return out
	}
	calls := a.Calls()
	weBid, theyBid := false, false
	ourStrains := []bridge.Strain{} // our side's bid strains, latest first
	for i := len(calls) - 1; i >= 0; i-- {
		c := calls[i]
		if c.Kind != bridge.Bid {
			continue
		}
		if a.SeatAt(i).Side() == me.Side() {
			weBid = true
			seen := false
			for _, s := range ourStrains {
				seen = seen || s == c.Strain
			}
			if !seen {
				ourStrains = append(ourStrains, c.Strain)
			}
		} else {
			theyBid = true
		}
	}
	last, by, ok := a.LastBid()
	if !weBid || !theyBid || !ok {
		return out
	}
	// The last call other than a pass: a double or redouble of theirs.
	theyDoubled := false
	for i := len(calls) - 1; i >= 0; i-- {
		if calls[i].Kind == bridge.Pass {
			continue
		}
		theyDoubled = calls[i].Kind != bridge.Bid && a.SeatAt(i).Side() != me.Side()
		break
	}
	add := func(c bridge.Call) {
		if len(out) >= 4 || a.Check(c) != nil || (c.Kind == bridge.Bid && c.Level >= 6) {
			return
		}
		for _, o := range out {
			if o == c {
				return
			}
		}
		out = append(out, c)
	}
	cheapest := func(st bridge.Strain) bridge.Call {
		for lv := 1; lv <= 7; lv++ {
			if b := bridge.NewBid(lv, st); a.Check(b) == nil {
				return b
			}
		}
		return bridge.PassCall
	}
	switch {
	case by.Side() != me.Side() && last.Level >= 2:
		add(bridge.PassCall)
		add(bridge.DoubleCall)
		if rule.Kind == bridge.Bid {
			add(bridge.NewBid(int(rule.Level)+1, rule.Strain))
		} else if b := cheapest(ourStrains[0]); b.Kind == bridge.Bid {
			add(b)
		}
	case by.Side() == me.Side() && theyDoubled:
		add(bridge.PassCall)
		for _, st := range ourStrains {
			if st != last.Strain {
				if b := cheapest(st); b.Kind == bridge.Bid {
					add(b)
					break
				}
			}
		}
	}
	return out
}
