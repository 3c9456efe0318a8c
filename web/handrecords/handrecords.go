// Package handrecords renders the printable hand records of a duplicate
// tournament (package tournament holds the boards and their analyses) as
// an HTML page, with its labels in the reader's language (package i18n).
package handrecords

import (
	"fmt"
	"html/template"
	"io"
	"strconv"
	"strings"

	"atout/bridge"
	"atout/card"
	"atout/i18n"
	"atout/tournament"
)

// BoardsPerPage is the number of boards on a printed page of hand records.
const BoardsPerPage = 4

// HTML writes the printable hand records of every board of the
// tournament as an HTML page: four boards per printed page (a print style
// sheet breaks the pages), each with its four hands in suit symbols, dealer
// and vulnerability, double-dummy table and par. Labels are in lang (via
// package i18n; English for the few it lacks). It reveals every deal: the
// server should serve it only once the tournament is over, or use
// HTMLBoards with the boards the viewer may see (CanSee).
func HTML(w io.Writer, t *tournament.Tournament, lang i18n.Lang) error {
	nums := make([]int, len(t.Boards))
	for i, b := range t.Boards {
		nums[i] = b.Number
	}
	return HTMLBoards(w, t, lang, nums)
}

// HTMLBoards is HTML for some boards only, in the
// order given. The double-dummy analyses are computed if not cached yet.
func HTMLBoards(w io.Writer, t *tournament.Tournament, lang i18n.Lang, boards []int) error {
	return HTMLOptions(w, t, lang, boards, Options{})
}

// Options tune [HTMLOptions].
type Options struct {
	// Ready, when set, reports whether board n's analysis can be had at
	// once (e.g. it is cached); the other boards are shown without their
	// double-dummy table and par, marked as being analysed, so that the
	// page never waits for the solver. nil: every analysis is computed.
	Ready func(n int) bool
	// Refresh, when positive, makes a page with boards still being
	// analysed reload itself after that many seconds.
	Refresh int
}

// HTMLOptions is HTMLBoards with options.
func HTMLOptions(w io.Writer, t *tournament.Tournament, lang i18n.Lang, boards []int, opt Options) error {
	if !lang.Valid() {
		lang = i18n.Default
	}
	var views []boardView
	pending := false
	for _, n := range boards {
		b, ok := t.Board(n)
		if !ok {
			return &tournament.Error{Op: "HandRecordsHTML", Board: n, Err: tournament.ErrNoBoard}
		}
		if opt.Ready != nil && !opt.Ready(n) {
			v := newBoardView(lang, b, tournament.Analysis{})
			v.Pending, pending = true, true
			views = append(views, v)
			continue
		}
		a, err := t.Analysis(n)
		if err != nil {
			return err
		}
		views = append(views, newBoardView(lang, b, a))
	}
	refresh := 0
	if pending && opt.Refresh > 0 {
		refresh = opt.Refresh
	}
	var pages [][]boardView
	for i := 0; i < len(views); i += BoardsPerPage {
		pages = append(pages, views[i:min(i+BoardsPerPage, len(views))])
	}
	data := struct {
		Lang    string
		Title   string
		Labels  labels
		Pages   [][]boardView
		Refresh int
	}{string(lang), t.Name, newLabels(lang), pages, refresh}
	return handRecordsTmpl.Execute(w, data)
}

type labels struct {
	HandRecords, DDTable, Par, Dealer, Vul, Pending string
	Strains                                         [5]template.HTML
}

func newLabels(lang i18n.Lang) labels {
	l := labels{
		HandRecords: i18n.T(lang, "tour.records"),
		DDTable:     i18n.T(lang, "analysis.ddTable"),
		Par:         i18n.T(lang, "analysis.par"),
		Dealer:      i18n.T(lang, "seat.dealer"),
		Vul:         i18n.T(lang, "vul.label"),
		Pending:     i18n.T(lang, "analysis.computing"),
	}
	// DD table columns: NT, S, H, D, C
	for i, st := range [5]bridge.Strain{bridge.NoTrump, bridge.StrainSpades, bridge.StrainHearts, bridge.StrainDiamonds, bridge.StrainClubs} {
		l.Strains[i] = strainHTML(lang, st)
	}
	return l
}

// strainHTML writes a strain as a suit symbol (red for hearts and
// diamonds) or the language's no-trump letters.
func strainHTML(lang i18n.Lang, st bridge.Strain) template.HTML {
	s, ok := st.Suit()
	if !ok {
		return template.HTML(template.HTMLEscapeString(i18n.StrainName(lang, st)))
	}
	return suitHTML(s)
}

func suitHTML(s card.Suit) template.HTML {
	cls := "blk"
	if s == card.Hearts || s == card.Diamonds {
		cls = "red"
	}
	return template.HTML(`<span class="` + cls + `">` + s.Symbol() + `</span>`)
}

type suitLine struct {
	Symbol template.HTML
	Cards  string
}

type handView struct {
	Class string // n, e, s, w: the place in the diagram
	Seat  string
	Suits []suitLine
}

// ddRow is one declarer's line of the double-dummy table: columns NT, S,
// H, D, C.
type ddRow struct {
	Seat   string
	Tricks [5]int
}

type boardView struct {
	Title  string
	Dealer string
	Vul    string
	Hands  [4]handView // N, E, S, W
	DD     [4]ddRow    // rows N, S, E, W
	Par    string
	// Pending: the analysis is not ready (DD and Par are empty).
	Pending bool
}

func newBoardView(lang i18n.Lang, b tournament.Board, a tournament.Analysis) boardView {
	v := boardView{
		Title:  i18n.T(lang, "table.board", i18n.Args{"n": strconv.Itoa(b.Number)}),
		Dealer: i18n.SeatName(lang, b.Dealer),
		Vul:    i18n.VulName(lang, b.Vul),
	}
	for _, seat := range card.Seats {
		hv := handView{Class: strings.ToLower(seat.String()), Seat: i18n.SeatName(lang, seat)}
		for _, s := range []card.Suit{card.Spades, card.Hearts, card.Diamonds, card.Clubs} {
			hv.Suits = append(hv.Suits, suitLine{suitHTML(s), i18n.HandText(lang, b.Deal[seat], s)})
		}
		v.Hands[seat] = hv
	}
	for i, seat := range [4]card.Seat{card.North, card.South, card.East, card.West} {
		v.DD[i].Seat = i18n.SeatName(lang, seat)
		for j, st := range [5]bridge.Strain{bridge.NoTrump, bridge.StrainSpades, bridge.StrainHearts, bridge.StrainDiamonds, bridge.StrainClubs} {
			v.DD[i].Tricks[j] = a.Table[seat][st]
		}
	}
	cs := make([]string, len(a.Par.Contracts))
	for i, c := range a.Par.Contracts {
		cs[i] = c.DDSString()
	}
	if len(cs) == 0 {
		cs = []string{"pass"}
	}
	v.Par = fmt.Sprintf("NS %+d (%s)", a.Par.Score, strings.Join(cs, ", "))
	if a.Par.Score == 0 {
		v.Par = "0 (" + strings.Join(cs, ", ") + ")"
	}
	return v
}

var handRecordsTmpl = template.Must(template.New("handrecords").Parse(`<!DOCTYPE html>
<html lang="{{.Lang}}">
<head>
<meta charset="utf-8">
{{- if .Refresh}}
<meta http-equiv="refresh" content="{{.Refresh}}">
{{- end}}
<title>{{.Title}} — {{.Labels.HandRecords}}</title>
<style>
body { font-family: "DejaVu Sans", Arial, sans-serif; font-size: 11pt; margin: 1em; color: #000; }
h1 { font-size: 14pt; margin: 0 0 .5em; }
.page { display: grid; grid-template-columns: 1fr 1fr; gap: 1em; margin-bottom: 2em; }
.board { border: 1px solid #888; padding: .5em; break-inside: avoid; }
.board h2 { font-size: 12pt; margin: 0 0 .3em; }
.meta { font-size: 9pt; margin-bottom: .3em; }
.diagram { display: grid; grid-template-columns: repeat(3, 1fr); grid-template-rows: auto auto auto; }
.n { grid-column: 2; grid-row: 1; } .w { grid-column: 1; grid-row: 2; }
.e { grid-column: 3; grid-row: 2; } .s { grid-column: 2; grid-row: 3; }
.hand .seat { font-weight: bold; font-size: 9pt; }
.red { color: #c00; } .blk { color: #000; }
table.dd { border-collapse: collapse; font-size: 9pt; margin-top: .3em; }
table.dd th, table.dd td { border: 1px solid #aaa; padding: 0 .4em; text-align: center; }
.par { font-size: 9pt; margin-top: .2em; }
.pending { font-size: 9pt; font-style: italic; color: #555; }
@page { size: A4; margin: 12mm; }
@media print {
  body { margin: 0; }
  .page { break-after: page; page-break-after: always; margin: 0; }
  .page:last-child { break-after: auto; page-break-after: auto; }
  .red { color: #c00; -webkit-print-color-adjust: exact; print-color-adjust: exact; }
}
</style>
</head>
<body>
<h1>{{.Title}} — {{.Labels.HandRecords}}</h1>
{{- $l := .Labels}}
{{range .Pages}}<div class="page">
{{range .}}<section class="board">
<h2>{{.Title}}</h2>
<div class="meta">{{$l.Dealer}}: {{.Dealer}} · {{$l.Vul}}: {{.Vul}}</div>
<div class="diagram">
{{range .Hands}}<div class="hand {{.Class}}"><div class="seat">{{.Seat}}</div>
{{range .Suits}}<div>{{.Symbol}} {{.Cards}}</div>
{{end}}</div>
{{end}}</div>
{{if .Pending}}<p class="pending" data-pending="1">{{$l.DDTable}}: {{$l.Pending}}</p>
{{else}}<table class="dd">
<tr><th></th>{{range $l.Strains}}<th>{{.}}</th>{{end}}</tr>
{{range .DD}}<tr><th>{{.Seat}}</th>{{range .Tricks}}<td>{{.}}</td>{{end}}</tr>
{{end}}</table>
<div class="par">{{$l.Par}}: {{.Par}}</div>{{end}}
</section>{{end}}
</div>{{end}}
</body>
</html>
`))
