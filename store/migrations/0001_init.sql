-- Atout's first schema. Written in the SQL common to SQLite and PostgreSQL:
-- ids are random text made by the program (no autoincrement), times are
-- BIGINT milliseconds since the Unix epoch, JSON documents are TEXT kept
-- byte for byte.

CREATE TABLE users (
    id            TEXT PRIMARY KEY,
    -- The name shown at the table: the account name, or a guest's nickname.
    username      TEXT NOT NULL,
    -- lower(username) for accounts, NULL for guests: account names are
    -- unique regardless of case, guests' nicknames are not.
    username_key  TEXT UNIQUE,
    password_hash TEXT NOT NULL DEFAULT '',
    guest         BOOLEAN NOT NULL,
    lang          TEXT NOT NULL DEFAULT '',
    created_ms    BIGINT NOT NULL
);

CREATE TABLE sessions (
    -- SHA-256 of the token, hex: a stolen database yields no usable cookie.
    token_hash TEXT PRIMARY KEY,
    user_id    TEXT NOT NULL REFERENCES users (id) ON DELETE CASCADE,
    created_ms BIGINT NOT NULL,
    expires_ms BIGINT NOT NULL
);
CREATE INDEX sessions_user ON sessions (user_id);
CREATE INDEX sessions_expires ON sessions (expires_ms);

CREATE TABLE games (
    id             TEXT PRIMARY KEY,
    kind           TEXT NOT NULL CHECK (kind IN ('bridge', 'belote')),
    settings       TEXT NOT NULL,
    status         TEXT NOT NULL DEFAULT 'open' CHECK (status IN ('open', 'finished')),
    result         TEXT,
    created_by     TEXT REFERENCES users (id) ON DELETE SET NULL,
    created_ms     BIGINT NOT NULL,
    updated_ms     BIGINT NOT NULL,
    -- The node serving this live table and until when (database clock);
    -- NULL and 0 when no node holds it.
    owner_node     TEXT,
    lease_until_ms BIGINT NOT NULL DEFAULT 0
);
CREATE INDEX games_created ON games (created_ms, id);
CREATE INDEX games_created_by ON games (created_by, created_ms);
CREATE INDEX games_open_lease ON games (status, lease_until_ms);
CREATE INDEX games_owner ON games (owner_node);

CREATE TABLE seats (
    game_id TEXT NOT NULL REFERENCES games (id) ON DELETE CASCADE,
    seat    INTEGER NOT NULL CHECK (seat BETWEEN 0 AND 3),
    user_id TEXT REFERENCES users (id) ON DELETE SET NULL,
    -- The bot playing this seat, '' for a human or an empty seat.
    bot     TEXT NOT NULL DEFAULT '',
    PRIMARY KEY (game_id, seat)
);
CREATE INDEX seats_user ON seats (user_id, game_id);

CREATE TABLE deals (
    game_id     TEXT NOT NULL REFERENCES games (id) ON DELETE CASCADE,
    deal_no     INTEGER NOT NULL,
    deal        TEXT NOT NULL,
    result      TEXT,
    created_ms  BIGINT NOT NULL,
    finished_ms BIGINT NOT NULL DEFAULT 0,
    PRIMARY KEY (game_id, deal_no)
);

CREATE TABLE moves (
    game_id    TEXT NOT NULL,
    deal_no    INTEGER NOT NULL,
    -- Position of the move in its deal, from 0: the primary key makes each
    -- position acceptable once.
    seq        INTEGER NOT NULL CHECK (seq >= 0),
    seat       INTEGER NOT NULL CHECK (seat BETWEEN 0 AND 3),
    action     TEXT NOT NULL,
    created_ms BIGINT NOT NULL,
    PRIMARY KEY (game_id, deal_no, seq),
    FOREIGN KEY (game_id, deal_no) REFERENCES deals (game_id, deal_no) ON DELETE CASCADE
);
