-- goobalay schema, version 4: a match's revision, raised by every write to the match
-- or its hands. A command reads a match, thinks (engine decisions are made outside any
-- transaction) and then writes only if the revision is still the one it read, so two
-- processes can never both apply a change to the same position.
ALTER TABLE matches ADD COLUMN revision INTEGER NOT NULL DEFAULT 0;
