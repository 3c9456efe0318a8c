//go:build !race

package bridgebot

// raceEnabled is true under the race detector: the randomized tests then
// play fewer deals.
const raceEnabled = false
