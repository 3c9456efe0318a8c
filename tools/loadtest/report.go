package main

import (
	"encoding/csv"
	"fmt"
	"io"
	"math"
	"strconv"
	"strings"
	"text/tabwriter"
	"time"
)

// report prints the run's figures as a table.
func report(w io.Writer, cfg *Config, r *Result) {
	tw := tabwriter.NewWriter(w, 0, 8, 2, ' ', 0)
	row := func(k, format string, a ...any) { fmt.Fprintf(tw, "%s\t%s\n", k, fmt.Sprintf(format, a...)) }
	bots := ""
	if cfg.Humans < 4 {
		bots = fmt.Sprintf(" + %d %s bots", 4-cfg.Humans, cfg.Level)
	}
	row("tables", "%d of %d seated in %v (%s; %d humans%s; %d node(s))", r.Tables, cfg.Tables,
		r.SetupTook.Round(time.Millisecond), strings.Join(cfg.Games, ", "), cfg.Humans, bots, len(cfg.URLs))
	if len(r.SetupErrors) > 0 {
		row("set-up errors", "%s", counts(r.SetupErrors))
	}
	row("think", "%v ±%.0f%% a move", cfg.Think, 100*cfg.Jitter)
	row("window", "%v measured after %v of warm-up", r.Window.Round(time.Millisecond), cfg.Warmup)
	l := &r.Latency
	secs := max(r.Window.Seconds(), 1e-9)
	row("moves", "%d acknowledged (%.1f/s)", l.Len(), float64(l.Len())/secs)
	row("latency", "p50 %v  p90 %v  p99 %v  max %v", ms(l.Percentile(50)), ms(l.Percentile(90)), ms(l.Percentile(99)), ms(l.Max()))
	row("states", "%d received (%.1f/s), %.1f KiB on average, %.2f MiB/s", r.States, float64(r.States)/secs,
		float64(r.StateBytes)/float64(max(r.States, 1))/1024, float64(r.StateBytes)/secs/(1<<20))
	row("errors", "%s", counts(r.Errors))
	if r.Redirects > 0 {
		row("redirects", "%d connections sent to their table's own node (--advertise)", r.Redirects)
	}
	if len(r.Outside) > 0 {
		row("errors outside", "%s (set-up, warm-up, end)", counts(r.Outside))
	}
	for _, p := range r.Server {
		k := fmt.Sprintf("server pid %d", p.PID)
		if p.Err != "" {
			row(k, "%s", p.Err)
			continue
		}
		row(k, "CPU %.2f cores (%v); RSS %s at end (%s at start, peak %s)", p.Cores, p.CPU.Round(10*time.Millisecond),
			mib(p.RSSEnd), mib(p.RSSStart), mib(p.RSSMax))
	}
	row("loadtest CPU", "%.2f cores (%v)", r.Self.Seconds()/secs, r.Self.Round(10*time.Millisecond))
	if g := r.SelfGC; g.Cycles > 0 {
		row("loadtest GC", "%d collections, %v of CPU, %v of it in assists (its clients' reads wait: counted in the latency)",
			g.Cycles, g.CPU.Round(10*time.Millisecond), g.Assist.Round(10*time.Millisecond))
	}
	if m := r.Metrics; m != nil {
		if m.Err != "" {
			row("server metrics", "%s", m.Err)
		}
		row("server actions", "%.0f human + %.0f bot (%.1f/s); %.0f live tables, %.0f clients at the end",
			m.Human, m.Bot, (m.Human+m.Bot)/secs, m.Tables, m.Clients)
		row("server latency", "p50 ≤ %s  p99 ≤ %s (arrival to end of broadcast, histogram bucket)", bound(m.P50), bound(m.P99))
		row("double dummy", "%.0f done, %.0f refused (queue full)", m.Analyses, m.Refused)
		if m.GCCycles > 0 {
			row("server GC", "%.0f collections (one every %.1f s), %.2f s of CPU, %.2f s of it by the goroutines allocating meanwhile (assists: moves wait)",
				m.GCCycles, secs/m.GCCycles, m.GCCPU, m.GCAssist)
		}
		if acts := m.Human + m.Bot; m.Allocated > 0 && acts > 0 {
			row("server allocated", "%.1f MiB/s, %.1f KiB an action (what sets how often the collector runs)",
				m.Allocated/secs/(1<<20), m.Allocated/acts/(1<<10))
		}
	}
	tw.Flush()
}

// writeCSV writes the measured moves, one a line: seconds into the
// window, table, game, seat, latency in milliseconds.
func writeCSV(w io.Writer, moves []Move) error {
	cw := csv.NewWriter(w)
	cw.Write([]string{"t_s", "table", "game", "seat", "latency_ms"})
	for _, m := range moves {
		cw.Write([]string{
			strconv.FormatFloat(m.At.Seconds(), 'f', 3, 64), strconv.Itoa(m.Table), m.Game, m.Seat,
			strconv.FormatFloat(float64(m.Latency)/float64(time.Millisecond), 'f', 3, 64),
		})
	}
	cw.Flush()
	return cw.Error()
}

func counts(c Counts) string {
	if len(c) == 0 {
		return "none"
	}
	var parts []string
	for _, x := range c {
		parts = append(parts, fmt.Sprintf("%s %d", x.Kind, x.N))
	}
	return strings.Join(parts, ", ")
}

// ms rounds a latency for the table.
func ms(d time.Duration) time.Duration {
	switch {
	case d >= time.Second:
		return d.Round(time.Millisecond)
	case d >= time.Millisecond:
		return d.Round(100 * time.Microsecond)
	}
	return d.Round(time.Microsecond)
}

func mib(b int64) string { return fmt.Sprintf("%.1f MiB", float64(b)/(1<<20)) }

// bound writes a histogram bound given in seconds.
func bound(s float64) string {
	if math.IsInf(s, 1) {
		return "+Inf"
	}
	return time.Duration(s * float64(time.Second)).String()
}
