package match

import "fmt"

// Kind names a game: the value of a table's "game" setting.
type Kind string

// The games.
const (
	BridgeGame Kind = "bridge"
	BeloteGame Kind = "belote"
)

// Scoring is how a bridge match scores its boards: the value of a table's
// "scoring" setting.
type Scoring string

// The scorings of a bridge match.
const (
	Duplicate Scoring = "duplicate" // each board on its own: the duplicate score
	Rubber    Scoring = "rubber"    // rubber bridge: above and below the line, to two games
	Chicago   Scoring = "chicago"   // four deals, vulnerability set by the deal's place
)

// ParseScoring checks a scoring's name.
func ParseScoring(name string) (Scoring, error) {
	switch s := Scoring(name); s {
	case Duplicate, Rubber, Chicago:
		return s, nil
	}
	return "", fmt.Errorf("match: scoring %q: want duplicate, rubber or chicago", name)
}

// recordTag is the PBN Scoring tag of the match's boards.
func (s Scoring) recordTag() string {
	return map[Scoring]string{Duplicate: "MP", Rubber: "Rubber", Chicago: "Chicago"}[s]
}
