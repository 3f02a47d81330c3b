-- goobalay schema, version 7, for PostgreSQL: as the SQLite migration of the same file
-- name (a cache of each tournament's fixtures, its revision raised by triggers).
CREATE TABLE fixture_cache (
    tournament_id   BIGINT PRIMARY KEY REFERENCES tournaments(id) ON DELETE CASCADE,
    revision        BIGINT NOT NULL DEFAULT 0,
    cached_revision BIGINT,
    -- the fixture rows in the store's cache format (src/store/fixture_cache.rs)
    body            BYTEA
);
INSERT INTO fixture_cache (tournament_id) SELECT id FROM tournaments;

CREATE FUNCTION fixture_cache_new_tournament() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
    INSERT INTO fixture_cache (tournament_id) VALUES (NEW.id);
    RETURN NULL;
END $$;
CREATE TRIGGER fixture_cache_tournament_insert AFTER INSERT ON tournaments
    FOR EACH ROW EXECUTE FUNCTION fixture_cache_new_tournament();

-- Rows that name their tournament (tournaments: its id; matches, tournament_byes:
-- tournament_id). Each written row raises its tournaments' revision once, as on SQLite.
CREATE FUNCTION fixture_cache_touch_tournament() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
    IF TG_TABLE_NAME = 'tournaments' THEN
        UPDATE fixture_cache SET revision = revision + 1 WHERE tournament_id = NEW.id;
    ELSIF TG_OP = 'INSERT' THEN
        UPDATE fixture_cache SET revision = revision + 1 WHERE tournament_id = NEW.tournament_id;
    ELSIF TG_OP = 'DELETE' THEN
        UPDATE fixture_cache SET revision = revision + 1 WHERE tournament_id = OLD.tournament_id;
    ELSE
        UPDATE fixture_cache SET revision = revision + 1
        WHERE tournament_id IN (OLD.tournament_id, NEW.tournament_id);
    END IF;
    RETURN NULL;
END $$;
-- Rows that name their match (hands, match_closings, match_corrections).
CREATE FUNCTION fixture_cache_touch_match() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
    IF TG_OP = 'INSERT' THEN
        UPDATE fixture_cache SET revision = revision + 1
        WHERE tournament_id = (SELECT tournament_id FROM matches WHERE id = NEW.match_id);
    ELSIF TG_OP = 'DELETE' THEN
        UPDATE fixture_cache SET revision = revision + 1
        WHERE tournament_id = (SELECT tournament_id FROM matches WHERE id = OLD.match_id);
    ELSE
        UPDATE fixture_cache SET revision = revision + 1
        WHERE tournament_id IN (SELECT tournament_id FROM matches
                                WHERE id IN (OLD.match_id, NEW.match_id));
    END IF;
    RETURN NULL;
END $$;

CREATE TRIGGER fixture_cache_tournament_form AFTER UPDATE OF match_form ON tournaments
    FOR EACH ROW EXECUTE FUNCTION fixture_cache_touch_tournament();
CREATE TRIGGER fixture_cache_matches AFTER INSERT OR UPDATE OR DELETE ON matches
    FOR EACH ROW EXECUTE FUNCTION fixture_cache_touch_tournament();
CREATE TRIGGER fixture_cache_byes AFTER INSERT OR UPDATE OR DELETE ON tournament_byes
    FOR EACH ROW EXECUTE FUNCTION fixture_cache_touch_tournament();
CREATE TRIGGER fixture_cache_hands AFTER INSERT OR UPDATE OR DELETE ON hands
    FOR EACH ROW EXECUTE FUNCTION fixture_cache_touch_match();
CREATE TRIGGER fixture_cache_closings AFTER INSERT OR UPDATE OR DELETE ON match_closings
    FOR EACH ROW EXECUTE FUNCTION fixture_cache_touch_match();
CREATE TRIGGER fixture_cache_corrections AFTER INSERT OR UPDATE OR DELETE ON match_corrections
    FOR EACH ROW EXECUTE FUNCTION fixture_cache_touch_match();
