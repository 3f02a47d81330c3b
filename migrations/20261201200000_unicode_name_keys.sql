-- goobalay schema, version 4: players.name_key and tournaments.name_key hold
-- goobalay::names::key (Unicode compatibility caseless matching: NFC and NFD,
-- full case folding, compatibility forms) instead of the lower-cased name.
-- SQLite cannot compute that key, so goobalay recomputes the keys of the rows
-- stored before in the same transaction as this migration (store::migrate). Two
-- stored names that the new key makes one: the older row (lower id) keeps the key,
-- the other's key gets " #ID", so that player is found as "NAME #ID" until renamed.
SELECT 1;
