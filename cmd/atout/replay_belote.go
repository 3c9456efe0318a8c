package main

import (
	"errors"
	"io"
)

// replayBelote checks and scores a belote game record. Placeholder until the
// belote engine lands.
func replayBelote(name string, data []byte, asJSON bool, out io.Writer) error {
	return errors.New("belote replay not implemented yet")
}
