// Profiles
//
// A player's own game measured (docs/profile.md): the answer of GET
// /api/profile (your own) and GET /api/profiles/{name} (another player's,
// when he made it public). Every figure is counted once, as the deals
// finish, from the deal's moves and its double-dummy (bridge) or
// all-cards-open (belote) analysis.

package protocol

// Profile is a player's page.
type Profile struct {
	Name  string `json:"name"`
	Guest bool   `json:"guest"`
	// You says the page is the asker's own; only then are Costliest and
	// the replay links given.
	You bool `json:"you"`
	// Public is the player's choice: may other players read the page
	// (false by default)?
	Public bool `json:"public"`
	// Since is when the first deal counted finished (Unix milliseconds),
	// 0 when none.
	Since int64 `json:"since"`
	// Games counts what the player played, by game, mode and scoring.
	Games []ProfileGames `json:"games"`
	// Figures are the measures, in a fixed order (docs/profile.md), those
	// with no sample left out.
	Figures []ProfileFigure `json:"figures"`
	// Costliest are the deals where the player lost most against the
	// analysis, the costliest first, up to ten of each game: only on the
	// player's own page.
	Costliest []CostlyDeal `json:"costliest,omitempty"`
}

// ProfileGames counts the games and deals of one game, mode and scoring.
type ProfileGames struct {
	Game GameKind `json:"game"` // "bridge" or "belote"
	// Kind is the bridge scoring ("duplicate", "rubber", "chicago") or
	// the belote mode ("classic", "notrump", "coinche"), with
	// ":competition" added for a competition's tables.
	Kind  string `json:"kind"`
	Games int    `json:"games"`
	Deals int    `json:"deals"`
}

// ProfileFigure is one measure: its value over all the player's deals with
// a 95 % interval, its trend, and the same measure of the bots on the
// same deals.
type ProfileFigure struct {
	// Key names the measure ("bridge.lead.costly", ...: docs/profile.md);
	// the page's words for it are the catalog's "profile.fig.<key>".
	Key string `json:"key"`
	// Kind is "rate" (a share, value 0 to 1), "mean" (per deal) or
	// "total" (a count).
	Kind string `json:"kind"`
	// Unit of a mean: "tricks", "points" (belote card points), "imps",
	// "percent" (matchpoints).
	Unit string `json:"unit,omitempty"`
	Stat
	// Trend is the value over time, oldest first: one point per period
	// with at least one sample (a day, or several days when there are
	// many).
	Trend []TrendPoint `json:"trend,omitempty"`
	// Bots are the same measure of the bots of each level ("easy",
	// "medium", "strong") that sat at the player's tables, on the same
	// deals; a level with no sample is left out.
	Bots map[Level]Stat `json:"bots,omitempty"`
}

// Stat is a value over N samples and its 95 % interval [Lo, Hi]: Wilson's
// for a rate (which has one from the first sample), the normal
// approximation for a mean (Lo = Hi = Value for a single sample), never
// below 0 for a figure that cannot be (tricks or points lost).
type Stat struct {
	N     int     `json:"n"`
	Value float64 `json:"value"`
	Lo    float64 `json:"lo"`
	Hi    float64 `json:"hi"`
}

// TrendPoint is a figure's value over one period: the days from From to
// To (Unix days, UTC).
type TrendPoint struct {
	From  int     `json:"from"`
	To    int     `json:"to"`
	N     int     `json:"n"`
	Value float64 `json:"value"`
}

// CostlyDeal is a deal where the player lost against the analysis: a link
// to its replay at the costliest card (game, deal number, and step: the
// number of moves before that card).
type CostlyDeal struct {
	Game     GameKind `json:"game"`
	GameID   string   `json:"gameId"`
	Deal     int      `json:"deal"`
	Board    int      `json:"board,omitempty"` // bridge: the board's number
	Step     int      `json:"step"`
	Card     string   `json:"card"` // the costliest card ("SK")
	Trick    int      `json:"trick"`
	Contract string   `json:"contract"`
	// Cost is what the player's cards (and claim) lost in the deal: tricks
	// in bridge, card points in belote.
	Cost int `json:"cost"`
	// Finished is when the deal ended (Unix milliseconds).
	Finished int64 `json:"finished"`
}

// ProfileSettings is the body of PUT /api/profile: the page's visibility.
type ProfileSettings struct {
	Public bool `json:"public"`
}
