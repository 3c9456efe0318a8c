package card

import (
	"slices"
	"testing"
)

func TestSecret(t *testing.T) {
	a, b := NewSecret(), NewSecret()
	if a.IsZero() || a == b {
		t.Fatalf("two secrets drawn: %v and %v", a, b)
	}
	back, err := ParseSecret(a.String())
	if err != nil || back != a {
		t.Fatalf("ParseSecret(%q) = %v, %v", a.String(), back, err)
	}
	for _, bad := range []string{"", "00", a.String() + "00", "zz" + a.String()[2:]} {
		if _, err := ParseSecret(bad); err == nil {
			t.Errorf("ParseSecret(%q): no error", bad)
		}
	}
	d1, d2, d3 := Deck52(), Deck52(), Deck52()
	a.Rand().Shuffle(d1)
	a.Rand().Shuffle(d2)
	b.Rand().Shuffle(d3)
	if !slices.Equal(d1, d2) {
		t.Error("the same secret dealt two different decks")
	}
	if slices.Equal(d1, d3) {
		t.Error("two secrets dealt the same deck")
	}
}
