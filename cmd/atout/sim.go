package main

import (
	"context"
	"encoding/json"
	"fmt"
	"image"
	"image/color"
	"image/draw"
	"image/png"
	"io"
	"math"
	"os"
	"runtime"
	"slices"
	"strings"
	"sync"
	"time"

	"atout/bot/bridgebot"
	"atout/bridge"
	"atout/bridge/dd"
	"atout/card"
)

func init() {
	register(&command{name: "sim", summary: "self-play between bots with a JSON summary: atout sim --game bridge|belote -n N", stream: true, run: runSim})
}

// runSim picks the game from --game (default bridge) and hands the other
// arguments to that game's simulation.
func runSim(args []string, _ io.Reader, stdout, stderr io.Writer) error {
	gameName := "bridge"
	rest := make([]string, 0, len(args))
	for i := 0; i < len(args); i++ {
		a := args[i]
		switch {
		case a == "--game" || a == "-game":
			if i+1 >= len(args) {
				return badInput("flag needs an argument: --game")
			}
			gameName = args[i+1]
			i++
		case strings.HasPrefix(a, "--game=") || strings.HasPrefix(a, "-game="):
			gameName = a[strings.IndexByte(a, '=')+1:]
		default:
			rest = append(rest, a)
		}
	}
	switch gameName {
	case "bridge":
		return simBridge(rest, stdout, stderr)
	case "belote":
		return simBelote(rest, stdout, stderr)
	}
	return badInput("--game %q: want bridge or belote", gameName)
}

// bridgeSimSummary is the JSON summary of `atout sim --game bridge`.
type bridgeSimSummary struct {
	Game       string             `json:"game"`
	Deals      int                `json:"deals"`
	Played     int                `json:"played"`
	PassedOut  int                `json:"passedOut"`
	Seed       string             `json:"seed"`
	Level      string             `json:"level"`
	Samples    int                `json:"samples"`
	BudgetMs   float64            `json:"budgetMs"`
	Scoring    string             `json:"scoring"`
	Auction    string             `json:"auction"`
	Threads    int                `json:"threads"`
	Measures   []string           `json:"measures"`
	DDTricks   bridgeSimMean      `json:"ddTricks"`
	Leads      *bridgeSimLeads    `json:"leads,omitempty"`
	Declarer   *bridgeSimPlay     `json:"declarer,omitempty"`
	Defence    *bridgeSimPlay     `json:"defence,omitempty"`
	Decisions  bridgeSimDecisions `json:"decisions"`
	TimePerMov bridgeSimTimes     `json:"timePerMove"`
	Elapsed    float64            `json:"elapsedSec"`
	Contracts  map[string]int     `json:"contracts"`
}

// bridgeSimRate is a count out of n with its rate and 95% Wilson interval.
type bridgeSimRate struct {
	K    int        `json:"k"`
	N    int        `json:"n"`
	Rate float64    `json:"rate"`
	CI95 [2]float64 `json:"ci95"`
}

// bridgeSimMean is a mean with its 95% normal interval.
type bridgeSimMean struct {
	N    int        `json:"n"`
	Mean float64    `json:"mean"`
	CI95 [2]float64 `json:"ci95"`
}

type bridgeSimLeads struct {
	N          int           `json:"n"`
	Bot        bridgeSimRate `json:"bot"`     // leads that give up no trick double dummy
	Random     bridgeSimRate `json:"random"`  // the same for a random card of the leader's hand
	BotNT      bridgeSimRate `json:"botNT"`   // the same against notrump contracts
	BotSuit    bridgeSimRate `json:"botSuit"` // and against suit contracts
	BotLost    bridgeSimMean `json:"botTricksLost"`
	RandomLost bridgeSimMean `json:"randomTricksLost"`
}

type bridgeSimPlay struct {
	N         int               `json:"n"`
	Lost      bridgeSimMean     `json:"tricksLost"` // tricks below (declarer) or given above (defence) the DD result
	Exact     bridgeSimRate     `json:"exact"`      // deals with no trick lost
	Made      bridgeSimRate     `json:"made"`       // contracts made in the play
	DDMade    bridgeSimRate     `json:"ddMade"`     // contracts that make double dummy
	Histogram []bridgeSimBucket `json:"histogram"`
	byLost    map[int]int
}

type bridgeSimBucket struct {
	Lost  int `json:"lost"`
	Deals int `json:"deals"`
}

type bridgeSimDecisions struct {
	N           int     `json:"n"`
	Forced      int     `json:"forced"`   // one legal card, or equivalent ones
	Fallback    int     `json:"fallback"` // no sample solved in time: simple rules
	MeanSamples float64 `json:"meanSamples"`
}

type bridgeSimTimes struct {
	N      int     `json:"n"`
	MeanMs float64 `json:"meanMs"`
	P50Ms  float64 `json:"p50Ms"`
	P99Ms  float64 `json:"p99Ms"`
	MaxMs  float64 `json:"maxMs"`
}

// simBridge runs `atout sim --game bridge`.
func simBridge(args []string, stdout, stderr io.Writer) error {
	fs := newFlags("sim")
	n := fs.Int("n", 100, "number of deals")
	seed := fs.String("seed", "1", "seed: same seed, same deals")
	threads := fs.Int("threads", runtime.NumCPU(), "deals played at the same time")
	levelName := fs.String("level", "fast", "bot level: fast or strong")
	measure := fs.String("measure", "all", "leads, declarer, defence or all (or a comma-separated list)")
	scoringName := fs.String("scoring", "mp", "the bot's objective: mp (tricks) or imps (make or defeat the contract)")
	auction := fs.String("auction", "bot", "bot: the SAYC bidding bot bids each deal; dd: a contract chosen from the double-dummy table")
	samples := fs.Int("samples", 0, "deals sampled per card (0: the level's)")
	budget := fs.Duration("budget", 0, "time per card (0: the level's)")
	plot := fs.String("plot", "", "write a PNG chart of the results to FILE")
	quiet := fs.Bool("quiet", false, "no progress bar")
	pos, err := parseFlags(fs, args)
	if err != nil {
		return err
	}
	if len(pos) > 0 {
		return badInput("unexpected argument %q", pos[0])
	}
	if *n < 1 || *n > 1_000_000 {
		return badInput("-n %d: want a number of deals from 1 to 1000000", *n)
	}
	if *threads < 1 || *threads > 1024 {
		return badInput("--threads %d: want 1 to 1024", *threads)
	}
	level, err := bridgebot.ParseLevel(*levelName)
	if err != nil {
		return badInput("--level %q: want fast or strong", *levelName)
	}
	scoring, err := bridgebot.ParseScoring(*scoringName)
	if err != nil {
		return badInput("--scoring %q: want mp or imps", *scoringName)
	}
	if *auction != "bot" && *auction != "dd" {
		return badInput("--auction %q: want bot or dd", *auction)
	}
	if *samples < 0 || *samples > 10000 {
		return badInput("--samples %d: want 0 to 10000", *samples)
	}
	if *budget < 0 {
		return badInput("--budget %v: want a positive duration", *budget)
	}
	var m bridgebot.Measure
	var measures []string
	for _, w := range strings.Split(*measure, ",") {
		switch strings.TrimSpace(w) {
		case "leads":
			m.Leads = true
		case "declarer":
			m.Declarer = true
		case "defence", "defense":
			m.Defence = true
		case "all":
			m = bridgebot.Measure{Leads: true, Declarer: true, Defence: true}
		default:
			return badInput("--measure %q: want leads, declarer, defence or all", w)
		}
	}
	for _, x := range []struct {
		on   bool
		name string
	}{{m.Leads, "leads"}, {m.Declarer, "declarer"}, {m.Defence, "defence"}} {
		if x.on {
			measures = append(measures, x.name)
		}
	}
	if *plot != "" && !strings.HasSuffix(strings.ToLower(*plot), ".png") {
		return badInput("--plot %q: want a .png file name", *plot)
	}

	base := card.SeedFromString(*seed)
	r := card.NewRand(base)
	deals := make([]bridge.Deal, *n)
	for i := range deals {
		deals[i] = bridge.RandomDeal(r)
	}
	k := min(*threads, *n)
	workers := max(1, runtime.NumCPU()/k)
	opt := bridgebot.Options{Level: level, Scoring: scoring, Samples: *samples, Budget: *budget, Workers: workers, IgnoreAuction: *auction == "dd"}

	type outcome struct {
		res    bridgebot.DealResult
		played bool
		err    error
	}
	results := make([]outcome, *n)
	jobs := make(chan int)
	var done sync.WaitGroup
	var mu sync.Mutex
	finished := 0
	bar := newBar(stderr, "sim bridge", "deals", *n, *quiet)
	start := time.Now()
	ctx := context.Background()
	for range k {
		done.Add(1)
		go func() {
			defer done.Done()
			sv := dd.NewSolver(32)
			wb := bridgebot.New(opt)
			for i := range jobs {
				o := opt
				o.Seed = base ^ uint64(i+1)*0x9E3779B97F4A7C15
				b := wb.WithSeed(o.Seed)
				board := i + 1
				var s bridgebot.Setup
				var out outcome
				var ok bool
				if *auction == "bot" {
					s, ok = bridgebot.BidSetup(board, deals[i])
				} else {
					s, out.err = bridgebot.TableSetup(board, deals[i], sv)
					ok = out.err == nil
				}
				if ok {
					out.played = true
					rr := card.NewRand(o.Seed ^ 0x5bd1e995)
					out.res, out.err = bridgebot.PlayDeal(ctx, b, sv, s, m, rr)
				}
				mu.Lock()
				results[i] = out
				finished++
				bar.update(finished)
				mu.Unlock()
			}
		}()
	}
	for i := range deals {
		jobs <- i
	}
	close(jobs)
	done.Wait()
	bar.finish()
	for i, o := range results {
		if o.err != nil {
			return fmt.Errorf("deal %d (%s): %w", i+1, deals[i], o.err)
		}
	}

	sum := bridgeSimSummary{Game: "bridge", Deals: *n, Seed: *seed, Level: level.String(), Scoring: scoring.String(),
		Auction: *auction, Threads: k, Measures: measures, Contracts: map[string]int{}}
	bo := bridgebot.New(opt).Options()
	sum.Samples, sum.BudgetMs = bo.Samples, float64(bo.Budget)/float64(time.Millisecond)
	var ddTricks, botLost, rndLost []float64
	var leadOK, rndOK int
	var ntOK, ntN, suitOK, suitN int
	decl := &bridgeSimPlay{byLost: map[int]int{}}
	def := &bridgeSimPlay{byLost: map[int]int{}}
	var times []time.Duration
	samplesTotal := 0
	for _, o := range results {
		if !o.played {
			sum.PassedOut++
			continue
		}
		sum.Played++
		res := o.res
		ddTricks = append(ddTricks, float64(res.DDTricks))
		c := res.Setup.Contract
		sum.Contracts[fmt.Sprintf("%d%s", c.Level, c.Strain)]++
		if l := res.Lead; l != nil {
			botLost = append(botLost, float64(l.Lost))
			rndLost = append(rndLost, float64(l.RandomLost))
			if l.Lost == 0 {
				leadOK++
			}
			if c.Strain == bridge.NoTrump {
				ntN++
				if l.Lost == 0 {
					ntOK++
				}
			} else {
				suitN++
				if l.Lost == 0 {
					suitOK++
				}
			}
			if l.RandomLost == 0 {
				rndOK++
			}
		}
		need := int(c.Level) + 6
		if p := res.Declarer; p != nil {
			decl.add(p, res.DDTricks, need)
		}
		if p := res.Defence; p != nil {
			def.add(p, res.DDTricks, need)
		}
		for _, d := range res.Decisions {
			sum.Decisions.N++
			if d.Forced {
				sum.Decisions.Forced++
				continue
			}
			if d.Fallback {
				sum.Decisions.Fallback++
			}
			samplesTotal += d.Samples
			times = append(times, d.Time)
		}
	}
	if searched := sum.Decisions.N - sum.Decisions.Forced; searched > 0 {
		sum.Decisions.MeanSamples = float64(samplesTotal) / float64(searched)
	}
	sum.DDTricks = bridgeSimMeanOf(ddTricks)
	if m.Leads {
		sum.Leads = &bridgeSimLeads{N: len(botLost), Bot: bridgeSimRateOf(leadOK, len(botLost)), Random: bridgeSimRateOf(rndOK, len(rndLost)),
			BotNT: bridgeSimRateOf(ntOK, ntN), BotSuit: bridgeSimRateOf(suitOK, suitN),
			BotLost: bridgeSimMeanOf(botLost), RandomLost: bridgeSimMeanOf(rndLost)}
	}
	if m.Declarer {
		sum.Declarer = decl.finish()
	}
	if m.Defence {
		sum.Defence = def.finish()
	}
	sum.TimePerMov = bridgeSimTimesOf(times)
	sum.Elapsed = math.Round(time.Since(start).Seconds()*100) / 100
	if *plot != "" {
		if err := writeBridgeSimPlot(*plot, &sum); err != nil {
			return fmt.Errorf("--plot: %w", err)
		}
	}
	enc := json.NewEncoder(stdout)
	enc.SetIndent("", "  ")
	return enc.Encode(&sum)
}

func (p *bridgeSimPlay) add(r *bridgebot.PlayResult, ddTricks, need int) {
	p.N++
	p.byLost[r.Lost]++
	if r.Lost == 0 {
		p.Exact.K++
	}
	if r.Tricks >= need {
		p.Made.K++
	}
	if ddTricks >= need {
		p.DDMade.K++
	}
}

func (p *bridgeSimPlay) finish() *bridgeSimPlay {
	var xs []float64
	keys := make([]int, 0, len(p.byLost))
	for l, c := range p.byLost {
		keys = append(keys, l)
		for range c {
			xs = append(xs, float64(l))
		}
	}
	slices.Sort(keys)
	p.Histogram = []bridgeSimBucket{}
	for _, l := range keys {
		p.Histogram = append(p.Histogram, bridgeSimBucket{Lost: l, Deals: p.byLost[l]})
	}
	p.Lost = bridgeSimMeanOf(xs)
	p.Exact = bridgeSimRateOf(p.Exact.K, p.N)
	p.Made = bridgeSimRateOf(p.Made.K, p.N)
	p.DDMade = bridgeSimRateOf(p.DDMade.K, p.N)
	return p
}

func round4(x float64) float64 { return math.Round(x*1e4) / 1e4 }

// bridgeSimRateOf returns k out of n with the 95% Wilson score interval.
func bridgeSimRateOf(k, n int) bridgeSimRate {
	r := bridgeSimRate{K: k, N: n}
	if n == 0 {
		return r
	}
	r.Rate = round4(float64(k) / float64(n))
	r.CI95 = wilson(k, n)
	return r
}

// bridgeSimMeanOf returns the mean of xs with a 95% normal interval.
func bridgeSimMeanOf(xs []float64) bridgeSimMean {
	m := bridgeSimMean{N: len(xs)}
	if len(xs) == 0 {
		return m
	}
	var s, s2 float64
	for _, x := range xs {
		s += x
	}
	mean := s / float64(len(xs))
	for _, x := range xs {
		s2 += (x - mean) * (x - mean)
	}
	half := 0.0
	if len(xs) > 1 {
		half = 1.959963984540054 * math.Sqrt(s2/float64(len(xs)-1)/float64(len(xs)))
	}
	m.Mean = round4(mean)
	m.CI95 = [2]float64{round4(mean - half), round4(mean + half)}
	return m
}

func bridgeSimTimesOf(ds []time.Duration) bridgeSimTimes {
	st := timeStats(slices.Clone(ds))
	return bridgeSimTimes{N: st.Moves, MeanMs: st.MeanMs, P50Ms: st.P50Ms, P99Ms: st.P99Ms, MaxMs: st.MaxMs}
}

// writeBridgeSimPlot draws the results as a PNG: the share of opening leads
// that give up no trick (bot and random, with 95% intervals), and the
// histograms of the tricks lost as declarer and in defence.
func writeBridgeSimPlot(path string, s *bridgeSimSummary) error {
	const w, h = 960, 360
	img := image.NewRGBA(image.Rect(0, 0, w, h))
	draw.Draw(img, img.Bounds(), image.NewUniform(color.White), image.Point{}, draw.Src)
	ink := color.RGBA{40, 40, 40, 255}
	blue := color.RGBA{52, 101, 164, 255}
	grey := color.RGBA{170, 170, 170, 255}
	red := color.RGBA{204, 0, 0, 255}
	plotText(img, 10, 6, fmt.Sprintf("ATOUT SIM BRIDGE: %d DEALS, LEVEL %s, SCORING %s, AUCTION %s", s.Played, s.Level, s.Scoring, s.Auction), ink)
	panel := func(i int) image.Rectangle {
		x0 := 20 + i*315
		return image.Rect(x0+30, 76, x0+295, h-40)
	}
	// panel 1: leads
	r := panel(0)
	plotText(img, r.Min.X-30, 36, "OPENING LEADS: NO TRICK LOST %", ink)
	plotAxes(img, r, ink)
	for _, v := range []int{0, 50, 100} {
		y := r.Max.Y - (r.Dy()*v)/100
		plotText(img, r.Min.X-28, y-5, fmt.Sprintf("%3d", v), ink)
		plotHLine(img, r.Min.X-3, r.Min.X, y, ink)
	}
	if l := s.Leads; l != nil {
		bars := []struct {
			name string
			rate bridgeSimRate
			c    color.RGBA
		}{{"BOT", l.Bot, blue}, {"RANDOM", l.Random, grey}}
		for j, b := range bars {
			x0 := r.Min.X + 30 + j*110
			y := r.Max.Y - int(float64(r.Dy())*b.rate.Rate)
			plotFill(img, image.Rect(x0, y, x0+70, r.Max.Y), b.c)
			lo := r.Max.Y - int(float64(r.Dy())*b.rate.CI95[0])
			hi := r.Max.Y - int(float64(r.Dy())*b.rate.CI95[1])
			plotFill(img, image.Rect(x0+34, hi, x0+36, lo+1), red)
			plotHLine(img, x0+28, x0+42, lo, red)
			plotHLine(img, x0+28, x0+42, hi, red)
			plotText(img, x0, r.Max.Y+6, b.name, ink)
			plotText(img, x0, max(r.Min.Y-14, hi-14), fmt.Sprintf("%.1f", 100*b.rate.Rate), ink)
		}
	}
	hist := func(i int, title string, p *bridgeSimPlay) {
		r := panel(i)
		plotText(img, r.Min.X-30, 36, title, ink)
		plotAxes(img, r, ink)
		if p == nil || len(p.Histogram) == 0 {
			return
		}
		lo, hi, top := p.Histogram[0].Lost, p.Histogram[len(p.Histogram)-1].Lost, 0
		lo, hi = min(lo, 0), max(hi, 3)
		for _, b := range p.Histogram {
			top = max(top, b.Deals)
		}
		nb := hi - lo + 1
		bw := r.Dx() / nb
		for _, b := range p.Histogram {
			x0 := r.Min.X + (b.Lost-lo)*bw
			y := r.Max.Y - r.Dy()*b.Deals/top
			plotFill(img, image.Rect(x0+2, y, x0+bw-2, r.Max.Y), blue)
			plotText(img, x0+2, y-14, fmt.Sprint(b.Deals), ink)
		}
		for v := lo; v <= hi; v++ {
			plotText(img, r.Min.X+(v-lo)*bw+bw/2-4, r.Max.Y+6, fmt.Sprint(v), ink)
		}
		plotText(img, r.Min.X, r.Max.Y+22, fmt.Sprintf("MEAN %.3f (%.3f TO %.3f)", p.Lost.Mean, p.Lost.CI95[0], p.Lost.CI95[1]), ink)
	}
	hist(1, "DECLARER: TRICKS BELOW DD", s.Declarer)
	hist(2, "DEFENCE: TRICKS GIVEN VS DD", s.Defence)
	f, err := os.Create(path)
	if err != nil {
		return err
	}
	if err := png.Encode(f, img); err != nil {
		f.Close()
		return err
	}
	return f.Close()
}

func plotFill(img *image.RGBA, r image.Rectangle, c color.Color) {
	draw.Draw(img, r.Intersect(img.Bounds()), image.NewUniform(c), image.Point{}, draw.Src)
}

func plotHLine(img *image.RGBA, x0, x1, y int, c color.Color) {
	plotFill(img, image.Rect(x0, y, x1+1, y+1), c)
}

func plotAxes(img *image.RGBA, r image.Rectangle, c color.Color) {
	plotFill(img, image.Rect(r.Min.X-1, r.Min.Y, r.Min.X, r.Max.Y+1), c)
	plotFill(img, image.Rect(r.Min.X-1, r.Max.Y, r.Max.X, r.Max.Y+1), c)
}

// plotGlyphs is a 3x5 pixel font: each glyph is five rows of three bits.
var plotGlyphs = map[rune][5]uint8{
	'0': {7, 5, 5, 5, 7}, '1': {2, 6, 2, 2, 7}, '2': {7, 1, 7, 4, 7}, '3': {7, 1, 7, 1, 7}, '4': {5, 5, 7, 1, 1},
	'5': {7, 4, 7, 1, 7}, '6': {7, 4, 7, 5, 7}, '7': {7, 1, 1, 2, 2}, '8': {7, 5, 7, 5, 7}, '9': {7, 5, 7, 1, 7},
	'A': {2, 5, 7, 5, 5}, 'B': {6, 5, 6, 5, 6}, 'C': {7, 4, 4, 4, 7}, 'D': {6, 5, 5, 5, 6}, 'E': {7, 4, 6, 4, 7},
	'F': {7, 4, 6, 4, 4}, 'G': {7, 4, 5, 5, 7}, 'H': {5, 5, 7, 5, 5}, 'I': {7, 2, 2, 2, 7}, 'J': {1, 1, 1, 5, 7},
	'K': {5, 5, 6, 5, 5}, 'L': {4, 4, 4, 4, 7}, 'M': {5, 7, 7, 5, 5}, 'N': {6, 5, 5, 5, 5}, 'O': {7, 5, 5, 5, 7},
	'P': {7, 5, 7, 4, 4}, 'Q': {7, 5, 5, 7, 1}, 'R': {6, 5, 6, 5, 5}, 'S': {7, 4, 7, 1, 7}, 'T': {7, 2, 2, 2, 2},
	'U': {5, 5, 5, 5, 7}, 'V': {5, 5, 5, 5, 2}, 'W': {5, 5, 7, 7, 5}, 'X': {5, 5, 2, 5, 5}, 'Y': {5, 5, 2, 2, 2},
	'Z': {7, 1, 2, 4, 7}, '%': {5, 1, 2, 4, 5}, '.': {0, 0, 0, 0, 2}, '-': {0, 0, 7, 0, 0}, ':': {0, 2, 0, 2, 0},
	',': {0, 0, 0, 2, 4}, '(': {1, 2, 2, 2, 1}, ')': {4, 2, 2, 2, 4}, '/': {1, 1, 2, 4, 4}, '+': {0, 2, 7, 2, 0},
}

// plotText writes s (upper-cased) at x, y with the 3x5 font at scale 2.
func plotText(img *image.RGBA, x, y int, s string, c color.Color) {
	const sc = 2
	for _, ch := range strings.ToUpper(s) {
		if g, ok := plotGlyphs[ch]; ok {
			for row, bits := range g {
				for col := 0; col < 3; col++ {
					if bits>>(2-col)&1 != 0 {
						plotFill(img, image.Rect(x+col*sc, y+row*sc, x+col*sc+sc, y+row*sc+sc), c)
					}
				}
			}
		}
		x += 4 * sc
	}
}
