-- goobalay schema, version 4, for PostgreSQL: a match's revision (see the SQLite
-- migration of the same name).
ALTER TABLE matches ADD COLUMN revision BIGINT NOT NULL DEFAULT 0;
