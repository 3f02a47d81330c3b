-- goobalay schema: players report their own results (issue 35 point 2). A director's
-- printed slips give each entrant a personal code (`tournament pairings --layout
-- slips`); the code is stored only as its SHA-256 (hex). Printing codes again issues
-- new ones: an entrant's latest code is the one that reports, older rows are kept.
CREATE TABLE report_codes (
    id            INTEGER PRIMARY KEY,
    tournament_id INTEGER NOT NULL REFERENCES tournaments(id),
    player_id     INTEGER NOT NULL REFERENCES players(id),
    code_sha256   TEXT    NOT NULL UNIQUE,
    issued_at     TEXT    NOT NULL
);
CREATE INDEX report_codes_entrant ON report_codes(tournament_id, player_id, id);
-- Every report a player made with their code (who, when, what, from which address):
-- added, never changed or removed. No foreign key on match_id: a round taken back
-- before any result keeps its matches in voided_matches, and its reports stay here.
CREATE TABLE match_reports (
    id          INTEGER PRIMARY KEY,
    match_id    INTEGER NOT NULL,
    player_id   INTEGER NOT NULL REFERENCES players(id),
    code_id     INTEGER NOT NULL REFERENCES report_codes(id),
    result      TEXT    NOT NULL CHECK (result IN ('south', 'north', 'draw')),
    seeds_south INTEGER CHECK (seeds_south >= 0),
    seeds_north INTEGER CHECK (seeds_north >= 0),
    client      TEXT    NOT NULL,
    reported_at TEXT    NOT NULL,
    CHECK ((seeds_south IS NULL) = (seeds_north IS NULL))
);
CREATE INDEX match_reports_match ON match_reports(match_id, id);
-- A result stored from reports, written in the transaction that stored it: the
-- report it took, and the opponent's matching report that confirmed it (NULL: the
-- director accepted the report).
CREATE TABLE report_decisions (
    match_id     INTEGER PRIMARY KEY REFERENCES matches(id),
    report_id    INTEGER NOT NULL REFERENCES match_reports(id),
    confirmed_by INTEGER REFERENCES match_reports(id),
    decided_at   TEXT    NOT NULL
);
