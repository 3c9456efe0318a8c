package profile

import (
	"slices"
	"strings"

	"atout/protocol"
)

// Figure describes a figure of the page.
type Figure struct {
	Key  string
	Kind string // "rate", "mean"
	Unit string // a mean's: "tricks", "points", "imps", "percent"
}

// NonNegative reports whether the figure's samples are never below 0
// (what is lost, a percentage), so that its interval is not either.
func (f Figure) NonNegative() bool {
	return f.Unit == "tricks" || f.Unit == "points" || f.Unit == "percent"
}

// stat is the sample's value and interval as figure f shows it.
func (f Figure) stat(s Sample) protocol.Stat {
	st := s.Stat(f.Rate())
	if f.NonNegative() {
		st.Lo = max(0, st.Lo)
	}
	if f.Unit == "percent" {
		st.Hi = min(100, st.Hi)
	}
	return st
}

// Rate reports whether the figure is a share.
func (f Figure) Rate() bool { return f.Kind == "rate" }

// List is every figure, in the page's order.
var List = []Figure{
	{BridgeLeadCostly, "rate", ""},
	{BridgeDeclarerLost, "mean", "tricks"},
	{BridgeDefenceLost, "mean", "tricks"},
	{BridgeParPartscore, "mean", "imps"},
	{BridgeParGame, "mean", "imps"},
	{BridgeParSlam, "mean", "imps"},
	{BridgeParCompetitive, "mean", "imps"},
	{BridgeClaimWrong, "rate", ""},
	{BridgeClaimAccepted, "rate", ""},
	{BridgeClaimRefused, "rate", ""},
	{BridgeTableIMPs, "mean", "imps"},
	{FieldMP, "mean", "percent"},
	{FieldIMPs, "mean", "imps"},
	{BeloteTakerLost, "mean", "points"},
	{BeloteDefenceLost, "mean", "points"},
	{BeloteMadePrefix + "classic", "rate", ""},
	{BeloteMadePrefix + "notrump", "rate", ""},
	{BeloteMadePrefix + "coinche", "rate", ""},
	{BeloteCoinchePaid, "rate", ""},
}

// maxTrend is how many points a figure's trend has at most: days are
// grouped when there are more.
const maxTrend = 30

// DaySamples are one day's figures (Unix day, UTC).
type DaySamples struct {
	Day     int
	Figures Day
}

// Page makes the profile page of a player from his totals and his days
// (in any order). Costliest deals are the caller's to keep or drop.
func (t *Tally) Page(days []DaySamples) protocol.Profile {
	p := protocol.Profile{Since: t.Since, Costliest: slices.Clone(t.Costliest)}
	keys := make([]string, 0, len(t.Games))
	for k := range t.Games {
		keys = append(keys, k)
	}
	slices.Sort(keys)
	for _, k := range keys {
		game, kind, _ := strings.Cut(k, "/")
		c := t.Games[k]
		p.Games = append(p.Games, protocol.ProfileGames{Game: protocol.GameKind(game), Kind: kind, Games: c.Games, Deals: c.Deals})
	}
	slices.SortFunc(days, func(a, b DaySamples) int { return a.Day - b.Day })
	for _, f := range List {
		s := t.You[f.Key]
		if s == nil || s.N == 0 {
			continue
		}
		pf := protocol.ProfileFigure{Key: f.Key, Kind: f.Kind, Unit: f.Unit, Stat: f.stat(*s)}
		for l, fs := range t.Bots {
			if b := fs[f.Key]; b != nil && b.N > 0 {
				if pf.Bots == nil {
					pf.Bots = map[protocol.Level]protocol.Stat{}
				}
				pf.Bots[l] = f.stat(*b)
			}
		}
		pf.Trend = trend(days, f.Key)
		p.Figures = append(p.Figures, pf)
	}
	return p
}

// trend groups the days with samples of key into at most maxTrend points
// of about the same number of days, oldest first.
func trend(days []DaySamples, key string) []protocol.TrendPoint {
	var with []DaySamples
	for _, d := range days {
		if s := d.Figures[key]; s != nil && s.N > 0 {
			with = append(with, d)
		}
	}
	if len(with) == 0 {
		return nil
	}
	per := (len(with) + maxTrend - 1) / maxTrend
	var out []protocol.TrendPoint
	for i := 0; i < len(with); i += per {
		group := with[i:min(i+per, len(with))]
		var s Sample
		for _, d := range group {
			s.Merge(*d.Figures[key])
		}
		out = append(out, protocol.TrendPoint{From: group[0].Day, To: group[len(group)-1].Day, N: s.N, Value: s.Sum / float64(s.N)})
	}
	return out
}
