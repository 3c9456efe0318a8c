package bidding

import (
	"strconv"
	"strings"

	"atout/bridge"
	"atout/card"
	"atout/i18n"
)

// In words the meaning of call in lang. English is the system's own
// description (Text); the other languages word the same knowledge from the
// catalog: the call, then what it shows ([Meaning.Details]). A call that
// shows nothing (most passes) says so, so that no language falls back to
// English.
func (m Meaning) In(lang i18n.Lang, call bridge.Call) string {
	if lang == i18n.En && m.Text != "" {
		return m.Text
	}
	return m.Line(lang, call)
}

// Line words the meaning of call in lang from the catalog alone, English
// included: "1NT: 15–17 HCP, balanced, natural, non-forcing". Every
// language says the same numbers, suits and force.
func (m Meaning) Line(lang i18n.Lang, call bridge.Call) string {
	return i18n.T(lang, "meaning.line", i18n.Args{"what": i18n.CallNameOf(lang, call), "details": m.Details(lang, call)})
}

// Details words what call shows in lang, without the call's name: HCP
// range, suit lengths, balanced, stoppers, natural or conventional (a
// bid), how forcing.
func (m Meaning) Details(lang i18n.Lang, call bridge.Call) string {
	return m.details(lang, call)
}

// Name is the system's English name for the agreement the call is made
// by: the head of the rule's description ("Stayman", "Weak two"), without
// the hand it describes, which [Meaning.Line] words in every language.
func (m Meaning) Name() string {
	head, _, _ := strings.Cut(m.desc, ":")
	return strings.TrimSpace(head)
}

func (m Meaning) details(lang i18n.Lang, call bridge.Call) string {
	var parts []string
	switch {
	case m.MinHCP > 0 && m.MaxHCP < 37:
		parts = append(parts, i18n.T(lang, "call.hcp", i18n.Args{"min": m.MinHCP, "max": m.MaxHCP}))
	case m.MinHCP > 0:
		parts = append(parts, i18n.T(lang, "meaning.hcpMin", i18n.Args{"n": m.MinHCP}))
	case m.MaxHCP < 37:
		parts = append(parts, i18n.T(lang, "meaning.hcpMax", i18n.Args{"n": m.MaxHCP}))
	}
	if lo := m.LeastHCP(); lo < m.MinHCP {
		parts = append(parts, i18n.T(lang, "meaning.floor", i18n.Args{"min": lo, "max": m.MinHCP - 1}))
	}
	if m.Balanced {
		parts = append(parts, i18n.T(lang, "call.balanced"))
	}
	for s := card.Spades; ; s-- {
		name := i18n.T(lang, "suit."+s.String()+".plural")
		lo, hi := m.MinLen[s], m.MaxLen[s]
		switch {
		case m.saidByBalanced(s):
		case lo > 0 && lo == hi:
			parts = append(parts, i18n.T(lang, "meaning.len", i18n.Args{"n": lo, "suit": name}))
		case lo > 0 && hi < 13:
			parts = append(parts, i18n.T(lang, "meaning.lenRange", i18n.Args{"lo": lo, "hi": hi, "suit": name}))
		case lo > 0:
			parts = append(parts, i18n.T(lang, "meaning.lenMin", i18n.Args{"n": lo, "suit": name}))
		case hi < 13:
			parts = append(parts, i18n.T(lang, "meaning.lenMax", i18n.Args{"n": hi, "suit": name}))
		}
		if m.Stopped[s] {
			parts = append(parts, i18n.T(lang, "meaning.stopper", i18n.Args{"suit": name}))
		}
		if m.Control[s] {
			parts = append(parts, i18n.T(lang, "meaning.control", i18n.Args{"suit": name}))
		}
		if s == card.Clubs {
			break
		}
	}
	if m.Aces != 0 {
		parts = append(parts, i18n.T(lang, "meaning.aces", i18n.Args{"n": countIn(lang, m.Aces)}))
	}
	if m.Kings != 0 {
		parts = append(parts, i18n.T(lang, "meaning.kings", i18n.Args{"n": countIn(lang, m.Kings)}))
	}
	if call.Kind == bridge.Bid {
		if m.Artificial {
			parts = append(parts, i18n.T(lang, "call.artificial"))
		} else {
			parts = append(parts, i18n.T(lang, "meaning.natural"))
		}
	}
	if m.Force != NonForcing || call.Kind != bridge.Pass {
		parts = append(parts, i18n.T(lang, "call.force."+strconv.Itoa(int(m.Force))))
	}
	if len(parts) == 0 {
		parts = append(parts, i18n.T(lang, "meaning.nothing"))
	}
	return strings.Join(parts, ", ")
}

// countIn words a count's numbers in lang: "0 or 4".
func countIn(lang i18n.Lang, count uint8) string {
	ns := countNumbers(count)
	out := strconv.Itoa(ns[0])
	for _, n := range ns[1:] {
		out = i18n.T(lang, "meaning.or", i18n.Args{"a": out, "b": strconv.Itoa(n)})
	}
	return out
}
