//go:build race

package belote

const raceEnabled = true
