-- goobalay schema, version 2: what a tournament needs beyond matches.

-- A bye is a pairing without a match (matches need two players).
CREATE TABLE tournament_byes (
    tournament_id INTEGER NOT NULL REFERENCES tournaments(id) ON DELETE CASCADE,
    round         INTEGER NOT NULL CHECK (round >= 1),
    board         INTEGER NOT NULL CHECK (board >= 1),
    player_id     INTEGER NOT NULL REFERENCES players(id),
    PRIMARY KEY (tournament_id, round, player_id)
);

-- The rating an entrant had when round 1 was paired (the seeding rating); NULL
-- before. seed_no is then the starting rank (1 = highest rated).
ALTER TABLE tournament_players ADD COLUMN rating REAL;
