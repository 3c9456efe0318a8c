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
