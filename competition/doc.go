// Package competition runs Atout's competitions: duplicate bridge
// tournaments (every player at a table of his own, the daily one made by
// [Service.RunDaily]), bridge team matches (two rooms) and belote
// duplicates (teams of two at tables of their own), as one model.
//
// A competition is an event of the store (store.Competition, its kind and
// its spec: the boards or decks, or what deals them), its entries
// (store.CompetitionEntry: a player, a room or a team) and their results
// (store.CompetitionResult, one per entry and board or deal). The store
// binds each entry to the table it plays at (the entry's game ID): a
// finished board counts only when the store (or this node, for a table it
// has just opened) binds the reporting table to the competition's entry.
// The tag a table carries (table.Settings.Tournament) only makes the table
// report its boards; it proves nothing.
//
// Who sees a competition's deals is one rule (seal.go), asked by every
// read path: the board and deal pages, hand records, exports and game
// records through the service, and the tables themselves (players,
// onlookers, kibitzers, analyses, score sheets) through [Service.Judge],
// which the service registers with the hub ([table.Sealer]).
//
// A [Service] keeps the competitions a node serves in one cache, read from
// the store on demand and caught up with what other nodes wrote, listens
// to the hub's finished boards and deals, and computes the views of the
// HTTP API (the types of package protocol). Package server decodes the
// requests, asks the service and encodes the answers; it holds no
// competition logic.
package competition
