package web_test

import (
	"context"
	"fmt"
	"strings"
	"testing"
	"time"

	"github.com/chromedp/cdproto/cdp"
	"github.com/chromedp/cdproto/page"
	"github.com/chromedp/chromedp"
)

// TestBrowserContentSecurityPolicy goes through the UI's screens under the
// server's Content-Security-Policy and fails on any violation (an inline
// script or style, a foreign request): the policy must not break the UI. It
// also signs up and in through the account screen (the session is rotated
// there, the CSRF token with it).
func TestBrowserContentSecurityPolicy(t *testing.T) {
	base := startServer(t)
	ctx := browser(t)
	run(t, ctx, 10*time.Second, "watch for policy violations", chromedp.Func(func(ctx context.Context, tg *chromedp.Target) error {
		_, err := cdp.Call(ctx, tg, page.AddScriptToEvaluateOnNewDocument, page.AddScriptToEvaluateOnNewDocumentParams{
			Source: `window.__csp = [];
document.addEventListener('securitypolicyviolation', (e) => window.__csp.push(e.violatedDirective + ' ' + e.blockedURI + ' ' + e.sourceFile + ':' + e.lineNumber));
(() => { const f = window.fetch; window.__fetching = 0;
  window.fetch = (...a) => { window.__fetching++; return f.call(window, ...a).finally(() => { window.__fetching--; }); }; })();`,
		})
		return err
	}))
	openApp(t, ctx, base)
	startGame(t, ctx, "bridge", nil)
	for _, nav := range []string{"nav-tournaments", "nav-teams", "nav-duplicate", "nav-history", "nav-rules", "nav-account", "nav-play"} {
		// Each screen shown, with what it fetched.
		run(t, ctx, 20*time.Second, "open "+nav, chromedp.Click(chromedp.CSS(`[data-testid="`+nav+`"]`)),
			waitJS(fmt.Sprintf(`location.hash === document.querySelector('[data-testid=%q]').getAttribute('href')
			  && document.getElementById('main').childElementCount > 0 && window.__fetching === 0`, nav)))
	}
	run(t, ctx, 20*time.Second, "sign up",
		chromedp.Click(chromedp.CSS(`[data-testid="nav-account"]`)),
		chromedp.SendKeys(chromedp.CSS(`[data-testid="account-username"]`), "Émile"),
		chromedp.SendKeys(chromedp.CSS(`[data-testid="account-password"]`), "correct horse"),
		chromedp.Click(chromedp.CSS(`[data-testid="signup-btn"]`)),
		chromedp.WaitVisible(chromedp.CSS(`[data-testid="logout-btn"]`)),
		chromedp.Click(chromedp.CSS(`[data-testid="logout-btn"]`)),
		chromedp.WaitVisible(chromedp.CSS(`[data-testid="login-btn"]`)),
		chromedp.SendKeys(chromedp.CSS(`[data-testid="account-username"]`), "ÉMILE"),
		chromedp.SendKeys(chromedp.CSS(`[data-testid="account-password"]`), "correct horse"),
		chromedp.Click(chromedp.CSS(`[data-testid="login-btn"]`)),
		chromedp.WaitVisible(chromedp.CSS(`[data-testid="logout-btn"]`)))
	// After the rotation the page still acts: a new game starts.
	run(t, ctx, 20*time.Second, "back to the lobby", chromedp.Click(chromedp.CSS(`[data-testid="nav-play"]`)),
		chromedp.WaitVisible(chromedp.CSS(`[data-testid="new-game"]`)))
	startGame(t, ctx, "belote", nil)
	var got []string
	if err := eval(ctx, `window.__csp`, &got); err != nil {
		t.Fatal(err)
	}
	if len(got) > 0 {
		t.Errorf("Content-Security-Policy violations:\n%s", strings.Join(got, "\n"))
	}
}
