package web_test

import (
	"io/fs"
	"regexp"
	"strings"
	"testing"

	"atout/web"
)

// TestNoFieldGuessing keeps the browser reading exactly the names of the
// protocol (package protocol, docs/protocol.md): no helper trying several
// spellings of a field, no Go field names, no other spelling of a date.
func TestNoFieldGuessing(t *testing.T) {
	bad := regexp.MustCompile(`\bpick\(|'createdAt'|'Created'|'ID'|\.ID\b|'Games'|'Next'|\.meaning\b|\.explanation\b`)
	files := 0
	err := fs.WalkDir(web.FS(), ".", func(path string, d fs.DirEntry, err error) error {
		if err != nil || d.IsDir() || !strings.HasSuffix(path, ".js") {
			return err
		}
		files++
		b, err := fs.ReadFile(web.FS(), path)
		if err != nil {
			return err
		}
		for i, line := range strings.Split(string(b), "\n") {
			if m := bad.FindString(line); m != "" {
				t.Errorf("%s:%d: %q: read the protocol's own name instead", path, i+1, m)
			}
		}
		return nil
	})
	if err != nil {
		t.Fatal(err)
	}
	if files == 0 {
		t.Fatal("no script found in the embedded UI")
	}
}
