package i18n

import (
	"embed"
	"errors"
	"fmt"
	"html"
	"html/template"
	"strconv"
	"strings"

	"atout/card"
)

//go:embed rules/*.txt
var rulesFS embed.FS

// Games lists the games that have a rules page, in menu order.
var Games = []string{"bridge", "belote"}

// ErrNoPage is returned by [RulesPage] for a game without a rules page.
var ErrNoPage = errors.New("i18n: no rules page")

// Page is a rules page rendered to safe HTML.
type Page struct {
	Lang     Lang
	Game     string
	Title    string
	Sections []Section
	// HTML is the whole page: the title as <h1>, then every section as a
	// <section id=...> with its <h2>.
	HTML template.HTML
}

// Section is one part of a rules page. Its ID is the same in every language,
// so that links such as "#scoring" work whatever the reader's language.
type Section struct {
	ID      string
	Heading string
	HTML    template.HTML // the body, without the heading
}

// RulesPage returns the rules of game ("bridge" or "belote") in lang. An
// unsupported lang gives the English page; an unknown game gives an error
// wrapping [ErrNoPage].
func RulesPage(lang Lang, game string) (Page, error) {
	lang = lang.orDefault()
	p, ok := pages[pageKey{lang, game}]
	if !ok {
		return Page{}, fmt.Errorf("%w for game %q", ErrNoPage, game)
	}
	return p, nil
}

type pageKey struct {
	lang Lang
	game string
}

var pages = loadPages()

func loadPages() map[pageKey]Page {
	out := map[pageKey]Page{}
	for _, g := range Games {
		for _, l := range Supported {
			name := "rules/" + g + "." + string(l) + ".txt"
			b, err := rulesFS.ReadFile(name)
			if err != nil {
				panic(fmt.Sprintf("i18n: %s: %v", name, err))
			}
			p, err := renderPage(l, g, string(b))
			if err != nil {
				panic(fmt.Sprintf("i18n: %s: %v", name, err))
			}
			out[pageKey{l, g}] = p
		}
	}
	return out
}

// SourceError reports a line of a rules source that the renderer cannot read.
type SourceError struct {
	Line int
	Text string
	Msg  string
}

func (e *SourceError) Error() string {
	return fmt.Sprintf("line %d: %s: %q", e.Line, e.Msg, e.Text)
}

// renderPage turns the markup of a rules source into a Page. The markup is
// line based:
//
//	# Title                     the page title (first line)
//	## Heading {#id}            starts a section
//	- item                      list item
//	| a | b |                   table row; a row of dashes ends the header
//	::deal SEAT S.H.D.C HCP     a bridge hand, cards named in the language
//	::hand SEAT POINTS CARDS…   a belote hand holding an announcement
//	::conventions TEXT          a link to the conventions page (#/conventions)
//	text                        paragraph; a blank line ends it
//
// All text is escaped; **bold** is the only inline markup.
func renderPage(lang Lang, game, src string) (Page, error) {
	p := Page{Lang: lang, Game: game}
	var (
		body  strings.Builder // current section body
		para  []string
		list  []string
		table [][]string
		head  bool // table has a header row
		cur   *Section
	)
	flushPara := func() {
		if len(para) > 0 {
			body.WriteString("<p>" + inline(strings.Join(para, " ")) + "</p>\n")
			para = nil
		}
	}
	flushList := func() {
		if len(list) > 0 {
			body.WriteString("<ul>\n")
			for _, it := range list {
				body.WriteString("<li>" + it + "</li>\n")
			}
			body.WriteString("</ul>\n")
			list = nil
		}
	}
	flushTable := func() {
		if len(table) == 0 {
			return
		}
		body.WriteString("<table>\n")
		for i, row := range table {
			tag := "td"
			if head && i == 0 {
				tag = "th"
				body.WriteString("<thead>")
			}
			body.WriteString("<tr>")
			for _, c := range row {
				body.WriteString("<" + tag + ">" + inline(c) + "</" + tag + ">")
			}
			body.WriteString("</tr>")
			if head && i == 0 {
				body.WriteString("</thead>\n<tbody>")
			}
			body.WriteString("\n")
		}
		if head {
			body.WriteString("</tbody>")
		}
		body.WriteString("</table>\n")
		table, head = nil, false
	}
	flush := func() { flushPara(); flushList(); flushTable() }
	endSection := func() {
		flush()
		if cur != nil {
			cur.HTML = template.HTML(body.String())
			p.Sections = append(p.Sections, *cur)
		} else if strings.TrimSpace(body.String()) != "" {
			p.Sections = append(p.Sections, Section{ID: "intro", HTML: template.HTML(body.String())})
		}
		body.Reset()
	}

	lines := strings.Split(strings.ReplaceAll(src, "\r\n", "\n"), "\n")
	for i, raw := range lines {
		n := i + 1
		line := strings.TrimSpace(raw)
		bad := func(msg string) error { return &SourceError{Line: n, Text: raw, Msg: msg} }
		switch {
		case line == "":
			flush()
		case strings.HasPrefix(line, "## "):
			endSection()
			h := strings.TrimSpace(line[3:])
			open := strings.LastIndex(h, "{#")
			if open < 0 || !strings.HasSuffix(h, "}") {
				return p, bad("section heading without {#id}")
			}
			id := h[open+2 : len(h)-1]
			if !validID(id) {
				return p, bad("bad section id")
			}
			cur = &Section{ID: id, Heading: strings.TrimSpace(h[:open])}
		case strings.HasPrefix(line, "# "):
			if p.Title != "" {
				return p, bad("second title")
			}
			p.Title = strings.TrimSpace(line[2:])
		case strings.HasPrefix(line, "- "):
			flushPara()
			flushTable()
			list = append(list, inline(strings.TrimSpace(line[2:])))
		case strings.HasPrefix(line, "|"):
			flushPara()
			flushList()
			if !strings.HasSuffix(line, "|") || len(line) < 2 {
				return p, bad("table row must end with |")
			}
			cells := strings.Split(line[1:len(line)-1], "|")
			for j := range cells {
				cells[j] = strings.TrimSpace(cells[j])
			}
			if isRule(cells) {
				if len(table) != 1 {
					return p, bad("table rule must follow the header row")
				}
				head = true
				continue
			}
			if len(table) > 0 && len(cells) != len(table[0]) {
				return p, bad(fmt.Sprintf("row has %d cells, header has %d", len(cells), len(table[0])))
			}
			table = append(table, cells)
		case strings.HasPrefix(line, "::deal "):
			flush()
			s, err := dealLine(lang, strings.Fields(line[len("::deal "):]))
			if err != nil {
				return p, bad(err.Error())
			}
			body.WriteString(s)
		case strings.HasPrefix(line, "::hand "):
			flushPara()
			flushTable()
			s, err := beloteHand(lang, strings.Fields(line[len("::hand "):]))
			if err != nil {
				return p, bad(err.Error())
			}
			list = append(list, s)
		case strings.HasPrefix(line, "::conventions "):
			flush()
			body.WriteString(`<p class="see-also"><a href="#/conventions" data-testid="conventions-link">` +
				inline(strings.TrimSpace(line[len("::conventions "):])) + "</a></p>\n")
		case strings.HasPrefix(line, "::"):
			return p, bad("unknown directive")
		default:
			flushList()
			flushTable()
			para = append(para, line)
		}
	}
	endSection()
	if p.Title == "" {
		return p, &SourceError{Line: 1, Msg: "missing # title"}
	}
	var all strings.Builder
	fmt.Fprintf(&all, "<article class=\"rules rules-%s\" lang=\"%s\">\n<h1>%s</h1>\n", game, lang, html.EscapeString(p.Title))
	for _, s := range p.Sections {
		fmt.Fprintf(&all, "<section id=\"%s\">\n", s.ID)
		if s.Heading != "" {
			fmt.Fprintf(&all, "<h2>%s</h2>\n", inline(s.Heading))
		}
		all.WriteString(string(s.HTML))
		all.WriteString("</section>\n")
	}
	all.WriteString("</article>\n")
	p.HTML = template.HTML(all.String())
	return p, nil
}

func validID(id string) bool {
	if id == "" || len(id) > 40 {
		return false
	}
	for _, c := range id {
		if !(c >= 'a' && c <= 'z' || c >= '0' && c <= '9' || c == '-') {
			return false
		}
	}
	return true
}

func isRule(cells []string) bool {
	for _, c := range cells {
		if strings.Trim(c, "-: ") != "" || c == "" {
			return false
		}
	}
	return true
}

// inline escapes text, turns **x** into <strong>x</strong> and marks the
// suit symbols with a class so that the red suits can be coloured.
func inline(s string) string {
	e := html.EscapeString(s)
	var b strings.Builder
	for {
		i := strings.Index(e, "**")
		if i < 0 {
			break
		}
		j := strings.Index(e[i+2:], "**")
		if j < 0 {
			break
		}
		b.WriteString(e[:i])
		b.WriteString("<strong>" + e[i+2:i+2+j] + "</strong>")
		e = e[i+2+j+2:]
	}
	b.WriteString(e)
	return suitSpans.Replace(b.String())
}

var suitSpans = strings.NewReplacer(
	"♠", `<span class="suit suit-s">♠</span>`,
	"♥", `<span class="suit suit-h">♥</span>`,
	"♦", `<span class="suit suit-d">♦</span>`,
	"♣", `<span class="suit suit-c">♣</span>`,
)

// dealLine renders "::deal N AQ4.KJ5.Q963.KJ2 16": the seat, its four suits
// with the cards named in words, and the high-card points, which are checked.
func dealLine(lang Lang, f []string) (string, error) {
	if len(f) != 3 {
		return "", errors.New("want ::deal SEAT S.H.D.C HCP")
	}
	seat, err := card.ParseSeat(f[0])
	if err != nil {
		return "", err
	}
	h, err := card.ParseHand(f[1])
	if err != nil {
		return "", err
	}
	hcp, err := strconv.Atoi(f[2])
	if err != nil {
		return "", fmt.Errorf("bad HCP %q", f[2])
	}
	if got := highCardPoints(h); got != hcp {
		return "", fmt.Errorf("hand has %d HCP, not %d", got, hcp)
	}
	sep := T(lang, "rules.list.sep")
	var b strings.Builder
	b.WriteString(`<p class="hand"><strong>` + html.EscapeString(SeatName(lang, seat)) + "</strong> ")
	for i, s := range card.Suits {
		var names []string
		for r := card.Ace; r >= card.Two; r-- {
			if h&card.Bit(card.New(s, r)) != 0 {
				names = append(names, RankName(lang, r))
			}
		}
		if len(names) == 0 {
			names = []string{"—"}
		}
		if i > 0 {
			b.WriteString(" ")
		}
		b.WriteString(html.EscapeString(T(lang, "rules.hand.suit", Args{"suit": SuitName(lang, s), "cards": strings.Join(names, sep)})))
	}
	b.WriteString(" " + html.EscapeString(T(lang, "rules.hand.hcp", Args{"n": hcp})) + "</p>\n")
	return b.String(), nil
}

func highCardPoints(h card.Hand) int {
	n := 0
	for _, s := range card.Suits {
		for r := card.Jack; r <= card.Ace; r++ {
			if h&card.Bit(card.New(s, r)) != 0 {
				n += int(r - card.Ten)
			}
		}
	}
	return n
}

// beloteHand renders "::hand S 20 H7 H8 H9 SA CT DK C7 D8" as a list item:
// the seat, its eight cards by name and the announcement's points.
func beloteHand(lang Lang, f []string) (string, error) {
	if len(f) != 10 {
		return "", errors.New("want ::hand SEAT POINTS and 8 cards")
	}
	seat, err := card.ParseSeat(f[0])
	if err != nil {
		return "", err
	}
	pts, err := strconv.Atoi(f[1])
	if err != nil {
		return "", fmt.Errorf("bad points %q", f[1])
	}
	var names []string
	var seen card.Hand
	for _, w := range f[2:] {
		c, err := card.Parse(w)
		if err != nil {
			return "", err
		}
		if c.Rank() < card.Seven || seen&card.Bit(c) != 0 {
			return "", fmt.Errorf("card %s is not in a 32-card deck or is repeated", c)
		}
		seen |= card.Bit(c)
		names = append(names, CardName(lang, c))
	}
	return "<strong>" + html.EscapeString(SeatName(lang, seat)) + "</strong> " +
		html.EscapeString(strings.Join(names, T(lang, "rules.list.sep"))) + " — " +
		html.EscapeString(T(lang, "rules.hand.ann", Args{"n": pts})), nil
}
