// Package pbn reads and writes Portable Bridge Notation 2.1 files: tag
// pairs, the Auction and Play sections with their notes and annotations,
// tables such as OptimumResultTable and ScoreTable, commentary, the "#"
// inheritance of export files, and the quirks of real files (CRLF, byte
// order mark, trailing spaces, N-S and Both, redundant suit letters in
// Deal strings...) and of other writers (a contract with a leader but no
// declarer, "NS 11" results, auctions padded with "-", tag pairs over two
// lines). Games are read into [bridge.Record] values; writing follows the
// export format: the mandatory tags first in their export order.
//
// [Parse] fails on the first game that cannot be read; [ParseEach] reads a
// file game by game, so that a bad game leaves the others as they are.
// [ReadSettings] and [SetTags] serve a program that only adds a few tags
// (double-dummy analysis) and keeps every other byte of the file.
package pbn

import (
	"errors"
	"fmt"
	"slices"
	"strconv"
	"strings"

	"atout/bridge"
	"atout/card"
)

// File is a PBN file: the directive lines that open it (without their "%")
// and its games.
type File struct {
	Directives []string
	Games      []*bridge.Record
}

// Lines tells where the parts of one game were found in a PBN file, so that
// a program that checks the game can point at the line of a bad call or
// card.
type Lines struct {
	Game    int   // the line of the game's first tag
	Auction []int // the line of each call of the record's Auction
	Play    []int // the line of each card of the record's Play
}

// Parse reads a whole PBN file. Errors are [*SyntaxError] values naming the
// line: the first game that cannot be read fails the file (see [ParseEach]
// to read the others all the same).
func Parse(data []byte) (*File, error) {
	f, _, err := parse(data)
	return f, err
}

// ParseGamesLines is [ParseGames] that also returns, for each game, the
// lines its calls and cards were read from.
func ParseGamesLines(data []byte) ([]*bridge.Record, []Lines, error) {
	f, lines, err := parse(data)
	if err != nil {
		return nil, nil, err
	}
	return f.Games, lines, nil
}

// Game is one game of a PBN file as read by [ParseEach]: its record and
// where its parts are, or the error that kept it from being read.
type Game struct {
	Record *bridge.Record // nil when Err is set
	Lines  Lines
	Board  string       // the Board tag as written ("" when absent), kept even when Err is set
	Err    *SyntaxError // why the game cannot be read

	// Dropped is set when the game's Auction or Play section cannot be
	// read: Record is the game without that section (and without the
	// other, if it cannot be read either), and Dropped says why.
	Dropped *SyntaxError

	errSect string // "Auction" or "Play" when Err lies in that section
}

// ParseEach reads a PBN file game by game: a game that cannot be read (a
// bad tag pair, call, card or deal, an unclosed string or commentary) is
// returned with its error, and the games around it are read as if it were
// not there. It returns the directives that open the file and every game in
// order.
func ParseEach(data []byte) (directives []string, games []Game) {
	items := lex(normalizeText(data))
	var prev map[string]string
	start := 0
	for start < len(items) {
		end := start
		for end < len(items) && items[end].kind != itemBlank {
			end++
		}
		block := items[start:end]
		start = end + 1
		hasTag := false
		for _, it := range block {
			if it.kind == itemTag {
				hasTag = true
				break
			}
		}
		if len(games) == 0 {
			for _, it := range block {
				if it.kind == itemTag {
					break
				}
				if it.kind == itemDirective {
					directives = append(directives, it.text)
				}
			}
		}
		if !hasTag {
			for _, it := range block {
				switch it.kind {
				case itemError:
					games = append(games, Game{Err: it.err, Lines: Lines{Game: it.line}})
				case itemWord:
					games = append(games, Game{Err: errorf(it.line, "%q outside a section (no tag pair before it)", it.text), Lines: Lines{Game: it.line}})
				default:
					continue
				}
				break
			}
			continue
		}
		g, vals := parseGame(block, prev, nil)
		// A game whose auction or play cannot be read is read again
		// without that section: the deal, the contract and the result
		// tags may still say all that is needed.
		skip := map[string]bool{}
		var dropped *SyntaxError
		for g.Err != nil && g.errSect != "" && !skip[g.errSect] {
			if dropped == nil {
				dropped = g.Err
			}
			skip[g.errSect] = true
			g, vals = parseGame(block, prev, skip)
		}
		if dropped != nil && g.Err == nil {
			g.Dropped = dropped
		} else if dropped != nil {
			g.Err = dropped
		}
		if vals != nil {
			prev = vals
		}
		games = append(games, g)
	}
	return directives, games
}

func parse(data []byte) (*File, []Lines, error) {
	dirs, games := ParseEach(data)
	f := &File{Directives: dirs}
	var lines []Lines
	for _, g := range games {
		if g.Err != nil {
			return nil, nil, g.Err
		}
		if g.Dropped != nil {
			return nil, nil, g.Dropped
		}
		f.Games = append(f.Games, g.Record)
		lines = append(lines, g.Lines)
	}
	return f, lines, nil
}

// ParseGames reads the games of a PBN file.
func ParseGames(data []byte) ([]*bridge.Record, error) {
	f, err := Parse(data)
	if err != nil {
		return nil, err
	}
	return f.Games, nil
}

// word is a token of section data.
type word struct {
	text   string
	line   int
	quoted bool
}

type gameParser struct {
	rec      *bridge.Record
	raw      map[string]string // resolved values of the tags read, first of each name
	rawLine  map[string]int
	section  string // the tag the following words belong to
	sectIdx  int    // index in rec.Tags of that tag, or -1
	lastSect string // "Auction" or "Play": where Note tags go
	auction  []word
	play     []word
	notes    map[string]map[int]string
	target   int // index in rec.Tags of the tag commentary goes to; -1 for rec.Comments
	lines    Lines
	skip     map[string]bool // sections left out ("Auction", "Play")
	errSect  string          // the section the error returned lies in
}

// parseGame reads one game. prev holds the tag values of the previous game,
// for "#". It returns the tag values read, for the next game.
func parseGame(items []item, prev map[string]string, skip map[string]bool) (Game, map[string]string) {
	p := &gameParser{
		skip:    skip,
		rec:     &bridge.Record{Claim: bridge.RecordNoClaim},
		raw:     map[string]string{},
		rawLine: map[string]int{},
		sectIdx: -1,
		notes:   map[string]map[int]string{"Auction": {}, "Play": {}},
	}
	p.target = -1
	var g Game
	firstLine := 0
	for _, it := range items {
		if it.kind == itemTag && it.name == "Board" && g.Board == "" {
			g.Board = it.text
			if g.Board == "#" {
				g.Board = prev["Board"]
			}
		}
	}
	fail := func(err *SyntaxError) (Game, map[string]string) {
		if p.lines.Game == 0 {
			p.lines.Game = firstLine
		}
		g.Err, g.Lines, g.errSect = err, Lines{Game: p.lines.Game}, p.errSect
		return g, p.raw
	}
	for _, it := range items {
		if firstLine == 0 {
			firstLine = it.line
		}
		switch it.kind {
		case itemError:
			return fail(it.err)
		case itemDirective:
			// an escaped line: ignored inside a game
		case itemComment:
			if p.target < 0 {
				p.rec.Comments = append(p.rec.Comments, it.text)
			} else {
				t := &p.rec.Tags[p.target]
				t.Comments = append(t.Comments, it.text)
			}
		case itemWord:
			if err := p.addWord(it); err != nil {
				return fail(err)
			}
		case itemTag:
			if p.lines.Game == 0 {
				p.lines.Game = it.line
			}
			if err := p.addTag(it, prev); err != nil {
				return fail(err)
			}
		}
	}
	if err := p.finish(firstLine); err != nil {
		return fail(err)
	}
	g.Record, g.Lines = p.rec, p.lines
	return g, p.raw
}

func (p *gameParser) addWord(it item) *SyntaxError {
	w := word{it.text, it.line, it.quoted}
	switch p.section {
	case "\x00dropped":
		return nil
	case "Auction":
		p.auction = append(p.auction, w)
		return nil
	case "Play":
		p.play = append(p.play, w)
		return nil
	case "":
		return errorf(it.line, "%q outside a section (no tag pair before it)", it.text)
	}
	if p.sectIdx < 0 {
		return errorf(it.line, "%q: tag %s has no data section", it.text, p.section)
	}
	t := &p.rec.Tags[p.sectIdx]
	if cols := tableColumns(t.Name, t.Value); cols > 0 {
		if n := len(t.Rows); n > 0 && len(t.Rows[n-1]) < cols {
			t.Rows[n-1] = append(t.Rows[n-1], it.text)
			return nil
		}
	} else if n := len(t.Rows); n > 0 && p.rawLine["\x00row"] == it.line {
		t.Rows[n-1] = append(t.Rows[n-1], it.text)
		return nil
	}
	p.rawLine["\x00row"] = it.line
	t.Rows = append(t.Rows, []string{it.text})
	return nil
}

// tableColumns returns the number of columns of a table tag, from the
// column descriptions of its value ("Declarer;Denomination\2R;Result\2R"),
// or 0 for other tags.
func tableColumns(name, value string) int {
	if !strings.HasSuffix(name, "Table") || strings.TrimSpace(value) == "" {
		return 0
	}
	return len(strings.Split(value, ";"))
}

func (p *gameParser) addTag(it item, prev map[string]string) *SyntaxError {
	name, value := it.name, it.text
	if value == "#" {
		value = prev[name]
	}
	p.sectIdx = -1
	p.section = name
	if name == "Note" {
		if p.lastSect == "" {
			p.section = "Note"
			return nil // a note with no section to belong to
		}
		num, text, ok := strings.Cut(value, ":")
		n, err := strconv.Atoi(strings.TrimSpace(num))
		if ok && err == nil {
			if _, dup := p.notes[p.lastSect][n]; !dup {
				p.notes[p.lastSect][n] = text
			}
		}
		return nil
	}
	if p.skip[name] {
		p.section, p.lastSect = "\x00dropped", name
		return nil
	}
	if _, dup := p.raw[name]; dup {
		if name == "Auction" || name == "Play" {
			p.errSect = name
			return errorf(it.line, "second %s section", name)
		}
		if bridge.IsRecordTypedTag(name) || slices.Contains(bridge.MandatoryStringTags[:], name) {
			p.section = "\x00ignored"
			return nil // the standard says a repeated tag pair is ignored
		}
	} else {
		p.raw[name] = value
		p.rawLine[name] = it.line
	}
	if bridge.IsRecordTypedTag(name) {
		return nil
	}
	if name == "Auction" || name == "Play" {
		p.lastSect = name
	}
	p.rec.Tags = append(p.rec.Tags, bridge.RecordTag{Name: name, Value: value})
	p.sectIdx = len(p.rec.Tags) - 1
	p.target = p.sectIdx
	return nil
}

// seatValue reads a seat tag value; "" and "?" mean unknown.
func seatValue(v string) (card.Seat, bool, error) {
	if v == "" || v == "?" {
		return 0, false, nil
	}
	s, err := card.ParseSeat(v)
	return s, err == nil, err
}

func (p *gameParser) finish(firstLine int) *SyntaxError {
	r := p.rec
	line := func(name string) int {
		if l, ok := p.rawLine[name]; ok {
			return l
		}
		return firstLine
	}
	// Board
	if v := p.raw["Board"]; v != "" && v != "?" {
		n, err := strconv.Atoi(v)
		if err != nil || n < 0 {
			return errorf(line("Board"), "Board %q is not a board number", v)
		}
		r.Board = n
	}
	if r.Board > 0 {
		r.Dealer, r.Vul = bridge.BoardDealer(r.Board), bridge.BoardVul(r.Board)
	}
	dealer, hasDealer, err := seatValue(p.raw["Dealer"])
	if err != nil {
		return errorf(line("Dealer"), "Dealer %q is not a seat", p.raw["Dealer"])
	}
	if hasDealer {
		r.Dealer = dealer
	}
	if v, ok := p.raw["Auction"]; ok {
		s, known, err := seatValue(v)
		if err != nil {
			p.errSect = "Auction"
			return errorf(line("Auction"), "Auction %q is not a seat", v)
		}
		if known {
			// Some writers start every auction with the same seat and pad
			// the seats before the dealer with "-": [Auction "W"] then
			// "- 1S ..." when North deals.
			pad := 0
			for pad < len(p.auction) && p.auction[pad].text == "-" && !p.auction[pad].quoted {
				pad++
			}
			switch {
			case !hasDealer:
				r.Dealer = card.Seat((int(s) + pad) & 3)
			case s != dealer && pad >= (int(dealer)-int(s)+4)%4:
			case s != dealer && len(p.auction) > 0:
				p.errSect = "Auction"
				return errorf(line("Auction"), "Auction starts with %s but the dealer is %s", s, dealer)
			}
		}
	}
	if v := p.raw["Vulnerable"]; v != "" && v != "?" {
		vul, err := bridge.ParseVul(v)
		if err != nil {
			return errorf(line("Vulnerable"), "Vulnerable %q is not a vulnerability", v)
		}
		r.Vul = vul
	}
	if v, ok := p.raw["Deal"]; ok {
		d, err := bridge.ParseRecordDeal(v)
		if err != nil {
			var de *bridge.DealError
			if errors.As(err, &de) {
				return errorf(line("Deal"), "Deal %q: %s", v, de.Msg)
			}
			return errorf(line("Deal"), "Deal %q: %v", v, err)
		}
		r.Deal = d
	}
	for i, name := range [4]string{"North", "East", "South", "West"} {
		r.Players[i] = p.raw[name]
	}
	if err := p.parseAuction(); err != nil {
		p.errSect = "Auction"
		return err
	}
	if err := p.parsePlay(line("Play")); err != nil {
		p.errSect = "Play"
		return err
	}
	// The Auction and Play tags keep their place in Tags; their values
	// are what the writer will put there: the dealer and the leader.
	for i := range r.Tags {
		switch r.Tags[i].Name {
		case "Auction":
			r.Tags[i].Value = r.Dealer.String()
		case "Play":
			leader, ok := r.Leader()
			if !ok {
				leader = card.North
			}
			r.Tags[i].Value = leader.String()
		}
	}
	if _, ok := p.raw["Play"]; ok && !r.PlayComplete() {
		if c, decl, ok := r.FinalContract(); ok && !c.IsPass() {
			if n, ok := bridge.ParseResult(p.raw["Result"], c, decl); ok {
				r.Claim = n
			}
		} else if n, err := strconv.Atoi(p.raw["Result"]); err == nil && n >= 0 && n <= 13 {
			r.Claim = n
		}
	}
	r.Normalize()
	return nil
}

// splitSuffix splits a token into its core and a trailing suffix
// annotation made of "!" and "?".
func splitSuffix(t string) (core, suffix string) {
	core = strings.TrimRight(t, "!?")
	return core, t[len(core):]
}

// noteRef reads "=n=".
func noteRef(t string) (int, bool) {
	if len(t) < 3 || t[0] != '=' || t[len(t)-1] != '=' {
		return 0, false
	}
	n, err := strconv.Atoi(t[1 : len(t)-1])
	return n, err == nil
}

// isAnnotation reports whether t is an annotation token: a NAG "$n", an
// irregularity "^x", a "+" mark or a suffix of "!" and "?".
func isAnnotation(t string) bool {
	if t == "" {
		return false
	}
	switch t[0] {
	case '$', '^', '+':
		return true
	}
	core, _ := splitSuffix(t)
	return core == ""
}

func (p *gameParser) parseAuction() *SyntaxError {
	r := p.rec
	ended := false
	notes := p.notes["Auction"]
	// The auction is over after three passes following a bid, or four
	// passes; counted as we go so that long inputs stay linear.
	passes, bid := 0, false
	done := func() bool { return (bid && passes >= 3) || (!bid && passes >= 4) }
	add := func(rc bridge.RecordCall, line int) {
		r.Auction = append(r.Auction, rc)
		p.lines.Auction = append(p.lines.Auction, line)
		switch rc.Call.Kind {
		case bridge.Pass:
			passes++
		case bridge.Bid:
			bid, passes = true, 0
		default:
			passes = 0
		}
	}
	for _, w := range p.auction {
		t := w.text
		if w.quoted {
			return errorf(w.line, "auction: unexpected string %q", t)
		}
		last := len(r.Auction) - 1
		if n, ok := noteRef(t); ok {
			if last >= 0 {
				r.Auction[last].Note = joinNote(r.Auction[last].Note, notes[n])
			}
			continue
		}
		if isAnnotation(t) {
			if last >= 0 {
				r.Auction[last].Annots = append(r.Auction[last].Annots, t)
			}
			continue
		}
		switch strings.ToUpper(t) {
		case "-":
			continue
		case "*":
			ended = true
			continue
		}
		if ended {
			return errorf(w.line, "auction: %q after the end of the auction", t)
		}
		if done() {
			return errorf(w.line, "auction: %q after the auction is over", t)
		}
		if strings.EqualFold(t, "AP") {
			for !done() {
				add(bridge.RecordCall{Call: bridge.PassCall}, w.line)
			}
			continue
		}
		core, suffix := splitSuffix(t)
		note := ""
		c, err := bridge.ParseCall(core)
		if err != nil && suffix == "" {
			// Forms of other writers: "4C*" an alerted call, "5D=1"
			// a call with its note reference stuck to it.
			if k := strings.IndexByte(t, '='); k > 0 {
				ref := t[k:]
				if !strings.HasSuffix(ref, "=") {
					ref += "="
				}
				if n, ok := noteRef(ref); ok {
					if c, err = bridge.ParseCall(t[:k]); err == nil {
						note = notes[n]
					}
				}
			} else if len(t) > 1 && strings.HasSuffix(t, "*") {
				if c, err = bridge.ParseCall(t[:len(t)-1]); err == nil {
					suffix = "!"
				}
			}
		}
		if err != nil {
			return errorf(w.line, "auction: %q is not a call", t)
		}
		rc := bridge.RecordCall{Call: c, Note: note}
		if suffix != "" {
			rc.Annots = []string{suffix}
			// "!" stuck to a call is how BBO and others mark an alert.
			rc.Alert = suffix == "!"
		}
		add(rc, w.line)
	}
	return nil
}

func joinNote(a, b string) string {
	switch {
	case a == "":
		return b
	case b == "":
		return a
	}
	return a + " " + b
}

type cardExtra struct {
	note   string
	annots []string
}

func (p *gameParser) parsePlay(tagLine int) *SyntaxError {
	r := p.rec
	v, ok := p.raw["Play"]
	if !ok {
		return nil
	}
	contract, decl, haveContract := r.FinalContract()
	leader, known, err := seatValue(v)
	if err != nil {
		return errorf(tagLine, "Play %q is not a seat", v)
	}
	if !known && haveContract && !contract.IsPass() {
		leader, known = decl.Next(), true
	}
	notes := p.notes["Play"]
	var tricks [][4]card.Card
	var extras [][4]cardExtra
	var cardLines [][4]int
	col := 0
	lastK, lastS := -1, card.Seat(0)
	ended := false
	for _, w := range p.play {
		t := w.text
		if w.quoted {
			return errorf(w.line, "play: unexpected string %q", t)
		}
		if n, ok := noteRef(t); ok {
			if lastK >= 0 {
				e := &extras[lastK][lastS]
				e.note = joinNote(e.note, notes[n])
			}
			continue
		}
		if isAnnotation(t) {
			if lastK >= 0 {
				e := &extras[lastK][lastS]
				e.annots = append(e.annots, t)
			}
			continue
		}
		if t == "*" {
			ended = true
			continue
		}
		if ended {
			return errorf(w.line, "play: %q after the end of the play", t)
		}
		if !known {
			return errorf(tagLine, "play: the opening leader is not known")
		}
		if col == 0 {
			tricks = append(tricks, [4]card.Card{})
			extras = append(extras, [4]cardExtra{})
			cardLines = append(cardLines, [4]int{})
		}
		k := len(tricks) - 1
		seat := card.Seat((int(leader) + col) & 3)
		col = (col + 1) % 4
		if t == "-" {
			lastK = -1
			continue
		}
		core, suffix := splitSuffix(t)
		c, err := card.Parse(core)
		if err != nil {
			return errorf(w.line, "play: %q is not a card", t)
		}
		tricks[k][seat] = c
		cardLines[k][seat] = w.line
		if suffix != "" {
			extras[k][seat].annots = []string{suffix}
		}
		lastK, lastS = k, seat
	}
	if len(tricks) > 13 {
		return errorf(tagLine, "play: %d tricks", len(tricks))
	}
	strain := contract.Strain
	play, err := bridge.PlayFromTricks(leader, strain, haveContract && !contract.IsPass(), tricks)
	if err != nil {
		return errorf(tagLine, "play: %v", err)
	}
	for i := range play {
		e := extras[i/4][play[i].Seat]
		play[i].Note, play[i].Annots = e.note, e.annots
		p.lines.Play = append(p.lines.Play, cardLines[i/4][play[i].Seat])
	}
	r.Play = play
	return nil
}

// String returns the text of a SyntaxError-free summary of f, for
// debugging: the number of games.
func (f *File) String() string { return fmt.Sprintf("pbn.File{%d games}", len(f.Games)) }
