package web_test

// Browser tests of what tripped players at the table (issue 36): a claim
// or a concession sent without its result named and, for a concession,
// without a second word; the coinche header naming the taker as the
// coincher; a double click refused as "out of date"; a watcher labelled
// "You"; a table link to nowhere "Loading…" for ever. Each runs on a desktop
// screen and on a 390×844 phone where the layout matters.

import (
	"context"
	"fmt"
	"strings"
	"testing"
	"time"

	"github.com/chromedp/chromedp"
)

var screens = []struct {
	name string
	w, h int64
}{{"desktop", 1280, 900}, {"phone", 390, 844}}

// viewport sets the screen's size and waits until the page has it.
func viewport(t *testing.T, ctx context.Context, w, h int64) {
	t.Helper()
	run(t, ctx, 10*time.Second, fmt.Sprintf("viewport %dx%d", w, h), chromedp.EmulateViewport(w, h),
		waitJS(fmt.Sprintf(`window.innerWidth === %d`, w)))
}

// inView reports whether sel is shown inside the screen's width.
func inView(t *testing.T, ctx context.Context, sel string) bool {
	t.Helper()
	var ok bool
	js := fmt.Sprintf(`(() => { const e = document.querySelector(%q); if (!e || e.offsetParent === null) return false;
	  const r = e.getBoundingClientRect(); return r.left >= -1 && r.right <= document.documentElement.clientWidth + 1 && r.width > 0; })()`, sel)
	if err := eval(ctx, js, &ok); err != nil {
		t.Fatal(err)
	}
	return ok
}

// sentOf returns the messages of type typ the table sent since the test
// started listing them (window.__atoutTest.sent).
func sentOf(t *testing.T, ctx context.Context, typ string) []map[string]any {
	t.Helper()
	var out []map[string]any
	if err := eval(ctx, fmt.Sprintf(`(window.__atoutTest.sent || []).filter((m) => m.type === %q)`, typ), &out); err != nil {
		t.Fatal(err)
	}
	return out
}

// injectVariant hands the table its last state with changes made by the
// JavaScript body (which sees the copy as m), under a new move count.
func injectVariant(t *testing.T, ctx context.Context, body string) {
	t.Helper()
	js := `(() => { const h = window.__atoutTest; if (!h || !h.last || !h.last()) return false;
	  const m = JSON.parse(JSON.stringify(h.last())); m.n = m.n + 1000; ` + body + `; h.inject(m); return true; })()`
	var ok bool
	if err := eval(ctx, js, &ok); err != nil || !ok {
		t.Fatalf("inject a variant of the last state: %v", err)
	}
}

// waitOwnTurn waits until the player has a call or a bid to make: the
// table then sends nothing until he acts, and an injected state stays.
func waitOwnTurn(t *testing.T, ctx context.Context, box string) {
	t.Helper()
	run(t, ctx, 40*time.Second, "the player's turn to bid", waitJS(
		`!!document.querySelector('[data-testid="`+box+`"] button:not([disabled])')`))
}

// TestBrowserClaimNamesItsResult: the claim form starts at the obvious
// total, names the result and the score of what is chosen before it is
// sent, and a defender's concession asks "Concede N tricks?" once before it
// goes. The play positions are injected at the player's turn to call.
func TestBrowserClaimNamesItsResult(t *testing.T) {
	base := startServer(t)
	ctx := browser(t)
	openApp(t, ctx, base)
	testHooks(t, ctx, 1500)
	startGame(t, ctx, "bridge", map[string]string{"scoring-select": "duplicate", "level-select": "easy"})
	waitOwnTurn(t, ctx, "bidding-box")
	for _, sc := range screens {
		t.Run(sc.name, func(t *testing.T) {
			viewport(t, ctx, sc.w, sc.h)
			// South defends 4♠ by East, not vulnerable, after nine tricks:
			// East-West have six, North-South three; South's ♥A is sure.
			// Declarer's total runs from 6 (−200) to 10 (+420).
			injectVariant(t, ctx, `m.view = Object.assign({}, m.view, {phase: 'play', vul: 'None', auction: ['P', '1S', 'P', '4S', 'P', 'P', 'P'],
			  contract: '4S', declarer: 'E', dummy: 'W', hands: {S: '.A2.7.5', W: 'K.3.8.2'}, trick: {leader: 'S', cards: []},
			  tricks: {NS: 3, EW: 6}, declarerTricks: 6, turn: 'S', legal: ['HA', 'H2', 'D7', 'C5'], legalFor: undefined,
			  claim: {min: 6, max: 10, sure: 4, scores: [-200, -150, -100, -50, 420]}})`)
			run(t, ctx, 5*time.Second, "clear the list of messages sent", chromedp.Evaluate[chromedp.Void](`window.__atoutTest.sent = []`))
			click(t, ctx, `[data-testid="claim-btn"]`)
			run(t, ctx, 5*time.Second, "the claim form", waitJS(`!!document.querySelector('[data-testid="claim-form"]')`))
			var pick string
			eval(ctx, `document.querySelector('[data-testid="claim-select"]').value`, &pick)
			if pick != "4" {
				t.Errorf("the defenders' claim starts at %s tricks, want their sure 4", pick)
			}
			if got, want := text(t, ctx, `[data-testid="claim-result"]`), "Result: 4♠-1 by East · North-South: +50 points"; got != want {
				t.Errorf("result named %q, want %q", got, want)
			}
			if !inView(t, ctx, `[data-testid="claim-confirm"]`) {
				t.Error("the concede button is off the screen")
			}
			checkNoSidewaysScroll(t, ctx, "claim form")
			shot(t, ctx, sc.name+"-concede-form")
			// "Concede the rest" asks first and sends nothing yet.
			click(t, ctx, `[data-testid="claim-confirm"]`)
			run(t, ctx, 5*time.Second, "the concession's question", waitJS(`!!document.querySelector('[data-testid="concede-ask"]')`))
			if got := text(t, ctx, `[data-testid="concede-ask"] #concede-q`); got != "Concede 3 tricks?" {
				t.Errorf("the concession asks %q, want \"Concede 3 tricks?\"", got)
			}
			if n := len(sentOf(t, ctx, "claim")); n != 0 {
				t.Errorf("%d claims sent before the concession was confirmed", n)
			}
			if !inView(t, ctx, `[data-testid="concede-yes"]`) || !inView(t, ctx, `[data-testid="concede-no"]`) {
				t.Error("the concession's buttons are off the screen")
			}
			shot(t, ctx, sc.name+"-concede-ask")
			// Cancel goes back to the form; a second concession, confirmed, goes.
			click(t, ctx, `[data-testid="concede-no"]`)
			run(t, ctx, 5*time.Second, "back to the form", waitJS(`!!document.querySelector('[data-testid="claim-form"]') && !document.querySelector('[data-testid="concede-ask"]')`))
			if n := len(sentOf(t, ctx, "claim")); n != 0 {
				t.Errorf("%d claims sent after Cancel", n)
			}
			click(t, ctx, `[data-testid="claim-confirm"]`)
			click(t, ctx, `[data-testid="concede-yes"]`)
			run(t, ctx, 5*time.Second, "the concession sent", waitJS(`(window.__atoutTest.sent || []).some((m) => m.type === 'claim')`))
			if got := sentOf(t, ctx, "claim"); len(got) != 1 || got[0]["tricks"] != float64(9) {
				t.Errorf("claims sent %v, want one for 9 tricks to declarer", got)
			}

			// South declares 4♠, vulnerable: seven tricks won, ten sure.
			injectVariant(t, ctx, `m.view = Object.assign({}, m.view, {phase: 'play', vul: 'All', auction: ['1S', 'P', '4S', 'P', 'P', 'P'],
			  contract: '4S', declarer: 'S', dummy: 'N', hands: {S: 'AK..A.A', N: '2.2.2.2'}, trick: {leader: 'S', cards: []},
			  tricks: {NS: 7, EW: 2}, declarerTricks: 7, turn: 'S', legal: ['SA', 'SK', 'DA', 'CA'], legalFor: undefined,
			  claim: {min: 7, max: 11, sure: 10, scores: [-300, -200, -100, 620, 650]}})`)
			run(t, ctx, 5*time.Second, "clear the list of messages sent", chromedp.Evaluate[chromedp.Void](`window.__atoutTest.sent = []`))
			click(t, ctx, `[data-testid="claim-btn"]`)
			run(t, ctx, 5*time.Second, "declarer's claim form", waitJS(`!!document.querySelector('[data-testid="claim-form"]')`))
			eval(ctx, `document.querySelector('[data-testid="claim-select"]').value`, &pick)
			if pick != "10" {
				t.Errorf("declarer's claim starts at %s tricks, want his sure 10", pick)
			}
			if got, want := text(t, ctx, `[data-testid="claim-result"]`), "Result: 4♠= by South · North-South: +620 points"; got != want {
				t.Errorf("result named %q, want %q", got, want)
			}
			run(t, ctx, 5*time.Second, "claim 11", chromedp.Evaluate[chromedp.Void](
				`(() => { const s = document.querySelector('[data-testid="claim-select"]'); s.value = '11'; s.dispatchEvent(new Event('change')); })()`))
			run(t, ctx, 5*time.Second, "the result of 11 tricks", waitJS(
				`(document.querySelector('[data-testid="claim-result"]') || {}).textContent === 'Result: 4♠+1 by South · North-South: +650 points'`))
			shot(t, ctx, sc.name+"-claim-form")
			click(t, ctx, `[data-testid="claim-confirm"]`)
			run(t, ctx, 5*time.Second, "the claim sent", waitJS(`(window.__atoutTest.sent || []).some((m) => m.type === 'claim')`))
			if got := sentOf(t, ctx, "claim"); len(got) != 1 || got[0]["tricks"] != float64(11) {
				t.Errorf("claims sent %v, want one for 11 tricks", got)
			}
			if n := count(t, ctx, `[data-testid="concede-ask"]`); n != 0 {
				t.Error("declarer's claim asked as a concession")
			}
		})
	}
}

// TestBrowserCoincheHeader: the header of a coinched contract names the
// taker as the taker and the opponent who coinched as the coincher.
func TestBrowserCoincheHeader(t *testing.T) {
	base := startServer(t)
	ctx := browser(t)
	openApp(t, ctx, base)
	testHooks(t, ctx, 1500)
	startGame(t, ctx, "belote", map[string]string{"mode-select": "coinche", "rules-select": "maison", "level-select": "easy"})
	waitOwnTurn(t, ctx, "belote-controls")
	injectVariant(t, ctx, `const d = m.view.deal; d.phase = 'play'; d.turn = 'S';
	  d.calls = [{seat: 'S', action: '80H'}, {seat: 'W', action: 'pass'}, {seat: 'N', action: 'pass'}, {seat: 'E', action: 'coinche'}];
	  d.contract = {taker: 'S', trump: 'H', value: 80, coinche: 2}; d.trick = []; d.legal = (d.hand || []).slice()`)
	got := text(t, ctx, `[data-testid="contract"]`)
	if !strings.Contains(got, "by South") || !strings.Contains(got, "coinched by East") || strings.Contains(got, "coinched by South") {
		t.Errorf("header %q, want the contract by South, coinched by East", got)
	}
	injectVariant(t, ctx, `const d = m.view.deal; d.phase = 'play'; d.turn = 'S';
	  d.calls = [{seat: 'S', action: '80H'}, {seat: 'W', action: 'coinche'}, {seat: 'N', action: 'surcoinche'}];
	  d.contract = {taker: 'S', trump: 'H', value: 80, coinche: 4}; d.trick = []; d.legal = (d.hand || []).slice()`)
	got = text(t, ctx, `[data-testid="contract"]`)
	if !strings.Contains(got, "coinched by West") || !strings.Contains(got, "surcoinched by North") {
		t.Errorf("header %q, want coinched by West, surcoinched by North", got)
	}
	shot(t, ctx, "coinche-header")
}

// TestBrowserDoubleClick: a double click (a double tap on a phone) on a
// call or a card sends one move, and no "out of date" toast shows.
func TestBrowserDoubleClick(t *testing.T) {
	base := startServer(t)
	ctx := browser(t)
	openApp(t, ctx, base)
	testHooks(t, ctx, 1500)
	stale := catalogText(t, base, "en", "error.stale")
	startGame(t, ctx, "bridge", map[string]string{"scoring-select": "duplicate", "level-select": "easy"})
	// twice clicks sel twice at once, as a double click does before the
	// table answers, and checks that one move went and no toast came.
	twice := func(t *testing.T, sel, what string) {
		t.Helper()
		var n int
		js := fmt.Sprintf(`(() => { window.__atoutTest.sent = []; document.getElementById('toast').textContent = '';
		  const e = document.querySelector(%q); if (!e || e.disabled) return -1; e.click(); e.click();
		  return window.__atoutTest.sent.filter((m) => m.type === 'act').length; })()`, sel)
		if err := eval(ctx, js, &n); err != nil || n < 0 {
			t.Fatalf("double click %s: %v (%d)", sel, err, n)
		}
		if n != 1 {
			t.Errorf("a double click on %s sent %d moves, want 1", what, n)
		}
		// The table's answers come within a second; the toast would stay 4.
		time.Sleep(1500 * time.Millisecond)
		var toastNow string
		eval(ctx, `(() => { const e = document.getElementById('toast'); return e.hidden ? '' : e.textContent; })()`, &toastNow)
		if toastNow == stale || strings.Contains(toastNow, "out of date") {
			t.Errorf("a double click on %s shows %q", what, toastNow)
		}
	}
	for _, sc := range screens {
		t.Run(sc.name, func(t *testing.T) {
			viewport(t, ctx, sc.w, sc.h)
			// South passes throughout: a deal passed out or declared by
			// North gives him no card (about four deals in ten), so look
			// further than four deals (four in a row happen a few times in
			// a hundred runs).
			for deal := 1; deal <= 8; deal++ {
				waitOwnTurn(t, ctx, "bidding-box")
				twice(t, `[data-testid="bidding-box"] button[data-call="P"]:not([disabled])`, "Pass")
				if toFirstCard(t, ctx) {
					var sel string
					eval(ctx, `(() => { const b = document.querySelector('.hand button.legal[data-card]:not([disabled])'); return b ? '.hand button[data-card="' + b.dataset.card + '"]' : ''; })()`, &sel)
					if sel == "" {
						t.Fatal("no card to play")
					}
					twice(t, sel, "a card")
					shot(t, ctx, sc.name+"-after-double-click")
					// On to the next deal for the next screen.
					playDeal(t, ctx, 60*time.Second, 0)
					click(t, ctx, `[data-testid="next-deal"]`)
					return
				}
				click(t, ctx, `[data-testid="next-deal"]`)
				run(t, ctx, 20*time.Second, "next deal", chromedp.WaitNotPresent(chromedp.CSS(`[data-testid="deal-over"]`)))
			}
			t.Fatal("eight deals without a card to play for South")
		})
	}
}

// TestBrowserWatcher: someone who opens another player's table link is
// told he watches, and no seat is labelled "You"; the player still is.
func TestBrowserWatcher(t *testing.T) {
	base := startServer(t)
	owner := browser(t)
	friend := browser(t)
	openApp(t, owner, base)
	startGame(t, owner, "bridge", map[string]string{"level-select": "easy"})
	waitFor(t, owner, `[data-testid="invite-btn"]`, 20*time.Second)
	var link string
	if err := eval(owner, `document.querySelector('[data-testid="invite-btn"]').dataset.link`, &link); err != nil || !strings.Contains(link, "?invite=") {
		t.Fatalf("invitation link %q (%v)", link, err)
	}
	tableURL, _, _ := strings.Cut(link, "?")
	labels := func(ctx context.Context) []string {
		var out []string
		if err := eval(ctx, `[...document.querySelectorAll('[data-testid="felt"] .seat-label .player')].map((e) => e.textContent)`, &out); err != nil {
			t.Fatal(err)
		}
		return out
	}
	if got := labels(owner); !contains(got, "You") {
		t.Errorf("the player's seats %q: none is his", got)
	}
	if n := count(t, owner, `[data-testid="watching"]`); n != 0 {
		t.Error("the player is told he watches")
	}
	openApp(t, friend, base)
	for _, sc := range screens {
		t.Run(sc.name, func(t *testing.T) {
			viewport(t, friend, sc.w, sc.h)
			run(t, friend, 30*time.Second, "open the table link",
				chromedp.Navigate(tableURL),
				chromedp.WaitVisible(chromedp.CSS(`[data-testid="table"] [data-testid="felt"]`)))
			if got := labels(friend); contains(got, "You") {
				t.Errorf("the watcher's seats %q: one is \"You\"", got)
			}
			waitFor(t, friend, `[data-testid="watching"]`, 5*time.Second)
			if got := text(t, friend, `[data-testid="watching"]`); !strings.HasPrefix(got, "Watching") {
				t.Errorf("the watcher's banner says %q", got)
			}
			if !inView(t, friend, `[data-testid="watching"]`) {
				t.Error("the watcher's banner is off the screen")
			}
			checkNoSidewaysScroll(t, friend, "watcher")
			shot(t, friend, sc.name+"-watching")
		})
	}
}

func contains(list []string, s string) bool {
	for _, x := range list {
		if strings.TrimSpace(x) == s {
			return true
		}
	}
	return false
}

// TestBrowserNoSuchTable: a link to a table that does not exist says so,
// with the way back to the lobby, instead of "Loading…" for ever.
func TestBrowserNoSuchTable(t *testing.T) {
	base := startServer(t)
	ctx := browser(t)
	openApp(t, ctx, base)
	for _, sc := range screens {
		t.Run(sc.name, func(t *testing.T) {
			viewport(t, ctx, sc.w, sc.h)
			run(t, ctx, 20*time.Second, "open a link to no table",
				chromedp.Navigate(base+"/t/no-such-table-"+sc.name),
				chromedp.WaitVisible(chromedp.CSS(`body[data-ready="true"]`)))
			waitFor(t, ctx, `[data-testid="table-gone"]`, 10*time.Second)
			if got := text(t, ctx, `[data-testid="table-gone"] h1`); got != "No such table." {
				t.Errorf("the page says %q", got)
			}
			if n := count(t, ctx, `[data-testid="table"] .loading`); n != 0 {
				t.Error("still loading")
			}
			if !inView(t, ctx, `[data-testid="to-lobby"]`) {
				t.Error("the way to the lobby is off the screen")
			}
			shot(t, ctx, sc.name+"-no-such-table")
			click(t, ctx, `[data-testid="to-lobby"]`)
			waitFor(t, ctx, `[data-testid="new-game"]`, 10*time.Second)
		})
	}
}
