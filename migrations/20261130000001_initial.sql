-- goobalay schema, version 1: players, matches and their hands, and the tournament
-- tables that matches can point at. Timestamps are UTC, RFC 3339 text (chrono).

CREATE TABLE players (
    id          INTEGER PRIMARY KEY,
    name        TEXT    NOT NULL CHECK (length(trim(name)) > 0),
    -- lower-cased name (Unicode-aware, computed by goobalay): names are unique
    -- case-insensitively.
    name_key    TEXT    NOT NULL UNIQUE,
    club        TEXT,
    -- engine level name ("random", "greedy", ...); NULL for a human player.
    engine      TEXT,
    rating      REAL,
    created_at  TEXT    NOT NULL,
    retired_at  TEXT
);

CREATE TABLE tournaments (
    id          INTEGER PRIMARY KEY,
    name        TEXT    NOT NULL CHECK (length(trim(name)) > 0),
    name_key    TEXT    NOT NULL UNIQUE,
    variant     TEXT    NOT NULL,
    -- the rule set as JSON (a rule file), so custom variants replay exactly.
    rules       TEXT,
    format      TEXT    NOT NULL,
    rounds      INTEGER,
    match_form  TEXT    NOT NULL,
    max_hands   INTEGER,
    -- points for a win, a draw and a loss, e.g. "1,0.5,0".
    points      TEXT    NOT NULL DEFAULT '1,0.5,0',
    tiebreaks   TEXT,
    seed        INTEGER NOT NULL DEFAULT 0,
    status      TEXT    NOT NULL DEFAULT 'open',
    created_at  TEXT    NOT NULL,
    finished_at TEXT
);

CREATE TABLE tournament_players (
    tournament_id INTEGER NOT NULL REFERENCES tournaments(id) ON DELETE CASCADE,
    player_id     INTEGER NOT NULL REFERENCES players(id),
    -- entry order / seeding number, 1-based
    seed_no       INTEGER NOT NULL,
    -- round after which the player withdrew; NULL while playing
    withdrawn_after INTEGER,
    joined_at     TEXT    NOT NULL,
    PRIMARY KEY (tournament_id, player_id)
);

CREATE TABLE matches (
    id            INTEGER PRIMARY KEY,
    variant       TEXT    NOT NULL,
    -- the rule set as JSON (a rule file)
    rules         TEXT    NOT NULL,
    form          TEXT    NOT NULL,           -- 'hands' | 'single' | 'games:N'
    max_hands     INTEGER CHECK (max_hands IS NULL OR max_hands >= 1),
    first_mover   TEXT    NOT NULL CHECK (first_mover IN ('south', 'north')),
    south_id      INTEGER NOT NULL REFERENCES players(id),
    north_id      INTEGER NOT NULL REFERENCES players(id),
    -- engine level of each side when the match was made; NULL: a human
    south_engine  TEXT,
    north_engine  TEXT,
    -- seed of the engine players' choices (matches::decision_seed)
    seed          INTEGER NOT NULL,
    tournament_id INTEGER REFERENCES tournaments(id),
    round         INTEGER,
    -- 'south' | 'north' | 'draw'; NULL while being played
    winner        TEXT    CHECK (winner IS NULL OR winner IN ('south', 'north', 'draw')),
    hands_played  INTEGER NOT NULL DEFAULT 0,
    -- seeds each player carried out of the last finished hand
    final_south   INTEGER,
    final_north   INTEGER,
    created_at    TEXT    NOT NULL,
    finished_at   TEXT,
    CHECK (south_id <> north_id)
);

CREATE INDEX matches_tournament ON matches(tournament_id, round);
CREATE INDEX matches_south ON matches(south_id);
CREATE INDEX matches_north ON matches(north_id);
CREATE INDEX matches_created ON matches(created_at);

-- One row per hand. The hand's events (arrangements, moves, an entered result) are
-- its columns: arrangements first (first_arranger's, then the other's), the moves
-- in order, then the result if end_reason = 'result'.
CREATE TABLE hands (
    match_id        INTEGER NOT NULL REFERENCES matches(id) ON DELETE CASCADE,
    number          INTEGER NOT NULL CHECK (number >= 1),
    first_mover     TEXT    NOT NULL CHECK (first_mover IN ('south', 'north')),
    -- NULL: the ordinary setup; otherwise who arranged first
    first_arranger  TEXT    CHECK (first_arranger IS NULL OR first_arranger IN ('south', 'north')),
    -- seeds each player brought into the hand (carried over from the last one)
    holdings_south  INTEGER NOT NULL,
    holdings_north  INTEGER NOT NULL,
    -- of those, seeds held in hand (counted as captured) after the rearrangement
    kept_south      INTEGER NOT NULL DEFAULT 0,
    kept_north      INTEGER NOT NULL DEFAULT 0,
    -- rows as "3,1,1,1,2,4" (own left to right); NULL for the ordinary setup
    arrangement_south TEXT,
    arrangement_north TEXT,
    -- moves in notation, space separated: "3 1 6 pass"
    moves           TEXT    NOT NULL DEFAULT '',
    move_count      INTEGER NOT NULL DEFAULT 0,
    -- 'no-moves' | 'all-captured' | 'repetition' | 'result'; NULL while played
    end_reason      TEXT,
    -- final scores: seeds each player carries out of the hand
    score_south     INTEGER,
    score_north     INTEGER,
    updated_at      TEXT    NOT NULL,
    PRIMARY KEY (match_id, number)
) WITHOUT ROWID;

-- Seeds carried from each hand into the next, for queries.
CREATE VIEW carry_over AS
SELECT match_id, number AS hand, holdings_south, holdings_north, kept_south, kept_north,
       score_south AS carried_south, score_north AS carried_north
FROM hands;
