package table

import (
	"errors"
	"testing"

	"atout/protocol"
)

// TestSettingsSaTa: the sans-atout/tout-atout setting is off by default,
// coinche only, public, and reaches the engine's rules.
func TestSettingsSaTa(t *testing.T) {
	s := Settings{Game: protocol.Belote, Mode: "coinche"}
	if err := s.Normalize(); err != nil || s.Belote().SaTa {
		t.Fatalf("default: %v %+v", err, s.Belote())
	}
	s = Settings{Game: protocol.Belote, Mode: "coinche", SaTa: true}
	if err := s.Normalize(); err != nil || !s.Belote().SaTa || !s.Public().SaTa {
		t.Fatalf("coinche with sata: %v %+v", err, s.Belote())
	}
	for _, bad := range []Settings{
		{Game: protocol.Belote, Mode: "classic", SaTa: true},
		{Game: protocol.Belote, Mode: "notrump", SaTa: true},
		{Game: protocol.Belote, SaTa: true}, // classic by default
		{Game: protocol.Bridge, SaTa: true},
	} {
		err := bad.Normalize()
		var se *SettingsError
		if !errors.As(err, &se) {
			t.Errorf("%+v: %v", bad, err)
		}
	}
	raw := []byte(`{"game":"belote","mode":"coinche","sata":true}`)
	p, err := ParseSettings(raw)
	if err != nil || !p.Belote().SaTa {
		t.Fatalf("stored settings: %v %+v", err, p)
	}
}
