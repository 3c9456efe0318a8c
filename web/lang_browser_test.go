package web_test

// The language test: every screen of the UI in each of the five languages,
// with no untranslated message key and, outside English, no English text of
// the catalog. Screenshots of each screen in each language are saved under
// $ATOUT_SCREENSHOTS when it is set (never committed).

import (
	"context"
	"encoding/json"
	"fmt"
	"net/http"
	"os"
	"path/filepath"
	"regexp"
	"sort"
	"strings"
	"testing"
	"time"

	"github.com/chromedp/chromedp"
)

// screen is one page of the UI: how to reach it and what shows it is there.
type screen struct {
	name  string
	hash  string // the route, "" when open does the work
	ready string // a CSS selector visible once the screen is drawn
	open  func(t *testing.T, ctx context.Context)
}

var langScreens = []screen{
	{name: "lobby", hash: "#/", ready: `[data-testid="new-game"]`},
	{name: "bridge-table", open: func(t *testing.T, ctx context.Context) {
		navigate(t, ctx, "#/")
		startGame(t, ctx, "bridge", map[string]string{"scoring-select": "duplicate", "level-select": "easy"})
		run(t, ctx, 30*time.Second, "the bidding box", chromedp.WaitVisible(chromedp.CSS(`[data-testid="bidding-box"]`)))
		// Bid, so that the auction shows calls and their meanings, and
		// play a card when the deal gets that far.
		playDeal(t, ctx, 40*time.Second, 1)
	}, ready: `[data-testid="table"][data-game="bridge"] [data-testid="felt"]`},
	{name: "belote-table", open: func(t *testing.T, ctx context.Context) {
		navigate(t, ctx, "#/")
		startGame(t, ctx, "belote", nil)
		playDeal(t, ctx, 40*time.Second, 1)
	}, ready: `[data-testid="table"][data-game="belote"] [data-testid="felt"]`},
	{name: "history", hash: "#/history", ready: `[data-testid="history"]`},
	{name: "account", hash: "#/account", ready: `[data-testid="account"]`},
	{name: "rules-bridge", hash: "#/rules/bridge", ready: `[data-testid="rules-body"] section h2`},
	{name: "rules-belote", hash: "#/rules/belote", ready: `[data-testid="rules-body"] section h2`},
	{name: "conventions", hash: "#/conventions", ready: `[data-testid="conv-group"] tbody tr`},
	{name: "tournaments", hash: "#/tournaments", ready: `[data-testid="tour-list"] li`},
	{name: "teams", hash: "#/teams", ready: `[data-testid="tm-list"] li`},
	{name: "duplicates", hash: "#/duplicate", ready: `[data-testid="bd-list"] li`},
}

// navigate goes to a route of the single-page UI.
func navigate(t *testing.T, ctx context.Context, hash string) {
	t.Helper()
	run(t, ctx, 10*time.Second, "go to "+hash, chromedp.Evaluate[chromedp.Void](fmt.Sprintf(`location.hash = %q`, hash)))
}

// catalog returns the catalog the server sends for lang.
func catalog(t *testing.T, base, lang string) map[string]string {
	t.Helper()
	res, err := http.Get(base + "/api/i18n/" + lang)
	if err != nil {
		t.Fatal(err)
	}
	defer res.Body.Close()
	m := map[string]string{}
	if err := json.NewDecoder(res.Body).Decode(&m); err != nil {
		t.Fatalf("catalog %s: %v", lang, err)
	}
	return m
}

var placeholderRE = regexp.MustCompile(`\{[A-Za-z0-9_]+\}`)

// englishPhrases lists the English texts of the catalog that must not show
// in lang: each message's fixed parts (between placeholders) that have a
// word of four letters or more, but for those that lang writes the same
// way somewhere in its own catalog (proper names, the game's French terms).
// Which catalog messages may read as in English is the i18n package's
// test (TestNoEnglishFallback, with its short allow-list); this test finds
// the English that does not come from the language's catalog: the
// script's English fallbacks for a key the catalog lacks, text written in
// the script itself, and text the server sends in English.
func englishPhrases(en, own map[string]string) []string {
	var ownText []string
	for _, v := range own {
		ownText = append(ownText, v)
	}
	all := " " + strings.Join(ownText, " \x00 ") + " "
	seen := map[string]bool{}
	var out []string
	for _, v := range en {
		for _, part := range placeholderRE.Split(v, -1) {
			p := strings.TrimSpace(strings.Trim(strings.TrimSpace(part), ".,:;!?()…“”'’-–"))
			if len(p) < 4 || seen[p] || !regexp.MustCompile(`[A-Za-z]{4}`).MatchString(p) {
				continue
			}
			if regexp.MustCompile(`(^|[^\pL])` + regexp.QuoteMeta(p) + `($|[^\pL])`).MatchString(all) {
				continue
			}
			seen[p] = true
			out = append(out, p)
		}
	}
	sort.Strings(out)
	return out
}

// pageText is everything the screen says: its visible text, and the
// accessible names, titles and placeholders of its elements.
const pageText = `(() => {
  const parts = [document.body.innerText];
  for (const e of document.querySelectorAll('[aria-label], [title], [placeholder]')) {
    for (const a of ['aria-label', 'title', 'placeholder']) { const v = e.getAttribute(a); if (v) parts.push(v); }
  }
  parts.push(document.title);
  return parts.join('\n');
})()`

// koPairRE finds a Korean particle left for either sound after a word.
var koPairRE = regexp.MustCompile(`\S*[은는이가을를과와]\([은는이가을를과와]\)`)

// keyRE finds a message key left in the page: "table.yourTurn",
// "call.name.S.one", "rank.short.K".
var keyRE = regexp.MustCompile(`\b(a11y|account|analysis|ann|app|belote|bot|call|card|common|contract|conv|dup|err|error|game|history|lang|lobby|meaning|mode|rank|result|rules|scoring|seat|side|strain|suit|table|tm|tour|vul)\.[A-Za-z0-9_]+(\.[A-Za-z0-9_]+)*\b`)

func TestBrowserEveryScreenInEveryLanguage(t *testing.T) {
	base := startServer(t)
	en := catalog(t, base, "en")
	shots := os.Getenv("ATOUT_SCREENSHOTS")
	if shots != "" {
		if err := os.MkdirAll(shots, 0o755); err != nil {
			t.Fatal(err)
		}
	}
	for _, lang := range []string{"en", "fr", "de", "hi", "ko"} {
		t.Run(lang, func(t *testing.T) {
			own := catalog(t, base, lang)
			var phrases []string
			if lang != "en" {
				phrases = englishPhrases(en, own)
			}
			ctx := browser(t)
			openApp(t, ctx, base)
			run(t, ctx, 20*time.Second, "switch to "+lang,
				chromedp.SetValue(chromedp.CSS(`[data-testid="lang-select"]`), lang),
				chromedp.Evaluate[chromedp.Void](`document.querySelector('[data-testid="lang-select"]').dispatchEvent(new Event('change'))`),
				chromedp.WaitVisible(chromedp.CSS(`body[data-lang="`+lang+`"] [data-testid="new-game"]`)))
			for _, sc := range langScreens {
				if sc.open != nil {
					sc.open(t, ctx)
				} else {
					navigate(t, ctx, sc.hash)
				}
				run(t, ctx, 30*time.Second, sc.name+" in "+lang, chromedp.WaitVisible(chromedp.CSS(sc.ready)))
				var page string
				if err := eval(ctx, pageText, &page); err != nil {
					t.Fatalf("%s: read the page: %v", sc.name, err)
				}
				if shots != "" {
					saveShot(t, ctx, filepath.Join(shots, lang+"-"+sc.name+".png"))
				}
				checkRanks(t, ctx, lang, sc.name, own)
				for _, k := range keyRE.FindAllString(page, -1) {
					t.Errorf("%s %s: untranslated key %q shows", lang, sc.name, k)
				}
				for _, p := range phrases {
					if regexp.MustCompile(`(^|[^\pL])` + regexp.QuoteMeta(p) + `($|[^\pL])`).MatchString(page) {
						t.Errorf("%s %s: English %q shows", lang, sc.name, p)
					}
				}
				// Korean particles agree with the word they follow: none is
				// left written for either sound ("에이스을(를)").
				if lang == "ko" {
					for _, m := range koPairRE.FindAllString(page, -1) {
						t.Errorf("%s %s: an unfilled particle shows: %q", lang, sc.name, m)
					}
				}
			}
		})
	}
}

// checkRanks: the card faces and hand diagrams of the screen show the ranks
// as the language writes them (rank.short.*: R D V in French, K D B in
// German), the ten as "10" and the small cards as their digit.
func checkRanks(t *testing.T, ctx context.Context, lang, screen string, own map[string]string) {
	t.Helper()
	ok := map[string]bool{"10": true}
	for _, d := range "98765432" {
		ok[string(d)] = true
	}
	for _, r := range []string{"A", "K", "Q", "J"} {
		ok[own["rank.short."+r]] = true
	}
	var ranks []string
	if err := eval(ctx, `[...document.querySelectorAll('.card .rank, .hand-lines .r')].map((e) => e.textContent)`, &ranks); err != nil {
		t.Fatalf("%s %s: read the ranks: %v", lang, screen, err)
	}
	for _, r := range ranks {
		if !ok[r] {
			t.Errorf("%s %s: a card shows the rank %q", lang, screen, r)
		}
	}
	if strings.HasSuffix(screen, "-table") && len(ranks) == 0 {
		t.Errorf("%s %s: no card face shows", lang, screen)
	}
}

// saveShot saves a full-page PNG screenshot (quality 100 gives a PNG) at path.
func saveShot(t *testing.T, ctx context.Context, path string) {
	t.Helper()
	c, cancel := context.WithTimeout(ctx, 20*time.Second)
	defer cancel()
	buf, err := chromedp.Run(c, chromedp.FullScreenshot(100))
	if err != nil {
		t.Logf("screenshot %s: %v", path, err)
		return
	}
	if err := os.WriteFile(path, buf, 0o644); err != nil {
		t.Logf("screenshot %s: %v", path, err)
	}
}
