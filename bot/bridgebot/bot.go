package bridgebot

import (
	"context"
	"encoding/binary"
	"errors"
	"fmt"
	"hash/fnv"
	"runtime"
	"sort"
	"sync"
	"sync/atomic"
	"time"

	"atout/bot/bidding"
	"atout/bot/bidding/judge"
	"atout/bridge"
	"atout/bridge/dd"
	"atout/card"
	"atout/game"
)

// Level is the strength (and speed) of the bot.
type Level uint8

// The levels. Fast answers within 100 ms a card, Strong within 1 s (on
// two cores, with two workers), the opening lead excepted: it solves a
// fixed number of samples (32, 48), typically in 0.5-1.5 s.
const (
	Fast Level = iota
	Strong
)

// String returns "fast" or "strong".
func (l Level) String() string {
	switch l {
	case Fast:
		return "fast"
	case Strong:
		return "strong"
	}
	return fmt.Sprintf("Level(%d)", uint8(l))
}

// ParseLevel reads "fast" or "strong".
func ParseLevel(s string) (Level, error) {
	switch s {
	case "fast":
		return Fast, nil
	case "strong":
		return Strong, nil
	}
	return 0, fmt.Errorf("bridgebot: unknown level %q (want fast or strong)", s)
}

// levelSamples and levelBudget are each level's number of sampled deals per
// card and its time budget per card.
var (
	levelSamples = [...]int{12, 48}
	levelBudget  = [...]time.Duration{75 * time.Millisecond, 850 * time.Millisecond}
)

// levelLeadSamples and levelLeadBudget are each level's number of sampled
// deals at the opening lead and the time it may take at most. The opening
// lead is one decision a deal, the one made with the least information:
// it solves a fixed number of samples whatever the per-card budget, so
// that the lead does not depend on the machine's speed or load (a lead
// takes typically 0.5-1.5 s on two cores; the budget only bounds the rare
// slow deals, which then decide on the samples solved in time). The fast
// level solved 32 until issue 16's third pass: 48 gave up a trick on 2.5%
// fewer leads of 485 deals never used to tune (docs/bots.md).
var (
	levelLeadSamples = [...]int{48, 48}
	levelLeadBudget  = [...]time.Duration{6 * time.Second, 6 * time.Second}
)

// Scoring is the form of scoring the bot plays for.
type Scoring uint8

// The objectives: at IMPs (and rubber) the bot maximises its chance of
// making or defeating the contract, with tricks as a small tie-breaker; at
// matchpoints it maximises its expected tricks.
const (
	IMPs Scoring = iota
	Matchpoints
)

// String returns "imps" or "mp".
func (s Scoring) String() string {
	if s == Matchpoints {
		return "mp"
	}
	return "imps"
}

// ParseScoring reads "imps", "rubber" (played like IMPs) or "mp".
func ParseScoring(s string) (Scoring, error) {
	switch s {
	case "imps", "rubber":
		return IMPs, nil
	case "mp", "matchpoints":
		return Matchpoints, nil
	}
	return 0, fmt.Errorf("bridgebot: unknown scoring %q (want imps, rubber or mp)", s)
}

// trickWeight is the value of one trick at IMPs, relative to the whole
// swing of making (or defeating) the contract.
const trickWeight = 0.1

// Options configure a [Bot]. The zero value is a fast bot with seed 0 and
// two workers, playing for IMPs.
type Options struct {
	Level   Level
	Seed    uint64
	Scoring Scoring
	// Samples is the number of deals sampled per card (0: the level's).
	Samples int
	// LeadSamples is the number of deals sampled at the opening lead (0:
	// four times Samples when Samples is set, else the level's: 48).
	LeadSamples int
	// LeadBudget is the time allowed at the opening lead (0: Budget when
	// Budget is set, else the level's: 6 s; never less
	// than Budget); a context deadline shortens it.
	LeadBudget time.Duration
	// Budget is the time allowed per card (0: the level's: 75 ms fast,
	// 850 ms strong); a context deadline shortens it. When it runs out the
	// bot decides on the samples solved so far (then its choice may depend
	// on the machine's speed), or by simple rules if none was.
	Budget time.Duration
	// Workers is the number of goroutines solving samples (0: 2).
	Workers int
	// TableMB is the size of each worker's double-dummy table (0: 16).
	TableMB int
	// IgnoreAuction makes the bot ignore what the calls showed (for deals
	// whose auction was made up to reach a chosen contract).
	IgnoreAuction bool
	// RuleBids makes the Strong level bid by the rules alone. By default
	// it judges its competitive decisions by simulation (package
	// bot/bidding/judge: compete, double, sacrifice, pass a double or
	// run; at most 1 s a call, on a solver of the shared pool), which won
	// team matches against the rule bidder (docs/bots.md). The Fast level
	// never simulates its calls.
	RuleBids bool
}

// Bot is the sampling bridge bot. Its decisions depend only on its seed
// and on what the seat to act may see, so one Bot may play several seats.
// A Bot is safe for concurrent use. The double-dummy solvers come from a
// pool shared by all bots of the process (two per CPU): when they are all
// busy, a decision waits for one, within its time budget.
type Bot struct {
	opt     Options
	solvers chan *dd.Solver
	bidder  *bidding.Bot
}

var (
	bidderOnce sync.Once
	sayc       *bidding.Bot

	poolMu sync.Mutex
	pools  = map[int]chan *dd.Solver{}
)

// solverPool returns the process-wide pool of solvers with tables of
// tableMB: all bots share it, so that many bots (a server's tables) use a
// bounded amount of memory and CPU. It holds two solvers per CPU, made on
// first use.
func solverPool(tableMB int) chan *dd.Solver {
	poolMu.Lock()
	defer poolMu.Unlock()
	p, ok := pools[tableMB]
	if !ok {
		n := max(2, 2*runtime.NumCPU())
		p = make(chan *dd.Solver, n)
		for range n {
			p <- nil
		}
		pools[tableMB] = p
	}
	return p
}

func defaultBidder() *bidding.Bot {
	bidderOnce.Do(func() { sayc = bidding.New(bidding.Options{}) })
	return sayc
}

// New returns a bot.
func New(o Options) *Bot {
	lv := min(int(o.Level), len(levelSamples)-1)
	if o.LeadSamples <= 0 {
		if o.Samples > 0 {
			o.LeadSamples = o.Samples * leadSampleFactor
		} else {
			o.LeadSamples = levelLeadSamples[lv]
		}
	}
	if o.LeadBudget <= 0 {
		if o.Budget > 0 {
			o.LeadBudget = o.Budget
		} else {
			o.LeadBudget = levelLeadBudget[lv]
		}
	}
	if o.Samples <= 0 {
		o.Samples = levelSamples[min(int(o.Level), len(levelSamples)-1)]
	}
	if o.Budget <= 0 {
		o.Budget = levelBudget[min(int(o.Level), len(levelBudget)-1)]
	}
	if o.Workers <= 0 {
		o.Workers = 2
	}
	if o.TableMB <= 0 {
		o.TableMB = 16
	}
	return &Bot{opt: o, solvers: solverPool(o.TableMB), bidder: defaultBidder()}
}

// WithSeed returns a bot like b with another seed: cheap enough to make one
// per deal.
func (b *Bot) WithSeed(seed uint64) *Bot {
	c := *b
	c.opt.Seed = seed
	return &c
}

// NewLevel returns a bot of the level with the seed and default options.
func NewLevel(l Level, seed uint64) *Bot { return New(Options{Level: l, Seed: seed}) }

// Options returns the bot's options with the defaults filled in.
func (b *Bot) Options() Options { return b.opt }

// Name describes the bot.
func (b *Bot) Name() string { return "bridgebot " + b.opt.Level.String() }

// Act returns the move of seat in g, which must be a *bridge.Game: a call
// during the auction, a card during the play (dummy's card for dummy's
// seat, chosen as declarer). It implements atout/bot's Bot interface.
func (b *Bot) Act(ctx context.Context, gm game.Game, seat card.Seat) (game.Move, error) {
	g, ok := gm.(*bridge.Game)
	if !ok {
		return game.Move{}, fmt.Errorf("%w (%s)", ErrNotBridge, gm.Kind())
	}
	if err := ctx.Err(); err != nil {
		return game.Move{}, err
	}
	turn, ok := g.Turn()
	if !ok || turn != seat {
		return game.Move{}, fmt.Errorf("bridgebot: %s has nothing to do now", seat)
	}
	switch g.Phase() {
	case bridge.PhaseAuction:
		return game.Move{Seat: seat, Action: b.BidContext(ctx, g, seat).String()}, nil
	case bridge.PhasePlay:
		a, err := b.Analyse(ctx, g, seat)
		if err != nil {
			return game.Move{}, err
		}
		return game.Move{Seat: seat, Action: a.Best.String()}, nil
	}
	return game.Move{}, fmt.Errorf("bridgebot: the deal is over")
}

// Bid returns seat's call in g's auction (BidContext without a deadline).
func (b *Bot) Bid(g *bridge.Game, seat card.Seat) bridge.Call {
	return b.BidContext(context.Background(), g, seat)
}

// BidContext returns seat's call in g's auction: the SAYC bidder's choice
// from seat's own hand and the calls so far, judged by simulation at the
// Strong level (unless RuleBids) within 1 s or ctx's deadline; a pass if
// that call were illegal.
func (b *Bot) BidContext(ctx context.Context, g *bridge.Game, seat card.Seat) bridge.Call {
	a := g.Auction()
	hand := g.SeatView(seat).Hands[seat]
	var call bridge.Call
	if b.opt.Level == Strong && !b.opt.RuleBids {
		j := judge.New(b.bidder, judge.Options{Acquire: b.lendSolver})
		call = j.Choose(ctx, decisionSeed(b.opt.Seed, g, seat), hand, g.Vul(), g.Dealer(), a.Calls()).Call
	} else {
		call, _ = b.bidder.Choose(hand, g.Vul(), g.Dealer(), a.Calls())
	}
	if a.Check(call) != nil {
		return bridge.PassCall
	}
	return call
}

// lendSolver takes a solver of the shared pool for one judged call, waiting
// for one within ctx.
func (b *Bot) lendSolver(ctx context.Context) (*dd.Solver, func(), error) {
	select {
	case <-ctx.Done():
		return nil, nil, ctx.Err()
	case sv := <-b.solvers:
		if sv == nil {
			sv = dd.NewSolver(b.opt.TableMB)
		}
		return sv, func() { b.solvers <- sv }, nil
	}
}

// Shown returns what the auction of g showed about each seat's hand, as the
// bidding system explains every call (the meanings of each seat's calls
// intersected), with the suits each seat bid naturally.
func (b *Bot) Shown(g *bridge.Game) [4]Constraint {
	var out [4]Constraint
	for i := range out {
		out[i] = AnyHand()
	}
	a := g.Auction()
	calls := a.Calls()
	for i, m := range b.bidder.ExplainAll(g.Vul(), g.Dealer(), calls) {
		if i >= len(calls) {
			break
		}
		s := a.SeatAt(i)
		c := Constraint{MinHCP: m.LeastHCP(), MaxHCP: m.MaxHCP, MinLen: m.MinLen, MaxLen: m.MaxLen, Balanced: m.Balanced}
		if call := calls[i]; call.Kind == bridge.Bid && !m.Artificial {
			if su, ok := call.Strain.Suit(); ok {
				c.Named = 1 << su
			}
		}
		out[s] = out[s].Intersect(c)
	}
	return out
}

// CardScore is the bot's estimate for one legal card.
type CardScore struct {
	Card card.Card
	// Tricks is the mean number of tricks the deciding side takes in the
	// whole deal (those already won included) over the samples.
	Tricks float64
	// Success is the share of samples in which the deciding side reaches
	// its goal: the contract made for declarer, defeated for the defenders.
	Success float64
	// Top is the share of samples in which no other legal card takes more
	// tricks for the deciding side.
	Top float64
	// Score is what the bot maximises for the scoring in force.
	Score float64
}

// Analysis is the bot's view of a decision: every legal card with its
// estimate, best first.
type Analysis struct {
	Best    card.Card
	Cards   []CardScore
	Samples int // deals solved (0 when the choice was forced or by rule)
	// Relaxation is how far the auction's constraints had to be relaxed to
	// find deals (0: not at all; 3: dropped).
	Relaxation int
	// Forced is set when the choice needed no search (one legal card, or
	// equivalent ones); Fallback when no sample could be solved in time and
	// the card was chosen by simple rules.
	Forced, Fallback bool
}

// Analyse evaluates the legal cards of seat (whose card must be due; dummy's
// seat for dummy's cards) from what seat's controller knows, and returns
// them best first. It is [Bot.Act]'s work, usable as a hint.
func (b *Bot) Analyse(ctx context.Context, g *bridge.Game, seat card.Seat) (Analysis, error) {
	var shown *[4]Constraint
	if !b.opt.IgnoreAuction {
		s := b.Shown(g)
		shown = &s
	}
	k, err := Observe(g, seat, shown)
	if err != nil {
		return Analysis{}, err
	}
	return b.AnalyseKnowledge(ctx, k, decisionSeed(b.opt.Seed, g, seat))
}

// decisionSeed mixes the bot's seed with the public state of the deal, so
// that a decision does not depend on the bot's earlier ones.
func decisionSeed(seed uint64, g *bridge.Game, seat card.Seat) uint64 {
	h := fnv.New64a()
	var buf [8]byte
	binary.LittleEndian.PutUint64(buf[:], seed)
	h.Write(buf[:])
	h.Write([]byte{byte(seat), byte(g.Dealer()), byte(g.Vul()), byte(g.Board())})
	for _, m := range g.Moves() {
		h.Write([]byte(m.Action))
		h.Write([]byte{byte(m.Seat)})
	}
	return h.Sum64()
}

// AnalyseKnowledge is [Bot.Analyse] from a given state of knowledge, with
// the seed of the sampling.
func (b *Bot) AnalyseKnowledge(ctx context.Context, k *Knowledge, seed uint64) (Analysis, error) {
	legal := k.Legal()
	if legal == 0 {
		return Analysis{}, fmt.Errorf("bridgebot: %s has no card to play", k.ToMove)
	}
	if c, ok := forced(k, legal); ok {
		return Analysis{Best: c, Cards: []CardScore{{Card: c}}, Forced: true}, nil
	}
	var prior map[card.Card]float64
	n := b.opt.Samples
	budget := b.opt.Budget
	if k.OpeningLead() {
		prior = leadPriors(k, leadWeightsFor(k))
		n = b.opt.LeadSamples
		budget = max(budget, b.opt.LeadBudget)
	}
	start := time.Now()
	if dl, ok := ctx.Deadline(); ok {
		budget = min(budget, time.Until(dl)-3*time.Millisecond)
	}
	if budget <= 0 {
		return b.fallback(k, legal, prior, 0), nil
	}
	// the solving stops a little before the budget: the deadline's timer
	// and the decision need a moment when the solvers keep every core
	// busy, more at the opening lead, where drawing the samples (replaying
	// the auction) competes with them for the cores
	if prior != nil {
		budget -= min(budget/5, 20*time.Millisecond)
	} else {
		budget -= min(budget/10, 10*time.Millisecond)
	}
	dctx, cancel := context.WithDeadline(ctx, start.Add(budget))
	defer cancel()

	s, err := NewSampler(k)
	if err != nil {
		return Analysis{}, err
	}
	s.stop = dctx.Done()
	if prior != nil {
		s.check = b.auctionCheck(k)
	}
	r := card.NewRand(seed)
	mk := func(d bridge.Deal) dd.Position {
		return dd.Position{Hands: d, Strain: k.Strain, Leader: k.Leader, Trick: k.Trick}
	}
	first, err := s.Sample(r)
	if errors.Is(err, errStopped) {
		return b.fallback(k, legal, prior, s.Relaxation()), nil
	}
	if err != nil {
		return Analysis{}, err
	}
	// the samples are drawn while the first ones are being solved, a few
	// ahead of the workers (not more: drawing takes CPU from solving)
	feed := make(chan sampleJob, b.opt.Workers)
	feed <- sampleJob{0, mk(first)}
	var relax atomic.Int32 // the sampler's relaxation, read without waiting for it
	relax.Store(int32(s.Relaxation()))
	go func() {
		defer close(feed)
		for i := 1; i < n && dctx.Err() == nil; i++ {
			d, err := s.Sample(r)
			if err != nil {
				break
			}
			relax.Store(int32(s.Relaxation()))
			select {
			case feed <- sampleJob{i, mk(d)}:
			case <-dctx.Done():
			}
		}
	}()
	res := b.solveAll(dctx, feed, n)
	cancel() // stops the sampler if it is still drawing
	a := aggregate(k, legal, res, b.opt.Scoring)
	a.Relaxation = int(relax.Load())
	if a.Samples == 0 || prior != nil && a.Samples < leadMinSamples {
		return b.fallback(k, legal, prior, a.Relaxation), nil
	}
	if prior != nil {
		leadScore(&a, prior, theLeadMix)
	}
	return a, nil
}

// auctionCheck returns a check of how far a sampled deal (original hands)
// would have been bid as it was: the number of calls of the seats whose
// hands k does not see that the bidding system makes otherwise with the
// sampled hands, counted until it passes limit. nil when k has no auction.
func (b *Bot) auctionCheck(k *Knowledge) func(d *bridge.Deal, limit int) int {
	calls := k.Auction
	if len(calls) == 0 {
		return nil
	}
	return func(d *bridge.Deal, limit int) int {
		miss := 0
		for i, c := range calls {
			seat := card.Seat((int(k.Dealer) + i) & 3)
			if k.Known[seat] {
				continue
			}
			if got, _ := b.bidder.Choose(d[seat], k.Vul, k.Dealer, calls[:i]); got != c {
				if miss++; miss > limit {
					break
				}
			}
		}
		return miss
	}
}

// sampleJob is a sampled deal to solve: its index among the samples and
// its position.
type sampleJob struct {
	i   int
	pos dd.Position
}

// solveAll solves the n positions fed on the bot's workers until done or
// until ctx ends; it returns the card values of each position by index, nil
// for those not solved in time. Solves still running at the deadline give
// up at once (CardValuesContext) and give their solver back to the pool.
func (b *Bot) solveAll(ctx context.Context, feed <-chan sampleJob, n int) [][]dd.CardValue {
	res := make([][]dd.CardValue, n)
	var (
		mu     sync.Mutex
		closed bool
		wg     sync.WaitGroup
	)
	for range b.opt.Workers {
		wg.Add(1)
		go func() {
			defer wg.Done()
			for {
				var j sampleJob
				select {
				case <-ctx.Done():
					return
				case jj, ok := <-feed:
					if !ok {
						return
					}
					j = jj
				}
				var sv *dd.Solver
				select {
				case <-ctx.Done():
					return
				case sv = <-b.solvers:
				}
				if sv == nil {
					sv = dd.NewSolver(b.opt.TableMB)
				}
				v, err := sv.CardValuesContext(ctx, j.pos)
				b.solvers <- sv
				mu.Lock()
				if err == nil && !closed {
					res[j.i] = v
				}
				mu.Unlock()
			}
		}()
	}
	done := make(chan struct{})
	go func() { wg.Wait(); close(done) }()
	select {
	case <-done:
	case <-ctx.Done():
	}
	mu.Lock()
	closed = true
	out := append([][]dd.CardValue(nil), res...)
	mu.Unlock()
	return out
}

// aggregate scores the legal cards over the solved samples.
func aggregate(k *Knowledge, legal card.Hand, res [][]dd.CardValue, sc Scoring) Analysis {
	cards := legal.Cards()
	idx := map[card.Card]int{}
	for i, c := range cards {
		idx[c] = i
	}
	tricks := make([]float64, len(cards))
	wins := make([]float64, len(cards))
	tops := make([]float64, len(cards))
	mySide := k.Me.Side()
	target := int(k.Contract.Level) + 6
	goal := target
	if mySide != k.Declarer.Side() {
		goal = 14 - target
	}
	base := k.Won[mySide]
	n := 0
	for _, vals := range res {
		if vals == nil {
			continue
		}
		n++
		most := 0
		for _, v := range vals {
			most = max(most, v.Tricks)
		}
		for _, v := range vals {
			i, ok := idx[v.Card]
			if !ok {
				continue
			}
			t := base + v.Tricks
			tricks[i] += float64(t)
			if t >= goal {
				wins[i]++
			}
			if v.Tricks == most {
				tops[i]++
			}
		}
	}
	a := Analysis{Samples: n}
	if n == 0 {
		return a
	}
	for i, c := range cards {
		cs := CardScore{Card: c, Tricks: tricks[i] / float64(n), Success: wins[i] / float64(n), Top: tops[i] / float64(n)}
		if sc == Matchpoints {
			cs.Score = cs.Tricks + 0.001*cs.Success
		} else {
			cs.Score = cs.Success + trickWeight*cs.Tricks
		}
		a.Cards = append(a.Cards, cs)
	}
	sortScores(a.Cards)
	a.Best = a.Cards[0].Card
	return a
}

// sortScores orders best first; among equal scores the lowest card first
// (then clubs before diamonds before hearts before spades).
func sortScores(cs []CardScore) {
	sort.SliceStable(cs, func(i, j int) bool {
		if d := cs[i].Score - cs[j].Score; d > 1e-9 || d < -1e-9 {
			return d > 0
		}
		a, b := cs[i].Card, cs[j].Card
		if a.Rank() != b.Rank() {
			return a.Rank() < b.Rank()
		}
		return a.Suit() < b.Suit()
	})
}

// forced returns the card to play when there is no real choice: a single
// legal card, or legal cards all of one suit with no card still in play
// between them (the lowest is played).
func forced(k *Knowledge, legal card.Hand) (card.Card, bool) {
	if legal.Len() == 1 {
		return legal.Lowest(), true
	}
	var suits int
	var su card.Suit
	for s := range card.Suit(4) {
		if legal.Suit(s) != 0 {
			suits++
			su = s
		}
	}
	if suits != 1 {
		return 0, false
	}
	// cards gone for good: those of completed tricks
	var gone card.Hand
	for s := range 4 {
		gone |= k.Played[s]
	}
	for _, c := range k.Trick {
		gone = gone.Remove(c)
	}
	m := legal.SuitMask(su)
	lo, hi := lowBit(m), highBit(m)
	for r := lo + 1; r < hi; r++ {
		c := card.New(su, card.Rank(r))
		if !legal.Has(c) && !gone.Has(c) {
			return 0, false
		}
	}
	return card.New(su, card.Rank(lo)), true
}

func lowBit(m uint16) int {
	for r := 0; r < 16; r++ {
		if m>>r&1 != 0 {
			return r
		}
	}
	return -1
}

func highBit(m uint16) int {
	for r := 15; r >= 0; r-- {
		if m>>r&1 != 0 {
			return r
		}
	}
	return -1
}

// ErrNotBridge is returned for a game that is not bridge.
var ErrNotBridge = errors.New("bridgebot: not a bridge game")
