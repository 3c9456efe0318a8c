package bidding

import (
	"fmt"
	"os"
	"strings"
	"testing"

	"atout/bridge"
	"atout/card"
)

func TestDbg(t *testing.T) {
	q := os.Getenv("DBG")
	if q == "" {
		t.Skip()
	}
	f := strings.Split(q, "|")
	h, _ := card.ParseHand(f[0])
	var calls []bridge.Call
	for _, s := range strings.Fields(f[1]) {
		c, _ := bridge.ParseCall(s)
		calls = append(calls, c)
	}
	b := New(Options{})
	for i, m := range b.ExplainAll(bridge.VulNone, card.North, calls) {
		fmt.Println(calls[i], m.Rule, m.Force, m.Text)
	}
	c, m := b.Choose(h, bridge.VulNone, card.North, calls)
	fmt.Println("=>", c, m.Rule, m.Text)
}

func TestDbg2(t *testing.T) {
	q := os.Getenv("DBG")
	if q == "" {
		t.Skip()
	}
	f := strings.Split(q, "|")
	h, _ := card.ParseHand(f[0])
	var calls []bridge.Call
	for _, s := range strings.Fields(f[1]) {
		c, _ := bridge.ParseCall(s)
		calls = append(calls, c)
	}
	b := New(Options{})
	c := b.newCtx(bridge.VulNone, card.North, calls)
	e := Evaluate(h)
	s, n := knownFit(c, e)
	fmt.Println(c.Fit(e, card.Spades), c.ShownLen(c.Partner(), card.Spades), c.Shown[c.Partner()].MinLen, e.Len)
	fmt.Println("me", c.Me, "fit", s, n, "partnerMin", c.PartnerMin(), "their", c.TheirSuits())
	for _, r := range b.rules {
		if r.Name != f[2] {
			continue
		}
		bd := newBind()
		fmt.Println("match", r.match(c, &bd))
		for _, cd := range r.expand(c, bd) {
			fmt.Println(cd.call, c.Legal(cd.call), r.When == nil || r.When(c, &cd.bind), r.ok(c, e, &cd.bind))
		}
	}
}
