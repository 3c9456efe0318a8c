package web_test

// Browser tests of two features players of BBO and Funbridge look for
// (issue 36): the meaning of each call on the bidding box before it is
// made (hover on a desktop; the "?" mode and a long press on a phone), and
// the review of every trick of the deal so far, at bridge and at belote.
// Each runs on a desktop screen and on a 390×844 phone.

import (
	"context"
	"fmt"
	"strings"
	"testing"
	"time"

	"github.com/chromedp/cdproto/input"
	"github.com/chromedp/chromedp"
)

var reviewScreens = []struct {
	name  string
	w, h  int64
	phone bool
}{{"desktop", 1280, 900, false}, {"phone", 390, 844, true}}

// reviewViewport sets the screen's size and waits until the page has it.
func reviewViewport(t *testing.T, ctx context.Context, w, h int64) {
	t.Helper()
	run(t, ctx, 10*time.Second, fmt.Sprintf("viewport %dx%d", w, h), chromedp.EmulateViewport(w, h),
		waitJS(fmt.Sprintf(`window.innerWidth === %d`, w)))
}

// reviewInView reports whether sel is shown whole inside the screen.
func reviewInView(t *testing.T, ctx context.Context, sel string) bool {
	t.Helper()
	var ok bool
	js := fmt.Sprintf(`(() => { const e = document.querySelector(%q); if (!e || e.offsetParent === null) return false;
	  const r = e.getBoundingClientRect(); return r.left >= -1 && r.right <= document.documentElement.clientWidth + 1 &&
	  r.top >= -1 && r.bottom <= window.innerHeight + 1 && r.width > 0; })()`, sel)
	if err := eval(ctx, js, &ok); err != nil {
		t.Fatal(err)
	}
	return ok
}

// sentCount counts the messages of type typ the table sent since the list
// was last cleared (window.__atoutTest.sent).
func sentCount(t *testing.T, ctx context.Context, typ string) int {
	t.Helper()
	var n int
	if err := eval(ctx, fmt.Sprintf(`(window.__atoutTest.sent || []).filter((m) => m.type === %q).length`, typ), &n); err != nil {
		t.Fatal(err)
	}
	return n
}

func clearSent(t *testing.T, ctx context.Context) {
	t.Helper()
	run(t, ctx, 5*time.Second, "clear the list of messages sent", chromedp.Evaluate[chromedp.Void](`window.__atoutTest.sent = []`))
}

// cheapestBid returns the cheapest bid the player may make now, once it is
// his turn to call.
func cheapestBid(t *testing.T, ctx context.Context) string {
	t.Helper()
	c, cancel := context.WithTimeout(ctx, 40*time.Second)
	defer cancel()
	s, err := chromedp.Run(c, chromedp.Poll[string](`(() => { const b = [...document.querySelectorAll('[data-testid="bidding-box"] .bids button:not([disabled])')][0];
	  return b ? b.dataset.call : null; })()`, chromedp.WithPollingInterval(40*time.Millisecond)))
	if err != nil {
		shot(t, ctx, "failure")
		t.Fatalf("the player's turn to bid: %v", err)
	}
	return s
}

// shownMeaning waits until the bidding box's meaning line shows call's
// meaning (not the wait for it) and returns the meaning's part of it.
func shownMeaning(t *testing.T, ctx context.Context, base, call string) string {
	t.Helper()
	loading := catalogText(t, base, "en", "box.meaningLoading")
	c, cancel := context.WithTimeout(ctx, 10*time.Second)
	defer cancel()
	js := fmt.Sprintf(`(() => { const e = document.querySelector('[data-testid="call-meaning"]');
	  if (!e || !e.classList.contains('shown') || e.textContent.includes(%q)) return null; return e.textContent; })()`, loading)
	s, err := chromedp.Run(c, chromedp.Poll[string](js, chromedp.WithPollingInterval(30*time.Millisecond)))
	if err != nil {
		shot(t, ctx, "failure")
		t.Fatalf("the meaning of %s on the bidding box: %v", call, err)
	}
	name, means, ok := strings.Cut(s, " — ")
	if !ok || means == "" || strings.Contains(means, "No explanation") {
		t.Fatalf("the bidding box says %q for %s", s, call)
	}
	var want string
	eval(ctx, fmt.Sprintf(`document.querySelector('[data-testid="bidding-box"] [data-call=%q]').getAttribute('aria-label')`, call), &want)
	if name != want {
		t.Errorf("the meaning line names %q, the call looked at is %q", name, want)
	}
	return means
}

// explainedAs waits for call number i of the auction and returns its
// accessible name, which ends with its meaning (the state's explanation).
func explainedAs(t *testing.T, ctx context.Context, i int) string {
	t.Helper()
	c, cancel := context.WithTimeout(ctx, 20*time.Second)
	defer cancel()
	js := fmt.Sprintf(`(() => { const e = document.querySelector('[data-testid="auction-call"][data-idx="%d"]'); return e ? e.getAttribute('aria-label') : null; })()`, i)
	s, err := chromedp.Run(c, chromedp.Poll[string](js, chromedp.WithPollingInterval(30*time.Millisecond)))
	if err != nil {
		shot(t, ctx, "failure")
		t.Fatalf("call %d of the auction: %v", i, err)
	}
	return s
}

func auctionLen(t *testing.T, ctx context.Context) int {
	t.Helper()
	var n int
	if err := eval(ctx, `(window.__atoutTest.last().view.auction || []).length`, &n); err != nil {
		t.Fatal(err)
	}
	return n
}

// TestBrowserBiddingBoxMeanings: on his turn to call the player sees what a
// call would mean before he makes it — by pointing at it on a desktop, by
// the "?" mode or a long press on a phone, where a tap then does not make
// the call — and the meaning shown is the explanation the auction gives of
// the call once it is made. The meanings are asked once per position.
func TestBrowserBiddingBoxMeanings(t *testing.T) {
	base := startServer(t)
	ctx := browser(t)
	for _, sc := range reviewScreens {
		t.Run(sc.name, func(t *testing.T) {
			openApp(t, ctx, base)
			testHooks(t, ctx, 1500)
			reviewViewport(t, ctx, sc.w, sc.h)
			startGame(t, ctx, "bridge", map[string]string{"scoring-select": "duplicate", "level-select": "easy"})
			bid := cheapestBid(t, ctx)
			k := auctionLen(t, ctx)
			var means string
			if !sc.phone {
				// The mouse over the call shows its meaning.
				var at []float64
				eval(ctx, fmt.Sprintf(`(() => { const r = document.querySelector('[data-testid="bidding-box"] [data-call=%q]').getBoundingClientRect();
				  return [r.left + r.width / 2, r.top + r.height / 2]; })()`, bid), &at)
				if len(at) != 2 {
					t.Fatalf("no %s button", bid)
				}
				run(t, ctx, 5*time.Second, "point at "+bid, chromedp.MouseEvent(input.DispatchMouseEventTypeMouseMoved, at[0], at[1]))
				means = shownMeaning(t, ctx, base, bid)
				shot(t, ctx, sc.name+"-box-meaning")
				clearSent(t, ctx)
				run(t, ctx, 5*time.Second, "click "+bid, chromedp.MouseClickXY(at[0], at[1]))
			} else {
				// No mouse over the box: a phone has none.
				run(t, ctx, 5*time.Second, "the mouse away", chromedp.MouseEvent(input.DispatchMouseEventTypeMouseMoved, 1, 1))
				// In the "?" mode a tap shows the meaning and makes no call.
				clearSent(t, ctx)
				click(t, ctx, `[data-testid="meanings-toggle"]`)
				run(t, ctx, 5*time.Second, "the ? mode", waitJS(`document.querySelector('[data-testid="meanings-toggle"]').getAttribute('aria-pressed') === 'true'`))
				click(t, ctx, fmt.Sprintf(`[data-testid="bidding-box"] [data-call=%q]`, bid))
				means = shownMeaning(t, ctx, base, bid)
				if n := sentCount(t, ctx, "act"); n != 0 {
					t.Errorf("a tap in the ? mode made the call (%d sent)", n)
				}
				if !reviewInView(t, ctx, `[data-testid="meaning-bid"]`) || !reviewInView(t, ctx, `[data-testid="call-meaning"]`) {
					t.Error("the meaning or its bid button is off the screen")
				}
				var tall float64
				eval(ctx, `Math.min(...[...document.querySelectorAll('[data-testid="meanings-toggle"], [data-testid="meaning-bid"]')].map((e) => e.getBoundingClientRect().height))`, &tall)
				if tall < 40 {
					t.Errorf("the ? and bid buttons are %.0f px high, want 40 to tap", tall)
				}
				checkNoSidewaysScroll(t, ctx, "bidding box meanings")
				shot(t, ctx, sc.name+"-box-meaning")
				click(t, ctx, `[data-testid="meaning-bid"]`)
			}
			sentJS := fmt.Sprintf(`(window.__atoutTest.sent || []).some((m) => m.type === 'act' && m.action === %q)`, bid)
			wc, cancel := context.WithTimeout(ctx, 10*time.Second)
			_, err := chromedp.Run(wc, chromedp.Poll[bool](sentJS, chromedp.WithPollingInterval(30*time.Millisecond)))
			cancel()
			if err != nil {
				var sent any
				eval(ctx, `[JSON.stringify(window.__atoutTest.sent), document.querySelector('[data-testid="call-meaning"]')?.textContent, document.querySelector('[data-testid="table"]')?.dataset.n, JSON.stringify((window.__atoutTest.last() || {}).view?.auction)]`, &sent)
				shot(t, ctx, "failure")
				t.Fatalf("the call %s was not sent: %v; sent, meaning line, focus: %v", bid, err, sent)
			}
			if label := explainedAs(t, ctx, k); !strings.HasSuffix(label, means) {
				t.Errorf("%s: the box said %q, the auction explains it as %q", bid, means, label)
			}
			if sc.phone {
				// A long press shows the meaning without making the call, at
				// the player's next turn (if the auction comes back to him).
				var again bool
				c, cancel := context.WithTimeout(ctx, 20*time.Second)
				_, err := chromedp.Run(c, chromedp.Poll[bool](`(() => { const l = window.__atoutTest.last(); const v = l && l.view;
				  if (v && v.phase !== 'auction') return true;
				  return !!document.querySelector('[data-testid="bidding-box"] button[data-call="P"]:not([disabled])') || null; })()`,
					chromedp.WithPollingInterval(40*time.Millisecond)))
				cancel()
				eval(ctx, `!!document.querySelector('[data-testid="bidding-box"] button[data-call="P"]:not([disabled])')`, &again)
				if err != nil || !again {
					t.Log("the auction did not come back to the player: no long press checked")
					return
				}
				// Out of the ? mode: a tap makes the call again.
				click(t, ctx, `[data-testid="meanings-toggle"]`)
				run(t, ctx, 5*time.Second, "out of the ? mode", waitJS(`document.querySelector('[data-testid="meanings-toggle"]').getAttribute('aria-pressed') === 'false'`))
				clearSent(t, ctx)
				run(t, ctx, 5*time.Second, "press and hold Pass", chromedp.Evaluate[chromedp.Void](`(() => {
				  const b = document.querySelector('[data-testid="bidding-box"] button[data-call="P"]');
				  b.dispatchEvent(new PointerEvent('pointerdown', {pointerType: 'touch', bubbles: true}));
				  window.__h1Press = b; })()`))
				time.Sleep(700 * time.Millisecond)
				run(t, ctx, 5*time.Second, "let go", chromedp.Evaluate[chromedp.Void](`(() => { const b = window.__h1Press;
				  b.dispatchEvent(new PointerEvent('pointerup', {pointerType: 'touch', bubbles: true})); b.click(); })()`))
				shownMeaning(t, ctx, base, "P")
				if n := sentCount(t, ctx, "act"); n != 0 {
					t.Errorf("a long press made the call (%d sent)", n)
				}
				if n := sentCount(t, ctx, "meanings"); n > 1 {
					t.Errorf("the meanings of one position asked %d times", n)
				}
			}
		})
	}
}

// reviewRows reads the open trick review: per row, the four cards by seat
// (N, E, S, W), the leader and winner, and the running figures of each side.
type reviewRow struct {
	Cards          []string
	Leader, Winner string
	NS, EW         string
}

func readReview(t *testing.T, ctx context.Context) []reviewRow {
	t.Helper()
	var rows []reviewRow
	js := `[...document.querySelectorAll('[data-testid="trick-review"] [data-testid="review-trick"]')].map((r) => ({
	  cards: [...r.querySelectorAll('td.trick-card')].map((c) => c.dataset.seat + ':' + c.dataset.card),
	  leader: r.dataset.leader, winner: r.dataset.winner,
	  ns: r.querySelector('[data-testid="review-ns"]').textContent, ew: r.querySelector('[data-testid="review-ew"]').textContent }))`
	if err := eval(ctx, js, &rows); err != nil {
		t.Fatal(err)
	}
	return rows
}

// wantTricks returns the complete tricks of the last state, as the review
// should show them: cards by seat N, E, S, W, leader, winner, and the
// running figures (bridge: tricks; belote: card points) of each side.
func wantTricks(t *testing.T, ctx context.Context) []reviewRow {
	t.Helper()
	var rows []reviewRow
	js := `(() => { const m = window.__atoutTest.last(); const S = ['N', 'E', 'S', 'W'];
	  let list, belote = m.table.game === 'belote';
	  // A trick of no card points has none in the state (omitted when 0).
  if (belote) list = ((m.view.deal || {}).playedTricks || []).map((tr) => ({leader: tr.leader, winner: tr.winner, points: tr.points || 0,
	    by: Object.fromEntries(tr.cards.map((pc) => [pc.seat, pc.card]))}));
	  else list = (m.view.allTricks || []).map((tr) => { const by = {}; let s = S.indexOf(tr.leader);
	    for (const c of tr.cards) { by[S[s]] = c; s = (s + 1) % 4; } return {leader: tr.leader, winner: tr.winner, points: 0, by}; });
	  const run = {NS: 0, EW: 0};
	  return list.map((tr) => { const side = tr.winner === 'N' || tr.winner === 'S' ? 'NS' : 'EW'; run[side] += belote ? tr.points : 1;
	    return {cards: S.map((s) => s + ':' + (tr.by[s] || '')), leader: tr.leader, winner: tr.winner, ns: String(run.NS), ew: String(run.EW)}; }); })()`
	if err := eval(ctx, js, &rows); err != nil {
		t.Fatal(err)
	}
	return rows
}

// checkReview opens the trick review, compares it with the state's tricks
// (at least min of them), checks it on the screen, and closes it.
func checkReview(t *testing.T, ctx context.Context, what string, min int, phone bool) {
	t.Helper()
	// The bots keep playing while the review is open: a trick they
	// complete between reading the review (and its summary) and reading the
	// state is not a wrong review. Then the review is opened again (three
	// times at most); a review that differs from a state with as many
	// tricks, before and after reading it, fails at once.
	var got, want []reviewRow
	var summary string
	for try := 0; ; try++ {
		click(t, ctx, `[data-testid="tricks-btn"]`)
		run(t, ctx, 5*time.Second, "the trick review", chromedp.WaitVisible(chromedp.CSS(`[data-testid="trick-review"]`)))
		got, want = readReview(t, ctx), wantTricks(t, ctx)
		summary = text(t, ctx, `[data-testid="review-summary"]`)
		if again := wantTricks(t, ctx); len(got) == len(want) && len(again) == len(want) || try == 2 {
			break
		}
		click(t, ctx, `[data-testid="tricks-close"]`)
		run(t, ctx, 5*time.Second, "the review closed", chromedp.WaitNotPresent(chromedp.CSS(`[data-testid="trick-review"]`)))
	}
	if len(want) < min {
		t.Fatalf("%s: the state has %d complete tricks, want at least %d", what, len(want), min)
	}
	if fmt.Sprint(got) != fmt.Sprint(want) {
		t.Errorf("%s: the review shows\n%v\nthe state's tricks are\n%v", what, got, want)
	}
	for i, r := range got {
		if i > 0 && r.Leader != got[i-1].Winner {
			t.Errorf("%s: trick %d led by %s, trick %d won by %s", what, i+1, r.Leader, i, got[i-1].Winner)
		}
	}
	if s := summary; len(want) > 0 && !strings.Contains(s, want[len(want)-1].NS) {
		t.Errorf("%s: the summary %q does not give North-South's %s", what, s, want[len(want)-1].NS)
	}
	if !reviewInView(t, ctx, `[data-testid="tricks-close"]`) || !reviewInView(t, ctx, `[data-testid="review-summary"]`) {
		t.Errorf("%s: the review's head is off the screen", what)
	}
	if phone {
		checkNoSidewaysScroll(t, ctx, what)
		var wide bool
		eval(ctx, `(() => { const s = document.querySelector('.trick-review-scroll'); return s.scrollWidth > s.clientWidth + 1; })()`, &wide)
		if wide {
			t.Errorf("%s: the review's table scrolls sideways on a phone", what)
		}
	}
	shot(t, ctx, strings.ReplaceAll(what, " ", "-"))
	click(t, ctx, `[data-testid="tricks-close"]`)
	run(t, ctx, 5*time.Second, "the review closed", chromedp.WaitNotPresent(chromedp.CSS(`[data-testid="trick-review"]`)))
}

// TestBrowserTrickReview: during the play and after it, the player opens a
// review of every trick so far — who led, the four cards in seat order,
// who won, each side's tricks (belote: card points) — which says what the
// state's tricks say, fits a phone, and closes.
func TestBrowserTrickReview(t *testing.T) {
	base := startServer(t)
	ctx := browser(t)
	for _, sc := range reviewScreens {
		t.Run(sc.name+"/bridge", func(t *testing.T) {
			openApp(t, ctx, base)
			testHooks(t, ctx, 1500)
			reviewViewport(t, ctx, sc.w, sc.h)
			startGame(t, ctx, "bridge", map[string]string{"scoring-select": "duplicate", "level-select": "easy"})
			if n := count(t, ctx, `[data-testid="tricks-btn"]`); n != 0 {
				t.Errorf("a trick review before any trick (%d buttons)", n)
			}
			playDeal(t, ctx, 90*time.Second, 5)
			run(t, ctx, 20*time.Second, "a complete trick", waitJS(`(window.__atoutTest.last().view.allTricks || []).length >= 2`))
			checkReview(t, ctx, sc.name+" bridge during the play", 2, sc.phone)
			playDeal(t, ctx, 120*time.Second, 0)
			checkReview(t, ctx, sc.name+" bridge after the deal", 2, sc.phone)
		})
		t.Run(sc.name+"/belote", func(t *testing.T) {
			openApp(t, ctx, base)
			testHooks(t, ctx, 1500)
			reviewViewport(t, ctx, sc.w, sc.h)
			startGame(t, ctx, "belote", map[string]string{"mode-select": "classic", "rules-select": "maison", "level-select": "easy"})
			for range 4 {
				cards := playDeal(t, ctx, 60*time.Second, 3)
				if cards == 3 {
					break
				}
				// Everybody passed: the next deal.
				run(t, ctx, 20*time.Second, "next deal", chromedp.Click(chromedp.CSS(`[data-testid="next-deal"]`)),
					chromedp.WaitNotPresent(chromedp.CSS(`[data-testid="deal-over"]`)))
			}
			run(t, ctx, 20*time.Second, "complete tricks", waitJS(`((window.__atoutTest.last().view.deal || {}).playedTricks || []).length >= 2`))
			checkReview(t, ctx, sc.name+" belote during the play", 2, sc.phone)
			playDeal(t, ctx, 60*time.Second, 0)
			run(t, ctx, 10*time.Second, "the deal over", waitJS(`(window.__atoutTest.last().view.deal || {}).phase === 'done'`))
			checkReview(t, ctx, sc.name+" belote after the deal", 2, sc.phone)
		})
	}
}
