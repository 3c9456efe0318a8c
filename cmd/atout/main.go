// Command atout is the Atout card-table platform: the web app (the default
// command) and the command-line tools for bridge and belote described in
// docs/cli.md.
//
// Every command exits 0 on success, 2 on bad input (one line on stderr naming
// what was wrong and where) and 1 on an internal error. Nothing is printed to
// stdout when a command fails.
package main

import (
	"bufio"
	"bytes"
	"errors"
	"fmt"
	"io"
	"os"
	"strings"
)

// command is one subcommand of atout.
type command struct {
	name    string
	summary string
	// stream commands write to stdout as they go (serve, sim); the others
	// have their output buffered and printed only on success.
	stream bool
	run    func(args []string, stdin io.Reader, stdout, stderr io.Writer) error
}

var commands = map[string]*command{}

func register(c *command) { commands[c.name] = c }

// inputError marks an error caused by bad input: exit status 2.
type inputError struct{ err error }

func (e *inputError) Error() string { return e.err.Error() }
func (e *inputError) Unwrap() error { return e.err }

// badInput returns an input error (exit 2) with a formatted message.
func badInput(format string, args ...any) error {
	return &inputError{fmt.Errorf(format, args...)}
}

// asInput marks err as bad input.
func asInput(err error) error {
	if err == nil {
		return nil
	}
	var ie *inputError
	if errors.As(err, &ie) {
		return err
	}
	return &inputError{err}
}

func main() {
	os.Exit(run(os.Args[1:], os.Stdin, os.Stdout, os.Stderr))
}

// run executes one atout command line and returns the exit status.
func run(args []string, stdin io.Reader, stdout, stderr io.Writer) int {
	name := "serve"
	if len(args) > 0 && (!strings.HasPrefix(args[0], "-") || args[0] == "-h" || args[0] == "--help" || args[0] == "--version") {
		name, args = args[0], args[1:]
	}
	switch name {
	case "help", "-h", "--help":
		if len(args) == 0 || name != "help" {
			usage(stdout)
			return 0
		}
		// atout help CMD is atout CMD --help.
		name, args = args[0], args[1:]
		if name == "belote" && len(args) > 0 {
			name, args = "belote "+args[0], args[1:]
		}
		if _, ok := commands[name]; !ok {
			fmt.Fprintf(stderr, "atout help: unknown command %q (atout help lists them)\n", name)
			return 2
		}
		args = append(args, "--help")
	case "version", "--version":
		version(stdout)
		return 0
	}
	// "atout belote score" is a two-word command.
	if name == "belote" && len(args) > 0 && !strings.HasPrefix(args[0], "-") {
		name, args = "belote "+args[0], args[1:]
	}
	c, ok := commands[name]
	if !ok {
		if name == "belote" {
			fmt.Fprintln(stderr, `atout: "belote" needs a command: atout belote score (try atout help)`)
			return 2
		}
		fmt.Fprintf(stderr, "atout: unknown command %q (try atout help)\n", name)
		return 2
	}
	var out io.Writer
	var buf *bytes.Buffer
	if c.stream {
		bw := bufio.NewWriter(stdout)
		defer bw.Flush()
		out = bw
	} else {
		buf = new(bytes.Buffer)
		out = buf
	}
	err := c.run(args, stdin, out, stderr)
	var hr *helpRequest
	if errors.As(err, &hr) {
		writeHelp(stdout, name, hr.fs)
		return 0
	}
	if err != nil {
		msg := strings.ReplaceAll(err.Error(), "\n", " ")
		fmt.Fprintf(stderr, "atout %s: %s\n", name, msg)
		var ie *inputError
		if errors.As(err, &ie) {
			return 2
		}
		return 1
	}
	if buf != nil {
		if _, err := stdout.Write(buf.Bytes()); err != nil {
			return 1
		}
	}
	return 0
}
