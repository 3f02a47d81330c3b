-- goobalay schema, version 7: tournaments imported from a TRF file (`tournament import`).
-- Their rounds up to `rounds` were paired by another program: they are stored as paired
-- by hand (round_pairings.method 'manual'), and their starting ranks are the file's
-- pairing numbers, not goobalay's seeding, so `verify` checks those rounds as rounds and
-- does not judge the seeding. A tournament without a row here was made in goobalay.
CREATE TABLE tournament_imports (
    tournament_id INTEGER PRIMARY KEY REFERENCES tournaments(id) ON DELETE CASCADE,
    -- the file's name as given (for the record)
    source        TEXT    NOT NULL,
    -- the rounds the file held
    rounds        INTEGER NOT NULL CHECK (rounds >= 0),
    imported_at   TEXT    NOT NULL
);
