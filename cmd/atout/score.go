package main

import (
	"fmt"
	"io"
	"strconv"

	"atout/bridge"
)

func init() {
	register(&command{name: "score", summary: "duplicate score of a bridge contract: atout score 4SX 8 --vul", run: runScore})
	register(&command{name: "imps", summary: "IMPs for a score difference: atout imps 420", run: runIMPs})
}

func runScore(args []string, _ io.Reader, stdout, _ io.Writer) error {
	fs := newFlags("score")
	vul := fs.Bool("vul", false, "declarer's side is vulnerable")
	pos, err := parseFlags(fs, args)
	if err != nil {
		return err
	}
	if len(pos) != 2 {
		return badInput("want CONTRACT TRICKS, e.g. atout score 4SX 8 --vul")
	}
	c, err := bridge.ParseContract(pos[0])
	if err != nil {
		return badInput("contract %q: want level, strain and optional X or XX, e.g. 4SX", pos[0])
	}
	if c.IsPass() {
		return badInput("contract %q: a passed-out deal has no score", pos[0])
	}
	t, err := strconv.Atoi(pos[1])
	if err != nil || t < 0 || t > 13 {
		return badInput("tricks %q: want a number from 0 to 13", pos[1])
	}
	fmt.Fprintln(stdout, bridge.Score(c, t, *vul))
	return nil
}

func runIMPs(args []string, _ io.Reader, stdout, _ io.Writer) error {
	fs := newFlags("imps")
	pos, err := parseFlags(fs, args)
	if err != nil {
		return err
	}
	if len(pos) != 1 {
		return badInput("want one score difference, e.g. atout imps 420")
	}
	d, err := strconv.Atoi(pos[0])
	if err != nil {
		return badInput("difference %q: want an integer", pos[0])
	}
	fmt.Fprintln(stdout, bridge.IMPs(d))
	return nil
}
