package web_test

import (
	"testing"
	"time"

	"github.com/chromedp/chromedp"
)

// TestBrowserSaTaBids: a coinche game with the sans-atout and tout-atout
// box ticked says what changes under the rules chosen, and its bidding box
// offers the SA and TA bids; a game without it does not.
func TestBrowserSaTaBids(t *testing.T) {
	base := startServer(t)
	ctx := browser(t)
	openApp(t, ctx, base)
	run(t, ctx, 20*time.Second, "a coinche game with SA and TA",
		chromedp.SetValue(chromedp.CSS(`[data-testid="game-select"]`), "belote"),
		chromedp.Evaluate[chromedp.Void](`document.querySelector('[data-testid="game-select"]').dispatchEvent(new Event('change'))`),
		chromedp.SetValue(chromedp.CSS(`[data-testid="mode-select"]`), "coinche"),
		chromedp.Evaluate[chromedp.Void](`document.querySelector('[data-testid="mode-select"]').dispatchEvent(new Event('change'))`),
		chromedp.Click(chromedp.CSS(`[data-testid="sata-check"]`)),
		chromedp.WaitVisible(chromedp.CSS(`[data-testid="sata-rules"]`)))
	if s, want := text(t, ctx, `[data-testid="sata-rules"]`), catalogText(t, base, "en", "lobby.sata.maison"); s != want {
		t.Errorf("the rules line says %q, want %q", s, want)
	}
	run(t, ctx, 30*time.Second, "start",
		chromedp.Click(chromedp.CSS(`[data-testid="new-game"]`)),
		chromedp.WaitVisible(chromedp.CSS(`[data-testid="table"][data-game="belote"] [data-testid="felt"]`)))
	// The player's turn to bid (or the bidding is over: the bots passed or
	// bid past him; then the test looks at no box).
	run(t, ctx, 40*time.Second, "the bidding box",
		waitJS(`!!document.querySelector('[data-testid="belote-controls"].active') || !document.querySelector('[data-testid="belote-controls"]')`))
	var strains []string
	eval(ctx, `[...document.querySelectorAll('[data-testid="belote-controls"] button.suit-btn')].map((b) => b.dataset.action.replace(/^\d+|^capot/, ''))`, &strains)
	if len(strains) > 0 && (len(strains) != 6 || strains[4] != "NT" || strains[5] != "AT") {
		t.Errorf("the bidding box's strains %v, want S H D C NT AT", strains)
	}
	t.Logf("strains offered: %v", strains)
	shot(t, ctx, "sata-bidding")
}
