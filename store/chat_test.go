package store

import (
	"strings"
	"testing"

	"atout/card"
)

// TestChat checks that chat lines are kept with their game, in order,
// that the last ones come back, and that bad lines are refused.
func TestChat(t *testing.T) {
	eachStore(t, func(t *testing.T, s *Store) {
		ctx := ctxT(t)
		g := newTestGame(t, s, "bridge", [4]Seat{})
		for i, text := range []string{"hello", "<b>bold</b>", "안녕하세요"} {
			if _, err := s.AddChat(ctx, g.ID, ChatLine{Seat: card.Seat(i), Name: "p", Text: text}); err != nil {
				t.Fatal(err)
			}
		}
		got, err := s.Chat(ctx, g.ID, 2)
		if err != nil {
			t.Fatal(err)
		}
		if len(got) != 2 || got[0].Text != "<b>bold</b>" || got[1].Text != "안녕하세요" || got[1].Seat != card.South {
			t.Fatalf("last two lines: %+v", got)
		}
		for _, bad := range []string{"", strings.Repeat("x", MaxChatText+1), "\xff"} {
			_, err := s.AddChat(ctx, g.ID, ChatLine{Name: "p", Text: bad})
			wantErr(t, err, ErrInvalid)
		}
		_, err = s.AddChat(ctx, "nosuchgame", ChatLine{Name: "p", Text: "hi"})
		wantErr(t, err, ErrNotFound)
	})
}
