package main

import (
	"os"
	"regexp"
	"strings"
	"testing"
)

// TestCLIDoc runs every transcript of docs/cli.md's "Examples" section
// (a `console` block: `$ atout ...` then its stdout) and compares the output
// byte for byte: the contract's examples are what the code does.
func TestCLIDoc(t *testing.T) {
	t.Chdir("../..")
	data, err := os.ReadFile("docs/cli.md")
	if err != nil {
		t.Fatal(err)
	}
	blocks := regexp.MustCompile("(?s)```console\n(.*?)```").FindAllStringSubmatch(string(data), -1)
	if len(blocks) < 5 {
		t.Fatalf("docs/cli.md has %d examples", len(blocks))
	}
	for _, b := range blocks {
		cmd, want, _ := strings.Cut(b[1], "\n")
		line, ok := strings.CutPrefix(cmd, "$ atout ")
		if !ok {
			t.Fatalf("example %q: want `$ atout ...`", cmd)
		}
		code, out, errOut := runAtout(t, "", shellWords(t, line)...)
		if code != 0 || out != want {
			t.Errorf("%s: exit %d, stderr %q\n got: %q\nwant: %q", cmd, code, errOut, out, want)
		}
	}
}

// TestDocLinks: every docs file (docs/...) that the code, the README and the docs
// name exists in the repository.
func TestDocLinks(t *testing.T) {
	t.Chdir("../..")
	link := regexp.MustCompile(`docs/([\w-]+\.md)`)
	var files []string
	for _, dir := range []string{".", "docs", "cmd/atout", "bridge", "bridge/dd", "bridge/pbn", "bridge/lin", "belote", "tournament", "server", "table", "store", "cluster", "bot/bidding", "bot/bridgebot", "bot/belotebot", "web", "i18n"} {
		ents, err := os.ReadDir(dir)
		if err != nil {
			t.Fatal(err)
		}
		for _, e := range ents {
			if n := e.Name(); strings.HasSuffix(n, ".go") || strings.HasSuffix(n, ".md") {
				files = append(files, dir+"/"+n)
			}
		}
	}
	for _, f := range files {
		data, err := os.ReadFile(f)
		if err != nil {
			t.Fatal(err)
		}
		for _, m := range link.FindAllStringSubmatch(string(data), -1) {
			if strings.Contains(string(data), "../shared/docs/"+m[1]) && !strings.Contains(string(data), " docs/"+m[1]) {
				continue
			}
			if _, err := os.Stat("docs/" + m[1]); err != nil {
				t.Errorf("%s names docs/%s, which does not exist", f, m[1])
			}
		}
	}
}
