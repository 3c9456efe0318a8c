package main

import (
	"bufio"
	"encoding/json"
	"fmt"
	"io"
	"os"
	"runtime"
	"strconv"
	"strings"

	"atout/bridge"
	"atout/bridge/dd"
	"atout/bridge/pbn"
	"atout/card"
)

func init() {
	register(&command{name: "solve", summary: "double-dummy table and par of bridge deals: atout solve [DEAL ...] [--json]", stream: true, run: runSolve})
}

// solveInput is one deal to solve and where it came from.
type solveInput struct {
	text  string
	where string // "argument 2", "line 7"
	deal  bridge.Deal
}

func runSolve(args []string, stdin io.Reader, stdout, stderr io.Writer) error {
	fs := newFlags("solve")
	asJSON := fs.Bool("json", false, "one JSON object per deal")
	dealerFlag := fs.String("dealer", "N", "dealer for the par: N, E, S or W")
	vulFlag := fs.String("vul", "None", "vulnerability for the par: None, NS, EW or All")
	threads := fs.Int("threads", runtime.NumCPU(), "worker goroutines")
	pbnFile := fs.String("pbn", "", "add double-dummy tags to every board of this PBN file")
	pos, err := parseFlags(fs, args)
	if err != nil {
		return err
	}
	dealer, err := card.ParseSeat(*dealerFlag)
	if err != nil {
		return badInput("--dealer %q: want N, E, S or W", *dealerFlag)
	}
	vul, err := bridge.ParseVul(*vulFlag)
	if err != nil {
		return badInput("--vul %q: want None, NS, EW or All", *vulFlag)
	}
	if *threads < 1 {
		return badInput("--threads %d: want at least 1", *threads)
	}
	if *pbnFile != "" {
		if len(pos) > 0 {
			return badInput("--pbn takes no DEAL arguments")
		}
		return solvePBN(*pbnFile, *threads, stdout, stderr)
	}
	var inputs []solveInput
	if len(pos) > 0 {
		for i, a := range pos {
			inputs = append(inputs, solveInput{text: a, where: fmt.Sprintf("argument %d", i+1)})
		}
	} else {
		waitHint(stdin, stderr, "solve", "deals, one per line,")
		sc := bufio.NewScanner(stdin)
		sc.Buffer(make([]byte, 64*1024), maxLine)
		n := 0
		for sc.Scan() {
			n++
			line := strings.TrimSpace(sc.Text())
			if line == "" {
				continue
			}
			inputs = append(inputs, solveInput{text: line, where: fmt.Sprintf("line %d", n)})
		}
		if err := scanError(sc.Err(), n); err != nil {
			return err
		}
		if len(inputs) == 0 {
			fmt.Fprintln(stderr, "atout solve: no deal on stdin (give DEAL arguments, or one deal per line)")
			return nil
		}
	}
	deals := make([]bridge.Deal, len(inputs))
	for i := range inputs {
		d, err := bridge.ParseDeal(inputs[i].text)
		if err != nil {
			return badInput("%s: deal %q: %s", inputs[i].where, inputs[i].text, dealFault(err))
		}
		deals[i] = d
	}
	// Every deal is checked above, before the first answer: the answers
	// then go out as soon as they are ready, a few deals at a time (as many
	// as threads, so that the workers share their strains), in order.
	bar := newProgress(stderr, "solve", len(deals))
	defer bar.finish()
	chunk := max(*threads, 1)
	for start := 0; start < len(deals); start += chunk {
		end := min(start+chunk, len(deals))
		tables, err := dd.CalcTables(deals[start:end], dd.BatchOptions{Threads: *threads})
		if err != nil {
			return err
		}
		for k, d := range deals[start:end] {
			i := start + k
			par := dd.Par(&tables[k], dealer, vul)
			if *asJSON {
				if err := writeSolveJSON(stdout, d, &tables[k], par); err != nil {
					return err
				}
				continue
			}
			if i > 0 {
				fmt.Fprintln(stdout)
			}
			writeSolveText(stdout, d, &tables[k], par)
		}
		if f, ok := stdout.(interface{ Flush() error }); ok {
			if err := f.Flush(); err != nil {
				return err
			}
		}
		bar.update(end)
	}
	return nil
}

// dealFault returns the message of a deal error without the repeated input.
func dealFault(err error) string {
	if de, ok := err.(*bridge.DealError); ok {
		return de.Msg
	}
	return err.Error()
}

type solveJSON struct {
	Deal   string                    `json:"deal"`
	Tricks map[string]map[string]int `json:"tricks"`
	Par    solveParJSON              `json:"par"`
}

type solveParJSON struct {
	Score     int      `json:"score"`
	Contracts []string `json:"contracts"`
}

func writeSolveJSON(w io.Writer, d bridge.Deal, t *dd.Table, par dd.ParResult) error {
	// Build the object by hand to keep the key order of the contract:
	// seats N E S W, strains C D H S NT.
	var b strings.Builder
	dealJSON, _ := json.Marshal(d.String())
	b.WriteString(`{"deal":`)
	b.Write(dealJSON)
	b.WriteString(`,"tricks":{`)
	for i, s := range card.Seats {
		if i > 0 {
			b.WriteByte(',')
		}
		fmt.Fprintf(&b, `"%s":{`, s)
		for j, st := range bridge.Strains {
			if j > 0 {
				b.WriteByte(',')
			}
			fmt.Fprintf(&b, `"%s":%d`, st, t[s][st])
		}
		b.WriteByte('}')
	}
	cs := par.Strings()
	if cs == nil {
		cs = []string{}
	}
	contracts, _ := json.Marshal(cs)
	fmt.Fprintf(&b, `},"par":{"score":%d,"contracts":%s}}`, par.Score, contracts)
	b.WriteByte('\n')
	_, err := io.WriteString(w, b.String())
	return err
}

func writeSolveText(w io.Writer, d bridge.Deal, t *dd.Table, par dd.ParResult) {
	fmt.Fprintln(w, d.String())
	io.WriteString(w, t.String())
	cs := strings.Join(par.Strings(), ", ")
	if cs == "" {
		cs = "passed out"
	}
	fmt.Fprintf(w, "par %d: %s\n", par.Score, cs)
}

// solvePBN adds DoubleDummyTricks, OptimumResultTable, OptimumScore and
// ParContract to every board of a PBN file that has a full deal (an end
// position, fewer than 13 cards a hand, gets the first two), and prints the
// file. It reads only the deals, dealers and vulnerabilities: an auction or
// play it cannot read does not matter, and every byte other than the four
// tags it writes is printed as it was. A board whose deal cannot be read is
// left as it is, with a line on stderr.
func solvePBN(path string, threads int, stdout, stderr io.Writer) error {
	data, err := os.ReadFile(path)
	if err != nil {
		return badInput("%v", err)
	}
	settings := pbn.ReadSettings(data)
	if len(settings) == 0 {
		return badInput("%s: no board found", path)
	}
	edits := make([][]pbn.TagEdit, len(settings))
	var deals []bridge.Deal
	var idx []int
	for i, g := range settings {
		switch {
		case g.Err != nil:
			fmt.Fprintf(stderr, "atout solve: %s: %v (board %d left as it is)\n", path, g.Err, g.Board)
		case g.Deal == (bridge.Deal{}):
			// a game without a deal: left as it is
		case g.Deal.Validate() == nil:
			deals = append(deals, g.Deal)
			idx = append(idx, i)
		default:
			t, err := endPositionTable(g.Deal)
			if err != nil {
				fmt.Fprintf(stderr, "atout solve: %s: line %d: board %d: deal: %v (left as it is)\n", path, g.Line, g.Board, err)
				continue
			}
			edits[i] = ddEdits(pbn.DDTable(t))
		}
	}
	tables := make([]dd.Table, len(deals))
	// solve in chunks to report progress on a terminal's stderr
	chunk := max(threads, 1)
	bar := newProgress(stderr, "solve", len(deals))
	for start := 0; start < len(deals); start += chunk {
		end := min(start+chunk, len(deals))
		ts, err := dd.CalcTables(deals[start:end], dd.BatchOptions{Threads: threads})
		if err != nil {
			return err
		}
		copy(tables[start:end], ts)
		bar.update(end)
	}
	bar.finish()
	for k, i := range idx {
		g := settings[i]
		t := tables[k]
		par := dd.Par(&t, g.Dealer, g.Vul)
		edits[i] = append(ddEdits(pbn.DDTable(t)),
			pbn.TagEdit{Name: "OptimumScore", Value: optimumScoreTag(par.Score, g.Tags["OptimumScore"])},
			pbn.TagEdit{Name: "ParContract", Value: parContractTag(par, g.Tags["ParContract"])})
	}
	_, err = stdout.Write(pbn.SetTags(data, edits))
	return err
}

// ddEdits returns the DoubleDummyTricks and OptimumResultTable tags of t.
func ddEdits(t pbn.DDTable) []pbn.TagEdit {
	return []pbn.TagEdit{
		{Name: "DoubleDummyTricks", Value: pbn.FormatDoubleDummyTricks(t)},
		{Name: "OptimumResultTable", Value: pbn.OptimumResultHeader, Rows: pbn.OptimumResultRows(t)},
	}
}

// endPositionTable solves an end position (PBN 2.1 §3.10): four hands of
// the same number of cards, fewer than 13. Each entry is what declarer
// takes of the tricks left, the lead coming from declarer's left.
func endPositionTable(d bridge.Deal) (dd.Table, error) {
	var t dd.Table
	n := d[card.North].Len()
	if n == 0 || n >= 13 {
		return t, fmt.Errorf("%s", dealFault(d.Validate()))
	}
	s := dd.NewSolver(16)
	for _, decl := range card.Seats {
		for _, st := range bridge.Strains {
			def, err := s.Tricks(dd.Position{Hands: d, Strain: st, Leader: decl.Next()})
			if err != nil {
				return t, fmt.Errorf("not a deal nor an end position: %v", err)
			}
			t[decl][st] = n - def
		}
	}
	return t, nil
}

// optimumScoreTag writes the par score for the OptimumScore tag from the
// side the file already uses ("EW 140" stays from East-West's side), North-
// South's by default.
func optimumScoreTag(scoreNS int, old string) string {
	if f := strings.Fields(old); len(f) > 0 {
		if side, err := card.ParseSide(f[0]); err == nil && side == card.EW {
			return fmt.Sprintf("%s %d", f[0], -scoreNS)
		}
	}
	return fmt.Sprintf("NS %d", scoreNS)
}

// parContractTag writes the par contracts for the ParContract tag, several
// joined by commas, "Pass" when passed out: the side and the contract at
// the lowest level that reaches the par score ("EW 1S", "NS 5DX" for a
// sacrifice), with its overtricks ("EW 1S+2") when the file's tag already
// used that form. A tag that already says the same in another form other
// programs write (the level made, "EW 3S"; the declaring seat, "N 3NT") is
// kept as it is.
func parContractTag(par dd.ParResult, old string) string {
	if len(par.Contracts) == 0 {
		return "Pass"
	}
	form := func(seats bool, style int) string {
		parts := make([]string, len(par.Contracts))
		for i, c := range par.Contracts {
			who := c.Side().String()
			if seats && len(c.Declarers) == 1 {
				who = c.Declarers[0].String()
			}
			con := c.Contract
			over := ""
			switch {
			case c.Result > 0 && style == 1:
				over = "+" + strconv.Itoa(c.Result)
			case c.Result > 0 && style == 2:
				con.Level += uint8(c.Result)
			}
			parts[i] = who + " " + con.String() + over
		}
		return strings.Join(parts, ",")
	}
	norm := strings.ReplaceAll(strings.ToUpper(strings.TrimSpace(old)), ", ", ",")
	for _, seats := range []bool{false, true} {
		for style := 0; style < 3; style++ {
			if f := form(seats, style); f == norm || strings.ReplaceAll(f, "NT", "N") == norm {
				return old
			}
		}
	}
	return form(false, map[bool]int{false: 0, true: 1}[strings.Contains(old, "+")])
}
