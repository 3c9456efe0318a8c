package main

import (
	"runtime/metrics"
	"time"
)

// gcUse is what a process's garbage collector did: its cycles, its CPU,
// and the part of it done by goroutines made to help as they allocated
// (assists), which is time they were not doing their own work.
type gcUse struct {
	Cycles uint64
	CPU    time.Duration
	Assist time.Duration
}

// The runtime/metrics read by readGC.
var gcMetrics = []string{"/gc/cycles/total:gc-cycles", "/cpu/classes/gc/total:cpu-seconds", "/cpu/classes/gc/mark/assist:cpu-seconds"}

// readGC reads this process's collector's counts so far.
func readGC() gcUse {
	s := make([]metrics.Sample, len(gcMetrics))
	for i, name := range gcMetrics {
		s[i].Name = name
	}
	metrics.Read(s)
	secs := func(v metrics.Value) time.Duration {
		if v.Kind() != metrics.KindFloat64 {
			return 0
		}
		return time.Duration(v.Float64() * float64(time.Second))
	}
	var u gcUse
	if s[0].Value.Kind() == metrics.KindUint64 {
		u.Cycles = s[0].Value.Uint64()
	}
	u.CPU, u.Assist = secs(s[1].Value), secs(s[2].Value)
	return u
}

// since is what the collector did between then and u.
func (u gcUse) since(then gcUse) gcUse {
	return gcUse{Cycles: u.Cycles - then.Cycles, CPU: u.CPU - then.CPU, Assist: u.Assist - then.Assist}
}
