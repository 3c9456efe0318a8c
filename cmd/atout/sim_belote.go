package main

import (
	"context"
	"encoding/json"
	"fmt"
	"image"
	"image/color"
	"image/png"
	"io"
	"math"
	"os"
	"runtime"
	"slices"
	"strings"
	"sync"
	"time"

	"atout/belote"
	"atout/bot/belotebot"
	"atout/card"
)

// beloteSimSummary is the JSON summary of `atout sim --game belote`.
type beloteSimSummary struct {
	Game          string                   `json:"game"`
	Mode          string                   `json:"mode"`
	Rules         string                   `json:"rules"`
	Announcements bool                     `json:"announcements"`
	SaTa          bool                     `json:"sata,omitempty"`
	Target        int                      `json:"target"`
	Seed          uint64                   `json:"seed"`
	Matches       int                      `json:"matches"`
	Bots          map[string]string        `json:"bots"`
	Wins          map[string]int           `json:"wins"`
	WinRate       map[string]float64       `json:"winRate"`
	CI95          map[string][2]float64    `json:"ci95"`
	Deals         int                      `json:"deals"`
	PointsPerDeal map[string]float64       `json:"pointsPerDeal"`
	Contracts     map[string]strainStats   `json:"contracts,omitempty"`
	TimePerMove   map[string]moveTimeStats `json:"timePerMove"`
	TimePerCard   map[string]moveTimeStats `json:"timePerCard"`
	ElapsedSec    float64                  `json:"elapsedSec"`
	Threads       int                      `json:"threads"`
}

// strainStats counts the contracts of one strain in coinche ("suit", "SA",
// "TA"), by the team that took: how many, how many made, and the takers'
// deal score less the defenders' summed over them (net; its mean per
// contract is netPerContract).
type strainStats struct {
	Taken          map[string]int     `json:"taken"`
	Made           map[string]int     `json:"made"`
	Net            map[string]int     `json:"net"`
	NetPerContract map[string]float64 `json:"netPerContract"`
}

// dealWatcher is a player that notes every deal it is asked about, so that
// the sim can read the contracts and results of a match's deals after it.
type dealWatcher struct {
	belotebot.Player
	deals *[]*belote.Deal
}

func (w dealWatcher) Choose(ctx context.Context, d *belote.Deal, seat card.Seat) (belote.Action, error) {
	if n := len(*w.deals); n == 0 || (*w.deals)[n-1] != d {
		*w.deals = append(*w.deals, d)
	}
	return w.Player.Choose(ctx, d, seat)
}

// strainOf names the strain of a coinche contract.
func strainOf(c belote.Contract) string {
	switch c.Trump {
	case belote.NoSuit:
		return "SA"
	case belote.AllTrump:
		return "TA"
	}
	return "suit"
}

// moveTimeStats summarises decision times in milliseconds.
type moveTimeStats struct {
	Moves  int     `json:"moves"`
	MeanMs float64 `json:"meanMs"`
	P50Ms  float64 `json:"p50Ms"`
	P99Ms  float64 `json:"p99Ms"`
	MaxMs  float64 `json:"maxMs"`
}

// timeStats sorts ds and summarises it (shared by both games' sims).
func timeStats(ds []time.Duration) moveTimeStats {
	if len(ds) == 0 {
		return moveTimeStats{}
	}
	slices.Sort(ds)
	ms := func(d time.Duration) float64 { return math.Round(float64(d)/1e4) / 100 }
	var sum time.Duration
	for _, d := range ds {
		sum += d
	}
	q := func(p float64) time.Duration { return ds[min(len(ds)-1, int(p*float64(len(ds))))] }
	return moveTimeStats{Moves: len(ds), MeanMs: ms(sum / time.Duration(len(ds))), P50Ms: ms(q(0.5)), P99Ms: ms(q(0.99)), MaxMs: ms(ds[len(ds)-1])}
}

// wilson returns the 95% Wilson score interval of k successes in n.
func wilson(k, n int) [2]float64 {
	if n == 0 {
		return [2]float64{0, 1}
	}
	const z = 1.959963984540054
	p := float64(k) / float64(n)
	nn := float64(n)
	den := 1 + z*z/nn
	c := (p + z*z/(2*nn)) / den
	h := z * math.Sqrt(p*(1-p)/nn+z*z/(4*nn*nn)) / den
	r := func(x float64) float64 { return math.Round(x*10000) / 10000 }
	return [2]float64{r(max(0, c-h)), r(min(1, c+h))}
}

// simBelote runs `atout sim --game belote`: matches to the mode's target
// between bot A and bot B, sides swapped every other match on the same
// decks, on several threads; a progress bar on stderr and a JSON summary
// on stdout.
func simBelote(args []string, stdout, stderr io.Writer) error {
	fs := newFlags("sim")
	n := fs.Int("n", 100, "number of matches")
	seedS := fs.String("seed", "1", "seed of the decks and the bots: a number, or any text (hashed), as for deal and the bridge sim")
	modeS := fs.String("mode", "classic", "classic, notrump or coinche")
	rulesS := fs.String("rules", "maison", "maison or official")
	annS := fs.Bool("announcements", true, "play with announcements")
	sata := fs.Bool("sata", false, "coinche with the sans-atout and tout-atout bids (docs/belote-coinche-sa-ta.md); --mode coinche only")
	target := fs.Int("target", 0, "game target (0: the mode's default)")
	a := fs.String("a", "strong", "bot of team A (NS in even matches): "+strings.Join(belotebot.PlayerNames, ", "))
	b := fs.String("b", "baseline", "bot of team B")
	threads := fs.Int("threads", runtime.NumCPU(), "matches played at once")
	plot := fs.String("plot", "", "write a PNG chart of the running win rate to FILE")
	quiet := fs.Bool("quiet", false, "no progress bar")
	fs.String("game", "belote", "game (belote)")
	pos, err := parseFlags(fs, args)
	if err != nil {
		return err
	}
	if len(pos) > 0 {
		return badInput("unexpected argument %q", pos[0])
	}
	mode, err := belote.ParseMode(*modeS)
	if err != nil {
		return badInput("--mode: %v", err)
	}
	setting, err := belote.ParseSetting(*rulesS)
	if err != nil || *rulesS == "" {
		return badInput("--rules: unknown rules %q (want maison or official)", *rulesS)
	}
	if *n < 1 {
		return badInput("-n: want at least 1 match, got %d", *n)
	}
	if *threads < 1 {
		return badInput("--threads: want at least 1, got %d", *threads)
	}
	if *target < 0 {
		return badInput("--target: negative target %d", *target)
	}
	for _, name := range []string{*a, *b} {
		if _, err := belotebot.NewPlayer(name, 0); err != nil {
			return badInput("--a/--b: %v", err)
		}
	}
	r := belote.Rules{Mode: mode, Setting: setting, Announcements: *annS, Target: *target, SaTa: *sata}
	if err := r.Check(); err != nil {
		return badInput("--sata: %v", err)
	}
	seedV := card.SeedFromString(*seedS)
	seed := &seedV

	type takenContract struct {
		strain string
		team   int // 0 for A, 1 for B
		made   bool
		net    int
	}
	type outcome struct {
		aWins        bool
		deals        int
		pts          [2]int // A, B
		tA, tB       []time.Duration
		cardA, cardB []time.Duration
		contracts    []takenContract
		err          error
	}
	results := make([]outcome, *n)
	jobs := make(chan int)
	var wg sync.WaitGroup
	var mu sync.Mutex
	done, aWins := 0, 0
	start := time.Now()
	showBar := !*quiet
	bar := func() {
		if !showBar {
			return
		}
		const width = 30
		fill := done * width / *n
		el := time.Since(start)
		eta := "--:--"
		if done > 0 {
			eta = clock(time.Duration(float64(el) / float64(done) * float64(*n-done)))
		}
		fmt.Fprintf(stderr, "\rsim belote [%s%s] %d/%d matches  A %.1f%%  %s, %s left ", strings.Repeat("#", fill), strings.Repeat(".", width-fill),
			done, *n, 100*float64(aWins)/float64(max(done, 1)), clock(el), eta)
	}
	ctx := context.Background()
	for range *threads {
		wg.Add(1)
		go func() {
			defer wg.Done()
			for i := range jobs {
				pair := uint64(i / 2)
				ms := *seed*1_000_003 + pair
				aSide := card.Side(i % 2) // A is NS in even matches, EW in odd ones
				var ps [4]belotebot.Player
				for s := range card.Seat(4) {
					name := *b
					if s.Side() == aSide {
						name = *a
					}
					p, _ := belotebot.NewPlayer(name, ms*8+uint64(s)+uint64(i%2)*4)
					ps[s] = p
				}
				var deals []*belote.Deal
				for s := range ps {
					ps[s] = dealWatcher{ps[s], &deals}
				}
				dealer := card.Seat(pair % 4)
				res, err := belotebot.PlayMatch(ctx, r, dealer, ms, ps, 0)
				o := outcome{err: err}
				if err == nil {
					o.aWins = res.Winner == aSide
					o.deals = res.Deals
					o.pts = [2]int{res.Totals[aSide], res.Totals[aSide^1]}
					for _, d := range deals {
						c, ok := d.Contract()
						if !ok || !d.Done() || r.Mode != belote.Coinche {
							continue
						}
						t := c.Takers()
						team := 0
						if t != aSide {
							team = 1
						}
						sc := d.Result().Score
						o.contracts = append(o.contracts, takenContract{strainOf(c), team, d.Result().Made, sc[t] - sc[t^1]})
					}
					for _, t := range res.Timings {
						if t.Seat.Side() == aSide {
							o.tA = append(o.tA, t.Dur)
							if t.Card {
								o.cardA = append(o.cardA, t.Dur)
							}
						} else {
							o.tB = append(o.tB, t.Dur)
							if t.Card {
								o.cardB = append(o.cardB, t.Dur)
							}
						}
					}
				}
				mu.Lock()
				results[i] = o
				done++
				if o.aWins {
					aWins++
				}
				bar()
				mu.Unlock()
			}
		}()
	}
	for i := range *n {
		jobs <- i
	}
	close(jobs)
	wg.Wait()
	if showBar {
		fmt.Fprintln(stderr)
	}
	sum := beloteSimSummary{Game: "belote", Mode: mode.String(), Rules: setting.String(), Announcements: *annS, SaTa: *sata,
		Target: r.GameTarget(), Seed: *seed, Matches: *n, Threads: *threads,
		Bots: map[string]string{"A": *a, "B": *b}}
	var tA, tB, cA, cB []time.Duration
	wins := [2]int{}
	pts := [2]int{}
	running := make([]float64, 0, *n)
	if r.Mode == belote.Coinche {
		sum.Contracts = map[string]strainStats{}
		for _, k := range []string{"suit", "SA", "TA"} {
			sum.Contracts[k] = strainStats{Taken: map[string]int{"A": 0, "B": 0}, Made: map[string]int{"A": 0, "B": 0},
				Net: map[string]int{"A": 0, "B": 0}, NetPerContract: map[string]float64{"A": 0, "B": 0}}
		}
	}
	for i, o := range results {
		if o.err != nil {
			return fmt.Errorf("match %d: %w", i+1, o.err)
		}
		if o.aWins {
			wins[0]++
		} else {
			wins[1]++
		}
		running = append(running, float64(wins[0]))
		sum.Deals += o.deals
		for _, c := range o.contracts {
			st, team := sum.Contracts[c.strain], [2]string{"A", "B"}[c.team]
			st.Taken[team]++
			if c.made {
				st.Made[team]++
			}
			st.Net[team] += c.net
		}
		pts[0] += o.pts[0]
		pts[1] += o.pts[1]
		tA, tB = append(tA, o.tA...), append(tB, o.tB...)
		cA, cB = append(cA, o.cardA...), append(cB, o.cardB...)
	}
	for _, st := range sum.Contracts {
		for team, k := range st.Taken {
			if k > 0 {
				st.NetPerContract[team] = math.Round(10*float64(st.Net[team])/float64(k)) / 10
			}
		}
	}
	sum.Wins = map[string]int{"A": wins[0], "B": wins[1]}
	rate := func(k int) float64 { return math.Round(10000*float64(k)/float64(*n)) / 10000 }
	sum.WinRate = map[string]float64{"A": rate(wins[0]), "B": rate(wins[1])}
	sum.CI95 = map[string][2]float64{"A": wilson(wins[0], *n), "B": wilson(wins[1], *n)}
	ppd := func(p int) float64 { return math.Round(10*float64(p)/float64(max(sum.Deals, 1))) / 10 }
	sum.PointsPerDeal = map[string]float64{"A": ppd(pts[0]), "B": ppd(pts[1])}
	sum.TimePerMove = map[string]moveTimeStats{"A": timeStats(tA), "B": timeStats(tB)}
	sum.TimePerCard = map[string]moveTimeStats{"A": timeStats(cA), "B": timeStats(cB)}
	sum.ElapsedSec = math.Round(time.Since(start).Seconds()*10) / 10
	if *plot != "" {
		if err := writeWinRatePlot(*plot, running); err != nil {
			return fmt.Errorf("--plot: %w", err)
		}
	}
	enc := json.NewEncoder(stdout)
	enc.SetIndent("", "  ")
	return enc.Encode(sum)
}

// writeWinRatePlot draws team A's running win rate after each match with
// its 95% Wilson band and the 50% line, as a PNG.
func writeWinRatePlot(path string, cumWins []float64) error {
	const w, h, m = 640, 360, 30
	img := image.NewRGBA(image.Rect(0, 0, w, h))
	fill := func(x0, y0, x1, y1 int, c color.Color) {
		for y := max(y0, 0); y < min(y1, h); y++ {
			for x := max(x0, 0); x < min(x1, w); x++ {
				img.Set(x, y, c)
			}
		}
	}
	fill(0, 0, w, h, color.White)
	n := len(cumWins)
	px := func(i int) int { return m + (w-2*m)*i/max(n, 1) }
	py := func(v float64) int { return h - m - int(v*float64(h-2*m)) }
	// grid: 0, 25, 50, 75, 100 %
	for _, v := range []float64{0, 0.25, 0.5, 0.75, 1} {
		c := color.RGBA{220, 220, 220, 255}
		if v == 0.5 {
			c = color.RGBA{120, 120, 120, 255}
		}
		fill(m, py(v), w-m, py(v)+1, c)
	}
	fill(m, m, m+1, h-m, color.Black)
	fill(m, h-m, w-m, h-m+1, color.Black)
	for i := 1; i <= n; i++ {
		ci := wilson(int(cumWins[i-1]), i)
		x0, x1 := px(i-1), px(i)
		if x1 == x0 {
			x1++
		}
		fill(x0, py(ci[1]), x1, py(ci[0])+1, color.RGBA{180, 200, 255, 255})
	}
	for i := 1; i <= n; i++ {
		r := cumWins[i-1] / float64(i)
		x0, x1 := px(i-1), px(i)
		if x1 == x0 {
			x1++
		}
		fill(x0, py(r)-1, x1, py(r)+2, color.RGBA{20, 60, 200, 255})
	}
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
