package handrecords

import (
	"bytes"
	"os"
	"strconv"
	"strings"
	"testing"
	"time"

	"atout/bridge"
	"atout/bridge/dd"
	"atout/card"
	"atout/i18n"
	"atout/tournament"
)

// devBoards returns the first n deals of the tournament package's
// testdata/dd-dev100.tsv as boards, and a solver answering their DDS
// tables from the file.
func devBoards(t *testing.T, n int) ([]tournament.Board, tournament.DDFunc) {
	t.Helper()
	data, err := os.ReadFile("../../tournament/testdata/dd-dev100.tsv")
	if err != nil {
		t.Fatal(err)
	}
	var boards []tournament.Board
	tables := map[bridge.Deal]dd.Table{}
	for _, line := range strings.Split(strings.TrimSpace(string(data)), "\n")[1 : n+1] {
		f := strings.Split(line, "\t")
		d, err := bridge.ParseDeal(f[0])
		if err != nil {
			t.Fatal(err)
		}
		var tbl dd.Table
		for k, v := range f[1:21] {
			tbl[k%4][k/4], _ = strconv.Atoi(v)
		}
		tables[d] = tbl
		boards = append(boards, tournament.Board{Number: len(boards) + 1, Deal: d, Dealer: card.North, Vul: bridge.VulNone})
	}
	return boards, func(d bridge.Deal) (dd.Table, error) { return tables[d], nil }
}

func TestHandRecordsHTML(t *testing.T) {
	boards, solve := devBoards(t, 9)
	t0 := time.Date(2026, 11, 29, 0, 0, 0, 0, time.UTC)
	window := tournament.Window{Start: t0, End: t0.Add(24 * time.Hour)}
	tr, err := tournament.New("hr", "Hand <records> test", boards, tournament.Matchpoints, window)
	if err != nil {
		t.Fatal(err)
	}
	tr.DD = solve
	for _, lang := range []i18n.Lang{i18n.En, i18n.Fr} {
		var buf bytes.Buffer
		if err := HTML(&buf, tr, lang); err != nil {
			t.Fatal(err)
		}
		h := buf.String()
		for _, want := range []string{"@media print", "page-break-after", "♠", "♥", "♦", "♣", "Hand &lt;records&gt; test",
			`class="red"`, "NS -110 (3D-EW)", `<td>9</td>`} {
			if !strings.Contains(h, want) {
				t.Errorf("%s: no %q", lang, want)
			}
		}
		if n := strings.Count(h, `<div class="page">`); n != 3 {
			t.Errorf("%s: %d pages, want 3 (9 boards, 4 a page)", lang, n)
		}
		if n := strings.Count(h, `<section class="board">`); n != 9 {
			t.Errorf("%d boards", n)
		}
		if lang == i18n.Fr && !strings.Contains(h, "Donne 1") {
			t.Errorf("French labels missing")
		}
	}
}
