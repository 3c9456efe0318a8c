package tournament

import (
	"fmt"
	"slices"
	"sync"

	"atout/belote"
	"atout/bridge/scoring"
	"atout/card"
)

// BeloteDeal is one deal of a belote duplicate: the shuffled deck (top
// first) and the dealer, the same at every table.
type BeloteDeal struct {
	Number int
	Dealer card.Seat
	Deck   [32]card.Card
}

// BeloteResult is what a team scored on a deal: the side it sat and the
// points each side added to its score (belote.DealResult.Score; a passed
// deal is 0–0).
type BeloteResult struct {
	Team   string
	Deal   int
	Side   card.Side
	Points [2]int // by side: [card.NS], [card.EW]
}

// Net returns the team's points minus its opponents'.
func (r BeloteResult) Net() int { return r.Points[r.Side] - r.Points[r.Side.Other()] }

// BeloteDuplicate is a belote duplicate: the same deals played by several
// teams of two (each against opponents of its own, human or bot).
//
// Scoring: on each deal a team's net score (its points minus its
// opponents') is compared with the other teams that sat the same direction
// on that deal: its relative score is its net minus the average net of
// those other teams (0 when it is alone in its direction). The relative
// scores are summed, and the teams ranked by relative points per deal
// played, so that an unfinished team is ranked on the deals it played (the
// same order as the total among teams that played every deal). We chose
// the difference to the field rather than matchpoints because belote
// scores vary a lot in size (a capot, a coinche) and the size of a win
// matters; a litige's points held in reserve count for nobody, since each
// deal stands alone.
type BeloteDuplicate struct {
	Rules belote.Rules
	Deals []BeloteDeal

	mu      sync.Mutex
	byNum   map[int]int
	teams   []Entry
	teamAt  map[string]int
	results [][]BeloteResult // per deal index
}

// NewBeloteDuplicate makes a belote duplicate of the given deals (valid
// 32-card decks, distinct positive numbers).
func NewBeloteDuplicate(rules belote.Rules, deals []BeloteDeal) (*BeloteDuplicate, error) {
	const op = "NewBeloteDuplicate"
	if len(deals) == 0 {
		return nil, &Error{Op: op, Err: invalid("no deal")}
	}
	d := &BeloteDuplicate{Rules: rules, Deals: slices.Clone(deals), byNum: map[int]int{}, teamAt: map[string]int{},
		results: make([][]BeloteResult, len(deals))}
	for i, dl := range deals {
		if _, dup := d.byNum[dl.Number]; dup || dl.Number < 1 {
			return nil, &Error{Op: op, Board: dl.Number, Err: invalid("deal number missing or used twice")}
		}
		if err := belote.CheckDeck(dl.Deck[:]); err != nil {
			return nil, &Error{Op: op, Board: dl.Number, Err: fmt.Errorf("%w: %w", ErrInvalid, err)}
		}
		if dl.Dealer > card.West {
			return nil, &Error{Op: op, Board: dl.Number, Err: invalid("dealer %v", dl.Dealer)}
		}
		d.byNum[dl.Number] = i
	}
	return d, nil
}

// NewBeloteDuplicateFromSeed deals n decks from seed (reproducible), the
// dealer turning as in a game (the player on the dealer's right deals
// next, belote.Next).
func NewBeloteDuplicateFromSeed(rules belote.Rules, n int, seed uint64) (*BeloteDuplicate, error) {
	return NewBeloteDuplicateFromRand(rules, n, card.NewRand(seed))
}

// NewBeloteDuplicateFromRand deals n decks from r, the dealer turning as
// in a game; with a source of a server's secret ([card.Secret.Rand]) nobody
// else can deal them.
func NewBeloteDuplicateFromRand(rules belote.Rules, n int, r *card.Rand) (*BeloteDuplicate, error) {
	deals := make([]BeloteDeal, n)
	dealer := card.North
	for i := range deals {
		deals[i] = BeloteDeal{Number: i + 1, Dealer: dealer, Deck: belote.ShuffledDeck(r)}
		dealer = belote.Next(dealer)
	}
	return NewBeloteDuplicate(rules, deals)
}

// Join registers a team, or renames it.
func (d *BeloteDuplicate) Join(team Entry) error {
	if team.ID == "" {
		return &Error{Op: "BeloteDuplicate.Join", Err: invalid("empty team ID")}
	}
	d.mu.Lock()
	defer d.mu.Unlock()
	if i, ok := d.teamAt[team.ID]; ok {
		d.teams[i].Name = team.Name
		return nil
	}
	d.teamAt[team.ID] = len(d.teams)
	d.teams = append(d.teams, team)
	return nil
}

// Add records a team's result on a deal.
func (d *BeloteDuplicate) Add(r BeloteResult) error {
	const op = "BeloteDuplicate.Add"
	di, ok := d.byNum[r.Deal]
	if !ok {
		return &Error{Op: op, Board: r.Deal, Entry: r.Team, Err: ErrNoBoard}
	}
	if r.Side > card.EW || r.Points[0] < 0 || r.Points[1] < 0 {
		return &Error{Op: op, Board: r.Deal, Entry: r.Team, Err: invalid("side %v, points %v", r.Side, r.Points)}
	}
	d.mu.Lock()
	defer d.mu.Unlock()
	if _, ok := d.teamAt[r.Team]; !ok {
		return &Error{Op: op, Board: r.Deal, Entry: r.Team, Err: ErrUnknownEntry}
	}
	for _, o := range d.results[di] {
		if o.Team == r.Team {
			return &Error{Op: op, Board: r.Deal, Entry: r.Team, Err: ErrAlreadyPlayed}
		}
	}
	d.results[di] = append(d.results[di], r)
	return nil
}

// AddRecord replays the record of a finished deal (checking every action
// against the rules), finds the deal of the duplicate with the same deck
// and dealer, and records the team's result from the side it sat.
func (d *BeloteDuplicate) AddRecord(team string, side card.Side, rec belote.Record) error {
	const op = "BeloteDuplicate.AddRecord"
	num := 0
	for _, dl := range d.Deals {
		if dl.Deck == rec.Deck && dl.Dealer == rec.Dealer {
			num = dl.Number
			break
		}
	}
	if num == 0 {
		return &Error{Op: op, Entry: team, Err: invalid("the record's deck and dealer are not a deal of this duplicate")}
	}
	if rec.Rules().Mode != d.Rules.Mode || rec.Setting != d.Rules.Setting || rec.Announcements != d.Rules.Announcements || rec.SaTa != d.Rules.SaTa {
		return &Error{Op: op, Board: num, Entry: team, Err: invalid("the record's rules differ from the duplicate's")}
	}
	deals, err := belote.LoadDeals([]belote.Record{rec})
	if err != nil {
		return &Error{Op: op, Board: num, Entry: team, Err: fmt.Errorf("%w: %w", ErrInvalid, err)}
	}
	dl := deals[0]
	if !dl.Done() {
		return &Error{Op: op, Board: num, Entry: team, Err: invalid("the deal is not finished")}
	}
	var pts [2]int
	if !dl.Passed() {
		pts = dl.Result().Score
	}
	return d.Add(BeloteResult{Team: team, Deal: num, Side: side, Points: pts})
}

// BeloteStanding is a team's place in a belote duplicate.
type BeloteStanding struct {
	Rank     int
	Tied     bool
	Team     Entry
	Deals    int     // deals played
	Relative float64 // total relative points
	PerDeal  float64 // Relative / Deals: the ranking key
}

// Relative returns each result of deal n with its relative score (net
// minus the average net of the other teams in the same direction).
func (d *BeloteDuplicate) Relative(n int) ([]BeloteResult, []float64, error) {
	di, ok := d.byNum[n]
	if !ok {
		return nil, nil, &Error{Op: "BeloteDuplicate.Relative", Board: n, Err: ErrNoBoard}
	}
	d.mu.Lock()
	defer d.mu.Unlock()
	rs := slices.Clone(d.results[di])
	return rs, relative(rs), nil
}

func relative(rs []BeloteResult) []float64 {
	var sum, cnt [2]int
	for _, r := range rs {
		sum[r.Side] += r.Net()
		cnt[r.Side]++
	}
	out := make([]float64, len(rs))
	for i, r := range rs {
		if k := cnt[r.Side] - 1; k > 0 {
			out[i] = float64(r.Net()) - float64(sum[r.Side]-r.Net())/float64(k)
		}
	}
	return out
}

// Standings ranks the teams that played at least one deal by relative
// points per deal played; ties share the rank.
func (d *BeloteDuplicate) Standings() []BeloteStanding {
	d.mu.Lock()
	defer d.mu.Unlock()
	var scores []scoring.PairBoardScore
	for _, rs := range d.results {
		for i, v := range relative(rs) {
			scores = append(scores, scoring.PairBoardScore{Pair: rs[i].Team, Score: v, Top: 1})
		}
	}
	ranked := scoring.RankByPercent(scores)
	out := make([]BeloteStanding, len(ranked))
	for i, s := range ranked {
		out[i] = BeloteStanding{Rank: s.Rank, Tied: s.Tied, Team: d.teams[d.teamAt[s.Pair]], Deals: s.Boards,
			Relative: s.Score, PerDeal: s.Score / float64(s.Boards)}
	}
	return out
}
