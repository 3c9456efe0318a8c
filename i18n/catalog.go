package i18n

import (
	"embed"
	"encoding/json"
	"fmt"
	"sort"
	"strings"
)

//go:embed locales/*.json
var localeFS embed.FS

// catalogs holds the parsed catalogs, loaded once at start-up. A broken
// embedded catalog is a build mistake, caught by the tests, so loading
// panics rather than returning an error nobody could handle.
var catalogs = loadCatalogs()

func loadCatalogs() map[Lang]map[string]string {
	out := make(map[Lang]map[string]string, len(Supported))
	for _, l := range Supported {
		b, err := localeFS.ReadFile("locales/" + string(l) + ".json")
		if err != nil {
			panic(fmt.Sprintf("i18n: catalog %s: %v", l, err))
		}
		m := map[string]string{}
		if err := json.Unmarshal(b, &m); err != nil {
			panic(fmt.Sprintf("i18n: catalog %s: %v", l, err))
		}
		out[l] = m
	}
	return out
}

// Args are the values of a message's named placeholders: Args{"seat": "North"}
// fills {seat}. Values are formatted with fmt.Sprint.
type Args map[string]any

// T returns the message key in lang with its placeholders filled from args
// (several maps are merged, later ones winning). A key missing in lang is
// taken from English; a key missing there too is returned as is. A
// placeholder without a value is left as written, "{seat}".
func T(lang Lang, key string, args ...Args) string {
	msg, ok := lookup(lang, key)
	if !ok {
		return key
	}
	return format(msg, args)
}

// Has reports whether key is a message of the English catalog.
func Has(key string) bool {
	_, ok := catalogs[Default][key]
	return ok
}

// Plural returns the form of the counted message key that fits n in lang:
// key+".one" or key+".other". The count is also passed as the placeholder
// {n}. English and German use "one" for 1 only; French and Hindi for 0 and 1;
// Korean has no plural and always uses "other".
func Plural(lang Lang, key string, n int, args ...Args) string {
	form := ".other"
	if pluralOne(lang.orDefault(), n) {
		form = ".one"
	}
	all := make([]Args, 0, len(args)+1)
	all = append(all, Args{"n": n})
	all = append(all, args...)
	return T(lang, key+form, all...)
}

func pluralOne(l Lang, n int) bool {
	switch l {
	case Ko:
		return false
	case Fr, Hi:
		return n == 0 || n == 1
	}
	return n == 1
}

func lookup(lang Lang, key string) (string, bool) {
	if m, ok := catalogs[lang]; ok {
		if s, ok := m[key]; ok {
			return s, true
		}
	}
	s, ok := catalogs[Default][key]
	return s, ok
}

// Catalog returns every message of lang, with English filling any gap: the
// map the server sends to the browser as JSON. An unsupported lang gives the
// English catalog. The map is a fresh copy the caller may keep or change.
func Catalog(lang Lang) map[string]string {
	en := catalogs[Default]
	out := make(map[string]string, len(en))
	for k, v := range en {
		out[k] = v
	}
	if lang != Default {
		for k, v := range catalogs[lang] {
			out[k] = v
		}
	}
	return out
}

// Keys returns the message IDs of the English catalog, sorted.
func Keys() []string {
	keys := make([]string, 0, len(catalogs[Default]))
	for k := range catalogs[Default] {
		keys = append(keys, k)
	}
	sort.Strings(keys)
	return keys
}

// Placeholders returns the distinct placeholder names of a message, sorted:
// "{seat} played {card}" gives [card seat].
func Placeholders(msg string) []string {
	seen := map[string]bool{}
	var out []string
	for i := 0; i < len(msg); i++ {
		if msg[i] != '{' {
			continue
		}
		if name, n := placeholderAt(msg[i:]); n > 0 {
			if !seen[name] {
				seen[name] = true
				out = append(out, name)
			}
			i += n - 1
		}
	}
	sort.Strings(out)
	return out
}

// placeholderAt reads "{name}" at the start of s, name being ASCII letters,
// digits and underscores; n is 0 when s does not start with one.
func placeholderAt(s string) (name string, n int) {
	for j := 1; j < len(s) && j <= 33; j++ {
		c := s[j]
		switch {
		case c == '}':
			if j == 1 {
				return "", 0
			}
			return s[1:j], j + 1
		case c == '_' || c >= '0' && c <= '9' || c >= 'a' && c <= 'z' || c >= 'A' && c <= 'Z':
		default:
			return "", 0
		}
	}
	return "", 0
}

func format(msg string, args []Args) string {
	if len(args) == 0 || !strings.Contains(msg, "{") {
		return msg
	}
	var b strings.Builder
	b.Grow(len(msg) + 16)
	for i := 0; i < len(msg); i++ {
		if msg[i] == '{' {
			if name, n := placeholderAt(msg[i:]); n > 0 {
				if v, ok := argValue(args, name); ok {
					b.WriteString(v)
					i += n - 1
					continue
				}
			}
		}
		b.WriteByte(msg[i])
	}
	return b.String()
}

func argValue(args []Args, name string) (string, bool) {
	for i := len(args) - 1; i >= 0; i-- {
		if v, ok := args[i][name]; ok {
			if s, ok := v.(string); ok {
				return s, true
			}
			return fmt.Sprint(v), true
		}
	}
	return "", false
}
