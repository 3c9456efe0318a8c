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
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/chromedp/chromedp"
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
// stopAfter > 0 stops after that many card clicks instead. It returns the
// number of cards the user clicked.
func playDeal(t *testing.T, ctx context.Context, limit time.Duration, stopAfter int) (cards int) {
	t.Helper()
	deadline := time.Now().Add(limit)
	last := ""
	for time.Now().Before(deadline) {
		var sel string
		if err := eval(ctx, nextClick, &sel); err != nil {
			t.Fatalf("poll the page: %v", err)
		}
		switch {
		case sel == "over":
			return cards
		case sel == "":
			time.Sleep(40 * time.Millisecond)
			continue
		}
		c, cancel := context.WithTimeout(ctx, 5*time.Second)
		err := chromedp.Do(c, chromedp.Click(chromedp.CSS(sel), chromedp.NodeVisible))
		cancel()
		if err != nil {
			// The table redrew under the click: look again.
			continue
		}
		if strings.Contains(sel, "data-card") {
			cards++
			if stopAfter > 0 && cards >= stopAfter {
				return cards
			}
		}
		if sel == last {
			// Same element again: give the server time to answer.
			time.Sleep(60 * time.Millisecond)
		}
		last = sel
		// Wait for the server's answer (a new state) before looking again.
		waitChange(ctx, sel)
	}
	shot(t, ctx, "timeout")
	t.Fatalf("the deal did not end within %v (%d cards clicked)", limit, cards)
	return cards
}

// waitChange waits briefly until sel is gone or disabled (the click was taken).
func waitChange(ctx context.Context, sel string) {
	js := fmt.Sprintf(`(() => { const e = document.querySelector(%q); return !e || e.disabled; })()`, sel)
	for i := 0; i < 50; i++ {
		var gone bool
		if eval(ctx, js, &gone) == nil && gone {
			return
		}
		time.Sleep(20 * time.Millisecond)
	}
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
			if deal == 4 {
				t.Fatal("four deals without a card to play for South")
			}
			shot(t, ctx, fmt.Sprintf("deal%d-over", deal))
			run(t, ctx, 20*time.Second, "next deal", chromedp.Click(chromedp.CSS(`[data-testid="next-deal"]`)),
				chromedp.WaitNotPresent(chromedp.CSS(`[data-testid="deal-over"]`)))
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
	shot(t, ctx, "deal-over")
	run(t, ctx, 20*time.Second, "next deal",
		chromedp.Click(chromedp.CSS(`[data-testid="next-deal"]`)),
		chromedp.WaitNotPresent(chromedp.CSS(`[data-testid="deal-over"]`)),
		chromedp.WaitVisible(chromedp.CSS(`[data-testid="sheet-btn"]`)),
		chromedp.Click(chromedp.CSS(`[data-testid="sheet-btn"]`)),
		chromedp.WaitVisible(chromedp.CSS(`[data-testid="score-sheet"] table`)))
	shot(t, ctx, "board2-sheet")

	// The finished board is in the history, and replays step by step.
	run(t, ctx, 20*time.Second, "history",
		chromedp.Click(chromedp.CSS(`[data-testid="nav-history"]`)),
		chromedp.WaitVisible(chromedp.CSS(`[data-testid="history"] [data-testid="replay-link"]`)),
		chromedp.Click(chromedp.CSS(`[data-testid="replay-link"]`)),
		chromedp.WaitVisible(chromedp.CSS(`[data-testid="replay"] .replay-board .felt`)))
	before := text(t, ctx, `[data-testid="replay-step"]`)
	run(t, ctx, 10*time.Second, "replay a step back", chromedp.Click(chromedp.CSS(`[data-testid="replay-prev"]`)))
	after := text(t, ctx, `[data-testid="replay-step"]`)
	if before == after {
		t.Errorf("replay step did not move: %q", after)
	}
	shot(t, ctx, "replay")
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
			var overflow bool
			if err := eval(ctx, `document.documentElement.scrollWidth > window.innerWidth + 1`, &overflow); err != nil || overflow {
				t.Errorf("the phone layout scrolls sideways (%v)", err)
			}
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
	base := startServer(t)
	ctx := browser(t)
	openApp(t, ctx, base)
	startGame(t, ctx, "bridge", map[string]string{"level-select": "easy"})
	// Play a few cards, then reload the page in the middle of the deal.
	playDeal(t, ctx, 60*time.Second, 3)
	var before struct {
		URL  string
		Hand []string
		Seat string
	}
	handJS := `(() => ({url: location.href, seat: (document.querySelector('.seat.pos-bottom')||{}).dataset?.seat || '',
	  hand: [...document.querySelectorAll('.seat.pos-bottom [data-card]')].map((b) => b.dataset.card)}))()`
	// Let the bots finish their turn so the hand is stable.
	time.Sleep(500 * time.Millisecond)
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
	shot(t, ctx, "deal-over")
}
