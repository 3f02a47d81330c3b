-- goobalay schema: a round taken back after its engines had played (`tournament unpair`
-- while no human had moved or had a result entered in it). Its matches are not
-- deleted: each leaves the live tables with its hands and is kept here as it stood,
-- beside the round's record (round_pairings, unpaired at `voided_at`). A match id
-- kept here is never handed out again (the store numbers a new match after both
-- tables' highest id).
CREATE TABLE voided_matches (
    id            INTEGER PRIMARY KEY,
    tournament_id INTEGER NOT NULL REFERENCES tournaments(id) ON DELETE CASCADE,
    round         INTEGER NOT NULL,
    variant       TEXT    NOT NULL,
    rules         TEXT    NOT NULL,
    form          TEXT    NOT NULL,
    max_hands     INTEGER,
    first_mover   TEXT    NOT NULL,
    south_id      INTEGER NOT NULL REFERENCES players(id),
    north_id      INTEGER NOT NULL REFERENCES players(id),
    south_engine  TEXT,
    north_engine  TEXT,
    seed          INTEGER NOT NULL,
    winner        TEXT,
    hands_played  INTEGER NOT NULL,
    final_south   INTEGER,
    final_north   INTEGER,
    created_at    TEXT    NOT NULL,
    finished_at   TEXT,
    engine_version INTEGER,
    revision      INTEGER NOT NULL,
    voided_at     TEXT    NOT NULL
);
CREATE INDEX voided_matches_round ON voided_matches(tournament_id, round);

-- The hands of a voided match, as the hands table held them.
CREATE TABLE voided_hands (
    match_id        INTEGER NOT NULL REFERENCES voided_matches(id) ON DELETE CASCADE,
    number          INTEGER NOT NULL,
    first_mover     TEXT    NOT NULL,
    first_arranger  TEXT,
    holdings_south  INTEGER NOT NULL,
    holdings_north  INTEGER NOT NULL,
    kept_south      INTEGER NOT NULL,
    kept_north      INTEGER NOT NULL,
    arrangement_south TEXT,
    arrangement_north TEXT,
    moves           TEXT    NOT NULL,
    move_count      INTEGER NOT NULL,
    end_reason      TEXT,
    score_south     INTEGER,
    score_north     INTEGER,
    updated_at      TEXT    NOT NULL,
    PRIMARY KEY (match_id, number)
);
