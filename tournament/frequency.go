package tournament

import (
	"slices"
	"sort"
	"time"

	"atout/bridge"
	"atout/card"
)

// FrequencyRow is one line of a board's frequency table: a distinct result
// (contract, declarer, tricks and North-South score), how many tables had
// it, and what it scored for each side: Neuberg-scaled matchpoints and
// percentages at matchpoints, IMPs at IMPs.
type FrequencyRow struct {
	Contract bridge.Contract
	Declarer card.Seat // meaningless when passed out
	Tricks   int
	ScoreNS  int
	Count    int
	NS, EW   float64 // matchpoints (out of Frequency.Top) or IMPs
	// NSPercent and EWPercent are the matchpoint percentages (0 at IMPs).
	NSPercent, EWPercent float64
}

// Frequency is the frequency table of a board: every distinct result, best
// for North-South first.
type Frequency struct {
	Board    int
	Scoring  Scoring
	Played   int     // results on the board
	Expected int     // N of the Neuberg scaling (matchpoints)
	Top      float64 // matchpoint top 2(N−1); 0 at IMPs
	Datum    int     // Butler datum (Butler scoring only)
	Rows     []FrequencyRow
}

// FrequencyFor returns board n's frequency table as viewer may see it at
// time now: only once viewer has played the board or the tournament is
// over; otherwise the error wraps ErrNotPlayedYet.
func (t *Tournament) FrequencyFor(n int, viewer string, now time.Time) (Frequency, error) {
	if err := t.CanSee("FrequencyFor", n, viewer, now); err != nil {
		return Frequency{}, err
	}
	return t.Frequency(n)
}

// Frequency returns board n's frequency table without any visibility check
// (for the organiser and the exports).
func (t *Tournament) Frequency(n int) (Frequency, error) {
	bi, err := t.boardIndex("Frequency", n)
	if err != nil {
		return Frequency{}, err
	}
	t.mu.Lock()
	defer t.mu.Unlock()
	return t.frequency(bi), nil
}

type freqKey struct {
	c        bridge.Contract
	declarer card.Seat
	tricks   int
}

// frequency builds the table of board bi; the caller holds t.mu.
func (t *Tournament) frequency(bi int) Frequency {
	c := t.refresh(bi)
	N := t.expected()
	n := len(c.results)
	f := Frequency{Board: t.Boards[bi].Number, Scoring: t.Scoring, Played: n, Expected: N, Datum: c.datum}
	at := map[freqKey]int{}
	for k, ri := range c.results {
		r := &t.results[ri]
		key := freqKey{r.Contract, r.Declarer, r.Tricks}
		if i, ok := at[key]; ok {
			f.Rows[i].Count++
			continue
		}
		at[key] = len(f.Rows)
		nsS, ewS, top := t.scaled(c.ns[k], n, N)
		row := FrequencyRow{Contract: r.Contract, Declarer: r.Declarer, Tricks: r.Tricks, ScoreNS: r.ScoreNS, Count: 1, NS: nsS, EW: ewS}
		if !t.Scoring.IMPs() {
			f.Top = top
			row.NSPercent, row.EWPercent = 100*nsS/top, 100*ewS/top
		}
		f.Rows = append(f.Rows, row)
	}
	sort.SliceStable(f.Rows, func(i, j int) bool {
		a, b := f.Rows[i], f.Rows[j]
		if a.ScoreNS != b.ScoreNS {
			return a.ScoreNS > b.ScoreNS
		}
		if a.Contract != b.Contract {
			return contractRank(a.Contract) > contractRank(b.Contract)
		}
		return a.Declarer < b.Declarer
	})
	return f
}

func contractRank(c bridge.Contract) int {
	if c.IsPass() {
		return -1
	}
	return (int(c.Level)*5+int(c.Strain))*3 + int(c.Doubled)
}

// BoardScore is an entry's result on one board against the field.
type BoardScore struct {
	Board  int
	Result BoardResult
	// Score is the entry's matchpoints (Neuberg-scaled, out of Top) or
	// IMPs, from the side it sat; Percent the matchpoint percentage.
	Score, Top, Percent float64
	Played              int // results on the board
	// Beaten, Tied and Lost count the other tables' results that the
	// entry's score beat, equalled and lost to (from its side).
	Beaten, Tied, Lost int
	// FieldAverage is the mean North-South score of all results.
	FieldAverage float64
}

// EntryResults returns the entry's result against the field on each board
// it played, in board order. An entry may always see its own results.
func (t *Tournament) EntryResults(entry string) ([]BoardScore, error) {
	t.mu.Lock()
	defer t.mu.Unlock()
	ei, ok := t.entryAt[entry]
	if !ok {
		return nil, &Error{Op: "EntryResults", Entry: entry, Err: ErrUnknownEntry}
	}
	N := t.expected()
	var out []BoardScore
	for bi := range t.Boards {
		ri, ok := t.played[playKey{ei, bi}]
		if !ok {
			continue
		}
		c := t.refresh(bi)
		k := slices.Index(c.results, ri)
		r := t.results[ri]
		n := len(c.results)
		nsS, ewS, top := t.scaled(c.ns[k], n, N)
		bs := BoardScore{Board: r.Board, Result: r, Score: nsS, Top: top, Played: n}
		if r.Side == card.EW {
			bs.Score = ewS
		}
		if !t.Scoring.IMPs() {
			bs.Percent = 100 * bs.Score / top
		}
		less := sort.SearchInts(c.sorted, r.ScoreNS)
		eq := sort.SearchInts(c.sorted[less:], r.ScoreNS+1)
		bs.Beaten, bs.Tied, bs.Lost = less, eq-1, n-less-eq
		if r.Side == card.EW {
			bs.Beaten, bs.Lost = bs.Lost, bs.Beaten
		}
		sum := 0
		for _, v := range c.sorted {
			sum += v
		}
		bs.FieldAverage = float64(sum) / float64(n)
		out = append(out, bs)
	}
	return out, nil
}
