-- goobalay schema, version 4, for PostgreSQL: the twin of the SQLite migration of the
-- same name. The identity guards SQLite's write-ahead log, which PostgreSQL does not
-- have; it is kept so both backends hold the same tables (and `db copy` copies it).
CREATE TABLE database_identity (
    id TEXT NOT NULL PRIMARY KEY
);

INSERT INTO database_identity (id) VALUES (md5(random()::text || clock_timestamp()::text));
