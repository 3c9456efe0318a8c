-- Table chat: the lines said at a table with several humans, kept with the
-- game. seq numbers a game's lines from 0.
CREATE TABLE chat (
    game_id    TEXT NOT NULL REFERENCES games (id) ON DELETE CASCADE,
    seq        INTEGER NOT NULL,
    user_id    TEXT REFERENCES users (id) ON DELETE SET NULL,
    seat       INTEGER NOT NULL,
    name       TEXT NOT NULL,
    text       TEXT NOT NULL,
    created_ms BIGINT NOT NULL,
    PRIMARY KEY (game_id, seq)
);
