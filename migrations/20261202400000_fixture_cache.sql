-- goobalay schema, version 7: a cache of each tournament's fixtures (its matches' and
-- byes' results as the standings read them), so that standings, pairings and exports
-- of a large tournament, read again and again (the room's screen, the players' phones),
-- need not read every match row each time. It holds no record: `revision` is raised
-- by the database itself (the triggers below) whenever anything the fixtures are made
-- from is written, and a cached body is used only while `cached_revision` equals it.
-- `db copy` leaves it behind; `verify` checks a current body against the records.
CREATE TABLE fixture_cache (
    tournament_id   INTEGER PRIMARY KEY REFERENCES tournaments(id) ON DELETE CASCADE,
    revision        INTEGER NOT NULL DEFAULT 0,
    cached_revision INTEGER,
    -- the fixture rows in the store's cache format (src/store/fixture_cache.rs)
    body            BLOB
);
INSERT INTO fixture_cache (tournament_id) SELECT id FROM tournaments;

CREATE TRIGGER fixture_cache_tournament_insert AFTER INSERT ON tournaments
BEGIN
    INSERT INTO fixture_cache (tournament_id) VALUES (NEW.id);
END;
CREATE TRIGGER fixture_cache_tournament_form AFTER UPDATE OF match_form ON tournaments
BEGIN
    UPDATE fixture_cache SET revision = revision + 1 WHERE tournament_id = NEW.id;
END;

CREATE TRIGGER fixture_cache_match_insert AFTER INSERT ON matches
WHEN NEW.tournament_id IS NOT NULL
BEGIN
    UPDATE fixture_cache SET revision = revision + 1 WHERE tournament_id = NEW.tournament_id;
END;
CREATE TRIGGER fixture_cache_match_update AFTER UPDATE ON matches
BEGIN
    UPDATE fixture_cache SET revision = revision + 1
    WHERE tournament_id IN (OLD.tournament_id, NEW.tournament_id);
END;
CREATE TRIGGER fixture_cache_match_delete AFTER DELETE ON matches
WHEN OLD.tournament_id IS NOT NULL
BEGIN
    UPDATE fixture_cache SET revision = revision + 1 WHERE tournament_id = OLD.tournament_id;
END;

CREATE TRIGGER fixture_cache_hand_insert AFTER INSERT ON hands
BEGIN
    UPDATE fixture_cache SET revision = revision + 1
    WHERE tournament_id = (SELECT tournament_id FROM matches WHERE id = NEW.match_id);
END;
CREATE TRIGGER fixture_cache_hand_update AFTER UPDATE ON hands
BEGIN
    UPDATE fixture_cache SET revision = revision + 1
    WHERE tournament_id IN (SELECT tournament_id FROM matches
                            WHERE id IN (OLD.match_id, NEW.match_id));
END;
CREATE TRIGGER fixture_cache_hand_delete AFTER DELETE ON hands
BEGIN
    UPDATE fixture_cache SET revision = revision + 1
    WHERE tournament_id = (SELECT tournament_id FROM matches WHERE id = OLD.match_id);
END;

CREATE TRIGGER fixture_cache_closing_insert AFTER INSERT ON match_closings
BEGIN
    UPDATE fixture_cache SET revision = revision + 1
    WHERE tournament_id = (SELECT tournament_id FROM matches WHERE id = NEW.match_id);
END;
CREATE TRIGGER fixture_cache_closing_update AFTER UPDATE ON match_closings
BEGIN
    UPDATE fixture_cache SET revision = revision + 1
    WHERE tournament_id IN (SELECT tournament_id FROM matches
                            WHERE id IN (OLD.match_id, NEW.match_id));
END;
CREATE TRIGGER fixture_cache_closing_delete AFTER DELETE ON match_closings
BEGIN
    UPDATE fixture_cache SET revision = revision + 1
    WHERE tournament_id = (SELECT tournament_id FROM matches WHERE id = OLD.match_id);
END;

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

CREATE TRIGGER fixture_cache_bye_insert AFTER INSERT ON tournament_byes
BEGIN
    UPDATE fixture_cache SET revision = revision + 1 WHERE tournament_id = NEW.tournament_id;
END;
CREATE TRIGGER fixture_cache_bye_update AFTER UPDATE ON tournament_byes
BEGIN
    UPDATE fixture_cache SET revision = revision + 1
    WHERE tournament_id IN (OLD.tournament_id, NEW.tournament_id);
END;
CREATE TRIGGER fixture_cache_bye_delete AFTER DELETE ON tournament_byes
BEGIN
    UPDATE fixture_cache SET revision = revision + 1 WHERE tournament_id = OLD.tournament_id;
END;
