package web_test

import (
	"testing"
	"time"
)

// TestBrowserTableMoving: when the server says that the table is moving
// to another server of a cluster (protocol.Moving), the table's head says
// so, in view on a phone too, until the next state comes.
func TestBrowserTableMoving(t *testing.T) {
	base := startServer(t)
	ctx := browser(t)
	openApp(t, ctx, base)
	testHooks(t, ctx, 1500)
	startGame(t, ctx, "bridge", map[string]string{"level-select": "easy"})
	for _, sc := range screens {
		viewport(t, ctx, sc.w, sc.h)
		waitOwnTurn(t, ctx, "bidding-box")
		var got string
		if err := eval(ctx, `document.querySelector('[data-testid="conn"]')?.textContent ?? 'none'`, &got); err != nil || got != "" {
			t.Fatalf("%s: connected, the head says %q (%v)", sc.name, got, err)
		}
		inject(t, ctx, map[string]any{"type": "moving"})
		const want = "The table is moving to another server, one moment…"
		run(t, ctx, 5*time.Second, "the moving notice", waitJS(`document.querySelector('[data-testid="conn"]')?.textContent === '`+want+`'`))
		// In view: inside the screen, and the element on top at its middle.
		var shown bool
		if err := eval(ctx, `(() => { const e = document.querySelector('[data-testid="conn"]'); const r = e.getBoundingClientRect();
		  return r.width > 0 && r.left >= 0 && r.right <= innerWidth && r.top >= 0 && r.bottom <= innerHeight &&
		    e.contains(document.elementFromPoint(r.left + r.width / 2, r.top + r.height / 2)); })()`, &shown); err != nil || !shown {
			t.Errorf("%s: the moving notice is not in view (%v)", sc.name, err)
		}
		shot(t, ctx, "moving-"+sc.name)
		injectVariant(t, ctx, ``)
		run(t, ctx, 5*time.Second, "the notice gone with the next state", waitJS(`document.querySelector('[data-testid="conn"]')?.textContent === ''`))
	}
}
