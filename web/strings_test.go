package web_test

// The browser's strings come only from the catalog the server sends
// (GET /api/i18n/{lang}): no script keeps an English copy of it, neither a
// table of keys to texts nor a text written as a fallback.

import (
	"fmt"
	"io/fs"
	"strings"
	"testing"

	"atout/i18n"
	"atout/web"
)

// jsString is a string literal of a script: its text (for a template
// literal, each part between substitutions is one), the line it starts on,
// the significant character before it and whether a ":" follows it.
type jsString struct {
	text   string
	line   int
	before byte
	colon  bool
}

// property reports whether s names an object literal's property: it comes
// after "{" or "," and before ":" (not a ternary's "? 'a' : 'b'").
func (s jsString) property() bool { return s.colon && (s.before == '{' || s.before == ',') }

// jsStrings returns the string literals of a script, skipping comments and
// regular expression literals. It is a lexer just good enough for the UI's
// own scripts, not a JavaScript parser.
func jsStrings(src string) []jsString {
	var out []jsString
	line := 1
	prev := byte(0)  // the last significant character outside strings and comments
	word := ""       // the last identifier, when prev ends one
	depth := []int{} // open template literals: the braces opened inside each "${"
	i := 0
	for i < len(src) {
		c := src[i]
		switch {
		case c == '\n':
			line++
			i++
		case c == ' ' || c == '\t' || c == '\r':
			i++
		case strings.HasPrefix(src[i:], "//"):
			for i < len(src) && src[i] != '\n' {
				i++
			}
		case strings.HasPrefix(src[i:], "/*"):
			end := strings.Index(src[i+2:], "*/")
			if end < 0 {
				end = len(src) - i - 2
			}
			line += strings.Count(src[i:i+2+end], "\n")
			i += end + 4
		case c == '/' && regexAllowed(prev, word):
			i = skipRegex(src, i)
			prev, word = '/', ""
		case c == '\'' || c == '"':
			s, n, nl := quoted(src, i, c)
			out = append(out, jsString{text: s, line: line, before: prev})
			line += nl
			i = n
			prev, word = c, ""
		case c == '`' || (c == '}' && len(depth) > 0 && depth[len(depth)-1] == 0):
			if c == '}' {
				depth = depth[:len(depth)-1]
			}
			s, n, nl, open := templatePart(src, i)
			out = append(out, jsString{text: s, line: line, before: prev})
			line += nl
			i = n
			if open {
				depth = append(depth, 0)
				prev, word = '{', ""
			} else {
				prev, word = '`', ""
			}
		case isIdent(c):
			j := i
			for j < len(src) && isIdent(src[j]) {
				j++
			}
			word, prev = src[i:j], src[j-1]
			i = j
		default:
			if len(depth) > 0 && c == '{' {
				depth[len(depth)-1]++
			}
			if len(depth) > 0 && c == '}' {
				depth[len(depth)-1]--
			}
			if c == ':' && len(out) > 0 && (prev == '\'' || prev == '"' || prev == '`') {
				out[len(out)-1].colon = true
			}
			prev, word = c, ""
			i++
		}
	}
	return out
}

func isIdent(c byte) bool {
	return c == '_' || c == '$' || c >= 0x80 || c >= 'a' && c <= 'z' || c >= 'A' && c <= 'Z' || c >= '0' && c <= '9'
}

// regexAllowed reports whether a "/" after prev (and the identifier word,
// if prev ends one) starts a regular expression rather than a division.
func regexAllowed(prev byte, word string) bool {
	switch word {
	case "return", "typeof", "case", "in", "of", "new", "delete", "void", "throw", "else", "do":
		return true
	}
	switch {
	case word != "":
		return false
	case prev == ')' || prev == ']' || prev == '}' || prev == '\'' || prev == '"' || prev == '`':
		return false
	}
	return true
}

// skipRegex returns the index after the regular expression literal at i.
func skipRegex(src string, i int) int {
	class := false
	for i++; i < len(src) && src[i] != '\n'; i++ {
		switch c := src[i]; {
		case c == '\\':
			i++
		case c == '[':
			class = true
		case c == ']':
			class = false
		case c == '/' && !class:
			for i++; i < len(src) && isIdent(src[i]); i++ {
			}
			return i
		}
	}
	return i
}

// quoted reads the string literal quoted by q at i: its text, the index
// after it and the newlines it spans.
func quoted(src string, i int, q byte) (string, int, int) {
	var b strings.Builder
	nl := 0
	for i++; i < len(src) && src[i] != q; i++ {
		if src[i] == '\\' && i+1 < len(src) {
			i++
			if src[i] == '\n' {
				nl++
				continue
			}
			b.WriteString(unescape(src[i]))
			continue
		}
		if src[i] == '\n' {
			nl++
		}
		b.WriteByte(src[i])
	}
	return b.String(), i + 1, nl
}

// templatePart reads a template literal's text from the "`" or "}" at i to
// the next "${" (open) or the closing "`".
func templatePart(src string, i int) (text string, next, nl int, open bool) {
	var b strings.Builder
	for i++; i < len(src); i++ {
		switch {
		case src[i] == '\\' && i+1 < len(src):
			i++
			b.WriteString(unescape(src[i]))
		case src[i] == '`':
			return b.String(), i + 1, nl, false
		case strings.HasPrefix(src[i:], "${"):
			return b.String(), i + 2, nl, true
		default:
			if src[i] == '\n' {
				nl++
			}
			b.WriteByte(src[i])
		}
	}
	return b.String(), i, nl, false
}

func unescape(c byte) string {
	switch c {
	case 'n':
		return "\n"
	case 't':
		return "\t"
	}
	return string(c)
}

// englishCopies returns what a script holds of the English catalog en,
// each as "line: what": a string literal equal to a message of three words
// or more, and an object literal's property named by a catalog key whose
// value is a text (a table of keys to texts; a key whose value is another
// key is no copy).
func englishCopies(src string, en map[string]string) []string {
	texts := map[string]string{}
	for k, v := range en {
		if v = strings.Join(strings.Fields(v), " "); len(strings.Fields(v)) >= 3 {
			texts[v] = k
		}
	}
	var out []string
	ss := jsStrings(src)
	for i, s := range ss {
		if k, ok := texts[strings.Join(strings.Fields(s.text), " ")]; ok {
			out = append(out, fmt.Sprintf("%d: the English text of %s, %q", s.line, k, s.text))
		}
		if _, ok := en[s.text]; !ok || !s.property() || i+1 == len(ss) {
			continue
		}
		if v := ss[i+1]; v.before == ':' && v.text != "" {
			if _, isKey := en[v.text]; !isKey {
				out = append(out, fmt.Sprintf("%d: the catalog key %s given the text %q", s.line, s.text, v.text))
			}
		}
	}
	return out
}

func TestEnglishCopiesFound(t *testing.T) {
	en := map[string]string{"a11y.hand": "Your hand", "analysis.costly": "Cards that cost a trick", "table.claim": "Claim", "table.concede": "Concede"}
	tests := []struct {
		name, src string
		want      int
	}{
		{"a table of texts", "const EN = {\n  'a11y.hand': \"Your hand\",\n  'table.claim': 'Claim',\n};", 2},
		{"a fallback", "const s = t('analysis.costly') || 'Cards that cost a trick';", 1},
		{"a template", "const s = `Cards that cost a trick`;", 1},
		{"spaced", "const s = \" Cards that  cost a trick \";", 1},
		{"after a regexp with quotes", "const r = /['\"]+$/u; const s = 'Cards that cost a trick';", 1},
		{"inside a substitution", "const s = `${x ? 'Cards that cost a trick' : ''}`;", 1},
		{"the keys alone", "t('analysis.costly'); t(ok ? 'table.claim' : 'table.concede');", 0},
		{"a map of keys", "const k = { 'a11y.hand': 'table.claim' };", 0},
		{"a short text", "const s = 'Your hand';", 0},
		{"in a comment", "// 'Cards that cost a trick'\n/* \"Cards that cost a trick\" */", 0},
		{"a division", "const x = a / b; const y = (c) / 2; const s = 'Cards that cost a trick';", 1},
	}
	for _, tc := range tests {
		if got := englishCopies(tc.src, en); len(got) != tc.want {
			t.Errorf("%s: found %q, want %d", tc.name, got, tc.want)
		}
	}
}

// TestNoEnglishCopy keeps the English catalog out of the scripts: the
// browser shows the catalog the server sends, or says it could not load it.
func TestNoEnglishCopy(t *testing.T) {
	en := i18n.Catalog(i18n.En)
	files, literals := 0, 0
	err := fs.WalkDir(web.FS(), "js", func(path string, d fs.DirEntry, err error) error {
		if err != nil || d.IsDir() || !strings.HasSuffix(path, ".js") {
			return err
		}
		b, err := fs.ReadFile(web.FS(), path)
		if err != nil {
			return err
		}
		files++
		literals += len(jsStrings(string(b)))
		for _, c := range englishCopies(string(b), en) {
			t.Errorf("%s:%s: take it from the catalog (t(key))", path, c)
		}
		return nil
	})
	if err != nil {
		t.Fatal(err)
	}
	if files < 10 || literals < 1000 {
		t.Fatalf("read %d scripts with %d string literals: the scripts were not found", files, literals)
	}
}
