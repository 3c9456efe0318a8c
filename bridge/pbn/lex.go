package pbn

import (
	"fmt"
	"strings"
)

// SyntaxError reports PBN text that cannot be read, with the line (1-based)
// where the problem was found.
type SyntaxError struct {
	Line int
	Msg  string
}

func (e *SyntaxError) Error() string { return fmt.Sprintf("pbn: line %d: %s", e.Line, e.Msg) }

func errorf(line int, format string, args ...any) *SyntaxError {
	return &SyntaxError{Line: line, Msg: fmt.Sprintf(format, args...)}
}

type itemKind uint8

const (
	itemTag       itemKind = iota // [Name "value"]
	itemWord                      // a token of section data
	itemComment                   // {...} or ;...
	itemBlank                     // an empty line: ends a game
	itemDirective                 // a line starting with %
	itemError                     // text that cannot be read: err holds why
)

type item struct {
	kind   itemKind
	line   int
	name   string // tag name
	text   string // tag value, word, comment or directive text
	quoted bool   // a word written as a "string"
	err    *SyntaxError
	pos    int // offset of the item in the text lexed
	end    int // offset just after the item
}

// normalizeText removes a byte order mark and turns CRLF and lone CR line
// ends into LF.
func normalizeText(data []byte) string {
	s := string(data)
	s = strings.TrimPrefix(s, "\ufeff")
	if strings.IndexByte(s, '\r') >= 0 {
		s = strings.ReplaceAll(s, "\r\n", "\n")
		s = strings.ReplaceAll(s, "\r", "\n")
	}
	return s
}

func isSpace(c byte) bool { return c == ' ' || c == '\t' || c == '\v' || c == '\f' }

func isNameChar(c byte) bool {
	return c == '_' || (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') || (c >= '0' && c <= '9')
}

// isWordEnd reports whether c ends an unquoted word.
func isWordEnd(c byte) bool {
	switch c {
	case ' ', '\t', '\v', '\f', '\n', '[', ']', '{', '}', ';', '"':
		return true
	}
	return false
}

// lex splits the text into items. Text that cannot be read gives an
// itemError, and the lexer starts again at the next empty line, so that a
// fault in one game leaves the games after it intact.
func lex(s string) []item {
	var out []item
	line := 1
	lineStart := true // only blanks so far on this line
	content := false  // the current line holds something
	i := 0
	fail := func(err *SyntaxError) {
		out = append(out, item{kind: itemError, line: err.Line, err: err, pos: i})
		// Skip to the next empty line: the end of the game.
		j := strings.IndexByte(s[i:], '\n')
		for j >= 0 {
			i += j + 1
			line++
			k := i
			for k < len(s) && isSpace(s[k]) {
				k++
			}
			if k == len(s) || s[k] == '\n' {
				break
			}
			j = strings.IndexByte(s[i:], '\n')
		}
		if j < 0 {
			i = len(s)
		}
		out[len(out)-1].end = i
		lineStart, content = true, false
	}
	for i < len(s) {
		c := s[i]
		switch {
		case c == '\n':
			if !content {
				out = append(out, item{kind: itemBlank, line: line, pos: i, end: i + 1})
			}
			line++
			lineStart, content = true, false
			i++
		case isSpace(c):
			i++
		case c == '%' && lineStart:
			j := strings.IndexByte(s[i:], '\n')
			if j < 0 {
				j = len(s) - i
			}
			out = append(out, item{kind: itemDirective, line: line, text: s[i+1 : i+j], pos: i, end: i + j})
			content = true
			i += j
		case c == '[':
			it, n, err := lexTag(s[i:], line)
			if err != nil {
				fail(err)
				continue
			}
			it.pos, it.end = i, i+n
			out = append(out, it)
			line += strings.Count(s[i:i+n], "\n")
			i += n
			lineStart, content = false, true
		case c == '{':
			j := strings.IndexByte(s[i+1:], '}')
			if j < 0 {
				fail(errorf(line, "commentary { is not closed"))
				continue
			}
			text := s[i+1 : i+1+j]
			out = append(out, item{kind: itemComment, line: line, text: text, pos: i, end: i + j + 2})
			line += strings.Count(text, "\n")
			i += j + 2
			lineStart, content = false, true
		case c == ';':
			j := strings.IndexByte(s[i:], '\n')
			if j < 0 {
				j = len(s) - i
			}
			out = append(out, item{kind: itemComment, line: line, text: s[i+1 : i+j], pos: i, end: i + j})
			i += j
			lineStart, content = false, true
		case c == '"':
			text, n, err := lexString(s[i:], line, false)
			if err != nil {
				fail(err)
				continue
			}
			out = append(out, item{kind: itemWord, line: line, text: text, quoted: true, pos: i, end: i + n})
			i += n
			lineStart, content = false, true
		case c == ']' || c == '}':
			fail(errorf(line, "unexpected %q", c))
		default:
			j := i
			for j < len(s) && !isWordEnd(s[j]) {
				j++
			}
			out = append(out, item{kind: itemWord, line: line, text: s[i:j], pos: i, end: j})
			i = j
			lineStart, content = false, true
		}
	}
	return out
}

// skipTagSpace skips blanks and single line ends inside a tag pair (some
// writers split a long tag pair over lines); it stops at an empty line,
// which ends the game.
func skipTagSpace(s string, j int) int {
	for j < len(s) {
		switch {
		case isSpace(s[j]):
			j++
		case s[j] == '\n':
			k := j + 1
			for k < len(s) && isSpace(s[k]) {
				k++
			}
			if k < len(s) && s[k] == '\n' {
				return j
			}
			j = k
		default:
			return j
		}
	}
	return j
}

// lexTag reads `[Name "value"]` at the start of s and returns the item and
// the number of bytes read. The parts may be on several lines (not across an
// empty line); a value written over several lines is joined with spaces.
func lexTag(s string, line int) (item, int, *SyntaxError) {
	i := skipTagSpace(s, 1)
	j := i
	for j < len(s) && isNameChar(s[j]) {
		j++
	}
	if j == i {
		return item{}, 0, errorf(line, "tag pair without a name")
	}
	name := s[i:j]
	j = skipTagSpace(s, j)
	if j >= len(s) || s[j] != '"' {
		return item{}, 0, errorf(line, "tag %s: want a quoted value", name)
	}
	value, n, err := lexString(s[j:], line, true)
	if err != nil {
		return item{}, 0, errorf(line, "tag %s: %s", name, err.Msg)
	}
	j = skipTagSpace(s, j+n)
	if j >= len(s) || s[j] != ']' {
		return item{}, 0, errorf(line, "tag %s: want ] after the value", name)
	}
	return item{kind: itemTag, line: line, name: name, text: strings.TrimSpace(value)}, j + 1, nil
}

// lexString reads a quoted string at the start of s. `\"` and `\\` are
// escapes; any other backslash is kept as it is (as in "\2R" of a table
// header). A string ends on its line, unless multiline is set: then it may
// go on over line ends (not an empty line), each line end with the blanks
// around it read as one space.
func lexString(s string, line int, multiline bool) (string, int, *SyntaxError) {
	var b strings.Builder
	for i := 1; i < len(s); i++ {
		switch c := s[i]; c {
		case '"':
			return b.String(), i + 1, nil
		case '\n':
			k := skipTagSpace(s, i)
			if !multiline || k == i {
				return "", 0, errorf(line, "string not closed on its line")
			}
			for b.Len() > 0 && isSpace(b.String()[b.Len()-1]) {
				t := b.String()[:b.Len()-1]
				b.Reset()
				b.WriteString(t)
			}
			b.WriteByte(' ')
			i = k - 1
		case '\\':
			if i+1 < len(s) && (s[i+1] == '"' || s[i+1] == '\\') {
				i++
				b.WriteByte(s[i])
			} else {
				b.WriteByte(c)
			}
		default:
			b.WriteByte(c)
		}
	}
	return "", 0, errorf(line, "string not closed")
}

// quote writes s as a PBN string, the inverse of lexString.
func quote(s string) string {
	var b strings.Builder
	b.WriteByte('"')
	for i := 0; i < len(s); i++ {
		c := s[i]
		switch {
		case c == '"':
			b.WriteString(`\"`)
		case c == '\\' && (i+1 == len(s) || s[i+1] == '"' || s[i+1] == '\\'):
			b.WriteString(`\\`)
		default:
			b.WriteByte(c)
		}
	}
	b.WriteByte('"')
	return b.String()
}
