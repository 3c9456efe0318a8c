package protocol

import (
	"bytes"
	"encoding/json"

	"atout/belote"
	"atout/bridge"
)

// What differs by game goes on the wire as the game's own value: a union
// whose one set field is written as it is (null when none is set), so that
// the Go side is typed and the JSON is the game's.

// View is the engine's view of the current deal for one user. The server
// writes it; nothing reads it back (the engines' views are for clients).
type View struct {
	Bridge *bridge.View     `json:"-"` // a bridge board
	Belote *belote.GameView `json:"-"` // a belote game and its current deal
}

// BridgeView and BeloteView wrap an engine's view.
func BridgeView(v bridge.View) View     { return View{Bridge: &v} }
func BeloteView(v belote.GameView) View { return View{Belote: &v} }

// IsZero reports whether no view is set (null on the wire).
func (v View) IsZero() bool { return v.Bridge == nil && v.Belote == nil }

func (v View) MarshalJSON() ([]byte, error) {
	switch {
	case v.Bridge != nil:
		return json.Marshal(v.Bridge)
	case v.Belote != nil:
		return json.Marshal(v.Belote)
	}
	return []byte("null"), nil
}

// Sheet is a table's score sheet.
type Sheet struct {
	Bridge *BridgeSheet `json:"-"` // a bridge table's
	Belote *BeloteSheet `json:"-"` // a belote table's
	// raw is the JSON a sheet was read from: a belote sheet's lines are
	// written by package belote, which does not read them back, so such a
	// sheet is read as raw JSON only (and written again as it was).
	raw json.RawMessage
}

// IsZero reports whether no sheet is set (null on the wire).
func (s Sheet) IsZero() bool { return s.Bridge == nil && s.Belote == nil && s.raw == nil }

func (s Sheet) MarshalJSON() ([]byte, error) {
	switch {
	case s.Bridge != nil:
		return json.Marshal(s.Bridge)
	case s.Belote != nil:
		return json.Marshal(s.Belote)
	case s.raw != nil:
		return s.raw, nil
	}
	return []byte("null"), nil
}

func (s *Sheet) UnmarshalJSON(b []byte) error {
	*s = Sheet{}
	if isNull(b) {
		return nil
	}
	var probe struct {
		Scoring *string `json:"scoring"`
	}
	if err := json.Unmarshal(b, &probe); err != nil {
		return err
	}
	if probe.Scoring != nil {
		s.Bridge = new(BridgeSheet)
		return json.Unmarshal(b, s.Bridge)
	}
	s.raw = append(json.RawMessage(nil), b...)
	return nil
}

func isNull(b []byte) bool { return bytes.Equal(bytes.TrimSpace(b), []byte("null")) }

// DealAnalysis is the review of a finished deal: a bridge board's
// double-dummy [Analysis] or a belote deal's [BeloteAnalysis]. It goes on
// the wire, and into the store with the deal's result, as that message.
type DealAnalysis struct {
	Bridge *Analysis       `json:"-"`
	Belote *BeloteAnalysis `json:"-"`
}

// IsZero reports whether no analysis is set (nothing to review).
func (a DealAnalysis) IsZero() bool { return a.Bridge == nil && a.Belote == nil }

func (a DealAnalysis) MarshalJSON() ([]byte, error) {
	switch {
	case a.Bridge != nil:
		return json.Marshal(a.Bridge)
	case a.Belote != nil:
		return json.Marshal(a.Belote)
	}
	return []byte("null"), nil
}
