package table

import (
	"encoding/json"
	"fmt"
	"strings"

	"atout/card"
	"atout/match"
	"atout/protocol"
)

// Settings describe a table: the game and its options. They are stored with
// the game (as JSON, byte for byte) and rebuild the same table on resume.
// Their fields and JSON are the protocol's (docs/protocol.md).
type Settings protocol.TableSettings

// Competition names the competition (and entry) a table plays for.
type Competition = protocol.Competition

// ParseCompetition reads a competition as it is written ("id:entry").
func ParseCompetition(s string) Competition { return protocol.ParseCompetition(s) }

// SettingsError names the setting that is wrong and why. It wraps nothing.
type SettingsError struct {
	Field, Value, Reason string
}

func (e *SettingsError) Error() string {
	return fmt.Sprintf("table: setting %s=%q: %s", e.Field, e.Value, e.Reason)
}

// MaxBoards bounds a duplicate match.
const MaxBoards = 64

// MaxBoardNumber bounds Settings.BoardNumbers (an imported file may number
// its boards as it likes, within reason).
const MaxBoardNumber = 1_000_000

// Normalize checks the settings and fills in the defaults: those common
// to both games here, each game's in its own part (normalizeBridge,
// normalizeBelote), whose typed form the match is built from
// ([Settings.Bridge], [Settings.Belote]).
func (s *Settings) Normalize() error {
	s.Game = protocol.GameKind(strings.ToLower(strings.TrimSpace(string(s.Game))))
	if s.Level == "" {
		s.Level = protocol.Medium
	}
	switch s.Level {
	case protocol.Easy, protocol.Medium, protocol.Strong:
	default:
		return &SettingsError{"level", string(s.Level), "want easy, medium or strong"}
	}
	switch s.Game {
	case protocol.Bridge:
		return s.normalizeBridge()
	case protocol.Belote:
		return s.normalizeBelote()
	}
	return &SettingsError{"game", string(s.Game), "want bridge or belote"}
}

// normalizeBridge checks the settings of a bridge table.
func (s *Settings) normalizeBridge() error {
	if len(s.BeloteDeals) > 0 {
		return &SettingsError{"beloteDeals", fmt.Sprint(len(s.BeloteDeals)), "fixed belote deals need game belote"}
	}
	if s.Mode != "" || s.Rules != "" || s.Target != 0 || s.Announcements || s.SaTa {
		return &SettingsError{"game", string(s.Game), "mode, rules, announcements, sata and target are belote settings"}
	}
	if s.Scoring == "" {
		s.Scoring = match.Duplicate
	}
	sc, err := match.ParseScoring(string(s.Scoring))
	if err != nil {
		return &SettingsError{"scoring", string(s.Scoring), "want duplicate, rubber or chicago"}
	}
	if len(s.BoardNumbers) > 0 && len(s.Deals) == 0 {
		return &SettingsError{"boardNumbers", fmt.Sprint(len(s.BoardNumbers)), "board numbers need a fixed list of deals"}
	}
	if len(s.Deals) > 0 {
		if err := s.checkDeals(sc); err != nil {
			return err
		}
	}
	switch sc {
	case match.Duplicate:
		if s.Boards == 0 {
			s.Boards = 8
		}
		if s.Boards < 1 || s.Boards > MaxBoards {
			return &SettingsError{"boards", fmt.Sprint(s.Boards), fmt.Sprintf("want 1 to %d", MaxBoards)}
		}
	default:
		if s.Boards != 0 {
			return &SettingsError{"boards", fmt.Sprint(s.Boards), "only for duplicate scoring"}
		}
	}
	return nil
}

// checkDeals checks a fixed list of bridge deals with their numbers and
// dealers, and sets Boards to their number.
func (s *Settings) checkDeals(sc match.Scoring) error {
	if sc != match.Duplicate {
		return &SettingsError{"deals", fmt.Sprint(len(s.Deals)), "a fixed list of deals needs duplicate scoring"}
	}
	if s.Boards != 0 && s.Boards != len(s.Deals) {
		return &SettingsError{"boards", fmt.Sprint(s.Boards), fmt.Sprintf("want %d, the number of deals", len(s.Deals))}
	}
	s.Boards = len(s.Deals)
	if len(s.DealInfo) != 0 && len(s.DealInfo) != len(s.Deals) {
		return &SettingsError{"dealInfo", fmt.Sprint(len(s.DealInfo)), fmt.Sprintf("want %d, the number of deals", len(s.Deals))}
	}
	if len(s.BoardNumbers) != 0 && len(s.BoardNumbers) != len(s.Deals) {
		return &SettingsError{"boardNumbers", fmt.Sprint(len(s.BoardNumbers)), fmt.Sprintf("want %d, the number of deals", len(s.Deals))}
	}
	seen := map[int]bool{}
	for i, n := range s.BoardNumbers {
		if n < 1 || n > MaxBoardNumber || seen[n] {
			return &SettingsError{fmt.Sprintf("boardNumbers[%d]", i), fmt.Sprint(n), fmt.Sprintf("want 1 to %d, each number once", MaxBoardNumber)}
		}
		seen[n] = true
	}
	for i, in := range s.DealInfo {
		if !match.ValidDealInfo(in) {
			return &SettingsError{fmt.Sprintf("dealInfo[%d]", i), fmt.Sprint(in), "bad dealer or vulnerability"}
		}
	}
	for i, d := range s.Deals {
		if err := match.CheckBridgeDeal(d); err != nil {
			return &SettingsError{fmt.Sprintf("deals[%d]", i), d, err.Error()}
		}
	}
	return nil
}

// normalizeBelote checks the settings of a belote table.
func (s *Settings) normalizeBelote() error {
	if len(s.Deals) > 0 || len(s.DealInfo) > 0 || len(s.BoardNumbers) > 0 {
		return &SettingsError{"game", string(s.Game), "deals, dealInfo and boardNumbers are bridge settings (belote: beloteDeals)"}
	}
	if !s.Tournament.IsZero() && len(s.BeloteDeals) == 0 {
		return &SettingsError{"tournament", s.Tournament.String(), "a belote table plays for a tournament only with fixed beloteDeals"}
	}
	if len(s.BeloteDeals) > MaxBoards {
		return &SettingsError{"beloteDeals", fmt.Sprint(len(s.BeloteDeals)), fmt.Sprintf("want at most %d deals", MaxBoards)}
	}
	for i, d := range s.BeloteDeals {
		if d.Dealer > card.West {
			return &SettingsError{fmt.Sprintf("beloteDeals[%d].dealer", i), fmt.Sprint(uint8(d.Dealer)), "want N, E, S or W"}
		}
		if err := match.CheckBeloteDeck(d.Deck); err != nil {
			return &SettingsError{fmt.Sprintf("beloteDeals[%d].deck", i), fmt.Sprint(len(d.Deck)) + " cards", err.Error()}
		}
	}
	if s.Scoring != "" || s.Boards != 0 {
		return &SettingsError{"game", string(s.Game), "scoring and boards are bridge settings"}
	}
	bs := s.Belote()
	switch bs.Normalize() {
	case match.BadMode:
		return &SettingsError{"mode", string(s.Mode), "want classic, notrump or coinche"}
	case match.BadSaTa:
		return &SettingsError{"sata", "true", "sans-atout and tout-atout bids belong to coinche"}
	case match.BadRules:
		return &SettingsError{"rules", string(s.Rules), "want maison or official"}
	}
	s.Mode, s.Rules = protocol.BeloteMode(bs.Mode), protocol.BeloteRules(bs.Rules)
	if s.Target < 0 || s.Target > 10000 || (s.Target > 0 && s.Target < 100) {
		return &SettingsError{"target", fmt.Sprint(s.Target), "want 0 (default) or 100 to 10000"}
	}
	return nil
}

// Public returns the settings as the players may see them during the
// match: without the fixed deals (Deals, BeloteDeals), which would show
// every hand of the boards to come (Boards still counts them), the seed,
// which deals them, and the invitation's secret and owner.
func (s Settings) Public() Settings {
	s.Deals, s.BeloteDeals = nil, nil
	s.Seed, s.Invite, s.Owner = 0, "", ""
	return s
}

// Competition reports whether the table is a competition's (tournament,
// team match room, belote duplicate): its seats belong to the players the
// competition put there, and it offers no hint and no undo.
func (s *Settings) Competition() bool { return !s.Tournament.IsZero() }

// Belote returns the typed settings of a belote table.
func (s *Settings) Belote() match.BeloteSettings {
	return match.BeloteSettings{Mode: string(s.Mode), Rules: string(s.Rules), Announcements: s.Announcements, Target: s.Target, SaTa: s.SaTa}
}

// Bridge returns the typed settings of a bridge table (normalized).
func (s *Settings) Bridge() match.BridgeOptions {
	return match.BridgeOptions{Scoring: s.Scoring, Boards: s.Boards, Deals: s.Deals, DealInfo: s.DealInfo, BoardNumbers: s.BoardNumbers}
}

// ParseSettings reads and normalizes stored settings.
func ParseSettings(raw []byte) (Settings, error) {
	var s Settings
	if err := json.Unmarshal(raw, &s); err != nil {
		return s, fmt.Errorf("table: settings: %w", err)
	}
	return s, s.Normalize()
}
