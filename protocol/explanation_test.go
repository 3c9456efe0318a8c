package protocol

import (
	"reflect"
	"testing"
)

// TestExplanationIn: a reader of a language gets its words only; English
// and a language without words get none; no language keeps them all; the
// explanation itself is not changed.
func TestExplanationIn(t *testing.T) {
	all := map[string]string{"fr": "Passe", "de": "Passe (de)", "ko": "패스"}
	e := Explanation{Call: "P", Text: "Pass", MinHCP: 0, MaxHCP: 12, Words: all}
	for lang, want := range map[string]map[string]string{
		"":   all,
		"fr": {"fr": "Passe"},
		"ko": {"ko": "패스"},
		"en": nil,
		"hi": nil,
	} {
		got := e.In(lang)
		if !reflect.DeepEqual(got.Words, want) {
			t.Errorf("In(%q).Words = %v, want %v", lang, got.Words, want)
		}
		got.Words = e.Words
		if !reflect.DeepEqual(got, e) {
			t.Errorf("In(%q) changed more than the words: %+v", lang, got)
		}
	}
	if len(e.Words) != 3 || e.Words["de"] == "" {
		t.Errorf("the explanation's own words changed: %v", e.Words)
	}
	if got := (Explanation{Call: "P"}).In("fr"); got.Words != nil {
		t.Errorf("no words in French from none: %v", got.Words)
	}
}
