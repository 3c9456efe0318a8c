package web_test

import (
	"strings"
	"testing"
	"time"

	"github.com/chromedp/chromedp"
)

// TestBrowserReplay: a finished bridge board's replay opens at its first
// step, shows the auction as a table with the dealer, the vulnerability
// and each call's meaning, and at each step of the play the double-dummy
// tricks of every legal card; no sideways scroll at 1366 px nor on a phone.
func TestBrowserReplay(t *testing.T) {
	base := startServer(t)
	ctx := browser(t)
	openApp(t, ctx, base)
	testHooks(t, ctx, 1500)
	run(t, ctx, 10*time.Second, "desktop", chromedp.EmulateViewport(1366, 768))
	startGame(t, ctx, "bridge", map[string]string{"scoring-select": "duplicate", "level-select": "easy"})
	playDeal(t, ctx, 90*time.Second, 0)
	waitFor(t, ctx, `[data-testid="deal-over"]`, 20*time.Second)

	run(t, ctx, 20*time.Second, "the replay",
		chromedp.Click(chromedp.CSS(`[data-testid="nav-history"]`)),
		chromedp.WaitVisible(chromedp.CSS(`[data-testid="history"] [data-testid="replay-link"]`)),
		chromedp.Click(chromedp.CSS(`[data-testid="replay-link"]`)),
		chromedp.WaitVisible(chromedp.CSS(`[data-testid="replay"] [data-testid="replay-auction"]`)))
	if s := text(t, ctx, `[data-testid="replay-step"]`); !strings.HasPrefix(s, "Step 0 ") {
		t.Errorf("the replay opens at %q, want step 0", s)
	}
	head := text(t, ctx, `[data-testid="replay-auction-head"]`)
	if !strings.Contains(head, "Dealer") || !strings.Contains(head, "vulnerable") {
		t.Errorf("the auction's head says %q: want the dealer and the vulnerability", head)
	}
	checkNoSidewaysScroll(t, ctx, "the replay at 1366 px")
	// To the end of the auction: every call in the table, with its meaning.
	var calls, meanings int
	for i := 0; i < 60; i++ {
		var inPlay bool
		eval(ctx, `!document.querySelector('[data-testid="replay-values"]').hidden`, &inPlay)
		if inPlay {
			break
		}
		click(t, ctx, `[data-testid="replay-next"]`)
	}
	calls = count(t, ctx, `[data-testid="replay-call"]`)
	meanings = count(t, ctx, `[data-testid="replay-meanings"] li`)
	if calls < 4 || meanings == 0 {
		t.Fatalf("the auction table shows %d calls and %d meanings", calls, meanings)
	}
	// The opening lead: the tricks each card would take.
	run(t, ctx, 30*time.Second, "the values of the opening lead",
		waitJS(`document.querySelectorAll('[data-testid="replay-values"] .value').length > 0`))
	var vals []string
	eval(ctx, `[...document.querySelectorAll('[data-testid="replay-values"] .value')].map((e) => e.textContent)`, &vals)
	t.Logf("opening lead: %v", vals)
	shot(t, ctx, "replay-lead")
	run(t, ctx, 10*time.Second, "phone", chromedp.EmulateViewport(390, 844))
	checkNoSidewaysScroll(t, ctx, "the replay on a phone")
	shot(t, ctx, "replay-phone")
}
