// Command systemdoc writes docs/bidding-system.md, the bidding system the
// computer players play, from the bidder's own rules:
//
//	go run ./bot/bidding/cmd/systemdoc            # from the repository's root
//	go run ./bot/bidding/cmd/systemdoc -o FILE
//
// bidding.TestSystemDocUpToDate fails when the file is out of date.
package main

import (
	"flag"
	"fmt"
	"os"

	"atout/bot/bidding"
)

func main() {
	out := flag.String("o", "docs/bidding-system.md", "the file to write")
	flag.Parse()
	if err := os.WriteFile(*out, bidding.New(bidding.Options{}).SystemDoc(), 0o644); err != nil {
		fmt.Fprintln(os.Stderr, "systemdoc:", err)
		os.Exit(1)
	}
}
