package bidding

import (
	"strings"
	"testing"

	"atout/bridge"
	"atout/card"
	"atout/i18n"
)

// Every call of self-played auctions is worded in every language, with no
// placeholder left and, outside English, no English word; a pass reads
// as the language's pass.
func TestMeaningInEveryLanguage(t *testing.T) {
	b := New(Options{})
	r := card.NewRand(5)
	english := []string{"Pass", "Double", "natural", "forcing", "HCP", "balanced", "spades", "hearts", "clubs", "diamonds", "nothing"}
	for i := range 60 {
		d := bridge.RandomDeal(r)
		dealer := card.Seat(i % 4)
		calls := bidOut(t, b, d, dealer, bridge.VulNone, nil)
		for j, m := range b.ExplainAll(bridge.VulNone, dealer, calls) {
			for _, l := range i18n.Supported {
				w := m.In(l, calls[j])
				if w == "" || strings.Contains(w, "{") || strings.Contains(w, "meaning.") {
					t.Fatalf("%s: call %v of %v: %q", l, calls[j], calls, w)
				}
				if l == i18n.En {
					continue
				}
				words := strings.FieldsFunc(w, func(r rune) bool { return strings.ContainsRune(" ,;:.()–+", r) })
				for _, e := range english {
					for _, x := range words {
						if x == e && !(e == "HCP" && l == i18n.Ko) && !(e == "forcing" && l == i18n.Fr) { // Korean players write HCP, French ones forcing
							t.Errorf("%s: call %v of %v: English %q in %q", l, calls[j], calls, e, w)
						}
					}
				}
				if calls[j].Kind == bridge.Pass && !strings.HasPrefix(w, i18n.T(l, "call.pass")) {
					t.Errorf("%s: a pass reads %q", l, w)
				}
			}
		}
	}
	m := passMeaning()
	for _, tc := range []struct {
		l    i18n.Lang
		want string
	}{
		{i18n.Fr, "Passe : rien de plus à montrer"},
		{i18n.De, "Passe: nichts weiter zu zeigen"},
		{i18n.Ko, "패스: 더 보여줄 것 없음"},
	} {
		if got := m.In(tc.l, bridge.PassCall); got != tc.want {
			t.Errorf("%s: pass reads %q, want %q", tc.l, got, tc.want)
		}
	}
}

// A balanced hand's two to five cards a suit are said by "balanced", not
// listed suit by suit, in every language.
func TestBalancedWordedOnce(t *testing.T) {
	b := New(Options{})
	calls := mustCalls(t, "1N")
	m := b.Explain(bridge.VulNone, card.North, calls, 0)
	if !m.Balanced || m.MinLen[card.Hearts] != 2 || m.MaxLen[card.Hearts] != 5 {
		t.Fatalf("1NT: %+v, want balanced with 2-5 cards a suit", m)
	}
	for _, l := range i18n.Supported {
		w := m.In(l, calls[0])
		if strings.Contains(w, "2-5") || strings.Contains(w, "2–5") {
			t.Errorf("%s: %q lists the balanced lengths", l, w)
		}
		if !strings.Contains(w, i18n.T(l, "call.balanced")) {
			t.Errorf("%s: %q does not say balanced", l, w)
		}
	}
}
