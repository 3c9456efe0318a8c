package main

import (
	"bufio"
	"errors"
	"flag"
	"fmt"
	"io"
	"regexp"
	"strings"
)

// newFlags returns a flag set that reports errors as bad input instead of
// exiting. Flags may come before or after positional arguments.
func newFlags(name string) *flag.FlagSet {
	fs := flag.NewFlagSet(name, flag.ContinueOnError)
	fs.SetOutput(io.Discard)
	return fs
}

// parseFlags parses args, allowing flags after positional arguments, and
// returns the positional arguments. A negative number ("-50") is taken as a
// positional argument, not a flag.
func parseFlags(fs *flag.FlagSet, args []string) ([]string, error) {
	var pos []string
	for {
		// move leading positionals out
		for len(args) > 0 && (!strings.HasPrefix(args[0], "-") || isNumber(args[0]) || args[0] == "-") {
			pos = append(pos, args[0])
			args = args[1:]
		}
		if len(args) == 0 {
			return pos, nil
		}
		if args[0] == "--" {
			return append(pos, args[1:]...), nil
		}
		if err := fs.Parse(args); err != nil {
			if errors.Is(err, flag.ErrHelp) {
				return nil, &helpRequest{fs: fs}
			}
			return nil, badInput("%s", flagMessage(fs.Name(), err))
		}
		args = fs.Args()
		if len(args) == 0 {
			return pos, nil
		}
	}
}

func isNumber(s string) bool {
	if len(s) < 2 || s[0] != '-' {
		return false
	}
	for _, c := range s[1:] {
		if c < '0' || c > '9' {
			return false
		}
	}
	return true
}

// maxLine bounds a line of stdin.
const maxLine = 1 << 20

// scanError words the error of a bufio.Scanner that read n lines: a line
// over maxLine is bad input naming its number; anything else is a failure
// to read stdin.
func scanError(err error, n int) error {
	switch {
	case err == nil:
		return nil
	case errors.Is(err, bufio.ErrTooLong):
		return badInput("line %d: longer than %d bytes", n+1, maxLine)
	}
	return fmt.Errorf("reading stdin: %w", err)
}

// helpRequest is the "error" of -h or --help: run prints the command's help
// on stdout and exits 0.
type helpRequest struct{ fs *flag.FlagSet }

func (h *helpRequest) Error() string { return "help requested" }

// flagName matches a flag as the flag package writes it in its errors
// ("-n"), to write it as the help does ("--n").
var flagName = regexp.MustCompile(`(\s)-([A-Za-z])`)

// flagMessage rewords an error of the flag package: flags with two
// dashes, as everywhere else in atout, and "unknown flag" for an
// undefined one.
func flagMessage(cmd string, err error) string {
	msg := err.Error()
	if name, ok := strings.CutPrefix(msg, "flag provided but not defined: -"); ok {
		return fmt.Sprintf("unknown flag --%s (atout %s --help lists the flags)", name, cmd)
	}
	return flagName.ReplaceAllString(msg, "$1--$2")
}
