package web_test

// The language test: every screen of the UI in each of the five languages
// (the lobby and its forms, a bridge deal and a belote deal in every
// phase with their analyses and score sheets, the history, the replays,
// the rules, the competitions, the account), with no untranslated message
// key and, outside English, no English text of the catalog, none of the
// English terms the catalogs once kept, no seat letter where a seat's name
// is due, in Hindi and Korean no Latin letters but the game's notation,
// and in Korean no particle left for either sound or for the wrong one
// (issue 36). Screenshots of each screen in each language are saved under
// $ATOUT_SCREENSHOTS when it is set (never committed).

import (
	"context"
	"encoding/json"
	"fmt"
	"net/http"
	"os"
	"path/filepath"
	"regexp"
	"slices"
	"sort"
	"strings"
	"testing"
	"time"
	"unicode"
	"unicode/utf8"

	"github.com/chromedp/chromedp"

	beloteanalysis "atout/belote/analysis"
	"atout/table"
)

// screen is one page of the UI: how to reach it and what shows it is there.
type screen struct {
	name  string
	hash  string // the route, "" when open does the work
	ready string // a CSS selector visible once the screen is drawn
	open  func(t *testing.T, ctx context.Context)
	// authored: the screen is the product's own prose (the rules pages,
	// the convention card), whose Latin abbreviations (WBF, SAYC) are its
	// own: the Latin-word check of Hindi and Korean passes it over.
	authored bool
}

// langTables keeps, for the screens that follow, the tables a language's
// run played (their ids are the games' ids in the history).
var langTables = map[string]string{}

// tableID is the id of the table on screen.
func tableID(t *testing.T, ctx context.Context) string {
	t.Helper()
	var id string
	if err := eval(ctx, `decodeURIComponent(location.hash.split('/')[2] || '')`, &id); err != nil || id == "" {
		t.Fatalf("the table's id: %q %v", id, err)
	}
	return id
}

// toPlay plays on (the player's calls and cards, up to six deals) until
// the player has played a card of a deal, and reports whether he did. The
// deals are not seeded: a bridge player is dummy in a deal of four, and
// three deals in a row without a card came once in some twenty runs.
func toPlay(t *testing.T, ctx context.Context) bool {
	t.Helper()
	for deal := 1; deal <= 6; deal++ {
		if playDeal(t, ctx, 60*time.Second, 1) > 0 {
			return true
		}
		click(t, ctx, `[data-testid="next-deal"]`)
		run(t, ctx, 20*time.Second, "next deal", chromedp.WaitNotPresent(chromedp.CSS(`[data-testid="deal-over"]`)))
	}
	return false
}

// openReplay opens the replay of the game played at the table langTables
// keeps under key, and goes to step n of it (-1: its last step).
func openReplay(t *testing.T, ctx context.Context, key string, n int) {
	t.Helper()
	routeTo(t, ctx, "#/history", `[data-testid="history"] [data-testid="replay-link"]`)
	click(t, ctx, fmt.Sprintf(`[data-testid="history"] tr[data-game=%q] [data-testid="replay-link"]`, langTables[key]))
	run(t, ctx, 20*time.Second, "the replay", chromedp.WaitVisible(chromedp.CSS(`[data-testid="replay"] .felt`)))
	if n < 0 {
		click(t, ctx, `[data-testid="replay-last"]`)
		return
	}
	for range n {
		click(t, ctx, `[data-testid="replay-next"]`)
	}
}

var langScreens = []screen{
	{name: "lobby", hash: "#/", ready: `[data-testid="new-game"]`},
	{name: "belote-form", open: func(t *testing.T, ctx context.Context) {
		navigate(t, ctx, "#/")
		run(t, ctx, 10*time.Second, "the lobby", chromedp.WaitVisible(chromedp.CSS(`[data-testid="new-game"]`)))
		selectValue(t, ctx, "game-select", "belote")
		selectValue(t, ctx, "mode-select", "coinche")
	}, ready: `[data-testid="target-input"]`},
	// Bridge: the auction (the bots' calls explained, the bidding box and
	// the meaning of its calls), the play (the contract, the tricks, the
	// trick review), the deal's end with its analysis and the score sheet.
	{name: "bridge-auction", open: func(t *testing.T, ctx context.Context) {
		navigate(t, ctx, "#/")
		startGame(t, ctx, "bridge", map[string]string{"scoring-select": "duplicate", "level-select": "easy"})
		langTables["bridge"] = tableID(t, ctx)
		run(t, ctx, 40*time.Second, "the player's turn to call", waitJS(
			`!!document.querySelector('[data-testid="bidding-box"] button[data-call]:not([disabled])')`))
	}, ready: `[data-testid="bidding-box"]`},
	{name: "bridge-play", open: func(t *testing.T, ctx context.Context) {
		if !toPlay(t, ctx) {
			t.Errorf("six bridge deals without a card to play")
		}
	}, ready: `[data-testid="table"][data-game="bridge"] [data-testid="contract"]`},
	{name: "bridge-tricks", open: func(t *testing.T, ctx context.Context) {
		// The review lists the tricks played: one at least (a declarer
		// plays dummy's cards too: a few cards may not end a trick).
		for i := 0; i < 6 && count(t, ctx, `[data-testid="tricks-btn"]`) == 0; i++ {
			playDeal(t, ctx, 30*time.Second, 1)
		}
		click(t, ctx, `[data-testid="tricks-btn"]`)
	}, ready: `[data-testid="trick-review"]`},
	{name: "bridge-over", open: func(t *testing.T, ctx context.Context) {
		if count(t, ctx, `[data-testid="tricks-close"]`) > 0 {
			click(t, ctx, `[data-testid="tricks-close"]`)
		}
		playDeal(t, ctx, 70*time.Second, 0)
		run(t, ctx, 30*time.Second, "the analysis", chromedp.WaitVisible(chromedp.CSS(`[data-testid="deal-over"] [data-testid="dd-table"]`)))
		if count(t, ctx, `[data-testid="score-sheet"]`) == 0 {
			click(t, ctx, `[data-testid="sheet-btn"]`)
		}
	}, ready: `[data-testid="score-sheet"]`},
	// Belote: the bidding, the play, the deal's end with its analysis and
	// the score sheet.
	{name: "belote-bidding", open: func(t *testing.T, ctx context.Context) {
		navigate(t, ctx, "#/")
		startGame(t, ctx, "belote", map[string]string{"mode-select": "classic", "level-select": "easy"})
		langTables["belote"] = tableID(t, ctx)
		// The player's turn to bid, unless a bot took before it came.
		c, cancel := context.WithTimeout(ctx, 10*time.Second)
		defer cancel()
		chromedp.Do(c, waitJS(`!!document.querySelector('[data-testid="belote-controls"] button:not([disabled])') || !!document.querySelector('[data-testid="table"][data-game="belote"] [data-testid="contract"]')`))
	}, ready: `[data-testid="table"][data-game="belote"] [data-testid="felt"]`},
	{name: "belote-play", open: func(t *testing.T, ctx context.Context) {
		if !toPlay(t, ctx) {
			t.Errorf("six belote deals without a card to play")
		}
	}, ready: `[data-testid="table"][data-game="belote"] [data-testid="contract"]`},
	{name: "belote-over", open: func(t *testing.T, ctx context.Context) {
		playDeal(t, ctx, 60*time.Second, 0)
		run(t, ctx, 30*time.Second, "the analysis", chromedp.WaitVisible(chromedp.CSS(`[data-testid="deal-over"] [data-testid="analysis"]`)))
		if count(t, ctx, `[data-testid="score-sheet"]`) == 0 {
			click(t, ctx, `[data-testid="sheet-btn"]`)
		}
	}, ready: `[data-testid="score-sheet"]`},
	{name: "coinche-bidding", open: func(t *testing.T, ctx context.Context) {
		navigate(t, ctx, "#/")
		startGame(t, ctx, "belote", map[string]string{"mode-select": "coinche", "level-select": "easy"})
		playDeal(t, ctx, 60*time.Second, 1)
	}, ready: `[data-testid="table"][data-game="belote"] [data-testid="felt"]`},
	{name: "history", hash: "#/history", ready: `[data-testid="history"] [data-testid="replay-link"]`},
	// The replays: the start, a step in the play (bridge: the tricks each
	// card would take), the end with the deal's analysis.
	{name: "replay-bridge-start", open: func(t *testing.T, ctx context.Context) { openReplay(t, ctx, "bridge", 0) }, ready: `[data-testid="replay-auction"]`},
	{name: "replay-bridge-play", open: func(t *testing.T, ctx context.Context) {
		click(t, ctx, `[data-testid="replay-last"]`)
		click(t, ctx, `[data-testid="replay-prev"]`)
	}, ready: `[data-testid="replay-values"]`},
	{name: "replay-bridge-end", open: func(t *testing.T, ctx context.Context) { click(t, ctx, `[data-testid="replay-last"]`) }, ready: `[data-testid="replay-step"]`},
	{name: "replay-belote", open: func(t *testing.T, ctx context.Context) { openReplay(t, ctx, "belote", 5) }, ready: `[data-testid="replay-step"]`},
	{name: "replay-belote-end", open: func(t *testing.T, ctx context.Context) { click(t, ctx, `[data-testid="replay-last"]`) }, ready: `[data-testid="replay-step"]`},
	// The player's profile: the deals played above, counted by the
	// server's worker, with their figures and costliest deals.
	{name: "profile", open: func(t *testing.T, ctx context.Context) {
		// The worker counts every few seconds: open the page again until
		// the deals show.
		for end := time.Now().Add(30 * time.Second); ; {
			navigate(t, ctx, "#/history")
			navigate(t, ctx, "#/profile")
			time.Sleep(time.Second)
			if count(t, ctx, `[data-testid="profile"] [data-testid="profile-fig"]`) > 0 || time.Now().After(end) {
				return
			}
		}
	}, ready: `[data-testid="profile"] [data-testid="profile-fig"]`},
	{name: "account", hash: "#/account", ready: `[data-testid="account"]`},
	{name: "rules-bridge", hash: "#/rules/bridge", ready: `[data-testid="rules-body"] section h2`, authored: true},
	{name: "rules-belote", hash: "#/rules/belote", ready: `[data-testid="rules-body"] section h2`, authored: true},
	{name: "conventions", hash: "#/conventions", ready: `[data-testid="conv-group"] tbody tr`, authored: true},
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
// A column head that abbreviates (a th with an abbr, "NS" for
// North-South) is read as its abbr.
const pageText = `(() => {
  const swapped = [...document.querySelectorAll('th[abbr]')].map((e) => { const old = e.textContent; e.textContent = e.getAttribute('abbr'); return [e, old]; });
  const parts = [document.body.innerText];
  for (const [e, old] of swapped) e.textContent = old;
  for (const e of document.querySelectorAll('[aria-label], [title], [placeholder]')) {
    for (const a of ['aria-label', 'title', 'placeholder']) { const v = e.getAttribute(a); if (v) parts.push(v); }
  }
  parts.push(document.title);
  return parts.join('\n');
})()`

// frPunctRE finds a colon or a question mark glued to the word before it
// (a colon after a digit is a time's).
var frPunctRE = regexp.MustCompile(`[^\s\d]:|\S\?`)

// frElideRE finds "de" before a vowel, which French writes "d'" ("Main
// d'Est", "Carré d'as").
var frElideRE = regexp.MustCompile(`(^|[^\pL'])[dD]e [aeiouyàâéèêîôûAEIOUYÀÂÉÈÊÎÔÛ]`)

// koPairRE finds a Korean particle left for either sound after a word.
var koPairRE = regexp.MustCompile(`\S*[은는이가을를과와]\([은는이가을를과와]\)`)

// keyRE finds a message key left in the page: "table.yourTurn",
// "call.name.S.one", "rank.short.K".
var keyRE = regexp.MustCompile(`\b(a11y|account|analysis|ann|app|belote|bot|call|card|common|contract|conv|dup|err|error|game|history|lang|nav|profile|lobby|meaning|mode|rank|result|rules|scoring|seat|side|strain|suit|table|tm|tour|vul)\.[A-Za-z0-9_]+(\.[A-Za-z0-9_]+)*\b`)

// seatLetterRE finds a seat written as a letter, or a side as two, where
// its name is due ("N", "EW"): the catalog has no short seat names.
var seatLetterRE = regexp.MustCompile(`(?:^|[^\pL\pN'’])([NESW]|NS|EW|N-S|E-W)(?:[^\pL\pN'’]|$)`)

// latinRE finds the words in Latin letters (a single letter too).
var latinRE = regexp.MustCompile(`[A-Za-z]+`)

// englishTerms are English words a language's catalog once wrote for a
// term it has its own word for (issue 36): none may show, whatever the
// catalog says.
var englishTerms = map[string][]string{
	"fr": {"Board", "Claim", "Minor", "Major", "Trick", "Tricks"},
	"de": {"Board", "Claim", "Score", "Scores", "Minor", "Major", "Trick", "Tricks"},
	"hi": {"Board", "Claim", "Score", "am", "pm", "AM", "PM"},
	"ko": {"Board", "Claim", "Score", "am", "pm", "AM", "PM"},
}

// koWrongParticles finds the Korean particles that disagree with the
// syllable before them: 은 or 을 after a vowel ("패스은"), 를 after a
// final consonant ("킹를"). (이/가 and 는 are left out: words and endings
// that are no particles end that way.)
func koWrongParticles(page string) []string {
	var out []string
	for _, m := range koParticleRE.FindAllStringSubmatch(page, -1) {
		r := []rune(m[1])[0]
		final := (r-0xac00)%28 != 0
		if (m[2] == "를") == final {
			out = append(out, m[0])
		}
	}
	return out
}

var koParticleRE = regexp.MustCompile(`([가-힣])(은|을|를)(?:[\s.,!?:;)\]"”]|$)`)

// latinWords are the Latin words a Hindi or Korean page may show: the
// app's name, the abbreviations the game's players use as they are (IMP,
// PBN, LIN, JSON, CSV, SAYC; HCP in Korean), NT for notrump as the rules pages
// write it, the auction's X and XX for a double and a redouble (as NT,
// the notation of every bridge diagram), the "me" a team's form takes,
// and the languages' own names in the language menu.
var latinWords = map[string][]string{
	"hi": {"Atout", "IMP", "PBN", "LIN", "JSON", "CSV", "SAYC", "NT", "X", "XX", "me", "English", "Français", "Deutsch", "Fran", "ais"},
	"ko": {"Atout", "IMP", "PBN", "LIN", "JSON", "CSV", "SAYC", "HCP", "NT", "X", "XX", "me", "English", "Français", "Deutsch", "Fran", "ais"},
}

// latinOK reports whether the Latin word w may show in lang, whose catalog
// is own: one of latinWords, or a hand's ranks in a row ("AKQ9") when the
// language writes its ranks in Latin letters (Korean).
func latinOK(lang string, own map[string]string, w string) bool {
	if slices.Contains(latinWords[lang], w) {
		return true
	}
	for _, c := range w {
		if !slices.Contains([]string{own["rank.short.A"], own["rank.short.K"], own["rank.short.Q"], own["rank.short.J"]}, string(c)) {
			return false
		}
	}
	return true
}

func TestBrowserEveryScreenInEveryLanguage(t *testing.T) {
	// The deals' analyses: the stand-in for bridge (quickAnalysis), the
	// real one for belote.
	base := startServer(t, func(c *table.Config) {
		b := c.Games["bridge"]
		b.Analyse = quickAnalysis
		c.Games["bridge"] = b
		c.Games["belote"] = beloteanalysis.Abilities()
	})
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
			testHooks(t, ctx, 60000)
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
				for _, w := range englishTerms[lang] {
					if regexp.MustCompile(`(^|[^\pL])` + w + `($|[^\pL])`).MatchString(page) {
						t.Errorf("%s %s: the English %q shows", lang, sc.name, w)
					}
				}
				if lang != "en" && !sc.authored {
					for _, m := range seatLetterRE.FindAllStringSubmatch(page, -1) {
						t.Errorf("%s %s: a seat letter %q shows where its name is due: %q", lang, sc.name, m[1], around(page, m[0]))
					}
				}
				if (lang == "hi" || lang == "ko") && !sc.authored {
					for _, w := range latinRE.FindAllString(page, -1) {
						if !latinOK(lang, own, w) {
							t.Errorf("%s %s: Latin letters %q show: %q", lang, sc.name, w, around(page, w))
						}
					}
				}
				// French puts a space before ":" and "?" (a time such as
				// 14:05 and an address are no colons of the sentence).
				if lang == "fr" {
					for _, m := range frPunctRE.FindAllStringIndex(page, -1) {
						if strings.HasPrefix(page[m[1]-1:], "://") {
							continue
						}
						t.Errorf("%s %s: no space before %q: %q", lang, sc.name, page[m[1]-1:m[1]], around(page, page[m[0]:m[1]]))
					}
					for _, ix := range frElideRE.FindAllStringIndex(page, -1) {
						m := page[ix[0]:]
						if w := strings.FieldsFunc(m[strings.Index(m, "e ")+2:], func(r rune) bool { return !unicode.IsLetter(r) }); len(w) > 0 && (w[0] == "un" || w[0] == "une") {
							continue // the number: "chute de un"
						}
						m = page[ix[0]:ix[1]]
						t.Errorf("%s %s: \"de\" before a vowel is not elided: %q", lang, sc.name, around(page, strings.TrimLeftFunc(m, func(r rune) bool { return !unicode.IsLetter(r) })))
					}
				}
				// Korean particles agree with the word they follow: none is
				// left written for either sound ("에이스을(를)") or for the
				// other sound ("패스은").
				if lang == "ko" {
					for _, m := range koPairRE.FindAllString(page, -1) {
						t.Errorf("%s %s: an unfilled particle shows: %q", lang, sc.name, m)
					}
					for _, m := range koWrongParticles(page) {
						t.Errorf("%s %s: a particle disagrees with its word: %q in %q", lang, sc.name, m, around(page, m))
					}
				}
			}
		})
	}
}

// around is the text of page around the first s in it.
func around(page, s string) string {
	i := strings.Index(page, s)
	if i < 0 {
		return s
	}
	lo, hi := max(0, i-40), min(len(page), i+len(s)+40)
	for lo > 0 && !utf8.RuneStart(page[lo]) {
		lo--
	}
	for hi < len(page) && !utf8.RuneStart(page[hi]) {
		hi++
	}
	return strings.ReplaceAll(page[lo:hi], "\n", " ⏎ ")
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
