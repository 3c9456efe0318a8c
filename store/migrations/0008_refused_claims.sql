-- Claims that were not accepted (docs/profile.md): a refused claim leaves no
-- move, so it is kept here for the player's profile. seq is the number of
-- the deal's moves before the claim; reason is 'refused' (by a human) or
-- 'beaten' (the bots found that best play beats it).
CREATE TABLE refused_claims (
    id         TEXT PRIMARY KEY,
    game_id    TEXT NOT NULL REFERENCES games (id) ON DELETE CASCADE,
    deal_no    INTEGER NOT NULL,
    seq        INTEGER NOT NULL CHECK (seq >= 0),
    seat       INTEGER NOT NULL CHECK (seat BETWEEN 0 AND 3),
    tricks     INTEGER NOT NULL,
    reason     TEXT NOT NULL,
    created_ms BIGINT NOT NULL
);
CREATE INDEX refused_claims_deal ON refused_claims (game_id, deal_no);
