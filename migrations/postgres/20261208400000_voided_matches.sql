-- goobalay schema: a round taken back after its engines had played (`tournament unpair`
-- while no human had moved or had a result entered in it). Its matches are not
-- deleted: each leaves the live tables with its hands and is kept here as it stood,
-- beside the round's record (round_pairings, unpaired at `voided_at`). A match id
-- kept here is never handed out again (the identity never goes back, and `db copy`
-- continues it after both tables' highest id).
CREATE TABLE voided_matches (
    id            BIGINT PRIMARY KEY,
    tournament_id BIGINT  NOT NULL REFERENCES tournaments(id) ON DELETE CASCADE,
    round         BIGINT  NOT NULL,
    variant       TEXT    NOT NULL,
    rules         TEXT    NOT NULL,
    form          TEXT    NOT NULL,
    max_hands     BIGINT,
    first_mover   TEXT    NOT NULL,
    south_id      BIGINT  NOT NULL REFERENCES players(id),
    north_id      BIGINT  NOT NULL REFERENCES players(id),
    south_engine  TEXT,
    north_engine  TEXT,
    seed          BIGINT  NOT NULL,
    winner        TEXT,
    hands_played  BIGINT  NOT NULL,
    final_south   BIGINT,
    final_north   BIGINT,
    created_at    TIMESTAMPTZ NOT NULL,
    finished_at   TIMESTAMPTZ,
    engine_version BIGINT,
    revision      BIGINT  NOT NULL,
    voided_at     TIMESTAMPTZ NOT NULL
);
CREATE INDEX voided_matches_round ON voided_matches(tournament_id, round);

-- The hands of a voided match, as the hands table held them.
CREATE TABLE voided_hands (
    match_id        BIGINT  NOT NULL REFERENCES voided_matches(id) ON DELETE CASCADE,
    number          BIGINT  NOT NULL,
    first_mover     TEXT    NOT NULL,
    first_arranger  TEXT,
    holdings_south  BIGINT  NOT NULL,
    holdings_north  BIGINT  NOT NULL,
    kept_south      BIGINT  NOT NULL,
    kept_north      BIGINT  NOT NULL,
    arrangement_south TEXT,
    arrangement_north TEXT,
    moves           TEXT    NOT NULL,
    move_count      BIGINT  NOT NULL,
    end_reason      TEXT,
    score_south     BIGINT,
    score_north     BIGINT,
    updated_at      TIMESTAMPTZ NOT NULL,
    PRIMARY KEY (match_id, number)
);
