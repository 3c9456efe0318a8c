package match

import (
	"atout/belote"
	"atout/bridge"
	"atout/card"
)

// What a table's settings name in a game's own terms, checked by the
// engine that knows them, so that a table checks its settings without
// knowing any game.

// CheckBridgeDeal checks a fixed bridge deal written as PBN writes it
// ("N:AKQ.. ..."): four hands of thirteen different cards.
func CheckBridgeDeal(pbn string) error {
	d, err := bridge.ParseDeal(pbn)
	if err != nil {
		return err
	}
	return d.Validate()
}

// ValidDealInfo reports whether in names a dealer and a vulnerability.
func ValidDealInfo(in DealInfo) bool { return in.Dealer <= card.West && in.Vul <= bridge.VulAll }

// CheckBeloteDeck checks a fixed belote deal's deck: the 32 cards, each
// once.
func CheckBeloteDeck(deck []card.Card) error { return belote.CheckDeck(deck) }

// BeloteSettings are the rules of a belote table as its settings write
// them.
type BeloteSettings struct {
	Mode, Rules   string // "classic", "notrump", "coinche"; "maison", "official"
	Announcements bool
	Target        int
	SaTa          bool // sans-atout and tout-atout bids (coinche only)
}

// The parts of [BeloteSettings] that [BeloteSettings.Normalize] refuses.
const (
	BadMode  = "mode"
	BadRules = "rules"
	BadSaTa  = "sata"
)

// Normalize checks s and writes its mode and rules by their own names (an
// empty mode is classic, empty rules the house's); it returns the part it
// refuses ([BadMode], [BadRules], [BadSaTa]) or "".
func (s *BeloteSettings) Normalize() string {
	if s.Mode == "" {
		s.Mode = belote.Classic.String()
	}
	m, err := belote.ParseMode(s.Mode)
	if err != nil {
		return BadMode
	}
	s.Mode = m.String()
	if s.SaTa && m != belote.Coinche {
		return BadSaTa
	}
	st, err := belote.ParseSetting(s.Rules)
	if err != nil {
		return BadRules
	}
	s.Rules = st.String()
	return ""
}

// Engine returns the engine's rules of normalized settings s.
func (s BeloteSettings) Engine() belote.Rules {
	m, _ := belote.ParseMode(s.Mode)
	st, _ := belote.ParseSetting(s.Rules)
	return belote.Rules{Mode: m, Setting: st, Announcements: s.Announcements, Target: s.Target, SaTa: s.SaTa}
}

// NewBeloteMatch returns the belote match that normalized settings s
// describe, playing the fixed deals if any.
func NewBeloteMatch(s BeloteSettings, fixed []BeloteDeal) *Belote {
	return NewBelote(s.Engine(), fixed)
}
