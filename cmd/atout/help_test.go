package main

import (
	"strings"
	"testing"
)

// TestHelp: every command answers -h and --help with exit 0, its usage,
// every flag it takes and examples; atout help CMD says the same.
func TestHelp(t *testing.T) {
	for name := range commands {
		words := strings.Fields(name)
		for _, flag := range []string{"-h", "--help"} {
			code, out, errOut := runAtout(t, "", append(words, flag)...)
			if code != 0 || errOut != "" || !strings.HasPrefix(out, "usage: ") {
				t.Errorf("atout %s %s: exit %d, stderr %q, stdout %.80q", name, flag, code, errOut, out)
			}
		}
		code, out, _ := runAtout(t, "", append([]string{"help"}, words...)...)
		_, direct, _ := runAtout(t, "", append(words, "--help")...)
		if code != 0 || out != direct {
			t.Errorf("atout help %s: exit %d, and not the same text as --help", name, code)
		}
		if _, ok := helps[name]; !ok {
			t.Errorf("command %s has no help text", name)
		}
	}
	// Every flag of solve is listed with its default.
	_, out, _ := runAtout(t, "", "solve", "--help")
	for _, want := range []string{"--json", "--dealer VALUE", "(default N)", "--vul VALUE", "--threads N", "--pbn VALUE", "examples:"} {
		if !strings.Contains(out, want) {
			t.Errorf("atout solve --help lacks %q:\n%s", want, out)
		}
	}
	for _, args := range [][]string{{"help"}, {"--help"}, {"-h"}} {
		if code, out, _ := runAtout(t, "", args...); code != 0 || !strings.Contains(out, "version") || !strings.Contains(out, "solve") {
			t.Errorf("atout %v: exit %d: %s", args, code, out)
		}
	}
	if code, out, _ := runAtout(t, "", "version"); code != 0 || !strings.HasPrefix(out, "atout ") {
		t.Errorf("atout version: exit %d: %q", code, out)
	}
	for _, c := range []struct {
		args []string
		want string
	}{
		{[]string{"help", "nope"}, `unknown command "nope"`},
		{[]string{"belote"}, "atout belote score"},
		{[]string{"deal", "--bogus"}, "unknown flag --bogus (atout deal --help lists the flags)"},
		{[]string{"deal", "-n", "abc"}, `invalid value "abc" for flag --n`},
	} {
		code, _, errOut := runAtout(t, "", c.args...)
		if code != 2 || !strings.Contains(errOut, c.want) {
			t.Errorf("atout %v: exit %d, stderr %q, want 2 and %q", c.args, code, errOut, c.want)
		}
	}
}

// TestHelpExamples runs every example of the help texts (but serve's,
// which would not return) from the repository's root, as the README's
// commands run, and wants exit 0 with some output.
func TestHelpExamples(t *testing.T) {
	t.Chdir("../..")
	for name, h := range helps {
		if name == "serve" {
			continue
		}
		for _, ex := range h.examples {
			stdin := ""
			cmd := ex
			if in, rest, ok := strings.Cut(ex, " | "); ok {
				stdin = shellOutput(t, in)
				cmd = rest
			}
			args := shellWords(t, cmd)
			if len(args) == 0 || args[0] != "atout" {
				t.Fatalf("example %q does not run atout", ex)
			}
			code, out, errOut := runAtout(t, stdin, args[1:]...)
			if code != 0 || out == "" {
				t.Errorf("example %q: exit %d, stdout %q, stderr %q", ex, code, out, errOut)
			}
		}
	}
}

// shellWords splits a command line as a POSIX shell does for the simple
// quoting of the examples ('...' and "...").
func shellWords(t *testing.T, s string) []string {
	var words []string
	var cur strings.Builder
	in, quote := false, byte(0)
	for i := 0; i < len(s); i++ {
		c := s[i]
		switch {
		case quote != 0 && c == quote:
			quote = 0
		case quote != 0:
			cur.WriteByte(c)
		case c == '\'' || c == '"':
			quote, in = c, true
		case c == ' ':
			if in {
				words = append(words, cur.String())
				cur.Reset()
				in = false
			}
		default:
			cur.WriteByte(c)
			in = true
		}
	}
	if quote != 0 {
		t.Fatalf("unclosed quote in %q", s)
	}
	if in {
		words = append(words, cur.String())
	}
	return words
}

// shellOutput is what echo or printf prints in an example's pipe.
func shellOutput(t *testing.T, s string) string {
	w := shellWords(t, s)
	if len(w) != 2 || (w[0] != "echo" && w[0] != "printf") {
		t.Fatalf("example input %q: want echo or printf and one argument", s)
	}
	if w[0] == "echo" {
		return w[1] + "\n"
	}
	return strings.NewReplacer(`\t`, "\t", `\n`, "\n").Replace(w[1])
}
