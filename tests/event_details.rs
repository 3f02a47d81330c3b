//! Issue 34, points 4 to 6, through the CLI: players' details and a club's member
//! list, a tournament's prizes worked out by hand, and the event's details heading
//! every document.

mod common;

use std::collections::HashMap;

use common::Db;

const MEMBERS: &str = "name,club,rating,federation,sex,born,id\n\
Abdi Nur,Hodan,2000,SOM,m,1990-05-01,4101001\n\
Bile Yusuf,Waberi,1800,DJI,m,1961,\n\
Hodan Warsame,Hodan,1700,SOM,f,2006-12-05,4101003\n\
Jamila Omar,,1550,SOM,f,2006-12-06,4101004\n";

fn file(db: &Db, name: &str, text: &str) -> String {
    let path = db.dir.path().join(name);
    std::fs::write(&path, text).unwrap();
    path.to_string_lossy().into_owned()
}

fn ids(db: &Db) -> HashMap<i64, String> {
    db.json(&["player", "list"])
        .as_array()
        .unwrap()
        .iter()
        .map(|p| {
            (
                p["id"].as_i64().unwrap(),
                p["name"].as_str().unwrap().to_string(),
            )
        })
        .collect()
}

/// A round robin of the four members: Abdi wins every match; Hodan beats Jamila,
/// Jamila beats Bile, Bile beats Hodan, so those three tie on 1 point, alike on
/// every tiebreak (listed by starting rank: Bile 1800, Hodan 1700, Jamila 1550).
fn play_round_robin(db: &Db, name: &str) {
    db.ok(&[
        "tournament",
        "new",
        name,
        "--variant",
        "tihbat",
        "--system",
        "round-robin",
        "--form",
        "single",
    ]);
    db.ok(&[
        "tournament",
        "add",
        name,
        "Abdi Nur",
        "Bile Yusuf",
        "Hodan Warsame",
        "Jamila Omar",
    ]);
    let names = ids(db);
    let beats = |a: &str, b: &str| {
        a == "Abdi Nur"
            || matches!(
                (a, b),
                ("Hodan Warsame", "Jamila Omar")
                    | ("Jamila Omar", "Bile Yusuf")
                    | ("Bile Yusuf", "Hodan Warsame")
            )
    };
    for _ in 0..3 {
        let paired = db.json(&["tournament", "pair", name]);
        for b in paired["boards"].as_array().unwrap() {
            let Some(id) = b["match_id"].as_i64() else {
                continue;
            };
            let south = &names[&b["south_id"].as_i64().unwrap()];
            let north = &names[&b["north_id"].as_i64().unwrap()];
            let winner = if beats(south, north) {
                "south"
            } else {
                "north"
            };
            db.ok(&["match", "result", &id.to_string(), "--match", winner]);
        }
    }
}

#[test]
fn a_member_list_is_imported_whole_or_not_at_all_and_only_once() {
    let db = Db::new();
    db.ok(&["player", "add", "Someone"]);
    let head = "name,club,rating,federation,sex,born,id\n";
    for (rows, says) in [
        (
            "Abdi,,1500,SOM,m,1990,1\nBile,,1500,SOMALIA,m,1990,2\n",
            "bad.csv, line 3: federation: 'SOMALIA' is not a federation; give its three-letter code",
        ),
        (
            "Abdi,,1500,SOM,m,1990,1\nBile,,1500,SOM,x,1990,2\n",
            "bad.csv, line 3: sex: 'x' is not a sex; give f or m",
        ),
        (
            "Abdi,,1500,SOM,m,1990-02-30,1\n",
            "bad.csv, line 2: born: '1990-02-30' is not a birth date; give YYYY-MM-DD or a year, YYYY",
        ),
        (
            "Abdi,,1500,SOM,m,1990,1\n\"Bile\nYusuf\",,x,,,,\n",
            "bad.csv, line 3: name: a player name must not hold U+000A",
        ),
        (
            "Abdi,,1500,SOM,m,1990,1\nBile,,,,,,\nabdi,,,,,,\n",
            "bad.csv, line 4: 'abdi' is named again (first on line 2); each member once",
        ),
    ] {
        let path = file(&db, "bad.csv", &format!("{head}{rows}"));
        db.refused(&["player", "import", &path], says);
    }
    let path = file(&db, "bad.csv", "name,rating,elo\nAbdi,1500,1500\n");
    db.refused(
        &["player", "import", &path],
        "bad.csv, line 1: 'elo' is not a column of a member list",
    );
    assert_eq!(ids(&db).len(), 1, "nothing was imported");

    let members = file(&db, "members.csv", MEMBERS);
    let first = db.json(&["player", "import", &members]);
    assert_eq!(
        first["added"],
        serde_json::json!(["Abdi Nur", "Bile Yusuf", "Hodan Warsame", "Jamila Omar"])
    );
    let second = db.json(&["player", "import", &members]);
    assert_eq!(second["added"], serde_json::json!([]));
    assert_eq!(
        second["already_recorded"],
        serde_json::json!([
            [2, "Abdi Nur"],
            [3, "Bile Yusuf"],
            [4, "Hodan Warsame"],
            [5, "Jamila Omar"]
        ])
    );
    assert_eq!(ids(&db).len(), 5);

    let card = db.json(&["player", "show", "Jamila Omar"]);
    assert_eq!(
        card["details"],
        serde_json::json!({"federation": "SOM", "sex": "f", "born": "2006-12-06", "id": "4101004"})
    );
    assert_eq!(card["starting_ratings"][0]["rating"], 1550.0);
    let shown = db.ok(&["player", "show", "Bile Yusuf"]);
    assert!(
        shown.contains("  federation: DJI\n  sex:     m\n  born:    1961\n"),
        "{shown}"
    );

    // A change adds an entry: the others stay in force.
    db.ok(&[
        "player",
        "set",
        "Bile Yusuf",
        "--id",
        "4101002",
        "--born",
        "1961-03-04",
    ]);
    db.refused(
        &["player", "set", "Bile Yusuf", "--federation", "DJ"],
        "--federation: 'DJ' is not a federation",
    );
    db.refused(
        &["player", "set", "Bile Yusuf"],
        "nothing to change for 'Bile Yusuf'",
    );
    let csv = db.ok(&["player", "list", "--format", "csv"]);
    assert!(
        csv.lines()
            .next()
            .unwrap()
            .ends_with(",federation,sex,born,national_id")
    );
    assert!(
        csv.lines()
            .any(|l| l.starts_with("3,Bile Yusuf,") && l.ends_with(",DJI,m,1961-03-04,4101002")),
        "{csv}"
    );
    db.verified();
}

#[test]
fn players_details_go_into_the_trf_and_come_back() {
    let db = Db::new();
    db.ok(&["player", "import", &file(&db, "members.csv", MEMBERS)]);
    play_round_robin(&db, "Open");
    let trf = db.ok(&["tournament", "export", "Open", "--format", "trf"]);
    let players: Vec<&str> = trf.lines().filter(|l| l.starts_with("001")).collect();
    // Columns 10 (sex), 54-56 (federation), 58-68 (FIDE number), 70-79 (birth).
    assert_eq!(
        players[0].get(..80).unwrap(),
        "001    1 m    Abdi Nur                          2000 SOM     4101001 1990/05/01 "
    );
    assert_eq!(
        players[1].get(..80).unwrap(),
        "001    2 m    Bile Yusuf                        1800 DJI             1961/00/00 "
    );
    let path = file(&db, "open.trf", &trf);
    let other = Db::new();
    other.ok(&["tournament", "import", &path]);
    assert_eq!(
        other.json(&["player", "show", "Hodan Warsame"])["details"],
        serde_json::json!({"federation": "SOM", "sex": "f", "born": "2006-12-05", "id": "4101003"})
    );
    assert_eq!(
        other.ok(&["tournament", "export", "Open", "--format", "trf"]),
        trf
    );
    other.verified();
}

/// The prizes of the round robin above ([`play_round_robin`]), worked out by hand.
/// Standings: Abdi 3; Bile, Hodan, Jamila 1 each (2=, in that order). The event
/// starts on 5 December 2026, Hodan's 20th birthday: she is no longer a junior
/// under 20; Jamila, born on 6 December 2006, is 19 and is one.
///
/// Handed out from the most valuable: 1st (100) Abdi; 2nd (60) Bile; junior (50)
/// Jamila, who is also a woman and rated under 1600 (three categories); women
/// (40) Hodan; 3rd (30) nobody left at 3rd place or below (Hodan and Jamila have
/// prizes); rating under 1600 (20) nobody left (only Jamila is under 1600).
/// Were Hodan a junior, she (placed above Jamila) would take the junior prize.
#[test]
fn prizes_are_handed_out_as_worked_out_by_hand() {
    let db = Db::new();
    db.ok(&["player", "import", &file(&db, "members.csv", MEMBERS)]);
    play_round_robin(&db, "Open");
    for (args, says) in [
        (
            vec!["--category", "juniors", "--value", "50"],
            "'juniors' is not a prize category; the categories are women, junior, senior, rating, club",
        ),
        (
            vec!["--place", "3", "--value", "-30"],
            "--value: a prize's value is a sum of money, 0 or more, not -30",
        ),
        (
            vec!["--category", "junior", "--value", "50"],
            "a junior prize goes by age on the first day, and Open has no start date",
        ),
        (
            vec!["--category", "rating", "--value", "20"],
            "a rating prize names its limit: give --under R",
        ),
    ] {
        let mut a = vec!["tournament", "prize", "add", "Open"];
        a.extend(args);
        db.refused(&a, says);
    }
    db.ok(&[
        "tournament",
        "set",
        "Open",
        "--start",
        "2026-12-05",
        "--end",
        "2026-12-06",
    ]);
    for args in [
        vec!["--place", "1", "--value", "100"],
        vec!["--place", "2", "--value", "60"],
        vec!["--place", "3", "--value", "30"],
        vec!["--category", "junior", "--age", "20", "--value", "50"],
        vec!["--category", "women", "--value", "40"],
        vec!["--category", "rating", "--under", "1600", "--value", "20"],
    ] {
        let mut a = vec!["tournament", "prize", "add", "Open"];
        a.extend(args);
        db.ok(&a);
    }
    // A category nobody fits is added with a warning on one line.
    let out = db.run(&[
        "tournament",
        "prize",
        "add",
        "Open",
        "--category",
        "club",
        "--club",
        "Nowhere",
        "--value",
        "10",
    ]);
    assert!(out.status.success());
    assert_eq!(
        String::from_utf8_lossy(&out.stderr),
        "goobalay: warning: no entrant fits the category club Nowhere: its prize goes to nobody unless an entrant does\n"
    );
    let csv = db.ok(&["tournament", "prizes", "Open", "--format", "csv"]);
    assert_eq!(
        csv,
        "prize,value,winner,place,points,amount\n\
         1st place,100,Abdi Nur,1,3,100\n\
         2nd place,60,Bile Yusuf,2=,1,60\n\
         junior (under 20),50,Jamila Omar,2=,1,50\n\
         women,40,Hodan Warsame,2=,1,40\n\
         3rd place,30,,,,\n\
         rating under 1600,20,,,,\n\
         club Nowhere,10,,,,\n"
    );
    // Shared: the tie for 2nd to 4th has one player without a category prize
    // (Bile), who keeps the 2nd prize alone.
    assert_eq!(
        db.ok(&["tournament", "prizes", "Open", "--share", "--format", "csv"]),
        csv
    );
    let json = db.json(&["tournament", "prizes", "Open"]);
    assert_eq!(json["final"], true);
    assert_eq!(json["awards"][2]["prize"]["category"], "junior");
    assert_eq!(json["awards"][2]["prize"]["age"], 20);

    // The tie shared: place prizes only, 2nd to 4th tied on 1 point share the
    // 2nd (60) and 3rd (30): 30 each; by the tiebreaks Bile 60, Hodan 30, Jamila 0.
    play_round_robin(&db, "Cup");
    for place in ["1", "2", "3"] {
        let value = ["100", "60", "30"][place.parse::<usize>().unwrap() - 1];
        db.ok(&[
            "tournament",
            "prize",
            "add",
            "Cup",
            "--place",
            place,
            "--value",
            value,
        ]);
    }
    assert_eq!(
        db.ok(&["tournament", "prizes", "Cup", "--format", "csv"]),
        "prize,value,winner,place,points,amount\n\
         1st place,100,Abdi Nur,1,3,100\n\
         2nd place,60,Bile Yusuf,2=,1,60\n\
         3rd place,30,Hodan Warsame,2=,1,30\n"
    );
    assert_eq!(
        db.ok(&["tournament", "prizes", "Cup", "--share", "--format", "csv"]),
        "prize,value,winner,place,points,amount\n\
         1st place,100,Abdi Nur,1,3,100\n\
         2nd place,60,Bile Yusuf,2=,1,20\n\
         2nd place,60,Hodan Warsame,2=,1,20\n\
         2nd place,60,Jamila Omar,2=,1,20\n\
         3rd place,30,Bile Yusuf,2=,1,10\n\
         3rd place,30,Hodan Warsame,2=,1,10\n\
         3rd place,30,Jamila Omar,2=,1,10\n"
    );
    let html = db.ok(&["tournament", "export", "Open", "--format", "html"]);
    assert!(html.contains("<h2>Prizes</h2>"), "{html}");
    assert!(html.contains(
        "<td class=\"name\">junior (under 20)</td><td>50</td><td class=\"name\">Jamila Omar</td>"
    ));
    db.verified();
}

#[test]
fn the_events_details_head_every_document_and_change_in_one_go() {
    let db = Db::new();
    db.ok(&["player", "import", &file(&db, "members.csv", MEMBERS)]);
    play_round_robin(&db, "Open");
    db.refused(
        &[
            "tournament",
            "set",
            "Open",
            "--start",
            "2026-12-05",
            "--end",
            "2026-12-04",
        ],
        "the event's dates are out of order: the end (2026-12-04) is before the start (2026-12-05)",
    );
    db.refused(
        &["tournament", "set", "Open"],
        "nothing to change; give --city",
    );
    db.refused(
        &[
            "tournament",
            "set",
            "Open",
            "--city",
            "Hargeisa",
            "--round-dates",
            "2026-12-05,2026-12-04",
        ],
        "round 2's date (2026-12-04) is before round 1's (2026-12-05)",
    );
    db.ok(&[
        "tournament",
        "set",
        "Open",
        "--city",
        "Mogadishu",
        "--federation",
        "SOM",
        "--start",
        "2026-12-05",
        "--end",
        "2026-12-06",
    ]);
    db.ok(&[
        "tournament",
        "set",
        "Open",
        "--arbiter",
        "Faadumo Ali",
        "--round-dates",
        "2026-12-05,2026-12-05,2026-12-06",
    ]);
    let place = "Mogadishu, SOM · 2026-12-05 to 2026-12-06 · chief arbiter Faadumo Ali";
    let rounds = "rounds: 1 2026-12-05, 2 2026-12-05, 3 2026-12-06";
    let standings = db.ok(&["tournament", "standings", "Open"]);
    assert_eq!(standings.lines().nth(1), Some(place), "{standings}");
    assert_eq!(standings.lines().nth(2), Some(rounds), "{standings}");
    let crosstable = db.ok(&["tournament", "crosstable", "Open"]);
    assert!(
        crosstable.starts_with(&format!("{place}\n{rounds}\n")),
        "{crosstable}"
    );
    let md = db.ok(&["tournament", "export", "Open", "--format", "markdown"]);
    assert!(
        md.contains(&format!("\n\n{place}\n\n{rounds}\n\n## Standings")),
        "{md}"
    );
    let html = db.ok(&["tournament", "export", "Open", "--format", "html"]);
    assert!(html.contains(&format!(
        "<p class=\"meta event\">{place}</p><p class=\"meta event\">{rounds}</p>"
    )));
    let csv = db.ok(&["tournament", "export", "Open", "--format", "csv"]);
    assert!(csv.starts_with(
        "event,city,federation,start,end,chief_arbiter,round_dates\n\
         Open,Mogadishu,SOM,2026-12-05,2026-12-06,Faadumo Ali,\"2026-12-05,2026-12-05,2026-12-06\"\n\nround,board,"
    ), "{csv}");
    let json: serde_json::Value =
        serde_json::from_str(&db.ok(&["tournament", "export", "Open", "--format", "json"]))
            .unwrap();
    assert_eq!(json["event"]["city"], "Mogadishu");
    assert_eq!(json["event"]["chief_arbiter"], "Faadumo Ali");
    assert_eq!(
        db.json(&["tournament", "standings", "Open"])["event"]["start"],
        "2026-12-05"
    );
    let trf = db.ok(&["tournament", "export", "Open", "--format", "trf"]);
    assert!(
        trf.contains("\n022 Mogadishu\n032 SOM\n042 2026/12/05\n052 2026/12/06\n102 Faadumo Ali\n"),
        "{trf}"
    );
    // A tournament without details reads as before.
    play_round_robin(&db, "Plain");
    let plain = db.ok(&["tournament", "standings", "Plain"]);
    assert!(plain.lines().nth(1).unwrap().starts_with('#'), "{plain}");
    db.verified();
}
