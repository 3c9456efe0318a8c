package bidding

import (
	"testing"

	"atout/bridge"
	"atout/card"
)

// The knowledge narrows through the auction, for both sides, and the
// explanations are its per-call meanings.
func TestKnowledge(t *testing.T) {
	b := New(Options{})
	calls := mustCalls(t, "1N 2H 2S 3H")
	k := b.Knowledge(bridge.VulNone, card.North, calls)
	n := k.Seats[card.North]
	if n.MinHCP != 15 || n.MaxHCP != 17 || !n.Balanced {
		t.Errorf("1NT opener: %+v", n)
	}
	if k.Seats[card.East].MinLen[card.Hearts] < 5 {
		t.Errorf("2H overcall over 1NT shows 5+ hearts (and partner raised): %+v", k.Seats[card.East])
	}
	if lo, _ := k.SideHCP(card.NS); lo < 15 {
		t.Errorf("NS together: at least 15, got %d", lo)
	}
	for i := range calls {
		if m := b.Explain(bridge.VulNone, card.North, calls, i); m.Text != k.Calls[i].Text {
			t.Errorf("call %d: Explain %q, knowledge %q", i, m.Text, k.Calls[i].Text)
		}
	}
	// Declining an invitation shows a minimum.
	k = b.Knowledge(bridge.VulNone, card.North, mustCalls(t, "1H P 3H P P"))
	if n := k.Seats[card.North]; n.MaxHCP > 14 {
		t.Errorf("1H-3H-pass: opener shows a minimum, got %+v", n)
	}
	// A strong 2C and a waiting 2D: opener must bid.
	k = b.Knowledge(bridge.VulNone, card.North, mustCalls(t, "2C P 2D P"))
	if !k.MustBid || k.ToAct != card.North {
		t.Errorf("2C-2D: opener must bid: %+v", k)
	}
	k = b.Knowledge(bridge.VulNone, card.North, mustCalls(t, "1S P 4S P"))
	if k.MustBid {
		t.Errorf("1S-4S: opener may pass")
	}
	// Notrump over their suit promises it stopped.
	k = b.Knowledge(bridge.VulNone, card.North, mustCalls(t, "1H 1S 1N"))
	if !k.Seats[card.South].Stopped[card.Spades] {
		t.Errorf("1H-1S-1NT: responder promises a spade stopper: %+v", k.Seats[card.South])
	}
	// A major fit is known once responder raises.
	k = b.Knowledge(bridge.VulNone, card.North, mustCalls(t, "1S P 2S P"))
	if s, n, ok := k.Fit(card.NS); !ok || s != card.Spades || n < 8 {
		t.Errorf("1S-2S: fit %v %d %v", s, n, ok)
	}
}
