package main

import (
	"context"
	"encoding/binary"
	"errors"
	"fmt"
	"io"
	"math/rand/v2"
	"net/http"
	"net/netip"
	"os"
	"sync"
	"sync/atomic"
	"time"
)

// Config is a load run.
type Config struct {
	URLs     []string      // the nodes; tables (or seats, with SpreadSeats) go round them
	Tables   int           // tables to open
	Humans   int           // human clients per table (1 to 4); bots take the other seats
	Games    []string      // the tables' games, in turn: bridge, belote
	Level    string        // the bots' level
	Think    time.Duration // a human's think time per move
	Jitter   float64       // think time × [1-Jitter, 1+Jitter]
	Warmup   time.Duration // played, not measured
	Duration time.Duration // measured
	Timeout  time.Duration // a move unacknowledged this long is an error
	Parallel int           // tables set up at once
	// SpreadSeats puts the seats of one table on different nodes (the
	// cluster relays them over NATS) instead of each table on one node.
	SpreadSeats bool
	// XFF gives each client a made-up address of 198.18.0.0/15 in
	// X-Forwarded-For, for the server's limits per address (the server
	// must trust the load generator's address: --trusted-proxies).
	XFF bool
	// Langs are the languages the clients read, given in turn (named in
	// the WebSocket's URL, as a page does); none: the server's default.
	Langs []string
	Keep  bool   // leave the tables open at the end
	Seed  uint64 // of the players' choices and think times

	Probe *probe // the server processes and metrics watched (nil: none)
}

// Result is what a run measured.
type Result struct {
	Tables      int           // tables seated
	SetupTook   time.Duration // to seat them
	SetupErrors Counts        // while seating them
	Window      time.Duration // the measured window (shorter if interrupted)
	Latency     Latencies     // of the moves sent in the window
	Moves       []Move        // the same, for the CSV
	Errors      Counts        // met in the window
	Outside     Counts        // met outside it (warm-up, the end)
	States      int           // state messages received in the window
	StateBytes  int           // their size
	Redirects   int           // connections sent to their table's own node (whole run)
	Server      []procUse     // each server process watched
	Metrics     *metricsUse   // the servers' /metrics, if scraped
	// Self is the CPU the load generator used in the window: on the
	// servers' machine, it was not theirs.
	Self time.Duration
	// SelfGC is the load generator's own collector in the window: its
	// assists hold up its clients' reads, which the latency then counts.
	SelfGC gcUse
}

// tableRun is one table of the run.
type tableRun struct {
	idx     int
	game    string
	id      string
	owner   *session
	players []*player
}

// The seats the humans take, the owner first (he opens the table and sits
// South; his partner comes next).
var seats = [4]string{"S", "N", "E", "W"}

// Run plays the tables: it seats them, lets them play for the warm-up,
// measures them for the duration, then closes them. progress gets a line
// per phase.
func Run(ctx context.Context, cfg Config, progress io.Writer) (*Result, error) {
	rec := newRecorder()
	res := &Result{}
	tr := &http.Transport{MaxIdleConnsPerHost: 64, IdleConnTimeout: 30 * time.Second}
	defer tr.CloseIdleConnections()
	play, stop := context.WithCancel(ctx)
	defer stop()

	// Seat the tables, a few at a time; each plays as soon as it is seated.
	start := time.Now()
	var (
		setupMu sync.Mutex
		setup   = map[string]int{}
		tables  []*tableRun
		players sync.WaitGroup
		clients atomic.Int64
		sem     = make(chan struct{}, max(cfg.Parallel, 1))
		wg      sync.WaitGroup
	)
	setupFail := func(err error) {
		setupMu.Lock()
		setup[errorKind(err)]++
		setupMu.Unlock()
	}
	for i := range cfg.Tables {
		wg.Add(1)
		go func() {
			defer wg.Done()
			select {
			case sem <- struct{}{}:
			case <-play.Done():
				return
			}
			defer func() { <-sem }()
			t, err := seatTable(play, &cfg, i, tr, &clients, setupFail)
			if err != nil {
				if play.Err() == nil {
					setupFail(err)
				}
				return
			}
			setupMu.Lock()
			tables = append(tables, t)
			setupMu.Unlock()
			for j, p := range t.players {
				p.rnd = rand.New(rand.NewPCG(cfg.Seed, uint64(4*i+j)))
				p.rec = rec
				players.Go(func() { p.run(play) })
			}
		}()
	}
	wg.Wait()
	res.SetupTook = time.Since(start)
	res.Tables = len(tables)
	res.SetupErrors = countsOf(setup)
	fmt.Fprintf(progress, "loadtest: %d of %d tables seated in %v\n", len(tables), cfg.Tables, res.SetupTook.Round(time.Millisecond))
	defer closeTables(tables, &cfg)
	if len(tables) == 0 {
		return res, errors.New("no table could be seated")
	}

	if !sleep(ctx, cfg.Warmup) {
		return res, ctx.Err()
	}
	fmt.Fprintf(progress, "loadtest: warmed up for %v, measuring for %v\n", cfg.Warmup, cfg.Duration)
	from := time.Now()
	rec.open(from)
	before := cfg.Probe.sample()
	self0, _, _ := readProc(os.Getpid())
	gc0 := readGC()
	watch, endWatch := context.WithCancel(ctx)
	peaks := make(chan []int64, 1)
	go func() { peaks <- cfg.Probe.watchPeaks(watch, time.Second) }()
	sleep(ctx, cfg.Duration)
	to := time.Now()
	rec.close(to)
	after := cfg.Probe.sample()
	self1, _, _ := readProc(os.Getpid())
	res.Self = self1 - self0
	res.SelfGC = readGC().since(gc0)
	endWatch()
	res.Window = to.Sub(from)
	res.Server, res.Metrics = cfg.Probe.use(before, after, <-peaks)

	// The acknowledgements of the last moves of the window.
	sleep(ctx, min(cfg.Timeout, 2*time.Second))
	stop()
	players.Wait()

	rec.mu.Lock()
	defer rec.mu.Unlock()
	res.Latency, res.Moves = rec.lat, rec.moves
	res.Errors, res.Outside = countsOf(rec.errs), countsOf(rec.outside)
	res.States, res.StateBytes = rec.states, rec.bytes
	res.Redirects = rec.redirects
	return res, nil
}

// seatTable opens table i and seats its humans: the owner creates it,
// the others take bots' seats with its invitation.
func seatTable(ctx context.Context, cfg *Config, i int, tr http.RoundTripper, clients *atomic.Int64, onRetry func(error)) (_ *tableRun, err error) {
	t := &tableRun{idx: i, game: cfg.Games[i%len(cfg.Games)]}
	defer func() {
		if err != nil && t.owner != nil && !cfg.Keep {
			// Not all seated: close the table, which would go on alone.
			ctx, cancel := context.WithTimeout(context.Background(), 10*time.Second)
			defer cancel()
			t.owner.abandon(ctx, t.id)
		}
	}()
	settings := map[string]any{"game": t.game, "level": cfg.Level}
	// Long matches, so that no table ends during a run.
	if t.game == "bridge" {
		settings["boards"] = 64
	} else {
		settings["target"] = 10000
	}
	var invite string
	for j := range cfg.Humans {
		node := cfg.URLs[i%len(cfg.URLs)]
		if cfg.SpreadSeats {
			node = cfg.URLs[(i+j)%len(cfg.URLs)]
		}
		var addr string
		if cfg.XFF {
			addr = clientAddr(int(clients.Add(1)))
		}
		var lang string
		if len(cfg.Langs) > 0 {
			lang = cfg.Langs[(i*cfg.Humans+j)%len(cfg.Langs)]
		}
		s, err := signIn(ctx, node, tr, addr, lang, onRetry)
		if err != nil {
			return nil, err
		}
		if j == 0 {
			if t.id, invite, err = s.createTable(ctx, settings); err != nil {
				return nil, err
			}
			t.owner = s
		} else if err := s.sit(ctx, t.id, seats[j], invite); err != nil {
			return nil, err
		}
		t.players = append(t.players, &player{s: s, table: t, seat: seats[j], owner: j == 0, cfg: cfg})
	}
	return t, nil
}

// clientAddr is the made-up address of the n-th client (from 1): in
// 198.18.0.0/15, the range set aside for benchmarks (RFC 2544).
func clientAddr(n int) string {
	base := netip.MustParseAddr("198.18.0.0").As4()
	var a [4]byte
	binary.BigEndian.PutUint32(a[:], binary.BigEndian.Uint32(base[:])+uint32(n%(1<<17)))
	return netip.AddrFrom4(a).String()
}

// closeTables closes the tables (their owners abandon them), unless
// cfg.Keep: an unfinished table with several humans would go on playing
// on its turn timers after the run.
func closeTables(tables []*tableRun, cfg *Config) {
	if cfg.Keep {
		return
	}
	ctx, cancel := context.WithTimeout(context.Background(), 30*time.Second)
	defer cancel()
	sem := make(chan struct{}, max(cfg.Parallel, 1))
	var wg sync.WaitGroup
	for _, t := range tables {
		sem <- struct{}{}
		wg.Go(func() {
			defer func() { <-sem }()
			t.owner.abandon(ctx, t.id)
		})
	}
	wg.Wait()
}

// sleep waits d or until ctx is done; it reports whether it waited d.
func sleep(ctx context.Context, d time.Duration) bool {
	t := time.NewTimer(d)
	defer t.Stop()
	select {
	case <-t.C:
		return true
	case <-ctx.Done():
		return false
	}
}
