-- goobalay schema, version 4, for PostgreSQL: name keys are goobalay::names::key.
-- PostgreSQL databases were first made by a goobalay that already wrote those keys,
-- so there are no older keys to recompute (the SQLite twin's note says why SQLite
-- needs that).
SELECT 1;
