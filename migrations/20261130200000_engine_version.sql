-- goobalay schema, version 3: which version of the engine players made a match's
-- engine decisions (goobalay::ai::ENGINE_VERSION when the match was created). NULL:
-- a match stored before versions were recorded (engine version 1). `verify`
-- re-makes only the decisions of the current version.
ALTER TABLE matches ADD COLUMN engine_version INTEGER;
