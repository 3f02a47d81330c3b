//! Issue 35 point 2: players report their own results. The director prints each
//! player a code (`tournament pairings --layout slips`, `--format json`); a player
//! reports at `/report` with it; the result stands when the opponent reports the same
//! with their code, or when the director accepts a report. On SQLite and PostgreSQL
//! (`GOOBALAY_TEST_POSTGRES`), through a server the test starts on 127.0.0.1.

mod common;

use common::backends::{Target, on_both};
use common::server::{Server, club_night};
use serde_json::{Value, json};

const URL: &str = "http://club.example:8080/report";

/// The codes printed on the slips, in print order (board by board, South first).
fn slip_codes(slips: &str) -> Vec<String> {
    slips
        .lines()
        .filter_map(|l| l.trim().strip_prefix("Your code: "))
        .map(|rest| rest.split_whitespace().next().unwrap().to_string())
        .collect()
}

fn report(server: &Server, code: &str, result: &str, seeds: Option<&str>) -> (u16, Value) {
    let mut body = json!({ "code": code, "result": result });
    if let Some(s) = seeds {
        body["seeds"] = json!(s);
    }
    let (status, text) = server.post("/api/report", None, &body.to_string());
    assert!(!text.contains(code), "an answer shows the code: {text}");
    (status, serde_json::from_str(&text).unwrap())
}

fn board_result(server: &Server, t: i64, match_id: &str) -> String {
    let doc = server.json(&format!("/api/tournaments/{t}"));
    doc["boards"]
        .as_array()
        .unwrap()
        .iter()
        .find(|b| b["match_id"].as_i64().map(|i| i.to_string()).as_deref() == Some(match_id))
        .map(|b| b["result"].as_str().unwrap().to_string())
        .unwrap()
}

#[test]
fn a_report_confirmed_by_the_opponent_or_accepted_by_the_director_stands() {
    on_both(|db| {
        let ids = club_night(db);
        let b = db.backend();
        // The JSON lists each board's codes; printing the slips afterwards replaces them.
        let listed = db.json(&["tournament", "pairings", "Club Night", "--url", URL]);
        assert_eq!(listed["report_url"], URL, "{b}: {listed}");
        let first_print = listed["boards"][0]["codes"]["south"]
            .as_str()
            .unwrap_or_else(|| panic!("{b}: no codes in {listed}"))
            .to_string();
        assert!(
            listed["boards"][1]["codes"]["north"].is_string(),
            "{listed}"
        );
        let slips = db.ok(&[
            "tournament",
            "pairings",
            "Club Night",
            "--layout",
            "slips",
            "--url",
            URL,
        ]);
        let codes = slip_codes(&slips);
        assert_eq!(codes.len(), 4, "{b}: one code a player: {slips}");
        assert_eq!(slips.matches(URL).count(), 4, "{slips}");
        assert!(
            slips.contains('█') && slips.contains('▀'),
            "no QR code: {slips}"
        );
        for line in slips.lines() {
            assert!(line.chars().count() <= 80, "wider than 80 columns: {line}");
        }
        assert_eq!(db.count("SELECT COUNT(*) FROM report_codes"), 8);
        let (mut server, line) = Server::start_with(db, &["--results"]);
        let secret = line
            .trim()
            .strip_prefix("result entry secret: ")
            .and_then(|rest| rest.split(' ').next())
            .unwrap()
            .to_string();
        let t = server.json("/api/tournaments")["tournaments"][0]["id"]
            .as_i64()
            .unwrap();
        let match_1 = ids[0].as_str();
        let match_2 = ids[1].as_str();
        let (c1_south, c1_north, c2_south) = (&codes[0], &codes[1], &codes[2]);

        // The page to report on.
        let page = server.page("/report");
        assert!(page.contains("id=\"report-code\""), "{page}");

        // A replaced code is refused (403), nothing written.
        let before = db.snapshot();
        let (status, answer) = report(&server, &first_print, "south", None);
        assert_eq!(status, 403, "{b}: {answer}");
        assert!(
            answer["error"].as_str().unwrap().contains("replaced"),
            "{answer}"
        );
        assert!(db.snapshot() == before, "{b}: a replaced code wrote");

        // The code's match, read.
        let (status, text) = server.post(
            "/api/report/match",
            None,
            &json!({ "code": c1_north.to_lowercase() }).to_string(),
        );
        assert_eq!(status, 200, "{text}");
        assert!(!text.to_uppercase().contains(c1_north.as_str()), "{text}");
        let seen: Value = serde_json::from_str(&text).unwrap();
        assert_eq!(seen["match_id"].to_string(), match_1, "{seen}");
        assert_eq!(seen["side"], "north", "{seen}");
        assert_eq!(seen["opponent_reported"], false, "{seen}");

        // South reports a win: kept, the result waits.
        let (status, answer) = report(&server, c1_south, "south", Some("20,8"));
        assert_eq!(status, 200, "{b}: {answer}");
        assert_eq!(answer["report"]["status"], "waiting", "{answer}");
        assert_eq!(board_result(&server, t, match_1), "*");
        // North says otherwise: a disagreement on the director's page.
        let (_, answer) = report(&server, c1_north, "north", None);
        assert_eq!(answer["report"]["status"], "disagrees", "{b}: {answer}");
        let desk = server.page(&format!("/director/{t}"));
        assert!(desk.contains("they disagree"), "{b}: {desk}");
        // Seeds that do not add up are refused by the CLI's checks, nothing written.
        let before = db.snapshot();
        let (status, answer) = report(&server, c1_north, "south", Some("20,20"));
        assert_eq!(status, 409, "{b}: {answer}");
        assert!(db.snapshot() == before, "{b}: a refused report wrote");
        // North confirms South's report: the result stands.
        let (_, answer) = report(&server, c1_north, "south", Some("20,8"));
        assert_eq!(answer["report"]["status"], "confirmed", "{b}: {answer}");
        assert_eq!(board_result(&server, t, match_1), "1-0");
        // A decided match takes no more reports.
        let (status, answer) = report(&server, c1_south, "north", None);
        assert_eq!(status, 409, "{b}: {answer}");
        assert!(
            answer["error"]
                .as_str()
                .unwrap()
                .contains("already has its result")
        );

        // Board 2: one report, accepted by the director (only with the secret).
        let (_, answer) = report(&server, c2_south, "draw", None);
        assert_eq!(answer["report"]["status"], "waiting", "{b}: {answer}");
        let report_id = answer["report"]["report_id"].as_i64().unwrap();
        let accept = format!("/api/reports/{report_id}/accept");
        let before = db.snapshot();
        assert_eq!(server.post(&accept, None, "{}").0, 401);
        assert_eq!(server.post(&accept, Some("wrong"), "{}").0, 403);
        assert!(
            db.snapshot() == before,
            "{b}: an acceptance without the secret wrote"
        );
        let desk = server.page(&format!("/director/{t}"));
        assert!(desk.contains(&format!("accept-{report_id}")), "{b}: {desk}");
        let (status, text) = server.post(&accept, Some(&secret), "{}");
        assert_eq!(status, 200, "{b}: {text}");
        assert_eq!(board_result(&server, t, match_2), "½-½");

        // A wrong code: refused and counted on the director's page.
        let before = db.snapshot();
        let (status, answer) = report(&server, "ZZZZ-ZZZZ", "south", None);
        assert_eq!(status, 403, "{b}: {answer}");
        assert!(db.snapshot() == before, "{b}: a wrong code wrote");
        let desk = server.page(&format!("/director/{t}"));
        assert!(
            desk.contains("Wrong codes since the server started: <span class=\"count\">2</span>"),
            "{b}: {desk}"
        );
        // No page or answer shows a code.
        for shown in [
            desk,
            server.page("/report"),
            server.page(&format!("/tournaments/{t}")),
            server.page(&format!("/api/tournaments/{t}")),
        ] {
            for c in &codes {
                assert!(!shown.contains(c.as_str()), "{b}: a code shown");
            }
        }
        // Five wrong codes a minute from one address, then even a right one waits.
        for _ in 0..3 {
            assert_eq!(report(&server, "ZZZZ-ZZZZ", "south", None).0, 403);
        }
        let (status, answer) = report(&server, &codes[3], "draw", None);
        assert_eq!(status, 429, "{b}: {answer}");
        assert!(answer["error"].as_str().unwrap().contains("5 a minute"));
        server.interrupt();

        // Everything reported is kept; the results replay; a copy carries them.
        assert_eq!(db.count("SELECT COUNT(*) FROM match_reports"), 4, "{b}");
        assert_eq!(db.count("SELECT COUNT(*) FROM report_decisions"), 2, "{b}");
        assert_eq!(
            db.count("SELECT COUNT(*) FROM report_decisions WHERE confirmed_by IS NULL"),
            1
        );
        db.ok(&["verify"]);
        let copy = common::Db::new();
        let out = assert_cmd::Command::cargo_bin("goobalay")
            .unwrap()
            .args(["db", "copy", "--from"])
            .arg(db.location())
            .arg("--to")
            .arg(&copy.path)
            .env_remove("GOOBALAY_DB")
            .output()
            .unwrap();
        assert!(
            out.status.success(),
            "{}",
            String::from_utf8_lossy(&out.stderr)
        );
        assert_eq!(copy.count("SELECT COUNT(*) FROM match_reports"), 4);
        copy.ok(&["verify"]);
    });
}

/// `verify` checks a result stored from reports: a decision whose reports say
/// another result than the match's is named.
#[test]
fn verify_names_a_result_that_is_not_the_reported_one() {
    on_both(|db| {
        let ids = club_night(db);
        let slips = db.ok(&["tournament", "pairings", "Club Night", "--layout", "slips"]);
        let codes = slip_codes(&slips);
        let server = Server::start_with(db, &["--results"]).0;
        assert_eq!(
            report(&server, &codes[0], "south", None).1["report"]["status"],
            "waiting"
        );
        assert_eq!(
            report(&server, &codes[1], "south", None).1["report"]["status"],
            "confirmed"
        );
        drop(server);
        db.ok(&["verify"]);
        db.sql("UPDATE match_reports SET result = 'north'");
        let out = db.run(&["verify"]);
        let text = String::from_utf8_lossy(&out.stdout).to_string()
            + &String::from_utf8_lossy(&out.stderr);
        assert!(!out.status.success(), "{}: {text}", db.backend());
        assert!(
            text.contains(&format!("match {}", ids[0])) && text.contains("report"),
            "{}: {text}",
            db.backend()
        );
    });
}

/// Issue 35 point 4: the code slips (`--lang fr`), the report page (`?lang=fr`,
/// `?lang=ar` right to left), its answers and the director's section on reports
/// speak the room's language; the players' names stay as they were entered.
#[test]
fn the_code_slips_the_report_page_and_the_directors_reports_in_the_rooms_language() {
    let db = common::Db::new();
    club_night(&db);
    let slips = db.ok(&[
        "tournament",
        "pairings",
        "Club Night",
        "--layout",
        "slips",
        "--url",
        URL,
        "--lang",
        "fr",
    ]);
    let codes: Vec<String> = slips
        .lines()
        .filter_map(|l| l.trim().strip_prefix("Votre code : "))
        .map(|rest| rest.split_whitespace().next().unwrap().to_string())
        .collect();
    assert_eq!(codes.len(), 4, "one code a player, in French: {slips}");
    for words in [
        "Codes de déclaration : une fiche par joueur",
        "Déclarez votre résultat sur",
        "(ou scannez le carré).",
        "Gardez ce code pour vous :",
        ", ronde 1, table 1",
        "(Sud) contre",
    ] {
        assert!(slips.contains(words), "no '{words}': {slips}");
    }
    for english in [
        "Your code",
        "Report your result",
        "Keep the code",
        "(South)",
    ] {
        assert!(
            !slips.contains(english),
            "'{english}' in French slips: {slips}"
        );
    }
    assert_eq!(slips.matches(URL).count(), 4, "{slips}");
    for p in common::server::PLAYERS {
        assert!(slips.contains(p), "{p} not on the slips: {slips}");
    }
    for line in slips.lines() {
        assert!(line.chars().count() <= 80, "wider than 80 columns: {line}");
    }

    let (server, _) = Server::start_with(&db, &["--results"]);
    let t = server.json("/api/tournaments")["tournaments"][0]["id"]
        .as_i64()
        .unwrap();
    // The page, and the words report.js writes into it, in French.
    let page = server.page("/report?lang=fr");
    assert!(page.contains(r#"<html lang="fr" dir="ltr">"#), "{page}");
    for words in [
        "<h1>Déclarer votre résultat</h1>",
        "Voir ma partie",
        "Graines (si vous les avez comptées)",
        r#""report-ask":"Déclarer : {claim} ?""#,
        r#""report-claim-south":"{name} (Sud) a gagné""#,
    ] {
        assert!(page.contains(words), "no '{words}': {page}");
    }
    for english in [
        "Report your result",
        "Show my match",
        "(South) won",
        "looking…",
    ] {
        assert!(!page.contains(english), "'{english}' on the French page");
    }
    // In Arabic, right to left.
    let page = server.page("/report?lang=ar");
    assert!(page.contains(r#"<html lang="ar" dir="rtl">"#), "{page}");
    assert!(
        page.contains("أبلِغ عن نتيجتك") && page.contains("اعرض مباراتي"),
        "{page}"
    );
    assert!(!page.contains("Show my match"), "{page}");

    // The answers: a wrong code, a result that is none, a report kept.
    let post = |lang: &str, body: Value| {
        let (status, text) =
            server.post(&format!("/api/report?lang={lang}"), None, &body.to_string());
        (status, serde_json::from_str::<Value>(&text).unwrap())
    };
    let (status, answer) = post("fr", json!({ "code": "ZZZZ-ZZZZ", "result": "south" }));
    assert_eq!(status, 403, "{answer}");
    assert!(
        answer["error"]
            .as_str()
            .unwrap()
            .starts_with("ce n'est pas un code de déclaration"),
        "{answer}"
    );
    let (status, answer) = post("so", json!({ "code": codes[0], "result": "sideways" }));
    assert_eq!(status, 400, "{answer}");
    assert_eq!(
        answer["error"],
        r#"'sideways' natiijo maaha; bixi "result": "south", "north" ama "draw""#
    );
    let (status, answer) = post(
        "fr",
        json!({ "code": codes[0], "result": "south", "seeds": "20,8" }),
    );
    assert_eq!(status, 200, "{answer}");
    let said = answer["message"].as_str().unwrap();
    assert!(
        said.starts_with("Gardé : ") && said.contains("(Sud) a gagné, 20–8"),
        "{said}"
    );

    // The director's section, in French and in Arabic.
    let desk = server.page(&format!("/director/{t}?lang=fr"));
    for words in [
        "<h2>Déclarations des joueurs</h2>",
        "Ronde 1, table 1 :",
        "a déclaré : ",
        "n'a rien déclaré.",
        "Codes erronés depuis le démarrage du serveur : <span class=\"count\">1</span> depuis 1 adresse ;",
    ] {
        assert!(desk.contains(words), "no '{words}': {desk}");
    }
    assert!(
        !desk.contains("Players' reports") && !desk.contains("Wrong codes"),
        "{desk}"
    );
    let desk = server.page(&format!("/director/{t}?lang=ar"));
    assert!(
        desk.contains("بلاغات اللاعبين") && desk.contains("الرموز الخاطئة منذ تشغيل الخادم"),
        "{desk}"
    );

    // The CLI's checks of a result, and a match that already has its result, in
    // French and Arabic.
    let (status, answer) = post(
        "fr",
        json!({ "code": codes[0], "result": "south", "seeds": "20,20" }),
    );
    assert_eq!(status, 409, "{answer}");
    let said = answer["error"].as_str().unwrap();
    assert!(
        said.starts_with("graines finales 20 + 20 = 40, mais cette partie a ")
            && said.contains("graines en jeu"),
        "{said}"
    );
    let (status, answer) = post(
        "fr",
        json!({ "code": codes[0], "result": "draw", "seeds": "20,8" }),
    );
    assert_eq!(status, 409, "{answer}");
    assert!(
        answer["error"]
            .as_str()
            .unwrap()
            .starts_with("les graines finales 20-8 contredisent le résultat « partie nulle »"),
        "{answer}"
    );
    // The opponent confirms: the match has its result.
    let confirmed = codes[1..].iter().any(|code| {
        let (_, answer) = post(
            "fr",
            json!({ "code": code, "result": "south", "seeds": "20,8" }),
        );
        answer["report"]["status"] == "confirmed"
    });
    assert!(confirmed, "no opponent confirmed");
    let (status, answer) = post("fr", json!({ "code": codes[0], "result": "south" }));
    assert_eq!(status, 409, "{answer}");
    let said = answer["error"].as_str().unwrap();
    assert!(
        said.contains("a déjà son résultat (")
            && said.contains("(Sud) a gagné) ; s'il est faux, dites-le à l'arbitre"),
        "{said}"
    );
    let (status, answer) = post("ar", json!({ "code": codes[0], "result": "south" }));
    assert_eq!(status, 409, "{answer}");
    let said = answer["error"].as_str().unwrap();
    assert!(
        said.contains("نتيجتها بالفعل") && said.contains("(الجنوب)") && !said.contains("won"),
        "{said}"
    );

    // Over the limit, in French.
    for _ in 0..4 {
        assert_eq!(
            post("en", json!({ "code": "ZZZZ-ZZZZ", "result": "south" })).0,
            403
        );
    }
    let (status, answer) = post("fr", json!({ "code": codes[1], "result": "draw" }));
    assert_eq!(status, 429, "{answer}");
    assert!(
        answer["error"]
            .as_str()
            .unwrap()
            .starts_with("trop de codes erronés (5 par minute depuis une adresse"),
        "{answer}"
    );
}
