package i18n

import (
	"encoding/json"
	"errors"
	"flag"
	"os"
	"path/filepath"
	"reflect"
	"strings"
	"testing"

	"atout/card"
)

var update = flag.Bool("update", false, "rewrite the golden files in testdata/")

func TestEveryKeyInEveryLanguage(t *testing.T) {
	en := catalogs[En]
	// The upper bound catches a catalog blown up by mistake (a generated
	// block pasted twice); the app's screens need some 500 keys.
	if n := len(en); n < 150 || n > 650 {
		t.Errorf("English catalog has %d keys, want 150..650", n)
	}
	for _, l := range Supported {
		m := catalogs[l]
		for k := range en {
			v, ok := m[k]
			switch {
			case !ok:
				t.Errorf("%s: missing key %q", l, k)
			case strings.TrimSpace(v) == "":
				t.Errorf("%s: empty message %q", l, k)
			}
		}
		for k := range m {
			if _, ok := en[k]; !ok {
				t.Errorf("%s: key %q is not in the English catalog", l, k)
			}
		}
	}
}

func TestPlaceholdersConsistent(t *testing.T) {
	for _, k := range Keys() {
		want := Placeholders(catalogs[En][k])
		for _, l := range Supported[1:] {
			if got := Placeholders(catalogs[l][k]); !reflect.DeepEqual(got, want) {
				t.Errorf("%s %q: placeholders %v, English has %v", l, k, got, want)
			}
		}
	}
}

func TestPluralForms(t *testing.T) {
	for _, k := range Keys() {
		if base, ok := strings.CutSuffix(k, ".one"); ok && !Has(base+".other") {
			t.Errorf("%q has no .other form", k)
		}
		if base, ok := strings.CutSuffix(k, ".other"); ok && !Has(base+".one") {
			t.Errorf("%q has no .one form", k)
		}
	}
	tests := []struct {
		lang Lang
		n    int
		want string
	}{
		{En, 0, "0 tricks"}, {En, 1, "1 trick"}, {En, 2, "2 tricks"},
		{Fr, 0, "0 levée"}, {Fr, 1, "1 levée"}, {Fr, 2, "2 levées"},
		{De, 1, "1 Stich"}, {De, 13, "13 Stiche"},
		{Hi, 3, "3 ट्रिक"}, {Ko, 1, "1트릭"},
	}
	for _, tt := range tests {
		if got := Plural(tt.lang, "contract.tricks", tt.n); got != tt.want {
			t.Errorf("Plural(%s, contract.tricks, %d) = %q, want %q", tt.lang, tt.n, got, tt.want)
		}
	}
}

func TestLanguageNamesInTheirOwnLanguage(t *testing.T) {
	want := map[Lang]string{En: "English", Fr: "Français", De: "Deutsch", Hi: "हिन्दी", Ko: "한국어"}
	for _, l := range Supported {
		if got := l.Name(); got != want[l] {
			t.Errorf("%s.Name() = %q, want %q", l, got, want[l])
		}
		for _, in := range Supported {
			if got := T(in, "lang."+string(l)); got != want[l] {
				t.Errorf("T(%s, lang.%s) = %q, want %q", in, l, got, want[l])
			}
		}
	}
}

func TestT(t *testing.T) {
	tests := []struct {
		lang Lang
		key  string
		args []Args
		want string
	}{
		{En, "table.waitingFor", []Args{{"seat": "North"}}, "Waiting for North…"},
		{De, "table.waitingFor", []Args{{"seat": "Nord"}}, "Warten auf Nord …"},
		{Fr, "strain.NT", nil, "SA"},
		{De, "strain.NT", nil, "SA"},
		{En, "strain.NT", nil, "NT"},
		{Ko, "call.double", nil, "더블"},
		{Hi, "call.redouble", nil, "रीडबल"},
		{En, "result.down", []Args{{"n": 2}}, "Down 2"},
		{En, "table.waitingFor", nil, "Waiting for {seat}…"}, // no value: left as written
		{En, "table.claimBy", []Args{{"seat": "N", "n": 1}, {"n": 3}}, "N claims 3 of the remaining tricks"}, // later map wins
		{"xx", "call.pass", nil, "Pass"},        // unknown language: English
		{Fr, "no.such.key", nil, "no.such.key"}, // unknown key: the key
		{En, "lobby.target.value", []Args{{"n": 1000}}, "Game in 1000 points"},
	}
	for _, tt := range tests {
		if got := T(tt.lang, tt.key, tt.args...); got != tt.want {
			t.Errorf("T(%s, %q) = %q, want %q", tt.lang, tt.key, got, tt.want)
		}
	}
}

func TestFallbackToEnglish(t *testing.T) {
	saved := catalogs[Ko]["table.hint"]
	delete(catalogs[Ko], "table.hint")
	defer func() { catalogs[Ko]["table.hint"] = saved }()
	if got := T(Ko, "table.hint"); got != "Hint" {
		t.Errorf("missing Korean message: got %q, want the English %q", got, "Hint")
	}
	if got := Catalog(Ko)["table.hint"]; got != "Hint" {
		t.Errorf("Catalog(ko) gap: got %q, want %q", got, "Hint")
	}
}

func TestFormatEdgeCases(t *testing.T) {
	a := []Args{{"x": "X", "long_name1": 7}}
	for in, want := range map[string]string{
		"{x}{x}":        "XX",
		"{":             "{",
		"{}":            "{}",
		"{x":            "{x",
		"{ x }":         "{ x }",
		"a {y} b":       "a {y} b",
		"{long_name1}!": "7!",
		"{{x}}":         "{X}",
		"ünïcode {x} ✓": "ünïcode X ✓",
	} {
		if got := format(in, a); got != want {
			t.Errorf("format(%q) = %q, want %q", in, got, want)
		}
	}
	if got := Placeholders("{b} {a} {b} {not one} {}"); !reflect.DeepEqual(got, []string{"a", "b"}) {
		t.Errorf("Placeholders = %v", got)
	}
}

func TestCatalog(t *testing.T) {
	for _, l := range Supported {
		c := Catalog(l)
		if len(c) != len(catalogs[En]) {
			t.Errorf("Catalog(%s) has %d keys, want %d", l, len(c), len(catalogs[En]))
		}
		if _, err := json.Marshal(c); err != nil {
			t.Errorf("Catalog(%s) does not marshal: %v", l, err)
		}
	}
	c := Catalog(De)
	c["call.pass"] = "changed"
	if T(De, "call.pass") != "Passe" {
		t.Error("Catalog returned the internal map")
	}
	if !reflect.DeepEqual(Catalog("zz"), Catalog(En)) {
		t.Error("Catalog of an unsupported language is not the English one")
	}
}

func TestMatch(t *testing.T) {
	tests := []struct {
		header string
		want   Lang
	}{
		{"de-CH,de;q=0.9,en;q=0.8", De},
		{"ko-KR", Ko},
		{"*", En},
		{"", En},
		{"junk", En},
		{";;;,,,=q", En},
		{"hi", Hi},
		{"fr;q=0,de", De},
		{"fr-FR", Fr},
		{"FR_fr", Fr},
		{"en-US,en;q=0.9,fr;q=0.8", En},
		{"zh-CN,zh;q=0.9,ko;q=0.5,hi;q=0.4", Ko},
		{"fr;q=0.5,de;q=0.7", De},
		{"fr;q=0.7,de;q=0.7", Fr},     // equal quality: header order
		{"fr;q=1.5,de;q=0.2", De},     // invalid q: range ignored
		{"fr;q=abc,hi;q=0.1", Hi},     // invalid q: range ignored
		{"en;q=0,*", Fr},              // * is any language not refused
		{"en;q=0,fr;q=0,*;q=0.5", De}, // idem
		{"de-CH;q=0,de;q=0.3", De},    // refusing a region keeps the language
		{"zh;q=0.9,*;q=0.1", En},      // only * matches
		{"ja, ko;q=0.1", Ko},
		{"  de  ;  q=0.8 , fr ; q=0.9 ", Fr},
		{"en;q=0,fr;q=0,de;q=0,hi;q=0,ko;q=0", En},
	}
	for _, tt := range tests {
		if got := Match(tt.header); got != tt.want {
			t.Errorf("Match(%q) = %q, want %q", tt.header, got, tt.want)
		}
	}
}

func TestParse(t *testing.T) {
	for in, want := range map[string]Lang{"fr": Fr, "FR": Fr, "fr-FR": Fr, "de_CH": De, " ko ": Ko} {
		if got, ok := Parse(in); !ok || got != want {
			t.Errorf("Parse(%q) = %q, %v", in, got, ok)
		}
	}
	for _, in := range []string{"", "es", "english", "-"} {
		if _, ok := Parse(in); ok {
			t.Errorf("Parse(%q) accepted", in)
		}
	}
}

func FuzzMatch(f *testing.F) {
	for _, s := range []string{"de-CH,de;q=0.9,en;q=0.8", "*", "fr;q=0,de", "ko-KR", "hi;q=0.001", ",,;q=", "x;q=1;q=0"} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, h string) {
		l := Match(h)
		if !l.Valid() {
			t.Fatalf("Match(%q) = %q, not supported", h, l)
		}
		// a header naming only one supported language picks it
		if p, ok := Parse(h); ok && !strings.ContainsAny(h, ",;*") && Match(h) != p {
			t.Fatalf("Match(%q) = %q, want %q", h, Match(h), p)
		}
	})
}

func TestCardName(t *testing.T) {
	tests := []struct {
		card string
		want [5]string // en fr de hi ko
	}{
		{"SA", [5]string{"ace of spades", "as de pique", "Pik-Ass", "हुकुम का इक्का", "스페이드 에이스"}},
		{"HQ", [5]string{"queen of hearts", "dame de cœur", "Herz-Dame", "पान की बेगम", "하트 퀸"}},
		{"DT", [5]string{"ten of diamonds", "dix de carreau", "Karo-Zehn", "ईंट का 10", "다이아몬드 10"}},
		{"CJ", [5]string{"jack of clubs", "valet de trèfle", "Kreuz-Bube", "चिड़ी का गुलाम", "클럽 잭"}},
		{"S7", [5]string{"seven of spades", "sept de pique", "Pik-Sieben", "हुकुम का 7", "스페이드 7"}},
		{"HK", [5]string{"king of hearts", "roi de cœur", "Herz-König", "पान का बादशाह", "하트 킹"}},
		{"C2", [5]string{"two of clubs", "deux de trèfle", "Kreuz-Zwei", "चिड़ी का 2", "클럽 2"}},
	}
	for _, tt := range tests {
		c := card.MustParse(tt.card)
		for i, l := range Supported {
			if got := CardName(l, c); got != tt.want[i] {
				t.Errorf("CardName(%s, %s) = %q, want %q", l, tt.card, got, tt.want[i])
			}
		}
	}
	// every card of the 52 has its own name, fully filled in
	for _, l := range Supported {
		seen := map[string]card.Card{}
		for _, c := range card.Deck52() {
			n := CardName(l, c)
			if strings.ContainsAny(n, "{}") || n == "" {
				t.Errorf("CardName(%s, %s) = %q", l, c, n)
			}
			if d, dup := seen[n]; dup {
				t.Errorf("%s: %s and %s are both %q", l, c, d, n)
			}
			seen[n] = c
		}
	}
	if got := CardName(En, 0); got != "--" {
		t.Errorf("CardName of no card = %q", got)
	}
}

func TestNames(t *testing.T) {
	if got := SuitName(Hi, card.Hearts); got != "पान" {
		t.Errorf("SuitName(hi, H) = %q", got)
	}
	if got := SeatName(De, card.East); got != "Ost" {
		t.Errorf("SeatName(de, E) = %q", got)
	}
	if got := SeatName(Ko, card.West); got != "서" {
		t.Errorf("SeatName(ko, W) = %q", got)
	}
	if got := SideName(Fr, card.EW); got != "Est-Ouest" {
		t.Errorf("SideName(fr, EW) = %q", got)
	}
	if got := RankName(De, card.Jack); got != "Bube" {
		t.Errorf("RankName(de, J) = %q", got)
	}
	for _, l := range Supported {
		for _, s := range card.Suits {
			if n := SuitName(l, s); n == "" || strings.HasPrefix(n, "suit.") {
				t.Errorf("SuitName(%s, %s) = %q", l, s, n)
			}
		}
		for _, s := range card.Seats {
			if n := SeatName(l, s); n == "" || strings.HasPrefix(n, "seat.") {
				t.Errorf("SeatName(%s, %s) = %q", l, s, n)
			}
		}
	}
}

func TestCallName(t *testing.T) {
	tests := []struct {
		call string
		want [5]string // en fr de hi ko
	}{
		{"1NT", [5]string{"1NT", "1SA", "1SA", "1NT", "1NT"}},
		{"3N", [5]string{"3NT", "3SA", "3SA", "3NT", "3NT"}},
		{"4S", [5]string{"4♠", "4♠", "4♠", "4♠", "4♠"}},
		{"1h", [5]string{"1♥", "1♥", "1♥", "1♥", "1♥"}},
		{"P", [5]string{"Pass", "Passe", "Passe", "पास", "패스"}},
		{"Pass", [5]string{"Pass", "Passe", "Passe", "पास", "패스"}},
		{"X", [5]string{"Double", "Contre", "Kontra", "डबल", "더블"}},
		{"XX", [5]string{"Redouble", "Surcontre", "Rekontra", "रीडबल", "리더블"}},
		{"8C", [5]string{"8C", "8C", "8C", "8C", "8C"}}, // not a call: unchanged
	}
	for _, tt := range tests {
		for i, l := range Supported {
			if got := CallName(l, tt.call); got != tt.want[i] {
				t.Errorf("CallName(%s, %q) = %q, want %q", l, tt.call, got, tt.want[i])
			}
		}
	}
	contracts := []struct {
		lang     Lang
		in, want string
	}{
		{De, "3NT", "3SA"}, {En, "4SX", "4♠X"}, {Fr, "7NTXX", "7SAXX"},
		{En, "Pass", "Passed out"}, {De, "Pass", "Passe"}, {Ko, "junk", "junk"},
	}
	for _, tt := range contracts {
		if got := ContractName(tt.lang, tt.in); got != tt.want {
			t.Errorf("ContractName(%s, %q) = %q, want %q", tt.lang, tt.in, got, tt.want)
		}
	}
}

// pageTerms are words each page must use: the catalog's own terms, so that
// the pages and the interface say the same thing.
var pageTerms = map[string][]string{
	"bridge": {"call.pass", "call.double", "call.redouble", "contract.label", "contract.declarer",
		"contract.dummy", "contract.defenders", "contract.tricks", "vul.label", "strain.NT",
		"strain.NT.name", "vul.None", "vul.NS", "vul.EW", "vul.All"},
	"belote": {"mode.notrump", "mode.coinche", "ann.tierce", "ann.cinquante", "ann.cent", "ann.carre",
		"ann.belote", "ann.rebelote", "belote.coinche", "belote.surcoinche", "belote.capot",
		"rules.maison", "rules.official", "belote.contract", "strain.trump"},
}

func TestRulesPages(t *testing.T) {
	for _, g := range Games {
		var ids []string
		for _, l := range Supported {
			p, err := RulesPage(l, g)
			if err != nil {
				t.Fatalf("RulesPage(%s, %s): %v", l, g, err)
			}
			if p.Title == "" || p.Lang != l || p.Game != g {
				t.Errorf("%s/%s: bad page header %q %q %q", g, l, p.Title, p.Lang, p.Game)
			}
			var got []string
			for _, s := range p.Sections {
				got = append(got, s.ID)
				if s.Heading == "" || s.HTML == "" {
					t.Errorf("%s/%s: section %q is empty", g, l, s.ID)
				}
			}
			if ids == nil {
				ids = got
			} else if !reflect.DeepEqual(got, ids) {
				t.Errorf("%s/%s: sections %v, English has %v", g, l, got, ids)
			}
			h := string(p.HTML)
			low := strings.ToLower(h)
			for _, bad := range []string{"<script", "javascript:", "onerror", "{#", "::", "**"} {
				if strings.Contains(low, bad) {
					t.Errorf("%s/%s: page contains %q", g, l, bad)
				}
			}
			for _, k := range pageTerms[g] {
				if term := T(l, k); !strings.Contains(low, strings.ToLower(term)) {
					t.Errorf("%s/%s: page does not use %s = %q", g, l, k, term)
				}
			}
		}
	}
}

func TestRulesPageContent(t *testing.T) {
	must := map[string]map[Lang][]string{
		"bridge": {
			En: {"declarer", "dummy", "3NT", "+1430", "-500", "16 HCP"},
			Fr: {"Sans Atout", "3SA", "déclarant", "le mort", "+620"},
			De: {"Sans Atout", "3SA", "1SA", "Alleinspieler", "Dummy", "Gefahrenlage", "Pik: Ass, Dame, Vier. Herz: König, Bube, Fünf.", "16 H-Punkte"},
			Hi: {"नो-ट्रंप", "डिक्लेयरर", "डमी", "वल्नरेबिलिटी", "हुकुम: इक्का, बेगम, चार।", "16 हाई-कार्ड अंक"},
			Ko: {"노트럼프", "선언자", "더미", "발네러빌리티", "3NT"},
		},
		"belote": {
			En: {"130", "162", "250", "ace of spades", "Carré of jacks"},
			Fr: {"130", "dix de der", "as de pique", "Carré de valets"},
			De: {"130", "19 Punkte", "Pik-Ass", "Carré aus Buben"},
			Hi: {"130", "19 अंक", "हुकुम का इक्का", "गुलामों का चौकड़ा", "दिस दे देर"},
			Ko: {"130", "19점", "스페이드 에이스", "잭 카레"},
		},
	}
	mustNot := map[string]map[Lang][]string{
		"bridge": {De: {"ungünstig", "Teilscore-Spiel"}, Ko: {"버널러블"}},
		"belote": {Hi: {"कोइंच", "कोइंश", "तुरुप", "दिल"}},
	}
	for g, byLang := range must {
		for l, words := range byLang {
			p, _ := RulesPage(l, g)
			for _, w := range words {
				if !strings.Contains(string(p.HTML), w) {
					t.Errorf("%s/%s: page lacks %q", g, l, w)
				}
			}
			for _, w := range mustNot[g][l] {
				if strings.Contains(string(p.HTML), w) {
					t.Errorf("%s/%s: page still has %q", g, l, w)
				}
			}
		}
	}
}

// TestRulesPageSaTa: every belote page has the section on the optional
// sans-atout and tout-atout bids (docs/belote-coinche-sa-ta.md), named as
// the New game window names the setting, with the card values and totals
// of both rule sets, the worked scores, and the coinche section still
// describing a bid with its trump suit.
func TestRulesPageSaTa(t *testing.T) {
	words := map[Lang][]string{
		En: {"off by default", "Sans-atout", "Tout-atout", "100 tout-atout does not overbid 100 hearts", "even over your partner", "no suit trumps another", "none, in sans-atout or in tout-atout", "nobody scores", "a 5 going up", "160 plus the value of the contract"},
		Fr: {"désactivé par défaut", "Sans-atout", "Tout-atout", "100 tout-atout ne passe pas 100 cœur", "même sur son partenaire", "aucune couleur ne coupe", "ni à sans-atout ni à tout-atout", "personne ne marque", "un 5 allant vers le haut", "dix de der"},
		De: {"standardmäßig aus", "Sans Atout", "Tout Atout", "100 Tout Atout überbietet 100 Herz nicht", "auch über den Partner", "Keine Farbe sticht", "weder in Sans Atout noch in Tout Atout", "schreibt niemand", "eine 5 nach oben", "dix de der"},
		Hi: {"डिफ़ॉल्ट रूप से बंद", "ऑल-ट्रंप", "100 ऑल-ट्रंप, 100 पान से ऊँची नहीं", "पार्टनर के पत्ते पर भी", "कोई रंग दूसरे रंग को नहीं काटता", "किसी को अंक नहीं मिलते", "5 ऊपर की ओर", "डील", "दिस दे देर"},
		Ko: {"기본값이 꺼짐", "올트럼프", "100 올트럼프는 100 하트보다 높지 않고", "파트너의 카드 위에도", "아무도 점수를 얻지 못합니다", "5는 올림", "딜", "디스 드 데르"},
	}
	// The figures of docs/belote-coinche-sa-ta.md §3 and §6, in every
	// language: the values of the jack, nine, ace (11 and 19), ten, king
	// and queen in the table's cells, the totals, capot, and the examples.
	cells := []string{"<td>14</td>", "<td>9</td>", "<td>19</td>", "<td>6</td>", "<td>5</td>", "<td>3</td>", "<td>1</td>",
		"<td>130</td>", "<td>162</td>"}
	figures := []string{"250", "190", "60", "240", "90", "62"}
	for _, l := range Supported {
		p, err := RulesPage(l, "belote")
		if err != nil {
			t.Fatal(err)
		}
		var sec, coinche *Section
		for i := range p.Sections {
			switch p.Sections[i].ID {
			case "sata":
				sec = &p.Sections[i]
			case "coinche":
				coinche = &p.Sections[i]
			}
		}
		if sec == nil || coinche == nil {
			t.Errorf("%s: no sata or coinche section", l)
			continue
		}
		h := string(sec.HTML)
		setting := T(l, "lobby.sata")
		for _, w := range append([]string{setting, T(l, "rules.maison"), T(l, "rules.official"), T(l, "belote.capot"),
			T(l, "ann.belote"), T(l, "ann.rebelote"), T(l, "belote.coinche"), T(l, "belote.surcoinche"), "80", "160"}, words[l]...) {
			if !strings.Contains(strings.ToLower(h+sec.Heading), strings.ToLower(w)) {
				t.Errorf("%s: the sata section lacks %q", l, w)
			}
		}
		for _, c := range cells {
			if !strings.Contains(h, c) {
				t.Errorf("%s: the sata table lacks the cell %s", l, c)
			}
		}
		for _, f := range figures {
			if !strings.Contains(h, f) {
				t.Errorf("%s: the sata section lacks %s", l, f)
			}
		}
		// The coinche section still says that a bid names its trump suit,
		// and that the other strains come only with the setting.
		if c := string(coinche.HTML); !strings.Contains(strings.ToLower(c), strings.ToLower(setting)) {
			t.Errorf("%s: the coinche section does not name the setting %q", l, setting)
		}
	}
}

func TestRulesPageFallbacks(t *testing.T) {
	p, err := RulesPage("es", "bridge")
	if err != nil || p.Lang != En {
		t.Errorf("RulesPage(es, bridge) = %v, %v; want the English page", p.Lang, err)
	}
	if _, err := RulesPage(De, "poker"); !errors.Is(err, ErrNoPage) {
		t.Errorf("RulesPage(de, poker) error = %v, want ErrNoPage", err)
	}
}

func TestRenderPageEscapes(t *testing.T) {
	p, err := renderPage(En, "x", "# T <b>\n## A & B {#a}\n<script>alert(1)</script> **bold** ♥\n- <img src=x onerror=y>\n| h |\n|---|\n| <i> |\n")
	if err != nil {
		t.Fatal(err)
	}
	h := string(p.HTML)
	for _, want := range []string{"<h1>T &lt;b&gt;</h1>", "<h2>A &amp; B</h2>", "&lt;script&gt;", "<strong>bold</strong>",
		`<span class="suit suit-h">♥</span>`, "<li>&lt;img src=x onerror=y&gt;</li>", "<th>h</th>", "<td>&lt;i&gt;</td>"} {
		if !strings.Contains(h, want) {
			t.Errorf("rendered page lacks %q:\n%s", want, h)
		}
	}
	if strings.Contains(h, "<script") || strings.Contains(h, "<img") {
		t.Errorf("markup not escaped:\n%s", h)
	}
}

func TestRenderPageErrors(t *testing.T) {
	tests := []struct {
		src  string
		line int
		msg  string
	}{
		{"# T\n## No id\n", 2, "without {#id}"},
		{"# T\n## Bad {#Bad Id}\n", 2, "bad section id"},
		{"# T\n# Again\n", 2, "second title"},
		{"# T\n| a | b |\n|---|---|\n| c |\n", 4, "row has 1 cells"},
		{"# T\n| a |\n| b |\n|---|\n", 4, "must follow the header"},
		{"# T\n::deal N AQ4.KJ5.Q963.KJ2 15\n", 2, "16 HCP, not 15"},
		{"# T\n::deal Q AQ4.KJ5.Q963.KJ2 16\n", 2, "seat"},
		{"# T\n::hand S 20 H7 H8 H9 SA CT DK C7 C2\n", 2, "32-card"},
		{"# T\n::hand S 20 H7 H8 H9 SA CT DK C7 C7\n", 2, "repeated"},
		{"# T\n::hand S 20 H7\n", 2, "8 cards"},
		{"# T\n::image x\n", 2, "unknown directive"},
		{"text only\n", 1, "missing # title"},
	}
	for _, tt := range tests {
		_, err := renderPage(En, "x", tt.src)
		var se *SourceError
		if !errors.As(err, &se) || se.Line != tt.line || !strings.Contains(se.Error(), tt.msg) {
			t.Errorf("renderPage(%q) error = %v, want line %d with %q", tt.src, err, tt.line, tt.msg)
		}
	}
}

// TestRulesGolden keeps the rendered pages under testdata/ so that a change
// in the renderer or the sources shows up in review. Run with -update to
// rewrite them.
func TestRulesGolden(t *testing.T) {
	for _, g := range Games {
		for _, l := range Supported {
			p, _ := RulesPage(l, g)
			path := filepath.Join("testdata", g+"."+string(l)+".html")
			if *update {
				if err := os.WriteFile(path, []byte(p.HTML), 0o644); err != nil {
					t.Fatal(err)
				}
				continue
			}
			want, err := os.ReadFile(path)
			if err != nil {
				t.Fatalf("%v (run go test -update)", err)
			}
			if string(want) != string(p.HTML) {
				t.Errorf("%s differs from the rendered page (run go test -update and review the diff)", path)
			}
		}
	}
}

func BenchmarkT(b *testing.B) {
	a := Args{"seat": "Nord"}
	for b.Loop() {
		_ = T(De, "table.waitingFor", a)
	}
}

func BenchmarkMatch(b *testing.B) {
	for b.Loop() {
		_ = Match("de-CH,de;q=0.9,en;q=0.8,fr;q=0.7,*;q=0.1")
	}
}

func BenchmarkCardName(b *testing.B) {
	c := card.MustParse("HQ")
	for b.Loop() {
		_ = CardName(Hi, c)
	}
}
