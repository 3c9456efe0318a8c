package main

import (
	"bufio"
	"bytes"
	"errors"
	"io"

	"atout/belote"
)

func init() {
	register(&command{name: "belote score", summary: "score belote deals: JSON lines on stdin, one result line each", run: runBeloteScore})
}

// maxBeloteLine bounds one input line of `atout belote score`.
const maxBeloteLine = 1 << 20

// runBeloteScore reads one deal per line (docs/cli.md, "Belote deal
// scoring") and writes one result line per deal. Blank lines are skipped;
// unknown fields are ignored. The first bad line stops the command with exit
// status 2 and a message naming the line and the field.
func runBeloteScore(args []string, stdin io.Reader, stdout, _ io.Writer) error {
	fs := newFlags("belote score")
	pos, err := parseFlags(fs, args)
	if err != nil {
		return err
	}
	if len(pos) != 0 {
		return badInput("takes no arguments: it reads JSON lines on stdin")
	}
	sc := bufio.NewScanner(stdin)
	sc.Buffer(make([]byte, 0, 64<<10), maxBeloteLine)
	for n := 1; sc.Scan(); n++ {
		line := sc.Bytes()
		if n == 1 {
			line = bytes.TrimPrefix(line, []byte("\xef\xbb\xbf"))
		}
		line = bytes.TrimSpace(line)
		if len(line) == 0 {
			continue
		}
		out, err := scoreBeloteLine(line)
		if err != nil {
			return badInput("line %d: %v", n, err)
		}
		stdout.Write(out)
		stdout.Write([]byte{'\n'})
	}
	if err := sc.Err(); err != nil {
		if errors.Is(err, bufio.ErrTooLong) {
			return badInput("a line is longer than %d bytes", maxBeloteLine)
		}
		return err
	}
	return nil
}

// scoreBeloteLine scores one input line and returns the output line without
// its newline. Errors name the field ("bid: ...").
func scoreBeloteLine(line []byte) ([]byte, error) {
	in, err := belote.ParseDealJSON(line)
	if err == nil {
		var res belote.DealResult
		if res, err = belote.ScoreDeal(in); err == nil {
			return belote.MarshalDealResult(res), nil
		}
	}
	var de *belote.DealError
	if errors.As(err, &de) {
		return nil, errors.New(de.Field + ": " + de.Msg)
	}
	return nil, err
}
