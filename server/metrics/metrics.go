// Package metrics holds the server's counters and writes them in the
// Prometheus text exposition format, by hand (no client library):
// requests, game actions, protocol errors, WebSocket messages, live tables,
// connected clients, the latency of actions, and the figures of the
// double-dummy solver pool. The server counts; the operator's scraper reads
// GET /metrics (docs/deploy.md).
package metrics

import (
	"fmt"
	"io"
	rtmetrics "runtime/metrics"
	"sort"
	"strconv"
	"sync"
	"sync/atomic"
	"time"

	"atout/bridge/dd/ddpool"
)

// Metrics are the server's counters. They are safe for concurrent use.
type Metrics struct {
	requests  sync.Map // "method code" -> *atomic.Int64
	errors    sync.Map // protocol error code -> *atomic.Int64
	humanActs atomic.Int64
	botActs   atomic.Int64
	clients   atomic.Int64
	wsMsgs    atomic.Int64

	mu      sync.Mutex
	buckets []float64 // upper bounds in seconds
	counts  []uint64  // per bucket (not cumulative)
	sum     float64
	count   uint64
}

// New returns empty metrics.
func New() *Metrics {
	b := []float64{0.0005, 0.001, 0.0025, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5}
	return &Metrics{buckets: b, counts: make([]uint64, len(b)+1)}
}

func inc(m *sync.Map, key string) {
	v, ok := m.Load(key)
	if !ok {
		v, _ = m.LoadOrStore(key, new(atomic.Int64))
	}
	v.(*atomic.Int64).Add(1)
}

// ObserveAction records an accepted action and its latency (table.Config's
// OnAction).
func (m *Metrics) ObserveAction(byBot bool, d time.Duration) {
	if byBot {
		m.botActs.Add(1)
	} else {
		m.humanActs.Add(1)
	}
	s := d.Seconds()
	m.mu.Lock()
	i := sort.SearchFloat64s(m.buckets, s)
	m.counts[i]++
	m.sum += s
	m.count++
	m.mu.Unlock()
}

// Quantile returns an estimate of the q-quantile of action latency (the
// upper bound of the bucket that holds it).
func (m *Metrics) Quantile(q float64) time.Duration {
	m.mu.Lock()
	defer m.mu.Unlock()
	if m.count == 0 {
		return 0
	}
	target := uint64(q * float64(m.count))
	var acc uint64
	for i, c := range m.counts {
		acc += c
		if acc > target {
			if i == len(m.buckets) {
				return time.Duration(m.buckets[len(m.buckets)-1]*2) * time.Second
			}
			return time.Duration(m.buckets[i] * float64(time.Second))
		}
	}
	return 0
}

// Request counts an HTTP request answered with status code.
func (m *Metrics) Request(method string, code int) {
	inc(&m.requests, fmt.Sprintf("%s %d", method, code))
}

// ProtocolError counts a request refused with the protocol error code.
func (m *Metrics) ProtocolError(code string) { inc(&m.errors, code) }

// Connected counts a WebSocket opened; call the returned function when it
// closes.
func (m *Metrics) Connected() (closed func()) {
	m.clients.Add(1)
	return func() { m.clients.Add(-1) }
}

// Message counts a WebSocket message received.
func (m *Metrics) Message() { m.wsMsgs.Add(1) }

// Write writes the whole exposition: the counters, tables (the number of
// live tables) and the solver pool's figures.
func (m *Metrics) Write(w io.Writer, tables int, solvers ddpool.Stats) {
	fmt.Fprintln(w, "# HELP atout_http_requests_total HTTP requests by method and status.")
	fmt.Fprintln(w, "# TYPE atout_http_requests_total counter")
	writeMap(w, &m.requests, func(k string, v int64) {
		var method string
		var code int
		fmt.Sscanf(k, "%s %d", &method, &code)
		fmt.Fprintf(w, "atout_http_requests_total{method=%q,code=\"%d\"} %d\n", method, code, v)
	})
	fmt.Fprintln(w, "# HELP atout_actions_total Accepted game actions, by who acted.")
	fmt.Fprintln(w, "# TYPE atout_actions_total counter")
	fmt.Fprintf(w, "atout_actions_total{by=\"human\"} %d\n", m.humanActs.Load())
	fmt.Fprintf(w, "atout_actions_total{by=\"bot\"} %d\n", m.botActs.Load())
	fmt.Fprintln(w, "# HELP atout_errors_total Requests refused with a protocol error, by code.")
	fmt.Fprintln(w, "# TYPE atout_errors_total counter")
	writeMap(w, &m.errors, func(k string, v int64) {
		fmt.Fprintf(w, "atout_errors_total{code=%q} %d\n", k, v)
	})
	fmt.Fprintln(w, "# HELP atout_ws_messages_total WebSocket messages received.")
	fmt.Fprintln(w, "# TYPE atout_ws_messages_total counter")
	fmt.Fprintf(w, "atout_ws_messages_total %d\n", m.wsMsgs.Load())
	fmt.Fprintln(w, "# HELP atout_live_tables Tables served by this process.")
	fmt.Fprintln(w, "# TYPE atout_live_tables gauge")
	fmt.Fprintf(w, "atout_live_tables %d\n", tables)
	fmt.Fprintln(w, "# HELP atout_connected_clients Open WebSocket connections.")
	fmt.Fprintln(w, "# TYPE atout_connected_clients gauge")
	fmt.Fprintf(w, "atout_connected_clients %d\n", m.clients.Load())
	fmt.Fprintln(w, "# HELP atout_action_latency_seconds Time from an action's arrival to the end of its broadcast (bots' thinking excluded).")
	fmt.Fprintln(w, "# TYPE atout_action_latency_seconds histogram")
	m.mu.Lock()
	var acc uint64
	for i, b := range m.buckets {
		acc += m.counts[i]
		fmt.Fprintf(w, "atout_action_latency_seconds_bucket{le=\"%g\"} %d\n", b, acc)
	}
	acc += m.counts[len(m.buckets)]
	fmt.Fprintf(w, "atout_action_latency_seconds_bucket{le=\"+Inf\"} %d\n", acc)
	fmt.Fprintf(w, "atout_action_latency_seconds_sum %g\n", m.sum)
	fmt.Fprintf(w, "atout_action_latency_seconds_count %d\n", m.count)
	m.mu.Unlock()
	writeSolvers(w, solvers)
	writeRuntime(w)
}

// runtimeSeries are the Go runtime's figures that size a node (from
// runtime/metrics, which does not stop the world): the series' name, its
// Prometheus type, its help and the runtime's sample. The counters are
// the garbage collector's work since the process started: how often it
// ran and the CPU it took, and of that CPU what the goroutines that
// allocated during a collection did themselves (assists): a move whose
// goroutine assists waits for it, so a load test reads from these whether
// the collector is what its slow moves wait for.
var runtimeSeries = []struct{ name, kind, help, sample string }{
	{"go_goroutines", "gauge", "Goroutines that currently exist.", "/sched/goroutines:goroutines"},
	{"atout_go_heap_objects_bytes", "gauge", "Memory of live and not yet swept heap objects.", "/memory/classes/heap/objects:bytes"},
	{"atout_go_memory_bytes", "gauge", "All memory the Go runtime mapped.", "/memory/classes/total:bytes"},
	{"atout_go_heap_goal_bytes", "gauge", "The heap size the next garbage collection aims at.", "/gc/heap/goal:bytes"},
	{"atout_go_gc_cycles_total", "counter", "Garbage collections completed.", "/gc/cycles/total:gc-cycles"},
	{"atout_go_heap_allocated_bytes_total", "counter", "Bytes allocated on the heap: what sets how often the collector runs.", "/gc/heap/allocs:bytes"},
	{"atout_go_gc_cpu_seconds_total", "counter", "CPU time of the garbage collector (all its work, pauses included).", "/cpu/classes/gc/total:cpu-seconds"},
	{"atout_go_gc_assist_cpu_seconds_total", "counter", "CPU time of the garbage collector's marking done by the goroutines that allocated during a collection.", "/cpu/classes/gc/mark/assist:cpu-seconds"},
}

// writeRuntime writes the runtimeSeries.
func writeRuntime(w io.Writer) {
	samples := make([]rtmetrics.Sample, len(runtimeSeries))
	for i, r := range runtimeSeries {
		samples[i].Name = r.sample
	}
	rtmetrics.Read(samples)
	for i, r := range runtimeSeries {
		fmt.Fprintf(w, "# HELP %s %s\n# TYPE %s %s\n%s %s\n", r.name, r.help, r.name, r.kind, r.name, sampleText(samples[i].Value))
	}
}

// sampleText writes a runtime sample's value (0 for a sample this Go does
// not have).
func sampleText(v rtmetrics.Value) string {
	switch v.Kind() {
	case rtmetrics.KindUint64:
		return strconv.FormatUint(v.Uint64(), 10)
	case rtmetrics.KindFloat64:
		return strconv.FormatFloat(v.Float64(), 'g', -1, 64)
	}
	return "0"
}

func writeMap(w io.Writer, m *sync.Map, f func(string, int64)) {
	var keys []string
	m.Range(func(k, _ any) bool { keys = append(keys, k.(string)); return true })
	sort.Strings(keys)
	for _, k := range keys {
		v, _ := m.Load(k)
		f(k, v.(*atomic.Int64).Load())
	}
}
