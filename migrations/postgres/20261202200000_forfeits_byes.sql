-- goobalay schema, version 4, for PostgreSQL: as the SQLite migration of the same file
-- name (forfeits, whole-match results and byes outside the pairing).

CREATE TABLE match_closings (
    match_id    BIGINT  NOT NULL PRIMARY KEY REFERENCES matches(id) ON DELETE CASCADE,
    kind        TEXT    NOT NULL CHECK (kind IN ('forfeit', 'match')),
    absent      TEXT    CHECK (absent IS NULL OR absent IN ('south', 'north', 'both')),
    winner      TEXT    CHECK (winner IS NULL OR winner IN ('south', 'north', 'draw')),
    seeds_south BIGINT  CHECK (seeds_south IS NULL OR seeds_south >= 0),
    seeds_north BIGINT  CHECK (seeds_north IS NULL OR seeds_north >= 0),
    entered_at  TIMESTAMPTZ NOT NULL,
    CHECK ((kind = 'forfeit' AND absent IS NOT NULL AND winner IS NULL
            AND seeds_south IS NULL AND seeds_north IS NULL)
        OR (kind = 'match' AND absent IS NULL AND winner IS NOT NULL
            AND (seeds_south IS NULL) = (seeds_north IS NULL)))
);

CREATE TABLE tournament_requested_byes (
    tournament_id BIGINT  NOT NULL REFERENCES tournaments(id) ON DELETE CASCADE,
    round         BIGINT  NOT NULL CHECK (round >= 1),
    player_id     BIGINT  NOT NULL REFERENCES players(id),
    points        TEXT    NOT NULL CHECK (points IN ('zero', 'half')),
    reason        TEXT    NOT NULL CHECK (reason IN ('requested', 'late-entry')),
    entered_at    TIMESTAMPTZ NOT NULL,
    PRIMARY KEY (tournament_id, round, player_id)
);
