-- goobalay schema, version 4, for PostgreSQL: the pairing system of a tournament's
-- Swiss rounds (see the SQLite migration of the same name).
ALTER TABLE tournaments ADD COLUMN pairing_system TEXT;
