package web_test

import (
	"testing"
	"time"

	"github.com/chromedp/chromedp"
)

// TestBrowserExplanationsFollowTheLanguage: the server words the calls'
// meanings in the reader's language only. A player who switches language
// at the table gets them in the new one (the table connects again), and
// the auction's calls are then explained in it.
func TestBrowserExplanationsFollowTheLanguage(t *testing.T) {
	base := startServer(t)
	ctx := browser(t)
	openApp(t, ctx, base)
	testHooks(t, ctx, 1500)
	startGame(t, ctx, "bridge", map[string]string{"scoring-select": "duplicate", "level-select": "easy"})
	before := explainedAs(t, ctx, 0)
	var words map[string]string
	if err := eval(ctx, `window.__atoutTest.last().explanations[0].words || {}`, &words); err != nil {
		t.Fatal(err)
	}
	if len(words) != 0 {
		t.Errorf("an English reader got the words of %v", words)
	}
	run(t, ctx, 20*time.Second, "switch to French",
		chromedp.SetValue(chromedp.CSS(`[data-testid="lang-select"]`), "fr"),
		chromedp.Evaluate[chromedp.Void](`document.querySelector('[data-testid="lang-select"]').dispatchEvent(new Event('change'))`),
		chromedp.WaitVisible(chromedp.CSS(`body[data-lang="fr"] [data-testid="table"]`)))
	// The next state (on the new connection) brings the French words, and
	// the first call's label ends with them.
	run(t, ctx, 20*time.Second, "the first call explained in French", waitJS(`(() => {
		const m = window.__atoutTest.last();
		const e = m && m.explanations && m.explanations[0];
		const w = e && e.words && e.words.fr;
		const label = (document.querySelector('[data-testid="auction-call"][data-idx="0"]') || {}).getAttribute?.('aria-label') || '';
		return !!w && Object.keys(e.words).length === 1 && label.includes(w);
	})()`))
	if after := explainedAs(t, ctx, 0); after == before {
		t.Errorf("the first call's label is the same in French as in English: %q", after)
	}
}
