// Tables
//
// The state of a table as the server sends it (package table builds these
// values): the WebSocket's [State] message, [TableInfo] (also the answer
// of GET /api/tables/{id}), score sheets and the double-dummy [Analysis]
// of a finished bridge deal.

package protocol

import (
	"atout/belote"
	"atout/bridge"
	"atout/card"
)

// State is the table as one user sees it, sent on every change of the
// table and on (re)connection.
type State struct {
	Type string `json:"type"` // "state"
	// N counts the accepted moves of the whole match (all deals); an undo
	// lowers it. A move is acknowledged (and durable) by the first state
	// whose n is past it.
	N int `json:"n"`
	// Seat is the user's seat, null for a spectator.
	Seat  *card.Seat `json:"seat"`
	Table TableInfo  `json:"table"`
	// View is the engine's view for the seat: a bridge.View or a
	// belote.GameView (their JSON as packages bridge and belote write
	// it). A spectator gets the spectator view (no hand but an exposed
	// dummy, nothing to do; everything once a deal is over); null for a
	// deal a competition does not show him.
	View View `json:"view"`
	// Timer is the seconds left for the seat to act (tables with several
	// humans only).
	Timer *int `json:"timer,omitempty"`
	// Explanations are the meanings of the bridge calls so far: a list of
	// [Explanation], one per call.
	Explanations []Explanation `json:"explanations,omitempty"`
}

// TableInfo is the public description of a table, as the caller sees it:
// the state message's table and the answer of GET /api/tables/{id}.
type TableInfo struct {
	ID       string        `json:"id"`
	Game     string        `json:"game"` // "bridge" or "belote"
	Settings TableSettings `json:"settings"`
	Seats    [4]SeatInfo   `json:"seats"`     // N, E, S, W
	Deal     int           `json:"deal"`      // number of the current deal
	DealMove int           `json:"dealMoves"` // moves in the current deal
	DealOver bool          `json:"dealOver"`
	Over     bool          `json:"over"` // the match is over
	// Sheet is the score sheet: a [BridgeSheet] or a [BeloteSheet].
	Sheet Sheet `json:"sheet"`
	// Claim is a claim waiting for the opponents' answer.
	Claim *ClaimInfo `json:"claim,omitempty"`
	// CanUndo: the caller may take back his last action now;
	// UndoConfirm: that undo goes back from the card play into the
	// auction, and needs the player's confirmation (undo with confirm).
	CanUndo     bool `json:"canUndo,omitempty"`
	UndoConfirm bool `json:"undoConfirm,omitempty"`
	CanHint     bool `json:"canHint,omitempty"`
	// CanChat: the table has more than one human, so chat is open.
	CanChat bool `json:"canChat,omitempty"`
	// Speed is the caller's bot speed ("slow", "normal", "fast",
	// "instant"); PlayOut that the current deal is being played out.
	Speed   string `json:"speed,omitempty"`
	PlayOut bool   `json:"playOut,omitempty"`
	// Invite is the invitation's secret, for the owner of a casual table
	// only: the link /t/ID?invite=SECRET lets a friend take a bot's seat.
	Invite string `json:"invite,omitempty"`
	// Sealed: the table plays for a competition that does not show the
	// caller this deal in full yet (the view holds only what play showed
	// him, or nothing for someone not seated) nor, when he does not sit
	// there, the score sheet.
	Sealed bool `json:"sealed,omitempty"`
}

// SeatInfo describes a seat for the players.
type SeatInfo struct {
	Seat      card.Seat `json:"seat"`
	Name      string    `json:"name"`
	Bot       string    `json:"bot,omitempty"` // the bot's level when a bot plays the seat
	Human     bool      `json:"human"`
	Connected bool      `json:"connected"`
	You       bool      `json:"you,omitempty"` // the caller plays the seat
}

// ClaimInfo is a claim waiting for the opponents' answer.
type ClaimInfo struct {
	By      card.Seat   `json:"by"`
	Tricks  int         `json:"tricks"` // declarer's total
	Waiting []card.Seat `json:"waiting"`
}

// TableSettings describe a table: the game and its options. They are
// stored with the game (as JSON, byte for byte) and rebuild the same table
// on resume. Package table checks them (table.Settings). The players see
// them without deals, beloteDeals, seed, invite and owner.
type TableSettings struct {
	Game GameKind `json:"game"` // "bridge" or "belote"

	Scoring Scoring `json:"scoring,omitempty"` // bridge: "duplicate" (default), "rubber" or "chicago"
	Boards  int     `json:"boards,omitempty"`  // bridge, duplicate: boards in the match (default 8)

	Mode          BeloteMode  `json:"mode,omitempty"`          // belote: "classic" (default), "notrump", "coinche"
	Rules         BeloteRules `json:"rules,omitempty"`         // belote: "maison" (default) or "official"
	Announcements bool        `json:"announcements,omitempty"` // belote
	Target        int         `json:"target,omitempty"`        // belote: 0 (the mode's default) or 100 to 10000
	// SaTa allows the sans-atout and tout-atout bids (belote, coinche only;
	// off by default; docs/belote-coinche-sa-ta.md).
	SaTa bool `json:"sata,omitempty"`

	// Level of the bots filling empty seats: "easy", "medium", "strong".
	Level Level `json:"level,omitempty"`
	// TurnSeconds is the time a human has to act at a table with several
	// humans; 0 takes the hub's default, negative means no timer.
	TurnSeconds int `json:"turnSeconds,omitempty"`
	// Seed, when not 0, makes the deals and the bots reproducible (tests,
	// replays of a session). 0 draws them from a random source.
	Seed uint64 `json:"seed,omitempty"`

	// Tournament, when set, names the competition whose boards the table
	// plays and the entry it plays for (written "{competition}:{entry}",
	// "{competition}" alone for a tournament's player); each finished
	// board is reported to the hub's board listeners.
	Tournament Competition `json:"tournament,omitzero"`
	// Owner is the user who opened a casual table ("" for a competition's
	// table): he may seat himself in a bot's seat.
	Owner string `json:"owner,omitempty"`
	// Invite is the secret of a casual table's invitation link: whoever
	// gives it may take a bot's seat. The hub draws it when it opens the
	// table; only the owner is shown it ([TableInfo.Invite]).
	Invite string `json:"invite,omitempty"`
	// Deals, when set, are the deals of the boards in order (PBN deal
	// strings, "N:..." form): board n is Deals[n-1] with the standard
	// dealer and vulnerability of board n. Boards is then len(Deals).
	Deals []string `json:"deals,omitempty"`
	// DealInfo, when set (one per deal of Deals), gives each deal's
	// dealer and vulnerability instead of those of its board number: a
	// tournament's boards keep theirs whatever table board they fall on.
	DealInfo []DealInfo `json:"dealInfo,omitempty"`
	// BoardNumbers, when set (one per deal of Deals), are the numbers the
	// boards are shown and recorded under: a tournament's board 12 stays
	// "Board 12" at the player's table even when it is the table's first
	// deal. Without DealInfo, a board then has the standard dealer and
	// vulnerability of its number. Without BoardNumbers, deal n is board n.
	BoardNumbers []int `json:"boardNumbers,omitempty"`
	// BeloteDeals, when set, are the fixed deals of a belote duplicate, in
	// order: the table plays exactly these deals, each one standing alone
	// (its own game: no litige reserve carried over, no target), and the
	// match is over after the last (at most 64).
	BeloteDeals []BeloteDeal `json:"beloteDeals,omitempty"`
}

// BoardNumber returns the number board no (1-based) of the table is shown
// and recorded under: BoardNumbers[no-1] when set, no otherwise.
func (s TableSettings) BoardNumber(no int) int {
	if no >= 1 && no <= len(s.BoardNumbers) {
		return s.BoardNumbers[no-1]
	}
	return no
}

// GameKind names a game.
type GameKind string

// The games.
const (
	Bridge GameKind = "bridge"
	Belote GameKind = "belote"
)

// Scoring is how a bridge table scores its boards.
type Scoring string

// The scorings of a bridge table.
const (
	Duplicate Scoring = "duplicate" // each board on its own: the duplicate score
	Rubber    Scoring = "rubber"    // rubber bridge: above and below the line, to two games
	Chicago   Scoring = "chicago"   // four deals, vulnerability set by the deal's place
)

// BeloteMode is the kind of belote a table plays.
type BeloteMode string

// The belote modes.
const (
	Classic BeloteMode = "classic" // classic belote: the turned card, then any suit
	NoTrump BeloteMode = "notrump" // bids in every suit, no trump and all trump
	Coinche BeloteMode = "coinche" // coinche: bids of 80 to 160 and capot, coinche and surcoinche
)

// BeloteRules names a belote rule set.
type BeloteRules string

// The belote rule sets (belote-rules §11).
const (
	Maison   BeloteRules = "maison"   // the house rules (default)
	Official BeloteRules = "official" // the federation's rules
)

// Level is the strength of the bots that fill a table's empty seats.
type Level string

// The bots' levels.
const (
	Easy   Level = "easy"
	Medium Level = "medium" // default
	Strong Level = "strong"
)

// DealInfo is the dealer and vulnerability of a fixed bridge deal.
type DealInfo struct {
	Dealer card.Seat  `json:"dealer"`
	Vul    bridge.Vul `json:"vul"`
}

// BeloteDeal is a fixed belote deal: the dealer and the shuffled deck (32
// cards, top first), as package belote deals it.
type BeloteDeal struct {
	Dealer card.Seat   `json:"dealer"`
	Deck   []card.Card `json:"deck"`
}

// BridgeSheet is the score sheet of a bridge table.
type BridgeSheet struct {
	Scoring string            `json:"scoring"`
	Boards  int               `json:"boards,omitempty"` // duplicate: boards in the match
	Lines   []BoardLine       `json:"lines"`
	Totals  map[card.Side]int `json:"totals"`
	Games   map[card.Side]int `json:"games,omitempty"` // rubber: games won
	Over    bool              `json:"over"`
	// Pad is the score pad of rubber bridge and Chicago, entry by entry:
	// a rubber's points above and below the line game by game, a
	// Chicago cycle's points deal by deal.
	Pad []PadEntry `json:"pad,omitempty"`
}

// PadEntry is one entry of a rubber or Chicago score pad.
type PadEntry struct {
	Deal int       `json:"deal"` // the table's deal number (0: the end of an unfinished rubber)
	Game int       `json:"game"` // rubber: the game it was scored in (1-based); Chicago: 0
	Side card.Side `json:"side"`
	// Kind: "trick points", "overtricks", "insult", "slam bonus",
	// "undertricks", "honours", "rubber bonus", "unfinished game",
	// "unfinished partscore", "game bonus", "partscore bonus".
	Kind   string `json:"kind"`
	Points int    `json:"points"`
	Below  bool   `json:"below,omitempty"` // rubber: below the line (toward game)
}

// BoardLine is one line of a bridge score sheet.
type BoardLine struct {
	Board    int             `json:"board"`
	Contract bridge.Contract `json:"contract"`
	Declarer string          `json:"declarer"`
	Tricks   int             `json:"tricks"`
	ScoreNS  int             `json:"scoreNS"`
	// Points are what each side scored on the deal under the table's
	// scoring (rubber and Chicago; duplicate: the score).
	Points map[card.Side]int `json:"points"`
}

// BeloteSheet is the score sheet of a belote table.
type BeloteSheet struct {
	Target int                `json:"target"`
	Deals  int                `json:"deals,omitempty"` // fixed deals: how many (no target then)
	Lines  []belote.DealScore `json:"lines"`           // the replay's lines
	Totals belote.SidePoints  `json:"totals"`
	Over   bool               `json:"over"`
	Winner *card.Side         `json:"winner,omitempty"`
}

// Analysis is the double-dummy analysis of a finished bridge deal (tables
// with at least one human), sent to every subscriber some time after the
// deal-over state (the solver takes seconds; none comes when it cannot be
// made within 60 s or the server's queue is full), again when its
// comparison's second table was pending and has been played (the new one
// replaces it), and again right after the state of a player joining while
// the deal is over. It is stored with the deal's result: GET
// /api/games/{id} gives it as deals[i].result.analysis.
type Analysis struct {
	Type  string `json:"type"` // "analysis"
	Deal  int    `json:"deal"` // the table's deal number
	Board int    `json:"board"`
	// DD is the double-dummy table: tricks each seat takes as declarer in
	// each strain ("C", "D", "H", "S", "NT").
	DD  map[card.Seat]map[string]int `json:"dd"`
	Par ParInfo                      `json:"par"`
	// Contract and Declarer are the contract played ("Pass" when passed
	// out, without declarer); Start is declarer's double-dummy total
	// before the opening lead.
	Contract string `json:"contract"`
	Declarer string `json:"declarer,omitempty"`
	Start    int    `json:"start"`
	// Costly lists the cards that cost their side a trick or more (cards
	// played up to a claim only).
	Costly []CostlyCard `json:"costly"`
	// Compare is the deal compared with par and with a second table, at
	// a casual table scored by duplicate only (none at a competition's
	// table, which compares its boards itself).
	Compare *Comparison `json:"compare,omitempty"`
}

// Comparison is a deal of a casual duplicate table compared as at a team
// match, from North-South's side: with par, and with the same deal bid
// and played by four bots at a second table.
type Comparison struct {
	ScoreNS int `json:"scoreNS"` // the table's score
	// ParIMPs is the table's score against par: IMPs of ScoreNS − Par.Score.
	ParIMPs int `json:"parIMPs"`
	// Second is the second table; none when its bots could not finish
	// the deal in time, or when it is still being played (SecondPending).
	Second *SecondTable `json:"second,omitempty"`
	// SecondPending says that the second table is still being played: the
	// analysis is sent again, with Second, once its bots have finished.
	// A busy node reviews the deals first and plays their second tables
	// after.
	SecondPending bool `json:"secondPending,omitempty"`
}

// SecondTable is the same deal bid and played by four bots (those of the
// table's level, seeded from the deal: the same deal gives the same
// result).
type SecondTable struct {
	Auction  []string `json:"auction"`            // the calls from the dealer: "1S", "P", "X", "XX"
	Contract string   `json:"contract"`           // "4S", "3NTX", "Pass" when passed out
	Declarer string   `json:"declarer,omitempty"` // none when passed out
	Tricks   int      `json:"tricks"`             // declarer's
	ScoreNS  int      `json:"scoreNS"`
	// IMPs is the table's score against the second table's: IMPs of
	// Comparison.ScoreNS − ScoreNS.
	IMPs int `json:"imps"`
}

// ParInfo is the par of a deal for its dealer and vulnerability.
type ParInfo struct {
	Score     int      `json:"score"`     // for North-South
	Contracts []string `json:"contracts"` // "NS 4S", "EW 5DX-2", … (empty: passed out)
}

// CostlyCard is a card that cost a trick: declarer's double-dummy total
// before it was played and after.
type CostlyCard struct {
	Trick  int       `json:"trick"` // 1-based
	Seat   card.Seat `json:"seat"`
	Card   card.Card `json:"card"`
	Cost   int       `json:"cost"` // tricks lost by the card's side
	Before int       `json:"before"`
	After  int       `json:"after"`
}

// BeloteAnalysis is the review of a finished belote deal's card play with
// all cards open (the exact solver of package bot/belotebot): the bidding
// and the announcements are fixed as they happened. A side's value is
// what it ends the deal with when both sides play perfectly from there:
// its card points with the dix de der (250 for a capot, 0 against one)
// plus the 20 of belote-rebelote when it declared them. It is sent (tables
// with at least one human) some time after the deal-over state, and again
// right after the state of a player joining while the deal is over; none
// comes when it cannot be made in time or the server's queue is full. It
// is stored with the deal's result: GET /api/games/{id} gives it as
// deals[i].result.analysis.
type BeloteAnalysis struct {
	Type     string    `json:"type"`     // "beloteAnalysis"
	Deal     int       `json:"deal"`     // the table's deal number
	Contract string    `json:"contract"` // as the sheet writes it: "H", "NT", "100H", "capotS"
	Takers   card.Side `json:"takers"`   // the side that took
	// Start is each side's value when the play began; Final what each
	// side made (the same measure, from the cards as played).
	Start belote.SidePoints `json:"start"`
	Final belote.SidePoints `json:"final"`
	// Costly lists the cards that cost their side points, in play order.
	Costly []BeloteCostlyCard `json:"costly"`
}

// BeloteCostlyCard is a belote card that cost its side points: the side's
// value before it was played and after.
type BeloteCostlyCard struct {
	Trick  int       `json:"trick"` // 1-based
	Seat   card.Seat `json:"seat"`
	Card   card.Card `json:"card"`
	Cost   int       `json:"cost"` // points lost by the card's side
	Before int       `json:"before"`
	After  int       `json:"after"`
}
