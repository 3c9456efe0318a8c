package scoring

import (
	"fmt"

	"atout/bridge"
	"atout/card"
)

// Honours is the honours bonus of a deal in rubber bridge (and in Chicago
// when honours are counted): Points is 0 (none), 100 (four of the five trump
// honours A K Q J 10 in one hand) or 150 (all five trump honours in one hand,
// or the four aces in one hand at no-trump). Side is the side of the player
// who held them, who may be a defender; it is ignored when Points is 0.
type Honours struct {
	Side   card.Side
	Points int
}

// HandHonours returns the honours a single hand is worth in strain s: 150,
// 100 or 0.
func HandHonours(h card.Hand, s bridge.Strain) int {
	if suit, ok := s.Suit(); ok {
		const honours = 1<<card.Ace | 1<<card.King | 1<<card.Queen | 1<<card.Jack | 1<<card.Ten
		switch n := popcount16(h.SuitMask(suit) & honours); {
		case n == 5:
			return 150
		case n == 4:
			return 100
		}
		return 0
	}
	if s != bridge.NoTrump {
		return 0
	}
	for _, suit := range card.Suits {
		if !h.Has(card.New(suit, card.Ace)) {
			return 0
		}
	}
	return 150
}

// DetectHonours looks at the four hands of a deal played in strain s and
// returns the honours held, if any, with the side of the hand that held them.
// At most one hand can hold four or more of the five trump honours.
func DetectHonours(d bridge.Deal, s bridge.Strain) Honours {
	for _, seat := range card.Seats {
		if p := HandHonours(d[seat], s); p > 0 {
			return Honours{Side: seat.Side(), Points: p}
		}
	}
	return Honours{}
}

func popcount16(x uint16) int {
	n := 0
	for ; x != 0; x &= x - 1 {
		n++
	}
	return n
}

// DealResult is the outcome of one deal of rubber bridge or Chicago: the
// final contract ([bridge.PassedOut] when all four passed), the declaring
// side, the tricks declarer took (0..13) and the honours held.
type DealResult struct {
	Contract bridge.Contract
	Declarer card.Side
	Tricks   int
	Honours  Honours
}

// validate checks a deal result; fn names the caller for the error.
func (d DealResult) validate(fn string) error {
	c := d.Contract
	if c.Level > 7 || c.Strain > bridge.NoTrump || c.Doubled > 2 {
		return inputErr(fn, "contract", fmt.Sprintf("{Level:%d Strain:%d Doubled:%d}", c.Level, c.Strain, c.Doubled),
			"want level 0..7 (0 passed out), strain C..NT, doubled 0..2")
	}
	if c.IsPass() {
		if d.Tricks != 0 || d.Honours.Points != 0 {
			return inputErr(fn, "result", c, "a passed-out deal has no tricks and no honours")
		}
		return nil
	}
	if d.Declarer > card.EW {
		return inputErr(fn, "declarer", d.Declarer, "want NS or EW")
	}
	if d.Tricks < 0 || d.Tricks > 13 {
		return inputErr(fn, "tricks", d.Tricks, "want 0..13")
	}
	switch d.Honours.Points {
	case 0:
	case 100:
		if c.Strain == bridge.NoTrump {
			return inputErr(fn, "honours", 100, "at no-trump only the four aces count, for 150")
		}
		fallthrough
	case 150:
		if d.Honours.Side > card.EW {
			return inputErr(fn, "honours side", d.Honours.Side, "want NS or EW")
		}
	default:
		return inputErr(fn, "honours", d.Honours.Points, "want 0, 100 or 150")
	}
	return nil
}

// Kind says what an [Entry] of a score sheet is for.
type Kind uint8

// The kinds of score-sheet entries.
const (
	TrickPoints         Kind = iota // contracted odd tricks (below the line in rubber)
	Overtricks                      // tricks beyond the contract
	Insult                          // 50 / 100 for making a doubled / redoubled contract
	SlamBonus                       // small or grand slam bonus
	Undertricks                     // penalty scored by the defenders
	HonoursBonus                    // 100 or 150 for honours
	RubberBonus                     // 700 (2–0) or 500 (2–1)
	UnfinishedGame                  // 300 for the only game of an unfinished rubber
	UnfinishedPartscore             // the only partscore in an unfinished game
	GameBonus                       // Chicago: 300 / 500 when a game is completed
	PartscoreBonus                  // Chicago: 100 on deal 4, or the optional 50
)

// String names the kind: "trick points", "overtricks", ...
func (k Kind) String() string {
	names := [...]string{"trick points", "overtricks", "insult", "slam bonus", "undertricks", "honours",
		"rubber bonus", "unfinished game", "unfinished partscore", "game bonus", "partscore bonus"}
	if int(k) < len(names) {
		return names[k]
	}
	return fmt.Sprintf("Kind(%d)", uint8(k))
}

// Entry is one line of a score sheet: Points (positive) for Side, of a given
// Kind, written below the line (trick points toward game, rubber bridge
// only) or above it. Deal is the 1-based deal that produced it (0 for the
// bonuses of an unfinished rubber, which come from no deal) and Game the
// 1-based game of the rubber during which it was scored (0 in Chicago).
type Entry struct {
	Deal   int
	Game   int
	Side   card.Side
	Kind   Kind
	Points int
	Below  bool
}

// contractEntries returns the entries a deal of rubber bridge or Chicago
// produces apart from game and partscore bonuses: trick points (below),
// overtricks, insult, slam bonus or undertricks, by the declaring side's
// vulnerability vul. Honours are added by the caller.
func contractEntries(d DealResult, vul bool) []Entry {
	c := d.Contract
	need := 6 + int(c.Level)
	decl, def := d.Declarer, d.Declarer.Other()
	if d.Tricks < need {
		return []Entry{{Side: def, Kind: Undertricks, Points: bridge.Undertricks(need-d.Tricks, vul, c.Doubled)}}
	}
	es := []Entry{{Side: decl, Kind: TrickPoints, Points: bridge.TrickScore(c), Below: true}}
	if over := d.Tricks - need; over > 0 {
		es = append(es, Entry{Side: decl, Kind: Overtricks, Points: bridge.OvertrickScore(c, over, vul)})
	}
	if c.Doubled > 0 {
		es = append(es, Entry{Side: decl, Kind: Insult, Points: 50 * int(c.Doubled)})
	}
	switch c.Level {
	case 6:
		es = append(es, Entry{Side: decl, Kind: SlamBonus, Points: pick(vul, 750, 500)})
	case 7:
		es = append(es, Entry{Side: decl, Kind: SlamBonus, Points: pick(vul, 1500, 1000)})
	}
	return es
}

func pick(cond bool, a, b int) int {
	if cond {
		return a
	}
	return b
}

func sideVul(a, b bool) bridge.Vul {
	switch {
	case a && b:
		return bridge.VulAll
	case a:
		return bridge.VulNS
	case b:
		return bridge.VulEW
	}
	return bridge.VulNone
}
