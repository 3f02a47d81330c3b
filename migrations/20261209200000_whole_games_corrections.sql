-- goobalay schema: a correction that replaces every game of a `games:N` match at once
-- (`match correct ID --games 11-37,37-11`), so that a wrongly entered two-game result
-- is set right in one record and no state that never was stands between two of them.
-- Kind 'games' keeps the games' scores in order in `game_scores`, as
-- "south-north,south-north,..."; no other kind has them. SQLite cannot change a CHECK
-- constraint in place: the table is made again with the new one and its rows copied
-- as they are (ids kept), then its index and the fixture cache's triggers, which went
-- with the old table, are made again as 20261202300000 and 20261202400000 made them.
CREATE TABLE match_corrections_new (
    id            INTEGER PRIMARY KEY,
    match_id      INTEGER NOT NULL REFERENCES matches(id),
    corrected_at  TEXT    NOT NULL,
    reason        TEXT    NOT NULL CHECK (length(trim(reason)) > 0),
    -- 'score': hand `hand`'s entered result replaced by score_south-score_north;
    -- 'games': every game's entered result replaced by `game_scores`;
    -- 'match': the whole match's result replaced (`decision`, seeds optional);
    -- 'absent': the match forfeited (`absent`: 'south', 'north' or 'both');
    -- 'void': the match annulled (no result, not played)
    kind          TEXT    NOT NULL CHECK (kind IN ('score', 'games', 'match', 'absent', 'void')),
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
    seeds_north_after INTEGER,
    game_scores   TEXT CHECK ((kind = 'games') = (game_scores IS NOT NULL))
);
INSERT INTO match_corrections_new (id, match_id, corrected_at, reason, kind, hand,
    score_south, score_north, decision, absent, winner_before, seeds_south_before,
    seeds_north_before, winner_after, seeds_south_after, seeds_north_after)
SELECT id, match_id, corrected_at, reason, kind, hand, score_south, score_north, decision,
    absent, winner_before, seeds_south_before, seeds_north_before, winner_after,
    seeds_south_after, seeds_north_after
FROM match_corrections;
DROP TABLE match_corrections;
ALTER TABLE match_corrections_new RENAME TO match_corrections;
CREATE INDEX match_corrections_match ON match_corrections(match_id, id);

CREATE TRIGGER fixture_cache_correction_insert AFTER INSERT ON match_corrections
BEGIN
    UPDATE fixture_cache SET revision = revision + 1
    WHERE tournament_id = (SELECT tournament_id FROM matches WHERE id = NEW.match_id);
END;
CREATE TRIGGER fixture_cache_correction_update AFTER UPDATE ON match_corrections
BEGIN
    UPDATE fixture_cache SET revision = revision + 1
    WHERE tournament_id IN (SELECT tournament_id FROM matches
                            WHERE id IN (OLD.match_id, NEW.match_id));
END;
CREATE TRIGGER fixture_cache_correction_delete AFTER DELETE ON match_corrections
BEGIN
    UPDATE fixture_cache SET revision = revision + 1
    WHERE tournament_id = (SELECT tournament_id FROM matches WHERE id = OLD.match_id);
END;
