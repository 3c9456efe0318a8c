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

func readDev(t testing.TB) []devRow { return readRows(t, "testdata/sayc-dev.tsv", 6) }

// readRows reads a file of situations: hand, vulnerability, auction from
// dealer North and the expected call, then (with want 6) the seat and the
// group.
func readRows(t testing.TB, path string, want int) []devRow {
	t.Helper()
	f, err := os.Open(path)
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
		if len(cols) < want {
			t.Fatalf("%s line %d: %d columns", path, n, len(cols))
		}
		h, err := card.ParseHand(cols[0])
		if err != nil {
			t.Fatalf("%s line %d: %v", path, n, err)
		}
		v, err := bridge.ParseVul(cols[1])
		if err != nil {
			t.Fatalf("%s line %d: %v", path, n, err)
		}
		var calls []bridge.Call
		for _, f := range strings.Fields(cols[2]) {
			c, err := bridge.ParseCall(f)
			if err != nil {
				t.Fatalf("%s line %d: %v", path, n, err)
			}
			calls = append(calls, c)
		}
		exp, err := bridge.ParseCall(cols[3])
		if err != nil {
			t.Fatalf("%s line %d: %v", path, n, err)
		}
		group := ""
		if len(cols) > 5 {
			group = cols[5]
		}
		rows = append(rows, devRow{n, h, v, calls, exp, group, sc.Text()})
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

// The dev suite is split in two halves by the row's place in the file: the
// tuning half (even rows, counting the first data row as 0) is the one
// changes are decided on; the check half (odd rows) is only measured, so
// that its rate shows how the bidder does on hands it was not tuned on.
func tuningRow(r devRow) bool { return (r.line-2)%2 == 0 }

// The ratchets of the two halves: the rates reached, less a point.
const (
	tuneThreshold  = 0.95
	checkThreshold = 0.915
)

// TestDevHalves measures the tuning and check halves of sayc-dev.tsv apart
// and fails if either falls below its ratchet or the check half falls more
// than five points behind the tuning half.
func TestDevHalves(t *testing.T) {
	b := New(Options{})
	var ok, n [2]int
	for _, r := range readDev(t) {
		h := 1
		if tuningRow(r) {
			h = 0
		}
		n[h]++
		got, m := b.Choose(r.hand, r.vul, card.North, r.calls)
		if got == r.expected {
			ok[h]++
		} else if h == 0 && os.Getenv("BIDDING_TUNING_MISSES") != "" {
			// Only the tuning half's misses are ever printed.
			fmt.Printf("MISS line %d: got %s want %s [%s] | %s\n", r.line, got, r.expected, m.Rule, r.raw)
		}
	}
	tune, check := float64(ok[0])/float64(n[0]), float64(ok[1])/float64(n[1])
	t.Logf("tuning half %d/%d = %.1f%%, check half %d/%d = %.1f%%", ok[0], n[0], 100*tune, ok[1], n[1], 100*check)
	if tune < tuneThreshold {
		t.Errorf("tuning half %.3f below the ratchet %.3f", tune, tuneThreshold)
	}
	if check < checkThreshold {
		t.Errorf("check half %.3f below the ratchet %.3f", check, checkThreshold)
	}
	if tune-check > 0.05 {
		t.Errorf("check half %.3f more than 5 points behind the tuning half %.3f", check, tune)
	}
}

// The book sets are textbook situations written for this project from the
// SAYC booklet's agreements, most in the areas issue 34 names as weak (the
// doubler's rebids, preempts, overcalls and advances, Michaels and the
// unusual 2NT, negative doubles, strong 2C, invitations, long suits), the
// rest constructive and contested second- and third-round decisions and,
// in both files, every sure call of whole auctions bid on random deals
// ("hands from play", docs/bots.md): sayc-book.tsv was tuned on,
// sayc-book-check.tsv only measured. A row's
// expected call is the writer's; a few follow a common teaching the public
// suite behind sayc-dev.tsv does not (its 1NT-2NT counts a flat 17 as 16),
// and those stay misses.
const (
	bookThreshold      = 0.92
	bookCheckThreshold = 0.89
)

func TestBookAgreement(t *testing.T) {
	b := New(Options{})
	for _, f := range []struct {
		path string
		min  float64
	}{{"testdata/sayc-book.tsv", bookThreshold}, {"testdata/sayc-book-check.tsv", bookCheckThreshold}} {
		ok, rows := 0, readRows(t, f.path, 4)
		for _, r := range rows {
			got, m := b.Choose(r.hand, r.vul, card.North, r.calls)
			if got == r.expected {
				ok++
			} else if os.Getenv("BIDDING_VERBOSE") != "" {
				fmt.Printf("MISS %s:%d: got %s want %s [%s] | %s\n", f.path, r.line, got, r.expected, m.Rule, r.raw)
			}
		}
		rate := float64(ok) / float64(len(rows))
		t.Logf("%s: %d/%d = %.1f%%", f.path, ok, len(rows), 100*rate)
		if rate < f.min {
			t.Errorf("%s: agreement %.3f below the ratchet %.3f", f.path, rate, f.min)
		}
	}
}
