package main

import (
	"bytes"
	"io"
	"os"
)

func init() {
	register(&command{name: "replay", summary: "check and score a recorded game: PBN or LIN (bridge), JSON (belote)", run: runReplay})
}

func runReplay(args []string, _ io.Reader, stdout, stderr io.Writer) error {
	fs := newFlags("replay")
	asJSON := fs.Bool("json", false, "one JSON line per board or deal")
	strict := fs.Bool("strict", false, "bridge: fail the whole file on a board that cannot be scored (no contract, play or result)")
	pos, err := parseFlags(fs, args)
	if err != nil {
		return err
	}
	if len(pos) != 1 {
		return badInput("want one FILE")
	}
	data, err := os.ReadFile(pos[0])
	if err != nil {
		return badInput("%v", err)
	}
	t := bytes.TrimSpace(bytes.TrimPrefix(data, []byte("\xef\xbb\xbf")))
	if len(t) > 0 && (t[0] == '{' || (t[0] == '[' && isJSONArray(t))) {
		return replayBelote(pos[0], data, *asJSON, stdout)
	}
	return replayBridge(pos[0], data, *asJSON, *strict, stdout, stderr)
}

// isJSONArray tells a JSON array from a PBN file that starts with a tag
// pair such as [Event "..."].
func isJSONArray(t []byte) bool {
	t = bytes.TrimSpace(t[1:])
	return len(t) == 0 || t[0] == '{' || t[0] == ']'
}
