package web_test

import (
	"context"
	"strings"
	"testing"
	"time"

	"github.com/chromedp/chromedp"
)

// toFirstCard clicks through the auction (nextClick) until the player has
// a card to choose, and returns false if the deal ended first (passed out,
// or the player is dummy).
func toFirstCard(t *testing.T, ctx context.Context) bool {
	t.Helper()
	dl, cancel := context.WithTimeout(ctx, 60*time.Second)
	defer cancel()
	next := `(() => { const sel = ` + nextClick + `;
	  const r = document.querySelector('[data-testid="table"]');
	  return sel ? {sel, n: (r && r.dataset.n) || ''} : null; })()`
	for {
		st, err := chromedp.Run(dl, chromedp.Poll[struct{ Sel, N string }](next,
			chromedp.WithPollingInterval(40*time.Millisecond), chromedp.WithPollingTimeout(0)))
		if err != nil {
			t.Fatalf("poll the page: %v", err)
		}
		switch {
		case st.Sel == "over":
			return false
		case strings.Contains(st.Sel, "data-card"):
			return true
		}
		c, cancel := context.WithTimeout(dl, 5*time.Second)
		err = chromedp.Do(c, chromedp.Click(chromedp.CSS(st.Sel), chromedp.NodeVisible))
		cancel()
		if err == nil {
			waitChange(dl, st.Sel, st.N)
		}
	}
}

// TestBrowserTableHelp checks the helps of a table against bots: the
// bidding hint with its meaning, the bot speed kept by the server, the
// card hint with its legend, and the undo that asks before it goes back
// into the auction.
func TestBrowserTableHelp(t *testing.T) {
	base := startServer(t)
	ctx := browser(t)
	openApp(t, ctx, base)
	testHooks(t, ctx, 1500)
	startGame(t, ctx, "bridge", map[string]string{"scoring-select": "duplicate", "level-select": "easy"})
	run(t, ctx, 30*time.Second, "the bidding box", chromedp.WaitVisible(chromedp.CSS(`[data-testid="bidding-box"]`)))

	// The speed chosen comes back in the server's state.
	run(t, ctx, 10*time.Second, "choose fast bots", chromedp.Evaluate[chromedp.Void](
		`(() => { const s = document.querySelector('[data-testid="speed-select"]'); s.value = 'fast'; s.dispatchEvent(new Event('change')); })()`))
	run(t, ctx, 10*time.Second, "the fast speed kept", waitJS(
		`(() => { const s = document.querySelector('[data-testid="speed-select"]'); return !!s && s.value === 'fast'; })()`))

	for deal := 1; deal <= 8; deal++ {
		// The bidding hint: on the player's turn to call.
		run(t, ctx, 30*time.Second, "the player's turn to call", waitJS(
			`!!document.querySelector('[data-testid="bidding-box"] button[data-call]:not([disabled])') || !!document.querySelector('[data-testid="deal-over"]')`))
		if deal == 1 {
			click(t, ctx, `[data-testid="hint-btn"]`)
			run(t, ctx, 20*time.Second, "the bidding hint", chromedp.WaitVisible(chromedp.CSS(`[data-testid="bid-hint"]`)))
			if s := text(t, ctx, `[data-testid="bid-hint"]`); len(s) < 5 {
				t.Errorf("bidding hint %q", s)
			}
			shot(t, ctx, "bid-hint")
		}
		if !toFirstCard(t, ctx) {
			// Passed out or dummy: the next deal.
			click(t, ctx, `[data-testid="next-deal"]`)
			run(t, ctx, 20*time.Second, "the next deal", chromedp.WaitNotPresent(chromedp.CSS(`[data-testid="deal-over"]`)))
			continue
		}
		// The first card: undo would go back into the auction.
		click(t, ctx, `[data-testid="undo-btn"]`)
		run(t, ctx, 10*time.Second, "the undo question", chromedp.WaitVisible(chromedp.CSS(`[data-testid="undo-ask"]`)))
		shot(t, ctx, "undo-ask")
		click(t, ctx, `[data-testid="undo-no"]`)
		run(t, ctx, 10*time.Second, "the question gone", waitJS(`!document.querySelector('[data-testid="undo-ask"]')`))
		if n := count(t, ctx, `[data-testid="bidding-box"]`); n != 0 {
			t.Fatal("a refused undo went back to the auction")
		}
		// The card hint: the side's tricks on each card and a legend.
		click(t, ctx, `[data-testid="hint-btn"]`)
		run(t, ctx, 30*time.Second, "the hint legend", chromedp.WaitVisible(chromedp.CSS(`[data-testid="hint-legend"]`)))
		if n := count(t, ctx, `.hint-badge`); n == 0 {
			t.Fatal("no hint on the cards")
		}
		shot(t, ctx, "card-hint")
		// The confirmed undo goes back to the player's last call.
		click(t, ctx, `[data-testid="undo-btn"]`)
		click(t, ctx, `[data-testid="undo-yes"]`)
		run(t, ctx, 20*time.Second, "back in the auction", chromedp.WaitVisible(chromedp.CSS(`[data-testid="bidding-box"] button[data-call]:not([disabled])`)))
		return
	}
	t.Fatal("eight deals without a card for the player")
}
