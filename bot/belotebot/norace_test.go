//go:build !race

package belotebot

const raceEnabled = false
