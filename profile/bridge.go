package profile

import (
	"encoding/json"
	"errors"
	"fmt"
	"strconv"
	"strings"

	"atout/bridge"
	"atout/card"
	"atout/protocol"
)

// The bridge figures (docs/profile.md).
const (
	BridgeLeadCostly     = "bridge.lead.costly"
	BridgeDeclarerLost   = "bridge.declarer.lost"
	BridgeDefenceLost    = "bridge.defence.lost"
	BridgeParPartscore   = "bridge.par.partscore"
	BridgeParGame        = "bridge.par.game"
	BridgeParSlam        = "bridge.par.slam"
	BridgeParCompetitive = "bridge.par.competitive"
	BridgeClaimWrong     = "bridge.claim.wrong"
	BridgeClaimAccepted  = "bridge.claim.accepted"
	BridgeClaimRefused   = "bridge.claim.refused"
	BridgeTableIMPs      = "bridge.table.imps"
)

// bridgePlay is a bridge deal's moves read: the calls, the cards with the
// index of their move, and the claim.
type bridgePlay struct {
	calls      []bridge.Call
	callers    []card.Seat
	cards      map[card.Card]int // card → index of its move
	lead       card.Seat
	led        bool
	claimed    bool
	claimer    card.Seat
	claimTotal int
}

func readBridgeMoves(d Deal) (bridgePlay, error) {
	p := bridgePlay{cards: map[card.Card]int{}}
	for i, m := range d.Moves {
		if f := strings.Fields(m.Action); len(f) == 2 && strings.EqualFold(f[0], "claim") {
			n, err := strconv.Atoi(f[1])
			if err != nil || n < 0 || n > 13 {
				return p, fmt.Errorf("move %d: bad claim %q", i, m.Action)
			}
			p.claimed, p.claimer, p.claimTotal = true, m.Seat, n
			continue
		}
		if len(p.cards) == 0 {
			if c, err := bridge.ParseCall(m.Action); err == nil {
				p.calls = append(p.calls, c)
				p.callers = append(p.callers, m.Seat)
				continue
			}
		}
		c, err := card.Parse(m.Action)
		if err != nil {
			return p, fmt.Errorf("move %d: %q is neither a call nor a card", i, m.Action)
		}
		if len(p.cards) == 0 {
			p.lead, p.led = m.Seat, true
		}
		p.cards[c] = i
	}
	return p, nil
}

// auctionKind classifies a deal for the figures against par: competitive
// when both sides bid, otherwise by the contract reached.
func auctionKind(p bridgePlay, c bridge.Contract) string {
	var bid [2]bool
	for i, call := range p.calls {
		if call.Kind == bridge.Bid {
			bid[p.callers[i].Side()] = true
		}
	}
	switch {
	case bid[0] && bid[1]:
		return BridgeParCompetitive
	case c.IsPass() || c.Level < 3:
		return BridgeParPartscore
	case c.Level >= 6:
		return BridgeParSlam
	case c.Level >= 5 || c.Level == 4 && c.Strain >= bridge.StrainHearts || c.Level == 3 && c.Strain == bridge.NoTrump:
		return BridgeParGame
	}
	return BridgeParPartscore
}

func readBridge(d Deal, fs *[4]Facts) error {
	var line protocol.BoardLine
	if err := json.Unmarshal(d.Result, &line); err != nil {
		return fmt.Errorf("result line: %w", err)
	}
	p, err := readBridgeMoves(d)
	if err != nil {
		return err
	}
	raw, err := analysisOf(d.Result)
	if err != nil || raw == nil {
		return err
	}
	var a protocol.Analysis
	if err := json.Unmarshal(raw, &a); err != nil {
		return fmt.Errorf("analysis: %w", err)
	}
	// Against par, from each side.
	kind := auctionKind(p, line.Contract)
	for s := range fs {
		side := 1
		if card.Seat(s).Side() == card.EW {
			side = -1
		}
		fs[s].Figures[kind] = float64(bridge.IMPs(side * (line.ScoreNS - a.Par.Score)))
		if a.Compare != nil && a.Compare.Second != nil {
			fs[s].Figures[secondTablePrefix+kind] = float64(bridge.IMPs(side * (a.Compare.Second.ScoreNS - a.Par.Score)))
			fs[s].Figures[BridgeTableIMPs] = float64(side * a.Compare.Second.IMPs)
		}
	}
	if line.Contract.IsPass() || !p.led {
		return nil
	}
	// Deals where a seat claimed: was a claim of his refused?
	for _, by := range d.Refused {
		fs[by].Figures[BridgeClaimRefused] = 1
	}
	if p.claimed {
		if _, ok := fs[p.claimer].Figures[BridgeClaimRefused]; !ok {
			fs[p.claimer].Figures[BridgeClaimRefused] = 0
		}
	}
	var declarer card.Seat
	if err := declarer.UnmarshalText([]byte(line.Declarer)); err != nil {
		return fmt.Errorf("result line: declarer %q: %w", line.Declarer, err)
	}
	dummy := declarer.Partner()
	// What each seat's cards lost, and its costliest card.
	lost := [4]int{}
	worst := [4]*protocol.CostlyCard{}
	value := a.Start // declarer's double-dummy total as the play went
	for i := range a.Costly {
		c := &a.Costly[i]
		if c.Seat > card.West || c.Cost < 0 {
			return errors.New("analysis: bad costly card")
		}
		s := c.Seat
		if s == dummy {
			s = declarer // declarer plays dummy's cards
		}
		lost[s] += c.Cost
		if worst[s] == nil || c.Cost > worst[s].Cost {
			worst[s] = c
		}
		value = c.After
		if c.Trick == 1 && c.Seat == p.lead {
			fs[p.lead].Figures[BridgeLeadCostly] = 1
		}
	}
	if _, ok := fs[p.lead].Figures[BridgeLeadCostly]; !ok {
		fs[p.lead].Figures[BridgeLeadCostly] = 0
	}
	// A claim gives away what it concedes beyond best play from there.
	if p.claimed {
		given := value - p.claimTotal // declarer's side's claim
		if p.claimer.Side() != declarer.Side() {
			given = p.claimTotal - value // a defender's concession
		}
		claimer := p.claimer
		if claimer == dummy {
			claimer = declarer
		}
		fs[claimer].Figures[BridgeClaimWrong] = b2f(given > 0)
		if given > 0 {
			lost[claimer] += given
		}
		// The other side accepted: what the claim gave it beyond best play.
		took := p.claimTotal - value
		if p.claimer.Side() != declarer.Side() {
			took = value - p.claimTotal
		}
		for _, s := range []card.Seat{p.claimer.Next(), p.claimer.Prev()} {
			if s != dummy {
				fs[s].Figures[BridgeClaimAccepted] = b2f(took > 0)
			}
		}
	}
	for s := range fs {
		seat := card.Seat(s)
		switch {
		case seat == dummy:
			continue
		case seat == declarer:
			fs[s].Figures[BridgeDeclarerLost] = float64(lost[s])
		default:
			fs[s].Figures[BridgeDefenceLost] = float64(lost[s])
		}
		if lost[s] > 0 && worst[s] != nil {
			fs[s].Costly = &Costly{
				Game: protocol.Bridge, GameID: d.GameID, Deal: d.No, Board: line.Board,
				Step: p.cards[worst[s].Card], Card: worst[s].Card.String(), Trick: worst[s].Trick,
				Contract: line.Contract.String() + " " + line.Declarer, Cost: lost[s],
				Finished: d.Finished.UnixMilli(),
			}
		}
	}
	return nil
}

func b2f(b bool) float64 {
	if b {
		return 1
	}
	return 0
}
