package main

import (
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// TestReplayTagDisagreements: Contract, Declarer and Result tags that
// contradict the replay, or a Result that is no number of tricks, are
// warned about on stderr; the replay counts and the board is scored.
func TestReplayTagDisagreements(t *testing.T) {
	const head = "[Board \"1\"]\n[Dealer \"N\"]\n[Vulnerable \"None\"]\n" +
		"[Deal \"N:AKQJ.AKQ.AKQ.AKQ T98.JT9.JT9.JT98 7654.876.876.765 32.5432.5432.432\"]\n"
	for _, c := range []struct {
		tags, want string
	}{
		{"[Declarer \"E\"]\n[Contract \"4S\"]\n[Result \"13\"]\n", `the Contract tag "4S" disagrees with the auction (7NT), which counts; the Declarer tag "E" disagrees`},
		{"[Declarer \"N\"]\n[Contract \"7NT\"]\n[Result \"13\"]\n", ""},
		{"[Declarer \"N\"]\n[Contract \"7NT\"]\n[Result \"99\"]\n", ""}, // the claim's Result cannot be read: not scored
	} {
		path := filepath.Join(t.TempDir(), "b.pbn")
		os.WriteFile(path, []byte(head+c.tags+"[Auction \"N\"]\n7NT Pass Pass Pass\n[Play \"E\"]\n*\n"), 0o644)
		code, out, errOut := runAtout(t, "", "replay", "--json", path)
		if code != 0 {
			t.Fatalf("%q: exit %d: %s", c.tags, code, errOut)
		}
		if c.want == "" {
			if strings.Contains(errOut, "disagrees") {
				t.Errorf("%q: warned %q", c.tags, errOut)
			}
			continue
		}
		if !strings.Contains(errOut, c.want) || !strings.Contains(out, `"contract":"7NT"`) {
			t.Errorf("%q: stdout %q, stderr %q, want the warning %q", c.tags, out, errOut, c.want)
		}
	}
	// A complete play with a Result that says otherwise, and one that is
	// no number of tricks at all.
	code, _, errOut := runAtout(t, "", "replay", "--json", "testdata/bridge-event.pbn")
	if code != 0 || strings.Contains(errOut, "disagrees") {
		t.Errorf("bridge-event.pbn: exit %d, stderr %q", code, errOut)
	}
	data, _ := os.ReadFile("testdata/bridge-event.pbn")
	bad := strings.Replace(string(data), `[Result "7"]`, `[Result "99"]`, 1)
	if bad == string(data) {
		t.Fatal(`bridge-event.pbn has no [Result "7"]`)
	}
	path := filepath.Join(t.TempDir(), "e.pbn")
	os.WriteFile(path, []byte(bad), 0o644)
	if code, _, errOut := runAtout(t, "", "replay", "--json", path); code != 0 || !strings.Contains(errOut, `the Result tag "99" is no number of tricks`) {
		t.Errorf("Result 99: exit %d, stderr %q", code, errOut)
	}
}
