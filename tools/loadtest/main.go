// Command loadtest plays bridge and belote tables against a running Atout
// server, or several nodes of a cluster, over real WebSockets, the way
// people do: each client signs in as a guest, takes a seat, and plays a
// random legal action of the state it receives after a think time. After
// a warm-up it measures a window: the latency from a client's move to the
// first state it receives that includes it, the moves per second, the
// errors by kind and, when it can see them, the server process's CPU and
// memory (/proc) and the server's own counters (/metrics). docs/capacity.md
// has the figures it measured and the commands.
//
//	go run ./tools/loadtest -url http://127.0.0.1:8080 -tables 50 -humans 4 -think 3s
package main

import (
	"context"
	"errors"
	"flag"
	"fmt"
	"io"
	"net"
	"net/http"
	"net/url"
	"os"
	"os/signal"
	"runtime/debug"
	"strconv"
	"strings"
	"time"

	"atout/i18n"
)

const usage = `usage: loadtest [flags]

Plays -tables tables against the server at -url (several URLs: the tables
go round them) and prints what it measured. With -humans 4 the four seats
of each table are human clients; with -humans 1 one human plays with
three bots. Each client signs in as a guest: past 60 guests a minute from
one address the server refuses more, so either wait (the set-up waits
out the limit) or run the server with --trusted-proxies 127.0.0.1 and
give -xff, which gives each client an address of its own.

Examples:
  atout serve --db /tmp/lt.db --trusted-proxies 127.0.0.1 --metrics-addr 127.0.0.1:9090 &
  loadtest -xff -tables 100 -humans 4 -think 3s -metrics http://127.0.0.1:9090/metrics
  loadtest -xff -tables 40 -humans 1 -games bridge -csv /tmp/lt.csv

Flags:
`

// selfGCPercent is the generator's GOGC unless GOGC is set.
const selfGCPercent = 400

func main() {
	cfg, csvPath, err := parseArgs(os.Args[1:], os.Stderr)
	if errors.Is(err, flag.ErrHelp) {
		return
	}
	if err != nil {
		fmt.Fprintln(os.Stderr, "loadtest:", err)
		os.Exit(2)
	}
	if os.Getenv("GOGC") == "" {
		// The generator's own collections hold up its thousands of
		// clients' reads (each goroutine allocating during a marking
		// helps it first), and the latency measured counts that wait:
		// at 8,000 clients and GOGC=100 it collected every 5 s, some of
		// the slowest moves of a run being its own. Four times its live
		// heap collects a quarter as often; GOGC still sets it.
		debug.SetGCPercent(selfGCPercent)
	}
	ctx, stop := signal.NotifyContext(context.Background(), os.Interrupt)
	defer stop()
	res, err := Run(ctx, cfg, os.Stderr)
	if res != nil && res.Window > 0 {
		report(os.Stdout, &cfg, res)
	}
	if err != nil {
		fmt.Fprintln(os.Stderr, "loadtest:", err)
		os.Exit(1)
	}
	if csvPath != "" {
		f, err := os.Create(csvPath)
		if err == nil {
			err = writeCSV(f, res.Moves)
			if cerr := f.Close(); err == nil {
				err = cerr
			}
		}
		if err != nil {
			fmt.Fprintln(os.Stderr, "loadtest: -csv:", err)
			os.Exit(1)
		}
	}
}

// parseArgs reads the flags into a run's configuration and the CSV path.
func parseArgs(args []string, stderr io.Writer) (Config, string, error) {
	var cfg Config
	fs := flag.NewFlagSet("loadtest", flag.ContinueOnError)
	fs.SetOutput(stderr)
	fs.Usage = func() {
		fmt.Fprint(stderr, usage)
		fs.PrintDefaults()
	}
	urls := fs.String("url", "http://127.0.0.1:8080", "the server, or comma-separated nodes of a cluster")
	fs.IntVar(&cfg.Tables, "tables", 10, "tables to play")
	fs.IntVar(&cfg.Humans, "humans", 4, "human clients per table, 1 to 4 (bots in the other seats)")
	games := fs.String("games", "bridge,belote", "the tables' games, taken in turn")
	fs.StringVar(&cfg.Level, "level", "medium", "the bots' level: easy, medium or strong")
	fs.DurationVar(&cfg.Think, "think", 3*time.Second, "a human's think time before each move")
	fs.Float64Var(&cfg.Jitter, "jitter", 0.5, "think time jitter: uniform in think × [1-jitter, 1+jitter]")
	fs.DurationVar(&cfg.Warmup, "warmup", 30*time.Second, "play this long before measuring")
	fs.DurationVar(&cfg.Duration, "duration", 60*time.Second, "measure this long")
	fs.DurationVar(&cfg.Timeout, "timeout", 10*time.Second, "a move not acknowledged within this is an error (no ack)")
	fs.IntVar(&cfg.Parallel, "parallel", 8, "tables set up at once")
	fs.BoolVar(&cfg.SpreadSeats, "spread-seats", false, "with several URLs, put each table's humans on different nodes (their moves cross NATS)")
	fs.BoolVar(&cfg.XFF, "xff", false, "give each client its own address in X-Forwarded-For (198.18.0.0/15; the server needs --trusted-proxies with this machine's address)")
	langs := fs.String("langs", "", "comma-separated languages the clients read, given in turn (en, fr, de, hi, ko, named as a page names its language; the calls' meanings come in it); none: English")
	fs.BoolVar(&cfg.Keep, "keep", false, "leave the tables open at the end (by default their owners close them)")
	fs.Uint64Var(&cfg.Seed, "seed", 1, "seed of the clients' choices and think times")
	pids := fs.String("pid", "", "comma-separated server process ids to watch (default: the process listening on a loopback -url's port, if any)")
	metrics := fs.String("metrics", "", "comma-separated /metrics URLs of the nodes (e.g. http://127.0.0.1:9090/metrics with atout serve --metrics-addr)")
	tokenFile := fs.String("metrics-token-file", "", "file holding the /metrics token, for /metrics on the public address")
	csvPath := fs.String("csv", "", "write the measured moves (t_s, table, game, seat, latency_ms) to this CSV file")
	if err := fs.Parse(args); err != nil {
		return cfg, "", err
	}
	if fs.NArg() > 0 {
		return cfg, "", fmt.Errorf("unexpected argument %q", fs.Arg(0))
	}
	cfg.URLs = split(*urls)
	cfg.Games = split(*games)
	cfg.Langs = split(*langs)
	switch {
	case len(cfg.URLs) == 0:
		return cfg, "", errors.New("-url: none given")
	case cfg.Tables < 1:
		return cfg, "", errors.New("-tables: want at least 1")
	case cfg.Humans < 1 || cfg.Humans > 4:
		return cfg, "", errors.New("-humans: want 1 to 4")
	case cfg.Jitter < 0 || cfg.Jitter > 1:
		return cfg, "", errors.New("-jitter: want 0 to 1")
	case cfg.Duration <= 0 || cfg.Timeout <= 0 || cfg.Think < 0 || cfg.Warmup < 0:
		return cfg, "", errors.New("-duration and -timeout must be positive, -think and -warmup not negative")
	}
	for _, g := range cfg.Games {
		if g != "bridge" && g != "belote" {
			return cfg, "", fmt.Errorf("-games: %q: want bridge or belote", g)
		}
	}
	for _, l := range cfg.Langs {
		if !i18n.Lang(l).Valid() {
			return cfg, "", fmt.Errorf("-langs: %q: want one of %v", l, i18n.Supported)
		}
	}
	for _, u := range cfg.URLs {
		if p, err := url.Parse(u); err != nil || (p.Scheme != "http" && p.Scheme != "https") || p.Host == "" {
			return cfg, "", fmt.Errorf("-url %q: want http://host:port", u)
		}
	}
	p := &probe{metrics: split(*metrics), hc: &http.Client{Timeout: 10 * time.Second}}
	if *tokenFile != "" {
		b, err := os.ReadFile(*tokenFile)
		if err != nil {
			return cfg, "", fmt.Errorf("-metrics-token-file: %v", err)
		}
		p.token = strings.TrimSpace(string(b))
	}
	for _, s := range split(*pids) {
		pid, err := strconv.Atoi(s)
		if err != nil || pid <= 0 {
			return cfg, "", fmt.Errorf("-pid %q: want a process id", s)
		}
		p.pids = append(p.pids, pid)
	}
	if *pids == "" {
		p.pids = localServers(cfg.URLs, stderr)
	}
	cfg.Probe = p
	return cfg, *csvPath, nil
}

// localServers finds the processes serving the loopback URLs.
func localServers(urls []string, log io.Writer) []int {
	var pids []int
	for _, u := range urls {
		p, _ := url.Parse(u)
		ip := net.ParseIP(p.Hostname())
		if p.Hostname() != "localhost" && (ip == nil || !ip.IsLoopback()) {
			continue
		}
		port, _ := strconv.Atoi(p.Port())
		if port == 0 {
			port = 80
		}
		pid, err := listeningPID(port)
		if err != nil {
			fmt.Fprintf(log, "loadtest: %s: %v (give -pid to watch the server)\n", u, err)
			continue
		}
		fmt.Fprintf(log, "loadtest: watching pid %d, serving %s\n", pid, u)
		pids = append(pids, pid)
	}
	return pids
}

func split(s string) []string {
	var out []string
	for _, f := range strings.Split(s, ",") {
		if f = strings.TrimSpace(f); f != "" {
			out = append(out, f)
		}
	}
	return out
}
