package competition

// What the tests of the packages that use the service read of its memory.

import (
	"context"

	"atout/tournament"
)

// Forget drops a competition from memory: its next read reads it whole
// from the store.
func (s *Service) Forget(id string) { s.cache.drop(id) }

// Cached returns the number of competitions held in memory, with those
// for which results are kept until they are read.
func (s *Service) Cached() int {
	s.cache.mu.Lock()
	defer s.cache.mu.Unlock()
	n := len(s.cache.slots)
	for id := range s.cache.pending {
		if s.cache.slots[id] == nil {
			n++
		}
	}
	return n
}

// Tournament returns tournament id as this node has it.
func (s *Service) Tournament(ctx context.Context, id string) (*tournament.Tournament, error) {
	e, err := s.tournament(ctx, id)
	if err != nil {
		return nil, err
	}
	return e.t, nil
}

// TeamMatchTables returns the tables of the rooms of team match id, open
// and closed.
func (s *Service) TeamMatchTables(ctx context.Context, id string) ([2]string, error) {
	mt, err := s.teamMatch(ctx, id)
	if err != nil {
		return [2]string{}, err
	}
	s.cache.mu.Lock()
	defer s.cache.mu.Unlock()
	return mt.tables, nil
}

// TeamMatch returns team match id's score sheet and its tables (open
// room, closed room), loading it when this node does not hold it.
func (s *Service) TeamMatch(ctx context.Context, id string) (*tournament.TeamMatch, [2]string, error) {
	mt, err := s.teamMatch(ctx, id)
	if err != nil {
		return nil, [2]string{}, err
	}
	s.cache.mu.Lock()
	defer s.cache.mu.Unlock()
	return mt.m, mt.tables, nil
}

// CachedTeamMatch returns the score sheet of team match id if this node
// holds it in memory, or nil.
func (s *Service) CachedTeamMatch(id string) *tournament.TeamMatch {
	if mt, ok := s.cache.cached(id).(*teamMatch); ok {
		return mt.m
	}
	return nil
}

// CachedTeamDeals returns the number of deals team has played in belote
// duplicate id if this node holds it in memory, or 0.
func (s *Service) CachedTeamDeals(id, team string) int {
	bd, ok := s.cache.cached(id).(*beloteDuplicate)
	if !ok {
		return 0
	}
	played, _ := bd.played()
	return len(played[team])
}

// TeamMatchPlayers returns the players of the home and away teams of team
// match id.
func (s *Service) TeamMatchPlayers(ctx context.Context, id string) (home, away [4]TeamPlayer, err error) {
	mt, err := s.teamMatch(ctx, id)
	if err != nil {
		return home, away, err
	}
	return mt.spec.Home.Players, mt.spec.Away.Players, nil
}
