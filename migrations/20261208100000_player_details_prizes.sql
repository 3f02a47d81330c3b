-- goobalay schema: players' details (issue 34), changes of an event's details, and
-- a tournament's prize list.

-- A player's details as entered (`player add --federation --sex --born --id`,
-- `player set`, `player import`, a TRF's 001 record): one row per entry, each
-- holding every detail in force from then on; the newest row of a player is in
-- force (a change adds a row, the earlier ones stay). NULL: not given.
CREATE TABLE player_details (
    id          INTEGER PRIMARY KEY,
    player_id   INTEGER NOT NULL REFERENCES players(id),
    -- three capital letters, e.g. SOM
    federation  TEXT    CHECK (federation IS NULL OR length(federation) = 3),
    sex         TEXT    CHECK (sex IS NULL OR sex IN ('f', 'm')),
    -- YYYY-MM-DD, or YYYY when only the year is known
    born        TEXT,
    -- a federation's or a national id, e.g. 4101234 (TRF 001's FIDE number)
    national_id TEXT,
    entered_at  TEXT    NOT NULL
);
CREATE INDEX player_details_player ON player_details (player_id);

-- An event's details as they were before each `tournament set` changed them (the
-- tournaments row holds the details in force).
CREATE TABLE tournament_event_changes (
    id            INTEGER PRIMARY KEY,
    tournament_id INTEGER NOT NULL REFERENCES tournaments(id) ON DELETE CASCADE,
    city          TEXT,
    federation    TEXT,
    start_date    TEXT,
    end_date      TEXT,
    chief_arbiter TEXT,
    round_dates   TEXT,
    changed_at    TEXT    NOT NULL
);

-- A tournament's prize list (`tournament prize add`): a place overall, or the best
-- of a category (goobalay::tournament::prizes::Category), with its value.
CREATE TABLE tournament_prizes (
    id            INTEGER PRIMARY KEY,
    tournament_id INTEGER NOT NULL REFERENCES tournaments(id) ON DELETE CASCADE,
    place         INTEGER CHECK (place IS NULL OR place >= 1),
    category      TEXT    CHECK (category IS NULL OR category IN ('women', 'junior', 'senior', 'rating', 'club')),
    -- junior: younger than this at the start; senior: this age or older
    age           INTEGER,
    -- rating: a rating below this
    under_rating  REAL,
    -- club: members of this club
    club          TEXT,
    value         REAL    NOT NULL CHECK (value >= 0),
    created_at    TEXT    NOT NULL,
    CHECK ((place IS NULL) <> (category IS NULL))
);
CREATE INDEX tournament_prizes_tournament ON tournament_prizes (tournament_id);
