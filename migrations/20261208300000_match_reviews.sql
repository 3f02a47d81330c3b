-- goobalay schema: engine reviews of played matches (issue 37, `match review`,
-- `tournament review`). A review never changes a match: it is rows of its own, made
-- by an engine version with an effort (search nodes per position) against the match
-- at a revision. Reviewing again adds a review; the latest of a match stands.
CREATE TABLE match_reviews (
    id             INTEGER PRIMARY KEY,
    match_id       INTEGER NOT NULL REFERENCES matches(id),
    match_revision INTEGER NOT NULL,
    engine_version INTEGER NOT NULL CHECK (engine_version >= 1),
    nodes          INTEGER NOT NULL CHECK (nodes >= 1),
    reviewed_at    TEXT    NOT NULL
);
CREATE INDEX match_reviews_match ON match_reviews(match_id, id);
-- One row per decision, in order: a hand's arrangements before its moves. Values in
-- eighths of a seed from the decider's side (the hand's final seed difference, as
-- `solve` counts it); the position's value is the best choice's.
CREATE TABLE review_decisions (
    review_id    INTEGER NOT NULL REFERENCES match_reviews(id),
    seq          INTEGER NOT NULL CHECK (seq >= 1),
    hand         INTEGER NOT NULL CHECK (hand >= 1),
    player       TEXT    NOT NULL CHECK (player IN ('south', 'north')),
    kind         TEXT    NOT NULL CHECK (kind IN ('move', 'arrangement')),
    played       TEXT    NOT NULL,
    best         TEXT    NOT NULL,
    played_value INTEGER NOT NULL,
    best_value   INTEGER NOT NULL CHECK (best_value >= played_value),
    choices      INTEGER NOT NULL CHECK (choices >= 1),
    exact        INTEGER NOT NULL CHECK (exact IN (0, 1)),
    PRIMARY KEY (review_id, seq)
);
