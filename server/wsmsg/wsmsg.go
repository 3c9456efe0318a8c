// Package wsmsg reads the client's WebSocket messages (docs/protocol.md)
// strictly: a single JSON object of a known type with only the fields that
// type takes, and sane values. Anything else is refused with a
// [*DecodeError], and nothing changes.
package wsmsg

import (
	"bytes"
	"encoding/json"
	"errors"
	"fmt"
	"strings"
	"unicode/utf8"

	"atout/card"
	"atout/protocol"
)

// MaxMessage is the largest client message accepted, in bytes. Longer
// messages get a bad_request error; much longer ones (over [ReadLimit])
// close the connection.
const MaxMessage = 1024

// ReadLimit is the WebSocket read limit: beyond it the library closes the
// connection with status 1009.
const ReadLimit = 64 << 10

// Message is a decoded client message (docs/protocol.md).
type Message struct {
	Type   string    // act, claim, undo, speed, chat, hint, meanings, next, ping
	Action string    // act: the action in engine notation
	Seat   card.Seat // act: the seat acted for
	HasN   bool      // act: the client sent its move count
	N      int       // act: moves the client has seen
	Tricks int       // claim: declarer's total
	Answer *bool     // claim: an answer to a pending claim instead of a claim
	// Confirm (undo) confirms an undo back into the auction; Speed
	// (speed) is the bot speed; Text (chat) the line said.
	Confirm bool
	Speed   string
	Text    string
}

// DecodeError says why a client message was refused.
type DecodeError struct{ Reason string }

func (e *DecodeError) Error() string { return "bad message: " + e.Reason }

// ErrTooLarge is returned for messages over MaxMessage bytes.
var ErrTooLarge = &DecodeError{Reason: fmt.Sprintf("longer than %d bytes", MaxMessage)}

func bad(format string, args ...any) error { return &DecodeError{Reason: fmt.Sprintf(format, args...)} }

// Decode reads one client message strictly: a single JSON object with a
// known type, only the fields that type takes, and sane values. Anything
// else is a *DecodeError and must change nothing.
func Decode(data []byte) (Message, error) {
	if len(data) > MaxMessage {
		return Message{}, ErrTooLarge
	}
	dec := json.NewDecoder(bytes.NewReader(data))
	dec.DisallowUnknownFields()
	var r protocol.ClientMessage
	if err := dec.Decode(&r); err != nil {
		return Message{}, bad("not a JSON object with the protocol's fields: %v", err)
	}
	if dec.More() {
		return Message{}, bad("trailing data after the message")
	}
	var tail [1]byte
	if n, _ := dec.Buffered().Read(tail[:]); n > 0 && !isSpace(tail[0]) {
		return Message{}, bad("trailing data after the message")
	}
	m := Message{Type: r.Type}
	allowed := map[string]bool{}
	switch r.Type {
	case protocol.TypeAct:
		if r.Action == nil || r.Seat == nil {
			return Message{}, bad("act needs action and seat")
		}
		if len(*r.Action) == 0 || len(*r.Action) > 16 {
			return Message{}, bad("action: want 1 to 16 characters")
		}
		// Printable ASCII; single spaces inside separate a card from
		// what its player says with it ("HK belote", "SA d13").
		a := *r.Action
		if a[0] == ' ' || a[len(a)-1] == ' ' || strings.Contains(a, "  ") {
			return Message{}, bad("action: no space at either end or twice")
		}
		for _, c := range []byte(a) {
			if c < 0x20 || c > 0x7e {
				return Message{}, bad("action: printable ASCII only")
			}
		}
		s, err := card.ParseSeat(*r.Seat)
		if err != nil || len(*r.Seat) != 1 {
			return Message{}, bad("seat: want N, E, S or W")
		}
		m.Action, m.Seat = *r.Action, s
		if r.N != nil {
			if *r.N < 0 || *r.N > 1<<20 {
				return Message{}, bad("n: out of range")
			}
			m.HasN, m.N = true, *r.N
		}
		allowed = map[string]bool{"action": true, "seat": true, "n": true}
	case protocol.TypeClaim:
		switch {
		case r.Accept != nil && r.Tricks == nil:
			m.Answer = r.Accept
		case r.Tricks != nil && r.Accept == nil:
			if *r.Tricks < 0 || *r.Tricks > 13 {
				return Message{}, bad("tricks: want 0 to 13")
			}
			m.Tricks = *r.Tricks
		default:
			return Message{}, bad("claim needs tricks (a claim) or accept (an answer), not both")
		}
		allowed = map[string]bool{"tricks": true, "accept": true}
	case protocol.TypeUndo:
		if r.Confirm != nil {
			m.Confirm = *r.Confirm
		}
		allowed = map[string]bool{"confirm": true}
	case protocol.TypeSpeed:
		if r.Speed == nil {
			return Message{}, bad("speed needs speed")
		}
		switch *r.Speed {
		case "slow", "normal", "fast", "instant", "playout":
		default:
			return Message{}, bad("speed: want slow, normal, fast, instant or playout")
		}
		m.Speed = *r.Speed
		allowed = map[string]bool{"speed": true}
	case protocol.TypeChat:
		if r.Text == nil {
			return Message{}, bad("chat needs text")
		}
		if n := utf8.RuneCountInString(*r.Text); n == 0 || n > 300 || !utf8.ValidString(*r.Text) {
			return Message{}, bad("text: want 1 to 300 characters")
		}
		m.Text = *r.Text
		allowed = map[string]bool{"text": true}
	case protocol.TypeHint, protocol.TypeMeanings, protocol.TypeNext, protocol.TypePing:
	case "":
		return Message{}, bad("missing type")
	default:
		return Message{}, bad("unknown type %q", r.Type)
	}
	present := map[string]bool{"action": r.Action != nil, "seat": r.Seat != nil, "n": r.N != nil,
		"tricks": r.Tricks != nil, "accept": r.Accept != nil, "confirm": r.Confirm != nil,
		"speed": r.Speed != nil, "text": r.Text != nil}
	for f, p := range present {
		if p && !allowed[f] {
			return Message{}, bad("field %s does not belong to a %s message", f, r.Type)
		}
	}
	return m, nil
}

func isSpace(c byte) bool { return c == ' ' || c == '\t' || c == '\n' || c == '\r' }

// Encode writes m back as JSON (the inverse of Decode, for tests
// and clients written in Go).
func (m Message) Encode() []byte {
	o := protocol.ClientMessage{Type: m.Type}
	switch m.Type {
	case protocol.TypeAct:
		seat := m.Seat.String()
		o.Action, o.Seat = &m.Action, &seat
		if m.HasN {
			o.N = &m.N
		}
	case protocol.TypeClaim:
		if m.Answer != nil {
			o.Accept = m.Answer
		} else {
			o.Tricks = &m.Tricks
		}
	case protocol.TypeUndo:
		if m.Confirm {
			o.Confirm = &m.Confirm
		}
	case protocol.TypeSpeed:
		o.Speed = &m.Speed
	case protocol.TypeChat:
		o.Text = &m.Text
	}
	b, _ := json.Marshal(o)
	return b
}

// isDecodeError reports whether err came from Decode.
func isDecodeError(err error) bool {
	var d *DecodeError
	return errors.As(err, &d)
}
