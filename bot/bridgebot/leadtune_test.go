package bridgebot

import (
	"bufio"
	"bytes"
	"context"
	"encoding/json"
	"fmt"
	"os"
	"reflect"
	"slices"
	"strconv"
	"strings"
	"testing"

	"atout/bridge"
	"atout/bridge/dd"
	"atout/card"
)

// leadCase is a stored deal at the opening lead: the leader's knowledge
// and the double-dummy value of every lead.
type leadCase struct {
	k      *Knowledge
	values map[string]int
	best   int
}

func loadLeadCases(t *testing.T, file string) []leadCase {
	f, err := os.Open(file)
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	b := New(Options{})
	var out []leadCase
	sc := bufio.NewScanner(f)
	sc.Buffer(nil, 1<<20)
	for sc.Scan() {
		var rec leadRecord
		if err := json.Unmarshal(sc.Bytes(), &rec); err != nil {
			t.Fatal(err)
		}
		d, err := bridge.ParseDeal(rec.Deal)
		if err != nil {
			t.Fatal(err)
		}
		s := Setup{Board: rec.Board, Deal: d, Dealer: bridge.BoardDealer(rec.Board), Vul: bridge.BoardVul(rec.Board)}
		for _, c := range rec.Calls {
			cl, err := bridge.ParseCall(c)
			if err != nil {
				t.Fatal(err)
			}
			s.Calls = append(s.Calls, cl)
		}
		g := mustGame(t, s)
		k, _ := observeLead(t, b, g)
		best := -1
		for _, v := range rec.Values {
			best = max(best, v)
		}
		out = append(out, leadCase{k, rec.Values, best})
	}
	return out
}

// safeRate is the share of cases (notrump or suit ones) where the
// conventions with weights w give up no trick.
func safeRate(cs []leadCase, w *leadWeights, nt bool) (ok, n int) {
	for _, c := range cs {
		if _, suit := c.k.Strain.Suit(); suit == nt {
			continue
		}
		n++
		if c.values[leadRule(c.k, w).String()] == c.best {
			ok++
		}
	}
	return ok, n
}

// TestTuneNotrumpLeads tunes the notrump lead weights on the deals of
// ATOUT_TUNE_LEADS (written by TestWriteLeadData) by coordinate search, and
// reports them on the deals of ATOUT_CHECK_LEADS, which the search never
// sees. A measurement aid, skipped unless the variables are set.
func TestTuneNotrumpLeads(t *testing.T) {
	file := os.Getenv("ATOUT_TUNE_LEADS")
	if file == "" {
		t.Skip("set ATOUT_TUNE_LEADS (and ATOUT_CHECK_LEADS) to tune the notrump lead weights")
	}
	tune := loadLeadCases(t, file)
	nt := os.Getenv("ATOUT_TUNE_KIND") != "suit"
	w := notrumpLeadWeights
	if !nt {
		w = defaultLeadWeights
	}
	cur := w
	ok0, n := safeRate(tune, &w, nt)
	sOK, sN := safeRate(tune, &defaultLeadWeights, false)
	t.Logf("tuning set: %d notrump deals, current weights %.1f%%; %d suit deals %.1f%%", n, 100*float64(ok0)/float64(n), sN, 100*float64(sOK)/float64(sN))
	bestOK := ok0
	steps := []float64{-0.5, -0.3, -0.2, -0.1, -0.05, 0.05, 0.1, 0.2, 0.3, 0.5}
	v := reflect.ValueOf(&w).Elem()
	for round := 0; round < 3; round++ {
		improved := false
		for i := 0; i < v.NumField(); i++ {
			f := v.Field(i)
			orig := f.Float()
			bestV := orig
			for _, d := range steps {
				f.SetFloat(orig + d)
				if ok, _ := safeRate(tune, &w, nt); ok > bestOK+1 { // a gain of two deals at least
					bestOK, bestV, improved = ok, orig+d, true
				}
			}
			f.SetFloat(bestV)
		}
		if !improved {
			break
		}
	}
	t.Logf("tuned: %.1f%% %+v", 100*float64(bestOK)/float64(n), w)
	if check := os.Getenv("ATOUT_CHECK_LEADS"); check != "" {
		cs := loadLeadCases(t, check)
		a, n := safeRate(cs, &cur, nt)
		b, _ := safeRate(cs, &w, nt)
		t.Logf("check set: %d deals of the kind tuned: current %.1f%%, tuned %.1f%%", n, 100*float64(a)/float64(n), 100*float64(b)/float64(n))
	}
}

// TestLeadBlendNotrump measures, on the notrump deals of ATOUT_LEAD_BLEND,
// the strong level's opening lead for several weights of the conventions
// against the samples' estimate (the samples are solved once; the blend is
// redone for each weight). A measurement aid, skipped unless set.
func TestLeadBlendNotrump(t *testing.T) {
	file := os.Getenv("ATOUT_LEAD_BLEND")
	if file == "" {
		t.Skip("set ATOUT_LEAD_BLEND to a file written by TestWriteLeadData")
	}
	b := New(Options{Level: Strong})
	weights := []float64{0, 0.3, 0.6, 1, 1.5, 2.5, 100}
	ok := make([]int, len(weights))
	n := 0
	for i, c := range loadLeadCases(t, file) {
		if _, suit := c.k.Strain.Suit(); suit {
			continue
		}
		prior := leadPriors(c.k, leadWeightsFor(c.k))
		a, err := b.AnalyseKnowledge(context.Background(), c.k, uint64(i+1))
		if err != nil {
			t.Fatal(err)
		}
		n++
		for j, w := range weights {
			m := theLeadMix
			m.Prior = w
			bb := a
			bb.Cards = append([]CardScore(nil), a.Cards...)
			if a.Samples > 0 {
				leadScore(&bb, prior, m)
			}
			if c.values[bb.Best.String()] == c.best {
				ok[j]++
			}
		}
	}
	for j, w := range weights {
		t.Logf("weight %5.1f: %d/%d = %.1f%%", w, ok[j], n, 100*float64(ok[j])/float64(n))
	}
}

// TestLeadBlendLevels measures, on the deals of ATOUT_LEAD_LEVELS at the
// level ATOUT_LEAD_LEVEL (fast or strong), the lead when the samples count
// only once at least minSamples were solved (else the conventions decide),
// for several minSamples, notrump and suit contracts apart. A measurement
// aid, skipped unless set.
func TestLeadBlendLevels(t *testing.T) {
	file := os.Getenv("ATOUT_LEAD_LEVELS")
	if file == "" {
		t.Skip("set ATOUT_LEAD_LEVELS to a file written by TestWriteLeadData")
	}
	lv, err := ParseLevel(os.Getenv("ATOUT_LEAD_LEVEL"))
	if err != nil {
		t.Fatal(err)
	}
	b := New(Options{Level: lv})
	mins := []int{1, 2, 4, 8, 16, 1000}
	var ok [2][]int
	var n [2]int
	ok[0], ok[1] = make([]int, len(mins)), make([]int, len(mins))
	samples := 0
	for i, c := range loadLeadCases(t, file) {
		kind := 1
		if _, suit := c.k.Strain.Suit(); !suit {
			kind = 0
		}
		w := leadWeightsFor(c.k)
		prior := leadPriors(c.k, w)
		conv := leadRule(c.k, w)
		a, err := b.AnalyseKnowledge(context.Background(), c.k, uint64(i+1))
		if err != nil {
			t.Fatal(err)
		}
		n[kind]++
		samples += a.Samples
		_ = prior
		for j, m := range mins {
			lead := a.Best
			if a.Samples < m {
				lead = conv
			}
			if c.values[lead.String()] == c.best {
				ok[kind][j]++
			}
		}
	}
	t.Logf("%d deals, %.1f samples a lead", n[0]+n[1], float64(samples)/float64(n[0]+n[1]))
	for j, m := range mins {
		t.Logf("samples count from %4d: notrump %d/%d = %.1f%%, suit %d/%d = %.1f%%", m, ok[0][j], n[0], 100*float64(ok[0][j])/float64(n[0]), ok[1][j], n[1], 100*float64(ok[1][j])/float64(n[1]))
	}
}

// TestLeadBlendSamples measures, on the notrump deals of
// ATOUT_LEAD_SAMPLES, the opening lead with a fixed number of samples (the
// first 16, 24 or 32 of 32 solved) for several weights of the conventions
// against the samples' estimate. A measurement aid, skipped unless set.
func TestLeadBlendSamples(t *testing.T) {
	file := os.Getenv("ATOUT_LEAD_SAMPLES")
	if file == "" {
		t.Skip("set ATOUT_LEAD_SAMPLES to a file written by TestWriteLeadData")
	}
	cs := loadLeadCases(t, file)
	b := New(Options{})
	counts := []int{16, 24, 32}
	weights := []float64{0, 0.1, 0.2, 0.3, 0.5, 0.8, 1.2, 2, 100}
	var ok [3][9]int
	n, conv := 0, 0
	for i, c := range cs {
		if _, suit := c.k.Strain.Suit(); suit {
			continue
		}
		n++
		w := leadWeightsFor(c.k)
		prior := leadPriors(c.k, w)
		if c.values[leadRule(c.k, w).String()] == c.best {
			conv++
		}
		s, err := NewSampler(c.k)
		if err != nil {
			t.Fatal(err)
		}
		s.check = b.auctionCheck(c.k)
		r := card.NewRand(uint64(i + 1))
		feed := make(chan sampleJob, 32)
		for j := 0; j < 32; j++ {
			d, err := s.Sample(r)
			if err != nil {
				t.Fatal(err)
			}
			feed <- sampleJob{j, dd.Position{Hands: d, Strain: c.k.Strain, Leader: c.k.Leader}}
		}
		close(feed)
		res := b.solveAll(context.Background(), feed, 32)
		legal := c.k.Legal()
		for ci, cnt := range counts {
			a := aggregate(c.k, legal, res[:cnt], b.opt.Scoring)
			for wi, wt := range weights {
				bb := a
				bb.Cards = append([]CardScore(nil), a.Cards...)
				m := theLeadMix
				m.Prior = wt
				leadScore(&bb, prior, m)
				if c.values[bb.Best.String()] == c.best {
					ok[ci][wi]++
				}
			}
		}
	}
	t.Logf("conventions: NT %d/%d", conv, n)
	for ci, cnt := range counts {
		for wi, wt := range weights {
			t.Logf("n=%2d w=%5.1f NT %d/%d %.1f%%", cnt, wt, ok[ci][wi], n, 100*float64(ok[ci][wi])/float64(n))
		}
	}
}

// leadSamples is one deal's solved samples at the opening lead, as
// TestWriteLeadSamples stores them: the legal leads and, for each sample,
// the leader's side's tricks after each of them.
type leadSamples struct {
	Cards   []string
	Samples [][]int
}

// TestWriteLeadSamples draws and solves ATOUT_LEAD_SAMPLES_N (48) samples
// at the opening lead of every deal of ATOUT_WRITE_LEAD_SAMPLES (a file of
// TestWriteLeadData) the way the bot draws them (meanings and auction
// check), and writes them one deal a line to ATOUT_LEAD_SAMPLES_FILE ("{}"
// for the suit contracts when ATOUT_LEAD_SAMPLES_NT=1; another
// ATOUT_LEAD_SAMPLES_SEED draws other samples), so that
// TestLeadMix can score the leads in many ways without solving again. A
// measurement aid, skipped unless set.
func TestWriteLeadSamples(t *testing.T) {
	in := os.Getenv("ATOUT_WRITE_LEAD_SAMPLES")
	if in == "" {
		t.Skip("set ATOUT_WRITE_LEAD_SAMPLES and ATOUT_LEAD_SAMPLES_FILE")
	}
	n, err := strconv.Atoi(os.Getenv("ATOUT_LEAD_SAMPLES_N"))
	if err != nil {
		n = 48
	}
	ntOnly := os.Getenv("ATOUT_LEAD_SAMPLES_NT") == "1"
	seed, _ := strconv.ParseUint(os.Getenv("ATOUT_LEAD_SAMPLES_SEED"), 10, 32) // 0 unless set
	cases := loadLeadCases(t, in)
	// with a file of stored samples and a margin, only the close
	// decisions get more: the deals whose best lead (by the mix) scores
	// less than the margin above the best lead of another suit
	var closeOnes []bool
	if base := os.Getenv("ATOUT_LEAD_SAMPLES_BASE"); base != "" {
		margin, err := strconv.ParseFloat(os.Getenv("ATOUT_LEAD_SAMPLES_MARGIN"), 64)
		if err != nil {
			t.Fatal("ATOUT_LEAD_SAMPLES_MARGIN: ", err)
		}
		for _, d := range loadLeadSamples(t, cases, base) {
			for len(closeOnes) < d.i {
				closeOnes = append(closeOnes, false)
			}
			a := d.scored(theLeadMix)
			other := -1.0
			for _, c := range a.Cards[1:] {
				if c.Card.Suit() != a.Best.Suit() {
					other = c.Score
					break
				}
			}
			closeOnes = append(closeOnes, other >= 0 && a.Cards[0].Score-other < margin)
		}
	}
	f, err := os.Create(os.Getenv("ATOUT_LEAD_SAMPLES_FILE"))
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	b := New(Options{})
	for i, c := range cases {
		if _, suit := c.k.Strain.Suit(); (suit && ntOnly) || (closeOnes != nil && (i >= len(closeOnes) || !closeOnes[i])) {
			fmt.Fprintln(f, "{}")
			continue
		}
		s, err := NewSampler(c.k)
		if err != nil {
			t.Fatal(err)
		}
		s.check = b.auctionCheck(c.k)
		r := card.NewRand(uint64(i+1) + seed<<32)
		feed := make(chan sampleJob, n)
		for j := range n {
			d, err := s.Sample(r)
			if err != nil {
				t.Fatal(err)
			}
			feed <- sampleJob{j, dd.Position{Hands: d, Strain: c.k.Strain, Leader: c.k.Leader}}
		}
		close(feed)
		var rec leadSamples
		legal := c.k.Legal().Cards()
		for _, cd := range legal {
			rec.Cards = append(rec.Cards, cd.String())
		}
		for _, vals := range b.solveAll(context.Background(), feed, n) {
			row := make([]int, len(legal))
			for _, v := range vals {
				row[slices.Index(legal, v.Card)] = v.Tricks
			}
			rec.Samples = append(rec.Samples, row)
		}
		line, err := json.Marshal(rec)
		if err != nil {
			t.Fatal(err)
		}
		if _, err := f.Write(append(line, '\n')); err != nil {
			t.Fatal(err)
		}
	}
}

// TestLeadMix scores the opening leads of ATOUT_LEAD_MIX (a file of
// TestWriteLeadData) from their stored samples (ATOUT_LEAD_MIX_SAMPLES,
// written by TestWriteLeadSamples) with several mixes of [leadScore],
// and reports the leads that give up no trick on the even and the odd
// deals apart (tune on one, check on the other), and how many of the
// mix's leads the samples expected to give up no trick. Several sample
// files, comma-separated, add up their samples deal by deal (a file of
// more samples for some deals: TestWriteLeadSamples with
// ATOUT_LEAD_SAMPLES_BASE). A measurement aid, skipped unless set.
func TestLeadMix(t *testing.T) {
	in := os.Getenv("ATOUT_LEAD_MIX")
	if in == "" {
		t.Skip("set ATOUT_LEAD_MIX and ATOUT_LEAD_MIX_SAMPLES")
	}
	cs := loadLeadCases(t, in)
	deals := loadLeadSamples(t, cs, os.Getenv("ATOUT_LEAD_MIX_SAMPLES"))
	// rate counts the leads that give up no trick on the even and the odd
	// deals; top adds up the share of samples in which the lead chosen
	// is best, what the samples expect of it
	rate := func(m leadMix, nt bool) (ok, n [2]int, top float64) {
		for _, d := range deals {
			if _, suit := d.c.k.Strain.Suit(); suit == nt {
				continue
			}
			a := d.scored(m)
			n[d.i%2]++
			top += a.Cards[0].Top
			if d.c.values[a.Best.String()] == d.c.best {
				ok[d.i%2]++
			}
		}
		return ok, n, top
	}
	pct := func(a, b int) float64 { return 100 * float64(a) / float64(max(b, 1)) }
	if out := os.Getenv("ATOUT_LEAD_MIX_DUMP"); out != "" {
		var b strings.Builder
		for _, d := range deals {
			a := d.scored(theLeadMix)
			fmt.Fprintf(&b, "%d %s %v %.3f\n", d.i, a.Best, d.c.values[a.Best.String()] == d.c.best, a.Cards[0].Top)
		}
		if err := os.WriteFile(out, []byte(b.String()), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	for _, nt := range []bool{true, false} {
		kind := "suit"
		if nt {
			kind = "notrump"
		}
		// the mix, then the scores before it (times ten at IMPs)
		mixes := []leadMix{theLeadMix, {Success: 10, Prior: 3}, {Prior: 0.3}}
		for _, top := range []float64{0, 0.5, 1, 2} {
			for _, succ := range []float64{0, 0.3, 1} {
				for _, prior := range []float64{0, 0.1, 0.2, 0.3, 0.5} {
					mixes = append(mixes, leadMix{top, succ, prior})
				}
			}
		}
		for mi, m := range mixes {
			ok, n, top := rate(m, nt)
			if n[0]+n[1] == 0 {
				break
			}
			t.Logf("%-7s %+v: even %.1f%% odd %.1f%% all %.1f%% of %d", kind, m, pct(ok[0], n[0]), pct(ok[1], n[1]), pct(ok[0]+ok[1], n[0]+n[1]), n[0]+n[1])
			if mi == 0 {
				t.Logf("%-7s the samples expect %.1f%% of the mix's leads to give up no trick", kind, 100*top/float64(n[0]+n[1]))
			}
		}
	}
}

// solvedLead is a stored deal at the opening lead with the samples'
// estimate of every lead (not yet scored as a lead) and the conventions'
// scores.
type solvedLead struct {
	i     int // the deal's line in the file of cases
	c     leadCase
	a     Analysis
	prior map[card.Card]float64
}

// scored is the deal's analysis scored as a lead with mix m (on a copy:
// the stored estimate is scored again with other mixes).
func (d solvedLead) scored(m leadMix) Analysis {
	a := d.a
	a.Cards = append([]CardScore(nil), d.a.Cards...)
	leadScore(&a, d.prior, m)
	return a
}

// loadLeadSamples reads the samples stored by TestWriteLeadSamples for
// the cases cs: files, comma-separated, whose samples add up deal by deal
// ("{}" for a deal without samples in a file). Deals without any are
// left out.
func loadLeadSamples(t *testing.T, cs []leadCase, files string) []solvedLead {
	var rows [][][]dd.CardValue
	for _, file := range strings.Split(files, ",") {
		raw, err := os.ReadFile(file)
		if err != nil {
			t.Fatal(err)
		}
		for i, line := range bytes.Split(bytes.TrimSpace(raw), []byte("\n")) {
			var rec leadSamples
			if err := json.Unmarshal(line, &rec); err != nil {
				t.Fatal(err)
			}
			for len(rows) <= i {
				rows = append(rows, nil)
			}
			cards := make([]card.Card, len(rec.Cards))
			for ci, s := range rec.Cards {
				if cards[ci], err = card.Parse(s); err != nil {
					t.Fatal(err)
				}
			}
			for _, row := range rec.Samples {
				var vals []dd.CardValue
				for ci, cd := range cards {
					vals = append(vals, dd.CardValue{Card: cd, Tricks: row[ci]})
				}
				rows[i] = append(rows[i], vals)
			}
		}
	}
	var out []solvedLead
	for i, res := range rows {
		if len(res) == 0 || i >= len(cs) {
			continue
		}
		k := cs[i].k
		out = append(out, solvedLead{i, cs[i], aggregate(k, k.Legal(), res, IMPs), leadPriors(k, leadWeightsFor(k))})
	}
	return out
}
