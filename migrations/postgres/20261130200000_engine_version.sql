-- goobalay schema, version 3, for PostgreSQL: as the SQLite migration of the same file name
-- (NULL: a match stored before engine versions were recorded, engine version 1).
ALTER TABLE matches ADD COLUMN engine_version BIGINT;
