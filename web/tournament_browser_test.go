package web_test

import (
	"context"
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/chromedp/chromedp"

	"atout/bridge"
	"atout/card"
	"atout/tournament"
)

// routeTo shows a hash route of the single-page app, rendering it afresh
// (through another route when it is the current one), and waits for sel.
func routeTo(t *testing.T, ctx context.Context, hash, sel string) {
	t.Helper()
	js := fmt.Sprintf(`(() => {
	  document.getElementById('main').replaceChildren();
	  if (location.hash === %q) { location.hash = '#/_'; setTimeout(() => { location.hash = %q; }, 30); }
	  else location.hash = %q;
	  return true; })()`, hash, hash, hash)
	run(t, ctx, 10*time.Second, "route "+hash, chromedp.Evaluate[chromedp.Void](js),
		waitJS(fmt.Sprintf(`location.hash === %q`, hash)))
	waitFor(t, ctx, sel, 30*time.Second)
}

// waitFor polls until an element matching sel is in the page and visible.
func waitFor(t *testing.T, ctx context.Context, sel string, d time.Duration) {
	t.Helper()
	js := fmt.Sprintf(`(() => { const e = document.querySelector('body[data-ready="true"]') && document.querySelector(%q); return !!(e && e.offsetParent !== null); })()`, sel)
	c, cancel := context.WithTimeout(ctx, d)
	defer cancel()
	if _, err := chromedp.Run(c, chromedp.Poll[bool](js, chromedp.WithPollingInterval(40*time.Millisecond))); err != nil {
		shot(t, ctx, "failure")
		t.Fatalf("wait for %s: %v", sel, err)
	}
}

// boardState reads the board panel of a tournament page: whether the
// results are hidden, the number of results, how many lines are the
// viewer's, and the tables counted in the frequency table.
type boardState struct {
	Hidden bool `json:"hidden"`
	Played int  `json:"played"`
	Yours  int  `json:"yours"`
	Count  int  `json:"count"`
}

func readBoard(t *testing.T, ctx context.Context) boardState {
	t.Helper()
	var s boardState
	js := `(() => {
	  const f = document.querySelector('[data-testid="freq-table"]');
	  const rows = [...document.querySelectorAll('[data-testid="freq-row"]')];
	  return {hidden: !!document.querySelector('[data-testid="tour-hidden"]'),
	    played: f ? parseInt(f.dataset.played, 10) : 0,
	    yours: rows.filter((r) => r.dataset.yours === '1').length,
	    count: rows.reduce((a, r) => a + parseInt(r.dataset.count, 10), 0)};
	})()`
	if err := eval(ctx, js, &s); err != nil {
		t.Fatalf("read the board panel: %v", err)
	}
	return s
}

// boardPanel opens board n of tournament id and waits for its panel:
// either the frequency table or the "play it first" notice.
func boardPanel(t *testing.T, ctx context.Context, id string, n int) boardState {
	t.Helper()
	routeTo(t, ctx, fmt.Sprintf("#/tournaments/%s/%d", id, n),
		`[data-testid="tour-board"] [data-testid="freq-table"], [data-testid="tour-board"] [data-testid="tour-hidden"]`)
	return readBoard(t, ctx)
}

// playFirstBoard opens the player's tournament table and plays until the
// first deal (board 1, whatever its result, passed out included) is over.
func playFirstBoard(t *testing.T, ctx context.Context, id, who string) {
	t.Helper()
	routeTo(t, ctx, "#/tournaments/"+id, `[data-testid="tour-play"]`)
	click(t, ctx, `[data-testid="tour-play"]`)
	waitFor(t, ctx, `[data-testid="table"]`, 30*time.Second)
	cards := playDeal(t, ctx, 90*time.Second, 0)
	waitFor(t, ctx, `[data-testid="deal-over"]`, 20*time.Second)
	t.Logf("%s: board 1 over after %d cards clicked", who, cards)
	shot(t, ctx, who+"-board1-over")
}

// TestBrowserTournament: two players (two browsers, two sessions) play
// board 1 of the same tournament. Neither sees a board's frequency table
// before the tournament ends (server/tournament_test.go checks that it
// opens then); both are ranked.
func TestBrowserTournament(t *testing.T) {
	base := startServer(t)
	a := browser(t)
	b := browser(t)
	openApp(t, a, base)
	openApp(t, b, base)
	testHooks(t, a, 1500)
	testHooks(t, b, 1500)

	// A creates an 8-board matchpoint tournament through the form.
	routeTo(t, a, "#/tournaments", `[data-testid="tour-create"]`)
	run(t, a, 10*time.Second, "fill the form",
		chromedp.SetValue(chromedp.CSS(`[data-testid="tour-name"]`), "Browser cup"),
		chromedp.SetValue(chromedp.CSS(`[data-testid="tour-boards"]`), "8"),
		chromedp.SetValue(chromedp.CSS(`[data-testid="tour-scoring"]`), "mp"))
	shot(t, a, "create")
	click(t, a, `[data-testid="tour-create"]`)
	waitFor(t, a, `[data-testid="tournament"]`, 20*time.Second)
	var id string
	if err := eval(a, `document.querySelector('[data-testid="tournament"]').dataset.tour`, &id); err != nil || id == "" {
		t.Fatalf("tournament id: %q %v", id, err)
	}
	if n := count(t, a, `[data-testid="tour-board-link"]`); n != 8 {
		t.Errorf("%d board links, want 8", n)
	}
	// B finds it in the list.
	routeTo(t, b, "#/tournaments", `[data-testid="tour-link"][data-tour="`+id+`"]`)

	// Before anyone plays: board 1 is hidden from both.
	for _, c := range []struct {
		name string
		ctx  context.Context
	}{{"A", a}, {"B", b}} {
		if s := boardPanel(t, c.ctx, id, 1); !s.Hidden || s.Played != 0 {
			t.Fatalf("%s sees board 1 before anyone played: %+v", c.name, s)
		}
	}
	shot(t, b, "B-hidden-before")

	// A plays board 1: the end of the board at his table shows what play
	// showed him, with a word on when the rest comes; the board's page
	// stays hidden from him too (anybody may still enter and play it).
	playFirstBoard(t, a, id, "A")
	waitFor(t, a, `[data-testid="deal-sealed"]`, 10*time.Second)
	hiddenText := catalogText(t, base, "en", "tour.hiddenUntilEnd")
	for _, c := range []struct {
		name string
		ctx  context.Context
	}{{"A", a}, {"B", b}} {
		if s := boardPanel(t, c.ctx, id, 1); !s.Hidden || s.Played != 0 || s.Count != 0 {
			t.Fatalf("%s sees board 1 during the tournament: %+v", c.name, s)
		}
		if got := text(t, c.ctx, `[data-testid="tour-hidden"]`); got != hiddenText {
			t.Errorf("%s: the hidden board says %q, want %q", c.name, got, hiddenText)
		}
	}
	shot(t, a, "A-board1-hidden")
	playFirstBoard(t, b, id, "B")
	if s := boardPanel(t, b, id, 1); !s.Hidden {
		t.Fatalf("B sees board 1 during the tournament: %+v", s)
	}
	// The ranking has both players, each with one board.
	routeTo(t, a, "#/tournaments/"+id, `[data-testid="tour-ranking"]`)
	if n := count(t, a, `[data-testid="standing"]`); n != 2 {
		t.Errorf("%d lines in the ranking, want 2", n)
	}
	if n := count(t, a, `[data-testid="standing"][data-you="1"]`); n != 1 {
		t.Errorf("%d ranking lines marked as A's, want 1", n)
	}
	var rank string
	eval(a, `[...document.querySelectorAll('[data-testid="tour-ranking"] tbody tr')].map((r) => r.textContent).join(' | ')`, &rank)
	t.Logf("ranking: %s", strings.TrimSpace(rank))
	shot(t, a, "A-ranking")
}

// pbnText writes ten boards numbered 11 to 20 as a PBN file; bad, when set,
// gives that board's North a fourteenth card.
func pbnText(t *testing.T, bad int) string {
	t.Helper()
	src, err := tournament.NewFromSeed("x", 10, 2026, tournament.Matchpoints, tournament.Window{})
	if err != nil {
		t.Fatal(err)
	}
	var b strings.Builder
	for i, bd := range src.Boards {
		n := bd.Number + 10
		d := bd.Deal.String()
		if n == bad {
			d = strings.Replace(d, "N:", "N:A", 1)
		}
		fmt.Fprintf(&b, "[Board \"%d\"]\n[Dealer \"%s\"]\n[Vulnerable \"%s\"]\n[Deal \"%s\"]\n\n", n, card.Seat(i%4), bridge.BoardVul(n), d)
	}
	return b.String()
}

// TestBrowserTournamentPBN creates a tournament from a PBN file through the
// form: a faulty file is refused with the board and the fault shown under
// the text box; a good one, picked with the file chooser, gives a
// tournament of its boards.
func TestBrowserTournamentPBN(t *testing.T) {
	base := startServer(t)
	a := browser(t)
	openApp(t, a, base)
	routeTo(t, a, "#/tournaments", `[data-testid="tour-pbn"]`)
	setText := func(sel, v string) {
		js := fmt.Sprintf(`(() => { const e = document.querySelector(%q); e.value = %q; e.dispatchEvent(new Event('input', {bubbles: true})); return true; })()`, sel, v)
		run(t, a, 10*time.Second, "set "+sel, chromedp.Evaluate[chromedp.Void](js))
	}
	setText(`[data-testid="tour-name"]`, "Imported cup")
	setText(`[data-testid="tour-pbn"]`, pbnText(t, 13))
	var disabled bool
	if err := eval(a, `document.querySelector('[data-testid="tour-boards"]').disabled`, &disabled); err != nil || !disabled {
		t.Errorf("the number of boards stays editable with a PBN file (%v)", err)
	}
	click(t, a, `[data-testid="tour-create"]`)
	waitFor(t, a, `[data-testid="tour-pbn-error"]`, 10*time.Second)
	var msg string
	eval(a, `document.querySelector('[data-testid="tour-pbn-error"]').textContent`, &msg)
	if !strings.Contains(msg, "board 13") || !strings.Contains(msg, "14 cards") {
		t.Errorf("PBN error shown: %q, want the board and the fault", msg)
	}
	shot(t, a, "pbn-error")

	// The good file through the file chooser.
	path := filepath.Join(t.TempDir(), "club.pbn")
	if err := os.WriteFile(path, []byte(pbnText(t, 0)), 0o644); err != nil {
		t.Fatal(err)
	}
	setText(`[data-testid="tour-pbn"]`, "")
	run(t, a, 10*time.Second, "choose the file", chromedp.SetUploadFiles(chromedp.CSS(`[data-testid="tour-pbn-file"]`), []string{path}))
	c, cancel := context.WithTimeout(a, 10*time.Second)
	defer cancel()
	if _, err := chromedp.Run(c, chromedp.Poll[bool](`document.querySelector('[data-testid="tour-pbn"]').value.includes('[Board "20"]')`,
		chromedp.WithPollingInterval(40*time.Millisecond))); err != nil {
		t.Fatalf("the file's text did not reach the text box: %v", err)
	}
	click(t, a, `[data-testid="tour-create"]`)
	waitFor(t, a, `[data-testid="tournament"]`, 20*time.Second)
	var links string
	eval(a, `[...document.querySelectorAll('[data-testid="tour-board-link"]')].map((e) => e.dataset.board).join(',')`, &links)
	if links != "11,12,13,14,15,16,17,18,19,20" {
		t.Errorf("board links %q, want the file's boards 11 to 20", links)
	}
	shot(t, a, "pbn-created")

	// At the table, the board is shown under the tournament's number (11,
	// the file's), not as the table's first deal.
	click(t, a, `[data-testid="tour-play"]`)
	waitFor(t, a, `[data-testid="table"] [data-testid="board-no"]`, 30*time.Second)
	var chip, deal string
	eval(a, `document.querySelector('[data-testid="board-no"]').textContent`, &chip)
	eval(a, `document.querySelector('[data-testid="table"]').dataset.deal`, &deal)
	if want := strings.Replace(catalogText(t, base, "en", "table.board"), "{n}", "11", 1); chip != want || deal != "11" {
		t.Errorf("the table shows %q (data-deal %q), want %q", chip, deal, want)
	}
	shot(t, a, "pbn-table-board11")
}
