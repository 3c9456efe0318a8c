package pbn

import (
	"bytes"
	"sort"
	"strconv"
	"strings"

	"atout/bridge"
	"atout/card"
)

// Setting is what a program that only needs the deals reads of one game:
// the board, dealer, vulnerability and deal, and the first value of each
// tag. The Auction and Play sections are not read, so a call or card that
// cannot be read does not matter here.
type Setting struct {
	Line   int // the line of the game's first tag
	Board  int
	Dealer card.Seat
	Vul    bridge.Vul
	Deal   bridge.Deal
	Tags   map[string]string // the first value of each tag ("#" resolved)
	Err    *SyntaxError      // the board, dealer, vulnerability or deal cannot be read
}

// gameBlock is one game of a file: its items, and the byte range it takes
// in the file (from its first item to the end of its last one).
type gameBlock struct {
	items      []item
	start, end int
}

// gameBlocks splits lexed items into games: runs of items between empty
// lines that hold at least one tag pair.
func gameBlocks(items []item) []gameBlock {
	var out []gameBlock
	start := 0
	for start < len(items) {
		end := start
		for end < len(items) && items[end].kind != itemBlank {
			end++
		}
		block := items[start:end]
		start = end + 1
		for _, it := range block {
			if it.kind == itemTag {
				out = append(out, gameBlock{items: block, start: block[0].pos, end: block[len(block)-1].end})
				break
			}
		}
	}
	return out
}

// ReadSettings reads the setting of every game of a PBN file, one game at
// a time: a game whose deal cannot be read has Err set and changes nothing
// for the others.
func ReadSettings(data []byte) []Setting {
	var out []Setting
	var prev map[string]string
	for _, b := range gameBlocks(lex(normalizeText(data))) {
		s := Setting{Tags: map[string]string{}}
		lines := map[string]int{}
		for _, it := range b.items {
			if it.kind != itemTag {
				continue
			}
			if s.Line == 0 {
				s.Line = it.line
			}
			if _, dup := s.Tags[it.name]; dup {
				continue
			}
			v := it.text
			if v == "#" {
				v = prev[it.name]
			}
			s.Tags[it.name], lines[it.name] = v, it.line
		}
		prev = s.Tags
		s.Err = s.read(lines)
		out = append(out, s)
	}
	return out
}

func (s *Setting) read(lines map[string]int) *SyntaxError {
	if v := s.Tags["Board"]; v != "" && v != "?" {
		n, err := strconv.Atoi(v)
		if err != nil || n < 0 {
			return errorf(lines["Board"], "Board %q is not a board number", v)
		}
		s.Board = n
	}
	if s.Board > 0 {
		s.Dealer, s.Vul = bridge.BoardDealer(s.Board), bridge.BoardVul(s.Board)
	}
	d, known, err := seatValue(s.Tags["Dealer"])
	if err != nil {
		return errorf(lines["Dealer"], "Dealer %q is not a seat", s.Tags["Dealer"])
	}
	if known {
		s.Dealer = d
	}
	if v := s.Tags["Vulnerable"]; v != "" && v != "?" {
		vul, err := bridge.ParseVul(v)
		if err != nil {
			return errorf(lines["Vulnerable"], "Vulnerable %q is not a vulnerability", v)
		}
		s.Vul = vul
	}
	deal, err := bridge.ParseRecordDeal(s.Tags["Deal"])
	if err != nil {
		msg := err.Error()
		if de, ok := err.(*bridge.DealError); ok {
			msg = de.Msg
		}
		return errorf(lines["Deal"], "Deal %q: %s", s.Tags["Deal"], msg)
	}
	s.Deal = deal
	return nil
}

// TagEdit is a tag pair to set in a game by [SetTags]: its value, and the
// rows of its data section for a table.
type TagEdit struct {
	Name  string
	Value string
	Rows  [][]string
}

// SetTags returns data with the tag pairs of edits[i] set in game i (the
// games as [ReadSettings] numbers them). A tag already in the game is
// replaced where it stands, with the data rows that follow it; a new one
// goes after the last line of the game. Every other byte of the file is
// kept as it was: the other tags, commentary, line ends, character set.
func SetTags(data []byte, edits [][]TagEdit) []byte {
	norm, raw := normalizeMap(data)
	eol := "\n"
	if bytes.Contains(data, []byte("\r\n")) {
		eol = "\r\n"
	}
	type change struct {
		start, end int // raw byte range replaced
		text       string
	}
	var changes []change
	for gi, b := range gameBlocks(lex(norm)) {
		if gi >= len(edits) {
			break
		}
		var added strings.Builder
		for _, e := range edits[gi] {
			text := formatTagEdit(e, eol)
			found := false
			for k, it := range b.items {
				if it.kind != itemTag || it.name != e.Name {
					continue
				}
				end := it.end
				for _, w := range b.items[k+1:] {
					if w.kind != itemWord {
						break
					}
					end = w.end
				}
				changes = append(changes, change{raw[it.pos], raw[end], text})
				found = true
				break
			}
			if !found {
				added.WriteString(eol + text)
			}
		}
		if added.Len() > 0 {
			// after the last line of the game that holds something (a
			// game cut short by an error ends with the lines skipped),
			// before its line end
			at := b.end
			for at > b.start && (isSpace(norm[at-1]) || norm[at-1] == '\n') {
				at--
			}
			for at < len(norm) && norm[at] != '\n' {
				at++
			}
			changes = append(changes, change{raw[at], raw[at], added.String()})
		}
	}
	sort.SliceStable(changes, func(i, j int) bool { return changes[i].start < changes[j].start })
	var out bytes.Buffer
	last := 0
	for _, c := range changes {
		if c.start < last {
			continue
		}
		out.Write(data[last:c.start])
		out.WriteString(c.text)
		last = c.end
	}
	out.Write(data[last:])
	return out.Bytes()
}

func formatTagEdit(e TagEdit, eol string) string {
	var b strings.Builder
	b.WriteString("[" + e.Name + " " + quote(oneLine(e.Value)) + "]")
	for _, row := range e.Rows {
		b.WriteString(eol)
		for i, t := range row {
			if i > 0 {
				b.WriteByte(' ')
			}
			b.WriteString(token(t))
		}
	}
	return b.String()
}

// normalizeMap is normalizeText that also returns, for each byte of the
// text it returns (and its end), the offset of that byte in data.
func normalizeMap(data []byte) (string, []int) {
	var b strings.Builder
	b.Grow(len(data))
	raw := make([]int, 0, len(data)+1)
	i := 0
	if bytes.HasPrefix(data, []byte("\ufeff")) {
		i = 3
	}
	for i < len(data) {
		c := data[i]
		raw = append(raw, i)
		if c == '\r' {
			b.WriteByte('\n')
			if i+1 < len(data) && data[i+1] == '\n' {
				i++
			}
			i++
			continue
		}
		b.WriteByte(c)
		i++
	}
	raw = append(raw, len(data))
	return b.String(), raw
}
