package match

import "fmt"

// Scoring is how a bridge match scores its boards.
type Scoring uint8

// The scorings of a bridge match.
const (
	Duplicate Scoring = iota // each board on its own: the duplicate score
	Rubber                   // rubber bridge: above and below the line, to two games
	Chicago                  // four deals, vulnerability set by the deal's place
)

var scoringNames = [...]string{Duplicate: "duplicate", Rubber: "rubber", Chicago: "chicago"}

// String returns "duplicate", "rubber" or "chicago".
func (s Scoring) String() string {
	if int(s) < len(scoringNames) {
		return scoringNames[s]
	}
	return fmt.Sprintf("Scoring(%d)", uint8(s))
}

// ParseScoring reads "duplicate", "rubber" or "chicago".
func ParseScoring(name string) (Scoring, error) {
	for i, n := range scoringNames {
		if n == name {
			return Scoring(i), nil
		}
	}
	return 0, fmt.Errorf("match: scoring %q: want duplicate, rubber or chicago", name)
}

// MarshalText writes the scoring's name.
func (s Scoring) MarshalText() ([]byte, error) {
	if int(s) >= len(scoringNames) {
		return nil, fmt.Errorf("match: no scoring %d", uint8(s))
	}
	return []byte(s.String()), nil
}

// UnmarshalText reads a scoring's name.
func (s *Scoring) UnmarshalText(b []byte) error {
	v, err := ParseScoring(string(b))
	if err != nil {
		return err
	}
	*s = v
	return nil
}

// recordTag is the PBN Scoring tag of the match's boards.
func (s Scoring) recordTag() string {
	return [...]string{Duplicate: "MP", Rubber: "Rubber", Chicago: "Chicago"}[s]
}
