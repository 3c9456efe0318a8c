package belote

import (
	"bytes"
	"encoding/json"
	"errors"
	"fmt"
	"slices"
	"strings"

	"atout/card"
)

// dealJSON is the input object of `atout belote score` (docs/cli.md).
// Pointers tell an absent field from a zero one.
type dealJSON struct {
	Mode          *string             `json:"mode"`
	Rules         *string             `json:"rules"`
	Announcements *bool               `json:"announcements"`
	Trump         *string             `json:"trump"`
	Takers        *string             `json:"takers"`
	Bid           *int                `json:"bid"`
	Coinche       *int                `json:"coinche"`
	Hands         map[string][]string `json:"hands"`
	Silent        []string            `json:"silent"`
	CardPoints    map[string]int      `json:"cardPoints"`
	Tricks        map[string]int      `json:"tricks"`
	Belote        *string             `json:"belote"`
	Reserve       *int                `json:"reserve"`
}

// ParseDealJSON reads one deal in the input format of `atout belote score`
// (docs/cli.md) and checks it as ScoreDeal would. Defaults: rules
// maison, announcements on, coinche 1, reserve 0, no belote. Unknown fields
// are ignored, so a line may carry extra data such as an id. Every error is
// a *DealError naming the field.
func ParseDealJSON(line []byte) (DealInput, error) {
	var in DealInput
	var d dealJSON
	if err := json.Unmarshal(line, &d); err != nil {
		return in, jsonError(err)
	}
	if d.Mode == nil {
		return in, dealErr("mode", "missing (want classic, notrump or coinche)")
	}
	mode, err := ParseMode(*d.Mode)
	if err != nil {
		return in, dealErr("mode", "unknown mode %q (want classic, notrump or coinche)", *d.Mode)
	}
	in.Rules.Mode = mode
	if d.Rules != nil {
		switch strings.ToLower(strings.TrimSpace(*d.Rules)) {
		case "maison":
			in.Rules.Setting = Maison
		case "official":
			in.Rules.Setting = Official
		default:
			return in, dealErr("rules", "unknown rules %q (want maison or official)", *d.Rules)
		}
	}
	in.Rules.Announcements = d.Announcements == nil || *d.Announcements

	in.Trump = NoSuit
	if d.Trump != nil {
		if mode == NoTrump {
			return in, dealErr("trump", "no-trump has no trump suit, got %q (leave it out or null)", *d.Trump)
		}
		s, err := ParseStrain(*d.Trump)
		if err != nil || (!IsSuit(s) && mode != Coinche) {
			return in, dealErr("trump", "bad suit %q (want S, H, D or C; NT or AT for a coinche sans-atout or tout-atout)", *d.Trump)
		}
		in.Trump = s
		in.Rules.SaTa = !IsSuit(s)
	} else if mode != NoTrump {
		return in, dealErr("trump", "missing: a %s deal needs a trump suit (S, H, D or C)", mode)
	}

	if d.Takers == nil {
		return in, dealErr("takers", "missing (want NS or EW)")
	}
	if in.Takers, err = card.ParseSide(*d.Takers); err != nil {
		return in, dealErr("takers", "bad side %q (want NS or EW)", *d.Takers)
	}

	if mode == Coinche {
		if d.Bid == nil {
			return in, dealErr("bid", "missing: a coinche deal needs the contract value (80 to 160, or 250)")
		}
		in.Bid = *d.Bid
		in.Coinche = 1
		if d.Coinche != nil {
			in.Coinche = *d.Coinche
			if in.Coinche == 0 {
				// 0 is the Go zero value for "not coinched"; the format wants 1, 2 or 4.
				return in, dealErr("coinche", "want 1, 2 (coinched) or 4 (surcoinched), got 0")
			}
		}
	} else {
		if d.Bid != nil {
			in.Bid = *d.Bid
		}
		if d.Coinche != nil {
			in.Coinche = *d.Coinche
		}
	}

	seats := sortedKeys(d.Hands)
	var seen [4]bool
	var all card.Hand
	for _, k := range seats {
		seat, err := card.ParseSeat(k)
		if err != nil {
			return in, dealErr("hands", "bad seat %q (want N, E, S or W)", k)
		}
		if seen[seat] {
			return in, dealErr("hands", "seat %s given twice", seat)
		}
		seen[seat] = true
		cards := d.Hands[k]
		if len(cards) > 8 {
			return in, dealErr("hands."+seat.String(), "%d cards (at most 8)", len(cards))
		}
		var h card.Hand
		for _, s := range cards {
			c, err := card.Parse(s)
			if err != nil || !card.Full32.Has(c) {
				return in, dealErr("hands."+seat.String(), "bad card %q (want a belote card such as SA, HT, D7)", s)
			}
			if h.Has(c) {
				return in, dealErr("hands."+seat.String(), "card %s given twice", c)
			}
			if all.Has(c) {
				return in, dealErr("hands."+seat.String(), "card %s is also in another hand", c)
			}
			h, all = h.Add(c), all.Add(c)
		}
		in.Hands[seat] = h
	}

	for _, k := range d.Silent {
		seat, err := card.ParseSeat(k)
		if err != nil {
			return in, dealErr("silent", "bad seat %q (want N, E, S or W)", k)
		}
		in.Silent[seat] = true
	}

	if in.CardPoints, err = sidePair("cardPoints", d.CardPoints); err != nil {
		return in, err
	}
	if in.Tricks, err = sidePair("tricks", d.Tricks); err != nil {
		return in, err
	}

	in.Belote = -1
	if d.Belote != nil {
		s, err := card.ParseSide(*d.Belote)
		if err != nil {
			return in, dealErr("belote", "bad side %q (want NS, EW or null)", *d.Belote)
		}
		in.Belote = int(s)
	}
	if d.Reserve != nil {
		in.Reserve = *d.Reserve
	}
	if err := in.check(); err != nil {
		return in, err
	}
	return in, nil
}

func sortedKeys[V any](m map[string]V) []string {
	ks := make([]string, 0, len(m))
	for k := range m {
		ks = append(ks, k)
	}
	slices.Sort(ks)
	return ks
}

// sidePair reads an object {"NS": n, "EW": m}; a missing side is 0.
func sidePair(field string, m map[string]int) ([2]int, error) {
	var out [2]int
	if m == nil {
		return out, dealErr(field, `missing (want {"NS": n, "EW": m})`)
	}
	var seen [2]bool
	for _, k := range sortedKeys(m) {
		s, err := card.ParseSide(k)
		if err != nil {
			return out, dealErr(field, "bad side %q (want NS or EW)", k)
		}
		if seen[s] {
			return out, dealErr(field, "side %s given twice", s)
		}
		seen[s] = true
		out[s] = m[k]
	}
	return out, nil
}

// jsonError names the field of a JSON decoding error where it can.
func jsonError(err error) error {
	var se *json.SyntaxError
	var te *json.UnmarshalTypeError
	switch {
	case errors.As(err, &se):
		return dealErr("json", "malformed JSON at byte %d: %v", se.Offset, se)
	case errors.As(err, &te):
		f := te.Field
		if f == "" {
			f = "json"
		}
		return dealErr(f, "want %s, got JSON %s", goTypeName(te.Type.String()), te.Value)
	}
	return dealErr("json", "%v", err)
}

func goTypeName(t string) string {
	switch {
	case t == "int" || t == "*int":
		return "an integer"
	case t == "string" || t == "*string":
		return "a string"
	case t == "bool" || t == "*bool":
		return "true or false"
	case strings.HasPrefix(t, "[]"):
		return "an array"
	case strings.HasPrefix(t, "map["), strings.HasSuffix(t, "dealJSON"):
		return "an object"
	}
	return t
}

// sidesJSON is {"NS": n, "EW": m} in that order.
type sidesJSON struct {
	NS int `json:"NS"`
	EW int `json:"EW"`
}

// resultJSON is the output object of `atout belote score`, fields in the
// order of docs/cli.md.
type resultJSON struct {
	Announcements sidesJSON `json:"announcements"`
	Made          bool      `json:"made"`
	Litige        bool      `json:"litige"`
	Score         sidesJSON `json:"score"`
	Reserve       int       `json:"reserve"`
}

// MarshalDealResult writes r in the output format of `atout belote score`:
// {"announcements":{"NS":..,"EW":..},"made":..,"litige":..,"score":{..},"reserve":..}
// without a trailing newline.
func MarshalDealResult(r DealResult) []byte {
	out := resultJSON{
		Announcements: sidesJSON{r.Announcements[card.NS], r.Announcements[card.EW]},
		Made:          r.Made,
		Litige:        r.Litige,
		Score:         sidesJSON{r.Score[card.NS], r.Score[card.EW]},
		Reserve:       r.Reserve,
	}
	var buf bytes.Buffer
	enc := json.NewEncoder(&buf)
	if err := enc.Encode(out); err != nil {
		// resultJSON holds only ints and bools: encoding cannot fail.
		panic(fmt.Sprintf("belote: encoding a deal result: %v", err))
	}
	return bytes.TrimSuffix(buf.Bytes(), []byte("\n"))
}
