package metrics

import (
	"runtime"
	"strconv"
	"strings"
	"sync"
	"testing"
	"time"

	"atout/bridge/dd/ddpool"
)

// TestWrite: every counter appears in the exposition with its value, the
// latency histogram is cumulative, and the solver pool's figures follow.
func TestWrite(t *testing.T) {
	m := New()
	var wg sync.WaitGroup
	for range 4 {
		wg.Go(func() {
			m.Request("GET", 200)
			m.ProtocolError("limit")
			m.Message()
		})
	}
	wg.Wait()
	m.Request("POST", 429)
	closed := m.Connected()
	m.Connected()
	closed()
	m.ObserveAction(false, 300*time.Microsecond)
	m.ObserveAction(true, 20*time.Millisecond)
	m.ObserveAction(true, 10*time.Second)
	var b strings.Builder
	m.Write(&b, 7, ddpool.Stats{Workers: 2, Running: 1, QueuedPlayer: 3, QueuedBackground: 4, Done: 5, Refused: 6})
	out := b.String()
	for _, line := range []string{
		`atout_http_requests_total{method="GET",code="200"} 4`,
		`atout_http_requests_total{method="POST",code="429"} 1`,
		`atout_actions_total{by="human"} 1`,
		`atout_actions_total{by="bot"} 2`,
		`atout_errors_total{code="limit"} 4`,
		`atout_ws_messages_total 4`,
		`atout_live_tables 7`,
		`atout_connected_clients 1`,
		`atout_action_latency_seconds_bucket{le="0.0005"} 1`,
		`atout_action_latency_seconds_bucket{le="0.025"} 2`,
		`atout_action_latency_seconds_bucket{le="2.5"} 2`,
		`atout_action_latency_seconds_bucket{le="+Inf"} 3`,
		`atout_action_latency_seconds_count 3`,
		`atout_dd_workers 2`,
		`atout_dd_running 1`,
		`atout_dd_queued{priority="player"} 3`,
		`atout_dd_queued{priority="background"} 4`,
		`atout_dd_done_total 5`,
		`atout_dd_refused_total 6`,
		`# TYPE atout_action_latency_seconds histogram`,
	} {
		if !strings.Contains(out, line+"\n") {
			t.Errorf("no line %q in\n%s", line, out)
		}
	}
	if i, j := strings.Index(out, `method="GET"`), strings.Index(out, `method="POST"`); i > j {
		t.Error("requests not sorted by key")
	}
}

// TestQuantile: the estimate is the upper bound of the bucket holding the
// quantile, twice the last bound past it, 0 with no action.
func TestQuantile(t *testing.T) {
	m := New()
	if q := m.Quantile(0.5); q != 0 {
		t.Errorf("no action: %v", q)
	}
	for range 9 {
		m.ObserveAction(false, 3*time.Millisecond)
	}
	m.ObserveAction(false, time.Minute)
	if q := m.Quantile(0.5); q != 5*time.Millisecond {
		t.Errorf("median %v, want 5ms", q)
	}
	if q := m.Quantile(0.99); q != 5*time.Second {
		t.Errorf("99th percentile %v, want 5s", q)
	}
}

// TestRuntimeCounters checks that the collector's counters are written as
// counters with the runtime's values: after a forced collection, at least
// one cycle and some CPU (the assists may be zero).
func TestRuntimeCounters(t *testing.T) {
	runtime.GC()
	var b strings.Builder
	New().Write(&b, 0, ddpool.Stats{})
	values := map[string]float64{}
	for _, line := range strings.Split(b.String(), "\n") {
		if f := strings.Fields(line); len(f) == 2 && !strings.HasPrefix(line, "#") {
			v, err := strconv.ParseFloat(f[1], 64)
			if err != nil {
				t.Fatalf("%q: %v", line, err)
			}
			values[f[0]] = v
		}
	}
	for _, name := range []string{"atout_go_gc_cycles_total", "atout_go_gc_cpu_seconds_total", "atout_go_gc_assist_cpu_seconds_total", "atout_go_heap_allocated_bytes_total"} {
		if !strings.Contains(b.String(), "# TYPE "+name+" counter\n") {
			t.Errorf("%s is not written as a counter", name)
		}
		if _, ok := values[name]; !ok {
			t.Errorf("no sample of %s", name)
		}
	}
	if !strings.Contains(b.String(), "# TYPE atout_go_heap_goal_bytes gauge\n") {
		t.Error("the heap goal is not written as a gauge")
	}
	if values["atout_go_gc_cycles_total"] < 1 || values["atout_go_gc_cpu_seconds_total"] <= 0 {
		t.Errorf("after a collection: %v cycles, %v s of CPU", values["atout_go_gc_cycles_total"], values["atout_go_gc_cpu_seconds_total"])
	}
	if values["atout_go_heap_allocated_bytes_total"] < values["atout_go_heap_objects_bytes"] {
		t.Errorf("%v bytes allocated, fewer than the %v in the heap", values["atout_go_heap_allocated_bytes_total"], values["atout_go_heap_objects_bytes"])
	}
	if values["atout_go_gc_assist_cpu_seconds_total"] > values["atout_go_gc_cpu_seconds_total"] {
		t.Error("the assists are more than the collector's whole CPU")
	}
}
