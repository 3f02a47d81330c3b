-- goobalay schema, version 7, for PostgreSQL: as the SQLite migration of the same file name.
CREATE TABLE tournament_imports (
    tournament_id BIGINT  PRIMARY KEY REFERENCES tournaments(id) ON DELETE CASCADE,
    source        TEXT    NOT NULL,
    rounds        BIGINT  NOT NULL CHECK (rounds >= 0),
    imported_at   TIMESTAMPTZ NOT NULL
);
