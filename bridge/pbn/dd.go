package pbn

import (
	"fmt"
	"strconv"
	"strings"

	"atout/bridge"
	"atout/card"
)

// DDTable is a double-dummy table: the tricks each seat takes as declarer
// in each strain, indexed [card.Seat][bridge.Strain] (N E S W; C D H S NT).
type DDTable [4][5]int

// ddSeats and ddStrains are the orders of the DoubleDummyTricks tag and
// the OptimumResultTable rows: N, S, E, W by NT, S, H, D, C.
var (
	ddSeats   = [4]card.Seat{card.North, card.South, card.East, card.West}
	ddStrains = [5]bridge.Strain{bridge.NoTrump, bridge.StrainSpades, bridge.StrainHearts, bridge.StrainDiamonds, bridge.StrainClubs}
)

// OptimumResultHeader is the value of the OptimumResultTable tag.
const OptimumResultHeader = `Declarer;Denomination\2R;Result\2R`

// FormatDoubleDummyTricks writes t as the value of a DoubleDummyTricks tag:
// 20 hexadecimal digits, N, S, E, W by NT, S, H, D, C.
func FormatDoubleDummyTricks(t DDTable) string {
	var b strings.Builder
	for _, s := range ddSeats {
		for _, st := range ddStrains {
			b.WriteString(strconv.FormatInt(int64(t[s][st]&15), 16))
		}
	}
	return b.String()
}

// ParseDoubleDummyTricks reads the value of a DoubleDummyTricks tag.
func ParseDoubleDummyTricks(v string) (DDTable, error) {
	var t DDTable
	v = strings.TrimSpace(v)
	if len(v) != 20 {
		return t, fmt.Errorf("pbn: DoubleDummyTricks %q: want 20 hexadecimal digits", v)
	}
	for i := 0; i < 20; i++ {
		n, err := strconv.ParseUint(v[i:i+1], 16, 8)
		if err != nil || n > 13 {
			return t, fmt.Errorf("pbn: DoubleDummyTricks %q: digit %d is not 0 to d", v, i+1)
		}
		t[ddSeats[i/5]][ddStrains[i%5]] = int(n)
	}
	return t, nil
}

// OptimumResultRows returns the 20 rows of an OptimumResultTable for t:
// "N NT 9", in the order N, S, E, W by NT, S, H, D, C.
func OptimumResultRows(t DDTable) [][]string {
	rows := make([][]string, 0, 20)
	for _, s := range ddSeats {
		for _, st := range ddStrains {
			rows = append(rows, []string{s.String(), st.String(), strconv.Itoa(t[s][st])})
		}
	}
	return rows
}

// ParseOptimumResultRows reads the rows of an OptimumResultTable (each
// "Declarer Denomination Result"; missing rows stay 0).
func ParseOptimumResultRows(rows [][]string) (DDTable, error) {
	var t DDTable
	for _, row := range rows {
		if len(row) != 3 {
			return t, fmt.Errorf("pbn: OptimumResultTable row %q: want 3 columns", strings.Join(row, " "))
		}
		s, err := card.ParseSeat(row[0])
		if err != nil {
			return t, fmt.Errorf("pbn: OptimumResultTable row %q: bad declarer", strings.Join(row, " "))
		}
		st, err := bridge.ParseStrain(row[1])
		if err != nil {
			return t, fmt.Errorf("pbn: OptimumResultTable row %q: bad denomination", strings.Join(row, " "))
		}
		n, err := strconv.Atoi(row[2])
		if err != nil || n < 0 || n > 13 {
			return t, fmt.Errorf("pbn: OptimumResultTable row %q: bad result", strings.Join(row, " "))
		}
		t[s][st] = n
	}
	return t, nil
}

// SetDoubleDummy adds (or replaces) the DoubleDummyTricks tag and the
// OptimumResultTable of r from t.
func SetDoubleDummy(r *bridge.Record, t DDTable) {
	r.SetTag("DoubleDummyTricks", FormatDoubleDummyTricks(t))
	r.SetTable("OptimumResultTable", OptimumResultHeader, OptimumResultRows(t))
}
