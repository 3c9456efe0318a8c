package tournament

import (
	"os"
	"slices"
	"strconv"
	"strings"
	"testing"

	"atout/bridge"
	"atout/bridge/dd"
	"atout/card"
)

// devDeal is one line of testdata/dd-dev100.tsv: a deal with its DDS table
// and its par (dealer North, nobody vulnerable).
type devDeal struct {
	deal      bridge.Deal
	table     dd.Table
	par       int
	contracts []string
}

func loadDev(t testing.TB) []devDeal {
	t.Helper()
	data, err := os.ReadFile("testdata/dd-dev100.tsv")
	if err != nil {
		t.Fatal(err)
	}
	var out []devDeal
	for i, line := range strings.Split(strings.TrimSpace(string(data)), "\n") {
		if i == 0 {
			continue
		}
		f := strings.Split(line, "\t")
		d, err := bridge.ParseDeal(f[0])
		if err != nil {
			t.Fatalf("line %d: %v", i+1, err)
		}
		var tbl dd.Table
		for k := range 20 {
			v, err := strconv.Atoi(f[1+k])
			if err != nil {
				t.Fatalf("line %d col %d: %v", i+1, k+2, err)
			}
			tbl[k%4][k/4] = v
		}
		par, err := strconv.Atoi(f[21])
		if err != nil {
			t.Fatalf("line %d par: %v", i+1, err)
		}
		out = append(out, devDeal{d, tbl, par, strings.Split(f[22], ",")})
	}
	return out
}

// devDD is a DDFunc answering from the test data, so that tests do not
// depend on the solver's speed.
func devDD(t testing.TB) DDFunc {
	m := map[bridge.Deal]dd.Table{}
	for _, d := range loadDev(t) {
		m[d.deal] = d.table
	}
	return func(d bridge.Deal) (dd.Table, error) {
		if tbl, ok := m[d]; ok {
			return tbl, nil
		}
		return dd.CalcTable(d, 1)
	}
}

func TestAnalysisParDDS(t *testing.T) {
	bad := 0
	for i, d := range loadDev(t) {
		p := dd.Par(&d.table, card.North, bridge.VulNone)
		if p.Score != d.par {
			t.Errorf("deal %d: par %d, DDS %d (%v)", i+1, p.Score, d.par, p.DDSString())
			continue
		}
		var got []string
		for _, c := range p.Contracts {
			got = append(got, c.DDSString())
		}
		want := slices.Clone(d.contracts)
		slices.Sort(got)
		slices.Sort(want)
		if !slices.Equal(got, want) && !(d.par == 0 && len(got) == 0) {
			bad++
			t.Logf("deal %d: par contracts %v, DDS %v", i+1, got, want)
		}
	}
	if bad > 0 {
		t.Errorf("%d deals with different par contracts", bad)
	}
}
