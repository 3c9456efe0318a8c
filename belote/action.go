package belote

import (
	"fmt"
	"strconv"
	"strings"

	"atout/card"
)

// ActionKind says what an [Action] is.
type ActionKind uint8

// The kinds of action.
const (
	ActPass       ActionKind = iota + 1 // "pass"
	ActTake                             // "take": classic round 1, no-trump
	ActSuit                             // "H": classic round 2, name a trump suit
	ActBid                              // "100H", "capotS": coinche bid
	ActCoinche                          // "coinche"
	ActSurcoinche                       // "surcoinche"
	ActCard                             // "SA": play a card
	ActClaim                            // "claim 6": the takers' total of tricks after a claim (docs/belote-claims.md)
)

// CapotBid is the value of a capot bid in coinche: it ranks above 160 and is
// worth 250 as a contract value.
const CapotBid = 250

// Action is one belote call or card, as a small comparable value. The zero
// Action is no action.
type Action struct {
	Kind  ActionKind
	Suit  card.Suit // ActSuit, ActBid: the trump suit named ([NoSuit] sans-atout, [AllTrump] tout-atout bids)
	Value uint8     // ActBid: 80..160, or 250 for capot; ActClaim: the takers' total of tricks, 0..8
	Card  card.Card // ActCard

	// What the player says with a card (docs/belote-claims.md §2); the
	// zero values leave it to the deal's defaults, as in the records
	// written before they existed.
	Say  Say   // ActCard, a trump king or queen: belote said or kept quiet
	Decl uint8 // ActCard, the seat's first card: 1 + the mask of the announcements declared ([Detect] order, bit 0 the best), 0 for the default
}

// Say is what a player says as he plays the trump king or queen.
type Say uint8

// The choices of [Action.Say].
const (
	SayDefault Say = iota // as the deal's default (said unless [Deal.SetNoBelote])
	SayBelote             // "belote" with the first card, "rebelote" with the second
	SayQuiet              // the first of the two played without a word: no belote
)

// WithDeclared returns card action a declaring the announcements of mask
// (bit i the i-th of [Detect]'s list, best first; 0 declares none).
func (a Action) WithDeclared(mask uint8) Action { a.Decl = mask + 1; return a }

// Declared reports the mask of announcements a card action declares and
// whether it says (false: the deal's default).
func (a Action) Declared() (mask uint8, ok bool) {
	if a.Decl == 0 {
		return 0, false
	}
	return a.Decl - 1, true
}

// Plain returns a without what the player says with it.
func (a Action) Plain() Action { a.Say, a.Decl = 0, 0; return a }

// The calls without arguments.
var (
	CallPass       = Action{Kind: ActPass}
	CallTake       = Action{Kind: ActTake}
	CallCoinche    = Action{Kind: ActCoinche}
	CallSurcoinche = Action{Kind: ActSurcoinche}
)

// Bid returns the coinche bid of value (80..160, or [CapotBid]) in suit s
// ([NoSuit] for sans-atout, [AllTrump] for tout-atout).
func Bid(value int, s card.Suit) Action { return Action{Kind: ActBid, Suit: s, Value: uint8(value)} }

// NameSuit returns the classic round-2 call naming suit s as trump.
func NameSuit(s card.Suit) Action { return Action{Kind: ActSuit, Suit: s} }

// Play returns the action of playing card c.
func Play(c card.Card) Action { return Action{Kind: ActCard, Card: c} }

// Claim returns the claim that ends the play with the takers' side
// holding takersTricks tricks in all (docs/belote-claims.md).
func Claim(takersTricks int) Action { return Action{Kind: ActClaim, Value: uint8(takersTricks)} }

// IsCall reports whether a is a bidding action (not a card or a claim).
func (a Action) IsCall() bool { return a.Kind != 0 && a.Kind != ActCard && a.Kind != ActClaim }

// String writes the action in the record notation: "pass", "take", "H",
// "100H", "capotH", "100NT" (sans-atout), "capotAT" (tout-atout),
// "coinche", "surcoinche", "SA".
func (a Action) String() string {
	switch a.Kind {
	case ActPass:
		return "pass"
	case ActTake:
		return "take"
	case ActSuit:
		return a.Suit.String()
	case ActBid:
		if a.Value == CapotBid {
			return "capot" + StrainString(a.Suit)
		}
		return strconv.Itoa(int(a.Value)) + StrainString(a.Suit)
	case ActCoinche:
		return "coinche"
	case ActSurcoinche:
		return "surcoinche"
	case ActCard:
		s := a.Card.String()
		switch a.Say {
		case SayBelote:
			s += " belote"
		case SayQuiet:
			s += " quiet"
		}
		if mask, ok := a.Declared(); ok {
			s += " d"
			if mask == 0 {
				s += "0"
			}
			for i := range 8 {
				if mask&(1<<i) != 0 {
					s += strconv.Itoa(i + 1)
				}
			}
		}
		return s
	case ActClaim:
		return "claim " + strconv.Itoa(int(a.Value))
	}
	return fmt.Sprintf("Action(%d)", a.Kind)
}

// MarshalText writes the action notation.
func (a Action) MarshalText() ([]byte, error) {
	if _, err := ParseAction(a.String()); err != nil {
		return nil, err
	}
	return []byte(a.String()), nil
}

// UnmarshalText reads an action in any accepted notation.
func (a *Action) UnmarshalText(b []byte) error {
	v, err := ParseAction(string(b))
	if err != nil {
		return err
	}
	*a = v
	return nil
}

// ParseAction reads an action, leniently: any case; "pass" (also "p",
// "passe"), "take" (also "prends"), a suit letter or symbol for a classic
// round-2 call, a coinche bid "80H".."160C" (suit letter or symbol, also
// "80 H"; "NT" or "SA" for sans-atout, "AT" or "TA" for tout-atout),
// "capotH" (also "capot H"), "coinche" (also "contre"),
// "surcoinche" (also "surcontre"), a card of the 32-card deck in either
// order ("SA", "AS", "10h"), or "claim N" (N from 0 to 8, the takers'
// total of tricks after a claim). A card may be followed by what its
// player says with it: "belote" (also "rebelote") or "quiet" for the
// trump king or queen, and with his first card the announcements he
// declares, "d" then their numbers in [Detect]'s list ("d13": the first
// and the third; "d0": none); "HK belote d1".
func ParseAction(s string) (Action, error) {
	t := strings.ToLower(strings.TrimSpace(s))
	if f := strings.Fields(t); len(f) > 1 {
		if c, err := card.Parse(f[0]); err == nil && c.Rank() >= card.Seven {
			return parseSaid(s, Play(c), f[1:])
		}
	}
	switch t {
	case "":
		return Action{}, &ActionError{Input: s, Msg: "empty"}
	case "pass", "p", "passe":
		return CallPass, nil
	case "take", "prends", "prendre":
		return CallTake, nil
	case "coinche", "contre", "contree", "contrée":
		return CallCoinche, nil
	case "surcoinche", "surcontre", "surcontree", "surcontrée":
		return CallSurcoinche, nil
	}
	if rest, ok := strings.CutPrefix(t, "claim"); ok {
		n, err := strconv.Atoi(strings.TrimSpace(rest))
		if err != nil || n < 0 || n > 8 || !strings.HasPrefix(rest, " ") {
			return Action{}, &ActionError{Input: s, Msg: "want \"claim N\" with N, the takers' total of tricks, from 0 to 8"}
		}
		return Claim(n), nil
	}
	if rest, ok := strings.CutPrefix(t, "capot"); ok {
		su, err := ParseStrain(strings.TrimLeft(rest, " -"))
		if err != nil {
			return Action{}, &ActionError{Input: s, Msg: "want capot then a suit letter, NT or AT, e.g. capotH"}
		}
		return Bid(CapotBid, su), nil
	}
	if su, err := card.ParseSuit(t); err == nil {
		return NameSuit(su), nil
	}
	if c, err := card.Parse(t); err == nil {
		if c.Rank() < card.Seven {
			return Action{}, &ActionError{Input: s, Msg: "not a card of the 32-card belote deck"}
		}
		return Play(c), nil
	}
	// A coinche bid: digits then a suit.
	i := 0
	for i < len(t) && t[i] >= '0' && t[i] <= '9' {
		i++
	}
	if i > 0 && i < len(t) {
		su, err := ParseStrain(strings.TrimLeft(t[i:], " -"))
		if err == nil {
			v, _ := strconv.Atoi(t[:i])
			if i > 3 || v < 80 || v > 160 || v%10 != 0 {
				return Action{}, &ActionError{Input: s, Msg: "a bid is 80 to 160 in tens, or capot"}
			}
			return Bid(v, su), nil
		}
	}
	return Action{}, &ActionError{Input: s, Msg: "want pass, take, a suit, a bid such as 80H or capotH, coinche, surcoinche, or a card such as SA"}
}

// parseSaid reads what a player says with card action a: the words after
// the card.
func parseSaid(in string, a Action, words []string) (Action, error) {
	bad := &ActionError{Input: in, Msg: "after a card: belote, rebelote or quiet, and d then the numbers of the announcements declared (d0: none), e.g. \"HK belote d1\""}
	for _, w := range words {
		switch {
		case (w == "belote" || w == "rebelote") && a.Say == SayDefault:
			a.Say = SayBelote
		case w == "quiet" && a.Say == SayDefault:
			a.Say = SayQuiet
		case len(w) >= 2 && w[0] == 'd' && a.Decl == 0:
			var mask uint8
			if w != "d0" {
				for _, ch := range w[1:] {
					if ch < '1' || ch > '8' || mask&(1<<(ch-'1')) != 0 {
						return Action{}, bad
					}
					mask |= 1 << (ch - '1')
				}
			}
			a = a.WithDeclared(mask)
		default:
			return Action{}, bad
		}
	}
	return a, nil
}
