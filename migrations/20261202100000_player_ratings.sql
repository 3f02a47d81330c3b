-- goobalay schema: starting ratings, and ratings kept per variant.

-- A player's starting ratings, one row per entry (a new entry never overwrites an
-- old one: the newest that names a variant, or every variant, is the base from which
-- that player's rating in the variant is computed).
CREATE TABLE player_ratings (
    id         INTEGER PRIMARY KEY,
    player_id  INTEGER NOT NULL REFERENCES players(id),
    -- a preset's name; NULL: every variant (custom rule sets included)
    variant    TEXT,
    -- where the rating comes from
    source     TEXT    NOT NULL CHECK (source IN ('club', 'national')),
    rating     REAL    NOT NULL CHECK (rating >= 0 AND rating <= 4000),
    entered_at TEXT    NOT NULL
);
CREATE INDEX player_ratings_player ON player_ratings (player_id);

-- The rating a tournament seeds by and shows (goobalay::tournament::RatingSystem:
-- 'elo' or 'glicko2', over the matches of the tournament's variant). NULL: a
-- tournament seeded before ratings were kept per variant, by Elo over every match
-- (unrated players counted at 1500); `verify` judges its seeding by that rule. A
-- tournament not yet paired when this migration runs seeds by the new rule.
ALTER TABLE tournaments ADD COLUMN rating_system TEXT;
UPDATE tournaments SET rating_system = 'elo'
WHERE NOT EXISTS (SELECT 1 FROM matches m WHERE m.tournament_id = tournaments.id)
  AND NOT EXISTS (SELECT 1 FROM tournament_byes b WHERE b.tournament_id = tournaments.id);

-- Whether the entrant had a rating in the tournament's variant when seeded (1) or
-- was seeded as unrated (0), after every rated entrant; NULL: not seeded yet, or
-- seeded by the earlier rule (tournaments.rating_system NULL).
ALTER TABLE tournament_players ADD COLUMN rated INTEGER CHECK (rated IS NULL OR rated IN (0, 1));
