// Command bidbattery bids random deals with four SAYC bots (package
// bot/bidding), checks every auction and measures the contracts reached
// against double dummy:
//
//	go run ./tools/bidbattery -n 2000 -seed 1
//
// Checks (each failure is counted and the first few are printed): every
// auction is legal and ends; no forcing bid of partner's is passed (the
// right-hand opponent passed too, and partner's bid was forcing, or below
// game in a game-forcing auction); every call has an explanation, both the
// bidder's own and the one the other players read from the auction.
//
// Measures: the double-dummy score of each final contract (bridge/dd
// tables, the contract played by its declarer and doubled as bid) against
// the deal's par, in IMPs per board (the mean of the absolute difference:
// par is where neither side can gain, so any difference is a mistake of one
// side); how often a side bids a game or slam that it can make double dummy
// when one is available to it, and how often it bids one that fails; the
// games a side with 25+ HCP together could make and stopped short of
// (-missed prints them); and the bids whose force the other players read
// (ExplainAll) differently from the rule that chose them.
//
// Slams: of the boards where a side holds 31+ HCP together and makes a
// slam double dummy, how many reach a slam (and make it); of all the slams
// bid, how many make double dummy (-slams N prints the slams missed and
// the slams bid that fail; with -rules each call of the auctions printed is
// followed by the rule that chose it). -compare FILE reads another bidder's -boards
// file on the same deals and prints the paired difference of IMPs from par
// with its 95% interval:
//
//	go run ./tools/bidbattery -n 2000 -seed 7 -tables T.json -boards before.txt   # bidder A
//	go run ./tools/bidbattery -n 2000 -seed 7 -tables T.json -compare before.txt  # bidder B, same deals
//
// IMPs from par measure how near both sides bid to the contract neither
// can improve on; a competitive judgement that punishes an opponent's
// overbid moves the result away from par. The judge (-judge) is measured
// in a team match against the rule bidder instead: the judge at N-S in
// one run, at E-W in another, the two runs' N-S scores compared board by
// board in IMPs:
//
//	go run ./tools/bidbattery -n 200 -seed 7 -tables T.json -judge -judgeside EW -scores ew.txt
//	go run ./tools/bidbattery -n 200 -seed 7 -tables T.json -judge -judgeside NS -team ew.txt
//
// The program uses only the bidder's public API that predates the
// partnership-knowledge change (New, Choose, ExplainAll), so the same file
// runs against an older commit to give a baseline.
package main

import (
	"context"
	"encoding/json"
	"flag"
	"fmt"
	"math"
	"os"
	"runtime"
	"slices"
	"sort"
	"strings"
	"time"

	"atout/bot/bidding"
	"atout/bot/bidding/judge"
	"atout/bridge"
	"atout/bridge/dd"
	"atout/card"
)

type summary struct {
	Deals          int     `json:"deals"`
	Seed           uint64  `json:"seed"`
	Calls          int     `json:"calls"`
	Illegal        int     `json:"illegal"`
	Unended        int     `json:"unended"`
	PassedForcing  int     `json:"passedForcing"`
	Unexplained    int     `json:"unexplained"`
	PassedOut      int     `json:"passedOut"`
	IMPsVsPar      float64 `json:"impsVsPar"`
	IMPsCI         float64 `json:"impsVsPar95"`
	AtPar          float64 `json:"atPar"`
	GamesAvailable int     `json:"gamesAvailable"`
	GamesBid       int     `json:"gamesBid"`
	GamesFailing   int     `json:"gamesBidFailing"`
	SlamsAvailable int     `json:"slamsAvailable"`
	SlamsBid       int     `json:"slamsBid"`
	SlamsFailing   int     `json:"slamsBidFailing"`
	MsPerCall      float64 `json:"msPerCall"`
	// MisreadForce counts calls whose force as the other players read it
	// (ExplainAll) differs from the force of the rule that chose it.
	MisreadForce int `json:"misreadForce"`
	// MissedGames counts boards where a side held 25+ HCP together, could
	// make a game double dummy and stopped below game.
	MissedGames int `json:"missedGames25"`
	// SlamDeals31 counts the boards and sides where the side held 31+ HCP
	// together and made a slam double dummy in some strain; SlamReached31
	// how many of them bid a slam, SlamMade31 a slam that makes.
	SlamDeals31   int `json:"slamDeals31"`
	SlamReached31 int `json:"slamReached31"`
	SlamMade31    int `json:"slamMade31"`
	// SlamsBidAll counts every slam bid (by either side, made or not),
	// SlamsBidMaking those that make double dummy.
	SlamsBidAll    int `json:"slamsBidAll"`
	SlamsBidMaking int `json:"slamsBidMaking"`
	// Paired is the comparison with another bidder's -boards file on the
	// same deals (-compare): the mean of this board's IMPs from par less
	// the other's (negative: closer to par), its 95% interval, and the
	// boards closer and further.
	Paired *paired `json:"paired,omitempty"`
	// Team is the team match with another run's -scores file (-team):
	// IMPs a board for this run's N-S pair and that run's E-W pair;
	// Closer counts the boards they won, Further those they lost.
	Team *paired `json:"team,omitempty"`
}

// result is how one deal was bid.
type result struct {
	contract bridge.Contract
	calls    []bridge.Call
	own      []bidding.Meaning
	declarer card.Seat
	dealer   card.Seat
	vul      bridge.Vul
}

// auction writes the calls, each followed by the bidder's rule in
// parentheses when rules is set (a pass by the default rule has none):
// "[1S(open.1major) P 2C(resp.2over1) ...]".
func (r result) auction(rules bool) string {
	if !rules {
		return fmt.Sprint(r.calls)
	}
	parts := make([]string, len(r.calls))
	for i, c := range r.calls {
		parts[i] = c.String()
		if c.Kind != bridge.Pass || !strings.HasPrefix(r.own[i].Rule, "default.pass") {
			parts[i] += "(" + r.own[i].Rule + ")"
		}
	}
	return "[" + strings.Join(parts, " ") + "]"
}

// board is one deal's distance from par.
type board struct {
	i, imps int
	par     dd.ParResult
	ns      int // the N-S score
}

type paired struct {
	Mean    float64 `json:"mean"`
	CI      float64 `json:"ci95"`
	Closer  int     `json:"closer"`
	Further int     `json:"further"`
}

func main() {
	n := flag.Int("n", 1000, "number of deals")
	seed := flag.Uint64("seed", 1, "random seed")
	threads := flag.Int("threads", runtime.NumCPU(), "solver threads")
	noDD := flag.Bool("nodd", false, "skip the double-dummy measures (checks only)")
	asJSON := flag.Bool("json", false, "print the summary as JSON")
	verbose := flag.Int("show", 5, "print up to this many failures of each check")
	worst := flag.Int("worst", 0, "print the auctions of this many boards furthest from par")
	boardsOut := flag.String("boards", "", "write each board's IMPs from par to this file, one number a line (to compare two bidders deal by deal)")
	missed := flag.Int("missed", 0, "print the auctions of this many boards where a side with 25+ HCP together stopped below a game it makes")
	slams := flag.Int("slams", 0, "print the auctions of this many boards where a side with 31+ HCP together makes a slam double dummy and does not bid one, and of this many slams bid that fail")
	compare := flag.String("compare", "", "a -boards file of another bidder on the same deals: print the paired difference of IMPs from par, deal by deal")
	cache := flag.String("tables", "", "read the deals' DD tables from this JSON file if it holds them, else write them there (to compare two bidders on the same deals without solving twice)")
	useJudge := flag.Bool("judge", false, "bid with judgement by simulation (package bot/bidding/judge) at all four seats")
	judgeBudget := flag.Duration("judgebudget", time.Second, "with -judge, the time budget of one decision")
	judgeSamples := flag.Int("judgesamples", 0, "with -judge, samples per decision (0: the judge's default)")
	judgeMargin := flag.Float64("judgemargin", 0, "with -judge, the mean IMPs over the rule call a departure needs (0: the judge's default)")
	judgeZ := flag.Float64("judgez", 0, "with -judge, the standard errors the gain must exceed (0: the judge's default)")
	scoresOut := flag.String("scores", "", "write each board's N-S score to this file, one number a line")
	team := flag.String("team", "", "a -scores file of another run on the same deals: print the team match of this run's N-S pair with that run's E-W pair against the other two (with -judgeside NS here and EW there, the judge against the rule bidder)")
	doubleSaves := flag.Bool("doublesaves", false, "score a save over the other side's game that goes down as doubled when it was not (opponents who double saves, as the judge assumes)")
	judgeSide := flag.String("judgeside", "", "with -judge, judge the calls of this side only (NS or EW), the rule bidder at the other: two runs, one a side, give a team match of the judge against the rule bidder (-scores and -team)")
	departOut := flag.String("departures", "", "with -judge, write one tab-separated line per departure from the rule call to this file: deal, seat, auction so far, rule call, call chosen, its mean gain over the rule call and standard error, samples")
	changed := flag.Int("changed", 0, "with -compare, print the auctions of this many boards whose IMPs from par differ from the other bidder's, the largest differences first")
	withRules := flag.Bool("rules", false, "in the auctions printed, write after each call the rule that chose it")
	detailOut := flag.String("detail", "", "write one tab-separated line per board to this file: deal, dealer, vul, N-S HCP, contract, declarer, tricks, N-S score, par score, IMPs from par, both sides bid (0/1), auction with rules")
	flag.Parse()

	b := bidding.New(bidding.Options{})
	var jd *judge.Judge
	var judgeTimes []time.Duration
	decisions, departures := 0, 0
	var departLog *os.File
	if *useJudge {
		jd = judge.New(b, judge.Options{Budget: *judgeBudget, MaxSamples: *judgeSamples, Margin: *judgeMargin, Z: *judgeZ})
		if *departOut != "" {
			f, err := os.Create(*departOut)
			if err != nil {
				fmt.Fprintln(os.Stderr, err)
				os.Exit(1)
			}
			defer f.Close()
			departLog = f
		}
	}
	r := card.NewRand(*seed)
	s := summary{Deals: *n, Seed: *seed}
	deals := make([]bridge.Deal, *n)
	res := make([]result, *n)
	shown := map[string]int{}
	report := func(kind string, i int, calls []bridge.Call, msg string) {
		if shown[kind] < *verbose {
			fmt.Fprintf(os.Stderr, "%s: deal %d %v: %v %s\n", kind, i, deals[i], calls, msg)
		}
		shown[kind]++
	}
	var bidTime time.Duration
	for i := range *n {
		deals[i] = bridge.RandomDeal(r)
		dealer := card.Seat(i % 4)
		vul := bridge.Vul((i / 4) % 4)
		a := bridge.NewAuction(dealer)
		var calls []bridge.Call
		var own []bidding.Meaning
		ok := true
		for !a.Done() {
			if len(calls) >= 80 {
				s.Unended++
				report("unended", i, calls, "")
				ok = false
				break
			}
			seat := a.ToAct()
			t0 := time.Now()
			call, m := b.Choose(deals[i][seat], vul, dealer, calls)
			if jd != nil && (*judgeSide == "" || strings.EqualFold(*judgeSide, seat.Side().String())) {
				jr := jd.Choose(context.Background(), *seed^uint64(i)<<8^uint64(len(calls)), deals[i][seat], vul, dealer, calls)
				judgeTimes = append(judgeTimes, time.Since(t0))
				if jr.Decision {
					decisions++
				}
				if jr.Call != call {
					departures++
					if departLog != nil {
						k := slices.Index(jr.Candidates, jr.Call)
						var gain, se float64
						if k >= 0 {
							gain, se = jr.Gain[k], jr.SE[k]
						}
						fmt.Fprintf(departLog, "%d\t%v\t%v\t%v\t%v\t%.2f\t%.2f\t%d\n", i, seat, calls, call, jr.Call, gain, se, jr.Samples)
					}
					call = jr.Call
					m = b.Explain(vul, dealer, append(append([]bridge.Call(nil), calls...), call), len(calls))
				}
			}
			bidTime += time.Since(t0)
			s.Calls++
			if m.Text == "" {
				s.Unexplained++
				report("unexplained", i, calls, call.String())
			}
			if err := a.Add(call); err != nil {
				s.Illegal++
				report("illegal", i, calls, call.String()+": "+err.Error())
				ok = false
				break
			}
			calls = append(calls, call)
			own = append(own, m)
		}
		if !ok {
			continue
		}
		ms := b.ExplainAll(vul, dealer, calls)
		for j, m := range ms {
			if m.Text == "" {
				s.Unexplained++
				report("unexplained", i, calls[:j+1], "(as read by the others)")
			}
			if m.Force != own[j].Force && calls[j].Kind == bridge.Bid {
				s.MisreadForce++
				report("misread force", i, calls[:j+1], fmt.Sprintf("%s (%v) read as %s (%v)", own[j].Rule, own[j].Force, m.Rule, m.Force))
			}
			if j >= 2 && calls[j].Kind == bridge.Pass && calls[j-1].Kind == bridge.Pass && mustBid(ms, calls, j) && !toPlay(ms, calls, j) && !captainStops(ms, calls, j) {
				s.PassedForcing++
				report("passed forcing", i, calls[:j+1], ms[j-2].Text)
			}
		}
		decl, _ := a.Declarer()
		res[i] = result{a.Contract(), calls, own, decl, dealer, vul}
		if a.PassedOut() {
			s.PassedOut++
		}
	}
	s.MsPerCall = float64(bidTime.Microseconds()) / 1000 / float64(max(1, s.Calls))
	if jd != nil && len(judgeTimes) > 0 {
		sort.Slice(judgeTimes, func(a, b int) bool { return judgeTimes[a] < judgeTimes[b] })
		var tot time.Duration
		for _, d := range judgeTimes {
			tot += d
		}
		fmt.Fprintf(os.Stderr, "judge: %d calls, %d decision points, %d departures from the rule call; time per call mean %v, p99 %v, max %v\n",
			len(judgeTimes), decisions, departures, tot/time.Duration(len(judgeTimes)), judgeTimes[len(judgeTimes)*99/100], judgeTimes[len(judgeTimes)-1])
	}

	if !*noDD {
		tables, err := loadTables(*cache, deals)
		if err != nil {
			tables, err = dd.CalcTables(deals, dd.BatchOptions{Threads: *threads})
			if err != nil {
				fmt.Fprintln(os.Stderr, err)
				os.Exit(1)
			}
			saveTables(*cache, deals, tables)
		}
		var sum, sum2 float64
		atPar := 0
		var boards []board
		var detail strings.Builder
		shownMissed, shownFailed := 0, 0
		for i, t := range tables {
			rs := res[i]
			par := dd.Par(&t, rs.dealer, rs.vul)
			ns, tricks := 0, 0
			if !rs.contract.IsPass() {
				tricks = t.Tricks(rs.declarer, rs.contract.Strain)
				ct := rs.contract
				if *doubleSaves && ct.Doubled == 0 && tricks < 6+int(ct.Level) {
					a, _ := bidding.LegalPrefix(rs.dealer, rs.calls)
					if isSave(&a, rs.declarer) {
						ct.Doubled = 1
					}
				}
				sc := bridge.Score(ct, tricks, rs.vul.Has(rs.declarer.Side()))
				if rs.declarer.Side() == card.NS {
					ns = sc
				} else {
					ns = -sc
				}
			}
			imps := math.Abs(float64(bridge.IMPs(ns - par.Score)))
			boards = append(boards, board{i, int(imps), par, ns})
			if *detailOut != "" {
				fmt.Fprintf(&detail, "%d\t%v\t%v\t%d\t%v\t%v\t%d\t%d\t%d\t%d\t%d\t%s\n", i, rs.dealer, rs.vul, sideHCP(deals[i], card.NS),
					rs.contract, rs.declarer, tricks, ns, par.Score, int(imps), b2i(bothSidesBid(rs.calls, rs.dealer)), rs.auction(true))
			}
			if imps == 0 {
				atPar++
			}
			sum += imps
			sum2 += imps * imps
			for _, side := range []card.Side{card.NS, card.EW} {
				best := bestMaking(&t, side)
				bidLv, made := 0, false
				if !rs.contract.IsPass() && rs.declarer.Side() == side {
					bidLv = level(bridge.Contract{Level: rs.contract.Level, Strain: rs.contract.Strain})
					made = t.Tricks(rs.declarer, rs.contract.Strain) >= 6+int(rs.contract.Level)
				}
				if best >= 1 && sideHCP(deals[i], side) >= 25 && bidLv == 0 && (rs.contract.IsPass() || rs.declarer.Side() == side || rs.contract.Doubled == 0) {
					if s.MissedGames < *missed {
						fmt.Printf("missed game: deal %d %v dealer %v vul %v: %v -> %v by %v\n", i, deals[i], rs.dealer, rs.vul, rs.auction(*withRules), rs.contract, rs.declarer)
					}
					s.MissedGames++
				}
				if best >= 1 {
					s.GamesAvailable++
					if bidLv >= 1 && made {
						s.GamesBid++
					}
				}
				if best >= 2 {
					s.SlamsAvailable++
					if bidLv >= 2 && made {
						s.SlamsBid++
					}
				}
				if bidLv >= 1 && !made {
					s.GamesFailing++
				}
				if bidLv >= 2 && !made {
					s.SlamsFailing++
				}
				if bidLv >= 2 {
					s.SlamsBidAll++
					if made {
						s.SlamsBidMaking++
					} else if shownFailed < *slams {
						shownFailed++
						fmt.Printf("failed slam: deal %d %v (HCP %d) dealer %v vul %v: %v -> %v by %v, %d tricks\n", i, deals[i], sideHCP(deals[i], side), rs.dealer, rs.vul, rs.auction(*withRules), rs.contract, rs.declarer, t.Tricks(rs.declarer, rs.contract.Strain))
					}
				}
				if best >= 2 && sideHCP(deals[i], side) >= 31 {
					s.SlamDeals31++
					if bidLv >= 2 {
						s.SlamReached31++
						if made {
							s.SlamMade31++
						}
					} else if shownMissed < *slams {
						shownMissed++
						fmt.Printf("missed slam: deal %d %v (HCP %d) dealer %v vul %v: %v -> %v by %v; makes %s\n", i, deals[i], sideHCP(deals[i], side), rs.dealer, rs.vul, rs.auction(*withRules), rs.contract, rs.declarer, slamsMaking(&t, side))
					}
				}
			}
		}
		if *detailOut != "" {
			if err := os.WriteFile(*detailOut, []byte(detail.String()), 0o644); err != nil {
				fmt.Fprintln(os.Stderr, err)
			}
		}
		writeColumn(*boardsOut, boards, func(bd board) int { return bd.imps })
		writeColumn(*scoresOut, boards, func(bd board) int { return bd.ns })
		if *team != "" {
			p, err := teamMatch(*team, boards)
			if err != nil {
				fmt.Fprintln(os.Stderr, err)
				os.Exit(1)
			}
			s.Team = p
		}
		if *compare != "" {
			p, others, err := pairedWith(*compare, boards)
			if err != nil {
				fmt.Fprintln(os.Stderr, err)
				os.Exit(1)
			}
			s.Paired = p
			var diff []board
			for i, bd := range boards {
				if bd.imps != others[i] {
					diff = append(diff, board{bd.i, bd.imps - others[i], bd.par, bd.ns})
				}
			}
			sort.SliceStable(diff, func(a, b int) bool { return abs(diff[a].imps) > abs(diff[b].imps) })
			for _, bd := range diff[:min(*changed, len(diff))] {
				rs := res[bd.i]
				fmt.Printf("changed %+d IMPs: deal %d %v dealer %v vul %v: %v -> %v by %v; par %v %v\n", bd.imps, bd.i, deals[bd.i], rs.dealer, rs.vul, rs.auction(*withRules), rs.contract, rs.declarer, bd.par.Score, bd.par.Strings())
			}
		}
		sort.SliceStable(boards, func(a, b int) bool { return boards[a].imps > boards[b].imps })
		for _, bd := range boards[:min(*worst, len(boards))] {
			rs := res[bd.i]
			fmt.Printf("%2d IMPs: deal %d %v (HCP NS %d, EW %d) dealer %v vul %v: %v -> %v by %v; par %v %v\n", bd.imps, bd.i, deals[bd.i], sideHCP(deals[bd.i], card.NS), sideHCP(deals[bd.i], card.EW), rs.dealer, rs.vul, rs.auction(*withRules), rs.contract, rs.declarer, bd.par.Score, bd.par.Strings())
		}
		m := float64(len(tables))
		s.IMPsVsPar = sum / m
		sd := math.Sqrt(max(0, sum2/m-s.IMPsVsPar*s.IMPsVsPar))
		s.IMPsCI = 1.96 * sd / math.Sqrt(m)
		s.AtPar = float64(atPar) / m
	}
	if *asJSON {
		out, _ := json.Marshal(s)
		fmt.Println(string(out))
		return
	}
	fmt.Printf("deals %d (seed %d), calls %d, %.3f ms per call\n", s.Deals, s.Seed, s.Calls, s.MsPerCall)
	fmt.Printf("checks: illegal %d, unended %d, forcing bids passed %d, unexplained calls %d; passed out %d\n",
		s.Illegal, s.Unended, s.PassedForcing, s.Unexplained, s.PassedOut)
	fmt.Printf("bids whose force the others read differently from the bidder: %d\n", s.MisreadForce)
	if !*noDD {
		fmt.Printf("IMPs vs par per board: %.2f (±%.2f), boards at par %.1f%%\n", s.IMPsVsPar, s.IMPsCI, 100*s.AtPar)
		fmt.Printf("games bid and made / available: %d/%d (%.1f%%); games or slams bid that fail: %d\n",
			s.GamesBid, s.GamesAvailable, pct(s.GamesBid, s.GamesAvailable), s.GamesFailing)
		fmt.Printf("games missed with 25+ HCP together: %d\n", s.MissedGames)
		fmt.Printf("slams bid and made / available: %d/%d (%.1f%%); slams bid that fail: %d\n",
			s.SlamsBid, s.SlamsAvailable, pct(s.SlamsBid, s.SlamsAvailable), s.SlamsFailing)
		fmt.Printf("sides with 31+ HCP that make a slam: %d; reach a slam %d (%.1f%%), bid and make one %d (%.1f%%)\n",
			s.SlamDeals31, s.SlamReached31, pct(s.SlamReached31, s.SlamDeals31), s.SlamMade31, pct(s.SlamMade31, s.SlamDeals31))
		fmt.Printf("slams bid: %d, making double dummy %d (%.1f%%)\n", s.SlamsBidAll, s.SlamsBidMaking, pct(s.SlamsBidMaking, s.SlamsBidAll))
		if p := s.Team; p != nil {
			fmt.Printf("team match, this run's N-S with the E-W of %s: %+.3f IMPs per board [%+.3f, %+.3f], %d boards won, %d lost\n",
				*team, p.Mean, p.Mean-p.CI, p.Mean+p.CI, p.Closer, p.Further)
		}
		if p := s.Paired; p != nil {
			fmt.Printf("paired with %s: %+.3f IMPs per board [%+.3f, %+.3f] (negative: closer to par), %d boards closer, %d further\n",
				*compare, p.Mean, p.Mean-p.CI, p.Mean+p.CI, p.Closer, p.Further)
		}
	}
}

func pct(a, b int) float64 {
	if b == 0 {
		return 0
	}
	return 100 * float64(a) / float64(b)
}

// bothSidesBid reports whether each side made a bid in the auction.
func bothSidesBid(calls []bridge.Call, dealer card.Seat) bool {
	var bid [2]bool
	for i, c := range calls {
		if c.Kind == bridge.Bid {
			bid[(int(dealer)+i)%2] = true
		}
	}
	return bid[0] && bid[1]
}

func b2i(b bool) int {
	if b {
		return 1
	}
	return 0
}

// sideHCP is the high-card points of side's two hands.
func sideHCP(d bridge.Deal, side card.Side) int {
	return bidding.Evaluate(d[card.Seat(side)]).HCP + bidding.Evaluate(d[card.Seat(side)+2]).HCP
}

// level is 0 for a part score, 1 for a game, 2 for a slam.
func level(c bridge.Contract) int {
	switch {
	case c.Level >= 6:
		return 2
	case c.Strain == bridge.NoTrump && c.Level >= 3,
		(c.Strain == bridge.StrainHearts || c.Strain == bridge.StrainSpades) && c.Level >= 4,
		c.Level >= 5:
		return 1
	}
	return 0
}

// bestMaking is the best level (0 part score, 1 game, 2 slam) that side
// makes double dummy in some strain.
func bestMaking(t *dd.Table, side card.Side) int {
	best := 0
	for _, seat := range []card.Seat{card.Seat(side), card.Seat(side) + 2} {
		for _, st := range bridge.Strains {
			tr := t.Tricks(seat, st)
			switch {
			case tr >= 12:
				best = 2
			case st == bridge.NoTrump && tr >= 9, (st == bridge.StrainHearts || st == bridge.StrainSpades) && tr >= 10, tr >= 11:
				best = max(best, 1)
			}
		}
	}
	return best
}

// mustBid reports whether the pass at j answered a forcing bid: partner's
// bid two calls before was forcing (or below game after a game-forcing call
// of the partnership) and the right-hand opponent passed.
func mustBid(ms []bidding.Meaning, calls []bridge.Call, j int) bool {
	p := calls[j-2]
	if p.Kind != bridge.Bid {
		return false
	}
	switch ms[j-2].Force {
	case bidding.Forcing:
		return true
	case bidding.GameForcing:
		return level(bridge.Contract{Level: p.Level, Strain: p.Strain}) == 0
	case bidding.SignOff:
		return false
	}
	if level(bridge.Contract{Level: p.Level, Strain: p.Strain}) >= 1 {
		return false
	}
	for i := j - 2; i >= 0; i -= 2 {
		if ms[i].Force == bidding.GameForcing && calls[i].Kind == bridge.Bid {
			return true
		}
	}
	return false
}

// slamsMaking lists the slams side makes double dummy: "6S 7NT".
func slamsMaking(t *dd.Table, side card.Side) string {
	var out []string
	for _, st := range bridge.Strains {
		tr := max(t.Tricks(card.Seat(side), st), t.Tricks(card.Seat(side)+2, st))
		if tr >= 12 {
			out = append(out, bridge.NewBid(tr-6, st).String())
		}
	}
	return strings.Join(out, " ")
}

// pairedWith compares boards, this run's IMPs from par in deal order, with
// another run's -boards file on the same deals.
func pairedWith(file string, boards []board) (*paired, []int, error) {
	others, err := readColumn(file, len(boards))
	if err != nil {
		return nil, nil, err
	}
	var p paired
	var sum, sum2 float64
	for i, bd := range boards {
		d := float64(bd.imps - others[i])
		sum += d
		sum2 += d * d
		switch {
		case d < 0:
			p.Closer++
		case d > 0:
			p.Further++
		}
	}
	p.Mean, p.CI = meanCI(sum, sum2, len(boards))
	return &p, others, nil
}

// isSave reports whether the contract of auction a, declared by decl, is a
// save: decl's opponents bid a game in it (four of a major, three
// notrump, five of a minor, or higher).
func isSave(a *bridge.Auction, decl card.Seat) bool {
	for i, c := range a.Calls() {
		if c.Kind == bridge.Bid && a.SeatAt(i).Side() != decl.Side() && level(bridge.Contract{Level: c.Level, Strain: c.Strain}) >= 1 {
			return true
		}
	}
	return false
}

// writeColumn writes one number a board to file (nothing when file is
// empty).
func writeColumn(file string, boards []board, f func(board) int) {
	if file == "" {
		return
	}
	var sb strings.Builder
	for _, bd := range boards {
		fmt.Fprintln(&sb, f(bd))
	}
	if err := os.WriteFile(file, []byte(sb.String()), 0o644); err != nil {
		fmt.Fprintln(os.Stderr, err)
	}
}

// readColumn reads a file of writeColumn's: n numbers, one a board.
func readColumn(file string, n int) ([]int, error) {
	b, err := os.ReadFile(file)
	if err != nil {
		return nil, err
	}
	f := strings.Fields(string(b))
	if len(f) != n {
		return nil, fmt.Errorf("%s: %d boards, this run %d", file, len(f), n)
	}
	out := make([]int, n)
	for i := range f {
		if _, err := fmt.Sscan(f[i], &out[i]); err != nil {
			return nil, fmt.Errorf("%s: line %d: %v", file, i+1, err)
		}
	}
	return out, nil
}

// meanCI returns the mean of n values of sum sum and sum of squares sum2,
// and the half width of its 95% interval.
func meanCI(sum, sum2 float64, n int) (mean, ci float64) {
	mean = sum / float64(n)
	return mean, 1.96 * math.Sqrt(max(0, sum2/float64(n)-mean*mean)/float64(n))
}

// teamMatch scores a team match: this run's N-S pair (scores in boards)
// and the E-W pair of the run whose N-S scores file holds, on the same
// deals, against the other two. A board's IMPs are those of the difference
// of the two N-S scores.
func teamMatch(file string, boards []board) (*paired, error) {
	others, err := readColumn(file, len(boards))
	if err != nil {
		return nil, err
	}
	var p paired
	var sum, sum2 float64
	for i, bd := range boards {
		d := float64(bridge.IMPs(bd.ns - others[i]))
		sum += d
		sum2 += d * d
		switch {
		case d > 0:
			p.Closer++
		case d < 0:
			p.Further++
		}
	}
	p.Mean, p.CI = meanCI(sum, sum2, len(boards))
	return &p, nil
}

type tableFile struct {
	Deals  []bridge.Deal `json:"deals"`
	Tables []dd.Table    `json:"tables"`
}

// loadTables reads the tables of deals from file, failing unless it holds
// exactly these deals.
func loadTables(file string, deals []bridge.Deal) ([]dd.Table, error) {
	if file == "" {
		return nil, os.ErrNotExist
	}
	b, err := os.ReadFile(file)
	if err != nil {
		return nil, err
	}
	var f tableFile
	if err := json.Unmarshal(b, &f); err != nil {
		return nil, err
	}
	if len(f.Deals) != len(deals) || len(f.Tables) != len(deals) {
		return nil, fmt.Errorf("%s: other deals", file)
	}
	for i := range deals {
		if f.Deals[i] != deals[i] {
			return nil, fmt.Errorf("%s: other deals", file)
		}
	}
	return f.Tables, nil
}

func saveTables(file string, deals []bridge.Deal, tables []dd.Table) {
	if file == "" {
		return
	}
	b, _ := json.Marshal(tableFile{deals, tables})
	if err := os.WriteFile(file, b, 0o644); err != nil {
		fmt.Fprintln(os.Stderr, err)
	}
}

// captainStops reports whether the pass at j is the asker's of an ace or
// king ask (Blackwood, Gerber) passing the answer: the asker places the
// contract, and an answer in the agreed suit is where he stops.
func captainStops(ms []bidding.Meaning, calls []bridge.Call, j int) bool {
	if j < 4 || calls[j-4].Kind != bridge.Bid {
		return false
	}
	switch ms[j-4].Rule {
	case "bw.ask", "bw.kings.ask", "gerber", "gerber.kings.ask":
		return true
	}
	return false
}

// toPlay reports whether the pass at j leaves partner's artificial bid to
// be played in its suit, showing length there (a one-suiter over 1NT whose
// suit is clubs): the book's way of passing a forcing bid on purpose.
func toPlay(ms []bidding.Meaning, calls []bridge.Call, j int) bool {
	s, ok := calls[j-2].Strain.Suit()
	return ok && ms[j-2].Artificial && ms[j].MinLen[s] >= 5
}

func abs(x int) int {
	if x < 0 {
		return -x
	}
	return x
}
