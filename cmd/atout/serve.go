package main

import (
	"context"
	"errors"
	"fmt"
	"io"
	"log/slog"
	"net"
	"net/http"
	"net/netip"
	"os"
	"os/signal"
	"runtime"
	"runtime/debug"
	"strings"
	"sync"
	"syscall"
	"time"

	beloteanalysis "atout/belote/analysis"
	"atout/bot"
	"atout/bot/belotebot"
	"atout/bot/bidding/explain"
	"atout/bot/bridgebot"
	bridgeanalysis "atout/bridge/analysis"
	"atout/bridge/dd"
	"atout/bridge/dd/ddpool"
	"atout/cluster"
	"atout/match"
	"atout/protocol"
	"atout/server"
	"atout/server/metrics"
	"atout/store"
	"atout/table"
	"atout/tournament"
	"atout/web"
)

func init() {
	register(&command{
		name:    "serve",
		summary: "run the web app (the default command)",
		stream:  true,
		run:     runServe,
	})
}

func runServe(args []string, _ io.Reader, stdout, stderr io.Writer) error {
	fs := newFlags("serve")
	addr := fs.String("addr", "127.0.0.1:8080", "address to listen on")
	db := fs.String("db", "atout.db", "database: an SQLite file or a postgres:// URL")
	node := fs.String("node", "", "name of this server in table leases (default: the host name)")
	turn := fs.Int("turn", 60, "seconds a player has to act at a table with several humans (0: no timer)")
	botDelay := fs.Duration("bot-delay", 700*time.Millisecond, "pause before a bot plays at a table with humans")
	next := fs.Duration("next-delay", 30*time.Second, "pause before the next deal starts by itself at a table with several humans")
	secure := fs.Bool("secure-cookies", false, "mark cookies Secure and send HSTS (set this behind a TLS proxy)")
	proxies := fs.String("trusted-proxies", "", "comma-separated addresses or CIDR ranges of the reverse proxies in front of the server: their X-Forwarded-For / X-Real-IP name the client (see docs/deploy.md)")
	natsURL := fs.String("nats", "", "NATS URLs of the cluster (nats://host:4222,...): serve tables with other nodes (see docs/deploy.md)")
	natsListen := fs.String("nats-listen", "", "run an embedded NATS server on host:port and serve tables with other nodes")
	natsCluster := fs.String("nats-cluster", "", "embedded NATS: listen for routes from the other nodes on host:port")
	natsRoutes := fs.String("nats-routes", "", "embedded NATS: comma-separated nats-route://host:port of the other nodes")
	natsToken := fs.String("nats-token-file", "", "file holding the NATS token shared by the nodes (or set "+envNATSToken+")")
	natsNKey := fs.String("nats-nkey-file", "", "file holding the NATS user nkey seed (SU...) shared by the nodes (or set "+envNATSNKey+")")
	advertise := fs.String("advertise", "", "cluster: where browsers reach this node itself (https://node-b.example.org, or a path such as /node/b that the load balancer sends to it); the other nodes then send the players of its tables here instead of relaying their states over NATS (see docs/deploy.md)")
	natsCreds := fs.String("nats-creds", "", "NATS credentials file (user JWT and seed) for an external NATS in operator mode")
	daily := fs.Bool("daily", true, "run a daily tournament, open from midnight to midnight UTC (several nodes make one)")
	dailyBoards := fs.Int("daily-boards", tournament.DailyBoards, "boards of the daily tournament (8 to 36)")
	dailyScoring := fs.String("daily-scoring", "mp", "scoring of the daily tournament: mp, imp or butler")
	metricsTokenFile := fs.String("metrics-token-file", "", "file holding the operator's token for GET /metrics on --addr (Authorization: Bearer <token>; or set "+envMetricsToken+"); without one /metrics is not served on --addr")
	metricsAddr := fs.String("metrics-addr", "", "serve GET /metrics without a token on this private address (e.g. 127.0.0.1:9090)")
	lease := fs.Duration("lease", table.DefaultLeaseTTL, "how long a node's claim on its tables lasts without a heartbeat (one every third of it): a dead node's tables move to another after it (cluster; at least 2s)")
	reviews := fs.Int("review-workers", 0, "reviews of finished deals (double dummy, belote's exact solver) run at once (default: one per core); fewer leaves cores free for the tables' moves, and a deal whose review finds the queue full goes without one (see docs/capacity.md)")
	reviewNice := fs.Int("review-nice", defaultReviewNice(), "how much lower the kernel's priority of the reviews of finished deals is than the tables' (nice, 0 to 19; Linux, where the default is 19): a loaded node then gives its CPU to the moves first (0: the same)")
	idle := fs.Duration("idle", 10*time.Minute, "park a table nobody watched or moved for this long (stored, rebuilt on return; negative: never)")
	pos, err := parseFlags(fs, args)
	if err != nil {
		return err
	}
	if len(pos) > 0 {
		return badInput("unexpected argument %q", pos[0])
	}
	if *dailyBoards < tournament.MinBoards || *dailyBoards > tournament.MaxBoards {
		return badInput("--daily-boards %d: want %d to %d", *dailyBoards, tournament.MinBoards, tournament.MaxBoards)
	}
	dailySc, err := tournament.ParseScoring(*dailyScoring)
	if err != nil {
		return badInput("--daily-scoring %q: want mp, imp or butler", *dailyScoring)
	}
	trusted, err := parseTrustedProxies(*proxies)
	if err != nil {
		return badInput("--trusted-proxies: %v", err)
	}
	if *node == "" {
		*node, _ = os.Hostname()
		if *node == "" {
			*node = "atout"
		}
	}
	nopts := cluster.NodeOptions{NATS: *natsURL, Listen: *natsListen, ClusterListen: *natsCluster, Routes: splitList(*natsRoutes)}
	if clustered(nopts) {
		if nopts.Auth, err = natsAuth(*natsToken, *natsNKey, *natsCreds, os.Getenv); err != nil {
			return err
		}
		nopts.Table.Node = *node
		if err := nopts.Check(); err != nil {
			return badInput("--nats: %v", err)
		}
		if nopts.Cluster.Advertise, err = cluster.CheckAdvertise(*advertise); err != nil {
			return badInput("--advertise: %v", err)
		}
	} else if *natsToken != "" || *natsNKey != "" || *natsCreds != "" {
		return badInput("--nats-token-file, --nats-nkey-file and --nats-creds need --nats or --nats-listen")
	} else if *advertise != "" {
		return badInput("--advertise is for a node of a cluster: it needs --nats or --nats-listen")
	}
	if *reviews < 0 {
		return badInput("--review-workers %d: want 0 (one per core) or more", *reviews)
	}
	if *reviewNice < 0 || *reviewNice > 19 {
		return badInput("--review-nice %d: want 0 to 19", *reviewNice)
	}
	if *lease < 2*time.Second {
		return badInput("--lease %v: want at least 2s (the lease is renewed at a third of it)", *lease)
	}
	metricsToken, err := readMetricsToken(*metricsTokenFile, os.Getenv)
	if err != nil {
		return err
	}
	logger := slog.New(slog.NewJSONHandler(stderr, nil))
	ctx, stop := signal.NotifyContext(context.Background(), os.Interrupt, syscall.SIGTERM)
	defer stop()
	if os.Getenv("GOGC") == "" {
		// The solvers' tables count once in the heap's goal, not four
		// times (server.PaceGC).
		debug.SetGCPercent(server.GCPercent)
		go server.PaceGC(ctx, server.GCPercent, dd.TableBytes, time.Second)
	}

	// The address first: a bad one must not leave a database file behind.
	ln, err := net.Listen("tcp", *addr)
	if err != nil {
		return badInput("--addr %s: %v", *addr, err)
	}
	var mln net.Listener
	if *metricsAddr != "" {
		if mln, err = net.Listen("tcp", *metricsAddr); err != nil {
			ln.Close()
			return badInput("--metrics-addr %s: %v", *metricsAddr, err)
		}
	}
	st, err := store.Open(ctx, *db)
	if err != nil {
		ln.Close()
		if mln != nil {
			mln.Close()
		}
		if errors.Is(err, store.ErrInvalid) {
			return badInput("--db %s: %v", *db, err)
		}
		return fmt.Errorf("--db %s: %w", *db, err)
	}
	defer st.Close()
	return serve(ctx, serveConfig{
		store: st, listener: ln, logger: logger, node: *node, secure: *secure,
		turn: time.Duration(*turn) * time.Second, botDelay: *botDelay, next: *next,
		nats:  nopts,
		daily: *daily, dailyCfg: server.DailyConfig{Boards: *dailyBoards, Scoring: dailySc},
		idle:           *idle,
		lease:          *lease,
		reviewWorkers:  *reviews,
		reviewNice:     *reviewNice,
		trustedProxies: trusted,
		metricsToken:   metricsToken, metricsListener: mln,
	}, stdout)
}

// defaultReviewNice is --review-nice's default: the lowest priority, where
// the kernel can lower a thread's (Linux). At 2,000 tables of four on 2
// cores, once the first deals end and their reviews take every core the
// tables leave, it brought the p99 of a move from 103-112 ms to 68 ms
// and its median from 29 ms to 4 (docs/capacity.md, "The steady state").
func defaultReviewNice() int {
	if ddpool.CanLowerPriority() {
		return 19
	}
	return 0
}

type serveConfig struct {
	store    *store.Store
	listener net.Listener
	logger   *slog.Logger
	node     string
	secure   bool
	turn     time.Duration
	botDelay time.Duration
	next     time.Duration
	// nats, with NATS or Listen set, runs this process as one node of a
	// cluster (package cluster) instead of a lone server.
	nats cluster.NodeOptions
	// daily runs the scheduled daily tournament (dailyCfg).
	daily    bool
	dailyCfg server.DailyConfig
	// idle parks the tables idle that long (0: the default, 10 minutes).
	idle time.Duration
	// lease is how long a table's lease lasts without renewal (0: the
	// default, 30 s).
	lease time.Duration
	// reviewWorkers is how many reviews of finished deals run at once (0:
	// one per worker of the double-dummy pool, a core each).
	reviewWorkers int
	// reviewNice lowers the priority of the threads that run background
	// double-dummy and belote work (ddpool.Config.BackgroundNice).
	reviewNice int

	// trustedProxies are the reverse proxies whose forwarding headers name
	// the client (server.Config.TrustedProxies).
	trustedProxies []netip.Prefix

	// metricsToken opens GET /metrics on the listener to the operator
	// (server.Config.MetricsToken); metricsListener, if not nil, serves
	// /metrics without a token (a private address).
	metricsToken    string
	metricsListener net.Listener
}

// Environment variables holding the NATS credentials (instead of
// --nats-token-file and --nats-nkey-file).
const (
	envNATSToken = "ATOUT_NATS_TOKEN"
	envNATSNKey  = "ATOUT_NATS_NKEY"
	// envMetricsToken holds the token of GET /metrics (instead of
	// --metrics-token-file).
	envMetricsToken = "ATOUT_METRICS_TOKEN"
)

// minMetricsToken is the shortest token of /metrics accepted.
const minMetricsToken = 16

// readMetricsToken reads the token of /metrics from file or, without
// one, from the environment ("" if neither gives one).
func readMetricsToken(file string, getenv func(string) string) (string, error) {
	tok := strings.TrimSpace(getenv(envMetricsToken))
	if file != "" {
		var err error
		if tok, err = cluster.ReadSecret(file); err != nil {
			return "", badInput("--metrics-token-file: %v", err)
		}
	}
	if tok != "" && len(tok) < minMetricsToken {
		return "", badInput("the /metrics token is too short (%d characters): want at least %d, e.g. from `openssl rand -hex 32`", len(tok), minMetricsToken)
	}
	return tok, nil
}

// clustered reports whether the options ask for a cluster node.
func clustered(o cluster.NodeOptions) bool {
	return o.NATS != "" || o.Listen != "" || o.ClusterListen != "" || len(o.Routes) > 0
}

// natsAuth reads the node's NATS credentials from the files given or,
// when no credential flag is given, from the environment.
func natsAuth(tokenFile, nkeyFile, creds string, getenv func(string) string) (cluster.Auth, error) {
	a := cluster.Auth{CredsFile: creds}
	flags := tokenFile != "" || nkeyFile != "" || creds != ""
	read := func(flag, file, env string) (string, error) {
		if file == "" {
			if flags {
				return "", nil
			}
			return strings.TrimSpace(getenv(env)), nil
		}
		s, err := cluster.ReadSecret(file)
		if err != nil {
			return "", badInput("%s: %v", flag, err)
		}
		return s, nil
	}
	var err error
	if a.Token, err = read("--nats-token-file", tokenFile, envNATSToken); err != nil {
		return a, err
	}
	if a.NKeySeed, err = read("--nats-nkey-file", nkeyFile, envNATSNKey); err != nil {
		return a, err
	}
	return a, nil
}

// parseTrustedProxies reads --trusted-proxies: addresses ("10.0.0.5",
// "::1") and CIDR ranges ("10.0.0.0/8", "fd00::/8"), comma-separated.
func parseTrustedProxies(s string) ([]netip.Prefix, error) {
	var out []netip.Prefix
	for _, f := range splitList(s) {
		if p, err := netip.ParsePrefix(f); err == nil {
			out = append(out, p.Masked())
			continue
		}
		a, err := netip.ParseAddr(f)
		if err != nil || a.Zone() != "" {
			return nil, fmt.Errorf("%q is not an address or a CIDR range", f)
		}
		out = append(out, netip.PrefixFrom(a, a.BitLen()))
	}
	return out, nil
}

// splitList splits a comma-separated flag value.
func splitList(s string) []string {
	var out []string
	for _, f := range strings.Split(s, ",") {
		if f = strings.TrimSpace(f); f != "" {
			out = append(out, f)
		}
	}
	return out
}

// registerBots puts the real bots in the registry the tables draw from:
// bridge "easy" and "medium" play bridgebot's fast level, "strong" its
// strong level; belote "easy" and "medium" play belotebot's baseline,
// "strong" its sampling bot at its strong level (under 1 s a card).
var registerBots = sync.OnceFunc(func() {
	fast := func(seed uint64) bot.Bot { return bridgebot.NewLevel(bridgebot.Fast, seed) }
	bot.Register("bridge", bot.Easy, fast)
	bot.Register("bridge", bot.Medium, fast)
	bot.Register("bridge", bot.Strong, func(seed uint64) bot.Bot { return bridgebot.NewLevel(bridgebot.Strong, seed) })
	baseline := func(seed uint64) bot.Bot { return belotebot.NewBaseline(seed) }
	bot.Register("belote", bot.Easy, baseline)
	bot.Register("belote", bot.Medium, baseline)
	bot.Register("belote", bot.Strong, func(seed uint64) bot.Bot { return belotebot.NewStrong(belotebot.LevelStrong, seed) })
})

// tableGames are each game's abilities at the tables: the double-dummy
// review, hints and claims of bridge with the bidding system's
// explanations and bidding hint, and belote's review and hints on its
// exact solver.
func tableGames() map[string]match.Abilities {
	return map[string]match.Abilities{
		string(protocol.Bridge): explain.New().Abilities(bridgeanalysis.Abilities()),
		string(protocol.Belote): beloteanalysis.Abilities(),
	}
}

// serve runs the web app on an open store and listener until ctx is done.
func serve(ctx context.Context, c serveConfig, stdout io.Writer) error {
	registerBots()
	met := metrics.New()
	// One pool of double-dummy workers (GOMAXPROCS) for the claims, hints
	// and analyses of the tables and the tournaments' analyses: a player's
	// claim or hint goes before the analyses, and the solvers' memory is
	// bounded by the workers.
	// The pool has a worker a core. With lowered reviews, the Go
	// scheduler gets a P more a worker: a review the kernel keeps waiting
	// holds its P, and the tables must still find one at once. The bots
	// and hints are sized on the cores, not on the Ps.
	cores := runtime.GOMAXPROCS(0)
	if c.reviewNice > 0 {
		runtime.GOMAXPROCS(2 * cores)
		defer runtime.GOMAXPROCS(cores)
	}
	solvers := ddpool.New(ddpool.Config{Workers: cores, BackgroundNice: c.reviewNice})
	defer solvers.Close()
	tcfg := table.Config{
		BotQueue:    table.NewBotQueue(table.BotQueueConfig{Slots: max(1, cores/2)}),
		HintWorkers: max(1, cores/2),
		Store:       c.store, Logger: c.logger, Node: c.node,
		BotDelay: c.botDelay, TurnTimeout: c.turn, NextDelay: c.next,
		OnAction: met.ObserveAction,
		Games:    tableGames(),
		// Claims, hints and analyses run on the pool, the analyses
		// behind the players' work.
		Workers:         bridgeanalysis.Workers(solvers),
		AnalysisTimeout: 60 * time.Second,
		AnalysisWorkers: c.reviewWorkers,
		IdleTimeout:     c.idle,
		LeaseTTL:        c.lease,
	}
	var hub table.Hub
	if clustered(c.nats) {
		o := c.nats
		o.Table = tcfg
		ch, closeNATS, err := cluster.Open(o)
		if err != nil {
			return badInput("--nats: %v", err)
		}
		defer closeNATS()
		hub = ch
	} else {
		hub = table.NewLocalHub(tcfg)
	}
	// The server listens to the tables' finished tournament boards: make
	// it before resuming the tables, which may finish one at once.
	srv := server.New(server.Config{
		Store: c.store, Hub: hub, Assets: web.FS(), Logger: c.logger, Metrics: met,
		Secure: c.secure, Lang: server.I18n{}, Solvers: solvers, TrustedProxies: c.trustedProxies,
		MetricsToken: c.metricsToken,
	})
	if c.metricsListener != nil {
		ms := &http.Server{Handler: srv.MetricsHandler(), ReadHeaderTimeout: 10 * time.Second}
		go ms.Serve(c.metricsListener)
		defer ms.Close()
		c.logger.Info("metrics listening", "addr", c.metricsListener.Addr().String())
	}
	// The listener serves at once; the open tables are resumed in the
	// background (a request for one not resumed yet rebuilds it on
	// demand).
	resumed := make(chan struct{})
	go func() {
		defer close(resumed)
		start := time.Now()
		n, err := hub.Resume(ctx)
		if err != nil && ctx.Err() == nil {
			c.logger.Error("resuming tables", "err", err)
		}
		c.logger.Info("tables resumed", "resumed", n, "took", time.Since(start).String())
	}()
	if c.daily {
		go srv.RunDaily(ctx, c.dailyCfg)
	}
	c.logger.Info("listening", "addr", c.listener.Addr().String(), "node", c.node)
	fmt.Fprintf(stdout, "atout: serving on http://%s\n", c.listener.Addr())
	if f, ok := stdout.(interface{ Flush() error }); ok {
		f.Flush()
	}
	err := srv.Run(ctx, c.listener, 10*time.Second)
	<-resumed
	return err
}
