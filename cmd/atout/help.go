package main

import (
	"flag"
	"fmt"
	"io"
	"runtime/debug"
	"sort"
	"strings"
)

// helpText is what `atout help CMD` and `atout CMD --help` print besides
// the flags: the usage line, a paragraph and examples that finish in
// seconds.
type helpText struct {
	usage    string
	about    string
	examples []string
}

var helps = map[string]helpText{
	"serve": {
		usage: "atout [serve] [--addr HOST:PORT] [--db FILE|postgres://...] [flags]",
		about: "Runs the web app: the lobby, bridge and belote tables against bots and friends, tournaments, " +
			"team matches and belote duplicates, over HTTP and WebSocket. The games are stored in an SQLite " +
			"file (default atout.db in the working directory) or in PostgreSQL; with the --nats flags several " +
			"nodes share the tables (docs/deploy.md). Stops cleanly on Ctrl-C.",
		examples: []string{"atout", "atout serve --addr 127.0.0.1:9000 --db /tmp/club.db"},
	},
	"deal": {
		usage:    "atout deal [--game bridge|belote] [-n N] [--seed S] [--format pbn|json]",
		about:    "Prints random deals: bridge as PBN games (or JSON), belote as JSON deal records. The same seed gives the same deals.",
		examples: []string{"atout deal -n 2 --seed 7", "atout deal --game belote --seed 1"},
	},
	"solve": {
		usage: "atout solve [DEAL ...] [--json] [--dealer N] [--vul None|NS|EW|All] [--threads K]\n       atout solve --pbn FILE",
		about: "Double-dummy analysis: for each deal, the tricks each seat takes as declarer in each strain, and the " +
			"par score and contracts for the dealer and vulnerability given. With no DEAL it reads one deal per " +
			"line on stdin. With --pbn it prints FILE with the DoubleDummyTricks, OptimumResultTable, " +
			"OptimumScore and ParContract tags of every board added.",
		examples: []string{
			`atout solve "N:AKQJ.AKQ.AKQ.AKQ T98.JT9.JT9.JT98 7654.876.876.765 32.5432.5432.432"`,
			`atout solve --json --vul All "N:AKQJ.AKQ.AKQ.AKQ T98.JT9.JT9.JT98 7654.876.876.765 32.5432.5432.432"`,
		},
	},
	"score": {
		usage:    "atout score CONTRACT TRICKS [--vul]",
		about:    "Prints the duplicate score of a bridge contract for declarer's side, as one signed integer.",
		examples: []string{"atout score 4SX 8 --vul", "atout score 3NT 10"},
	},
	"imps": {
		usage:    "atout imps DIFF",
		about:    "Prints the IMPs of a score difference (WBF scale), signed.",
		examples: []string{"atout imps 420", "atout imps -50"},
	},
	"replay": {
		usage: "atout replay FILE [--json] [--strict]",
		about: "Checks every call and card of a recorded game, PBN or LIN for bridge and JSON for belote (chosen by " +
			"the content), and prints each board's or deal's result and score, board by board: a board that " +
			"cannot be scored (no auction, no result, play abandoned) gets a line of its own saying why, and " +
			"the others are scored. Exits 2 at the first illegal action, naming the seat, the action and " +
			"where it is; with --strict, at any board that cannot be scored (docs/cli.md).",
		examples: []string{"atout replay cmd/atout/testdata/bridge-event.pbn", "atout replay --json cmd/atout/testdata/bridge-event.lin"},
	},
	"belote score": {
		usage: "atout belote score < deals.jsonl",
		about: "Scores belote deals played with real cards: one JSON object per line on stdin (mode, rules, trump, " +
			"takers, bid, card points, tricks, announcements...), one JSON result line out per line in.",
		examples: []string{`echo '{"mode":"classic","rules":"maison","trump":"H","takers":"NS","cardPoints":{"NS":90,"EW":72},"tricks":{"NS":5,"EW":3}}' | atout belote score`},
	},
	"bid": {
		usage: "atout bid [--explain] [--nt] < lines",
		about: "The SAYC bidding bot: reads lines hand<TAB>vul<TAB>auction (hand S.H.D.C; vul None, N-S, E-W or " +
			"Both; the auction's calls from dealer North, space-separated, maybe none) and prints the bot's " +
			"call for the player to act, one line each.",
		examples: []string{`printf 'AQ4.KQJ.K42.AKJ8\tNone\t1H P\n' | atout bid --explain`},
	},
	"sim": {
		usage: "atout sim --game bridge|belote [-n N] [--seed S] [flags]",
		about: "Self-play between bots, with a progress bar on stderr and a JSON summary on stdout. The flags below " +
			"are bridge's; `atout sim --game belote --help` lists belote's.",
		examples: []string{"atout sim --game bridge -n 4 --quiet", "atout sim --game belote -n 4 --a baseline --quiet"},
	},
}

// writeHelp prints a command's help: its usage, what it does, its flags
// with their defaults (fs may be nil) and examples.
func writeHelp(w io.Writer, name string, fs *flag.FlagSet) {
	h, ok := helps[name]
	if !ok {
		h = helpText{usage: "atout " + name}
		if c := commands[name]; c != nil {
			h.about = c.summary
		}
	}
	fmt.Fprintf(w, "usage: %s\n\n%s\n", h.usage, wrap(h.about, 78))
	if fs != nil {
		var flags []*flag.Flag
		fs.VisitAll(func(f *flag.Flag) { flags = append(flags, f) })
		if len(flags) > 0 {
			fmt.Fprintln(w, "\nflags:")
		}
		for _, f := range flags {
			arg, usage := flag.UnquoteUsage(f)
			left := "  --" + f.Name
			if arg != "" {
				left += " " + argNames[arg]
			}
			if f.DefValue != "" && f.DefValue != "false" && f.DefValue != "0" && f.DefValue != "0s" {
				usage += fmt.Sprintf(" (default %s)", f.DefValue)
			}
			if len(left) < 25 {
				fmt.Fprintf(w, "%-26s%s\n", left, usage)
			} else {
				fmt.Fprintf(w, "%s\n%-26s%s\n", left, "", usage)
			}
		}
	}
	if len(h.examples) > 0 {
		fmt.Fprintln(w, "\nexamples:")
		for _, e := range h.examples {
			fmt.Fprintln(w, "  "+e)
		}
	}
}

// argNames name the value of a flag by its type.
var argNames = map[string]string{"string": "VALUE", "int": "N", "uint": "N", "duration": "DURATION", "float": "X", "value": "VALUE"}

// wrap folds text at width columns.
func wrap(text string, width int) string {
	var b strings.Builder
	n := 0
	for _, word := range strings.Fields(text) {
		if n > 0 && n+1+len(word) > width {
			b.WriteByte('\n')
			n = 0
		} else if n > 0 {
			b.WriteByte(' ')
			n++
		}
		b.WriteString(word)
		n += len(word)
	}
	return b.String()
}

// usage prints the list of commands.
func usage(w io.Writer) {
	fmt.Fprintln(w, "Atout: bridge and belote, the web app and the command-line tools.")
	fmt.Fprintln(w, "\nusage: atout COMMAND [flags]   (no command: serve)")
	fmt.Fprintln(w, "\ncommands:")
	names := make([]string, 0, len(commands))
	for n := range commands {
		names = append(names, n)
	}
	sort.Strings(names)
	for _, n := range names {
		fmt.Fprintf(w, "  %-14s %s\n", n, commands[n].summary)
	}
	fmt.Fprintf(w, "  %-14s %s\n", "help", "help on a command: atout help solve (or atout solve --help)")
	fmt.Fprintf(w, "  %-14s %s\n", "version", "the version of this build")
}

// version prints the module version and the VCS revision of the build.
func version(w io.Writer) {
	v, rev, modified, when := "(devel)", "", false, ""
	if bi, ok := debug.ReadBuildInfo(); ok {
		if bi.Main.Version != "" {
			v = bi.Main.Version
		}
		for _, s := range bi.Settings {
			switch s.Key {
			case "vcs.revision":
				rev = s.Value
			case "vcs.modified":
				modified = s.Value == "true"
			case "vcs.time":
				when = s.Value
			}
		}
		fmt.Fprintf(w, "atout %s", v)
		if rev != "" {
			fmt.Fprintf(w, " %s", rev)
			if modified {
				fmt.Fprint(w, "+modified")
			}
		}
		if when != "" {
			fmt.Fprintf(w, " %s", when)
		}
		fmt.Fprintf(w, " %s\n", bi.GoVersion)
		return
	}
	fmt.Fprintf(w, "atout %s\n", v)
}
