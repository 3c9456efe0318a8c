package dd

import (
	"fmt"
	"os"
	"slices"
	"strconv"
	"testing"
	"time"

	"atout/bridge"
	"atout/card"
)

// summary returns median, mean, p90 and max of ds.
func summary(ds []time.Duration) string {
	s := slices.Clone(ds)
	slices.Sort(s)
	var sum time.Duration
	for _, d := range s {
		sum += d
	}
	n := len(s)
	return fmt.Sprintf("n=%d median %v mean %v p90 %v max %v", n,
		s[n/2].Round(10*time.Microsecond), (sum / time.Duration(n)).Round(10*time.Microsecond),
		s[n*9/10].Round(10*time.Microsecond), s[n-1].Round(10*time.Microsecond))
}

// TestStats solves N random seeded deals and prints timing figures. It is
// skipped unless ATOUT_DDSTATS=N is set; ATOUT_DDSTATS_MODE picks what is
// timed: table1 (full table, 1 thread), table2 (2 threads), one (one strain
// and leader), cards (every card's value at the opening lead). All by default.
func TestStats(t *testing.T) {
	n, _ := strconv.Atoi(os.Getenv("ATOUT_DDSTATS"))
	if n <= 0 {
		t.Skip("set ATOUT_DDSTATS=N to time N random deals")
	}
	mode := os.Getenv("ATOUT_DDSTATS_MODE")
	r := card.NewRand(2024)
	deals := make([]bridge.Deal, n)
	for i := range deals {
		deals[i] = bridge.RandomDeal(r)
	}
	run := func(name string, f func(d bridge.Deal, i int)) {
		if mode != "" && mode != name {
			return
		}
		ds := make([]time.Duration, n)
		for i, d := range deals {
			t0 := time.Now()
			f(d, i)
			ds[i] = time.Since(t0)
		}
		t.Logf("%-7s %s", name, summary(ds))
	}
	s := NewSolver(0)
	run("one", func(d bridge.Deal, i int) {
		s.Reset()
		st := bridge.Strains[i%5]
		p := Position{Hands: d, Strain: st, Leader: card.Seat(i % 4)}
		if _, err := s.Tricks(p); err != nil {
			t.Fatal(err)
		}
	})
	run("cards", func(d bridge.Deal, i int) {
		s.Reset()
		st := bridge.Strains[i%5]
		p := Position{Hands: d, Strain: st, Leader: card.Seat(i % 4)}
		if _, err := s.CardValues(p); err != nil {
			t.Fatal(err)
		}
	})
	run("table1", func(d bridge.Deal, i int) {
		if _, err := CalcTable(d, 1); err != nil {
			t.Fatal(err)
		}
	})
	run("table2", func(d bridge.Deal, i int) {
		if _, err := CalcTable(d, 2); err != nil {
			t.Fatal(err)
		}
	})
}
