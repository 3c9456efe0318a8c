package protocol_test

import (
	"bytes"
	"flag"
	"os"
	"testing"

	"atout/protocol/internal/docgen"
)

var update = flag.Bool("update", false, "rewrite the generated part of docs/protocol.md")

const docPath = "../docs/protocol.md"

// TestDocsUpToDate fails when docs/protocol.md does not describe the
// protocol's types as they are: run go run ./protocol/gen (or this test
// with -update).
func TestDocsUpToDate(t *testing.T) {
	if *update {
		if err := docgen.Update(".", docPath); err != nil {
			t.Fatal(err)
		}
	}
	ref, err := docgen.Generate(".")
	if err != nil {
		t.Fatal(err)
	}
	doc, err := os.ReadFile(docPath)
	if err != nil {
		t.Fatal(err)
	}
	want, err := docgen.Splice(doc, ref)
	if err != nil {
		t.Fatal(err)
	}
	if !bytes.Equal(doc, want) {
		t.Fatalf("%s is out of date: run go run ./protocol/gen from the module's root", docPath)
	}
}
