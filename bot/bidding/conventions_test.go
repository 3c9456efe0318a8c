package bidding

import (
	"strings"
	"testing"

	"atout/bridge"
	"atout/card"
	"atout/i18n"
)

// The convention card is made from the table: most rules have an example,
// every group has lines, each example is a legal auction the rule matches,
// and every line is worded in every language without English words.
func TestConventions(t *testing.T) {
	b := New(Options{})
	cs := b.Conventions()
	rules := 0
	for _, r := range b.rules {
		if !r.Natural {
			rules++
		}
	}
	if len(cs)*10 < rules*7 {
		t.Errorf("%d lines for %d rules: fewer than 70%% of the rules have an example", len(cs), rules)
	}
	groups := map[string]int{}
	var open1NT bool
	for _, c := range cs {
		groups[c.Group]++
		a := bridge.NewAuction(card.North)
		for _, call := range append(append([]bridge.Call(nil), c.Auction...), c.Call) {
			if err := a.Add(call); err != nil {
				t.Fatalf("%s: %v then %v is not a legal auction: %v", c.Rule, c.Auction, c.Call, err)
			}
		}
		if c.Rule == "open.1nt" && len(c.Auction) == 0 && c.Call == bridge.NewBid(1, bridge.NoTrump) &&
			c.Meaning.MinHCP == 15 && c.Meaning.MaxHCP == 17 && c.Meaning.Balanced {
			open1NT = true
		}
		for _, l := range i18n.Supported {
			w := c.Meaning.In(l, c.Call)
			if w == "" || strings.Contains(w, "{") || strings.Contains(w, "meaning.") {
				t.Errorf("%s %s: %q", c.Rule, l, w)
			}
			if l != i18n.En {
				for _, e := range []string{"natural", "balanced", "HCP", "spades", "hearts", "clubs", "diamonds", "invitational"} {
					if strings.Contains(w, e) && !(e == "HCP" && l == i18n.Ko) {
						t.Errorf("%s %s: English %q in %q", c.Rule, l, e, w)
					}
				}
			}
		}
	}
	for _, g := range ConventionGroups {
		if groups[g] == 0 {
			t.Errorf("group %s has no line", g)
		}
	}
	if !open1NT {
		t.Error("no line for the 1NT opening, 15-17 balanced")
	}
	// The groups come in order.
	last := 0
	for _, c := range cs {
		i := strings.Index(strings.Join(ConventionGroups, " "), c.Group)
		if i < last {
			t.Fatalf("%s (%s) out of group order", c.Rule, c.Group)
		}
		last = i
	}
}
