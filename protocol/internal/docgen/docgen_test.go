package docgen

import (
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// TestEveryFile checks that a file added to the package (as
// protocol/competition.go will be) gets its section, titled by its first
// comment, with its types, fields and constants.
func TestEveryFile(t *testing.T) {
	dir := t.TempDir()
	files := map[string]string{
		"doc.go": "// Package protocol is the wire.\npackage protocol\n",
		"competition.go": `// Competitions
//
// Their bodies.

package protocol

// Kind is a competition's kind.
const Kind = "tournament" // the only one

// Created is the answer of POST /api/x.
type Created struct {
	ID     string   ` + "`json:\"id\"`" + ` // its id
	Boards int      ` + "`json:\"boards,omitempty\"`" + `
	Rows   []Row    ` + "`json:\"rows\"`" + `
	hidden int
}

// Row is a line.
type Row struct{ N int }
`,
		"x_test.go": "package protocol\n\ntype NotDocumented struct{}\n",
	}
	for n, src := range files {
		if err := os.WriteFile(filepath.Join(dir, n), []byte(src), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	ref, err := Generate(dir)
	if err != nil {
		t.Fatal(err)
	}
	got := string(ref)
	for _, want := range []string{
		"Package protocol is the wire.",
		"### Competitions (`protocol/competition.go`)\n\nTheir bodies.",
		"| `Kind` | `\"tournament\"` | the only one |",
		"#### `Created`\n\nCreated is the answer of POST /api/x.",
		"| `id` | `string` | ID | its id |",
		"| `boards` | `int` | Boards | *Omitted when empty.* |",
		"| `rows` | [`[]Row`](#row) | Rows |  |",
		"| `N` | `int` | N |  |",
	} {
		if !strings.Contains(got, want) {
			t.Errorf("missing %q in:\n%s", want, got)
		}
	}
	for _, bad := range []string{"hidden", "NotDocumented"} {
		if strings.Contains(got, bad) {
			t.Errorf("%q documented:\n%s", bad, got)
		}
	}
}

func TestSplice(t *testing.T) {
	doc := []byte("# Title\n\nhand-written\n")
	once, err := Splice(doc, []byte("ref 1"))
	if err != nil {
		t.Fatal(err)
	}
	twice, err := Splice(append(once, "after\n"...), []byte("ref 2"))
	if err != nil {
		t.Fatal(err)
	}
	want := "# Title\n\nhand-written\n\n" + Begin + "\n\nref 2\n\n" + End + "\nafter\n"
	if string(twice) != want {
		t.Errorf("got %q, want %q", twice, want)
	}
	if _, err := Splice([]byte(Begin+"\nno end"), nil); err == nil {
		t.Error("a begin marker without end: no error")
	}
}
