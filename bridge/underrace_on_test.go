//go:build race

package bridge

// underRace is true when the race detector is on: the randomized tests then
// play fewer deals to stay within the suite's time budget.
const underRace = true
