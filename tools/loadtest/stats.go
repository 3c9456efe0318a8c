package main

import (
	"math"
	"slices"
	"sort"
	"sync"
	"time"
)

// Latencies is a set of measured durations that answers percentiles.
type Latencies struct {
	d      []time.Duration
	sorted bool
}

// Add records d.
func (l *Latencies) Add(d time.Duration) {
	l.d = append(l.d, d)
	l.sorted = false
}

// Len is the number of durations recorded.
func (l *Latencies) Len() int { return len(l.d) }

// Percentile returns the p-th percentile (0 to 100) by the nearest-rank
// method: the smallest duration with at least p % of them at or below it,
// so that the 100th is the maximum and every answer is a measured value.
// It is 0 when nothing was recorded.
func (l *Latencies) Percentile(p float64) time.Duration {
	if len(l.d) == 0 {
		return 0
	}
	if !l.sorted {
		slices.Sort(l.d)
		l.sorted = true
	}
	rank := int(math.Ceil(p / 100 * float64(len(l.d))))
	return l.d[min(max(rank, 1), len(l.d))-1]
}

// Max is the longest duration recorded (0 when none).
func (l *Latencies) Max() time.Duration { return l.Percentile(100) }

// Move is one acknowledged move of the measured window, for the CSV.
type Move struct {
	At      time.Duration // from the start of the window to the move
	Table   int
	Game    string
	Seat    string
	Latency time.Duration
}

// recorder collects what the clients see. Moves sent in the measured
// window, and errors met in it, count; the rest (set-up, warm-up) only
// in the errors outside the window.
type recorder struct {
	mu       sync.Mutex
	from, to time.Time // the measured window; zero until opened
	lat      Latencies
	moves    []Move
	errs     map[string]int // in the window
	outside  map[string]int // before or after it
	// states and bytes count the state messages received in the window
	// and their size.
	states, bytes int
	// redirects counts the connections a node sent to the table's own
	// node (over the whole run).
	redirects int
}

func newRecorder() *recorder {
	return &recorder{errs: map[string]int{}, outside: map[string]int{}}
}

// open starts the measured window at t; close ends it at t.
func (r *recorder) open(t time.Time) {
	r.mu.Lock()
	r.from = t
	r.mu.Unlock()
}

func (r *recorder) close(t time.Time) {
	r.mu.Lock()
	r.to = t
	r.mu.Unlock()
}

// inWindow reports whether t falls in the window; r.mu held.
func (r *recorder) inWindow(t time.Time) bool {
	return !r.from.IsZero() && !t.Before(r.from) && (r.to.IsZero() || t.Before(r.to))
}

// move records a move sent at sent and acknowledged (a state including
// it received) at acked.
func (r *recorder) move(sent, acked time.Time, table int, game, seat string) {
	r.mu.Lock()
	defer r.mu.Unlock()
	if !r.inWindow(sent) {
		return
	}
	d := acked.Sub(sent)
	r.lat.Add(d)
	r.moves = append(r.moves, Move{At: sent.Sub(r.from), Table: table, Game: game, Seat: seat, Latency: d})
}

// received counts a state message of n bytes read at t.
func (r *recorder) received(n int, t time.Time) {
	r.mu.Lock()
	defer r.mu.Unlock()
	if r.inWindow(t) {
		r.states++
		r.bytes += n
	}
}

// redirected counts a connection sent to the table's own node.
func (r *recorder) redirected() {
	r.mu.Lock()
	r.redirects++
	r.mu.Unlock()
}

// fail counts an error of a kind met at t.
func (r *recorder) fail(kind string, t time.Time) {
	r.mu.Lock()
	defer r.mu.Unlock()
	if r.inWindow(t) {
		r.errs[kind]++
	} else {
		r.outside[kind]++
	}
}

// Counts is a count by kind, listed in order of kind.
type Counts []Count

// Count is one kind's count.
type Count struct {
	Kind string
	N    int
}

func countsOf(m map[string]int) Counts {
	out := make(Counts, 0, len(m))
	for k, n := range m {
		out = append(out, Count{k, n})
	}
	sort.Slice(out, func(i, j int) bool { return out[i].Kind < out[j].Kind })
	return out
}

// Total is the sum of the counts.
func (c Counts) Total() int {
	t := 0
	for _, x := range c {
		t += x.N
	}
	return t
}
