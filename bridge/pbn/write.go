package pbn

import (
	"bytes"
	"fmt"
	"io"
	"slices"
	"strconv"
	"strings"

	"atout/bridge"
	"atout/card"
)

// DefaultDirectives open a file written by Write when it has none.
var DefaultDirectives = []string{" PBN 2.1", " EXPORT"}

// ExportOrder is the order of the mandatory tags in the export format.
var ExportOrder = [...]string{"Event", "Site", "Date", "Board", "West", "North", "East", "South",
	"Dealer", "Vulnerable", "Deal", "Scoring", "Declarer", "Contract", "Result"}

// Write writes f as PBN: its directives (or DefaultDirectives), then each
// game, separated by empty lines.
func Write(w io.Writer, f *File) error {
	var b bytes.Buffer
	dirs := f.Directives
	if len(dirs) == 0 {
		dirs = DefaultDirectives
	}
	for _, d := range dirs {
		b.WriteString("%" + oneLine(d) + "\n")
	}
	for _, g := range f.Games {
		b.WriteByte('\n')
		if err := writeGame(&b, g); err != nil {
			return err
		}
	}
	_, err := w.Write(b.Bytes())
	return err
}

// WriteGames writes games as a PBN file with the default directives.
func WriteGames(w io.Writer, games []*bridge.Record) error {
	return Write(w, &File{Games: games})
}

// Format returns one game as PBN text (no directives), ending with a
// newline.
func Format(r *bridge.Record) ([]byte, error) {
	var b bytes.Buffer
	if err := writeGame(&b, r); err != nil {
		return nil, err
	}
	return b.Bytes(), nil
}

func oneLine(s string) string {
	if strings.ContainsAny(s, "\r\n") {
		s = strings.NewReplacer("\r\n", " ", "\n", " ", "\r", " ").Replace(s)
	}
	return s
}

func writeTag(b *bytes.Buffer, name, value string) {
	b.WriteString("[" + name + " " + quote(oneLine(value)) + "]\n")
}

func writeComments(b *bytes.Buffer, cs []string) {
	for _, c := range cs {
		if strings.Contains(c, "\n") {
			b.WriteString("{" + strings.ReplaceAll(c, "}", ")") + "}\n")
		} else {
			b.WriteString(";" + c + "\n")
		}
	}
}

// token writes a section token, quoted when it must be.
func token(s string) string {
	if s == "" || strings.ContainsAny(s, " \t\v\f\n\r[]{};\"%") {
		return quote(oneLine(s))
	}
	return s
}

func writeRows(b *bytes.Buffer, rows [][]string) {
	for _, row := range rows {
		for i, t := range row {
			if i > 0 {
				b.WriteByte(' ')
			}
			b.WriteString(token(t))
		}
		b.WriteByte('\n')
	}
}

func writeGame(b *bytes.Buffer, rec *bridge.Record) error {
	r := rec.Clone()
	r.Normalize()
	if r.Claim >= 0 && !r.PlayComplete() {
		// Keep the Result as written ("NS 11") when it says the same.
		v, _ := r.Tag("Result")
		c, decl, _ := r.FinalContract()
		if n, ok := bridge.ParseResult(v, c, decl); !ok || n != r.Claim {
			r.SetTag("Result", strconv.Itoa(r.Claim))
		}
	}
	writeComments(b, r.Comments)
	byName := map[string]int{}
	for i := len(r.Tags) - 1; i >= 0; i-- {
		byName[r.Tags[i].Name] = i
	}
	for _, name := range ExportOrder {
		switch name {
		case "Board":
			v := "?"
			if r.Board > 0 {
				v = strconv.Itoa(r.Board)
			}
			writeTag(b, name, v)
		case "West", "North", "East", "South":
			s, _ := card.ParseSeat(name)
			writeTag(b, name, r.Players[s])
		case "Dealer":
			writeTag(b, name, r.Dealer.String())
		case "Vulnerable":
			writeTag(b, name, r.Vul.String())
		case "Deal":
			writeTag(b, name, bridge.FormatRecordDeal(r.Deal, r.Dealer))
		default:
			t := r.Tags[byName[name]]
			writeTag(b, name, t.Value)
			writeRows(b, t.Rows)
			writeComments(b, t.Comments)
		}
	}
	auctionDone, playDone := false, false
	for _, t := range r.Tags {
		if slices.Contains(bridge.MandatoryStringTags[:], t.Name) {
			continue
		}
		switch t.Name {
		case "Auction":
			if auctionDone {
				continue
			}
			auctionDone = true
			writeAuction(b, r)
		case "Play":
			if playDone {
				continue
			}
			playDone = true
			if err := writePlay(b, r); err != nil {
				return err
			}
		default:
			writeTag(b, t.Name, t.Value)
			writeRows(b, t.Rows)
		}
		writeComments(b, t.Comments)
	}
	if !auctionDone && len(r.Auction) > 0 {
		writeAuction(b, r)
	}
	if !playDone && (len(r.Play) > 0 || r.Claim >= 0) {
		if err := writePlay(b, r); err != nil {
			return err
		}
	}
	return nil
}

// annotText writes a token's annotations: a "!?" suffix stuck to it, a
// note reference, the others as separate tokens.
func annotText(b *strings.Builder, annots []string, note string, notes *[]string) {
	rest := annots
	if len(rest) > 0 && isAnnotation(rest[0]) && strings.Trim(rest[0], "!?") == "" {
		b.WriteString(rest[0])
		rest = rest[1:]
	}
	if note != "" {
		*notes = append(*notes, note)
		fmt.Fprintf(b, " =%d=", len(*notes))
	}
	for _, a := range rest {
		b.WriteString(" " + token(a))
	}
}

func callText(c bridge.Call) string {
	switch c.Kind {
	case bridge.Pass:
		return "Pass"
	}
	return c.String()
}

func writeAuction(b *bytes.Buffer, r *bridge.Record) {
	writeTag(b, "Auction", r.Dealer.String())
	var notes []string
	var line strings.Builder
	for i, rc := range r.Auction {
		if i%4 != 0 {
			line.WriteByte(' ')
		}
		line.WriteString(callText(rc.Call))
		annots := rc.Annots
		if rc.Alert && len(annots) == 0 {
			annots = []string{"!"} // an alert from LIN
		}
		annotText(&line, annots, rc.Note, &notes)
		if i%4 == 3 {
			b.WriteString(line.String() + "\n")
			line.Reset()
		}
	}
	if !r.AuctionComplete() {
		if line.Len() > 0 {
			line.WriteByte(' ')
		}
		line.WriteByte('*')
	}
	if line.Len() > 0 {
		b.WriteString(line.String() + "\n")
	}
	for i, n := range notes {
		writeTag(b, "Note", strconv.Itoa(i+1)+":"+n)
	}
}

func writePlay(b *bytes.Buffer, r *bridge.Record) error {
	leader, ok := r.Leader()
	if !ok {
		leader = card.North
	}
	tricks, err := r.TricksBySeat()
	if err != nil {
		return fmt.Errorf("pbn: board %d: %v", r.Board, err)
	}
	writeTag(b, "Play", leader.String())
	var notes []string
	for k, t := range tricks {
		var line strings.Builder
		for i := 0; i < 4; i++ {
			seat := card.Seat((int(leader) + i) & 3)
			if i > 0 {
				line.WriteByte(' ')
			}
			if t[seat] == 0 {
				line.WriteByte('-')
				continue
			}
			line.WriteString(t[seat].String())
			for j := k * 4; j < k*4+4 && j < len(r.Play); j++ {
				if pc := r.Play[j]; pc.Seat == seat {
					annotText(&line, pc.Annots, pc.Note, &notes)
				}
			}
		}
		b.WriteString(line.String() + "\n")
	}
	if !r.PlayComplete() {
		b.WriteString("*\n")
	}
	for i, n := range notes {
		writeTag(b, "Note", strconv.Itoa(i+1)+":"+n)
	}
	return nil
}
