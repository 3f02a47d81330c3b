-- goobalay schema, for PostgreSQL: as the SQLite migration of the same file name.
ALTER TABLE tournaments ADD COLUMN city TEXT;
ALTER TABLE tournaments ADD COLUMN federation TEXT;
ALTER TABLE tournaments ADD COLUMN start_date TEXT;
ALTER TABLE tournaments ADD COLUMN end_date TEXT;
ALTER TABLE tournaments ADD COLUMN chief_arbiter TEXT;
ALTER TABLE tournaments ADD COLUMN round_dates TEXT;
