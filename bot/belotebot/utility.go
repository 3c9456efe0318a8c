package belotebot

import (
	"atout/belote"
	"atout/card"
)

// dealOutcome is what decides a deal's score once the cards are played.
type dealOutcome struct {
	rules    belote.Rules
	contract belote.Contract
	belote   int    // side holding a declared belote, or -1
	ann      [2]int // announcement points won by each side
}

// score returns the deal score of each side (belote-rules §8, without the
// Official rounding and with a litige counted as nothing for the takers)
// for final card points pts and tricks won.
func (o *dealOutcome) score(pts [2]int, won [2]bool) [2]int {
	r, c := o.rules, o.contract
	t := c.Takers()
	d := t ^ 1
	cards := pts
	capot := -1
	switch {
	case won[0] && !won[1]:
		capot, cards = 0, [2]int{belote.CapotPoints, 0}
	case won[1] && !won[0]:
		capot, cards = 1, [2]int{0, belote.CapotPoints}
	}
	var bel [2]int
	if o.belote >= 0 {
		bel[o.belote] = belote.BelotePoints
	}
	ann := o.ann
	var tot [2]int
	for s := range 2 {
		tot[s] = cards[s] + bel[s] + ann[s]
	}
	var sc [2]int
	official := r.Setting == belote.Official
	if r.Mode != belote.Coinche {
		switch {
		case tot[t] > tot[d]:
			sc[t], sc[d] = tot[t], tot[d]
			if capot == int(t) && official {
				sc[t] += ann[d]
				sc[d] -= ann[d]
			}
		case tot[t] < tot[d]:
			base := belote.Total(r.Mode, r.Setting)
			if capot == int(d) {
				base = belote.CapotPoints
			}
			sc[d] = base + bel[d] + ann[d]
			sc[t] = bel[t]
			if official {
				sc[d] += ann[t]
			} else {
				sc[t] += ann[t]
			}
		default:
			sc[d] = tot[d]
		}
		return sc
	}
	v := c.Value
	made := tot[t] >= v && tot[t] > tot[d]
	if c.Capot() {
		made = capot == int(t)
	}
	m := max(c.Coinche, 1)
	if m == 1 {
		if made {
			sc[t] = cards[t] + bel[t] + ann[t] + v
			sc[d] = cards[d] + bel[d] + ann[d]
		} else {
			sc[d] = 160 + v + bel[d] + ann[d]
			sc[t] = bel[t]
			if !official {
				sc[t] += ann[t]
			}
		}
		return sc
	}
	w := d
	if made {
		w = t
	}
	l := w ^ 1
	base := 160
	if official && made && capot == int(t) {
		base = belote.CapotPoints
	}
	sc[w] = (base + v + ann[w] + bel[w]) * m
	sc[l] = bel[l]
	return sc
}

// utility returns side's score minus the other side's.
func (o *dealOutcome) utility(pts [2]int, won [2]bool, side card.Side) int {
	sc := o.score(pts, won)
	return sc[side] - sc[side^1]
}
