package pbn

import "strings"

// BoardAt places line (1-based) of a PBN text for an error message: the
// value of the last Board tag at or before it in its game (board, "" when
// the game has none yet) and the number of that game (1-based; 0 before
// the first game). Games are separated by blank lines; comment lines
// ("%", ";") belong to none.
func BoardAt(text string, line int) (board string, game int) {
	inGame := false
	for i, l := range strings.Split(text, "\n") {
		if i >= line {
			break
		}
		l = strings.TrimSpace(l)
		switch {
		case l == "":
			if inGame {
				inGame, board = false, ""
			}
		case strings.HasPrefix(l, "%"), strings.HasPrefix(l, ";"):
		default:
			if !inGame {
				inGame = true
				game++
			}
			if v, ok := strings.CutPrefix(l, "[Board "); ok {
				v, _, _ = strings.Cut(v, "]")
				board = strings.Trim(strings.TrimSpace(v), `"`)
			}
		}
	}
	return board, game
}
