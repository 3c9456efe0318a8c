package main

import (
	"bufio"
	"context"
	"fmt"
	"io"
	"net/http"
	"os"
	"path/filepath"
	"sort"
	"strconv"
	"strings"
	"time"
)

// probe watches the server: its processes' CPU and memory (from /proc,
// for processes on this machine) and its /metrics. A nil probe watches
// nothing.
type probe struct {
	pids    []int
	metrics []string // URLs of /metrics
	token   string   // the operator's token of /metrics, if any
	hc      *http.Client
}

// clockTick is the unit of the CPU times in /proc/<pid>/stat (USER_HZ,
// 100 on every Linux architecture Go runs on).
const clockTick = 10 * time.Millisecond

// snapshot is the probe's reading at one time.
type snapshot struct {
	at      time.Time
	cpu     []time.Duration // per pid; -1 when unreadable
	rss     []int64         // per pid, bytes
	metrics []map[string]float64
}

// procUse is what one server process used in the window.
type procUse struct {
	PID                      int
	CPU                      time.Duration
	Cores                    float64 // CPU / window
	RSSStart, RSSEnd, RSSMax int64   // bytes
	Err                      string  // why it could not be read
}

// metricsUse is what the servers' /metrics say of the window, summed over
// the nodes.
type metricsUse struct {
	Human, Bot        float64 // actions accepted in the window
	Tables, Clients   float64 // live at its end
	P50, P99          float64 // seconds: the upper bound of the histogram bucket of the servers' action latency
	Analyses, Refused float64 // double-dummy work done and refused (full queue)
	// GCCycles, GCCPU and GCAssist are the servers' garbage collections in
	// the window, their CPU in seconds, and the part of it done by the
	// goroutines that allocated during a collection (which wait for it).
	GCCycles, GCCPU, GCAssist float64
	// Allocated is the bytes the servers allocated in the window.
	Allocated float64
	Err       string
}

func (p *probe) sample() snapshot {
	s := snapshot{at: time.Now()}
	if p == nil {
		return s
	}
	for _, pid := range p.pids {
		cpu, rss, err := readProc(pid)
		if err != nil {
			cpu, rss = -1, -1
		}
		s.cpu, s.rss = append(s.cpu, cpu), append(s.rss, rss)
	}
	for _, u := range p.metrics {
		m, err := p.scrape(u)
		if err != nil {
			m = nil
		}
		s.metrics = append(s.metrics, m)
	}
	return s
}

// watchPeaks samples the processes' RSS every period until ctx is done
// and returns the largest seen of each.
func (p *probe) watchPeaks(ctx context.Context, period time.Duration) []int64 {
	if p == nil {
		return nil
	}
	peak := make([]int64, len(p.pids))
	t := time.NewTicker(period)
	defer t.Stop()
	for {
		for i, pid := range p.pids {
			if _, rss, err := readProc(pid); err == nil {
				peak[i] = max(peak[i], rss)
			}
		}
		select {
		case <-ctx.Done():
			return peak
		case <-t.C:
		}
	}
}

// use is what the servers used between two snapshots.
func (p *probe) use(a, b snapshot, peaks []int64) ([]procUse, *metricsUse) {
	if p == nil {
		return nil, nil
	}
	window := b.at.Sub(a.at)
	var procs []procUse
	for i, pid := range p.pids {
		u := procUse{PID: pid}
		if a.cpu[i] < 0 || b.cpu[i] < 0 {
			u.Err = "cannot read /proc/" + strconv.Itoa(pid)
		} else {
			u.CPU = b.cpu[i] - a.cpu[i]
			u.Cores = u.CPU.Seconds() / window.Seconds()
			u.RSSStart, u.RSSEnd, u.RSSMax = a.rss[i], b.rss[i], max(a.rss[i], b.rss[i], peaks[i])
		}
		procs = append(procs, u)
	}
	if len(p.metrics) == 0 {
		return procs, nil
	}
	m := &metricsUse{}
	delta := map[string]float64{}
	for i := range p.metrics {
		if a.metrics[i] == nil || b.metrics[i] == nil {
			m.Err = "cannot read " + p.metrics[i]
			continue
		}
		for k, v := range b.metrics[i] {
			delta[k] += v - a.metrics[i][k]
		}
		m.Tables += b.metrics[i]["atout_live_tables"]
		m.Clients += b.metrics[i]["atout_connected_clients"]
	}
	m.Human = delta[`atout_actions_total{by="human"}`]
	m.Bot = delta[`atout_actions_total{by="bot"}`]
	m.Analyses = delta["atout_dd_done_total"]
	m.Refused = delta["atout_dd_refused_total"]
	m.GCCycles = delta["atout_go_gc_cycles_total"]
	m.GCCPU = delta["atout_go_gc_cpu_seconds_total"]
	m.GCAssist = delta["atout_go_gc_assist_cpu_seconds_total"]
	m.Allocated = delta["atout_go_heap_allocated_bytes_total"]
	m.P50, m.P99 = histQuantile(delta, "atout_action_latency_seconds", 0.5), histQuantile(delta, "atout_action_latency_seconds", 0.99)
	return procs, m
}

// scrape reads a /metrics page: each sample by its series (name and
// labels as written).
func (p *probe) scrape(u string) (map[string]float64, error) {
	req, err := http.NewRequest("GET", u, nil)
	if err != nil {
		return nil, err
	}
	if p.token != "" {
		req.Header.Set("Authorization", "Bearer "+p.token)
	}
	resp, err := p.hc.Do(req)
	if err != nil {
		return nil, err
	}
	defer resp.Body.Close()
	if resp.StatusCode != http.StatusOK {
		return nil, fmt.Errorf("%s: %s", u, resp.Status)
	}
	return parseMetrics(resp.Body)
}

// parseMetrics reads the Prometheus text format (samples without
// timestamps, as the server writes them).
func parseMetrics(r io.Reader) (map[string]float64, error) {
	out := map[string]float64{}
	sc := bufio.NewScanner(r)
	for sc.Scan() {
		line := strings.TrimSpace(sc.Text())
		if line == "" || line[0] == '#' {
			continue
		}
		i := strings.LastIndexByte(line, ' ')
		if i < 0 {
			continue
		}
		v, err := strconv.ParseFloat(line[i+1:], 64)
		if err != nil {
			continue
		}
		out[line[:i]] = v
	}
	return out, sc.Err()
}

// histQuantile is the q-quantile of histogram name in samples (counts of
// a window): the upper bound of the bucket that holds it, in seconds; 0
// without observations, +Inf past the last bound.
func histQuantile(samples map[string]float64, name string, q float64) float64 {
	type bucket struct{ le, n float64 }
	var bs []bucket
	prefix := name + `_bucket{le="`
	for k, n := range samples {
		le, ok := strings.CutPrefix(k, prefix)
		if !ok {
			continue
		}
		v, err := strconv.ParseFloat(strings.TrimSuffix(le, `"}`), 64) // "+Inf" parses
		if err == nil {
			bs = append(bs, bucket{v, n})
		}
	}
	sort.Slice(bs, func(i, j int) bool { return bs[i].le < bs[j].le })
	if len(bs) == 0 || bs[len(bs)-1].n == 0 {
		return 0
	}
	total := bs[len(bs)-1].n
	for _, b := range bs {
		if b.n >= q*total {
			return b.le
		}
	}
	return bs[len(bs)-1].le
}

// readProc reads a process's CPU time (user and system) and resident
// memory.
func readProc(pid int) (cpu time.Duration, rss int64, err error) {
	stat, err := os.ReadFile(fmt.Sprintf("/proc/%d/stat", pid))
	if err != nil {
		return 0, 0, err
	}
	// The command name, in parentheses, may hold spaces: count the
	// fields after it (the third field of the line, the state, first).
	i := strings.LastIndexByte(string(stat), ')')
	f := strings.Fields(string(stat[i+1:]))
	if len(f) < 13 {
		return 0, 0, fmt.Errorf("/proc/%d/stat: %d fields", pid, len(f))
	}
	utime, _ := strconv.ParseInt(f[11], 10, 64)
	stime, _ := strconv.ParseInt(f[12], 10, 64)
	status, err := os.ReadFile(fmt.Sprintf("/proc/%d/status", pid))
	if err != nil {
		return 0, 0, err
	}
	for line := range strings.Lines(string(status)) {
		if v, ok := strings.CutPrefix(line, "VmRSS:"); ok {
			kb, _ := strconv.ParseInt(strings.TrimSuffix(strings.TrimSpace(v), " kB"), 10, 64)
			rss = kb << 10
		}
	}
	return time.Duration(utime+stime) * clockTick, rss, nil
}

// listeningPID finds the process on this machine listening on TCP port,
// through the socket's inode in /proc/net/tcp{,6} and the processes'
// file descriptors (only the processes this user may look into).
func listeningPID(port int) (int, error) {
	inodes := map[string]bool{}
	for _, f := range []string{"/proc/net/tcp", "/proc/net/tcp6"} {
		data, err := os.ReadFile(f)
		if err != nil {
			continue
		}
		for line := range strings.Lines(string(data)) {
			// sl local_address rem_address st tx_queue:rx_queue tr tm->when retrnsmt uid timeout inode
			fs := strings.Fields(line)
			if len(fs) < 10 || fs[3] != "0A" { // LISTEN
				continue
			}
			_, hexPort, _ := strings.Cut(fs[1], ":")
			if p, err := strconv.ParseInt(hexPort, 16, 32); err == nil && int(p) == port {
				inodes["socket:["+fs[9]+"]"] = true
			}
		}
	}
	if len(inodes) == 0 {
		return 0, fmt.Errorf("nothing listens on port %d", port)
	}
	fds, _ := filepath.Glob("/proc/[0-9]*/fd/*")
	for _, fd := range fds {
		if link, err := os.Readlink(fd); err == nil && inodes[link] {
			return strconv.Atoi(strings.Split(fd, "/")[2])
		}
	}
	return 0, fmt.Errorf("no process of ours listens on port %d", port)
}
