-- goobalay schema: a knockout seeded by hand (`tournament seed NAME A B C`) or from
-- another tournament's final standings (`--from T --top N`), and a knockout's match
-- for third place (`tournament new --third-place`). A seeding is never changed or
-- removed: seeding again before round 1 adds one, and the latest counts. Its seeds
-- list the players named, seed 1 first; the entrants not named follow them as the
-- ratings seed them.
ALTER TABLE tournaments ADD COLUMN third_place INTEGER NOT NULL DEFAULT 0 CHECK (third_place IN (0, 1));

CREATE TABLE knockout_seedings (
    id                    INTEGER PRIMARY KEY,
    tournament_id         INTEGER NOT NULL REFERENCES tournaments(id) ON DELETE CASCADE,
    source_tournament_id  INTEGER REFERENCES tournaments(id),
    reason                TEXT,
    seeded_at             TEXT    NOT NULL
);
CREATE INDEX knockout_seedings_tournament ON knockout_seedings (tournament_id);

CREATE TABLE knockout_seeds (
    seeding_id  INTEGER NOT NULL REFERENCES knockout_seedings(id) ON DELETE CASCADE,
    seed        INTEGER NOT NULL CHECK (seed >= 1),
    player_id   INTEGER NOT NULL REFERENCES players(id),
    PRIMARY KEY (seeding_id, seed),
    UNIQUE (seeding_id, player_id)
);
