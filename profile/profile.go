// Package profile measures a player's own game from his finished deals
// (docs/profile.md): what each deal adds to his figures ([Read]), the
// running totals a store keeps ([Tally], [Day]) and the page they make
// ([Tally.Page]).
//
// It reads a deal as it is stored (its moves, its result line and its
// analysis) and does no I/O: the server's worker feeds it the deals and
// stores what it returns.
package profile

import (
	"encoding/json"
	"fmt"
	"math"
	"slices"
	"strings"
	"time"

	"atout/card"
	"atout/game"
	"atout/protocol"
)

// Seat says who played a seat of a deal: a user (by id), or a bot of a
// level, or nobody.
type Seat struct {
	User string
	Bot  protocol.Level
}

// Deal is a finished deal as stored.
type Deal struct {
	GameID   string
	Game     protocol.GameKind
	Settings protocol.TableSettings
	Seats    [4]Seat
	No       int // the deal's number in its game, 1-based
	Moves    []game.Move
	// Result is the deal's stored result line, with the analysis in its
	// "analysis" member when there is one.
	Result   json.RawMessage
	Finished time.Time
	// Refused are the claims of the deal that were not accepted (the moves
	// keep no trace of them), by seat.
	Refused []card.Seat
	// Field is the deal's result against the field in its competition,
	// when it has one (the caller reads it off the competition).
	Field *Field
}

// Field is a competition's result of a deal for each side that has one:
// the figure's key ([FieldMP], [FieldIMPs]) and its value by side.
type Field struct {
	Key    string
	BySide map[card.Side]float64
}

// The figures against the field.
const (
	FieldMP   = "bridge.field.mp"   // a tournament's matchpoint percentage
	FieldIMPs = "bridge.field.imps" // IMPs a board: a team match, a tournament scored by IMPs
)

// Kind is the key of the games count: the bridge scoring or the belote
// mode, ":competition" added for a competition's table.
func (d Deal) Kind() string {
	k := string(d.Settings.Mode)
	if d.Game == protocol.Bridge {
		k = string(d.Settings.Scoring)
		if k == "" {
			k = "duplicate"
		}
	} else if k == "" {
		k = "classic"
	}
	if !d.Settings.Tournament.IsZero() {
		k += ":competition"
	}
	return k
}

// Costly is a deal where a seat's cards (and claim) lost something against
// the analysis, and its costliest card.
type Costly = protocol.CostlyDeal

// Facts are what one seat's play of one deal adds: a sample of each figure
// it has a value for, and what the seat's cards lost.
type Facts struct {
	Seat    card.Seat
	Figures map[string]float64
	// Costly is set when the seat's cards lost something.
	Costly *Costly
}

// Read returns the facts of each seat of finished deal d (those of empty
// seats included: the caller keeps those of its users and bots).
func Read(d Deal) ([4]Facts, error) {
	var fs [4]Facts
	for s := range fs {
		fs[s] = Facts{Seat: card.Seat(s), Figures: map[string]float64{}}
	}
	if d.Field != nil {
		for s := range fs {
			if v, ok := d.Field.BySide[card.Seat(s).Side()]; ok {
				fs[s].Figures[d.Field.Key] = v
			}
		}
	}
	var err error
	switch d.Game {
	case protocol.Bridge:
		err = readBridge(d, &fs)
	case protocol.Belote:
		err = readBelote(d, &fs)
	default:
		err = fmt.Errorf("profile: unknown game %q", d.Game)
	}
	if err != nil {
		return fs, fmt.Errorf("profile: game %s deal %d: %w", d.GameID, d.No, err)
	}
	return fs, nil
}

// analysisOf returns the analysis member of a result line, nil when none.
func analysisOf(result json.RawMessage) (json.RawMessage, error) {
	var r struct {
		Analysis json.RawMessage `json:"analysis"`
	}
	if err := json.Unmarshal(result, &r); err != nil {
		return nil, fmt.Errorf("result line: %w", err)
	}
	if len(r.Analysis) == 0 || string(r.Analysis) == "null" {
		return nil, nil
	}
	return r.Analysis, nil
}

// ---- samples and totals ----

// Sample accumulates the samples of one figure.
type Sample struct {
	N     int     `json:"n"`
	Sum   float64 `json:"s"`
	SumSq float64 `json:"q"`
}

// Add counts one sample.
func (s *Sample) Add(x float64) { s.N++; s.Sum += x; s.SumSq += x * x }

// Merge adds o's samples.
func (s *Sample) Merge(o Sample) { s.N += o.N; s.Sum += o.Sum; s.SumSq += o.SumSq }

// Stat is the sample's value and 95 % interval, a rate's by Wilson's
// score interval, a mean's by the normal approximation.
func (s Sample) Stat(rate bool) protocol.Stat {
	if s.N == 0 {
		return protocol.Stat{}
	}
	n := float64(s.N)
	m := s.Sum / n
	st := protocol.Stat{N: s.N, Value: m, Lo: m, Hi: m}
	const z = 1.959964
	switch {
	case rate:
		m := min(1, max(0, m)) // a rate's samples are 0 or 1
		d := 1 + z*z/n
		c := (m + z*z/(2*n)) / d
		h := z * math.Sqrt(m*(1-m)/n+z*z/(4*n*n)) / d
		st.Lo, st.Hi = max(0, c-h), min(1, c+h)
	case s.N > 1:
		v := max(0, (s.SumSq-n*m*m)/(n-1))
		h := z * math.Sqrt(v/n)
		st.Lo, st.Hi = m-h, m+h
	}
	return st
}

// Figures are samples by figure key.
type Figures map[string]*Sample

// add counts x under key.
func (f Figures) add(key string, x float64) {
	s := f[key]
	if s == nil {
		s = &Sample{}
		f[key] = s
	}
	s.Add(x)
}

// Count is a number of games and deals.
type Count struct {
	Games int `json:"games"`
	Deals int `json:"deals"`
}

// Tally is a player's totals: what every deal counted added.
type Tally struct {
	Since int64 `json:"since,omitempty"` // first deal's end, Unix ms
	// Games counts by game and kind ("bridge/duplicate").
	Games map[string]*Count `json:"games,omitempty"`
	// You are the player's figures; Bots those of the bots of each level
	// that sat at his tables.
	You  Figures                    `json:"you,omitempty"`
	Bots map[protocol.Level]Figures `json:"bots,omitempty"`
	// Costliest are the costliest deals of each game, costliest first.
	Costliest []Costly `json:"costliest,omitempty"`
}

// Day is a player's figures of one day (the trend).
type Day = Figures

// keepCostly is how many costliest deals a tally keeps of each game.
const keepCostly = 10

// Add is what one deal adds to one player: made by [Adds].
type Add struct {
	Day     int // Unix day (UTC) the deal finished
	Ended   int64
	GameKey string // "bridge/duplicate"
	// NewGame is set on a game's first deal for the player.
	NewGame bool
	You     map[string]float64
	Bots    map[protocol.Level][]map[string]float64
	Costly  *Costly
}

// Adds reads deal d and returns what it adds to each user seated at it,
// by user id (NewGame is the caller's to set: it knows which games it has
// counted for whom).
func Adds(d Deal) (map[string]Add, error) {
	fs, err := Read(d)
	if err != nil {
		return nil, err
	}
	var bots map[protocol.Level][]map[string]float64
	for s, st := range d.Seats {
		if st.User != "" || st.Bot == "" {
			continue
		}
		own := map[string]float64{}
		for k, v := range fs[s].Figures {
			if !sideFigure(k) {
				own[k] = v
			}
		}
		if len(own) > 0 {
			if bots == nil {
				bots = map[protocol.Level][]map[string]float64{}
			}
			bots[st.Bot] = append(bots[st.Bot], own)
		}
	}
	// A casual duplicate table's second table is bid and played by the
	// bots of the table's level: their figures against par are the
	// bots' on the same deal, from each player's side.
	out := map[string]Add{}
	for s, st := range d.Seats {
		if st.User == "" {
			continue
		}
		if _, seen := out[st.User]; seen {
			continue
		}
		you, second := map[string]float64{}, map[string]float64{}
		for k, v := range fs[s].Figures {
			if rest, ok := strings.CutPrefix(k, secondTablePrefix); ok {
				second[rest] = v
			} else {
				you[k] = v
			}
		}
		a := Add{
			Day: int(d.Finished.UTC().Unix() / 86400), Ended: d.Finished.UnixMilli(),
			GameKey: string(d.Game) + "/" + d.Kind(),
			You:     you, Bots: bots, Costly: fs[s].Costly,
		}
		if len(second) > 0 {
			a.Bots = withLevel(bots, d.Settings.Level, second)
		}
		out[st.User] = a
	}
	return out, nil
}

// sideFigure reports whether figure key measures the side's result rather
// than the seat's own play (the score against par, against the second
// table): a bot's is not counted, since it would be its human partner's or
// opponents' result; the bots' figure against par is the second table's.
func sideFigure(key string) bool {
	return strings.HasPrefix(key, "bridge.par.") || strings.HasPrefix(key, "bridge.table.") || strings.HasPrefix(key, "bridge.field.") ||
		strings.HasPrefix(key, secondTablePrefix)
}

// secondTablePrefix marks, among a seat's figures, those of the bots'
// second table (read with the seat's own, moved to the bots by Adds).
const secondTablePrefix = "second:"

// withLevel returns bots with one more sample set for level (a copy: bots
// is shared by the players of the deal).
func withLevel(bots map[protocol.Level][]map[string]float64, level protocol.Level, fs map[string]float64) map[protocol.Level][]map[string]float64 {
	if level == "" {
		level = protocol.Medium
	}
	out := make(map[protocol.Level][]map[string]float64, len(bots)+1)
	for l, v := range bots {
		out[l] = v
	}
	out[level] = append(slices.Clip(out[level]), fs)
	return out
}

// Apply adds a to the tally.
func (t *Tally) Apply(a Add) {
	if t.Since == 0 || a.Ended < t.Since {
		t.Since = a.Ended
	}
	if t.Games == nil {
		t.Games = map[string]*Count{}
	}
	c := t.Games[a.GameKey]
	if c == nil {
		c = &Count{}
		t.Games[a.GameKey] = c
	}
	c.Deals++
	if a.NewGame {
		c.Games++
	}
	if t.You == nil {
		t.You = Figures{}
	}
	for k, v := range a.You {
		t.You.add(k, v)
	}
	for l, sets := range a.Bots {
		if t.Bots == nil {
			t.Bots = map[protocol.Level]Figures{}
		}
		if t.Bots[l] == nil {
			t.Bots[l] = Figures{}
		}
		for _, fs := range sets {
			for k, v := range fs {
				t.Bots[l].add(k, v)
			}
		}
	}
	if a.Costly != nil && a.Costly.Cost > 0 {
		t.addCostly(*a.Costly)
	}
}

// addCostly keeps c if it is among the costliest of its game.
func (t *Tally) addCostly(c Costly) {
	for _, o := range t.Costliest {
		if o.GameID == c.GameID && o.Deal == c.Deal {
			return // counted already
		}
	}
	t.Costliest = append(t.Costliest, c)
	// Costliest first; the same cost, the latest first.
	slices.SortStableFunc(t.Costliest, func(a, b Costly) int {
		if a.Game != b.Game {
			if a.Game < b.Game {
				return -1
			}
			return 1
		}
		if a.Cost != b.Cost {
			return b.Cost - a.Cost
		}
		switch {
		case a.Finished > b.Finished:
			return -1
		case a.Finished < b.Finished:
			return 1
		}
		return 0
	})
	kept := t.Costliest[:0]
	per := map[protocol.GameKind]int{}
	for _, o := range t.Costliest {
		if per[o.Game] < keepCostly {
			per[o.Game]++
			kept = append(kept, o)
		}
	}
	t.Costliest = kept
}

// ApplyDay adds a's own figures to the day's.
func ApplyDay(d Day, a Add) {
	for k, v := range a.You {
		d.add(k, v)
	}
}
