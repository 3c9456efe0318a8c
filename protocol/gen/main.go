// Command gen writes the reference part of docs/protocol.md from the types
// of package protocol. Run it from the module's root:
//
//	go run ./protocol/gen
//
// The text outside the generated part (between the markers of package
// docgen) is kept as written by hand.
package main

import (
	"flag"
	"log"

	"atout/protocol/internal/docgen"
)

func main() {
	dir := flag.String("dir", "protocol", "the directory of package protocol")
	out := flag.String("o", "docs/protocol.md", "the document to update")
	flag.Parse()
	if err := docgen.Update(*dir, *out); err != nil {
		log.Fatal(err)
	}
}
