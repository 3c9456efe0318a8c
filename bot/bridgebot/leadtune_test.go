package bridgebot

import (
	"bufio"
	"encoding/json"
	"os"
	"reflect"
	"testing"

	"atout/bridge"
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
		g, err := s.Game()
		if err != nil {
			t.Fatal(err)
		}
		seat, _ := g.Turn()
		shown := b.Shown(g)
		k, err := Observe(g, seat, &shown)
		if err != nil {
			t.Fatal(err)
		}
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
	w := notrumpLeadWeights
	ok0, n := safeRate(tune, &w, true)
	t.Logf("tuning set: %d notrump deals, current weights %.1f%%", n, 100*float64(ok0)/float64(n))
	bestOK := ok0
	steps := []float64{-0.2, -0.1, -0.05, 0.05, 0.1, 0.2}
	v := reflect.ValueOf(&w).Elem()
	for round := 0; round < 3; round++ {
		improved := false
		for i := 0; i < v.NumField(); i++ {
			f := v.Field(i)
			orig := f.Float()
			bestV := orig
			for _, d := range steps {
				f.SetFloat(orig + d)
				if ok, _ := safeRate(tune, &w, true); ok > bestOK+1 { // a gain of two deals at least
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
		cur := notrumpLeadWeights
		a, n := safeRate(cs, &cur, true)
		b, _ := safeRate(cs, &w, true)
		s1, sn := safeRate(cs, &defaultLeadWeights, false)
		t.Logf("check set: %d notrump deals: current %.1f%%, tuned %.1f%%; suit deals %d: %.1f%%", n, 100*float64(a)/float64(n), 100*float64(b)/float64(n), sn, 100*float64(s1)/float64(sn))
	}
}
