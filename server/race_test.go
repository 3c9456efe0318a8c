//go:build race

package server

// raceEnabled: the race detector multiplies memory and time.
const raceEnabled = true
