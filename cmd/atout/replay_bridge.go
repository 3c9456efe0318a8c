package main

import (
	"errors"
	"io"
)

// replayBridge checks and scores a PBN or LIN file. Placeholder until the
// bridge record packages land.
func replayBridge(name string, data []byte, asJSON bool, out io.Writer) error {
	return errors.New("bridge replay not implemented yet")
}
