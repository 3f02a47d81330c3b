-- goobalay schema, version 2, for PostgreSQL: as the SQLite migration of the same file name.

CREATE TABLE tournament_byes (
    tournament_id BIGINT  NOT NULL REFERENCES tournaments(id) ON DELETE CASCADE,
    round         BIGINT  NOT NULL CHECK (round >= 1),
    board         BIGINT  NOT NULL CHECK (board >= 1),
    player_id     BIGINT  NOT NULL REFERENCES players(id),
    PRIMARY KEY (tournament_id, round, player_id)
);

ALTER TABLE tournament_players ADD COLUMN rating DOUBLE PRECISION;
