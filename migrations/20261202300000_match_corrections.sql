-- goobalay schema, version 6: corrections of match results. A correction never
-- overwrites what was entered: the hands keep their rows as played or entered, and each
-- correction is a row saying when, why, what it changed and the match's result before
-- and after it. The match's summary columns (winner, final seeds) hold the result after
-- the latest correction; `verify` replays the hands, then every correction in order.
CREATE TABLE match_corrections (
    id            INTEGER PRIMARY KEY,
    match_id      INTEGER NOT NULL REFERENCES matches(id),
    corrected_at  TEXT    NOT NULL,
    reason        TEXT    NOT NULL CHECK (length(trim(reason)) > 0),
    -- 'score': hand `hand`'s entered result replaced by score_south-score_north;
    -- 'match': the whole match's result replaced (`decision`, seeds optional);
    -- 'absent': the match forfeited (`absent`: 'south', 'north' or 'both');
    -- 'void': the match annulled (no result, not played)
    kind          TEXT    NOT NULL CHECK (kind IN ('score', 'match', 'absent', 'void')),
    hand          INTEGER CHECK (hand IS NULL OR hand >= 1),
    score_south   INTEGER,
    score_north   INTEGER,
    decision      TEXT    CHECK (decision IS NULL OR decision IN ('south', 'north', 'draw')),
    absent        TEXT    CHECK (absent IS NULL OR absent IN ('south', 'north', 'both')),
    -- the match's result before and after: winner ('south' | 'north' | 'draw'; NULL: none)
    -- and each side's seeds as the standings count them
    winner_before TEXT,
    seeds_south_before INTEGER,
    seeds_north_before INTEGER,
    winner_after  TEXT,
    seeds_south_after INTEGER,
    seeds_north_after INTEGER
);
CREATE INDEX match_corrections_match ON match_corrections(match_id, id);
