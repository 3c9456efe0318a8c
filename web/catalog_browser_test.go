package web_test

// The page's texts come from the catalog the server sends: when it cannot
// be loaded, the page says so in the user's language (the words index.html
// keeps for that) and tries again when asked, instead of showing texts of
// its own; a language whose catalog cannot be loaded leaves the page in the
// language it had.

import (
	"context"
	"strings"
	"testing"
	"time"

	"github.com/chromedp/cdproto/cdp"
	"github.com/chromedp/cdproto/page"
	"github.com/chromedp/chromedp"
)

// blockCatalogs makes the page's requests for the catalogs whose URL
// contains one of window.__blockCatalog's strings fail as a network
// failure would; block is the list the page starts with. cookie, when not
// empty, is set before the page's scripts run.
func blockCatalogs(t *testing.T, ctx context.Context, block, cookie string) {
	t.Helper()
	run(t, ctx, 10*time.Second, "block the catalogs", chromedp.Func(func(ctx context.Context, tg *chromedp.Target) error {
		_, err := cdp.Call(ctx, tg, page.AddScriptToEvaluateOnNewDocument, page.AddScriptToEvaluateOnNewDocumentParams{
			Source: `window.__blockCatalog = ` + block + `;
if (` + "`" + cookie + "`" + `) document.cookie = ` + "`" + cookie + "`" + `;
(() => { const f = window.fetch;
  window.fetch = (url, ...a) => String(url).includes('/api/i18n/') && window.__blockCatalog.some((b) => String(url).includes(b))
    ? Promise.reject(new TypeError('Failed to fetch')) : f.call(window, url, ...a); })();`,
		})
		return err
	}))
}

func TestBrowserCatalogUnavailable(t *testing.T) {
	base := startServer(t)
	ctx := browser(t)
	blockCatalogs(t, ctx, `['/api/i18n/']`, "lang=fr; path=/")
	run(t, ctx, 30*time.Second, "open the app without its texts",
		chromedp.Navigate(base+"/"),
		chromedp.WaitVisible(chromedp.CSS(`[data-testid="catalog-failed"] [data-testid="catalog-retry"]`)))
	var notice string
	if err := eval(ctx, `(() => { const n = document.querySelector('[data-testid="catalog-failed"]'); return n.lang + ': ' + n.innerText; })()`, &notice); err != nil {
		t.Fatal(err)
	}
	if !strings.HasPrefix(notice, "fr: ") || !strings.Contains(notice, "Réessayer") {
		t.Errorf("the notice for a French user says %q", notice)
	}
	// Nothing else speaks: no text of the page comes from anywhere but the
	// catalog.
	var said []string
	if err := eval(ctx, `[...document.querySelectorAll('[data-i18n]')].map((e) => e.textContent.trim()).filter((s) => s && s !== '…')`, &said); err != nil {
		t.Fatal(err)
	}
	if len(said) > 0 {
		t.Errorf("without a catalog the page says %q", said)
	}
	var ready string
	if err := eval(ctx, `document.body.dataset.ready || ''`, &ready); err != nil || ready != "" {
		t.Errorf("the page is ready (%q, %v) without its texts", ready, err)
	}
	// Asked again while the catalog is still out of reach, then once it
	// is back.
	run(t, ctx, 20*time.Second, "try again in vain",
		chromedp.Click(chromedp.CSS(`[data-testid="catalog-retry"]`)),
		waitJS(`document.querySelector('[data-testid="catalog-retry"]') && !document.querySelector('[data-testid="catalog-retry"]').disabled`))
	run(t, ctx, 30*time.Second, "try again",
		chromedp.Evaluate[chromedp.Void](`window.__blockCatalog = []`),
		chromedp.Click(chromedp.CSS(`[data-testid="catalog-retry"]`)),
		chromedp.WaitVisible(chromedp.CSS(`body[data-ready="true"][data-lang="fr"] [data-testid="new-game"]`)))
	fr := catalog(t, base, "fr")
	var play string
	if err := eval(ctx, `document.querySelector('[data-testid="nav-play"]').textContent`, &play); err != nil {
		t.Fatal(err)
	}
	if play != fr["table.play"] {
		t.Errorf("the menu says %q, want %q", play, fr["table.play"])
	}
	if err := eval(ctx, `document.querySelector('[data-testid="catalog-failed"]') ? 'shown' : ''`, &play); err != nil || play != "" {
		t.Errorf("the notice stays (%q, %v)", play, err)
	}
}

func TestBrowserLanguageUnavailable(t *testing.T) {
	base := startServer(t)
	ctx := browser(t)
	blockCatalogs(t, ctx, `[]`, "")
	openApp(t, ctx, base)
	en := catalog(t, base, "en")
	switchTo := func(lang string) chromedp.Action[chromedp.Void] {
		return chromedp.Evaluate[chromedp.Void](`(() => { const s = document.querySelector('[data-testid="lang-select"]');
  s.value = '` + lang + `'; s.dispatchEvent(new Event('change')); })()`)
	}
	run(t, ctx, 20*time.Second, "switch to German without its catalog",
		chromedp.Evaluate[chromedp.Void](`window.__blockCatalog = ['/api/i18n/de']`),
		switchTo("de"),
		chromedp.WaitVisible(chromedp.CSS(`[data-testid="toast"]`)))
	var got []string
	if err := eval(ctx, `[document.body.dataset.lang, document.querySelector('[data-testid="lang-select"]').value,
  document.querySelector('[data-testid="toast"]').textContent, document.querySelector('[data-testid="nav-play"]').textContent]`, &got); err != nil {
		t.Fatal(err)
	}
	if want := []string{"en", "en", en["err.network"], en["table.play"]}; strings.Join(got, "|") != strings.Join(want, "|") {
		t.Errorf("after a failed switch: language, choice, message, menu = %q, want %q", got, want)
	}
	run(t, ctx, 20*time.Second, "switch to German",
		chromedp.Evaluate[chromedp.Void](`window.__blockCatalog = []`),
		switchTo("de"),
		chromedp.WaitVisible(chromedp.CSS(`body[data-lang="de"] [data-testid="new-game"]`)))
}
