package server

// The replay's reads beyond the game record: the meaning of each call of a
// bridge deal's auction, and the double-dummy value of each legal card at a
// step of its play. Both read the deal through loadVisible, so a
// competition's deal stays as hidden here as everywhere else.

import (
	"context"
	"encoding/json"
	"errors"
	"net/http"
	"strconv"
	"sync"
	"time"

	"atout/bot/bidding/explain"
	"atout/bridge"
	"atout/bridge/dd"
	"atout/bridge/dd/ddpool"
	"atout/match"
	"atout/protocol"
	"atout/store"
)

// stepValuesWait bounds the solving of one step's cards.
const stepValuesWait = 10 * time.Second

// explainer gives the meanings of a bridge auction's calls, as the tables
// do (made once: the bidding bot's tables are built at its first use).
var explainer = sync.OnceValue(explain.New)

// replayBridgeDeal rebuilds bridge deal d of a record after its first n moves
// (all of them when n < 0).
func replayBridgeDeal(d store.Deal, n int) (*bridge.Game, error) {
	m := match.NewBridge(match.BridgeOptions{})
	if err := m.StartDeal(d.No, json.RawMessage(d.Deal)); err != nil {
		return nil, err
	}
	moves := d.Moves // the engines' own moves
	if n >= 0 && n < len(moves) {
		moves = moves[:n]
	}
	for _, mv := range moves {
		if err := match.Apply(m, mv); err != nil {
			return nil, err
		}
	}
	return m.Board(), nil
}

// auctionMeanings returns the meaning of each call of finished bridge deal
// d, or nil.
func auctionMeanings(d store.Deal) []protocol.Explanation {
	g, err := replayBridgeDeal(d, -1)
	if err != nil {
		return nil
	}
	v := g.SeatView(0)
	if len(v.Auction) == 0 {
		return nil
	}
	return explainer().Calls(v.Vul, v.Dealer, v.Auction)
}

// handleStepValues answers GET /api/games/{id}/deals/{no}/values?step=k:
// in a bridge deal's card play, after its first k moves, declarer's total
// tricks after each legal card of the player to move, double dummy.
func (s *Server) handleStepValues(w http.ResponseWriter, r *http.Request) {
	rec, _, ok := s.loadVisible(w, r)
	if !ok {
		return
	}
	no, err1 := strconv.Atoi(r.PathValue("no"))
	step, err2 := strconv.Atoi(r.URL.Query().Get("step"))
	if err1 != nil || err2 != nil || step < 0 {
		s.apiError(w, r, http.StatusBadRequest, protocol.CodeBadRequest, "want a deal number and step=N (N ≥ 0)")
		return
	}
	var deal *store.Deal
	for i := range rec.Deals {
		if rec.Deals[i].No == no {
			deal = &rec.Deals[i]
		}
	}
	switch {
	case rec.Kind != "bridge":
		s.apiError(w, r, http.StatusBadRequest, protocol.CodeBadRequest, "card values are for bridge deals")
		return
	case deal == nil:
		s.apiError(w, r, http.StatusNotFound, protocol.CodeNotFound, "no such deal in this game")
		return
	case step > len(deal.Moves):
		s.apiError(w, r, http.StatusBadRequest, protocol.CodeBadRequest, "the deal has "+strconv.Itoa(len(deal.Moves))+" moves")
		return
	}
	g, err := replayBridgeDeal(*deal, step)
	if err != nil {
		s.tableError(w, r, err)
		return
	}
	out := protocol.StepValues{Step: step, Cards: map[string]int{}}
	if turn, ok := g.Turn(); ok && g.Phase() == bridge.PhasePlay {
		seat := turn.String()
		out.Seat = &seat
		ctx, cancel := context.WithTimeout(r.Context(), stepValuesWait)
		defer cancel()
		err := s.solvers.Do(ctx, ddpool.Player, func(ctx context.Context, sv *dd.Solver) error {
			var err error
			out.Cards, err = dd.CardTotals(ctx, sv, g)
			return err
		})
		switch {
		case errors.Is(err, ddpool.ErrBusy):
			s.apiError(w, r, http.StatusServiceUnavailable, protocol.CodeBusy, "the double-dummy workers are busy, try again")
			return
		case err != nil:
			s.apiError(w, r, http.StatusServiceUnavailable, protocol.CodeTimeout, err.Error())
			return
		}
	}
	writeJSON(w, http.StatusOK, out)
}
