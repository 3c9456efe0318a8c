package i18n

import (
	"strconv"
	"strings"

	"atout/bridge"
	"atout/card"
)

// SuitName returns the suit's name as a label: "Spades", "Pique", "Pik",
// "हुकुम", "스페이드".
func SuitName(lang Lang, s card.Suit) string {
	if s > card.Spades {
		return s.String()
	}
	return T(lang, "suit."+s.String())
}

// RankName returns the rank's name: "ace", "as", "Ass", "इक्का", "에이스".
func RankName(lang Lang, r card.Rank) string {
	if r < card.Two || r > card.Ace {
		return r.String()
	}
	return T(lang, "rank."+r.String())
}

// CardName returns the card's full name, as read by a screen reader:
// "ace of spades", "as de pique", "Pik-Ass", "हुकुम का इक्का", "스페이드 에이스".
// An invalid card gives its notation.
func CardName(lang Lang, c card.Card) string {
	if !c.Valid() {
		return c.String()
	}
	return T(lang, "card."+c.Rank().String(), Args{"suit": T(lang, "card.suit."+c.Suit().String())})
}

// SeatName returns the seat's name: "North", "Nord", "उत्तर", "북".
func SeatName(lang Lang, s card.Seat) string {
	if s > card.West {
		return s.String()
	}
	return T(lang, "seat."+s.String())
}

// SideName returns the partnership's name: "North-South", "Nord-Süd".
func SideName(lang Lang, d card.Side) string {
	if d > card.EW {
		return d.String()
	}
	return T(lang, "side."+d.String())
}

// StrainName returns the short form of a strain used in calls and contracts:
// the suit symbol, or "NT" ("SA" in French and German).
func StrainName(lang Lang, s bridge.Strain) string {
	if s > bridge.NoTrump {
		return s.String()
	}
	return T(lang, "strain."+s.String())
}

// VulName returns a board's vulnerability: "None vulnerable", "Alle in Gefahr".
func VulName(lang Lang, v bridge.Vul) string {
	if v > bridge.VulAll {
		return v.String()
	}
	return T(lang, "vul."+v.String())
}

// bidName writes a bid as the pages do: "1NT" in English, "1SA" in German, "4♠".
func bidName(lang Lang, level int, s bridge.Strain) string {
	return T(lang, "call.bid", Args{"level": strconv.Itoa(level), "strain": StrainName(lang, s)})
}

// CallName returns a bridge call as the rules pages write it: "Pass",
// "Passe", "Kontra", "1♥", "3SA" (French and German), "3NT". The call may be
// in any notation bridge.ParseCall reads; text that is not a call comes back
// unchanged.
func CallName(lang Lang, call string) string {
	c, err := bridge.ParseCall(call)
	if err != nil {
		return call
	}
	return CallNameOf(lang, c)
}

// CallNameOf is [CallName] for a parsed call.
func CallNameOf(lang Lang, c bridge.Call) string {
	switch c.Kind {
	case bridge.Pass:
		return T(lang, "call.pass")
	case bridge.Double:
		return T(lang, "call.double")
	case bridge.Redouble:
		return T(lang, "call.redouble")
	}
	return bidName(lang, int(c.Level), c.Strain)
}

// ContractName returns a contract as the score sheet writes it: "4♠X",
// "3SA", "Passed out". The contract may be in any notation
// bridge.ParseContract reads; other text comes back unchanged.
func ContractName(lang Lang, contract string) string {
	c, err := bridge.ParseContract(contract)
	if err != nil {
		return contract
	}
	if c.IsPass() {
		return T(lang, "contract.passedOut")
	}
	return bidName(lang, int(c.Level), c.Strain) + [...]string{"", "X", "XX"}[c.Doubled%3]
}

// RankLetter returns the rank as printed on a card face and in hand
// diagrams, as the players of lang write it: "A K Q J" in English and
// Korean, "A R D V" in French, "A K D B" in German, "इ बा बे गु" in Hindi;
// the ten is "10" and the small cards their digit in every language.
func RankLetter(lang Lang, r card.Rank) string {
	switch {
	case r >= card.Two && r <= card.Nine:
		return strconv.Itoa(int(r))
	case r == card.Ten:
		return "10"
	case r >= card.Jack && r <= card.Ace:
		return T(lang, "rank.short."+r.String())
	}
	return r.String()
}

// HandText writes the cards of one suit of a hand the way a diagram shows
// them, highest first, separated by spaces ("A D 10 4" in French); a void
// is "—".
func HandText(lang Lang, h card.Hand, s card.Suit) string {
	var out []string
	for r := card.Ace; r >= card.Two; r-- {
		if h&card.Bit(card.New(s, r)) != 0 {
			out = append(out, RankLetter(lang, r))
		}
	}
	if len(out) == 0 {
		return "—"
	}
	return strings.Join(out, " ")
}
