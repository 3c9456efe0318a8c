package dd

import (
	"strconv"
	"strings"
	"testing"

	"atout/bridge"
	"atout/card"
)

func TestParDev100(t *testing.T) {
	for _, r := range loadDev100(t) {
		p := Par(&r.table, card.North, bridge.VulNone)
		if p.Score != r.parScore {
			t.Errorf("line %d: par score %d, want %d (%s)", r.line, p.Score, r.parScore, r.parDealer)
			continue
		}
		if p.DDSString() != r.parDealer {
			t.Errorf("line %d: par contracts %s, want %s", r.line, p.DDSString(), r.parDealer)
		}
		// both sides' view: the NS-first score is in par_sides_ns
		sides := SidesPar(&r.table, bridge.VulNone)
		want, _ := strconv.Atoi(strings.TrimPrefix(r.parSides, "NS "))
		if sides[0].Score != want {
			t.Errorf("line %d: sides par %d, want %d", r.line, sides[0].Score, want)
		}
	}
}

// TestParOrderDDS checks that par contracts are listed in DDS's order:
// making contracts by the highest contract that makes, highest first (3D
// reduced to 2D+1 before 2S). The expected strings are DDS 2.9's DealerPar
// on these tables (tools/ddsab par -parall on the deals).
func TestParOrderDDS(t *testing.T) {
	for _, c := range []struct {
		table  Table // N E S W, strains C D H S NT
		dealer card.Seat
		vul    bridge.Vul
		score  int
		want   string
	}{
		// N:AJ8.KJ96.JT87.J9 97.AT8754.A32.86 KT643.Q.Q654.A43 Q52.32.K9.KQT752
		{Table{{5, 9, 6, 8, 6}, {8, 4, 7, 4, 5}, {5, 9, 6, 8, 6}, {8, 4, 7, 4, 5}}, card.North, bridge.VulEW, 110, "2D-NS+1,2S-NS"},
		{Table{{5, 9, 6, 8, 6}, {8, 4, 7, 4, 5}, {5, 9, 6, 8, 6}, {8, 4, 7, 4, 5}}, card.North, bridge.VulNone, 110, "3D-NS"},
		// three contracts, one declarer in two of them
		{Table{{4, 4, 7, 5, 6}, {9, 9, 6, 8, 6}, {4, 4, 7, 5, 6}, {8, 9, 5, 7, 6}}, card.South, bridge.VulNS, -110, "2D-EW+1,2C-E+1,1S-E+1"},
		{Table{{4, 4, 7, 5, 6}, {9, 9, 6, 8, 6}, {4, 4, 7, 5, 6}, {8, 9, 5, 7, 6}}, card.South, bridge.VulEW, -110, "3D-EW,3C-E,2S-E"},
	} {
		p := Par(&c.table, c.dealer, c.vul)
		if p.Score != c.score || p.DDSString() != c.want {
			t.Errorf("%v dealer %s vul %s: %d %s, want %d %s", c.table, c.dealer, c.vul, p.Score, p.DDSString(), c.score, c.want)
		}
	}
}
