package main

import (
	"strings"
	"testing"
	"time"
)

func TestPercentile(t *testing.T) {
	ms := func(n int) time.Duration { return time.Duration(n) * time.Millisecond }
	var hundred Latencies
	for i := 100; i >= 1; i-- { // out of order on purpose
		hundred.Add(ms(i))
	}
	var one Latencies
	one.Add(ms(7))
	var ten Latencies
	for i := 1; i <= 10; i++ {
		ten.Add(ms(i))
	}
	for _, tc := range []struct {
		name string
		l    *Latencies
		p    float64
		want time.Duration
	}{
		{"empty", &Latencies{}, 50, 0},
		{"one p0", &one, 0, ms(7)},
		{"one p50", &one, 50, ms(7)},
		{"one p100", &one, 100, ms(7)},
		{"100 p0 is the minimum", &hundred, 0, ms(1)},
		{"100 p1", &hundred, 1, ms(1)},
		{"100 p50", &hundred, 50, ms(50)},
		{"100 p90", &hundred, 90, ms(90)},
		{"100 p99", &hundred, 99, ms(99)},
		{"100 p99.5 rounds up", &hundred, 99.5, ms(100)},
		{"100 p100", &hundred, 100, ms(100)},
		{"10 p50", &ten, 50, ms(5)},
		{"10 p51", &ten, 51, ms(6)},
		{"10 p99 is the maximum", &ten, 99, ms(10)},
	} {
		if got := tc.l.Percentile(tc.p); got != tc.want {
			t.Errorf("%s: Percentile(%v) = %v, want %v", tc.name, tc.p, got, tc.want)
		}
	}
	if got := hundred.Max(); got != ms(100) {
		t.Errorf("Max = %v, want 100ms", got)
	}
	// Adding after a percentile sorts again.
	hundred.Add(ms(1000))
	if got := hundred.Max(); got != ms(1000) {
		t.Errorf("Max after Add = %v, want 1s", got)
	}
}

func TestRecorderWindow(t *testing.T) {
	r := newRecorder()
	t0 := time.Now()
	r.move(t0, t0.Add(time.Millisecond), 0, "bridge", "S") // before the window
	r.fail("ws stale", t0)
	r.open(t0.Add(time.Second))
	r.move(t0.Add(2*time.Second), t0.Add(2*time.Second+5*time.Millisecond), 1, "belote", "N")
	r.fail("no ack", t0.Add(2*time.Second))
	r.fail("no ack", t0.Add(3*time.Second))
	r.close(t0.Add(4 * time.Second))
	// Sent in the window, acknowledged after it: counts.
	r.move(t0.Add(3900*time.Millisecond), t0.Add(4100*time.Millisecond), 1, "belote", "N")
	r.move(t0.Add(4*time.Second), t0.Add(4001*time.Millisecond), 1, "belote", "N") // after
	r.fail("closed 1001", t0.Add(5*time.Second))

	if n := r.lat.Len(); n != 2 {
		t.Fatalf("%d moves measured, want 2", n)
	}
	if got := r.lat.Max(); got != 200*time.Millisecond {
		t.Errorf("max %v, want 200ms", got)
	}
	if m := r.moves[0]; m.At != time.Second || m.Table != 1 || m.Game != "belote" || m.Seat != "N" || m.Latency != 5*time.Millisecond {
		t.Errorf("first move %+v", m)
	}
	if got := counts(countsOf(r.errs)); got != "no ack 2" {
		t.Errorf("errors in the window: %s", got)
	}
	if got := counts(countsOf(r.outside)); got != "closed 1001 1, ws stale 1" {
		t.Errorf("errors outside: %s", got)
	}
}

func TestHistQuantile(t *testing.T) {
	page := `# HELP atout_action_latency_seconds x
# TYPE atout_action_latency_seconds histogram
atout_action_latency_seconds_bucket{le="0.005"} 50
atout_action_latency_seconds_bucket{le="0.01"} 90
atout_action_latency_seconds_bucket{le="0.1"} 99
atout_action_latency_seconds_bucket{le="2.5"} 100
atout_action_latency_seconds_bucket{le="+Inf"} 100
atout_action_latency_seconds_count 100
atout_actions_total{by="bot"} 7
`
	m, err := parseMetrics(strings.NewReader(page))
	if err != nil {
		t.Fatal(err)
	}
	if m[`atout_actions_total{by="bot"}`] != 7 || m["atout_action_latency_seconds_count"] != 100 {
		t.Errorf("parsed %v", m)
	}
	for _, tc := range []struct{ q, want float64 }{{0.5, 0.005}, {0.9, 0.01}, {0.95, 0.1}, {0.99, 0.1}, {1, 2.5}} {
		if got := histQuantile(m, "atout_action_latency_seconds", tc.q); got != tc.want {
			t.Errorf("q %v: %v, want %v", tc.q, got, tc.want)
		}
	}
	if got := histQuantile(map[string]float64{}, "atout_action_latency_seconds", 0.5); got != 0 {
		t.Errorf("no histogram: %v, want 0", got)
	}
}

func TestClientAddr(t *testing.T) {
	for n, want := range map[int]string{1: "198.18.0.1", 256: "198.18.1.0", 65536: "198.19.0.0", 131071: "198.19.255.255"} {
		if got := clientAddr(n); got != want {
			t.Errorf("clientAddr(%d) = %s, want %s", n, got, want)
		}
	}
}

// TestProbeUseGC: the servers' collections in the window are the
// differences of their counters, summed over the nodes.
func TestProbeUseGC(t *testing.T) {
	p := &probe{metrics: []string{"node1", "node2"}}
	at := time.Now()
	page := func(cycles, cpu, assist, alloc float64) map[string]float64 {
		return map[string]float64{"atout_go_gc_cycles_total": cycles, "atout_go_gc_cpu_seconds_total": cpu, "atout_go_gc_assist_cpu_seconds_total": assist,
			"atout_go_heap_allocated_bytes_total": alloc}
	}
	a := snapshot{at: at, metrics: []map[string]float64{page(10, 2, 0.5, 1e9), page(3, 1, 0.25, 2e8)}}
	b := snapshot{at: at.Add(time.Minute), metrics: []map[string]float64{page(14, 3.5, 1.25, 3e9), page(5, 1.5, 0.5, 5e8)}}
	_, m := p.use(a, b, nil)
	if m == nil || m.GCCycles != 6 || m.GCCPU != 2 || m.GCAssist != 1 || m.Allocated != 2.3e9 {
		t.Errorf("use: %+v, want 6 collections, 2 s of CPU, 1 s of assists, 2.3e9 bytes allocated", m)
	}
}
