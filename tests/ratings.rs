//! Starting ratings, ratings per variant and seeding by them (issue 13, item 6),
//! through the CLI on both backends (PostgreSQL with `GOOBALAY_TEST_POSTGRES`).
//! Every expected number is worked out by hand in the comments.

mod common;

use common::Db;
use common::backends::{Target, on_both};
use serde_json::Value;

fn close(a: f64, b: f64, what: &str) {
    assert!((a - b).abs() < 1e-3, "{what}: {a} != {b}");
}

/// Plays a one-game match of `variant` that `south` wins 30-18.
fn south_wins(db: &dyn Target, variant: &str, south: &str, north: &str) {
    let m = db.json(&[
        "match",
        "new",
        "--variant",
        variant,
        "--form",
        "single",
        "--south",
        south,
        "--north",
        north,
    ]);
    let id = m["id"].to_string();
    db.ok(&["match", "result", &id, "30", "18"]);
}

/// A player's rating in `variant` from `player show --format json` (None: unrated
/// or not listed).
fn rating_in(db: &dyn Target, player: &str, variant: &str, system: &str) -> Option<f64> {
    let shown = db.json(&["player", "show", player, "--rating-system", system]);
    shown["ratings"]
        .as_array()
        .unwrap()
        .iter()
        .find(|r| r["variant"] == variant)
        .and_then(|r| r["rating"].as_f64())
}

/// The entrants of `tournament` by starting rank: (name, seeding rating).
fn seeding(db: &dyn Target, tournament: &str) -> Vec<(String, f64)> {
    let shown = db.json(&["tournament", "show", tournament]);
    let mut es: Vec<&Value> = shown["entrants"].as_array().unwrap().iter().collect();
    es.sort_by_key(|e| e["start_rank"].as_u64());
    es.iter()
        .map(|e| {
            (
                e["name"].as_str().unwrap().to_string(),
                e["rating"].as_f64().unwrap(),
            )
        })
        .collect()
}

#[test]
fn rated_players_seed_first_and_unrated_ones_in_people_order() {
    on_both(|db| {
        for p in ["Zoë", "Ümit", "Ulla", "Ḥawa", "Hawa", "李"] {
            db.ok(&["player", "add", p]);
        }
        let amina = db.json(&["player", "add", "Amina", "--rating", "1700"]);
        assert_eq!(amina["starting_rating"]["rating"], 1700.0);
        assert_eq!(amina["starting_rating"]["source"], "club");
        assert_eq!(amina["starting_rating"]["variant"], Value::Null);
        // A Tampoduo rating only: unrated in Layli Goobalay.
        db.ok(&[
            "player",
            "add",
            "Bilan",
            "--rating",
            "1900",
            "--rating-source",
            "national",
            "--variant",
            "ayo-jodu",
        ]);
        // Layli Goobalay: Amina (1700) beats Hawa (1500): E = 1 / (1 + 10^(-200/400))
        // = 0.7597469, so Amina + 32 * 0.2402531 = 1707.688, Hawa 1492.312.
        south_wins(db, "layli-goobalay", "Amina", "Hawa");
        // Tampoduo: Zoë beats Ulla. Neither becomes rated in Layli Goobalay.
        south_wins(db, "tampoduo", "Zoë", "Ulla");

        db.ok(&[
            "tournament",
            "new",
            "Night",
            "--variant",
            "layli-goobalay",
            "--system",
            "round-robin",
        ]);
        db.ok(&[
            "tournament",
            "add",
            "Night",
            "Zoë",
            "李",
            "Ümit",
            "Ulla",
            "Ḥawa",
            "Bilan",
            "Hawa",
            "Amina",
        ]);
        db.ok(&["tournament", "pair", "Night"]);
        let seeded = seeding(db, "Night");
        let names: Vec<&str> = seeded.iter().map(|(n, _)| n.as_str()).collect();
        // Rated (by rating): Amina, Hawa, though Hawa's 1492 is below the unrated 1500.
        // Unrated, as people read names: Bilan, Ḥawa, Ulla, Ümit, Zoë, then 李.
        assert_eq!(
            names,
            [
                "Amina", "Hawa", "Bilan", "Ḥawa", "Ulla", "Ümit", "Zoë", "李"
            ],
            "{}",
            db.backend()
        );
        close(seeded[0].1, 1707.688, "Amina");
        close(seeded[1].1, 1492.312, "Hawa");
        // The Tampoduo game moved nobody's Layli Goobalay seeding.
        for (name, rating) in &seeded[2..] {
            close(*rating, 1500.0, name);
        }
        db.verified_on();
    });
}

/// Before round 1 is paired no rating is stored with the entry list: `tournament
/// show` gives each entrant the rating the tournament would seed them by now (its
/// rating system in its variant), and a rating won since moves it.
#[test]
fn entrants_not_yet_seeded_show_the_rating_they_would_be_seeded_by() {
    on_both(|db| {
        db.ok(&["player", "add", "Amina", "--rating", "1700"]);
        db.ok(&["player", "add", "Hawa"]);
        db.ok(&["player", "add", "Idil"]);
        db.ok(&[
            "tournament",
            "new",
            "Night",
            "--variant",
            "layli-goobalay",
            "--system",
            "round-robin",
        ]);
        db.ok(&["tournament", "add", "Night", "Amina", "Hawa", "Idil"]);
        let rating_of = |name: &str| {
            let shown = db.json(&["tournament", "show", "Night"]);
            shown["entrants"]
                .as_array()
                .unwrap()
                .iter()
                .find(|e| e["name"] == name)
                .and_then(|e| e["rating"].as_f64())
                .unwrap()
        };
        close(rating_of("Amina"), 1700.0, "Amina");
        close(rating_of("Hawa"), 1500.0, "Hawa");
        // Amina (1700) beats Hawa (1500): 1707.688 and 1492.312 (see above).
        south_wins(db, "layli-goobalay", "Amina", "Hawa");
        close(rating_of("Amina"), 1707.688, "Amina");
        close(rating_of("Hawa"), 1492.312, "Hawa");
        close(rating_of("Idil"), 1500.0, "Idil");
        db.verified_on();
    });
}

#[test]
fn ratings_are_per_variant_and_start_from_the_starting_rating() {
    on_both(|db| {
        for p in ["Zoë", "Ulla"] {
            db.ok(&["player", "add", p]);
        }
        db.ok(&["player", "add", "Amina", "--rating", "1700"]);
        // Layli Goobalay: Amina (1700) beats Zoë (1500): 1707.688 and 1492.312.
        south_wins(db, "layli-goobalay", "Amina", "Zoë");
        // Tampoduo: Zoë (1500) beats Ulla (1500): +16, 1516 and 1484.
        south_wins(db, "tampoduo", "Zoë", "Ulla");
        close(
            rating_in(db, "Zoë", "layli-goobalay", "elo").unwrap(),
            1492.312,
            "Zoë LG",
        );
        close(
            rating_in(db, "Zoë", "tampoduo", "elo").unwrap(),
            1516.0,
            "Zoë T",
        );
        assert_eq!(rating_in(db, "Ulla", "layli-goobalay", "elo"), None);
        // Amina's starting rating is hers in every variant, games or not.
        close(
            rating_in(db, "Amina", "tampoduo", "elo").unwrap(),
            1700.0,
            "Amina T",
        );

        // Ulla's Tampoduo starting rating 1600 is the base of the whole computation:
        // Zoë (1500) beat Ulla (1600): E = 1 / (1 + 10^(100/400)) = 0.3599350, so Zoë
        // + 32 * 0.6400650 = 1520.482 and Ulla 1579.518.
        db.ok(&[
            "player",
            "rate",
            "Ulla",
            "--rating",
            "1600",
            "--variant",
            "tampoduo",
        ]);
        close(
            rating_in(db, "Zoë", "tampoduo", "elo").unwrap(),
            1520.482,
            "Zoë T",
        );
        close(
            rating_in(db, "Ulla", "tampoduo", "elo").unwrap(),
            1579.518,
            "Ulla T",
        );
        // Zoë's Layli Goobalay rating did not move.
        close(
            rating_in(db, "Zoë", "layli-goobalay", "elo").unwrap(),
            1492.312,
            "Zoë LG",
        );
        // A newer rating for every variant (1550) becomes the base; the old one is kept.
        // E = 1 / (1 + 10^(50/400)) = 0.4285368: Zoë 1518.287, Ulla 1531.713.
        db.ok(&["player", "rate", "Ulla", "--rating", "1550"]);
        close(
            rating_in(db, "Ulla", "tampoduo", "elo").unwrap(),
            1531.713,
            "Ulla T",
        );
        let ulla = db.json(&["player", "show", "Ulla"]);
        let starts: Vec<(f64, &Value)> = ulla["starting_ratings"]
            .as_array()
            .unwrap()
            .iter()
            .map(|s| (s["rating"].as_f64().unwrap(), &s["variant"]))
            .collect();
        assert_eq!(
            starts,
            [(1600.0, &Value::from("tampoduo")), (1550.0, &Value::Null)]
        );
        let list = db.ok(&["player", "list"]);
        assert!(list.contains("1550 (club, every variant)"), "{list}");

        // Glicko-2 from the same results: Amina (1700, RD 350) beat Zoë (1500, RD 350).
        // Glicko-2 scale: mu = 200 / 173.7178 = 1.151292, phi = 2.014762, g(phi) =
        // 0.669069, E = 1 / (1 + exp(-g * 1.151292)) = 0.683530; she gains, Zoë loses,
        // the sum of both ratings falls below 3200 (Glicko-2 is not zero-sum) and the
        // winner stays under 1700 + 350.
        let amina = rating_in(db, "Amina", "layli-goobalay", "glicko2").unwrap();
        let zoe = rating_in(db, "Zoë", "layli-goobalay", "glicko2").unwrap();
        assert!(amina > 1700.0 && amina < 2050.0, "{amina}");
        assert!(zoe < 1500.0, "{zoe}");
        db.verified_on();
    });
}

#[test]
fn glicko2_of_two_new_players_by_hand() {
    let db = Db::new();
    for p in ["Amina", "Zoë"] {
        db.ok(&["player", "add", p]);
    }
    south_wins(&db, "tampoduo", "Amina", "Zoë");
    // See src/tournament/ratings.rs (glicko2_by_hand): 1662.311 and 1337.689, RD 290.319.
    close(
        rating_in(&db, "Amina", "tampoduo", "glicko2").unwrap(),
        1662.311,
        "Amina",
    );
    close(
        rating_in(&db, "Zoë", "tampoduo", "glicko2").unwrap(),
        1337.689,
        "Zoë",
    );
    let shown = db.ok(&["player", "show", "Amina", "--rating-system", "glicko2"]);
    assert!(shown.contains("ratings (Glicko-2, per variant)"), "{shown}");
    assert!(shown.contains("1662 ± 290"), "{shown}");
}

#[test]
fn standings_name_the_rating_they_show() {
    on_both(|db| {
        for p in ["Amina", "Zoë", "Ulla"] {
            db.ok(&["player", "add", p]);
        }
        db.ok(&[
            "tournament",
            "new",
            "Night",
            "--variant",
            "layli-goobalay",
            "--system",
            "round-robin",
        ]);
        db.ok(&[
            "tournament",
            "new",
            "Duo",
            "--variant",
            "tampoduo",
            "--system",
            "round-robin",
            "--rating-system",
            "glicko2",
        ]);
        for t in ["Night", "Duo"] {
            db.ok(&["tournament", "add", t, "Amina", "Zoë", "Ulla"]);
            db.ok(&["tournament", "pair", t]);
        }
        // The 80-column table heads the column "Elo" and says which in the legend;
        // --wide names it in the header.
        let table = db.ok(&["tournament", "standings", "Night"]);
        let header = table.lines().nth(1).unwrap();
        assert!(header.contains(" Elo "), "{table}");
        assert!(
            table.contains("Elo: Elo (layli-goobalay) when seeded"),
            "{table}"
        );
        let table = db.ok(&["tournament", "standings", "Night", "--wide"]);
        let header = table.lines().nth(2).unwrap();
        assert!(header.contains("Elo (layli-goobalay)"), "{table}");
        assert!(
            table.contains("Elo (layli-goobalay): each player's rating when seeded"),
            "{table}"
        );
        let json = db.json(&["tournament", "standings", "Night"]);
        assert_eq!(json["rating_column"]["label"], "Elo (layli-goobalay)");
        assert_eq!(json["rating_column"]["system"], "elo");
        assert_eq!(json["rating_column"]["variant"], "layli-goobalay");
        let duo = db.ok(&["tournament", "standings", "Duo", "--wide"]);
        assert!(
            duo.lines().nth(2).unwrap().contains("Glicko-2 (tampoduo)"),
            "{duo}"
        );
        let duo = db.ok(&["tournament", "standings", "Duo"]);
        assert!(
            duo.lines().nth(1).unwrap().contains("Glicko-2 ")
                && duo.contains("Glicko-2: Glicko-2 (tampoduo) when seeded"),
            "{duo}"
        );
        let json = db.json(&["tournament", "standings", "Duo"]);
        assert_eq!(json["rating_column"]["label"], "Glicko-2 (tampoduo)");
        assert_eq!(json["rating_column"]["system"], "glicko2");
        let list = db.json(&["tournament", "list"]);
        assert_eq!(list[0]["rating_system"], "glicko2", "{list}");
        db.verified_on();
    });
}

#[test]
fn bad_ratings_are_refused_and_change_nothing() {
    on_both(|db| {
        db.ok(&["player", "add", "Amina", "--rating", "1700"]);
        for bad in ["abc", "NaN", "inf", "-1", "4000.5", "1e9", ""] {
            db.refused(
                &["player", "add", "Zoë", "--rating", bad],
                "a starting rating is a number from 0 to 4000",
            );
            db.refused(
                &["player", "rate", "Amina", "--rating", bad],
                "a starting rating is a number from 0 to 4000",
            );
        }
        db.refused(
            &["player", "add", "Zoë", "--rating", "1500", "--variant", "chess"],
            "unknown variant 'chess' for a starting rating; allowed: all (every variant), layli-goobalay",
        );
        db.refused(
            &[
                "player",
                "rate",
                "Amina",
                "--rating",
                "1500",
                "--rating-source",
                "fide",
            ],
            "possible values: club, national",
        );
        db.refused(
            &["player", "add", "Zoë", "--variant", "tampoduo"],
            "--rating",
        );
        db.refused(
            &["player", "rate", "Nobody", "--rating", "1500"],
            "no player named 'Nobody'",
        );
        db.refused(
            &[
                "tournament",
                "new",
                "T",
                "--variant",
                "tihbat",
                "--system",
                "swiss",
                "--rating-system",
                "trueskill",
            ],
            "possible values: elo, glicko2",
        );
        let list = db.json(&["player", "list"]);
        assert_eq!(list.as_array().unwrap().len(), 1, "{list}");
    });
}

#[test]
fn verify_names_a_tampered_rated_flag_and_judges_old_seedings_by_their_rule() {
    let db = Db::new();
    for p in ["Bilan", "Hawa", "Zoë"] {
        db.ok(&["player", "add", p]);
    }
    db.ok(&["player", "add", "Amina", "--rating", "1700"]);
    // Hawa loses to Amina: rated at 1492.312, still seeded above the unrated Bilan.
    south_wins(&db, "layli-goobalay", "Amina", "Hawa");
    db.ok(&[
        "tournament",
        "new",
        "Night",
        "--variant",
        "layli-goobalay",
        "--system",
        "round-robin",
    ]);
    db.ok(&[
        "tournament",
        "add",
        "Night",
        "Zoë",
        "Bilan",
        "Hawa",
        "Amina",
    ]);
    db.ok(&["tournament", "pair", "Night"]);
    let names: Vec<String> = seeding(&db, "Night").into_iter().map(|(n, _)| n).collect();
    assert_eq!(names, ["Amina", "Hawa", "Bilan", "Zoë"]);
    db.verified();

    // Amina recorded as unrated, ahead of the rated Hawa: named; then not recorded.
    db.sql("UPDATE tournament_players SET rated = 0 WHERE player_id = (SELECT id FROM players WHERE name = 'Amina')");
    let (code, text) = db.verify();
    assert_eq!(code, 1, "{text}");
    assert!(
        text.contains("Amina (unrated) has starting rank 1, ahead of Hawa (rank 2"),
        "{text}"
    );
    db.sql("UPDATE tournament_players SET rated = NULL WHERE player_id = (SELECT id FROM players WHERE name = 'Amina')");
    let (code, text) = db.verify();
    assert_eq!(code, 1, "{text}");
    assert!(text.contains("Amina was seeded when round 1 was paired, but whether they were rated then is not recorded"), "{text}");

    // The same records under the earlier rule (no rating system recorded): seeded by
    // rating alone, Hawa's 1492 ahead of Bilan's 1500 is what that rule forbids.
    db.sql(
        "UPDATE tournaments SET rating_system = NULL; UPDATE tournament_players SET rated = NULL",
    );
    let (code, text) = db.verify();
    assert_eq!(code, 1, "{text}");
    assert!(
        text.contains("Hawa has starting rank 2 with rating 1492"),
        "{text}"
    );
    assert!(
        text.contains("round 1 was seeded by rating, highest first"),
        "{text}"
    );
    let table = db.ok(&["tournament", "standings", "Night"]);
    assert!(table.contains("Elo (all games)"), "{table}");
}

/// `verify` on either backend.
trait Verified {
    fn verified_on(&self);
}

impl Verified for dyn Target + '_ {
    fn verified_on(&self) {
        let out = self.run(&["verify"]);
        assert_eq!(
            out.status.code(),
            Some(0),
            "{}: {}",
            self.backend(),
            String::from_utf8_lossy(&out.stdout)
        );
    }
}

/// A database made before ratings were kept per variant: a tournament seeded by Elo
/// over every match (a Tampoduo game included, unrated players at 1500), and one not
/// yet paired. Opening it migrates: the first keeps its seeding and verifies by the
/// earlier rule; the second seeds by the new one.
#[test]
fn an_older_database_keeps_its_seeding_and_verifies_as_before() {
    let db = Db::new();
    for p in ["Bilan", "Hawa", "Amina", "Zoë"] {
        db.ok(&["player", "add", p]);
    }
    // Amina beats Hawa at Layli Goobalay (1516, 1484); Zoë beats Amina at Tampoduo:
    // 1500 v 1516, E = 1 / (1 + 10^(16/400)) = 0.4769779, Zoë + 32 * 0.5230221 =
    // 1516.737, Amina 1499.263. All games in one pool, as goobalay had them.
    south_wins(&db, "layli-goobalay", "Amina", "Hawa");
    south_wins(&db, "tampoduo", "Zoë", "Amina");
    for t in ["Old", "Waiting"] {
        db.ok(&[
            "tournament",
            "new",
            t,
            "--variant",
            "layli-goobalay",
            "--system",
            "round-robin",
        ]);
        db.ok(&["tournament", "add", t, "Bilan", "Hawa", "Amina", "Zoë"]);
    }
    // "Old" is seeded by the earlier rule, then the schema is put back as it was
    // (the later migrations' columns of `tournaments` too, so that opening it adds
    // them again in their order).
    db.sql("UPDATE tournaments SET rating_system = NULL WHERE name = 'Old'");
    db.ok(&["tournament", "pair", "Old"]);
    db.sql(
        "DROP INDEX player_ratings_player; DROP TABLE player_ratings;
         ALTER TABLE tournaments DROP COLUMN rating_system;
         ALTER TABLE tournament_players DROP COLUMN rated;
         DELETE FROM _sqlx_migrations WHERE version = 20261202100000;
         ALTER TABLE tournaments DROP COLUMN city;
         ALTER TABLE tournaments DROP COLUMN federation;
         ALTER TABLE tournaments DROP COLUMN start_date;
         ALTER TABLE tournaments DROP COLUMN end_date;
         ALTER TABLE tournaments DROP COLUMN chief_arbiter;
         ALTER TABLE tournaments DROP COLUMN round_dates;
         DELETE FROM _sqlx_migrations WHERE version = 20261207000000;
         ALTER TABLE tournaments DROP COLUMN initial_colour;
         DELETE FROM _sqlx_migrations WHERE version = 20261208000000;
         DROP TABLE knockout_seeds;
         DROP TABLE knockout_seedings;
         ALTER TABLE tournaments DROP COLUMN third_place;
         DELETE FROM _sqlx_migrations WHERE version = 20261209000000;
         ALTER TABLE tournaments DROP COLUMN acceleration;
         DELETE FROM _sqlx_migrations WHERE version = 20261210200000;
         PRAGMA wal_checkpoint(TRUNCATE);",
    );
    // Zoë 1516.737, Bilan 1500 (unrated, counted at 1500), Amina 1499.263, Hawa 1484.
    let old = seeding(&db, "Old");
    let names: Vec<&str> = old.iter().map(|(n, _)| n.as_str()).collect();
    assert_eq!(names, ["Zoë", "Bilan", "Amina", "Hawa"]);
    close(old[0].1, 1516.737, "Zoë");
    close(old[2].1, 1499.263, "Amina");
    db.verified();
    let table = db.ok(&["tournament", "standings", "Old"]);
    assert!(
        table.contains("Elo: Elo (all games) when seeded"),
        "{table}"
    );

    // The waiting tournament seeds by Layli Goobalay ratings, rated first: Amina 1516
    // (the Tampoduo loss does not count), Hawa 1484; then Bilan, Zoë by name.
    db.ok(&["tournament", "pair", "Waiting"]);
    let names: Vec<String> = seeding(&db, "Waiting")
        .into_iter()
        .map(|(n, _)| n)
        .collect();
    assert_eq!(names, ["Amina", "Hawa", "Bilan", "Zoë"]);
    let json = db.json(&["tournament", "standings", "Waiting"]);
    assert_eq!(json["rating_column"]["label"], "Elo (layli-goobalay)");
    db.verified();
}

/// The player card lists a rating for each variant played (issue 33, point 8), and
/// one line for every variant never played, which only the starting rating for
/// every variant rates; a starting rating of one variant keeps its own line.
#[test]
fn the_card_lists_the_variants_played_and_the_rest_in_one_line() {
    on_both(|db| {
        db.ok(&["player", "add", "Amina", "--rating", "1700"]);
        db.ok(&["player", "add", "Zoë"]);
        db.ok(&[
            "player",
            "rate",
            "Amina",
            "--rating",
            "1650",
            "--variant",
            "modiar",
        ]);
        south_wins(db, "tampoduo", "Amina", "Zoë");
        let shown = db.ok(&["player", "show", "Amina"]);
        assert!(shown.contains("    tampoduo "), "{shown}");
        assert!(shown.contains("1 rated match)"), "{shown}");
        assert!(
            shown.contains("    modiar          1650 (from 1650 (club, modiar), 0 rated matches)"),
            "{shown}"
        );
        assert!(
            shown.contains(
                "    other variants  1700 (from 1700 (club, every variant), no rated match yet)"
            ),
            "{shown}"
        );
        for unplayed in ["layli-goobalay", "tihbat", "sadeqa-iii", "sadeqa-91"] {
            assert!(!shown.contains(unplayed), "{unplayed} listed:\n{shown}");
        }
        // A player with no starting rating lists only what they played.
        let shown = db.ok(&["player", "show", "Zoë"]);
        assert!(shown.contains("    tampoduo "), "{shown}");
        assert!(!shown.contains("other variants"), "{shown}");
    });
}

/// Issue 33 point 8: the card draws each variant's rating as a chart of its own,
/// from where it started to where it stands. Two new players (1500) and Elo's K of
/// 32: a win takes 16 from the loser to the winner.
#[test]
fn the_card_draws_a_rating_chart_per_variant() {
    on_both(|db| {
        db.ok(&["player", "add", "Amina"]);
        db.ok(&["player", "add", "Zoë"]);
        south_wins(db, "tampoduo", "Amina", "Zoë");
        south_wins(db, "layli-goobalay", "Zoë", "Amina");
        let shown = db.ok(&["player", "show", "Amina"]);
        let charts: Vec<&str> = shown
            .lines()
            .filter(|l| l.starts_with("  chart: "))
            .collect();
        assert_eq!(
            charts,
            [
                "  chart: █▁ 1500 to 1484 (low 1484, high 1500)",
                "  chart: ▁█ 1500 to 1516 (low 1500, high 1516)",
            ],
            "{}: {shown}",
            db.backend()
        );
        let layli = shown.find("Rating history, layli-goobalay").unwrap();
        let tampoduo = shown.find("Rating history, tampoduo").unwrap();
        let first_chart = shown.find("  chart: ").unwrap();
        assert!(layli < first_chart && first_chart < tampoduo, "{shown}");
    });
}
