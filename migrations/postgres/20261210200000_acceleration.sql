-- goobalay schema, for PostgreSQL: as the SQLite migration of the same file name.
ALTER TABLE tournaments ADD COLUMN acceleration TEXT;
