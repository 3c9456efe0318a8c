//go:build race

package dd

const raceEnabled = true
