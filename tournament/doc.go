// Package tournament is the logic of Atout's tournaments: duplicate bridge
// tournaments played by each entry against bots, team matches, and belote
// duplicate. It holds no HTTP and no SQL: the web server keeps the
// tournaments, feeds them results ([Tournament.Add]) and shows what the
// package computes.
//
// # Bridge tournaments
//
// A [Tournament] is a set of 8 to 36 boards, dealt from a seed
// ([NewFromSeed], [Daily]) or imported from PBN ([FromPBN]), a [Scoring]
// (matchpoints, IMPs across the field, Butler) and a time [Window]. Each
// entry (a player, or a pair) plays the boards with bots in the other seats;
// each of its results is one table's result, compared with every other
// table's result on the same board. The entry is scored from the side it sat
// (North-South by default).
//
// [Tournament.Standings] ranks the entries live, from all results so far;
// the scoring itself is that of package atout/bridge/scoring (the
// international matchpoint scale, the Neuberg formula, the Butler datum, the
// WBF IMP scale, the ranking with ties), computed here with algorithms that
// scale to 10,000 entries:
//
//   - matchpoints: each board's scores are sorted once and each result's
//     matchpoints found by counting (2 per result beaten, 1 per tie) with two
//     binary searches: O(n log n) per board instead of the O(n²) of
//     [scoring.Matchpoints], with identical values (the tests check it);
//   - Neuberg: boards are played a different number of times while the
//     tournament runs (and by entries that stopped early). Every board is
//     scaled with [scoring.Neuberg] to the top of the MOST-PLAYED board, N =
//     the largest number of results on any board. We do not use the number
//     of entries: an entry that joined and left after one board would
//     otherwise inflate every other board's N; with the most-played board,
//     a board everybody played is left untouched and a board played by
//     fewer is scaled to the same top, so all boards weigh the same;
//   - IMPs across the field: the IMPs of a difference depend only on the
//     difference, and the IMP scale is a step function with 24 steps, so
//     Σ_b IMPs(a−b) = Σ_k (#{b ≤ a−B_k} − #{b ≥ a+B_k}) over the lower bounds
//     B_k of the scale: 48 binary searches in the sorted scores per result,
//     O(n log n) per board and exact (the tests compare with
//     [scoring.CrossIMPs]). The score is the average over the n−1 other
//     results, as BBO and ACBLscore's "average IMPs" report it;
//   - Butler: [scoring.Butler] with the default 5 % discard.
//
// An unfinished entry (one that has not played every board yet, or never
// will) is ranked on the boards it played: its matchpoint percentage is over
// the tops of the boards it played, and at IMPs it is ranked by its IMPs per
// board played (the total is shown too). Among entries that finished every
// board this is the same order as the total. Tied entries share the rank
// ("1, 2=, 2=, 4").
//
// A board's frequency table ([Tournament.FrequencyFor]) and its analysis
// ([Tournament.AnalysisFor]: double-dummy table and par) are shown to an
// entry only once it has played that board, or to everybody once the
// tournament is over; otherwise the error wraps [ErrNotPlayedYet].
//
// [ExportPBN] writes the results as PBN with ScoreTable and
// TotalScoreTable; the printable hand records are rendered on the web side
// (package atout/web/handrecords) from the boards and their analyses.
//
// # Team matches and belote duplicate
//
// A [TeamMatch] scores two teams of four over the same boards in an open and
// a closed room: IMPs per board ([scoring.TeamIMPs]) and the running score.
// A [BeloteDuplicate] scores the same belote decks played by several teams
// of two: on each deal a team's result is its net score (its points minus
// its opponents') compared with the other teams that sat the same direction:
// the net minus the average net of those other teams (see [BeloteDuplicate]).
//
// All types are safe for concurrent use unless their documentation says
// otherwise.
package tournament
