// Package belotebot holds Atout's belote computer players: [Baseline], a
// rule-based bot, and [Strong], which bids by simulation or point count
// and plays each card by sampling the unseen cards consistently with what
// its seat knows ([Observe], [Knowledge.SamplePlay]) and solving every
// sample exactly with [Solver], a perfect-information alpha-beta solver for
// the eight tricks of a belote deal. [PlayMatch] plays a whole game between
// four [Player]s; `atout sim --game belote` is built on it.
//
// The bots satisfy the generic bot interface of package bot (Act on a
// game.Game) without importing it, and offer a typed Choose on a
// *belote.Deal. They only use what their seat may see.
package belotebot
