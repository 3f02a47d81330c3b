-- goobalay schema, version 4: the database's identity, a random id made once when
-- the database is created (or brought up to this version). A write-ahead log (the
-- `-wal` file SQLite keeps beside the database) names no database, so SQLite would
-- apply another database's log to this one; goobalay compares the identity read from
-- the file alone with the one read through the log before it lets anything write.
CREATE TABLE database_identity (
    id TEXT NOT NULL PRIMARY KEY
) WITHOUT ROWID;

INSERT INTO database_identity (id) VALUES (lower(hex(randomblob(16))));
