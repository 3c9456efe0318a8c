package bidding

import (
	"bytes"
	"os"
	"regexp"
	"slices"
	"strconv"
	"strings"
	"testing"

	"atout/bridge"
	"atout/card"
	"atout/i18n"
)

// The convention card is made from the table: most rules have an example,
// every section has lines, each example is a legal auction the rule
// matches, and every line is worded in every language without English
// words.
func TestConventions(t *testing.T) {
	b := New(Options{})
	cs := b.Conventions()
	rules, shown := map[string]bool{}, map[string]bool{}
	for _, r := range b.rules {
		if !r.Natural && r.Prio > prioDefault {
			rules[r.Name] = true
		}
	}
	groups := map[string]int{}
	var open1NT bool
	for _, c := range cs {
		for _, r := range c.Rules {
			shown[r] = true
		}
		if c.Rule != c.Rules[0] || c.Rule != c.Meaning.Rule {
			t.Errorf("%s: rules %v, meaning read from %s", c.Rule, c.Rules, c.Meaning.Rule)
		}
		groups[c.Group]++
		a := bridge.NewAuction(card.North)
		for _, call := range append(append([]bridge.Call(nil), c.Auction...), c.Call) {
			if err := a.Add(call); err != nil {
				t.Fatalf("%s: %v then %v is not a legal auction: %v", c.Rule, c.Auction, c.Call, err)
			}
		}
		if c.Rule == "open.1nt" && len(c.Auction) == 0 && c.Call == bridge.NewBid(1, bridge.NoTrump) &&
			c.Meaning.MinHCP == 15 && c.Meaning.MaxHCP == 17 && c.Meaning.Balanced {
			open1NT = true
		}
		for _, l := range i18n.Supported {
			w := c.Meaning.Line(l, c.Call)
			if w == "" || strings.Contains(w, "{") || strings.Contains(w, "meaning.") {
				t.Errorf("%s %s: %q", c.Rule, l, w)
			}
			if l != i18n.En {
				for _, e := range []string{"natural", "balanced", "HCP", "spades", "hearts", "clubs", "diamonds", "invitational"} {
					if strings.Contains(w, e) && !(e == "HCP" && l == i18n.Ko) {
						t.Errorf("%s %s: English %q in %q", c.Rule, l, e, w)
					}
				}
			}
		}
	}
	if len(shown)*10 < len(rules)*8 {
		t.Errorf("%d rules shown of %d: fewer than 80%% of the rules have an example", len(shown), len(rules))
	}
	for _, g := range ConventionGroups {
		if groups[g] == 0 {
			t.Errorf("section %s has no line", g)
		}
	}
	if !open1NT {
		t.Error("no line for the 1NT opening, 15-17 balanced")
	}
	// The sections come in order.
	last := 0
	for _, c := range cs {
		i := slices.Index(ConventionGroups, c.Group)
		if i < last {
			t.Fatalf("%s (%s) out of section order", c.Rule, c.Group)
		}
		last = i
	}
}

// One line per call per auction (issue 34: 2C was listed as the strong
// opening and as a weak two in clubs, the 1H opening twice): the rules
// that make the same call in the same auction share one line, which lists
// their hand types.
func TestConventionsOneLinePerCall(t *testing.T) {
	cs := New(Options{}).Conventions()
	lines := map[string]Convention{}
	for _, c := range cs {
		k := conventionKey(c.Auction, c.Call)
		if o, ok := lines[k]; ok {
			t.Errorf("%s listed twice: by %v and by %v", k, o.Rules, c.Rules)
		}
		lines[k] = c
	}
	if c := lines["|2C"]; c.Rule != "open.2c" || slices.Contains(c.Rules, "open.weak2") {
		t.Errorf("2C opening: rules %v, want the strong 2C alone", c.Rules)
	}
	if c := lines["|2D"]; !slices.Contains(c.Rules, "open.weak2") {
		t.Errorf("2D opening: rules %v, want the weak two", c.Rules)
	}
	if c := lines["|1H"]; !slices.Contains(c.Rules, "open.1major") || !slices.Contains(c.Rules, "open.1major.short") || c.Meaning.MinLen[card.Hearts] != 5 {
		t.Errorf("1H opening: rules %v, %+v", c.Rules, c.Meaning)
	}
	if c := lines["P P |2H"]; len(c.Hands) != 2 || c.Meaning.MinLen[card.Hearts] != 5 || c.Meaning.MaxLen[card.Hearts] != 6 {
		t.Errorf("third-seat 2H: %d hand types, %+v; want the weak two and the five-card one, 5-6 hearts", len(c.Hands), c.Meaning)
	}
}

var digits = regexp.MustCompile(`[0-9]+`)

// shape is what a line says, read back from its words in lang: the
// numbers, how often each suit is named, balanced, artificial, the force.
func shape(l i18n.Lang, details string) string {
	nums := digits.FindAllString(details, -1)
	slices.Sort(nums)
	var sb strings.Builder
	sb.WriteString(strings.Join(nums, " "))
	for _, s := range card.Suits {
		sb.WriteString(" " + s.String() + strings.Repeat("+", strings.Count(details, i18n.T(l, "suit."+s.String()+".plural"))))
	}
	if strings.Contains(details, i18n.T(l, "call.balanced")) {
		sb.WriteString(" bal")
	}
	if strings.Contains(details, i18n.T(l, "call.artificial")) {
		sb.WriteString(" art")
	}
	parts := strings.Split(details, ", ")
	lastPart := parts[len(parts)-1]
	for f := NonForcing; f <= SignOff; f++ {
		if lastPart == i18n.T(l, "call.force."+strconv.Itoa(int(f))) {
			sb.WriteString(" " + f.String())
		}
	}
	return sb.String()
}

// callWords matches a call named in English words ("1NT", "4C", "Jacoby
// 2NT"): the only numbers an agreement's name may hold.
var callWords = regexp.MustCompile(`\b[1-7](NT|C|D|H|S)\b`)

// Every line, and each of its hand types, says the same numbers, suits,
// balance, convention and force in every language as in English (issue
// 34: the English 4H opening said an eight-card suit, the German one 7+
// hearts and 5-11 points); an agreement's English name holds no number but
// a call's.
func TestConventionsSameInEveryLanguage(t *testing.T) {
	for _, c := range New(Options{}).Conventions() {
		if n := callWords.ReplaceAllString(c.Name, ""); digits.MatchString(n) {
			t.Errorf("%s: the name %q holds numbers", c.Rule, c.Name)
		}
		en := shape(i18n.En, c.Meaning.Details(i18n.En, c.Call))
		if !strings.Contains(en, c.Meaning.Force.String()) && c.Call.Kind != bridge.Pass {
			t.Errorf("%s: %q does not read as %s", c.Rule, c.Meaning.Details(i18n.En, c.Call), c.Meaning.Force)
		}
		for _, l := range i18n.Supported[1:] {
			if got := shape(l, c.Meaning.Details(l, c.Call)); got != en {
				t.Errorf("%s %v %v %s: %q reads %q, English %q reads %q", c.Rule, c.Auction, c.Call, l,
					c.Meaning.Details(l, c.Call), got, c.Meaning.Details(i18n.En, c.Call), en)
			}
			for _, h := range c.Hands {
				if got, want := shape(l, h.Details(l, c.Call)), shape(i18n.En, h.Details(i18n.En, c.Call)); got != want {
					t.Errorf("%s %v %s: hand %q reads %q, English %q", c.Rule, c.Call, l, h.Details(l, c.Call), got, want)
				}
			}
		}
	}
	c := lineOf(t, "", bridge.NewBid(4, bridge.StrainHearts))
	for _, l := range i18n.Supported {
		// At most 11 HCP: a nine-card suit opens 4H with fewer than 5.
		if w := c.Meaning.Details(l, c.Call); shape(l, w) != "11 7 S H+ D C non-forcing" {
			t.Errorf("%s: the 4H opening reads %q (%s), want at most 11 HCP and 7+ hearts", l, w, shape(l, w))
		}
	}
}

func lineOf(t *testing.T, auction string, call bridge.Call) Convention {
	t.Helper()
	for _, c := range New(Options{}).Conventions() {
		if conventionKey(c.Auction, c.Call) == auction+"|"+call.String() {
			return c
		}
	}
	t.Fatalf("no line for %q %v", auction, call)
	return Convention{}
}

const systemDocPath = "../../docs/bidding-system.md"

// docs/bidding-system.md is generated from the rules; it fails when the
// rules changed and the file was not written again
// (go run ./bot/bidding/cmd/systemdoc).
func TestSystemDocUpToDate(t *testing.T) {
	want := New(Options{}).SystemDoc()
	got, err := os.ReadFile(systemDocPath)
	if err != nil {
		t.Fatal(err)
	}
	if !bytes.Equal(got, want) {
		t.Fatalf("%s is out of date: run go run ./bot/bidding/cmd/systemdoc", systemDocPath)
	}
	doc := string(want)
	last := -1
	for _, s := range Sections {
		i := strings.Index(doc, ". "+s.Title+"\n")
		if i < last {
			t.Errorf("section %q out of order", s.Title)
		}
		last = i
	}
	for _, w := range []string{"| (opening) | 1NT | 1NT opening | 15–17 HCP, balanced, natural, non-forcing |", "Stayman", "Jacoby", "Blackwood", "Michaels"} {
		if !strings.Contains(doc, w) {
			t.Errorf("the doc does not say %q", w)
		}
	}
}
