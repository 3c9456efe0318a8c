package belotebot

import (
	"context"
	"strings"
	"testing"

	"atout/belote"
	"atout/card"
)

// TestBotSays: the baseline bot plays whole deals through Act; every move
// is accepted, it says belote with each belote card, and with its first
// card it declares its announcements, all of them unless they are
// hopeless.
func TestBotSays(t *testing.T) {
	b := NewBaseline(1)
	rnd := card.NewRand(77)
	belotes, declared, quiet := 0, 0, 0
	for i := 0; i < 300; i++ {
		deck := belote.ShuffledDeck(rnd)
		d, err := belote.NewDeal(belote.Rules{Mode: belote.Coinche, Announcements: true}, card.Seat(i%4), deck[:])
		if err != nil {
			t.Fatal(err)
		}
		for !d.Done() {
			seat := d.Turn()
			first, second := false, false
			var anns []belote.Announcement
			if d.Phase() == belote.PhasePlay {
				anns = d.Announcements(seat)
			}
			m, err := b.Act(context.Background(), d, seat)
			if err != nil {
				t.Fatal(err)
			}
			if a, err := belote.ParseAction(m.Action); err == nil && a.Kind == belote.ActCard {
				first, second = d.BeloteCard(seat, a.Card)
				if (first || second) != (a.Say == belote.SayBelote) {
					t.Fatalf("deal %d: %v with belote card %v %v", i, m.Action, first, second)
				}
				if first || second {
					belotes++
				}
				mask, ok := a.Declared()
				if ok != (len(anns) > 0) {
					t.Fatalf("deal %d: %v with announcements %v", i, m.Action, anns)
				}
				if ok && mask == 0 {
					quiet++
					if !hopeless(d, seat, anns[0]) {
						t.Fatalf("deal %d: quiet without reason", i)
					}
				} else if ok {
					declared++
					if mask != uint8(1)<<len(anns)-1 {
						t.Fatalf("deal %d: declared %b of %d", i, mask, len(anns))
					}
				}
			}
			if err := d.Apply(m); err != nil {
				t.Fatalf("deal %d: the bot's %q: %v", i, m.Action, err)
			}
		}
		if strings.Contains(d.Record().Actions[len(d.Record().Actions)-1].String(), " d") {
			t.Fatal("a declaration with the last card")
		}
	}
	t.Logf("belote cards said %d, announcements declared %d, kept quiet %d", belotes, declared, quiet)
	if belotes == 0 || declared == 0 {
		t.Fatal("the test saw no belote or no announcement")
	}
}
