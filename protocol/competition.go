package protocol

// The responses of the competition endpoints: /api/tournaments,
// /api/teammatches and /api/beloteduplicates. The fields of a response
// that was once a JSON object built from a map are in the map's order
// (by name), so that the bytes on the wire are what they were.

import (
	"strings"
	"time"
)

// Created answers the creation of a team match or a belote duplicate.
type Created struct {
	ID string `json:"id"`
}

// Competition names a competition and one of its entries (a team match's
// room, a belote duplicate's team; none for a tournament, whose tables the
// store binds to their players). It is written as text: "{id}:{entry}", or
// "{id}" without an entry.
type Competition struct {
	ID, Entry string
}

// ParseCompetition reads a competition as [Competition.String] writes it.
func ParseCompetition(s string) Competition {
	id, entry, _ := strings.Cut(s, ":")
	return Competition{ID: id, Entry: entry}
}

// IsZero reports whether c names no competition.
func (c Competition) IsZero() bool { return c.ID == "" && c.Entry == "" }

func (c Competition) String() string {
	if c.Entry == "" {
		return c.ID
	}
	return c.ID + ":" + c.Entry
}

func (c Competition) MarshalText() ([]byte, error) { return []byte(c.String()), nil }

func (c *Competition) UnmarshalText(b []byte) error {
	*c = ParseCompetition(string(b))
	return nil
}

// TableRef answers a request that opens (or finds) the caller's table of
// a competition: its ID and the path of its page.
type TableRef struct {
	Invite string `json:"invite"`
	Table  string `json:"table"`
}

// TournamentCreated answers POST /api/tournaments.
type TournamentCreated struct {
	Boards int    `json:"boards"`
	ID     string `json:"id"`
}

// TournamentSummary is a tournament in the list, and the head of its page.
type TournamentSummary struct {
	ID      string    `json:"id"`
	Name    string    `json:"name"`
	Boards  int       `json:"boards"`
	Scoring string    `json:"scoring"` // mp, imp or butler
	Start   time.Time `json:"start"`
	End     time.Time `json:"end"`
	Over    bool      `json:"over"`
	Open    bool      `json:"open"` // within the window
	Entries int       `json:"entries"`
	Creator string    `json:"creator,omitempty"`
	Source  string    `json:"source,omitempty"` // seed, pbn or daily
}

// TournamentList answers GET /api/tournaments.
type TournamentList struct {
	Tournaments []TournamentSummary `json:"tournaments"`
}

// Standing is a line of a tournament's ranking.
type Standing struct {
	Rank     int     `json:"rank"`
	Tied     bool    `json:"tied"`
	Name     string  `json:"name"`
	You      bool    `json:"you,omitempty"`
	Boards   int     `json:"boards"`
	Score    float64 `json:"score"`    // matchpoints or IMPs
	Percent  float64 `json:"percent"`  // matchpoints only
	PerBoard float64 `json:"perBoard"` // IMPs per board
	// OutOfCompetition: the entry is the one who uploaded the boards (an
	// imported tournament): he is shown, not ranked (Rank 0).
	OutOfCompetition bool `json:"outOfCompetition,omitempty"`
}

// Tournament answers GET /api/tournaments/{id}.
type Tournament struct {
	Numbers   []int      `json:"numbers"`   // the boards' numbers
	Played    []int      `json:"played"`    // results on each board
	Standings []Standing `json:"standings"` // the ranking
	// Table is the caller's table, once he has one.
	Table      string            `json:"table,omitempty"`
	Tournament TournamentSummary `json:"tournament"`
	YouPlayed  []int             `json:"youPlayed"` // the boards the caller has played
}

// FrequencyRow is a line of a board's frequency table.
type FrequencyRow struct {
	Contract  string  `json:"contract"`
	Declarer  string  `json:"declarer"`
	Tricks    int     `json:"tricks"`
	Result    string  `json:"result"` // "=", "+1", "-2"; "" when passed out
	ScoreNS   int     `json:"scoreNS"`
	Count     int     `json:"count"`
	NS        float64 `json:"ns"`
	EW        float64 `json:"ew"`
	NSPercent float64 `json:"nsPercent"`
	EWPercent float64 `json:"ewPercent"`
	Yours     bool    `json:"yours,omitempty"`
}

// BoardAnalysis is a board's double-dummy analysis.
type BoardAnalysis struct {
	Par        []string          `json:"par"` // the par contracts
	ParScoreNS int               `json:"parScoreNS"`
	Strains    []string          `json:"strains"` // the order of Tricks: C D H S NT
	Tricks     map[string][5]int `json:"tricks"`  // by declarer
}

// YourResult is the caller's result on a tournament board.
type YourResult struct {
	Beaten   int     `json:"beaten"`
	Contract string  `json:"contract"`
	Declarer string  `json:"declarer"`
	Lost     int     `json:"lost"`
	Percent  float64 `json:"percent"`
	Result   string  `json:"result"`
	Score    float64 `json:"score"`
	ScoreNS  int     `json:"scoreNS"`
	Tied     int     `json:"tied"`
	Tricks   int     `json:"tricks"`
}

// TournamentBoard answers GET /api/tournaments/{id}/boards/{n}.
type TournamentBoard struct {
	Board int            `json:"board"`
	Datum int            `json:"datum"`
	DD    *BoardAnalysis `json:"dd,omitempty"`
	// DDPending: the analysis is still being computed (ask again).
	DDPending bool           `json:"ddPending,omitempty"`
	Deal      string         `json:"deal"`
	Dealer    string         `json:"dealer"`
	Played    int            `json:"played"`
	Rows      []FrequencyRow `json:"rows"`
	Scoring   string         `json:"scoring"`
	Top       float64        `json:"top"`
	Vul       string         `json:"vul"`
	Yours     *YourResult    `json:"yours,omitempty"`
}

// TeamMatchSummary is a team match in the list.
type TeamMatchSummary struct {
	ID      string    `json:"id"`
	Name    string    `json:"name"`
	Boards  int       `json:"boards"`
	Home    string    `json:"home"`
	Away    string    `json:"away"`
	Created time.Time `json:"created"`
}

// TeamMatchList answers GET /api/teammatches.
type TeamMatchList struct {
	Matches []TeamMatchSummary `json:"matches"`
}

// RoomResult is a room's result on a board.
type RoomResult struct {
	Contract string `json:"contract"`
	Declarer string `json:"declarer,omitempty"`
	Tricks   int    `json:"tricks"`
	Result   string `json:"result"` // "=", "+1", "-2"; "" when passed out
	ScoreNS  int    `json:"scoreNS"`
}

// TeamBoardLine is a line of the score sheet. Open and Closed are there
// only when the viewer may see the board.
type TeamBoardLine struct {
	Board    int         `json:"board"`
	Visible  bool        `json:"visible"`
	Open     *RoomResult `json:"open,omitempty"`
	Closed   *RoomResult `json:"closed,omitempty"`
	Complete bool        `json:"complete"`
	IMPs     int         `json:"imps"` // for the home team
	Home     int         `json:"home"` // running score
	Away     int         `json:"away"`
}

// TeamMatchHead is what a team match is.
type TeamMatchHead struct {
	Boards  int       `json:"boards"`
	Created time.Time `json:"created"`
	ID      string    `json:"id"`
	Level   Level     `json:"level"`
	Name    string    `json:"name"`
	Over    bool      `json:"over"`
	// Waiting names the invited players who have not answered yet: the
	// rooms open when every one has accepted. Declined names the one who
	// declined (the match is then called off); Invited says the caller is
	// invited and has not answered.
	Waiting  []string `json:"waiting"`
	Declined string   `json:"declined,omitempty"`
	Invited  bool     `json:"invited,omitempty"`
}

// TeamPlayer is a seat holder of a team.
type TeamPlayer struct {
	Bot  bool   `json:"bot"`
	Name string `json:"name"`
	You  bool   `json:"you"`
}

// Team is a team of a match.
type Team struct {
	Name    string       `json:"name"`
	Players []TeamPlayer `json:"players"`
}

// Room is a room of a match. Table is there for the rooms the caller may
// watch.
type Room struct {
	EW     string    `json:"ew"`
	NS     string    `json:"ns"`
	Played int       `json:"played"`
	Room   string    `json:"room"` // open or closed
	Seats  [4]string `json:"seats"`
	Table  *string   `json:"table,omitempty"`
}

// TeamMatchPlace is where the caller plays in a match.
type TeamMatchPlace struct {
	Room  string `json:"room"`
	Seat  string `json:"seat"`
	Table string `json:"table"`
}

// TeamMatchScore is the score of a match so far.
type TeamMatchScore struct {
	Away     int     `json:"away"`
	AwayVP   float64 `json:"awayVP"`
	Complete int     `json:"complete"`
	Home     int     `json:"home"`
	HomeVP   float64 `json:"homeVP"`
}

// TeamMatch answers GET /api/teammatches/{id}.
type TeamMatch struct {
	Away   Team            `json:"away"`
	Boards []TeamBoardLine `json:"boards"`
	Home   Team            `json:"home"`
	Match  TeamMatchHead   `json:"match"`
	Rooms  []Room          `json:"rooms"`
	Score  TeamMatchScore  `json:"score"`
	You    *TeamMatchPlace `json:"you"` // null for somebody not playing
}

// TeamBoard answers GET /api/teammatches/{id}/boards/{n}.
type TeamBoard struct {
	Board    int         `json:"board"`
	Closed   *RoomResult `json:"closed"`
	Complete bool        `json:"complete"`
	Deal     string      `json:"deal"`
	Dealer   string      `json:"dealer"`
	IMPs     *int        `json:"imps,omitempty"` // once complete
	Open     *RoomResult `json:"open"`
	Vul      string      `json:"vul"`
}

// BeloteDuplicateSummary is a belote duplicate in the list.
type BeloteDuplicateSummary struct {
	ID      string      `json:"id"`
	Name    string      `json:"name"`
	Deals   int         `json:"deals"`
	Mode    BeloteMode  `json:"mode"`
	Rules   BeloteRules `json:"rules"`
	Created time.Time   `json:"created"`
	// SaTa: the event's coinche has the sans-atout and tout-atout bids.
	SaTa bool `json:"sata,omitempty"`
}

// BeloteDuplicateList answers GET /api/beloteduplicates.
type BeloteDuplicateList struct {
	Events []BeloteDuplicateSummary `json:"events"`
}

// BeloteTeamRef answers POST /api/beloteduplicates/{id}/join: the
// caller's team and its table.
type BeloteTeamRef struct {
	Invite string `json:"invite"`
	Table  string `json:"table"`
	Team   string `json:"team"`
}

// BeloteEvent is what a belote duplicate is.
type BeloteEvent struct {
	Announcements bool        `json:"announcements"`
	Created       time.Time   `json:"created"`
	Deals         int         `json:"deals"`
	ID            string      `json:"id"`
	Level         Level       `json:"level"`
	Mode          BeloteMode  `json:"mode"`
	Name          string      `json:"name"`
	Rules         BeloteRules `json:"rules"`
	// SaTa: every table of the event plays coinche with the sans-atout and
	// tout-atout bids.
	SaTa bool `json:"sata,omitempty"`
	// Open: the event takes teams (its organiser has not started it; no
	// deal is dealt before). Organiser: the caller may start it.
	Open      bool `json:"open"`
	Organiser bool `json:"organiser,omitempty"`
}

// BeloteMember is a member of a team.
type BeloteMember struct {
	Bot  bool   `json:"bot"`
	Name string `json:"name"`
}

// BeloteTeam is a registered team.
type BeloteTeam struct {
	Deals   int            `json:"deals"` // deals played
	Members []BeloteMember `json:"members"`
	Name    string         `json:"name"`
	You     bool           `json:"you"`
	// Invited: the partner named by the team has not accepted yet (until
	// the start; then a bot takes his seat).
	Invited bool `json:"invited,omitempty"`
}

// BeloteYou is the caller's team and table.
type BeloteYou struct {
	Table string `json:"table"`
	Team  string `json:"team"`
	// Invited: the caller is named as the team's partner and has not
	// answered: he plays for it only once he accepts.
	Invited bool `json:"invited,omitempty"`
}

// BeloteStanding is a line of the ranking.
type BeloteStanding struct {
	Deals    int     `json:"deals"`
	PerDeal  float64 `json:"perDeal"`
	Rank     int     `json:"rank"`
	Relative float64 `json:"relative"`
	Team     string  `json:"team"`
	Tied     bool    `json:"tied"`
	You      bool    `json:"you"`
}

// BeloteYours is the caller's team's result on a deal.
type BeloteYours struct {
	Against  int     `json:"against"`
	Net      int     `json:"net"`
	Points   int     `json:"points"`
	Relative float64 `json:"relative"`
}

// BeloteDealLine is a deal of the event as the caller sees it.
type BeloteDealLine struct {
	Deal    int          `json:"deal"`
	Played  int          `json:"played"` // results on the deal
	Visible bool         `json:"visible"`
	Yours   *BeloteYours `json:"yours,omitempty"`
}

// BeloteDuplicate answers GET /api/beloteduplicates/{id}.
type BeloteDuplicate struct {
	Deals     []BeloteDealLine `json:"deals"`
	Event     BeloteEvent      `json:"event"`
	Standings []BeloteStanding `json:"standings"`
	Teams     []BeloteTeam     `json:"teams"`
	You       *BeloteYou       `json:"you"` // null for somebody not registered
}

// BeloteDealResult is a team's result on a deal.
type BeloteDealResult struct {
	Against  int     `json:"against"`
	Net      int     `json:"net"`
	Points   int     `json:"points"`
	Relative float64 `json:"relative"`
	Side     string  `json:"side"`
	Team     string  `json:"team"`
	You      bool    `json:"you"`
}

// BeloteDuplicateDeal answers GET /api/beloteduplicates/{id}/deals/{n}.
type BeloteDuplicateDeal struct {
	Deal    int                `json:"deal"`
	Dealer  string             `json:"dealer"`
	Deck    []string           `json:"deck"` // the cards in the dealing order
	Results []BeloteDealResult `json:"results"`
}

// Answer is the body of POST /api/teammatches/{id}/answer and
// /api/beloteduplicates/{id}/answer: the invited caller accepts or declines.
type Answer struct {
	Accept bool `json:"accept"`
}

// Invitation is a competition the caller is invited to and has not
// answered.
type Invitation struct {
	Kind string `json:"kind"` // "teammatch" or "beloteduplicate"
	ID   string `json:"id"`
	Name string `json:"name"`
	By   string `json:"by"`             // who invited him
	Team string `json:"team,omitempty"` // the team he is asked to play for
}

// Invitations answers GET /api/invitations.
type Invitations struct {
	Invitations []Invitation `json:"invitations"`
}
