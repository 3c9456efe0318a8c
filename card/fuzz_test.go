package card

import "testing"

// FuzzParse checks that Parse never panics and that an accepted card is
// valid, prints in canonical form and reads back unchanged.
func FuzzParse(f *testing.F) {
	for _, s := range []string{"SA", "AS", "10h", "s10", "TH", "♠A", "", "S1", "1S", "X7", "ſA"} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, s string) {
		c, err := Parse(s)
		if err != nil {
			return
		}
		if !c.Valid() {
			t.Fatalf("%q -> invalid %d", s, uint8(c))
		}
		back, err := Parse(c.String())
		if err != nil || back != c {
			t.Fatalf("%q -> %s -> %v, %v", s, c, back, err)
		}
	})
}

// FuzzParseHand checks that ParseHand never panics and round-trips through
// String.
func FuzzParseHand(f *testing.F) {
	for _, s := range []string{"AK5.Q9832.J2.AQJ", "...", "A1098.K.Q.J", "SAK.HQ.DJ.C10", "AA.Q.J.T", "AK.Q.J", "AKQJT98765432..."} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, s string) {
		h, err := ParseHand(s)
		if err != nil {
			return
		}
		if h&^Full52 != 0 {
			t.Fatalf("%q -> cards outside the deck: %x", s, uint64(h))
		}
		back, err := ParseHand(h.String())
		if err != nil || back != h {
			t.Fatalf("%q -> %s -> %v, %v", s, h, back, err)
		}
	})
}
