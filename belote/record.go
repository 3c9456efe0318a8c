package belote

import (
	"bytes"
	"encoding/json"
	"errors"
	"fmt"
	"strings"

	"atout/card"
)

// Record is one deal of a belote game record, the JSON format of
// docs/cli.md:
//
//	{"game":"belote","mode":"coinche","rules":"maison","announcements":true,"target":2000,
//	 "dealer":"W","deck":["SJ","H9",...],"actions":["S 80H","E pass","W coinche",...],
//	 "silent":[],"noBelote":[]}
//
// The format has a version: a record without "version" is version 1, the
// original format, and reads as before. Version 2 adds "sata" (the
// sans-atout and tout-atout coinche bids, with the "100NT" and "capotAT"
// notation). Version 3 adds the claim ("S claim 8", docs/belote-claims.md)
// to the actions, version 4 what a player says with a card ("S HK belote",
// "E SA d1", docs/belote-claims.md §2). A record is written with the lowest version it needs, so
// a game without those bids or claims is written exactly as before. A
// version this program does not know is refused, and so is a feature in a
// record of a version before it.
//
// A file holds one Record or a JSON array of the consecutive deals of one
// game ([ParseRecords], [LoadDeals]).
type Record struct {
	Mode          Mode
	Setting       Setting
	Announcements bool
	Target        int           // 0 means the mode's default
	SaTa          bool          // coinche: sans-atout and tout-atout bids allowed (version 2)
	Dealer        card.Seat     // who dealt this deal
	Deck          [32]card.Card // the shuffled deck, top first
	Actions       []SeatAction  // calls and cards, in order
	Silent        []card.Seat   // seats that declare no announcements
	NoBelote      []card.Seat   // seats that do not declare belote-rebelote
}

// Rules returns the rules the record is played under.
func (r *Record) Rules() Rules {
	return Rules{Mode: r.Mode, Setting: r.Setting, Announcements: r.Announcements, Target: r.Target, SaTa: r.SaTa}
}

// RecordVersion is the newest record format version this program reads and
// writes.
const RecordVersion = 4

// RecordError reports a bad game record: the record (1-based index in the
// file; 1 for a single record), the field or the action (1-based index and
// text as written) that is wrong, and why. Err is an *[IllegalError] for an
// action the rules do not allow.
type RecordError struct {
	Record int    // 1-based index of the record in the file
	Field  string // the JSON field at fault, if any ("deck", "dealer", ...)
	Action int    // 1-based index of the action at fault, 0 if none
	Move   string // the action as written
	Err    error
}

func (e *RecordError) Error() string {
	var b strings.Builder
	fmt.Fprintf(&b, "record %d", e.Record)
	if e.Action > 0 {
		fmt.Fprintf(&b, ", action %d %q", e.Action, e.Move)
	} else if e.Field != "" {
		fmt.Fprintf(&b, ", field %q", e.Field)
	}
	b.WriteString(": ")
	b.WriteString(strings.TrimPrefix(e.Err.Error(), "belote: "))
	return b.String()
}

// Unwrap returns the underlying error.
func (e *RecordError) Unwrap() error { return e.Err }

// recordJSON is the wire form of a Record; pointers tell absent fields.
type recordJSON struct {
	Game          *string  `json:"game"`
	Version       *int     `json:"version"`
	SaTa          *bool    `json:"sata"`
	Mode          *string  `json:"mode"`
	Rules         *string  `json:"rules"`
	Announcements *bool    `json:"announcements"`
	Target        *int     `json:"target"`
	Dealer        *string  `json:"dealer"`
	Deck          []string `json:"deck"`
	Actions       []string `json:"actions"`
	Silent        []string `json:"silent"`
	NoBelote      []string `json:"noBelote"`
}

// ParseRecords reads a belote game record: one JSON object or an array of
// them. It checks every field and the notation of every action, not the
// rules ([LoadDeals] does). Errors are *[RecordError]. Unknown fields are
// ignored. Defaults: rules maison, announcements off, the mode's target,
// no silent seat.
func ParseRecords(data []byte) ([]Record, error) {
	t := bytes.TrimSpace(bytes.TrimPrefix(data, []byte("\xef\xbb\xbf")))
	var raws []json.RawMessage
	if len(t) > 0 && t[0] == '[' {
		if err := json.Unmarshal(t, &raws); err != nil {
			return nil, &RecordError{Record: 1, Err: fmt.Errorf("not a JSON array of records: %v", err)}
		}
		if len(raws) == 0 {
			return nil, &RecordError{Record: 1, Err: errors.New("empty array: no record")}
		}
	} else {
		raws = []json.RawMessage{t}
	}
	out := make([]Record, 0, len(raws))
	for i, raw := range raws {
		r, err := parseRecord(raw)
		if err != nil {
			err.Record = i + 1
			return nil, err
		}
		out = append(out, r)
	}
	return out, nil
}

func fieldErr(field, format string, args ...any) *RecordError {
	return &RecordError{Field: field, Err: fmt.Errorf(format, args...)}
}

func parseRecord(raw []byte) (Record, *RecordError) {
	var r Record
	var j recordJSON
	if err := json.Unmarshal(raw, &j); err != nil {
		var te *json.UnmarshalTypeError
		if errors.As(err, &te) && te.Field != "" {
			return r, fieldErr(te.Field, "want %v, got JSON %s", te.Type, te.Value)
		}
		return r, &RecordError{Err: fmt.Errorf("not a JSON record object: %v", err)}
	}
	if j.Game == nil || !strings.EqualFold(strings.TrimSpace(*j.Game), "belote") {
		got := "nothing"
		if j.Game != nil {
			got = fmt.Sprintf("%q", *j.Game)
		}
		return r, fieldErr("game", "want \"belote\", got %s", got)
	}
	if j.Mode == nil {
		return r, fieldErr("mode", "missing (want classic, notrump or coinche)")
	}
	m, err := ParseMode(*j.Mode)
	if err != nil {
		return r, fieldErr("mode", "unknown mode %q (want classic, notrump or coinche)", *j.Mode)
	}
	r.Mode = m
	version := 1
	if j.Version != nil {
		version = *j.Version
		if version < 1 || version > RecordVersion {
			return r, fieldErr("version", "unknown record version %d (this program reads 1 to %d)", version, RecordVersion)
		}
	}
	if j.SaTa != nil && *j.SaTa {
		switch {
		case version < 2:
			return r, fieldErr("sata", "needs record version 2 (\"version\":2)")
		case m != Coinche:
			return r, fieldErr("sata", "sans-atout and tout-atout bids belong to coinche, not %v", m)
		}
		r.SaTa = true
	}
	if j.Rules != nil {
		s, err := ParseSetting(*j.Rules)
		if err != nil {
			return r, fieldErr("rules", "unknown rules %q (want maison or official)", *j.Rules)
		}
		r.Setting = s
	}
	if j.Announcements != nil {
		r.Announcements = *j.Announcements
	}
	if j.Target != nil {
		if *j.Target <= 0 {
			return r, fieldErr("target", "want a positive number of points, got %d", *j.Target)
		}
		r.Target = *j.Target
	}
	if j.Dealer == nil {
		return r, fieldErr("dealer", "missing (want N, E, S or W)")
	}
	if r.Dealer, err = card.ParseSeat(*j.Dealer); err != nil {
		return r, fieldErr("dealer", "want N, E, S or W, got %q", *j.Dealer)
	}
	if j.Deck == nil {
		return r, fieldErr("deck", "missing (want the 32 cards, top first)")
	}
	deck := make([]card.Card, len(j.Deck))
	for i, s := range j.Deck {
		c, err := card.Parse(s)
		if err != nil {
			return r, fieldErr("deck", "card %d %q is not a card", i+1, s)
		}
		deck[i] = c
	}
	if err := CheckDeck(deck); err != nil {
		return r, fieldErr("deck", "%s", strings.TrimPrefix(err.Error(), "belote: "))
	}
	copy(r.Deck[:], deck)
	r.Actions = make([]SeatAction, 0, len(j.Actions))
	for i, s := range j.Actions {
		sa, err := ParseSeatAction(s)
		if err != nil {
			return r, &RecordError{Action: i + 1, Move: s, Err: err}
		}
		if sa.Action.Kind == ActClaim && version < 3 {
			return r, &RecordError{Action: i + 1, Move: s, Err: errors.New("a claim needs record version 3 (\"version\":3)")}
		}
		if sa.Action != sa.Action.Plain() && version < 4 {
			return r, &RecordError{Action: i + 1, Move: s, Err: errors.New("what a player says with a card needs record version 4 (\"version\":4)")}
		}
		r.Actions = append(r.Actions, sa)
	}
	if r.Silent, err = parseSeats(j.Silent); err != nil {
		return r, fieldErr("silent", "%v", err)
	}
	if r.NoBelote, err = parseSeats(j.NoBelote); err != nil {
		return r, fieldErr("noBelote", "%v", err)
	}
	return r, nil
}

func parseSeats(ss []string) ([]card.Seat, error) {
	out := []card.Seat{}
	for _, s := range ss {
		st, err := card.ParseSeat(s)
		if err != nil {
			return nil, fmt.Errorf("want seats N, E, S or W, got %q", s)
		}
		out = append(out, st)
	}
	return out, nil
}

// ParseSeatAction reads "SEAT ACTION" ("S 80H", "w ck"); the action is read
// leniently with [ParseAction].
func ParseSeatAction(s string) (SeatAction, error) {
	t := strings.TrimSpace(s)
	i := strings.IndexAny(t, " \t")
	if i < 0 {
		return SeatAction{}, &ActionError{Input: s, Msg: "want SEAT ACTION, e.g. \"S 80H\" or \"E SA\""}
	}
	seat, err := card.ParseSeat(t[:i])
	if err != nil {
		return SeatAction{}, &ActionError{Input: s, Msg: fmt.Sprintf("seat %q: want N, E, S or W", t[:i])}
	}
	a, err := ParseAction(t[i+1:])
	if err != nil {
		return SeatAction{}, err
	}
	return SeatAction{seat, a}, nil
}

// String writes "SEAT ACTION" in the record notation: "S 80H".
func (s SeatAction) String() string { return s.Seat.String() + " " + s.Action.String() }

// LoadDeals replays the records of one game (as [ParseRecords] returns
// them) and returns its deals after the last action, in order. It checks
// every action against the rules and that the records belong together: the
// same mode, rules, announcements and target, each dealer
// [NextDealer](previous dealer), every deal but the last one finished, and
// no deal after the game was won; each deal carries the litige reserve of
// the deals before it. The last deal may be unfinished ([CheckFinished]).
// [ScoreSheet] scores the deals. Errors are *[RecordError].
func LoadDeals(recs []Record) ([]*Deal, error) {
	if len(recs) == 0 {
		return nil, &RecordError{Record: 1, Err: errors.New("no record")}
	}
	first := recs[0]
	if err := first.Rules().Check(); err != nil {
		return nil, &RecordError{Record: 1, Err: err}
	}
	if first.Dealer > card.West {
		return nil, &RecordError{Record: 1, Err: fmt.Errorf("belote: invalid dealer %v", first.Dealer)}
	}
	if first.Target < 0 {
		return nil, &RecordError{Record: 1, Err: fmt.Errorf("belote: negative target %d", first.Target)}
	}
	var (
		deals []*Deal
		score GameScore
	)
	for i := range recs {
		r := &recs[i]
		if i > 0 {
			prev := &recs[i-1]
			switch {
			case r.Mode != first.Mode:
				return nil, &RecordError{Record: i + 1, Field: "mode", Err: fmt.Errorf("mode %v differs from the game's %v", r.Mode, first.Mode)}
			case r.Setting != first.Setting:
				return nil, &RecordError{Record: i + 1, Field: "rules", Err: fmt.Errorf("rules %v differ from the game's %v", r.Setting, first.Setting)}
			case r.SaTa != first.SaTa:
				return nil, &RecordError{Record: i + 1, Field: "sata", Err: fmt.Errorf("sata %v differs from the game's %v", r.SaTa, first.SaTa)}
			case r.Announcements != first.Announcements:
				return nil, &RecordError{Record: i + 1, Field: "announcements", Err: fmt.Errorf("announcements %v differ from the game's %v", r.Announcements, first.Announcements)}
			case r.Rules().GameTarget() != first.Rules().GameTarget():
				return nil, &RecordError{Record: i + 1, Field: "target", Err: fmt.Errorf("target %d differs from the game's %d", r.Rules().GameTarget(), first.Rules().GameTarget())}
			case r.Dealer != NextDealer(prev.Dealer):
				return nil, &RecordError{Record: i + 1, Field: "dealer", Err: fmt.Errorf("dealer %v, but after %v deals %v", r.Dealer, prev.Dealer, NextDealer(prev.Dealer))}
			}
			if w, over := score.Winner(first.Rules().GameTarget()); over {
				t := score.Totals
				return nil, &RecordError{Record: i + 1, Err: fmt.Errorf("the game was already won by %v (NS %d, EW %d) after deal %d", w, t[card.NS], t[card.EW], i)}
			}
			if d := deals[i-1]; !d.Done() {
				return nil, &RecordError{Record: i, Err: unfinished(d)}
			}
		}
		d, err := NextDeal(first.Rules(), r.Dealer, r.Deck[:], score)
		if err != nil {
			return nil, &RecordError{Record: i + 1, Field: "deck", Err: err}
		}
		for _, s := range r.Silent {
			if err := d.SetSilent(s, true); err != nil {
				return nil, &RecordError{Record: i + 1, Field: "silent", Err: err}
			}
		}
		for _, s := range r.NoBelote {
			if err := d.SetNoBelote(s, true); err != nil {
				return nil, &RecordError{Record: i + 1, Field: "noBelote", Err: err}
			}
		}
		for k, sa := range r.Actions {
			if err := d.Do(sa.Seat, sa.Action); err != nil {
				return nil, &RecordError{Record: i + 1, Action: k + 1, Move: sa.String(), Err: err}
			}
		}
		deals = append(deals, d)
		if d.Done() {
			score, _ = score.Add(i+1, d)
		}
	}
	return deals, nil
}

func unfinished(d *Deal) error {
	return fmt.Errorf("the deal is not finished: %v to act (%s)", d.Turn(), d.Phase())
}

// CheckFinished returns a *[RecordError] if the last of the deals of a game
// loaded from records is not finished.
func CheckFinished(deals []*Deal) error {
	if n := len(deals); n > 0 && !deals[n-1].Done() {
		return &RecordError{Record: n, Err: unfinished(deals[n-1])}
	}
	return nil
}

// Record returns the deal as a record of its game, ready for
// [MarshalRecords].
func (d *Deal) Record() Record {
	r := Record{
		Mode: d.rules.Mode, Setting: d.rules.Setting, Announcements: d.rules.Announcements,
		Target: d.rules.GameTarget(), SaTa: d.rules.SaTa, Dealer: d.dealer, Deck: d.deck,
		Actions: append([]SeatAction(nil), d.steps...), Silent: []card.Seat{}, NoBelote: []card.Seat{},
	}
	for s := range card.Seat(4) {
		if d.Silent(s) {
			r.Silent = append(r.Silent, s)
		}
		if d.NoBelote(s) {
			r.NoBelote = append(r.NoBelote, s)
		}
	}
	return r
}

// Records returns the deals of a game as records, one per deal, the
// inverse of [LoadDeals].
func Records(deals []*Deal) []Record {
	out := make([]Record, 0, len(deals))
	for _, d := range deals {
		out = append(out, d.Record())
	}
	return out
}

// MarshalJSON writes the record in the interchange format.
func (r Record) MarshalJSON() ([]byte, error) {
	j := struct {
		Game          string   `json:"game"`
		Version       int      `json:"version,omitempty"`
		Mode          string   `json:"mode"`
		Rules         string   `json:"rules"`
		Announcements bool     `json:"announcements"`
		Target        int      `json:"target"`
		SaTa          bool     `json:"sata,omitempty"`
		Dealer        string   `json:"dealer"`
		Deck          []string `json:"deck"`
		Actions       []string `json:"actions"`
		Silent        []string `json:"silent"`
		NoBelote      []string `json:"noBelote,omitempty"`
	}{
		Game: "belote", Mode: r.Mode.String(), Rules: r.Setting.String(), Announcements: r.Announcements,
		Target: r.Rules().GameTarget(), Dealer: r.Dealer.String(),
		Deck: make([]string, 32), Actions: make([]string, len(r.Actions)), Silent: []string{},
		SaTa: r.SaTa,
	}
	j.Version = r.version()
	for i, c := range r.Deck {
		j.Deck[i] = c.String()
	}
	for i, a := range r.Actions {
		j.Actions[i] = a.String()
	}
	for _, s := range r.Silent {
		j.Silent = append(j.Silent, s.String())
	}
	for _, s := range r.NoBelote {
		j.NoBelote = append(j.NoBelote, s.String())
	}
	return json.Marshal(j)
}

// version returns the lowest record version that holds r: 1 (written
// without "version"), 2 with the sans-atout and tout-atout bids, 3 with a
// claim, 4 with what a player says with a card.
func (r Record) version() int {
	v := 0
	for _, a := range r.Actions {
		switch {
		case a.Action != a.Action.Plain():
			return 4
		case a.Action.Kind == ActClaim:
			v = 3
		}
	}
	if v > 0 {
		return v
	}
	if r.SaTa {
		return 2
	}
	return 0
}

// UnmarshalJSON reads one record, checked as [ParseRecords] does.
func (r *Record) UnmarshalJSON(b []byte) error {
	v, err := parseRecord(b)
	if err != nil {
		err.Record = 1
		return err
	}
	*r = v
	return nil
}

// MarshalRecords writes records as a game record file: one JSON object for
// a single record, otherwise an array with one record per line.
func MarshalRecords(recs []Record) ([]byte, error) {
	if len(recs) == 1 {
		b, err := json.Marshal(recs[0])
		if err != nil {
			return nil, err
		}
		return append(b, '\n'), nil
	}
	var buf bytes.Buffer
	buf.WriteString("[\n")
	for i, r := range recs {
		b, err := json.Marshal(r)
		if err != nil {
			return nil, err
		}
		buf.Write(b)
		if i < len(recs)-1 {
			buf.WriteByte(',')
		}
		buf.WriteByte('\n')
	}
	buf.WriteString("]\n")
	return buf.Bytes(), nil
}
