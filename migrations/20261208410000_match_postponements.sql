-- goobalay schema: matches a director postponed (`tournament postpone`). A round robin
-- pairs its next round around a postponed match, which is played when the players
-- can; a Swiss or a knockout does not take postponements. A row is never removed: the
-- match keeps its postponement after its result comes in.
CREATE TABLE match_postponements (
    match_id      INTEGER PRIMARY KEY REFERENCES matches(id),
    postponed_at  TEXT    NOT NULL,
    reason        TEXT
);
