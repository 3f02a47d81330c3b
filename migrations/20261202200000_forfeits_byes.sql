-- goobalay schema, version 4: forfeits, whole-match results and byes outside the
-- pairing (issue 13).

-- A match ended by the director instead of by its hands, one row per match (the hands
-- begun stay as they are):
-- - kind 'forfeit': not played, never rated; `absent` says who did not come ('south',
--   'north', or 'both': a double forfeit, both lose, nobody scores).
-- - kind 'match': the whole match was played off the system and its result entered;
--   `winner` is 'south', 'north' or 'draw', with the final seeds if given (both or
--   neither). Played and rated like any finished match.
-- matches.winner then holds the match's outcome: the side present for a forfeit, and
-- 'draw' for a double forfeit (that column knows no "both lose"; this row is what says
-- nobody scores). `verify` replays the hands, applies this row and compares.
CREATE TABLE match_closings (
    match_id    INTEGER NOT NULL PRIMARY KEY REFERENCES matches(id) ON DELETE CASCADE,
    kind        TEXT    NOT NULL CHECK (kind IN ('forfeit', 'match')),
    absent      TEXT    CHECK (absent IS NULL OR absent IN ('south', 'north', 'both')),
    winner      TEXT    CHECK (winner IS NULL OR winner IN ('south', 'north', 'draw')),
    seeds_south INTEGER CHECK (seeds_south IS NULL OR seeds_south >= 0),
    seeds_north INTEGER CHECK (seeds_north IS NULL OR seeds_north >= 0),
    entered_at  TEXT    NOT NULL,
    CHECK ((kind = 'forfeit' AND absent IS NOT NULL AND winner IS NULL
            AND seeds_south IS NULL AND seeds_north IS NULL)
        OR (kind = 'match' AND absent IS NULL AND winner IS NOT NULL
            AND (seeds_south IS NULL) = (seeds_north IS NULL)))
);

-- A bye outside the pairing: asked for before its round was paired (`tournament bye`,
-- reason 'requested', 'half' or 'zero' points; the pairing leaves the player out), or
-- a round a late entrant missed (reason 'late-entry', 'zero'). The pairing-allocated
-- bye stays in tournament_byes.
CREATE TABLE tournament_requested_byes (
    tournament_id INTEGER NOT NULL REFERENCES tournaments(id) ON DELETE CASCADE,
    round         INTEGER NOT NULL CHECK (round >= 1),
    player_id     INTEGER NOT NULL REFERENCES players(id),
    points        TEXT    NOT NULL CHECK (points IN ('zero', 'half')),
    reason        TEXT    NOT NULL CHECK (reason IN ('requested', 'late-entry')),
    entered_at    TEXT    NOT NULL,
    PRIMARY KEY (tournament_id, round, player_id)
);
