// WebSocket messages
//
// GET /ws/{tableID} (session cookie required) carries JSON objects, each
// with a "type". The client sends a [ClientMessage]; the server sends a
// [State] whenever the table changes, and [Error], [Pong], [Moving], [Redirect], [Hint], [Meanings],
// [ClaimNotice], [Analysis] and [BeloteAnalysis] messages. A refused client message changes
// nothing; on reconnect the client gets a fresh state.

package protocol

import (
	"encoding/json"

	"atout/card"
)

// The types of the client's messages.
const (
	TypeAct   = "act"   // a call or a card
	TypeClaim = "claim" // a claim, or the answer to one (also the server's ClaimNotice)
	TypeUndo  = "undo"  // take back the last own action (no other human at the table)
	TypeHint  = "hint"  // the value of each legal card with all cards open (also the answer)
	TypeNext  = "next"  // start the next deal once the deal is over
	TypePing  = "ping"  // keep-alive
	TypeSpeed = "speed" // how fast the bots play for this player, or play the deal out
	TypeChat  = "chat"  // a line of table chat (also the server's ChatLine)

	// the meaning of each legal call before it is made (also the answer)
	TypeMeanings = "meanings"
)

// The types of the server's messages.
const (
	TypeState    = "state"    // the table as the user sees it: State
	TypeError    = "error"    // a refused message or a failure: Error
	TypePong     = "pong"     // the answer to a ping: Pong
	TypeMoving   = "moving"   // the table is between two servers: Moving
	TypeRedirect = "redirect" // connect to the table's own server instead: Redirect
	TypeAnalysis = "analysis" // a finished bridge deal's double-dummy analysis: Analysis
	// a finished belote deal's card play with all cards open: BeloteAnalysis
	TypeBeloteAnalysis = "beloteAnalysis"
)

// ClientMessage is any message of the client, at most 1024 bytes, read
// strictly: a known type and only the fields that type takes.
//
//   - act: action, seat and optionally n;
//   - claim: tricks (a claim) or accept (an answer), not both;
//   - undo: optionally confirm;
//   - speed: speed;
//   - chat: text;
//   - hint, meanings, next, ping: no field.
type ClientMessage struct {
	// Accept answers a pending claim (claim): true accepts, false
	// refuses; the claimer sending false withdraws it.
	Accept *bool `json:"accept,omitempty"`
	// Action (act) is the call or card in engine notation: "1NT", "P",
	// "X", "SA", "take", "80H", "coinche"... 1 to 16 printable ASCII
	// characters.
	Action *string `json:"action,omitempty"`
	// ID is an optional correlation id of the client, ignored.
	ID json.RawMessage `json:"id,omitempty"`
	// N (act) is the number of moves the client has seen: an act with
	// another n than the table's is refused with "stale"; without n it is
	// not checked.
	N *int `json:"n,omitempty"`
	// Confirm (undo) confirms an undo that goes back from the card play
	// into the auction (the table says so with undoConfirm); without it
	// such an undo is refused with the code "confirm".
	Confirm *bool `json:"confirm,omitempty"`
	// Speed (speed) is how fast the bots play while this player is at the
	// table: "slow", "normal", "fast" or "instant"; "playout" plays the
	// rest of the current deal at once (a dummy waiting for the end).
	Speed *string `json:"speed,omitempty"`
	// Text (chat) is a line of chat, 1 to 300 characters.
	Text *string `json:"text,omitempty"`
	// Seat (act) is the seat acted for: "N", "E", "S" or "W" (declarer
	// sends dummy's seat for dummy's cards).
	Seat *string `json:"seat,omitempty"`
	// Tricks (claim) is the total of tricks the claim gives the contract's
	// side: in bridge declarer's total, 0 to 13 (a claim by declarer or a
	// defender); in belote the takers' total, 0 to 8, once the rest goes
	// to one side (docs/belote-claims.md: the rest for the claimer's side
	// or conceded to the opponents, never a part of it).
	Tricks *int   `json:"tricks,omitempty"`
	Type   string `json:"type"` // act, claim, undo, speed, chat, hint, meanings, next or ping
}

// Error is the server's answer to a refused message or a failure.
//
// Codes: those of the one list (errors.go): illegal (the rules refuse
// it), turn (not now), seat (not a seat the user plays), stale,
// bad_request, not_seated, forbidden, busy, timeout, over, internal,
// closed, rate_limited, not_found, confirm.
type Error struct {
	Type string `json:"type"` // "error"
	Code string `json:"code"`
	// Message is the catalog message error.<code> in the user's language.
	Message string `json:"message"`
	// Detail is the English reason, for logs and bug reports.
	Detail string `json:"detail,omitempty"`
	// Action is the action of the refused message, if it had one.
	Action string `json:"action,omitempty"`
}

// Pong answers a ping.
type Pong struct {
	Type string `json:"type"` // "pong"
}

// Moving says that the table is moving to another server of a cluster
// (the one that served it stopped): the connection stays open, pings are
// answered, and the next [State] comes as soon as a server took the
// table over, within seconds. Until then the client's other messages are
// refused with the code busy and change nothing.
type Moving struct {
	Type string `json:"type"` // "moving"
}

// Redirect sends the client to the node of a cluster that serves the
// table, when that node takes its players' connections itself (`atout
// serve --advertise`): it is the only message of a connection to another
// node, or it follows a [Moving] once a node that advertises itself took
// the table over. The server closes the connection after it, and the
// client opens URL instead, an absolute ws: or wss: URL or a path on the
// page's own host. The client goes back to its first URL when the
// connection to URL fails or ends (the table may have moved again). A
// connection whose URL has a via parameter, as URL has, is never
// redirected.
type Redirect struct {
	Type string `json:"type"` // "redirect"
	URL  string `json:"url"`
}

// Hint answers a hint: only when it is the user's card to play (own or,
// as declarer, dummy's) and no other human sits at the table, never at a
// competition's table.
//
// During a bridge auction, on the player's turn to call, the hint is the
// call the bots would make with his hand (Call) and its meaning (Means).
type Hint struct {
	// Cards are, in bridge, declarer's total tricks (won so far plus the
	// double-dummy result) after each legal card: {"SA":10,"S2":9,...};
	// in belote, the card points the player's side ends the deal with
	// (dix de der included, 250 for a capot, 0 against one) after each
	// legal card, with all cards open: {"SA":92,"S7":81,...}.
	Cards map[string]int `json:"cards,omitempty"`
	// Ours are, in bridge, the tricks the player's side takes in the deal
	// (won so far plus the double-dummy result) after each legal card:
	// Cards for declarer's side, 13 minus Cards for the defenders.
	Ours map[string]int `json:"ours,omitempty"`
	// Call is the bots' call with the player's hand, during the auction.
	Call string `json:"call,omitempty"`
	// Means is that call's meaning.
	Means *Explanation `json:"means,omitempty"`
	Type  string       `json:"type"` // "hint"
}

// Meanings answers meanings: during a bridge auction, what each legal
// call of the seat to call would mean in the bots' system (SAYC), before
// it is made — the bidding box's help. It is public information (it
// depends on the calls only) and goes to whoever may see the auction: a
// player at the table, or a watcher the table shows the deal to. Each
// meaning is the explanation the state's explanations will give of the
// call once it is made.
type Meanings struct {
	Type string `json:"type"` // "meanings"
	// N is the number of moves of the table the meanings are for (the
	// state's n): a client drops an answer for another position.
	N int `json:"n"`
	// Seat is the seat to call.
	Seat card.Seat `json:"seat"`
	// Calls holds the meaning of each legal call, in the order of the
	// bidding box: pass, the bids upward, double, redouble.
	Calls []Explanation `json:"calls"`
}

// ClaimNotice tells the players the answer to a claim; an accepted claim
// also ends the deal in the next state.
type ClaimNotice struct {
	Type     string    `json:"type"` // "claim"
	By       card.Seat `json:"by"`
	Tricks   int       `json:"tricks"`
	Accepted bool      `json:"accepted"`
	// Reason says why a claim was not accepted: "refused" (an opponent
	// refused it), "withdrawn" (the claimer took it back) or "beaten"
	// (the bots' best play takes more tricks than it leaves them).
	Reason string `json:"reason,omitempty"`
}

// ChatLine is a line of table chat, sent to everybody at the table (and
// again, the latest ones, to a player who joins). Chat is open at tables
// with more than one human; it is stored with the game.
type ChatLine struct {
	Type string    `json:"type"` // "chat"
	Seat card.Seat `json:"seat"`
	Name string    `json:"name"`
	Text string    `json:"text"`
	At   int64     `json:"at"` // Unix milliseconds
}

// Explanation is the meaning of one bridge call, from the bidding system
// of package bot/bidding (public: it depends on the calls only); the
// state message's explanations list one per call so far.
type Explanation struct {
	Call   string   `json:"call"`
	Text   string   `json:"text"` // in English
	Key    string   `json:"key,omitempty"`
	Args   []string `json:"args,omitempty"`
	MinHCP int      `json:"minHCP"`
	MaxHCP int      `json:"maxHCP"`
	// The structured form, which the browser words in the user's
	// language: lengths by suit (C, D, H, S), balanced, how forcing
	// (0 non-forcing, 1 invitational, 2 forcing, 3 game forcing,
	// 4 sign-off) and whether the call is conventional.
	MinLen     [4]int `json:"minLen"`
	MaxLen     [4]int `json:"maxLen"`
	Balanced   bool   `json:"balanced,omitempty"`
	Force      int    `json:"force"`
	Artificial bool   `json:"artificial,omitempty"`
	// Words is the meaning worded in each language but English (whose
	// wording is Text), from the same knowledge as atout bid's. On the
	// WebSocket it holds the reader's language only (the page's language
	// when it connected; none for English): see [Explanation.In].
	Words map[string]string `json:"words,omitempty"`
}

// In returns e as a reader of lang needs it: Words holds lang's wording
// only, or nothing for English (whose wording is Text) and for a language
// it has no words in (the reader words the structured form). An empty
// lang keeps every language. e is not changed.
func (e Explanation) In(lang string) Explanation {
	if lang == "" || e.Words == nil {
		return e
	}
	if w, ok := e.Words[lang]; ok && lang != "en" {
		e.Words = map[string]string{lang: w}
	} else {
		e.Words = nil
	}
	return e
}

// ExplanationsIn returns es as a reader of lang needs them (each through
// [Explanation.In]), in a new list: es may be shared.
func ExplanationsIn(es []Explanation, lang string) []Explanation {
	out := make([]Explanation, len(es))
	for i, e := range es {
		out[i] = e.In(lang)
	}
	return out
}
