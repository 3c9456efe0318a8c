package competition

import (
	"context"
	"errors"
	"fmt"
	"time"

	"atout/card"
	"atout/store"
	"atout/tournament"
)

// DailyConfig is the scheduled daily tournament of [Service.RunDaily].
type DailyConfig struct {
	// Boards is the number of boards (default tournament.DailyBoards) and
	// Scoring the scoring (default matchpoints).
	Boards  int
	Scoring tournament.Scoring
	// Salt, when not 0, deals the day's boards from the day and the salt
	// (tests: reproducible); 0, the default, deals them from a secret drawn
	// by the node that creates the day's tournament first (the boards are
	// stored), so that nobody can deal a day's boards in advance.
	Salt uint64
	// Every is the period of the checks (default a minute); Now the clock
	// (default the service's tournament clock).
	Every time.Duration
	Now   func() time.Time
}

// DailyID returns the ID of the daily tournament of t's day (UTC).
func DailyID(t time.Time) string { return "daily-" + t.UTC().Format("2006-01-02") }

// EnsureDaily makes sure the daily tournament of the current day (UTC)
// exists and returns its ID. Several nodes may call it at once: one
// creates the tournament, the others find it (store.ErrConflict means
// another node created it first).
func (s *Service) EnsureDaily(ctx context.Context, c DailyConfig) (string, error) {
	if c.Now == nil {
		c.Now = s.Now
	}
	if c.Boards == 0 {
		c.Boards = tournament.DailyBoards
	}
	now := c.Now().UTC()
	id := DailyID(now)
	if _, err := s.st.GetCompetition(ctx, id); err == nil {
		return id, nil
	} else if !errors.Is(err, store.ErrNotFound) {
		return "", err
	}
	var t *tournament.Tournament
	switch {
	case c.Salt == 0:
		day := now.Truncate(24 * time.Hour)
		var err error
		t, err = tournament.NewFromRand("Daily "+day.Format("2006-01-02"), c.Boards, card.NewSecret().Rand(), c.Scoring,
			tournament.Window{Start: day, End: day.AddDate(0, 0, 1)})
		if err != nil {
			return "", err
		}
		t.ID = id
	case c.Boards == tournament.DailyBoards && c.Scoring == tournament.Matchpoints:
		t = tournament.Daily(now, c.Salt)
	default:
		day := now.Truncate(24 * time.Hour)
		seed := (card.SeedFromString("atout-daily-"+day.Format("2006-01-02")) ^ c.Salt) * 0x9E3779B97F4A7C15
		var err error
		t, err = tournament.NewFromSeed("Daily "+day.Format("2006-01-02"), c.Boards, seed, c.Scoring,
			tournament.Window{Start: day, End: day.AddDate(0, 0, 1)})
		if err != nil {
			return "", err
		}
		t.ID = id
	}
	_, err := s.createTournament(ctx, t, "daily", "", "")
	if err != nil && !errors.Is(err, store.ErrConflict) {
		return "", err
	}
	return id, nil
}

// RunDaily keeps today's daily tournament in existence until ctx ends:
// it checks at once, then every c.Every, so that a new one appears just
// after midnight UTC. Errors are logged and retried at the next check.
func (s *Service) RunDaily(ctx context.Context, c DailyConfig) {
	if c.Every <= 0 {
		c.Every = time.Minute
	}
	if c.Boards != 0 && (c.Boards < tournament.MinBoards || c.Boards > tournament.MaxBoards) {
		s.log.Error("daily tournament", "err", fmt.Sprintf("%d boards: want %d to %d", c.Boards, tournament.MinBoards, tournament.MaxBoards))
		return
	}
	tick := time.NewTicker(c.Every)
	defer tick.Stop()
	last := ""
	for {
		id, err := s.EnsureDaily(ctx, c)
		switch {
		case err != nil && ctx.Err() == nil:
			s.log.Error("daily tournament", "err", err)
		case err == nil && id != last:
			s.log.Info("daily tournament", "tournament", id)
			last = id
		}
		select {
		case <-ctx.Done():
			return
		case <-tick.C:
		}
	}
}
