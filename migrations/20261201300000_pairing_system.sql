-- goobalay schema, version 4: the pairing system a tournament's Swiss rounds are
-- paired with (goobalay::tournament::PairingSystem, e.g. 'dutch-2025'), recorded
-- when the tournament is created. NULL: a tournament created before systems were
-- recorded, paired with goobalay's first Swiss ('goobalay-swiss-1'); `verify`
-- re-derives its rounds with that system.
ALTER TABLE tournaments ADD COLUMN pairing_system TEXT;
