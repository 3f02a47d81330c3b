-- goobalay schema, version 5: how each round was paired, rounds taken back, and when a
-- tournament was closed and reopened. Nothing here is ever deleted or overwritten: an
-- unpaired round keeps its row (with when, why and its boards as they were) and a
-- reopening is a new row.

-- One row per pairing of a round. A round paired before this migration has no row and
-- was paired by the system.
CREATE TABLE round_pairings (
    id            INTEGER PRIMARY KEY,
    tournament_id INTEGER NOT NULL REFERENCES tournaments(id) ON DELETE CASCADE,
    round         INTEGER NOT NULL CHECK (round >= 1),
    -- 'system': what the pairing rules give; 'manual': the director's boards
    method        TEXT    NOT NULL CHECK (method IN ('system', 'manual')),
    reason        TEXT,
    paired_at     TEXT    NOT NULL,
    -- the round's boards as paired, JSON, in board order:
    -- [{"board": 1, "south": 3, "north": 7, "match_id": 12}, {"board": 2, "south": 5, "north": null, "match_id": null}]
    -- (`verify` compares the stored round with them)
    boards        TEXT    NOT NULL,
    -- set once, when the round is taken back (`tournament unpair`); its matches, which had
    -- not started, are then removed, and the players whose withdrawal had been made
    -- after the round was paired are withdrawn as from the round before (JSON list of ids)
    unpaired_at   TEXT,
    unpair_reason TEXT,
    unpair_moved_withdrawals TEXT
);
CREATE UNIQUE INDEX round_pairings_live ON round_pairings(tournament_id, round)
    WHERE unpaired_at IS NULL;

-- A tournament's closings ('finished') and reopenings, in order. tournaments.status is
-- the latest of them ('reopened' after a reopening); the rows say when and why.
CREATE TABLE tournament_status_changes (
    id            INTEGER PRIMARY KEY,
    tournament_id INTEGER NOT NULL REFERENCES tournaments(id) ON DELETE CASCADE,
    status        TEXT    NOT NULL CHECK (status IN ('finished', 'reopened')),
    reason        TEXT,
    -- a Swiss reopened for more rounds: its round count before
    rounds_before INTEGER,
    changed_at    TEXT    NOT NULL
);
CREATE INDEX tournament_status_changes_tournament ON tournament_status_changes(tournament_id, id);
