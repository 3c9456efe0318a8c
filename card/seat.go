package card

import (
	"fmt"
	"strings"
)

// Seat is one of the four places at a partnership table. North and South play
// together against East and West. Next is clockwise (the bridge order); belote
// turns the other way and uses Prev.
type Seat uint8

// The four seats in clockwise order.
const (
	North Seat = iota
	East
	South
	West
)

// Seats lists the seats clockwise from North.
var Seats = [4]Seat{North, East, South, West}

// String returns "N", "E", "S" or "W".
func (s Seat) String() string {
	if s > West {
		return fmt.Sprintf("Seat(%d)", uint8(s))
	}
	return "NESW"[s : s+1]
}

// Name returns the seat's English name.
func (s Seat) Name() string {
	return [...]string{"North", "East", "South", "West"}[s&3]
}

// Next returns the seat on the left (clockwise).
func (s Seat) Next() Seat { return (s + 1) & 3 }

// Prev returns the seat on the right (counter-clockwise).
func (s Seat) Prev() Seat { return (s + 3) & 3 }

// Partner returns the seat opposite.
func (s Seat) Partner() Seat { return (s + 2) & 3 }

// Side returns the partnership of s.
func (s Seat) Side() Side { return Side(s & 1) }

// ParseSeat reads "N", "E", "S", "W" or the full name, in either case.
func ParseSeat(s string) (Seat, error) {
	switch strings.ToUpper(strings.TrimSpace(s)) {
	case "N", "NORTH":
		return North, nil
	case "E", "EAST":
		return East, nil
	case "S", "SOUTH":
		return South, nil
	case "W", "WEST":
		return West, nil
	}
	return 0, &ParseError{Kind: "seat", Input: s}
}

// MarshalText writes the seat letter.
func (s Seat) MarshalText() ([]byte, error) {
	if s > West {
		return nil, fmt.Errorf("card: invalid seat %d", uint8(s))
	}
	return seatTexts[s], nil
}

// seatTexts holds each seat's text, shared as cardTexts are: seats are
// encoded many times in every state message.
var seatTexts = func() (texts [4][]byte) {
	for s := North; s <= West; s++ {
		texts[s] = []byte(s.String())[:1:1]
	}
	return texts
}()

// UnmarshalText reads a seat.
func (s *Seat) UnmarshalText(b []byte) error {
	v, err := ParseSeat(string(b))
	if err != nil {
		return err
	}
	*s = v
	return nil
}

// Side is a partnership: NS or EW.
type Side uint8

// The two sides.
const (
	NS Side = iota
	EW
)

// String returns "NS" or "EW".
func (d Side) String() string {
	if d > EW {
		return fmt.Sprintf("Side(%d)", uint8(d))
	}
	return [...]string{"NS", "EW"}[d]
}

// Other returns the opposing side.
func (d Side) Other() Side { return d ^ 1 }

// Has reports whether seat s belongs to side d.
func (d Side) Has(s Seat) bool { return s.Side() == d }

// ParseSide reads "NS", "EW" (also "N-S", "E-W", either case).
func ParseSide(s string) (Side, error) {
	switch strings.ToUpper(strings.ReplaceAll(strings.TrimSpace(s), "-", "")) {
	case "NS":
		return NS, nil
	case "EW":
		return EW, nil
	}
	return 0, &ParseError{Kind: "side", Input: s}
}

// MarshalText writes "NS" or "EW".
func (d Side) MarshalText() ([]byte, error) {
	if d > EW {
		return nil, fmt.Errorf("card: invalid side %d", uint8(d))
	}
	return []byte(d.String()), nil
}

// UnmarshalText reads a side.
func (d *Side) UnmarshalText(b []byte) error {
	v, err := ParseSide(string(b))
	if err != nil {
		return err
	}
	*d = v
	return nil
}
