package tournament

import (
	"io"
	"sort"
	"strconv"

	"atout/bridge"
	"atout/bridge/pbn"
	"atout/card"
)

// PBN table headers written by ExportPBN (column name, then the PBN width
// and alignment hint).
const (
	ScoreTableHeaderMP  = `PairId_NS\2R;PairId_EW\2R;Contract\5L;Declarer\1R;Result\2R;Score_NS\6R;MP_NS\6R;MP_EW\6R;Percentage_NS\3R`
	ScoreTableHeaderIMP = `PairId_NS\2R;PairId_EW\2R;Contract\5L;Declarer\1R;Result\2R;Score_NS\6R;IMP_NS\6R;IMP_EW\6R`
	TotalTableHeaderMP  = `Rank\3R;PairId\2R;Names\20L;NrBoards\2R;TotalScoreMP\8R;TotalPercentage\6R`
	TotalTableHeaderIMP = `Rank\3R;PairId\2R;Names\20L;NrBoards\2R;TotalIMP\7R;AverageIMP\6R`
)

// ExportOptions tunes ExportPBN.
type ExportOptions struct {
	// Site is the value of the Site tag ("Atout" when empty).
	Site string
	// Analysis adds each board's DoubleDummyTricks, OptimumResultTable,
	// OptimumScore and ParContract (computed with Tournament.Analysis if
	// not cached yet).
	Analysis bool
}

// ExportPBN writes the tournament's results as a PBN export file: one game
// per board, with the mandatory tags (Declarer, Contract and Result empty:
// the board has many results), a ScoreTable with one row per result, and in
// the first game a TotalScoreTable with the current ranking. Entries are
// numbered (PairId) in the order they joined; a seat held by bots is "-".
// The file can be read back with package bridge/pbn (and imported with
// FromPBN).
func ExportPBN(w io.Writer, t *Tournament, opt ExportOptions) error {
	games, err := ExportRecords(t, opt)
	if err != nil {
		return err
	}
	return pbn.WriteGames(w, games)
}

// ExportRecords is ExportPBN's content as records, one per board.
func ExportRecords(t *Tournament, opt ExportOptions) ([]*bridge.Record, error) {
	site := opt.Site
	if site == "" {
		site = "Atout"
	}
	date := "?"
	if !t.Window.Start.IsZero() {
		date = t.Window.Start.Format("2006.01.02")
	}
	st := t.Standings()
	t.mu.Lock()
	pairID := make(map[string]string, len(t.entries))
	for i, e := range t.entries {
		pairID[e.ID] = strconv.Itoa(i + 1)
	}
	results := make([][]BoardResult, len(t.Boards))
	freqs := make([]Frequency, len(t.Boards))
	for bi := range t.Boards {
		for _, ri := range t.cache[bi].results {
			results[bi] = append(results[bi], t.results[ri])
		}
		freqs[bi] = t.frequency(bi)
	}
	t.mu.Unlock()

	var games []*bridge.Record
	for bi, b := range t.Boards {
		r := bridge.RecordOf(bridge.NewGame(b.Number, b.Dealer, b.Vul, b.Deal))
		r.SetTag("Event", t.Name)
		r.SetTag("Site", site)
		r.SetTag("Date", date)
		r.SetTag("Scoring", t.Scoring.String())
		r.SetTag("Declarer", "")
		r.SetTag("Contract", "")
		r.SetTag("Result", "")
		if opt.Analysis {
			a, err := t.Analysis(b.Number)
			if err != nil {
				return nil, err
			}
			pbn.SetDoubleDummy(r, pbn.DDTable(a.Table))
			r.SetTag("OptimumScore", "NS "+strconv.Itoa(a.Par.Score))
			if len(a.Par.Contracts) > 0 {
				pc := a.Par.Contracts[0]
				r.SetTag("ParContract", pc.Side().String()+" "+pbnContract(pc.Contract))
			}
		}
		if bi == 0 {
			r.SetTable("TotalScoreTable", totalHeader(t.Scoring), totalRows(t, st, pairID))
		}
		r.SetTable("ScoreTable", scoreHeader(t.Scoring), scoreRows(t.Scoring, results[bi], freqs[bi], pairID))
		games = append(games, r)
	}
	return games, nil
}

func scoreHeader(s Scoring) string {
	if s.IMPs() {
		return ScoreTableHeaderIMP
	}
	return ScoreTableHeaderMP
}

func totalHeader(s Scoring) string {
	if s.IMPs() {
		return TotalTableHeaderIMP
	}
	return TotalTableHeaderMP
}

// pbnContract writes a contract as PBN does: "4SX", "3NT", "Pass".
func pbnContract(c bridge.Contract) string { return c.String() }

func fmtFloat(v float64) string { return strconv.FormatFloat(v, 'f', 2, 64) }

// scoreRows writes one row per result, best North-South score first (then
// by PairId).
func scoreRows(s Scoring, rs []BoardResult, f Frequency, pairID map[string]string) [][]string {
	type key struct {
		c        bridge.Contract
		declarer card.Seat
		tricks   int
	}
	byKey := map[key]FrequencyRow{}
	for _, row := range f.Rows {
		byKey[key{row.Contract, row.Declarer, row.Tricks}] = row
	}
	sort.SliceStable(rs, func(i, j int) bool {
		if rs[i].ScoreNS != rs[j].ScoreNS {
			return rs[i].ScoreNS > rs[j].ScoreNS
		}
		a, _ := strconv.Atoi(pairID[rs[i].Entry])
		b, _ := strconv.Atoi(pairID[rs[j].Entry])
		return a < b
	})
	rows := make([][]string, 0, len(rs))
	for _, r := range rs {
		fr := byKey[key{r.Contract, r.Declarer, r.Tricks}]
		ns, ew := "-", "-"
		if r.Side == card.EW {
			ew = pairID[r.Entry]
		} else {
			ns = pairID[r.Entry]
		}
		decl, res := r.Declarer.String(), strconv.Itoa(r.Tricks)
		if r.Contract.IsPass() {
			decl, res = "-", "-"
		}
		row := []string{ns, ew, pbnContract(r.Contract), decl, res, strconv.Itoa(r.ScoreNS), fmtFloat(fr.NS), fmtFloat(fr.EW)}
		if !s.IMPs() {
			row = append(row, strconv.Itoa(int(fr.NSPercent+0.5)))
		}
		rows = append(rows, row)
	}
	return rows
}

func totalRows(t *Tournament, st Standings, pairID map[string]string) [][]string {
	rows := make([][]string, 0, len(st.Rows))
	for _, s := range st.Rows {
		rank := strconv.Itoa(s.Rank)
		if s.Tied {
			rank += "="
		}
		row := []string{rank, pairID[s.Entry.ID], s.Entry.Name, strconv.Itoa(s.Boards), fmtFloat(s.Score)}
		if t.Scoring.IMPs() {
			row = append(row, fmtFloat(s.PerBoard))
		} else {
			row = append(row, fmtFloat(s.Percent))
		}
		rows = append(rows, row)
	}
	return rows
}
