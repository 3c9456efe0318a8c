-- Competitions: tournaments, team matches, belote duplicates. The database is
-- the source of truth, so that every node sharing it shows the same rankings
-- and a restart loses nothing. Kind-specific documents are JSON kept as TEXT
-- byte for byte; ids and entry keys are text made by the program.

CREATE TABLE competitions (
    id         TEXT PRIMARY KEY,
    kind       TEXT NOT NULL,
    name       TEXT NOT NULL,
    -- The organiser's user id, '' for the server's scheduled competitions.
    owner      TEXT NOT NULL DEFAULT '',
    spec       TEXT NOT NULL,
    start_ms   BIGINT NOT NULL,
    -- 0 for an open-ended competition.
    end_ms     BIGINT NOT NULL DEFAULT 0,
    created_ms BIGINT NOT NULL
);
CREATE INDEX competitions_start ON competitions (start_ms, created_ms, id);
CREATE INDEX competitions_kind_start ON competitions (kind, start_ms, created_ms, id);

CREATE TABLE competition_entries (
    competition_id TEXT NOT NULL REFERENCES competitions (id) ON DELETE CASCADE,
    entry          TEXT NOT NULL,
    data           TEXT,
    -- The table the entry plays at, '' until it has one.
    game_id        TEXT NOT NULL DEFAULT '',
    -- Database clock, so that readers on every node agree on what is new.
    joined_ms      BIGINT NOT NULL,
    -- Join order within the competition (1, 2, 3...; two nodes joining at
    -- the same instant may share a number, then the key breaks the tie).
    ord            BIGINT NOT NULL,
    PRIMARY KEY (competition_id, entry)
);
CREATE INDEX competition_entries_order ON competition_entries (competition_id, ord);
CREATE INDEX competition_entries_game ON competition_entries (game_id);
CREATE INDEX competition_entries_joined ON competition_entries (competition_id, joined_ms);

CREATE TABLE competition_results (
    competition_id TEXT NOT NULL REFERENCES competitions (id) ON DELETE CASCADE,
    entry          TEXT NOT NULL,
    board          INTEGER NOT NULL,
    data           TEXT,
    game_id        TEXT NOT NULL DEFAULT '',
    -- Database clock, as joined_ms.
    created_ms     BIGINT NOT NULL,
    -- Insertion order within the competition, as for entries.
    ord            BIGINT NOT NULL,
    PRIMARY KEY (competition_id, entry, board)
);
CREATE INDEX competition_results_order ON competition_results (competition_id, ord);
CREATE INDEX competition_results_created ON competition_results (competition_id, created_ms);
