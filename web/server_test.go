package web_test

import (
	"context"
	"errors"
	"io"
	"log/slog"
	"math/bits"
	"net/http/httptest"
	"os"
	"path/filepath"
	"testing"
	"time"

	"atout/bot/bidding/explain"
	"atout/bridge"
	bridgeanalysis "atout/bridge/analysis"
	"atout/card"
	"atout/game"
	"atout/match"
	"atout/protocol"
	"atout/server"
	"atout/store"
	"atout/table"
	"atout/web"
)

// startServer starts the Atout server in-process on 127.0.0.1 with a
// temporary SQLite database, the embedded UI, the real catalogs and the
// bidding system's explanations, and returns its base URL. opts may change
// the hub's configuration (an analyser, say).
func startServer(t *testing.T, opts ...func(*table.Config)) string {
	t.Helper()
	ctx := context.Background()
	st, err := store.Open(ctx, filepath.Join(t.TempDir(), "atout.db"))
	if err != nil {
		t.Fatal(err)
	}
	logger := slog.New(slog.NewTextHandler(io.Discard, nil))
	if os.Getenv("ATOUT_TEST_LOG") != "" {
		logger = slog.New(slog.NewTextHandler(os.Stderr, nil))
	}
	cfg := table.Config{Store: st, Logger: logger, BotDelay: 30 * time.Millisecond,
		Games: map[string]match.Abilities{
			// Bridge's hints and claims, with the bidding system's
			// explanations; no analysis (quickAnalysis stands in for it
			// where a test looks at one).
			"bridge": explain.New().Abilities(match.Abilities{Hint: bridgeanalysis.Hint, ClaimHolds: bridgeanalysis.ClaimHolds}),
		}}
	for _, o := range opts {
		o(&cfg)
	}
	hub := table.NewLocalHub(cfg)
	// AllowSeed: a test may deal a table from a seed of its own
	// (beloteSeededTable), so that what it waits for is certain.
	srv := server.New(server.Config{Store: st, Hub: hub, Assets: web.FS(), Logger: logger, Lang: server.I18n{}, AllowSeed: true})
	ts := httptest.NewServer(srv)
	// The profiles' counter, as Run starts it.
	pctx, stopProfiles := context.WithCancel(ctx)
	go srv.RunProfiles(pctx)
	t.Cleanup(func() {
		stopProfiles()
		ts.Close()
		hub.Shutdown(context.Background())
		st.Close()
	})
	return ts.URL
}

// quickAnalysis is a stand-in for the double-dummy analyser (which takes
// seconds a deal under -race): an analysis of the protocol's shape, fast
// and deterministic but not double-dummy — the dd table counts each seat's
// cards in the strain (4 + length, NT: 7), the par is the contract played,
// and the first card played "cost" a trick. It lets the browser tests see
// the server send, store and replay an analysis.
func quickAnalysis(ctx context.Context, r match.Review, d game.Game) (protocol.DealAnalysis, error) {
	p, ok := bridgeanalysis.PlayOf(d.(*bridge.Game))
	if !ok {
		return protocol.DealAnalysis{}, errors.New("the board is not over")
	}
	a := &table.Analysis{Type: "analysis", Deal: r.Deal, Board: p.Board, DD: map[card.Seat]map[string]int{},
		Contract: p.Contract.String(), Costly: []table.CostlyCard{}}
	for s := card.North; s <= card.West; s++ {
		row := map[string]int{"NT": 7}
		for su, name := range []string{"C", "D", "H", "S"} {
			row[name] = min(13, 4+bits.OnesCount16(p.Deal[s].SuitMask(card.Suit(su))))
		}
		a.DD[s] = row
	}
	a.Par = table.ParInfo{Score: 0, Contracts: []string{}}
	if !p.Contract.IsPass() {
		a.Declarer = p.Declarer.String()
		a.Start = 7
		a.Par.Contracts = []string{p.Declarer.Side().String() + " " + p.Contract.String()}
		if len(p.Cards) > 0 {
			a.Costly = append(a.Costly, table.CostlyCard{Trick: 1, Seat: p.Declarer.Next(), Card: p.Cards[0], Cost: 1, Before: 7, After: 8})
		}
	}
	return protocol.DealAnalysis{Bridge: a}, ctx.Err()
}
