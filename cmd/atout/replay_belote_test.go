package main

import (
	"bytes"
	"encoding/json"
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// TestReplayBeloteGolden runs `atout replay FILE --json` on the example
// records and compares with the expected lines exactly.
func TestReplayBeloteGolden(t *testing.T) {
	for _, name := range []string{"belote-classic-maison-01", "belote-coinche-official-01", "belote-notrump-maison-01"} {
		t.Run(name, func(t *testing.T) {
			want, err := os.ReadFile(filepath.Join("testdata", name+".expected.jsonl"))
			if err != nil {
				t.Fatal(err)
			}
			var out, errb bytes.Buffer
			code := run([]string{"replay", filepath.Join("testdata", name+".json"), "--json"}, nil, &out, &errb)
			if code != 0 {
				t.Fatalf("exit %d: %s", code, errb.String())
			}
			if out.String() != string(want) {
				t.Errorf("got\n%s\nwant\n%s", out.String(), want)
			}
			out.Reset()
			if code := run([]string{"replay", filepath.Join("testdata", name+".json")}, nil, &out, &errb); code != 0 {
				t.Fatalf("text: exit %d", code)
			}
			lines := strings.Split(strings.TrimSpace(out.String()), "\n")
			if len(lines) != strings.Count(string(want), "\n")+1 || !strings.HasPrefix(lines[len(lines)-1], "game: ") {
				t.Errorf("text output:\n%s", out.String())
			}
		})
	}
}

func TestReplayBeloteErrors(t *testing.T) {
	src, err := os.ReadFile(filepath.Join("testdata", "belote-classic-maison-01.json"))
	if err != nil {
		t.Fatal(err)
	}
	dir := t.TempDir()
	for _, tc := range []struct {
		name, data, want string
	}{
		{"illegal card", strings.Replace(string(src), `"W CK"]`, `"W CA"]`, 1),
			`line 9: record 1, action 37 "W CA": trick 8: W cannot play CA: W does not hold CA`},
		{"must follow", strings.Replace(string(src), `"E H7","W HA"`, `"E C9","W HA"`, 1),
			`record 1, action 25 "E C9": trick 5: E cannot play C9: must follow suit in H`},
		{"unfinished", strings.Replace(string(src), `"N S9","W CK"]`, `"N S9"]`, 1),
			`record 1: the deal is not finished: W to act (play)`},
		{"bad json", `{"game":"belote",`, `line 1: not valid JSON`},
		{"broken second record", strings.Replace(string(src), `"dealer":"E"`, `"dealer":"E",,`, 1), `line 16: not valid JSON: invalid character ','`},
		{"binary junk", "\x00\x01{", `line 1: `},
		{"array of junk", "[1, 2]", `line 1: `},
		{"empty array", "[]", `record 1: empty array`},
		{"empty file", "", `no board found`},
		{"dealer", strings.Replace(string(src), `"dealer":"E"`, `"dealer":"N"`, 1),
			`line 16: record 2, field "dealer": dealer N, but after S deals E`},
	} {
		t.Run(tc.name, func(t *testing.T) {
			path := filepath.Join(dir, "game.json")
			if err := os.WriteFile(path, []byte(tc.data), 0o644); err != nil {
				t.Fatal(err)
			}
			var out, errb bytes.Buffer
			code := run([]string{"replay", path, "--json"}, nil, &out, &errb)
			if code != 2 || out.Len() != 0 {
				t.Fatalf("exit %d, stdout %q", code, out.String())
			}
			if !strings.Contains(errb.String(), tc.want) || strings.Count(errb.String(), "\n") != 1 {
				t.Fatalf("stderr %q, want %q", errb.String(), tc.want)
			}
		})
	}
}

// TestReplayBeloteErrorLine checks the line named for a bad action and for
// a bad field when the record is written one value a line.
func TestReplayBeloteErrorLine(t *testing.T) {
	src, err := os.ReadFile(filepath.Join("testdata", "belote-classic-maison-01.json"))
	if err != nil {
		t.Fatal(err)
	}
	var ind bytes.Buffer
	if err := json.Indent(&ind, src, "", "  "); err != nil {
		t.Fatal(err)
	}
	lineOf := func(text, s string) int {
		i := strings.Index(text, s)
		if i < 0 {
			t.Fatalf("%q not in the record", s)
		}
		return 1 + strings.Count(text[:i], "\n")
	}
	dir := t.TempDir()
	for _, tc := range []struct{ old, new, mark, want string }{
		{`"W CK"`, `"W CA"`, `"W CA"`, `record 1, action 37 "W CA"`},
		{`"dealer": "E"`, `"dealer": "X"`, `"dealer": "X"`, `record 2, field "dealer"`},
	} {
		text := strings.Replace(ind.String(), tc.old, tc.new, 1)
		path := filepath.Join(dir, "game.json")
		if err := os.WriteFile(path, []byte(text), 0o644); err != nil {
			t.Fatal(err)
		}
		var out, errb bytes.Buffer
		code := run([]string{"replay", path}, nil, &out, &errb)
		want := fmt.Sprintf("line %d: %s", lineOf(text, tc.mark), tc.want)
		if code != 2 || out.Len() != 0 || !strings.Contains(errb.String(), want) {
			t.Errorf("exit %d, stdout %q, stderr %q, want %q", code, out.String(), errb.String(), want)
		}
	}
}
