-- PostgreSQL's fixture cache bodies are stored uncompressed from this version on (its
-- migration of the same version). SQLite never compresses a value: nothing to do
-- here, but the two schemas keep the same list of versions.
SELECT 1;
