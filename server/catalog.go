package server

import (
	"encoding/json"

	"atout/bot/bidding"
	"atout/bridge"
	"atout/card"
	"atout/i18n"
	"atout/protocol"
)

// BridgeExplainer explains bridge calls with the bidding bot's system, in
// the shape of the state message's "explanations" (docs/protocol.md): one
// entry per call, with the English text and the structured meaning that the
// browser words in the user's language.
func BridgeExplainer() func(bridge.Vul, card.Seat, []bridge.Call) []protocol.Explanation {
	b := bidding.New(bidding.Options{})
	return func(vul bridge.Vul, dealer card.Seat, calls []bridge.Call) []protocol.Explanation {
		ms := b.ExplainAll(vul, dealer, calls)
		out := make([]protocol.Explanation, 0, len(ms))
		for i, m := range ms {
			if i >= len(calls) {
				break
			}
			out = append(out, explanation(m, calls[i]))
		}
		return out
	}
}

// BridgeSuggester returns the bidding hint of the tables: the call the
// bidding bot makes with a hand, with its meaning.
func BridgeSuggester() func(bridge.Vul, card.Seat, []bridge.Call, card.Hand) *protocol.Explanation {
	b := bidding.New(bidding.Options{})
	return func(vul bridge.Vul, dealer card.Seat, calls []bridge.Call, hand card.Hand) *protocol.Explanation {
		call, m := b.Choose(hand, vul, dealer, calls)
		e := explanation(m, call)
		return &e
	}
}

// explanation is the protocol's form of a call's meaning.
func explanation(m bidding.Meaning, call bridge.Call) protocol.Explanation {
	return protocol.Explanation{Call: call.String(), Text: m.Text, Key: m.Key, Args: m.Args,
		MinHCP: m.MinHCP, MaxHCP: m.MaxHCP, MinLen: m.MinLen, MaxLen: m.MaxLen,
		Balanced: m.Balanced, Force: int(m.Force), Artificial: m.Artificial, Words: words(m, call)}
}

// words is a call's meaning in every language but English.
func words(m bidding.Meaning, call bridge.Call) map[string]string {
	out := make(map[string]string, len(i18n.Supported)-1)
	for _, l := range i18n.Supported {
		if l != i18n.En {
			out[string(l)] = m.In(l, call)
		}
	}
	return out
}

// I18n is the server's Languages backed by package i18n: the five
// catalogs, Accept-Language matching and the rules pages.
type I18n struct{}

func (I18n) Match(accept string) string { return string(i18n.Match(accept)) }

func (I18n) Supported(lang string) bool { return i18n.Lang(lang).Valid() }

func (I18n) Catalog(lang string) ([]byte, bool) {
	l := i18n.Lang(lang)
	if !l.Valid() {
		return nil, false
	}
	b, err := json.Marshal(protocol.Catalog(i18n.Catalog(l)))
	return b, err == nil
}

func (I18n) Message(lang, key string) (string, bool) {
	if !i18n.Has(key) {
		return "", false
	}
	return i18n.T(i18n.Lang(lang), key), true
}

func (I18n) Rules(game, lang string) ([]byte, bool) {
	p, err := i18n.RulesPage(i18n.Lang(lang), game)
	if err != nil {
		return nil, false
	}
	return []byte(p.HTML), true
}
