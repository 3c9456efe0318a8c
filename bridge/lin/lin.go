// Package lin reads and writes BBO LIN files: a flat stream of key|value|
// pairs. It understands pn (players), md (dealer and hands, the fourth hand
// often left out), sv (vulnerability), ah (board title), mb (calls, "!" for
// an alert), an (explanation of the previous call), pc (cards), mc (claim:
// declarer's total tricks) and qx (room and board of a match file); it keeps
// the match header (vg, rs, pw, bn, mp) and skips display and chat keys
// (rh, st, pg, nt, sk, up and others). Boards are read into
// [bridge.Record] values.
//
// LIN has no key for a contract or a result: a record that gives only a
// contract and a result (a club traveller) is written with the shortest
// auction that reaches the contract ([bridge.MinimalAuction]) and the
// result as mc, so that any LIN reader finds them.
package lin

import (
	"bytes"
	"fmt"
	"io"
	"strconv"
	"strings"

	"atout/bridge"
	"atout/card"
)

// SyntaxError reports LIN text that cannot be read: the line (1-based), the
// key of the pair and what is wrong.
type SyntaxError struct {
	Line int
	Key  string
	Msg  string
}

func (e *SyntaxError) Error() string {
	if e.Key == "" {
		return fmt.Sprintf("lin: line %d: %s", e.Line, e.Msg)
	}
	return fmt.Sprintf("lin: line %d: %s|: %s", e.Line, e.Key, e.Msg)
}

// Pair is one key|value| pair.
type Pair struct {
	Key   string
	Value string
}

// File is a LIN file: the match header pairs (vg, rs, pw, bn, mp) and the
// boards.
type File struct {
	Header []Pair
	Boards []*bridge.Record
}

// headerKeys are kept in File.Header.
var headerKeys = map[string]bool{"vg": true, "rs": true, "pw": true, "bn": true, "mp": true}

type pairAt struct {
	Pair
	line int
}

// lex splits the text into pairs.
func lex(s string) ([]pairAt, error) {
	s = strings.TrimPrefix(s, "\ufeff")
	var out []pairAt
	line := 1
	for len(s) > 0 {
		i := strings.IndexByte(s, '|')
		if i < 0 {
			if strings.TrimSpace(s) != "" {
				return nil, &SyntaxError{Line: line, Msg: fmt.Sprintf("%q is not a key|value| pair", strings.TrimSpace(s))}
			}
			break
		}
		key := strings.ToLower(strings.TrimSpace(s[:i]))
		line += strings.Count(s[:i], "\n")
		at := line
		s = s[i+1:]
		j := strings.IndexByte(s, '|')
		if j < 0 {
			j = len(s) // a last value without its closing bar
		}
		value := s[:j]
		line += strings.Count(value, "\n")
		if j < len(s) {
			s = s[j+1:]
		} else {
			s = ""
		}
		if key == "" {
			return nil, &SyntaxError{Line: at, Msg: "value " + strconv.Quote(value) + " without a key"}
		}
		out = append(out, pairAt{Pair{key, value}, at})
	}
	return out, nil
}

// Lines tells where the parts of one board were found in a LIN file, so
// that a program that checks the board can point at the line of a bad call
// or card.
type Lines struct {
	Game    int   // the line of the board's first pair
	Auction []int // the line of each call of the record's Auction
	Play    []int // the line of each card of the record's Play
}

// Parse reads a LIN file: one board or many (one line per board, or a match
// stream with qx markers).
func Parse(data []byte) (*File, error) {
	p, err := parse(data)
	if err != nil {
		return nil, err
	}
	return p.f, nil
}

// ParseBoardsLines is [ParseBoards] that also returns, for each board, the
// lines its calls and cards were read from.
func ParseBoardsLines(data []byte) ([]*bridge.Record, []Lines, error) {
	p, err := parse(data)
	if err != nil {
		return nil, nil, err
	}
	return p.f.Boards, p.lines, nil
}

func parse(data []byte) (*parser, error) {
	p, err := parseEach(data)
	if err != nil {
		return nil, err
	}
	for _, b := range p.each {
		if b.firstErr != nil {
			return nil, b.firstErr
		}
	}
	return p, nil
}

// Board is one board of a LIN file as read by [ParseEach]: its record and
// where its parts are, or the error that kept it from being read.
type Board struct {
	Record *bridge.Record // nil when Err is set
	Lines  Lines
	Err    *SyntaxError // the deal or vulnerability cannot be read

	// Dropped is set when a call (mb) or a card or claim (pc, mc) cannot
	// be read: Record is the board without its auction, or without its
	// play and claim, and Dropped says why.
	Dropped *SyntaxError

	firstErr *SyntaxError // the first pair of the board that cannot be read
}

// ParseEach reads a LIN file board by board: a board that cannot be read
// is returned with its error, and the boards around it are read as if it
// were not there. Only text that is not key|value| pairs fails the file.
func ParseEach(data []byte) (*File, []Board, error) {
	p, err := parseEach(data)
	if err != nil {
		return nil, nil, err
	}
	return p.f, p.each, nil
}

func parseEach(data []byte) (*parser, error) {
	pairs, err := lex(string(data))
	if err != nil {
		return nil, err
	}
	p := &parser{f: &File{}}
	p.start()
	for _, pa := range pairs {
		if p.cur.first == 0 {
			p.cur.first = pa.line
		}
		p.add(pa)
	}
	p.finish()
	return p, nil
}

// ParseBoards reads the boards of a LIN file.
func ParseBoards(data []byte) ([]*bridge.Record, error) {
	f, err := Parse(data)
	if err != nil {
		return nil, err
	}
	return f.Boards, nil
}

type boardState struct {
	line      int
	first     int // line of the first pair of the board
	callLines []int
	cardLines []int
	names     [4]string
	board     int
	hasBoard  bool
	room      string
	dealer    card.Seat
	hasDealer bool
	vul       bridge.Vul
	hasVul    bool
	deal      bridge.Deal
	hasMD     bool
	calls     []bridge.RecordCall
	cards     []card.Card
	claim     int
	started   bool
	firstErr  *SyntaxError // the first pair that cannot be read
	err       *SyntaxError // the board cannot be read
	dropped   *SyntaxError // a call, card or claim cannot be read
	noCalls   bool         // the auction is left out
	noPlay    bool         // the play and claim are left out
}

type parser struct {
	f     *File
	names []string // the last pn list (4 or 8 names)
	cur   *boardState
	lines []Lines // where each board of f.Boards was read
	each  []Board // every board, those that cannot be read included
}

func (p *parser) start() {
	b := &boardState{claim: bridge.RecordNoClaim}
	p.cur = b
	p.setNames()
}

// setNames gives the current board its names from the last pn list: the
// second four for the closed room of a match.
func (p *parser) setNames() {
	b := p.cur
	names := p.names
	if len(names) >= 8 && b.room == "Closed" {
		names = names[4:8]
	}
	// pn lists South, West, North, East.
	for i, seat := range [4]card.Seat{card.South, card.West, card.North, card.East} {
		if i < len(names) {
			b.names[seat] = strings.TrimSpace(sanitize(names[i]))
		} else {
			b.names[seat] = ""
		}
	}
}

func (p *parser) next() {
	p.finish()
	p.start()
}

func errAt(pa pairAt, format string, args ...any) *SyntaxError {
	return &SyntaxError{Line: pa.line, Key: pa.Key, Msg: fmt.Sprintf(format, args...)}
}

// add reads one pair into the current board. A pair that cannot be read
// spoils only its board: a bad call leaves the auction out, a bad card or
// claim the play, a bad deal or vulnerability the whole board.
func (p *parser) add(pa pairAt) {
	err := p.addPair(pa)
	if err == nil {
		return
	}
	b := p.cur
	b.started = true
	if b.firstErr == nil {
		b.firstErr = err
	}
	switch pa.Key {
	case "mb":
		b.noCalls, b.calls, b.callLines = true, nil, nil
	case "pc", "mc":
		b.noPlay, b.cards, b.cardLines, b.claim = true, nil, nil, bridge.RecordNoClaim
	default:
		if b.err == nil {
			b.err = err
		}
		if pa.Key == "md" {
			b.hasMD = true // the next md or pn starts the next board
		}
		return
	}
	if b.dropped == nil {
		b.dropped = err
	}
}

func (p *parser) addPair(pa pairAt) *SyntaxError {
	b := p.cur
	v := pa.Value
	if headerKeys[pa.Key] {
		p.f.Header = append(p.f.Header, pa.Pair)
		return nil
	}
	switch pa.Key {
	case "mb", "an":
		if b.noCalls {
			return nil
		}
	case "pc", "mc":
		if b.noPlay {
			return nil
		}
	}
	switch pa.Key {
	case "pn":
		if b.hasMD {
			p.next()
			b = p.cur
		}
		p.names = strings.Split(v, ",")
		p.setNames()
		b.line = pa.line
	case "qx":
		if b.started {
			p.next()
			b = p.cur
		}
		b.started = true
		t := strings.TrimSpace(v)
		if k := strings.IndexByte(t, ','); k >= 0 {
			t = t[:k]
		}
		if len(t) > 0 {
			switch t[0] {
			case 'o', 'O':
				b.room = "Open"
			case 'c', 'C':
				b.room = "Closed"
			}
			if n, err := strconv.Atoi(t[1:]); err == nil && n >= 0 {
				b.board, b.hasBoard = n, true
			}
		}
		p.setNames()
	case "md":
		if b.hasMD {
			p.next()
			b = p.cur
		}
		if err := parseMD(b, v); err != nil {
			return errAt(pa, "%v", err)
		}
		b.hasMD, b.started = true, true
		if b.line == 0 {
			b.line = pa.line
		}
	case "sv":
		vul, err := bridge.ParseVul(v)
		if err != nil {
			return errAt(pa, "%q is not a vulnerability", v)
		}
		b.vul, b.hasVul = vul, true
	case "ah":
		t := strings.TrimSpace(v)
		if k := strings.LastIndexByte(t, ' '); k >= 0 && strings.EqualFold(strings.TrimSpace(t[:k]), "board") {
			if n, err := strconv.Atoi(t[k+1:]); err == nil && n >= 0 {
				b.board, b.hasBoard = n, true
			}
		}
	case "mb":
		t := strings.TrimSpace(v)
		alert := strings.HasSuffix(t, "!")
		t = strings.TrimRight(t, "!")
		c, err := bridge.ParseCall(t)
		if err != nil {
			return errAt(pa, "%q is not a call", v)
		}
		b.calls = append(b.calls, bridge.RecordCall{Call: c, Alert: alert})
		b.callLines = append(b.callLines, pa.line)
		b.started = true
	case "an":
		if n := len(b.calls); n > 0 {
			b.calls[n-1].Note = sanitize(v)
		}
	case "pc":
		c, err := card.Parse(v)
		if err != nil {
			return errAt(pa, "%q is not a card", v)
		}
		if len(b.cards) >= 52 {
			return errAt(pa, "more than 52 cards")
		}
		b.cards = append(b.cards, c)
		b.cardLines = append(b.cardLines, pa.line)
		b.started = true
	case "mc":
		n, err := strconv.Atoi(strings.TrimSpace(v))
		if err != nil || n < 0 || n > 13 {
			return errAt(pa, "claim %q is not a number of tricks from 0 to 13", v)
		}
		b.claim = n
		b.started = true
	}
	return nil
}

// parseMD reads "3S86432H7DQJ4CA843,S...,S...,": the dealer digit (1 South,
// 2 West, 3 North, 4 East) then the hands from South clockwise.
func parseMD(b *boardState, v string) error {
	t := strings.TrimSpace(v)
	if len(t) > 0 && t[0] >= '0' && t[0] <= '9' {
		switch t[0] {
		case '1', '2', '3', '4':
			b.dealer, b.hasDealer = card.Seat((int(t[0]-'0')+1)&3), true
		case '0':
		default:
			return fmt.Errorf("dealer %q is not 1 to 4", t[:1])
		}
		t = t[1:]
	}
	hands := strings.Split(t, ",")
	if len(hands) > 4 {
		return fmt.Errorf("%d hands", len(hands))
	}
	var seen card.Hand
	for i, hs := range hands {
		seat := card.Seat((int(card.South) + i) & 3)
		h, err := parseHand(hs)
		if err != nil {
			return fmt.Errorf("%s hand %q: %v", seat.Name(), hs, err)
		}
		if dup := seen & h; dup != 0 {
			return fmt.Errorf("card %s dealt twice", dup.Cards()[0])
		}
		seen |= h
		b.deal[seat] = h
	}
	b.deal = bridge.RestoreMissingHand(b.deal)
	return nil
}

// parseHand reads "S86432H7DQJ4CA843": suit letters, each followed by its
// ranks; suits may come in any order and a void may be left out.
func parseHand(s string) (card.Hand, error) {
	var h card.Hand
	s = strings.ToUpper(strings.TrimSpace(s))
	suit, have := card.Spades, false
	for i := 0; i < len(s); i++ {
		c := s[i]
		switch c {
		case 'S', 'H', 'D', 'C':
			suit, _ = card.ParseSuit(string(c))
			have = true
			continue
		}
		if !have {
			return 0, fmt.Errorf("rank %q before a suit letter", c)
		}
		var r card.Rank
		if c == '1' && i+1 < len(s) && s[i+1] == '0' {
			r, i = card.Ten, i+1
		} else {
			var err error
			if r, err = card.ParseRank(string(c)); err != nil {
				return 0, fmt.Errorf("bad rank %q", c)
			}
		}
		cd := card.New(suit, r)
		if h.Has(cd) {
			return 0, fmt.Errorf("card %s twice", cd)
		}
		h = h.Add(cd)
	}
	if h.Len() > 13 {
		return 0, fmt.Errorf("%d cards", h.Len())
	}
	return h, nil
}

// finish turns the current board into a record, if it holds anything.
func (p *parser) finish() {
	b := p.cur
	if !b.started {
		return
	}
	first := b.first
	if b.line > 0 && (first == 0 || b.line < first) {
		first = b.line
	}
	if b.err != nil {
		p.each = append(p.each, Board{Err: b.err, Lines: Lines{Game: first}, firstErr: b.firstErr})
		return
	}
	r := &bridge.Record{Players: b.names, Deal: b.deal, Claim: b.claim, Auction: b.calls}
	r.Board = len(p.f.Boards) + 1
	if b.hasBoard {
		r.Board = b.board
	}
	r.Dealer, r.Vul = bridge.BoardDealer(r.Board), bridge.BoardVul(r.Board)
	if r.Board == 0 {
		r.Dealer, r.Vul = card.North, bridge.VulNone
	}
	if b.hasDealer {
		r.Dealer = b.dealer
	}
	if b.hasVul {
		r.Vul = b.vul
	}
	if b.room != "" {
		r.SetTag("Room", b.room)
	}
	if len(b.calls) > 0 {
		r.SetTag("Auction", r.Dealer.String())
	}
	st := bridge.RecordAuctionState(r.Dealer, r.Auction)
	known := st.Done && st.Bid
	leader := st.Declarer.Next()
	if !known {
		leader = card.North
		if len(b.cards) > 0 {
			if s, ok := r.Deal.Owner(b.cards[0]); ok {
				leader = s
			}
		}
	}
	r.Play = bridge.SeatPlay(b.cards, leader, st.Contract.Strain, known, r.Deal)
	if len(r.Play) > 0 || r.Claim >= 0 {
		r.SetTag("Play", leader.String())
	}
	r.Normalize()
	p.f.Boards = append(p.f.Boards, r)
	l := Lines{Game: first, Auction: b.callLines, Play: b.cardLines}
	p.lines = append(p.lines, l)
	p.each = append(p.each, Board{Record: r, Lines: l, Dropped: b.dropped, firstErr: b.firstErr})
}

// sanitize removes the characters LIN cannot hold in a value.
func sanitize(s string) string {
	return strings.NewReplacer("|", "/", "\r\n", " ", "\n", " ", "\r", " ").Replace(s)
}

// Write writes f as LIN: the header pairs on the first line (when there are
// any), then one line per board.
func Write(w io.Writer, f *File) error {
	var b bytes.Buffer
	if len(f.Header) > 0 {
		for _, h := range f.Header {
			b.WriteString(h.Key + "|" + sanitize(h.Value) + "|")
		}
		b.WriteByte('\n')
	}
	for _, r := range f.Boards {
		writeBoard(&b, r)
	}
	_, err := w.Write(b.Bytes())
	return err
}

// WriteBoards writes boards as LIN, one line per board.
func WriteBoards(w io.Writer, boards []*bridge.Record) error {
	return Write(w, &File{Boards: boards})
}

// Format returns one board as a LIN line (ending with a newline).
func Format(r *bridge.Record) []byte {
	var b bytes.Buffer
	writeBoard(&b, r)
	return b.Bytes()
}

func pair(b *bytes.Buffer, key, value string) {
	b.WriteString(key + "|" + value + "|")
}

func formatHand(h card.Hand) string {
	var sb strings.Builder
	for _, s := range card.Suits {
		sb.WriteString(s.String())
		m := h.SuitMask(s)
		for r := card.Ace; r >= card.Two; r-- {
			if m&(1<<r) != 0 {
				sb.WriteString(r.String())
			}
		}
	}
	return sb.String()
}

func linCall(c bridge.Call) string {
	switch c.Kind {
	case bridge.Pass:
		return "p"
	case bridge.Double:
		return "d"
	case bridge.Redouble:
		return "r"
	}
	s := c.String()
	return strings.TrimSuffix(s, "T") // "3NT" is written "3N"
}

func writeBoard(b *bytes.Buffer, r *bridge.Record) {
	if room, _ := r.Tag("Room"); room == "Open" || room == "Closed" {
		pair(b, "qx", strings.ToLower(room[:1])+strconv.Itoa(r.Board))
	}
	names := make([]string, 4)
	for i, seat := range [4]card.Seat{card.South, card.West, card.North, card.East} {
		names[i] = strings.ReplaceAll(sanitize(r.Players[seat]), ",", " ")
	}
	pair(b, "pn", strings.Join(names, ","))
	pair(b, "st", "")
	hands := make([]string, 4)
	for i := 0; i < 4; i++ {
		h := r.Deal[(int(card.South)+i)&3]
		if h != 0 {
			hands[i] = formatHand(h)
		}
	}
	dealer := (int(r.Dealer)+2)&3 + 1 // S=1, W=2, N=3, E=4
	pair(b, "md", strconv.Itoa(dealer)+strings.Join(hands, ","))
	pair(b, "rh", "")
	pair(b, "ah", "Board "+strconv.Itoa(r.Board))
	pair(b, "sv", [...]string{"o", "n", "e", "b"}[r.Vul&3])
	auction := r.Auction
	if len(auction) == 0 {
		// A record with a contract but no auction (a club traveller): LIN
		// has no contract key, so the shortest auction that reaches the
		// contract stands in for it; every LIN reader then finds the
		// contract and declarer.
		if c, decl, ok := r.FinalContract(); ok {
			auction = bridge.MinimalAuction(r.Dealer, c, decl)
		}
	}
	for _, rc := range auction {
		c := linCall(rc.Call)
		if rc.Alert {
			c += "!"
		}
		pair(b, "mb", c)
		if rc.Note != "" {
			pair(b, "an", sanitize(rc.Note))
		}
	}
	if len(r.Play) > 0 {
		pair(b, "pg", "")
	}
	for i, pc := range r.Play {
		pair(b, "pc", pc.Card.String())
		if i%4 == 3 {
			pair(b, "pg", "")
		}
	}
	if r.Claim >= 0 {
		pair(b, "mc", strconv.Itoa(r.Claim))
	} else if c, _, ok := r.FinalContract(); ok && !c.IsPass() && !r.PlayComplete() {
		// A result with no play, or with a play that stops: declarer's
		// tricks as a claim, as BBO records a claim.
		if n, ok := r.ResultTricks(); ok {
			pair(b, "mc", strconv.Itoa(n))
		}
	}
	b.WriteByte('\n')
}
