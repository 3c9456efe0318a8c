package profile

import (
	"encoding/json"
	"errors"
	"fmt"

	"atout/belote"
	"atout/card"
	"atout/protocol"
)

// The belote figures (docs/profile.md).
const (
	BeloteTakerLost   = "belote.taker.lost"
	BeloteDefenceLost = "belote.defence.lost"
	BeloteMadePrefix  = "belote.made." // + the mode: classic, notrump, coinche
	BeloteCoinchePaid = "belote.coinche.paid"
)

// beloteLine is what the profile reads of a belote result line (the
// score sheet's line, belote.DealScore's JSON).
type beloteLine struct {
	Takers   *string `json:"takers"` // null when everybody passed
	Contract *string `json:"contract"`
	Made     bool    `json:"made"`
}

func readBelote(d Deal, fs *[4]Facts) error {
	var line beloteLine
	if err := json.Unmarshal(d.Result, &line); err != nil {
		return fmt.Errorf("result line: %w", err)
	}
	if line.Takers == nil || line.Contract == nil {
		return nil // passed: nothing to measure
	}
	takers, err := card.ParseSide(*line.Takers)
	if err != nil {
		return fmt.Errorf("result line: takers %q: %w", *line.Takers, err)
	}
	mode := string(d.Settings.Mode)
	if mode == "" {
		mode = belote.Classic.String()
	}
	// The moves: who took, who coinched or surcoinched, and where each
	// card was played.
	var raw json.RawMessage
	taker, took := card.Seat(0), false
	cards := map[card.Card]int{}
	for i, m := range d.Moves {
		a, err := belote.ParseAction(m.Action)
		if err != nil {
			return fmt.Errorf("move %d: %w", i, err)
		}
		switch a.Kind {
		case belote.ActTake, belote.ActSuit, belote.ActBid:
			taker, took = m.Seat, true
		case belote.ActCoinche:
			fs[m.Seat].Figures[BeloteCoinchePaid] = b2f(!line.Made)
		case belote.ActSurcoinche:
			fs[m.Seat].Figures[BeloteCoinchePaid] = b2f(line.Made)
		case belote.ActCard:
			cards[a.Card] = i
		}
	}
	if !took || taker.Side() != takers {
		return errors.New("the moves name no taker of the contract's side")
	}
	fs[taker].Figures[BeloteMadePrefix+mode] = b2f(line.Made)

	raw, err = analysisOf(d.Result)
	if err != nil || raw == nil {
		return err
	}
	var a protocol.BeloteAnalysis
	if err := json.Unmarshal(raw, &a); err != nil {
		return fmt.Errorf("analysis: %w", err)
	}
	lost := [4]int{}
	worst := [4]*protocol.BeloteCostlyCard{}
	for i := range a.Costly {
		c := &a.Costly[i]
		if c.Seat > card.West || c.Cost < 0 {
			return errors.New("analysis: bad costly card")
		}
		lost[c.Seat] += c.Cost
		if worst[c.Seat] == nil || c.Cost > worst[c.Seat].Cost {
			worst[c.Seat] = c
		}
	}
	for s := range fs {
		seat := card.Seat(s)
		key := BeloteDefenceLost
		if seat.Side() == takers {
			key = BeloteTakerLost
		}
		fs[s].Figures[key] = float64(lost[s])
		if lost[s] > 0 {
			fs[s].Costly = &Costly{
				Game: protocol.Belote, GameID: d.GameID, Deal: d.No,
				Step: cards[worst[s].Card], Card: worst[s].Card.String(), Trick: worst[s].Trick,
				Contract: *line.Contract, Cost: lost[s], Finished: d.Finished.UnixMilli(),
			}
		}
	}
	return nil
}
