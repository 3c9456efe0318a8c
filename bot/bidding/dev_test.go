package bidding

import (
	"bufio"
	"fmt"
	"os"
	"sort"
	"strings"
	"testing"

	"atout/bridge"
	"atout/card"
)

// devRow is one row of testdata/sayc-dev.tsv.
type devRow struct {
	line     int
	hand     card.Hand
	vul      bridge.Vul
	calls    []bridge.Call
	expected bridge.Call
	group    string
	raw      string
}

func readDev(t testing.TB) []devRow {
	t.Helper()
	f, err := os.Open("testdata/sayc-dev.tsv")
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	var rows []devRow
	sc := bufio.NewScanner(f)
	n := 0
	for sc.Scan() {
		n++
		if n == 1 {
			continue
		}
		cols := strings.Split(sc.Text(), "\t")
		if len(cols) < 6 {
			t.Fatalf("line %d: %d columns", n, len(cols))
		}
		h, err := card.ParseHand(cols[0])
		if err != nil {
			t.Fatalf("line %d: %v", n, err)
		}
		v, err := bridge.ParseVul(cols[1])
		if err != nil {
			t.Fatalf("line %d: %v", n, err)
		}
		var calls []bridge.Call
		for _, f := range strings.Fields(cols[2]) {
			c, err := bridge.ParseCall(f)
			if err != nil {
				t.Fatalf("line %d: %v", n, err)
			}
			calls = append(calls, c)
		}
		exp, err := bridge.ParseCall(cols[3])
		if err != nil {
			t.Fatalf("line %d: %v", n, err)
		}
		rows = append(rows, devRow{n, h, v, calls, exp, cols[5], sc.Text()})
	}
	return rows
}

// agreement runs every row and returns the number right per group.
func agreement(t testing.TB, b *Bot, verbose bool) (ok, total int, byGroup map[string][2]int) {
	byGroup = map[string][2]int{}
	for _, r := range readDev(t) {
		got, m := b.Choose(r.hand, r.vul, card.North, r.calls)
		g := byGroup[r.group]
		g[1]++
		total++
		if got == r.expected {
			g[0]++
			ok++
		} else if verbose {
			fmt.Printf("MISS line %d: got %s want %s [%s] | %s\n", r.line, got, r.expected, m.Rule, r.raw)
		}
		byGroup[r.group] = g
	}
	return
}

func TestDevAgreement(t *testing.T) {
	b := New(Options{})
	ok, total, groups := agreement(t, b, os.Getenv("BIDDING_VERBOSE") != "")
	names := make([]string, 0, len(groups))
	for g := range groups {
		names = append(names, g)
	}
	sort.Strings(names)
	for _, g := range names {
		v := groups[g]
		t.Logf("%-50s %3d/%3d %5.1f%%", g, v[0], v[1], 100*float64(v[0])/float64(v[1]))
	}
	rate := float64(ok) / float64(total)
	t.Logf("overall %d/%d = %.1f%%", ok, total, 100*rate)
	if rate < devThreshold {
		t.Errorf("agreement %.3f below the ratchet %.3f", rate, devThreshold)
	}
}

// devThreshold is the ratchet: just below the rate achieved.
const devThreshold = 0.93
