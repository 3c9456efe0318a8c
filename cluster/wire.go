package cluster

import (
	"encoding/hex"
	"encoding/json"
	"errors"
	"strconv"
	"strings"

	"atout/protocol"
	"atout/table"
)

// Operations of a call request.
const (
	opAct     = "act"
	opClaim   = "claim"
	opAnswer  = "answer"
	opUndo    = "undo"
	opHint    = "hint"
	opMeaning = "meanings"
	opSpeed   = "speed"
	opChat    = "chat"
	opNext    = "next"
	opSit     = "sit"
	opInfo    = "info"
	opSeat    = "seat"
	opExport  = "export"
	opWatch   = "watch"
	opUnwatch = "unwatch"
)

// Headers of a relayed message.
const (
	hdrRelay = "Atout-Relay"
	hdrSeq   = "Atout-Seq"
)

// request is a call to a table's owner.
type request struct {
	Op   string `json:"op"`
	User string `json:"user,omitempty"`
	// Lang is the language the watcher reads (watch, unwatch): a
	// state's explanations are worded in it only.
	Lang   string `json:"lang,omitempty"`
	Name   string `json:"name,omitempty"`   // sit: the player's name
	Invite string `json:"invite,omitempty"` // sit: the invitation's secret
	Seat   int    `json:"seat,omitempty"`
	Action string `json:"action,omitempty"`
	N      int    `json:"n,omitempty"`
	Tricks int    `json:"tricks,omitempty"`
	Accept bool   `json:"accept,omitempty"`
	// Confirm confirms an undo back into the auction; Speed is a bot
	// speed; Text a line of chat.
	Confirm bool   `json:"confirm,omitempty"`
	Speed   string `json:"speed,omitempty"`
	Text    string `json:"text,omitempty"`
	Format  string `json:"format,omitempty"`
	// Node is the caller (watch, unwatch).
	Node string `json:"node,omitempty"`
	// Relay and Seq (watch) are the relay the caller follows and the
	// sequence number of its latest message delivered: a renewal of a
	// watcher that missed nothing is answered without the snapshot.
	Relay string `json:"relay,omitempty"`
	Seq   uint64 `json:"seq,omitempty"`
	// TimeoutMS is how long the caller waits for the answer.
	TimeoutMS int64 `json:"timeoutMs,omitempty"`
}

// wireError is a refused call.
type wireError struct {
	Code string `json:"code"`
	Msg  string `json:"msg,omitempty"`
}

// reply is the owner's answer to a call.
type reply struct {
	Err  *wireError      `json:"err,omitempty"`
	Hint *table.Hint     `json:"hint,omitempty"` // hint
	Info json.RawMessage `json:"info,omitempty"` // info: a table.Info
	Seat int             `json:"seat,omitempty"` // seat
	OK   bool            `json:"ok,omitempty"`   // seat: seated
	Data []byte          `json:"data,omitempty"` // export
	Type string          `json:"type,omitempty"` // export: content type
	// Watch: the relay, the sequence number of its latest message and the
	// messages a new subscriber needs (the latest state, then the latest
	// analysis if any), left out when the caller had them all already.
	Relay    string            `json:"relay,omitempty"`
	Seq      uint64            `json:"seq,omitempty"`
	Snapshot []json.RawMessage `json:"snapshot,omitempty"`
	// Owner (watch) is the node that answered, and TTLMS how long it keeps
	// publishing without a renewal; an owner of an older version sends
	// neither, and its watchers renew at the old pace.
	Owner string `json:"owner,omitempty"`
	TTLMS int64  `json:"ttlMs,omitempty"`
	// Meanings answers meanings.
	Meanings *protocol.Meanings `json:"meanings,omitempty"`
	// Direct (info) is where the players' browsers reach the owner
	// itself: its Config.Advertise.
	Direct string `json:"direct,omitempty"`
}

// errReply encodes err as a refused call.
func errReply(err error) reply {
	var te *table.Error
	if errors.As(err, &te) {
		return reply{Err: &wireError{Code: te.Code, Msg: te.Msg}}
	}
	return reply{Err: &wireError{Code: table.CodeInternal, Msg: err.Error()}}
}

// err returns the table error of a refused call, or nil.
func (r *reply) err() error {
	if r.Err == nil {
		return nil
	}
	switch r.Err.Code {
	case table.CodeNotFound:
		return table.ErrNotFound
	case table.CodeClosed:
		return table.ErrClosed
	}
	return &table.Error{Code: r.Err.Code, Msg: r.Err.Msg}
}

// subjects names the NATS subjects under a prefix.
type subjects struct{ prefix string }

// call is the subject of requests to the owner of table id.
func (s subjects) call(id string) string { return s.prefix + ".table." + id + ".call" }

// owner is the subject on which a node says that it starts or stops
// serving table id; ownerAll matches it for every table.
func (s subjects) owner(id string) string { return s.prefix + ".table." + id + ".owner" }
func (s subjects) ownerAll() string       { return s.prefix + ".table.*.owner" }

// tableOf returns the table id of an owner subject, or "".
func (s subjects) tableOf(subject string) string {
	rest, ok := strings.CutPrefix(subject, s.prefix+".table.")
	if !ok {
		return ""
	}
	id, ok := strings.CutSuffix(rest, ".owner")
	if !ok || strings.Contains(id, ".") {
		return ""
	}
	return id
}

// beat is the subject of the nodes' presence beats.
func (s subjects) beat() string { return s.prefix + ".node.beat" }

// state is the subject of the owner's messages for one viewer of table id:
// a user reading a language.
func (s subjects) state(id string, v viewer) string {
	return s.prefix + ".table." + id + ".state." + viewerToken(v.user) + "." + viewerToken(v.lang)
}

// viewer is who watches a table: a user ("" for an anonymous spectator)
// reading a language ("" for every language).
type viewer struct{ user, lang string }

// viewerToken is the subject token of a viewer: the user id itself (ids
// are lower-case letters and digits), or "_" and the hex bytes of anything
// else — "_" alone for an anonymous spectator. Distinct users get distinct
// tokens.
func viewerToken(user string) string {
	if validToken(user) && user[0] != '_' {
		return user
	}
	return "_" + hex.EncodeToString([]byte(user))
}

// validToken reports whether s is a safe subject token: letters, digits,
// '-' and '_', at most 64 bytes.
func validToken(s string) bool {
	if s == "" || len(s) > 64 {
		return false
	}
	for i := 0; i < len(s); i++ {
		c := s[i]
		if !(c >= 'a' && c <= 'z' || c >= 'A' && c <= 'Z' || c >= '0' && c <= '9' || c == '-' || c == '_') {
			return false
		}
	}
	return true
}

func formatSeq(n uint64) string { return strconv.FormatUint(n, 10) }

func parseSeq(s string) (uint64, bool) {
	n, err := strconv.ParseUint(s, 10, 64)
	return n, err == nil
}
