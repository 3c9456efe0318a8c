-- Profiles (docs/profile.md): each finished deal is counted once into the
-- figures of the users who played it. A deal is due for counting at
-- profile_due_ms (its end plus a grace for its analysis, or the moment its
-- analysis is stored); profiled marks it counted. Deals finished before
-- this migration are due at once: the worker counts the history too.
ALTER TABLE deals ADD COLUMN profiled BOOLEAN NOT NULL DEFAULT FALSE;
ALTER TABLE deals ADD COLUMN profile_due_ms BIGINT NOT NULL DEFAULT 0;
CREATE INDEX deals_profile_due ON deals (profile_due_ms) WHERE NOT profiled AND finished_ms > 0;

-- A player's page is private unless he makes it public.
ALTER TABLE users ADD COLUMN profile_public BOOLEAN NOT NULL DEFAULT FALSE;

-- A player's totals (profile.Tally as JSON).
CREATE TABLE profiles (
    user_id    TEXT PRIMARY KEY REFERENCES users (id) ON DELETE CASCADE,
    tally      TEXT NOT NULL,
    updated_ms BIGINT NOT NULL
);

-- A player's figures of one day (Unix day, UTC), for the trends.
CREATE TABLE profile_days (
    user_id TEXT NOT NULL REFERENCES users (id) ON DELETE CASCADE,
    day     INTEGER NOT NULL,
    figures TEXT NOT NULL,
    PRIMARY KEY (user_id, day)
);

-- The games a player has a deal counted of (a game is counted once).
CREATE TABLE profile_games (
    user_id TEXT NOT NULL REFERENCES users (id) ON DELETE CASCADE,
    game_id TEXT NOT NULL REFERENCES games (id) ON DELETE CASCADE,
    PRIMARY KEY (user_id, game_id)
);
