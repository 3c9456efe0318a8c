package server

import (
	"context"
	"runtime/debug"
	"runtime/metrics"
	"time"
)

// minGCPercent is the least GOGC PaceGC sets: a heap that is nearly all
// fixed tables still gets some room, or the collector would run all the
// time.
const minGCPercent = 50

// gcPercentFor returns the GOGC that gives a heap of live bytes, of which
// fixed are fixed-size tables, the goal of base percent over the rest of
// it and nothing over the tables: live + p% of live = (live-fixed)(1+base%)
// + fixed.
func gcPercentFor(base int, live, fixed int64) int {
	if live <= 0 {
		return base
	}
	fixed = min(max(fixed, 0), live)
	p := int(int64(base) * (live - fixed) / live)
	return max(p, min(base, minGCPercent))
}

// PaceGC keeps the collector at base percent (GOGC) over the live heap but
// for the fixed bytes (fixed(): the solvers' transposition tables,
// dd.TableBytes), until ctx ends. A GOGC of G lets the heap grow to 1+G/100
// times what is live; counted in full, the tables of the review workers and
// the bots (some 100 MB, the same at 10 tables as at 2,000) would let it
// grow by G% of their size in garbage (300 MB of RSS at GOGC=300) that buys
// no fewer collections of the tables' work. After each collection (polled
// every poll) the percent is set so that the goal is 1+base/100 times the
// rest plus the tables once.
func PaceGC(ctx context.Context, base int, fixed func() int64, poll time.Duration) {
	samples := []metrics.Sample{{Name: "/gc/cycles/total:gc-cycles"}, {Name: "/gc/heap/live:bytes"}}
	var cycles uint64
	set := base
	t := time.NewTicker(poll)
	defer t.Stop()
	for {
		metrics.Read(samples)
		if samples[0].Value.Kind() == metrics.KindUint64 && samples[1].Value.Kind() == metrics.KindUint64 {
			if c := samples[0].Value.Uint64(); c != cycles {
				cycles = c
				if p := gcPercentFor(base, int64(samples[1].Value.Uint64()), fixed()); p != set {
					debug.SetGCPercent(p)
					set = p
				}
			}
		}
		select {
		case <-ctx.Done():
			return
		case <-t.C:
		}
	}
}
