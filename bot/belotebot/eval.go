package belotebot

import (
	"atout/belote"
	"atout/card"
)

// HandScore is a heuristic strength of hand h as the taker's hand with
// trump suit trump ([belote.NoSuit] for no-trump and sans-atout,
// [belote.AllTrump] for tout-atout), roughly in card points the hand brings
// to its side: trump jack and nine, aces, guarded tens, trump length,
// shortness with trumps, belote-rebelote. Announcements are not counted.
func HandScore(h card.Hand, trump card.Suit, r belote.Rules) int {
	if trump == belote.AllTrump {
		return allTrumpScore(h)
	}
	if trump == belote.NoSuit && r.Mode == belote.Coinche {
		return sansAtoutScore(h, r)
	}
	if trump == belote.NoSuit || r.Mode == belote.NoTrump {
		return noTrumpScore(h, r)
	}
	sc := 0
	tm := h.Suit(trump)
	nt := tm.Len()
	trumpVal := [15]int{card.Jack: 22, card.Nine: 16, card.Ace: 12, card.Ten: 10, card.King: 6, card.Queen: 6, card.Eight: 5, card.Seven: 5}
	for _, c := range tm.Cards() {
		sc += trumpVal[c.Rank()]
	}
	if nt > 2 {
		sc += 6 * (nt - 2)
	}
	if tm.Has(card.New(trump, card.Nine)) && !tm.Has(card.New(trump, card.Jack)) && nt < 3 {
		sc -= 5 // an unguarded nine may fall to the jack
	}
	if tm.Has(card.New(trump, card.King)) && tm.Has(card.New(trump, card.Queen)) {
		sc += 10
	}
	for _, s := range card.Suits {
		if s == trump {
			continue
		}
		sm := h.Suit(s)
		hasA, hasT := sm.Has(card.New(s, card.Ace)), sm.Has(card.New(s, card.Ten))
		n := sm.Len()
		if hasA {
			sc += 14
		}
		switch {
		case hasT && hasA:
			sc += 9
		case hasT && n >= 2:
			sc += 4
		}
		if sm.Has(card.New(s, card.King)) && (hasA || hasT) {
			sc += 3
		}
		if nt >= 3 {
			switch n {
			case 0:
				sc += 6
			case 1:
				if !hasA {
					sc += 2
				}
			}
		}
	}
	return sc
}

func noTrumpScore(h card.Hand, r belote.Rules) int {
	sc := 0
	aceVal := 16
	if r.Setting == belote.Official {
		aceVal = 24
	}
	for _, s := range card.Suits {
		sm := h.Suit(s)
		n := sm.Len()
		hasA, hasT, hasK := sm.Has(card.New(s, card.Ace)), sm.Has(card.New(s, card.Ten)), sm.Has(card.New(s, card.King))
		if hasA {
			sc += aceVal
			if hasT {
				sc += 12
				if hasK {
					sc += 5
				}
			}
			if n > 3 {
				sc += 4 * (n - 3)
			}
		} else if hasT && n >= 2 {
			sc += 4
		}
	}
	return sc
}

// allTrumpScore rates h for a tout-atout contract on the coinche scale of
// [HandScore]: every jack is a sure trick (with 14 points and what falls on
// it), a nine behind its jack a second one, a nine without it a trick once
// the jack is out (if guarded); aces and tens are worth little
// (docs/belote-coinche-sa-ta.md §3), and long suits keep the lead.
func allTrumpScore(h card.Hand) int {
	sc := 0
	for _, s := range card.Suits {
		sm := h.Suit(s)
		n := sm.Len()
		hasJ, has9, hasA := sm.Has(card.New(s, card.Jack)), sm.Has(card.New(s, card.Nine)), sm.Has(card.New(s, card.Ace))
		switch {
		case hasJ && has9:
			sc += 36
			if hasA {
				sc += 8
			}
		case hasJ:
			sc += 20
		case has9 && n >= 3:
			sc += 9
		case has9 && n == 2:
			sc += 4
		}
		if hasJ && n >= 4 {
			sc += 4 * (n - 3)
		}
		if n == 0 || (n == 1 && !hasJ) {
			sc -= 4 // the opponents cash that suit
		}
	}
	return sc
}

// sansAtoutScore rates h for a coinche sans-atout contract on the scale of
// [HandScore]: the no-trump rating (whose Maison ace is worth less, the
// deal holding 130 card points instead of 162) less a handicap for each
// suit without its ace, which the opponents may run.
func sansAtoutScore(h card.Hand, r belote.Rules) int {
	sc := noTrumpScore(h, r)
	gaps := 0
	for _, s := range card.Suits {
		if !h.Has(card.New(s, card.Ace)) {
			gaps++ // an ace missing: the opponents may run that suit
		}
	}
	sc -= 4 * gaps
	return sc
}

// BestStrain returns the strain with the highest [HandScore] for a coinche
// bid under rules r: the four suits, and with r.SaTa sans-atout
// ([belote.NoSuit]) and tout-atout ([belote.AllTrump]).
func BestStrain(h card.Hand, r belote.Rules) (card.Suit, int) {
	best, bs := BestSuit(h, r, belote.NoSuit)
	if !r.SaTa {
		return best, bs
	}
	for _, s := range []card.Suit{belote.NoSuit, belote.AllTrump} {
		if v := HandScore(h, s, r); v > bs {
			best, bs = s, v
		}
	}
	return best, bs
}

// BestSuit returns the suit with the highest [HandScore] for h, among the
// suits not excluded, with its score.
func BestSuit(h card.Hand, r belote.Rules, exclude card.Suit) (card.Suit, int) {
	best, bs := card.Suit(0), -1
	for _, s := range card.Suits {
		if s == exclude {
			continue
		}
		if v := HandScore(h, s, r); v > bs {
			best, bs = s, v
		}
	}
	return best, bs
}

// Score thresholds of the baseline bidding: a hand at or above them takes.
const (
	takeScore       = 62 // classic round 1, with the turned card
	nameScore       = 66 // classic round 2
	noTrumpTake     = 58 // no-trump (Maison scale)
	coincheBase     = 58 // coinche: score for an 80 bid
	coincheStep     = 7  // coinche: score per 10 more
	coincheDefScore = 40 // coinche: defensive strength to coinche
)

// coincheLevel returns the highest bid a hand scoring sc (with the
// announcements it holds) supports in coinche, or 0 for none.
func coincheLevel(sc, ann int) int {
	sc += ann / 4
	if sc < coincheBase {
		return 0
	}
	v := 80 + 10*((sc-coincheBase)/coincheStep)
	return min(v, 160)
}

// defenceScore is the strength of h against a contract in trump suit t
// (or the strain [belote.NoSuit] or [belote.AllTrump]).
func defenceScore(h card.Hand, t card.Suit) int {
	sc := 0
	switch t {
	case belote.NoSuit: // aces and guarded tens stop the suits
		for _, s := range card.Suits {
			if h.Has(card.New(s, card.Ace)) {
				sc += 14
			} else if h.Has(card.New(s, card.Ten)) && h.SuitLen(s) >= 2 {
				sc += 6
			}
		}
		return sc
	case belote.AllTrump: // jacks, and nines guarded behind them
		for _, s := range card.Suits {
			if h.Has(card.New(s, card.Jack)) {
				sc += 16
			} else if h.Has(card.New(s, card.Nine)) && h.SuitLen(s) >= 2 {
				sc += 8
			}
		}
		return sc
	}
	tm := h.Suit(t)
	if tm.Has(card.New(t, card.Jack)) {
		sc += 20
	}
	if tm.Has(card.New(t, card.Nine)) && tm.Len() >= 2 {
		sc += 12
	}
	sc += 4 * tm.Len()
	for _, s := range card.Suits {
		if s == t {
			continue
		}
		if h.Has(card.New(s, card.Ace)) {
			sc += 10
			if h.Has(card.New(s, card.Ten)) {
				sc += 6
			}
		}
	}
	return sc
}
