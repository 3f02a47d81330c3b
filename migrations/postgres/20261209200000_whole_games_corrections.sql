-- goobalay schema, for PostgreSQL: as the SQLite migration of the same file name (here
-- the CHECK constraint is replaced in place; the table and its triggers stay).
ALTER TABLE match_corrections DROP CONSTRAINT match_corrections_kind_check;
ALTER TABLE match_corrections ADD CONSTRAINT match_corrections_kind_check
    CHECK (kind IN ('score', 'games', 'match', 'absent', 'void'));
ALTER TABLE match_corrections ADD COLUMN game_scores TEXT;
ALTER TABLE match_corrections ADD CONSTRAINT match_corrections_game_scores_check
    CHECK ((kind = 'games') = (game_scores IS NOT NULL));
