-- The fixture cache's revision raised once per statement, and once per tournament in
-- a transaction, where the triggers of 20261202400000 raised it once per written row.
--
-- Every row update makes a new version of the row on PostgreSQL, and the versions a
-- transaction makes of one row stay until it ends: the n-th update of a tournament's
-- cache row in one transaction found the row through the n-1 versions before it.
-- `db copy` of 77,028 hands updated one row 77,028 times and took 65 s where SQLite
-- (which updates a row in place) took 2.4 s; the copy of a 100,128-match tournament
-- did not end in hours.
--
-- Now each statement's trigger sees the rows it wrote as a whole (transition tables)
-- and raises the revision of the tournaments they name, skipping those already raised
-- in this transaction (noted in a transaction-local setting, which a rolled-back
-- savepoint rolls back with the update). Raising it once is enough: nobody else sees
-- the transaction's writes before it commits, and a cache is saved only from rows read
-- in a read-only transaction (src/store/fixture_cache.rs), never from the writing one,
-- so a body saved at the raised revision was read after every write of the transaction.
DROP TRIGGER fixture_cache_tournament_form ON tournaments;
DROP TRIGGER fixture_cache_matches ON matches;
DROP TRIGGER fixture_cache_byes ON tournament_byes;
DROP TRIGGER fixture_cache_hands ON hands;
DROP TRIGGER fixture_cache_closings ON match_closings;
DROP TRIGGER fixture_cache_corrections ON match_corrections;
DROP FUNCTION fixture_cache_touch_tournament();
DROP FUNCTION fixture_cache_touch_match();

-- Raises the revision of each tournament in `tournament_ids` (NULLs and repeats
-- allowed) not yet raised in this transaction.
CREATE FUNCTION fixture_cache_touch(tournament_ids BIGINT[]) RETURNS void
LANGUAGE plpgsql AS $$
DECLARE
    -- ',3,17,': the tournaments raised so far in this transaction ('' or NULL: none)
    raised TEXT := coalesce(current_setting('goobalay.fixture_cache_raised', true), '');
    fresh BIGINT[];
BEGIN
    SELECT array_agg(DISTINCT t ORDER BY t) INTO fresh
    FROM unnest(tournament_ids) AS t
    WHERE t IS NOT NULL AND position(',' || t || ',' IN raised) = 0;
    IF fresh IS NULL THEN
        RETURN;
    END IF;
    UPDATE fixture_cache SET revision = revision + 1 WHERE tournament_id = ANY (fresh);
    PERFORM set_config('goobalay.fixture_cache_raised',
                       CASE WHEN raised = '' THEN ',' ELSE raised END
                           || array_to_string(fresh, ',') || ',',
                       true);
END $$;

-- Rows that name their tournament (matches, tournament_byes: tournament_id).
CREATE FUNCTION fixture_cache_touch_tournament_rows() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
    IF TG_OP = 'INSERT' THEN
        PERFORM fixture_cache_touch(ARRAY(SELECT DISTINCT tournament_id FROM new_rows));
    ELSIF TG_OP = 'DELETE' THEN
        PERFORM fixture_cache_touch(ARRAY(SELECT DISTINCT tournament_id FROM old_rows));
    ELSE
        PERFORM fixture_cache_touch(ARRAY(SELECT tournament_id FROM old_rows
                                          UNION SELECT tournament_id FROM new_rows));
    END IF;
    RETURN NULL;
END $$;

-- Rows that name their match (hands, match_closings, match_corrections).
CREATE FUNCTION fixture_cache_touch_match_rows() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
    IF TG_OP = 'INSERT' THEN
        PERFORM fixture_cache_touch(ARRAY(
            SELECT DISTINCT m.tournament_id FROM matches m
            WHERE m.id IN (SELECT match_id FROM new_rows)));
    ELSIF TG_OP = 'DELETE' THEN
        PERFORM fixture_cache_touch(ARRAY(
            SELECT DISTINCT m.tournament_id FROM matches m
            WHERE m.id IN (SELECT match_id FROM old_rows)));
    ELSE
        PERFORM fixture_cache_touch(ARRAY(
            SELECT DISTINCT m.tournament_id FROM matches m
            WHERE m.id IN (SELECT match_id FROM old_rows UNION SELECT match_id FROM new_rows)));
    END IF;
    RETURN NULL;
END $$;

-- A tournament's match form (what a fixture's result is read as).
CREATE FUNCTION fixture_cache_touch_match_forms() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
    PERFORM fixture_cache_touch(ARRAY(
        SELECT n.id FROM new_rows n JOIN old_rows o ON o.id = n.id
        WHERE n.match_form IS DISTINCT FROM o.match_form));
    RETURN NULL;
END $$;

-- A trigger with transition tables serves one event (PostgreSQL's rule), hence three
-- a table.
CREATE TRIGGER fixture_cache_tournament_form AFTER UPDATE ON tournaments
    REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows
    FOR EACH STATEMENT EXECUTE FUNCTION fixture_cache_touch_match_forms();

CREATE TRIGGER fixture_cache_matches_insert AFTER INSERT ON matches
    REFERENCING NEW TABLE AS new_rows
    FOR EACH STATEMENT EXECUTE FUNCTION fixture_cache_touch_tournament_rows();
CREATE TRIGGER fixture_cache_matches_update AFTER UPDATE ON matches
    REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows
    FOR EACH STATEMENT EXECUTE FUNCTION fixture_cache_touch_tournament_rows();
CREATE TRIGGER fixture_cache_matches_delete AFTER DELETE ON matches
    REFERENCING OLD TABLE AS old_rows
    FOR EACH STATEMENT EXECUTE FUNCTION fixture_cache_touch_tournament_rows();

CREATE TRIGGER fixture_cache_byes_insert AFTER INSERT ON tournament_byes
    REFERENCING NEW TABLE AS new_rows
    FOR EACH STATEMENT EXECUTE FUNCTION fixture_cache_touch_tournament_rows();
CREATE TRIGGER fixture_cache_byes_update AFTER UPDATE ON tournament_byes
    REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows
    FOR EACH STATEMENT EXECUTE FUNCTION fixture_cache_touch_tournament_rows();
CREATE TRIGGER fixture_cache_byes_delete AFTER DELETE ON tournament_byes
    REFERENCING OLD TABLE AS old_rows
    FOR EACH STATEMENT EXECUTE FUNCTION fixture_cache_touch_tournament_rows();

CREATE TRIGGER fixture_cache_hands_insert AFTER INSERT ON hands
    REFERENCING NEW TABLE AS new_rows
    FOR EACH STATEMENT EXECUTE FUNCTION fixture_cache_touch_match_rows();
CREATE TRIGGER fixture_cache_hands_update AFTER UPDATE ON hands
    REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows
    FOR EACH STATEMENT EXECUTE FUNCTION fixture_cache_touch_match_rows();
CREATE TRIGGER fixture_cache_hands_delete AFTER DELETE ON hands
    REFERENCING OLD TABLE AS old_rows
    FOR EACH STATEMENT EXECUTE FUNCTION fixture_cache_touch_match_rows();

CREATE TRIGGER fixture_cache_closings_insert AFTER INSERT ON match_closings
    REFERENCING NEW TABLE AS new_rows
    FOR EACH STATEMENT EXECUTE FUNCTION fixture_cache_touch_match_rows();
CREATE TRIGGER fixture_cache_closings_update AFTER UPDATE ON match_closings
    REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows
    FOR EACH STATEMENT EXECUTE FUNCTION fixture_cache_touch_match_rows();
CREATE TRIGGER fixture_cache_closings_delete AFTER DELETE ON match_closings
    REFERENCING OLD TABLE AS old_rows
    FOR EACH STATEMENT EXECUTE FUNCTION fixture_cache_touch_match_rows();

CREATE TRIGGER fixture_cache_corrections_insert AFTER INSERT ON match_corrections
    REFERENCING NEW TABLE AS new_rows
    FOR EACH STATEMENT EXECUTE FUNCTION fixture_cache_touch_match_rows();
CREATE TRIGGER fixture_cache_corrections_update AFTER UPDATE ON match_corrections
    REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows
    FOR EACH STATEMENT EXECUTE FUNCTION fixture_cache_touch_match_rows();
CREATE TRIGGER fixture_cache_corrections_delete AFTER DELETE ON match_corrections
    REFERENCING OLD TABLE AS old_rows
    FOR EACH STATEMENT EXECUTE FUNCTION fixture_cache_touch_match_rows();
