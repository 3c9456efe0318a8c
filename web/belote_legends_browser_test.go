package web_test

import (
	"testing"
	"time"

	"github.com/chromedp/chromedp"

	beloteanalysis "atout/belote/analysis"
	"atout/match"
	"atout/table"
)

// TestBrowserBeloteLegends: the New game window says what each belote rule
// set changes; at the table the hint's numbers and the score sheet's
// brackets say what they are.
func TestBrowserBeloteLegends(t *testing.T) {
	base := startServer(t, func(c *table.Config) { c.Games["belote"] = match.Abilities{Hint: beloteanalysis.Hint} })
	ctx := browser(t)
	openApp(t, ctx, base)
	run(t, ctx, 20*time.Second, "belote options",
		chromedp.SetValue(chromedp.CSS(`[data-testid="game-select"]`), "belote"),
		chromedp.Evaluate[chromedp.Void](`document.querySelector('[data-testid="game-select"]').dispatchEvent(new Event('change'))`),
		chromedp.WaitVisible(chromedp.CSS(`[data-testid="rules-what"]`)))
	for _, r := range []string{"official", "maison"} {
		run(t, ctx, 10*time.Second, "rules "+r,
			chromedp.SetValue(chromedp.CSS(`[data-testid="rules-select"]`), r),
			chromedp.Evaluate[chromedp.Void](`document.querySelector('[data-testid="rules-select"]').dispatchEvent(new Event('change'))`))
		if s, want := text(t, ctx, `[data-testid="rules-what"]`), catalogText(t, base, "en", "lobby.rules."+r+".what"); s != want {
			t.Errorf("%s: the line says %q, want %q", r, s, want)
		}
	}
	run(t, ctx, 30*time.Second, "start",
		chromedp.Click(chromedp.CSS(`[data-testid="new-game"]`)),
		chromedp.WaitVisible(chromedp.CSS(`[data-testid="table"][data-game="belote"] [data-testid="felt"]`)))
	// The bidding and a first card (a deal all passed: the next one), then
	// a hint on the next card to play.
	for range 4 {
		if playDeal(t, ctx, 60*time.Second, 1) > 0 {
			break
		}
		run(t, ctx, 20*time.Second, "next deal", chromedp.Click(chromedp.CSS(`[data-testid="next-deal"]`)),
			chromedp.WaitNotPresent(chromedp.CSS(`[data-testid="deal-over"]`)))
	}
	run(t, ctx, 40*time.Second, "a hint",
		chromedp.WaitVisible(chromedp.CSS(`[data-testid="hand-S"] button[data-card]:not([disabled])`)),
		chromedp.Click(chromedp.CSS(`[data-testid="hint-btn"]`), chromedp.NodeVisible),
		chromedp.WaitVisible(chromedp.CSS(`[data-testid="hint-legend"]`)))
	if s, want := text(t, ctx, `[data-testid="hint-legend"]`), catalogText(t, base, "en", "belote.hintLegend"); s != want {
		t.Errorf("the hint's legend says %q, want %q", s, want)
	}
	// The deal to its end: the sheet has a line and says what its numbers are.
	playDeal(t, ctx, 90*time.Second, 0)
	run(t, ctx, 20*time.Second, "the sheet's legend",
		chromedp.Evaluate[chromedp.Void](`document.querySelector('[data-testid="sheet-legend"]') || document.querySelector('[data-testid="sheet-btn"]').click()`),
		chromedp.WaitVisible(chromedp.CSS(`[data-testid="sheet-legend"]`)))
	if s, want := text(t, ctx, `[data-testid="sheet-legend"]`), catalogText(t, base, "en", "belote.sheetLegend"); s != want {
		t.Errorf("the sheet's legend says %q, want %q", s, want)
	}
	shot(t, ctx, "belote-legends")
}
