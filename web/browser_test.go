package web_test

// Browser tests: the real server in-process, Debian's Chromium driven by
// chromedp, a full bridge deal and a full belote deal played by clicks, a
// language switch, and a reload in the middle of a deal. Screenshots are
// saved under $ATOUT_ARTIFACTS (default: a temporary folder) and their
// paths logged.
//
// The tests are skipped when /usr/bin/chromium (or $ATOUT_CHROMIUM) is
// absent; CI installs it with .ci/install-chromium.

import (
	"context"
	"encoding/json"
	"fmt"
	"net/http"
	"os"
	"path/filepath"
	"regexp"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/chromedp/chromedp"

	"atout/table"
)

func chromiumPath() string {
	if p := os.Getenv("ATOUT_CHROMIUM"); p != "" {
		return p
	}
	return "/usr/bin/chromium"
}

// browser starts a headless Chromium with the flags this offline machine
// needs and returns a context for one tab.
func browser(t *testing.T) context.Context {
	t.Helper()
	exe := chromiumPath()
	if _, err := os.Stat(exe); err != nil {
		if os.Getenv("ATOUT_REQUIRE_CHROMIUM") != "" {
			t.Fatalf("no Chromium at %s but ATOUT_REQUIRE_CHROMIUM is set (CI installs it with .ci/install-chromium)", exe)
		}
		t.Skipf("no Chromium at %s (install it with .ci/install-chromium)", exe)
	}
	opts := []chromedp.ExecAllocatorOption{
		chromedp.ExecPath(exe),
		chromedp.Flag("headless", true),
		chromedp.Flag("no-sandbox", true),
		chromedp.Flag("disable-gpu", true),
		chromedp.Flag("disable-quic", true),
		chromedp.Flag("no-first-run", true),
		chromedp.Flag("no-default-browser-check", true),
		chromedp.Flag("disable-background-networking", true),
		chromedp.Flag("disable-component-update", true),
		chromedp.Flag("disable-sync", true),
		chromedp.Flag("disable-extensions", true),
		chromedp.Flag("disable-dev-shm-usage", true),
		chromedp.Flag("lang", "en-US"),
		chromedp.UserDataDir(t.TempDir()),
		chromedp.WindowSize(1280, 900),
	}
	actx, cancelA := chromedp.NewExecAllocator(context.Background(), opts...)
	ctx, cancelC := chromedp.NewContext(actx, chromedp.WithLogf(t.Logf))
	// The whole test, bounded: a hang must fail, not stall CI.
	ctx, cancelT := context.WithTimeout(ctx, 150*time.Second)
	t.Cleanup(func() { cancelT(); cancelC(); cancelA() })
	if err := chromedp.Do(ctx); err != nil {
		t.Fatalf("start Chromium: %v", err)
	}
	return ctx
}

var artifactDirs sync.Map // test name → folder

func artifactsDir(t *testing.T) string {
	if d := os.Getenv("ATOUT_ARTIFACTS"); d != "" {
		if err := os.MkdirAll(d, 0o755); err != nil {
			t.Fatal(err)
		}
		return d
	}
	d, _ := artifactDirs.LoadOrStore(t.Name(), t.TempDir())
	return d.(string)
}

// shot saves a full-page PNG screenshot named after the test.
func shot(t *testing.T, ctx context.Context, name string) {
	t.Helper()
	c, cancel := context.WithTimeout(ctx, 20*time.Second)
	defer cancel()
	// Quality 100 gives a PNG.
	buf, err := chromedp.Run(c, chromedp.FullScreenshot(100))
	if err != nil {
		t.Logf("screenshot %s: %v", name, err)
		return
	}
	p := filepath.Join(artifactsDir(t), strings.ReplaceAll(t.Name(), "/", "_")+"-"+name+".png")
	if err := os.WriteFile(p, buf, 0o644); err != nil {
		t.Logf("screenshot %s: %v", name, err)
		return
	}
	t.Logf("screenshot: %s", p)
}

// run runs actions with a deadline.
func run(t *testing.T, ctx context.Context, d time.Duration, what string, actions ...chromedp.Action[chromedp.Void]) {
	t.Helper()
	c, cancel := context.WithTimeout(ctx, d)
	defer cancel()
	if err := chromedp.Do(c, actions...); err != nil {
		shot(t, ctx, "failure")
		t.Fatalf("%s: %v", what, err)
	}
}

// eval evaluates a JavaScript expression into out.
func eval[T any](ctx context.Context, js string, out *T) error {
	c, cancel := context.WithTimeout(ctx, 10*time.Second)
	defer cancel()
	v, err := chromedp.Run(c, chromedp.Evaluate[T](js))
	if err == nil {
		*out = v
	}
	return err
}

// waitJS waits until the JavaScript expression js is truthy in the page
// (within the deadline of the context it runs in).
func waitJS(js string) chromedp.Action[chromedp.Void] {
	return chromedp.Poll[chromedp.Void](js, chromedp.WithPollingInterval(30*time.Millisecond), chromedp.WithPollingTimeout(0))
}

// openApp loads the UI and waits for it to be ready.
func openApp(t *testing.T, ctx context.Context, base string) {
	t.Helper()
	run(t, ctx, 30*time.Second, "open the app",
		chromedp.Navigate(base+"/"),
		chromedp.WaitVisible(chromedp.CSS(`body[data-ready="true"] [data-testid="new-game"]`)))
}

// startGame chooses the settings in the new-game window and starts a game.
func startGame(t *testing.T, ctx context.Context, game string, selects map[string]string) {
	t.Helper()
	actions := []chromedp.Action[chromedp.Void]{chromedp.SetValue(chromedp.CSS(`[data-testid="game-select"]`), game),
		chromedp.Evaluate[chromedp.Void](`document.querySelector('[data-testid="game-select"]').dispatchEvent(new Event('change'))`)}
	for sel, v := range selects {
		actions = append(actions, chromedp.SetValue(chromedp.CSS(`[data-testid="`+sel+`"]`), v))
	}
	actions = append(actions,
		chromedp.Click(chromedp.CSS(`[data-testid="new-game"]`)),
		chromedp.WaitVisible(chromedp.CSS(`[data-testid="table"][data-game="`+game+`"] [data-testid="felt"]`)))
	run(t, ctx, 30*time.Second, "start a "+game+" game", actions...)
}

// nextClick is evaluated in the page: it returns what to click next (a CSS
// selector), "over" when the deal-over panel shows, or "" to wait.
const nextClick = `(() => {
  if (document.querySelector('[data-testid="deal-over"]')) return 'over';
  // A bot declarer's claim of the rest stops nothing: the player plays on.
  const bid = window.__atoutBid || (window.__atoutBid = {});
  const box = document.querySelector('[data-testid="bidding-box"]');
  if (box) {
    const en = [...box.querySelectorAll('button[data-call]:not([disabled])')];
    if (!en.length) return '';
    // Open the bidding once with the cheapest bid so the deal is played,
    // then pass.
    const key = document.querySelector('[data-testid="board-no"]')?.textContent || '';
    if (!bid[key]) {
      const b = en.find((x) => /^[1-7]/.test(x.dataset.call));
      if (b) { bid[key] = true; return '[data-call="' + b.dataset.call + '"]'; }
    }
    const p = en.find((x) => x.dataset.call === 'P');
    return '[data-call="' + (p || en[0]).dataset.call + '"]';
  }
  const bc = document.querySelector('[data-testid="belote-controls"]');
  if (bc) {
    const en = [...bc.querySelectorAll('button[data-action]:not([disabled])')];
    if (!en.length) return '';
    const take = en.find((x) => x.dataset.action === 'take');
    const pick = take || en.find((x) => x.dataset.action !== 'pass') || en[0];
    return '[data-testid="belote-controls"] [data-action="' + pick.dataset.action + '"]';
  }
  const card = document.querySelector('.hand button[data-card]:not([disabled])');
  if (card) return '.hand button[data-card="' + card.dataset.card + '"]:not([disabled])';
  return '';
})()`

// playDeal clicks through a whole deal until the deal-over panel shows;
// stopAfter > 0 stops after that many card clicks instead, once the page
// has the server's answer to the last one. It returns the number of cards
// the user played: a card counts once it has left the hand, so a click
// the table's redraw swallowed (and the card clicked again) counts once.
func playDeal(t *testing.T, ctx context.Context, limit time.Duration, stopAfter int) (cards int) {
	t.Helper()
	dl, cancel := context.WithTimeout(ctx, limit)
	defer cancel()
	// What to click and the table's state number (its data-n) when the
	// page has something to click, or the deal is over.
	next := `(() => { const sel = ` + nextClick + `;
	  const r = document.querySelector('[data-testid="table"]');
	  return sel ? {sel, n: (r && r.dataset.n) || ''} : null; })()`
	// Cards clicked and not yet seen to leave the hand.
	clicked := map[string]bool{}
	settle := func() {
		for c := range clicked {
			var gone bool
			if err := eval(dl, fmt.Sprintf(`!document.querySelector('.hand button[data-card=%q]')`, c), &gone); err == nil && gone {
				delete(clicked, c)
				cards++
			}
		}
	}
	card := regexp.MustCompile(`data-card="([^"]+)"`)
	for {
		st, err := chromedp.Run(dl, chromedp.Poll[struct{ Sel, N string }](next,
			chromedp.WithPollingInterval(40*time.Millisecond), chromedp.WithPollingTimeout(0)))
		if err != nil {
			if dl.Err() != nil {
				break
			}
			t.Fatalf("poll the page: %v", err)
		}
		settle()
		if st.Sel == "over" {
			return cards
		}
		if stopAfter > 0 && cards >= stopAfter {
			return cards
		}
		c, cancel := context.WithTimeout(dl, 5*time.Second)
		err = chromedp.Do(c, chromedp.Click(chromedp.CSS(st.Sel), chromedp.NodeVisible))
		cancel()
		if err != nil {
			// The table redrew under the click: look again.
			continue
		}
		// Wait for the server's answer (a new state) before looking again.
		waitChange(dl, st.Sel, st.N)
		if m := card.FindStringSubmatch(st.Sel); m != nil {
			clicked[m[1]] = true
			settle()
			if stopAfter > 0 && cards >= stopAfter {
				return cards
			}
		}
	}
	shot(t, ctx, "timeout")
	t.Fatalf("the deal did not end within %v (%d cards clicked)", limit, cards)
	return cards
}

// waitChange waits, for a second at most, until the click on sel was taken:
// the table shows a state other than number n, or sel is gone or disabled.
// A click on a node the table had just redrawn is lost: the caller then
// looks again.
func waitChange(ctx context.Context, sel, n string) {
	c, cancel := context.WithTimeout(ctx, time.Second)
	defer cancel()
	js := fmt.Sprintf(`(() => { const r = document.querySelector('[data-testid="table"]'); const e = document.querySelector(%q);
	  return (r && r.dataset.n !== %q) || !e || e.disabled; })()`, sel, n)
	chromedp.Run(c, chromedp.Poll[bool](js, chromedp.WithPollingInterval(20*time.Millisecond)))
}

// catalogText returns the text of key in the catalog the server sends for lang.
func catalogText(t *testing.T, base, lang, key string) string {
	t.Helper()
	res, err := http.Get(base + "/api/i18n/" + lang)
	if err != nil {
		t.Fatal(err)
	}
	defer res.Body.Close()
	var raw map[string]any
	if err := json.NewDecoder(res.Body).Decode(&raw); err != nil {
		t.Fatalf("catalog %s: %v", lang, err)
	}
	if m, ok := raw["messages"].(map[string]any); ok {
		raw = m
	}
	s, _ := raw[key].(string)
	return s
}

// click clicks sel through JavaScript once it is there, visible and
// enabled: the table redraws itself on every message, so a node found by
// one DevTools call may be gone at the next.
func click(t *testing.T, ctx context.Context, sel string) {
	t.Helper()
	c, cancel := context.WithTimeout(ctx, 20*time.Second)
	defer cancel()
	js := fmt.Sprintf(`(() => { const e = document.querySelector(%q);
	  if (!e || e.disabled || e.offsetParent === null) return false; e.click(); return true; })()`, sel)
	if _, err := chromedp.Run(c, chromedp.Poll[bool](js, chromedp.WithPollingInterval(30*time.Millisecond))); err != nil {
		shot(t, ctx, "failure")
		t.Fatalf("click %s: %v", sel, err)
	}
}

// inject hands the table a message as if the server had sent it (through
// the window.__atoutTest hook the UI installs when the test asks for it).
func inject(t *testing.T, ctx context.Context, msg any) {
	t.Helper()
	b, err := json.Marshal(msg)
	if err != nil {
		t.Fatal(err)
	}
	var ok bool
	if err := eval(ctx, `(() => { const h = window.__atoutTest; if (!h || !h.inject) return false; h.inject(`+string(b)+`); return true; })()`, &ok); err != nil || !ok {
		t.Fatalf("inject %s: no test hook (%v)", b, err)
	}
}

// testHooks asks the UI for its test hooks: the table opened next installs
// window.__atoutTest.inject, and waits analysisWait ms for an analysis.
func testHooks(t *testing.T, ctx context.Context, analysisWait int) {
	t.Helper()
	run(t, ctx, 5*time.Second, "test hooks",
		chromedp.Evaluate[chromedp.Void](fmt.Sprintf(`window.__atoutTest = {analysisWait: %d}`, analysisWait)))
}

func text(t *testing.T, ctx context.Context, sel string) string {
	t.Helper()
	// Read through JavaScript, polling: the UI may be redrawing the node.
	c, cancel := context.WithTimeout(ctx, 10*time.Second)
	defer cancel()
	js := fmt.Sprintf(`(() => { const e = document.querySelector(%q); return e && e.offsetParent !== null ? e.textContent : null; })()`, sel)
	s, err := chromedp.Run(c, chromedp.Poll[string](js, chromedp.WithPollingInterval(30*time.Millisecond)))
	if err != nil {
		shot(t, ctx, "failure")
		t.Fatalf("read %s: %v", sel, err)
	}
	return strings.TrimSpace(s)
}

func TestBrowserBridgeDeal(t *testing.T) {
	base := startServer(t)
	ctx := browser(t)
	openApp(t, ctx, base)
	shot(t, ctx, "lobby")
	// No analyser runs at this server: the deal-over panel gives up waiting
	// for the analysis after 1.5 s instead of 90.
	testHooks(t, ctx, 1500)
	startGame(t, ctx, "bridge", map[string]string{"scoring-select": "duplicate", "level-select": "easy"})
	run(t, ctx, 30*time.Second, "the bidding box", chromedp.WaitVisible(chromedp.CSS(`[data-testid="bidding-box"]`)))
	shot(t, ctx, "auction")
	// South is dummy when North declares, and a deal may be passed out:
	// then the bots play it, and the next deal is played.
	for deal := 1; ; deal++ {
		cards := playDeal(t, ctx, 70*time.Second, 0)
		run(t, ctx, 10*time.Second, "deal over", chromedp.WaitVisible(chromedp.CSS(`[data-testid="deal-over"] [data-testid="deal-result"]`)))
		result := text(t, ctx, `[data-testid="deal-result"]`)
		score := text(t, ctx, `[data-testid="deal-score"]`)
		var roles struct{ Seat, Declarer, Dummy string }
		eval(ctx, `(() => { const d = document.querySelector('[data-testid="table"]').dataset; return {seat: d.seat, declarer: d.declarer || '', dummy: d.dummy || ''}; })()`, &roles)
		t.Logf("bridge deal %d over after %d cards clicked (seat %s, declarer %q): %q, %q", deal, cards, roles.Seat, roles.Declarer, result, score)
		if roles.Declarer == "" || roles.Dummy == roles.Seat {
			if deal == 8 {
				t.Fatal("eight deals without a card to play for South")
			}
			shot(t, ctx, fmt.Sprintf("deal%d-over", deal))
			click(t, ctx, `[data-testid="next-deal"]`)
			run(t, ctx, 20*time.Second, "next deal", chromedp.WaitNotPresent(chromedp.CSS(`[data-testid="deal-over"]`)))
			continue
		}
		want := 13
		if roles.Declarer == roles.Seat {
			want = 26 // declarer plays dummy's cards too
		}
		if cards != want {
			t.Errorf("clicked %d cards, want %d", cards, want)
		}
		break
	}
	var hands int
	if err := eval(ctx, `document.querySelectorAll('[data-testid="deal-over"] .hand-lines').length`, &hands); err != nil || hands != 4 {
		t.Errorf("deal-over panel shows %d hands (%v), want the full deal", hands, err)
	}
	// The double-dummy analysis comes after the deal, when the server sends
	// the protocol's "analysis" message.
	c, cancel := context.WithTimeout(ctx, 8*time.Second)
	if err := chromedp.Do(c, chromedp.WaitVisible(chromedp.CSS(`[data-testid="dd-table"]`))); err != nil {
		t.Logf("MISSING: no double-dummy analysis after the deal (the server sent no \"analysis\" message): %v", err)
	}
	cancel()
	// Without an analysis the panel ends up saying so: no endless "Analysing…".
	run(t, ctx, 10*time.Second, "analysis unavailable", chromedp.WaitVisible(chromedp.CSS(`[data-testid="analysis-unavailable"]`)))
	if n := count(t, ctx, `[data-testid="analysis-pending"]`); n != 0 {
		t.Errorf("still %d \"Analysing…\" after giving up", n)
	}
	shot(t, ctx, "analysis-unavailable")
	checkExplanations(t, ctx)
	checkAnalysisPanel(t, ctx)
	checkErrorToasts(t, ctx, base)
	shot(t, ctx, "deal-over")
	// The same panel on a phone.
	run(t, ctx, 10*time.Second, "phone layout", chromedp.EmulateViewport(390, 844),
		waitJS(`window.innerWidth === 390 && document.documentElement.clientWidth <= 390`))
	checkNoSidewaysScroll(t, ctx, "bridge deal-over")
	shot(t, ctx, "deal-over-phone")
	run(t, ctx, 10*time.Second, "desktop layout", chromedp.EmulateViewport(1280, 900))

	click(t, ctx, `[data-testid="next-deal"]`)
	run(t, ctx, 20*time.Second, "next deal",
		chromedp.WaitNotPresent(chromedp.CSS(`[data-testid="deal-over"]`)),
		chromedp.WaitVisible(chromedp.CSS(`[data-testid="sheet-btn"]`)))
	// On a wide screen (this one is 1280 wide) the score sheet is open
	// from the start.
	run(t, ctx, 20*time.Second, "score sheet", chromedp.WaitVisible(chromedp.CSS(`[data-testid="score-sheet"] table`)))
	shot(t, ctx, "board2-sheet")

	// The finished board is in the history, and replays step by step.
	// Clicked through JavaScript: the table redraws on every bot's call,
	// and a DevTools click can land on a node already replaced.
	click(t, ctx, `[data-testid="nav-history"]`)
	click(t, ctx, `[data-testid="history"] [data-testid="replay-link"]`)
	run(t, ctx, 20*time.Second, "history", chromedp.WaitVisible(chromedp.CSS(`[data-testid="replay"] .replay-board .felt`)))
	// It opens at the first step (web/replay_browser_test.go checks the rest).
	before := text(t, ctx, `[data-testid="replay-step"]`)
	run(t, ctx, 10*time.Second, "replay a step forward", chromedp.Click(chromedp.CSS(`[data-testid="replay-next"]`)))
	after := text(t, ctx, `[data-testid="replay-step"]`)
	if before == after || !strings.HasPrefix(before, "Step 0 ") {
		t.Errorf("replay steps: %q then %q, want step 0 then another", before, after)
	}
	shot(t, ctx, "replay")
}

// count returns the number of elements matching sel.
func count(t *testing.T, ctx context.Context, sel string) int {
	t.Helper()
	var n int
	if err := eval(ctx, fmt.Sprintf(`document.querySelectorAll(%q).length`, sel), &n); err != nil {
		t.Fatalf("count %s: %v", sel, err)
	}
	return n
}

func checkNoSidewaysScroll(t *testing.T, ctx context.Context, what string) {
	t.Helper()
	// clientWidth leaves out the vertical scroll bar, innerWidth does not.
	var wide []string
	js := `(() => { const w = document.documentElement.clientWidth;
	  if (document.documentElement.scrollWidth <= w + 1) return [];
	  return [...document.querySelectorAll('body *')].filter((e) => e.getBoundingClientRect().right > w + 1 && e.getClientRects().length)
	    .slice(0, 8).map((e) => e.tagName + '.' + e.className + ' ' + Math.round(e.getBoundingClientRect().right) + '/' + w); })()`
	if err := eval(ctx, js, &wide); err != nil || len(wide) > 0 {
		t.Errorf("%s: the phone layout scrolls sideways (%v): %v", what, err, wide)
	}
	var widths []int
	eval(ctx, `[window.innerWidth, document.documentElement.clientWidth, document.documentElement.scrollWidth]`, &widths)
	t.Logf("%s: inner, client, scroll widths %v", what, widths)
}

// checkExplanations: every call of the auction is a button whose name says
// what it means (the state's "explanations"), and focusing, hovering or
// clicking one shows its meaning.
func checkExplanations(t *testing.T, ctx context.Context) {
	t.Helper()
	var calls []struct {
		Call, Label string
	}
	if err := eval(ctx, `[...document.querySelectorAll('[data-testid="auction-call"]')].map((b) => ({call: b.textContent, label: b.getAttribute('aria-label') || ''}))`, &calls); err != nil {
		t.Fatal(err)
	}
	if len(calls) < 4 {
		t.Fatalf("the auction shows %d calls, want at least 4", len(calls))
	}
	none := "No explanation available."
	explained := -1
	for i, c := range calls {
		if !strings.Contains(c.Label, ": ") {
			t.Errorf("call %d %q: accessible name %q does not say who called", i, c.Call, c.Label)
		}
		if explained < 0 && !strings.HasSuffix(c.Label, none) {
			explained = i
		}
	}
	t.Logf("auction: %+v", calls)
	if explained < 0 {
		t.Fatalf("no call of the auction has an explanation: %+v", calls)
	}
	sel := fmt.Sprintf(`[data-testid="auction-call"][data-idx="%d"]`, explained)
	// Focus shows the meaning.
	run(t, ctx, 5*time.Second, "focus a call", chromedp.Evaluate[chromedp.Void](fmt.Sprintf(`document.querySelector(%q).focus()`, sel)))
	got := text(t, ctx, `[data-testid="explanation"]`)
	if got == "" || strings.HasSuffix(got, none) {
		t.Errorf("focused call %d: explanation %q", explained, got)
	}
	// So does the mouse.
	run(t, ctx, 5*time.Second, "blur", chromedp.Evaluate[chromedp.Void](`document.activeElement.blur()`))
	if n := count(t, ctx, `[data-testid="explanation"]:not([hidden])`); n != 0 {
		t.Errorf("the explanation stays after the focus left")
	}
	run(t, ctx, 5*time.Second, "hover a call", chromedp.Evaluate[chromedp.Void](fmt.Sprintf(`document.querySelector(%q).dispatchEvent(new MouseEvent('mouseenter'))`, sel)))
	if h := text(t, ctx, `[data-testid="explanation"]`); h != got {
		t.Errorf("hovered call %d: explanation %q, focused %q", explained, h, got)
	}
	// A click pins it: it survives a redraw.
	click(t, ctx, sel)
	run(t, ctx, 5*time.Second, "pinned", chromedp.WaitVisible(chromedp.CSS(sel+`[aria-pressed="true"]`)))
	shot(t, ctx, "explanation")
}

// checkAnalysisPanel feeds the table an analysis message (the protocol's
// shape, for the deal just played) and checks the deal-over panel shows the
// double-dummy table, the par and the card that cost a trick.
func checkAnalysisPanel(t *testing.T, ctx context.Context) {
	t.Helper()
	// The table's deal number, the board, and a card of West's hand read
	// from the deal diagram (a line "♥ K Q 5" of class suit-H gives HK).
	var st struct {
		Deal, Board int
		West        string
	}
	js := `(() => { const d = document.querySelector('[data-testid="table"]').dataset;
	  const r = document.querySelector('[data-testid="deal-over"] .d-W .line .r');
	  const suit = r ? r.closest('.line').className.match(/suit-([SHDC])/)[1] : '';
	  return {deal: Number(d.dealNo), board: Number(d.deal), west: r ? suit + (r.textContent === '10' ? 'T' : r.textContent) : ''}; })()`
	if err := eval(ctx, js, &st); err != nil || st.West == "" || st.Deal == 0 {
		t.Fatalf("read the deal-over panel: %+v %v", st, err)
	}
	west := st.West
	row := map[string]int{"C": 7, "D": 6, "H": 9, "S": 10, "NT": 8}
	msg := map[string]any{
		"type": "analysis", "deal": st.Deal, "board": st.Board,
		"dd":       map[string]any{"N": row, "E": map[string]int{"C": 6, "D": 7, "H": 4, "S": 3, "NT": 5}, "S": row, "W": map[string]int{"C": 6, "D": 7, "H": 4, "S": 3, "NT": 5}},
		"par":      map[string]any{"score": 420, "contracts": []string{"NS 4S"}},
		"contract": "4S", "declarer": "S", "start": 10,
		"costly": []map[string]any{{"trick": 1, "seat": "W", "card": west, "cost": 1, "before": 10, "after": 11}},
	}
	inject(t, ctx, msg)
	run(t, ctx, 10*time.Second, "the analysis panel", chromedp.WaitVisible(chromedp.CSS(`[data-testid="deal-over"] [data-testid="dd-table"]`)))
	var cells []string
	if err := eval(ctx, `[...document.querySelectorAll('[data-testid="dd-table"] tbody td')].map((td) => td.textContent)`, &cells); err != nil {
		t.Fatal(err)
	}
	if len(cells) != 20 || cells[3] != "10" || cells[4] != "8" {
		t.Errorf("dd table cells %v, want 20 with N: 7 6 9 10 8", cells)
	}
	if par := text(t, ctx, `[data-testid="par"]`); !strings.Contains(par, "420") || !strings.Contains(par, "4♠") {
		t.Errorf("par %q, want 420 and NS 4♠", par)
	}
	if c := text(t, ctx, `[data-testid="costly"] li`); !strings.Contains(c, "West") || !strings.Contains(c, "1 trick") {
		t.Errorf("costly card %q", c)
	}
	if n := count(t, ctx, `[data-testid="analysis-unavailable"]`); n != 0 {
		t.Errorf("the late analysis did not replace \"unavailable\"")
	}
	if n := count(t, ctx, `[data-testid="deal-over"] .d-W .hand-lines .costly`); n != 1 {
		t.Errorf("%d costly cards highlighted in West's hand, want 1", n)
	}
	shot(t, ctx, "analysis")
}

// toastText returns the text of the toast once shown (it is fixed: no
// offsetParent).
func toastText(t *testing.T, ctx context.Context) string {
	t.Helper()
	c, cancel := context.WithTimeout(ctx, 10*time.Second)
	defer cancel()
	js := `(() => { const e = document.querySelector('[data-testid="toast"]'); return e && !e.hidden && e.textContent ? e.textContent : null; })()`
	s, err := chromedp.Run(c, chromedp.Poll[string](js, chromedp.WithPollingInterval(30*time.Millisecond)))
	if err != nil {
		t.Fatalf("read the toast: %v", err)
	}
	return s
}

// checkErrorToasts: an error's message is shown as the server wrote it
// (translated); without one, the catalog's error.<code>.
func checkErrorToasts(t *testing.T, ctx context.Context, base string) {
	t.Helper()
	inject(t, ctx, map[string]any{"type": "error", "code": "busy", "message": "", "detail": "queue full"})
	want := catalogText(t, base, "en", "error.busy")
	if got := toastText(t, ctx); want == "" || got != want {
		t.Errorf("toast for busy without a message: %q, want the catalog's %q", got, want)
	}
	inject(t, ctx, map[string]any{"type": "error", "code": "timeout", "message": "Zu lange: später noch einmal.", "detail": "hint deadline"})
	if got := toastText(t, ctx); got != "Zu lange: später noch einmal." {
		t.Errorf("toast %q, want the server's message as is", got)
	}
	inject(t, ctx, map[string]any{"type": "error", "code": "no_such_code"})
	if got := toastText(t, ctx); got != catalogText(t, base, "en", "err.generic") {
		t.Errorf("toast for an unknown code: %q", got)
	}
	run(t, ctx, 5*time.Second, "hide the toast", chromedp.Evaluate[chromedp.Void](`document.querySelector('[data-testid="toast"]').hidden = true`))
}

func TestBrowserBeloteDeal(t *testing.T) {
	base := startServer(t)
	ctx := browser(t)
	openApp(t, ctx, base)
	startGame(t, ctx, "belote", map[string]string{"mode-select": "classic", "rules-select": "maison", "level-select": "easy"})
	run(t, ctx, 30*time.Second, "the hand", chromedp.WaitVisible(chromedp.CSS(`[data-testid="felt"] [data-testid="hand-S"] [data-card]`)))
	shot(t, ctx, "bidding")
	// A deal where everybody passes ends without play: go on to the next.
	for range 4 {
		cards := playDeal(t, ctx, 60*time.Second, 0)
		result := text(t, ctx, `[data-testid="deal-result"]`)
		t.Logf("belote deal over after %d cards clicked: %q", cards, result)
		if cards == 8 {
			var rows int
			if err := eval(ctx, `document.querySelectorAll('[data-testid="deal-score"] tbody tr').length`, &rows); err != nil || rows < 3 {
				t.Errorf("score table has %d rows (%v)", rows, err)
			}
			shot(t, ctx, "deal-over")
			// The same table on a phone.
			run(t, ctx, 20*time.Second, "phone layout",
				chromedp.Click(chromedp.CSS(`[data-testid="next-deal"]`)),
				chromedp.EmulateViewport(390, 844),
				chromedp.WaitVisible(chromedp.CSS(`[data-testid="hand-S"] [data-card]`)))
			checkNoSidewaysScroll(t, ctx, "belote")
			shot(t, ctx, "phone")
			return
		}
		if cards != 0 {
			t.Fatalf("clicked %d cards in a belote deal, want 8", cards)
		}
		run(t, ctx, 20*time.Second, "next deal", chromedp.Click(chromedp.CSS(`[data-testid="next-deal"]`)),
			chromedp.WaitNotPresent(chromedp.CSS(`[data-testid="deal-over"]`)))
	}
	t.Fatal("four deals passed out in a row")
}

func TestBrowserLanguageSwitch(t *testing.T) {
	base := startServer(t)
	ctx := browser(t)
	openApp(t, ctx, base)
	english := text(t, ctx, `[data-testid="new-game"]`)
	for _, lang := range []string{"fr", "de", "hi", "ko", "en"} {
		want := catalogText(t, base, lang, "lobby.start")
		run(t, ctx, 20*time.Second, "switch to "+lang,
			chromedp.SetValue(chromedp.CSS(`[data-testid="lang-select"]`), lang),
			chromedp.Evaluate[chromedp.Void](`document.querySelector('[data-testid="lang-select"]').dispatchEvent(new Event('change'))`),
			chromedp.WaitVisible(chromedp.CSS(`body[data-lang="`+lang+`"] [data-testid="new-game"]`)))
		got := text(t, ctx, `[data-testid="new-game"]`)
		if want == "" {
			t.Errorf("%s: the catalog has no lobby.start", lang)
		} else if got != want {
			t.Errorf("%s: new-game button says %q, want %q", lang, got, want)
		}
		if lang != "en" && got == english {
			t.Errorf("%s: new-game button still in English (%q)", lang, got)
		}
		shot(t, ctx, "lobby-"+lang)
		// The rules of both games, in that language.
		for _, game := range []string{"bridge", "belote"} {
			run(t, ctx, 20*time.Second, game+" rules in "+lang,
				chromedp.Click(chromedp.CSS(`[data-testid="nav-rules"]`)),
				chromedp.Click(chromedp.CSS(`[data-testid="rules-`+game+`"]`)),
				chromedp.WaitVisible(chromedp.CSS(`[data-testid="rules-body"][lang="`+lang+`"] section h2`)))
			if lang == "fr" || lang == "ko" {
				shot(t, ctx, game+"-rules-"+lang)
			}
		}
		run(t, ctx, 20*time.Second, "back to the lobby", chromedp.Click(chromedp.CSS(`[data-testid="nav-play"]`)),
			chromedp.WaitVisible(chromedp.CSS(`[data-testid="new-game"]`)))
	}
}

func TestBrowserReconnect(t *testing.T) {
	// A fast stand-in analyser: the server sends and stores an analysis of
	// the protocol's shape after the deal (see quickAnalysis).
	base := startServer(t, func(c *table.Config) {
		b := c.Games["bridge"]
		b.Analyse = quickAnalysis
		c.Games["bridge"] = b
	})
	ctx := browser(t)
	openApp(t, ctx, base)
	startGame(t, ctx, "bridge", map[string]string{"level-select": "easy"})
	// Play a few cards, then reload the page in the middle of the deal. A
	// deal where South is dummy (or passed out) ends without South playing
	// three cards: go on to the next.
	for deal := 1; ; deal++ {
		playDeal(t, ctx, 60*time.Second, 3)
		if count(t, ctx, `[data-testid="deal-over"]`) == 0 {
			break
		}
		if deal == 8 {
			t.Fatal("eight deals without three cards to play for South")
		}
		click(t, ctx, `[data-testid="next-deal"]`)
		run(t, ctx, 20*time.Second, "next deal", chromedp.WaitNotPresent(chromedp.CSS(`[data-testid="deal-over"]`)))
	}
	var before struct {
		URL  string
		Hand []string
		Seat string
	}
	handJS := `(() => ({url: location.href, seat: (document.querySelector('.seat.pos-bottom')||{}).dataset?.seat || '',
	  hand: [...document.querySelectorAll('.seat.pos-bottom [data-card]')].map((b) => b.dataset.card)}))()`
	// Let the bots finish their turn so the hand is stable: a card of the
	// user's is playable again.
	run(t, ctx, 30*time.Second, "the user's turn again", waitJS(`!!document.querySelector('.hand button[data-card]:not([disabled])')`))
	if err := eval(ctx, handJS, &before); err != nil {
		t.Fatal(err)
	}
	shot(t, ctx, "before-reload")
	run(t, ctx, 30*time.Second, "reload",
		chromedp.Reload(),
		chromedp.WaitVisible(chromedp.CSS(`[data-testid="felt"] .seat.pos-bottom [data-card]`)),
		chromedp.WaitVisible(chromedp.CSS(`[data-testid="conn"].on`)))
	var after struct {
		URL  string
		Hand []string
		Seat string
	}
	if err := eval(ctx, handJS, &after); err != nil {
		t.Fatal(err)
	}
	b1, _ := json.Marshal(before)
	b2, _ := json.Marshal(after)
	t.Logf("before %s\nafter  %s", b1, b2)
	if after.URL != before.URL || after.Seat != before.Seat {
		t.Errorf("after the reload: %s seat %s, want %s seat %s", after.URL, after.Seat, before.URL, before.Seat)
	}
	if strings.Join(after.Hand, " ") != strings.Join(before.Hand, " ") {
		t.Errorf("hand after the reload %v, want %v", after.Hand, before.Hand)
	}
	shot(t, ctx, "after-reload")
	// A hint against bots: the double-dummy value of each legal card.
	run(t, ctx, 30*time.Second, "hint",
		chromedp.WaitVisible(chromedp.CSS(`[data-testid="hint-btn"]`)),
		chromedp.Click(chromedp.CSS(`[data-testid="hint-btn"]`)),
		chromedp.WaitVisible(chromedp.CSS(`.hand .hint-badge.best`)))
	shot(t, ctx, "hint")
	cards := playDeal(t, ctx, 70*time.Second, 0)
	if cards == 0 {
		t.Errorf("no card played after the reload")
	}
	// The server's analysis message fills the deal-over panel.
	run(t, ctx, 20*time.Second, "the analysis from the server",
		chromedp.WaitVisible(chromedp.CSS(`[data-testid="deal-over"] [data-testid="dd-table"]`)))
	shot(t, ctx, "deal-over")

	// The stored analysis shows in the replay, and its costly card is a
	// link to the moment it was played.
	click(t, ctx, `[data-testid="nav-history"]`)
	click(t, ctx, `[data-testid="history"] [data-testid="replay-link"]`)
	run(t, ctx, 20*time.Second, "the replay's analysis",
		chromedp.WaitVisible(chromedp.CSS(`[data-testid="replay"] [data-testid="dd-table"]`)))
	if n := count(t, ctx, `[data-testid="replay"] [data-testid="dd-table"] tbody td`); n != 20 {
		t.Errorf("the replay's dd table has %d cells, want 20", n)
	}
	if par := text(t, ctx, `[data-testid="replay"] [data-testid="par"]`); !strings.Contains(par, ":") {
		t.Errorf("replay par %q", par)
	}
	click(t, ctx, `[data-testid="replay"] [data-testid="costly"] button`)
	run(t, ctx, 10*time.Second, "the costly card in the replay",
		chromedp.WaitVisible(chromedp.CSS(`[data-testid="replay"] .replay-label.costly-step`)),
		chromedp.WaitVisible(chromedp.CSS(`[data-testid="replay"] .trick .card.costly`)))
	if step := text(t, ctx, `[data-testid="replay-step"]`); !strings.HasPrefix(step, "Step 1") {
		// The opening lead (the stand-in's costly card) follows the auction.
		t.Logf("costly card at %q", step)
	}
	shot(t, ctx, "replay-analysis")
}
