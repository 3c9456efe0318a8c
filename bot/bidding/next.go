package bidding

import (
	"atout/bridge"
	"atout/card"
)

// ExplainNext returns the meaning of each call of next made by the seat
// to act after calls: for next[i], what Explain gives for calls followed
// by next[i], with the auction so far read once (the bidding box shows
// the meaning of every legal call before the player makes one). A call
// of next that is not legal there gets the generic meaning, as in
// Explain.
func (b *Bot) ExplainNext(vul bridge.Vul, dealer card.Seat, calls []bridge.Call, next []bridge.Call) []Meaning {
	a, calls := LegalPrefix(dealer, calls)
	c := b.newCtx(vul, dealer, calls)
	out := make([]Meaning, len(next))
	for i, call := range next {
		if a.Check(call) != nil {
			out[i] = genericMeaning(call)
			continue
		}
		out[i] = b.explainIn(c, call)
	}
	return out
}
