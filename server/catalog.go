package server

import (
	"encoding/json"

	"atout/i18n"
	"atout/protocol"
)

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
