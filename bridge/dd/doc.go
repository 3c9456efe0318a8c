// Package dd is Atout's double-dummy solver: with all four hands visible and
// perfect play by both sides, how many tricks does each side take?
//
// The core is a null-window alpha-beta search ("can the side on lead take at
// least T of the remaining tricks?") over whole tricks: transposition-table
// look-ups, quick-trick and later-trick cut-offs happen only at trick
// boundaries. The exact count is found by moving T from a guess, re-using the
// table between probes. Suits are 13-bit masks; only one card of each
// sequence of equivalent cards is tried; positions are stored by relative
// rank (KQT9 with A and J gone is stored as AKQJ) together with the set of
// ranks that decided the result, so that one entry answers many positions
// (a form of Ginsberg's partition search). A card that won a trick stands
// for its whole run of equivalent cards: the lowest of the run is recorded.
// Once a card is shown not to matter by rank, the lower cards of the same
// hand and suit are skipped (small-card pruning). Leads are ordered by the
// table's best move and a killer lead per trick, then by weights (winners,
// partner's winners, ruffs for partner, no leads into a ruff); following
// cards by cheapest winner, covering when partner's card would be beaten,
// low otherwise.
//
// The main entry points:
//
//   - [Solver]: a reusable solver with its own transposition table. Its
//     methods [Solver.Tricks] and [Solver.CardValues] solve any position of
//     the play (mid-trick too, any strain, any player to move);
//     [Solver.Table] computes the 20 results of a deal.
//   - [CalcTable] and [CalcTables]: tables for one or many deals on several
//     goroutines, one solver (and table) per worker.
//   - [Par] and [ParFromDeal]: par score and par contracts.
//   - [AnalysePlay] and [CheckClaim]: the double-dummy result after each card
//     of a played deal, and claim checking.
package dd
