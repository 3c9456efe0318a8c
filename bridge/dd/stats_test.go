package dd

import (
	"fmt"
	"os"
	"slices"
	"strconv"
	"strings"
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
// skipped unless ATOUT_DDSTATS=N is set (ATOUT_DDSTATS_FILE reads the deals
// from a file instead of seeding them); ATOUT_DDSTATS_MODE picks what is
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
	if path := os.Getenv("ATOUT_DDSTATS_FILE"); path != "" {
		// deals from a file instead, one per line ("N:" and four hands
		// first, as tools/ddsbench reads them)
		raw, err := os.ReadFile(path)
		if err != nil {
			t.Fatal(err)
		}
		deals = deals[:0]
		for _, line := range strings.Split(strings.TrimSpace(string(raw)), "\n") {
			f := strings.Fields(line)
			if len(f) < 4 {
				continue
			}
			d, err := bridge.ParseDeal(strings.Join(f[:4], " "))
			if err != nil {
				t.Fatal(err)
			}
			if deals = append(deals, d); len(deals) == n {
				break
			}
		}
		n = len(deals)
	}
	if path := os.Getenv("ATOUT_DDSTATS_DUMP"); path != "" {
		// the same deals, strains and leaders for tools/ddsbench (DDS)
		var b []byte
		for i, d := range deals {
			b = fmt.Appendf(b, "%s %s %s\n", d, bridge.Strains[i%5], card.Seat(i%4))
		}
		if err := os.WriteFile(path, b, 0o644); err != nil {
			t.Fatal(err)
		}
	}
	run := func(name string, f func(d bridge.Deal, i int)) {
		if mode != "" && mode != name {
			return
		}
		ds := make([]time.Duration, n)
		cs := make([]time.Duration, n)
		for i, d := range deals {
			c0 := cpuTime()
			t0 := time.Now()
			f(d, i)
			ds[i] = time.Since(t0)
			cs[i] = cpuTime() - c0
		}
		t.Logf("%-7s wall %s", name, summary(ds))
		t.Logf("%-7s cpu  %s", name, summary(cs))
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

// TestNodes prints deterministic search counters for N seeded deals (one
// strain and leader each, as the "one" mode of TestStats): trick-boundary
// nodes and table stores always, the detailed counters of engineStats when
// collectStats is switched on in search.go. It is skipped unless
// ATOUT_DDNODES=N is set; ATOUT_DDNODES_MODE=table or cards solves full
// tables or every card's value instead (cardsntw: in notrump, West on lead),
// nt or suits the notrump row or the four suit rows of a table;
// ATOUT_DDNODES_SEED picks other deals,
// ATOUT_DDNODES_FILE reads them from a file and ATOUT_DDNODES_V prints every
// deal.
func TestNodes(t *testing.T) {
	n, _ := strconv.Atoi(os.Getenv("ATOUT_DDNODES"))
	if n <= 0 {
		t.Skip("set ATOUT_DDNODES=N")
	}
	seed := uint64(2024)
	if v, err := strconv.ParseUint(os.Getenv("ATOUT_DDNODES_SEED"), 10, 64); err == nil {
		seed = v
	}
	r := card.NewRand(seed)
	var fileDeals []bridge.Deal
	if path := os.Getenv("ATOUT_DDNODES_FILE"); path != "" {
		// deals from a file instead, one per line ("N:" and four hands)
		raw, err := os.ReadFile(path)
		if err != nil {
			t.Fatal(err)
		}
		for _, line := range strings.Split(strings.TrimSpace(string(raw)), "\n") {
			if f := strings.Fields(line); len(f) >= 4 {
				d, err := bridge.ParseDeal(strings.Join(f[:4], " "))
				if err != nil {
					t.Fatal(err)
				}
				fileDeals = append(fileDeals, d)
			}
		}
		n = min(n, len(fileDeals))
	}
	s := NewSolver(0)
	var total uint64
	var st engineStats
	t0 := time.Now()
	for i := 0; i < n; i++ {
		var d bridge.Deal
		if fileDeals != nil {
			d = fileDeals[i]
		} else {
			d = bridge.RandomDeal(r)
		}
		s.Reset()
		before := s.e.nodes
		s.e.stats = engineStats{}
		s.e.tt.stores, s.e.tt.fullResets = 0, 0
		p := Position{Hands: d, Strain: bridge.Strains[i%5], Leader: card.Seat(i % 4)}
		var v int
		var err error
		mode := os.Getenv("ATOUT_DDNODES_MODE")
		if mode == "cardsntw" {
			// every card's value as the row counts it
			p.Strain, p.Leader, mode = bridge.NoTrump, card.West, "cards"
		}
		if mode == "ntw" {
			// one solve in notrump with West on lead, the "one" row
			p.Strain, p.Leader = bridge.NoTrump, card.West
		}
		switch mode {
		case "table":
			_, err = s.Table(d)
		case "nt", "suits":
			// the strain rows alone, as a table solves them
			sts := []bridge.Strain{bridge.NoTrump}
			if os.Getenv("ATOUT_DDNODES_MODE") == "suits" {
				sts = bridge.Strains[:4]
			}
			for _, x := range sts {
				if _, err = s.StrainRow(d, x); err != nil {
					break
				}
			}
		case "cards":
			var cv []CardValue
			cv, err = s.CardValues(p)
			if err == nil {
				v = cv[0].Tricks
			}
		default:
			v, err = s.Tricks(p)
		}
		if err != nil {
			t.Fatal(err)
		}
		nd := s.e.nodes - before
		s.e.stats.Stores, s.e.stats.Resets = s.e.tt.stores, s.e.tt.fullResets
		total += nd
		st.add(s.e.stats)
		if os.Getenv("ATOUT_DDNODES_V") != "" {
			t.Logf("deal %d: %d tricks, %d nodes %+v", i, v, nd, s.e.stats)
		}
	}
	t.Logf("total nodes %d in %v; %+v", total, time.Since(t0), st)
}

// benchDeals are the seeded deals of the benchmarks.
func benchDeals(n int) []bridge.Deal {
	r := card.NewRand(2024)
	ds := make([]bridge.Deal, n)
	for i := range ds {
		ds[i] = bridge.RandomDeal(r)
	}
	return ds
}

// BenchmarkTricks times one strain and leader (solutions=1), cycling over
// 8 seeded deals with a fresh table each time.
func BenchmarkTricks(b *testing.B) {
	ds := benchDeals(8)
	s := NewSolver(0)
	for i := 0; b.Loop(); i++ {
		s.Reset()
		p := Position{Hands: ds[i%8], Strain: bridge.Strains[i%5], Leader: card.Seat(i % 4)}
		if _, err := s.Tricks(p); err != nil {
			b.Fatal(err)
		}
	}
}

// BenchmarkCardValues times every card's value at the opening lead
// (solutions=3) over the same deals.
func BenchmarkCardValues(b *testing.B) {
	ds := benchDeals(8)
	s := NewSolver(0)
	for i := 0; b.Loop(); i++ {
		s.Reset()
		p := Position{Hands: ds[i%8], Strain: bridge.Strains[i%5], Leader: card.Seat(i % 4)}
		if _, err := s.CardValues(p); err != nil {
			b.Fatal(err)
		}
	}
}

// BenchmarkTable times a full table (20 results) on one thread.
func BenchmarkTable(b *testing.B) {
	ds := benchDeals(8)
	s := NewSolver(0)
	for i := 0; b.Loop(); i++ {
		if _, err := s.Table(ds[i%8]); err != nil {
			b.Fatal(err)
		}
	}
}
