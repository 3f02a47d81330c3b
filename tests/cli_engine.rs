//! The engine commands from the outside: `goobalay trace/perft/show/rules/variants/
//! bench`, driven with assert_cmd.

use assert_cmd::Command;
use predicates::prelude::*;
use serde_json::Value;

fn goobalay() -> Command {
    Command::cargo_bin("goobalay").unwrap()
}

const KEYS: [&str; 8] = [
    "\"ply\"",
    "\"to_move\"",
    "\"board\"",
    "\"uur\"",
    "\"captured\"",
    "\"legal\"",
    "\"over\"",
    "\"result\"",
];

/// The §9 keys appear once each, in order.
fn assert_key_order(line: &str) {
    let at: Vec<usize> = KEYS
        .iter()
        .map(|k| {
            line.find(k)
                .unwrap_or_else(|| panic!("{k} missing: {line}"))
        })
        .collect();
    assert!(at.windows(2).all(|w| w[0] < w[1]), "key order: {line}");
}

#[test]
fn trace_prints_every_shared_vector_exactly() {
    let files = [
        include_str!("vectors/layli-goobalay.jsonl"),
        include_str!("vectors/tampoduo.jsonl"),
        include_str!("vectors/modiar.jsonl"),
        include_str!("vectors/tihbat.jsonl"),
        include_str!("vectors/sadeqa-iii.jsonl"),
        include_str!("vectors/sadeqa-91.jsonl"),
    ];
    let mut games = 0;
    for text in files {
        for vector in text.lines() {
            let v: Value = serde_json::from_str(vector).unwrap();
            let out = goobalay()
                .args(["trace", "--variant", v["variant"].as_str().unwrap()])
                .args(["--first", v["first"].as_str().unwrap()])
                .args(["--moves", v["moves"].as_str().unwrap()])
                .assert()
                .success()
                .stderr("")
                .get_output()
                .stdout
                .clone();
            let out = String::from_utf8(out).unwrap();
            let expected = v["trace"].as_array().unwrap();
            let lines: Vec<&str> = out.lines().collect();
            assert_eq!(lines.len(), expected.len());
            for (line, want) in lines.iter().zip(expected) {
                assert_key_order(line);
                let got: Value = serde_json::from_str(line).unwrap();
                assert_eq!(&got, want, "{}", v["variant"]);
            }
            games += 1;
        }
    }
    assert_eq!(games, 24);
}

#[test]
fn an_illegal_move_stops_the_trace_with_exit_2() {
    // Tihbat: South 2, North 1 are legal; South's hole 9 does not exist.
    let out = goobalay()
        .args(["trace", "--variant", "tihbat", "--moves", "2 1 9 1"])
        .assert()
        .code(2)
        .get_output()
        .clone();
    let stdout = String::from_utf8(out.stdout).unwrap();
    assert_eq!(
        stdout.lines().count(),
        3,
        "start + two moves before the bad one"
    );
    let stderr = String::from_utf8(out.stderr).unwrap();
    assert_eq!(stderr.lines().count(), 1, "{stderr}");
    assert!(
        stderr.contains("move 3 ('9')") && stderr.contains("legal moves: 1 2"),
        "{stderr}"
    );
    // A hole that exists but is empty: Modiar singletons.
    goobalay()
        .args(["trace", "--variant", "modiar", "--position"])
        .arg(r#"{"board":[1,2,1,2,2,2],"to_move":"south","ply":2}"#)
        .args(["--moves", "1"])
        .assert()
        .code(2)
        .stdout(predicate::str::contains("\"legal\":[\"2\"]"))
        .stderr(predicate::str::contains(
            "move 1 is not legal here; legal moves: 2",
        ));
}

#[test]
fn first_and_position_together_are_refused() {
    goobalay()
        .args([
            "trace",
            "--variant",
            "tihbat",
            "--first",
            "north",
            "--position",
        ])
        .arg(r#"{"board":[7,7,7,7],"to_move":"south"}"#)
        .assert()
        .code(2)
        .stdout("")
        .stderr(predicate::str::contains("--first").and(predicate::str::contains("--position")));
}

#[test]
fn bad_positions_are_refused_in_one_line() {
    for (json, says) in [
        (r#"{"board":[7,7,7"#, "position does not parse"),
        (
            r#"{"board":[7,7,7],"to_move":"south"}"#,
            "position has 3 holes; this variant has 4",
        ),
        (
            r#"{"board":[7,-7,7,7],"to_move":"south"}"#,
            "-7 seeds in hole 1",
        ),
        (r#"{"board":[7,7,7,6],"to_move":"south"}"#, "even"),
    ] {
        let out = goobalay()
            .args(["trace", "--variant", "tihbat", "--position", json])
            .assert()
            .code(2)
            .stdout("")
            .get_output()
            .clone();
        let stderr = String::from_utf8(out.stderr).unwrap();
        assert_eq!(stderr.lines().count(), 1, "{stderr}");
        assert!(stderr.contains(says), "{json}: {stderr}");
    }
    goobalay()
        .args(["trace", "--variant", "tampoduo", "--position"])
        .arg(r#"{"board":[4,4,4,4,4,4,4,4,4,4,4,4],"to_move":"south","uur":[null,"south",null,null,null,null,null,null,null,null,null,null]}"#)
        .assert()
        .code(2)
        .stderr(predicate::str::contains("Uur in hole 1"));
}

#[test]
fn a_position_that_is_over_is_shown_over() {
    // Modiar's grand-slam example (RULES.md §5): South has no legal move.
    goobalay()
        .args(["trace", "--variant", "modiar", "--position"])
        .arg(r#"{"board":[8,0,1,1,1,1],"to_move":"south","ply":1}"#)
        .assert()
        .success()
        .stdout(
            "{\"ply\":1,\"to_move\":\"south\",\"board\":[8,0,1,1,1,1],\"uur\":[null,null,null,null,null,null],\
             \"captured\":[0,0],\"legal\":[],\"over\":true,\"result\":{\"score\":[9,3],\"winner\":\"south\",\"end\":\"no-moves\"}}\n",
        );
}

#[test]
fn perft_prints_the_count() {
    goobalay()
        .args(["perft", "--variant", "modiar", "--depth", "5"])
        .assert()
        .success()
        .stdout("187\n");
    goobalay()
        .args([
            "perft",
            "--variant",
            "sadeqa-91",
            "--depth",
            "2",
            "--divide",
        ])
        .assert()
        .success()
        .stdout(predicate::str::ends_with("\n58\n").and(predicate::str::starts_with("1: ")));
    goobalay()
        .args(["perft", "--variant", "tihbat", "--depth", "0"])
        .assert()
        .success()
        .stdout("1\n");
}

#[test]
fn show_draws_the_board() {
    let out = goobalay()
        .args(["show", "--variant", "layli-goobalay", "--moves", "1"])
        .assert()
        .success()
        .get_output()
        .stdout
        .clone();
    let out = String::from_utf8(out).unwrap();
    let lines: Vec<&str> = out.lines().collect();
    // North's row right to left on top: holes 11..6 = 6 6 0 0 6 6; South's row below.
    assert!(lines[0].trim_start().starts_with("6"), "{out}");
    assert!(
        lines[1].starts_with("North") && lines[1].contains("captured 0"),
        "{out}"
    );
    let north: Vec<&str> = lines[1].split_whitespace().skip(1).take(6).collect();
    assert_eq!(north, ["6", "6", "0", "0", "6", "6"], "{out}");
    let south: Vec<&str> = lines[2].split_whitespace().skip(1).take(6).collect();
    assert_eq!(south, ["2", "7", "0", "6", "1", "6"], "{out}");
    assert!(lines[2].contains("captured 2"), "{out}");
    assert!(out.contains("north to move (ply 1)"), "{out}");
    // Uurs are marked with their owner.
    goobalay()
        .args(["show", "--variant", "layli-goobalay", "--position"])
        .arg(r#"{"board":[1,0,1,0,0,0,1,0,3,0,0,1],"to_move":"south"}"#)
        .args(["--moves", "3"])
        .assert()
        .success()
        .stdout(predicate::str::contains("2*").and(predicate::str::contains("South's Uur")));
}

#[test]
fn rule_files_work_for_trace_perft_and_show() {
    let dir = tempfile::tempdir().unwrap();
    let toml_out = goobalay()
        .args(["rules", "tihbat", "--toml"])
        .assert()
        .success()
        .get_output()
        .stdout
        .clone();
    // A custom rule set may not keep a preset's name.
    let path = dir.path().join("t.toml");
    std::fs::write(&path, &toml_out).unwrap();
    goobalay()
        .args(["perft", "--depth", "5", "--rules"])
        .arg(&path)
        .assert()
        .code(2)
        .stderr(predicate::str::contains(
            "the name 'tihbat' is the preset tihbat's",
        ));
    let toml_out = String::from_utf8(toml_out)
        .unwrap()
        .replace("name = \"tihbat\"", "name = \"my-tihbat\"");
    std::fs::write(&path, &toml_out).unwrap();
    goobalay()
        .args(["perft", "--depth", "5", "--rules"])
        .arg(&path)
        .assert()
        .success()
        .stdout("32\n");
    goobalay()
        .args(["trace", "--moves", "2", "--rules"])
        .arg(&path)
        .assert()
        .success()
        // South 2 (hole 1, 7): 1 back, then 2,3,0,1,2,3: [8,2,9,9], last in North's row.
        .stdout(predicate::str::contains("\"board\":[8,2,9,9]"));
    goobalay()
        .args(["show", "--rules"])
        .arg(&path)
        .assert()
        .success()
        .stdout(predicate::str::contains("south to move"));
    // JSON works too; a bad file is refused in one line naming the file and field.
    let json = dir.path().join("bad.json");
    let text = toml_out;
    let mut value: toml::Value = toml::from_str(&text).unwrap();
    value["holes_per_row"] = toml::Value::Integer(0);
    std::fs::write(&json, serde_json::to_string(&value).unwrap()).unwrap();
    goobalay()
        .args(["perft", "--depth", "1", "--rules"])
        .arg(&json)
        .assert()
        .code(2)
        .stderr(
            predicate::str::contains("bad.json")
                .and(predicate::str::contains("holes_per_row is 0")),
        );
    std::fs::write(&path, format!("{text}\nflavour = 1\n")).unwrap();
    goobalay()
        .args(["show", "--rules"])
        .arg(&path)
        .assert()
        .code(2)
        .stderr(predicate::str::contains("unknown field `flavour`"));
}

#[test]
fn variants_and_rules_describe_the_games() {
    let out = goobalay()
        .arg("variants")
        .assert()
        .success()
        .get_output()
        .stdout
        .clone();
    let out = String::from_utf8(out).unwrap();
    for name in [
        "layli-goobalay",
        "tampoduo",
        "ayo-jodu",
        "modiar",
        "tihbat",
        "sadeqa-iii",
        "sadeqa-91",
    ] {
        assert!(out.contains(name), "{name}: {out}");
    }
    assert!(out.contains("2x8") && out.contains("16 x 6 = 96"), "{out}");
    goobalay()
        .args(["rules", "layli-goobalay"])
        .assert()
        .success()
        .stdout(
            predicate::str::contains("Uurs")
                .and(predicate::str::contains("1000 lifts"))
                .and(predicate::str::contains("either player")),
        );
    goobalay()
        .args(["rules", "nonesuch"])
        .assert()
        .code(2)
        .stderr(predicate::str::contains(
            "unknown variant 'nonesuch'; known: layli-goobalay",
        ));
}

#[test]
fn bench_reports_every_variant_as_json() {
    let out = goobalay()
        .args([
            "bench",
            "--seconds",
            "0.05",
            "--seed",
            "7",
            "--format",
            "json",
        ])
        .assert()
        .success()
        .stderr(predicate::str::contains("seed 7"))
        .get_output()
        .stdout
        .clone();
    let rows: Vec<Value> = serde_json::from_slice(&out).unwrap();
    assert_eq!(rows.len(), 6);
    for row in &rows {
        let keys: Vec<&String> = row.as_object().unwrap().keys().collect();
        assert_eq!(
            keys,
            ["avg_moves", "games_per_sec", "moves_per_sec", "variant"]
        );
        assert!(row["games_per_sec"].as_f64().unwrap() > 0.0);
        assert!(row["avg_moves"].as_f64().unwrap() >= 1.0);
    }
    goobalay()
        .args(["bench", "--seconds", "0", "--variant", "tihbat"])
        .assert()
        .code(2)
        .stderr(predicate::str::contains("--seconds is 0"));
}

/// `--version` names the engine players' version; completions for each shell and the
/// man page come from the same clap definitions, so they know every command.
#[test]
fn version_completions_and_man_page_come_from_the_command_definitions() {
    let version = goobalay().arg("--version").output().unwrap();
    let text = String::from_utf8_lossy(&version.stdout);
    assert!(
        text.starts_with("goobalay ") && text.contains("(engine players version "),
        "{text}"
    );
    for (shell, needle) in [
        ("bash", "complete -F _goobalay"),
        ("zsh", "#compdef goobalay"),
        ("fish", "complete -c goobalay"),
        ("powershell", "Register-ArgumentCompleter"),
    ] {
        let out = goobalay().args(["completions", shell]).output().unwrap();
        let script = String::from_utf8_lossy(&out.stdout);
        assert!(out.status.success(), "{shell}");
        assert!(script.contains(needle), "{shell}: {script:.300}");
        // Subcommands and their flags are in it (the new spelling of tournament new).
        assert!(
            script.contains("tournament") && script.contains("--system"),
            "{shell}"
        );
    }
    goobalay()
        .args(["completions", "tcsh"])
        .assert()
        .code(2)
        .stderr(predicate::str::starts_with(
            "goobalay: invalid value 'tcsh'",
        ));
    let man = goobalay().arg("man").output().unwrap();
    let page = String::from_utf8_lossy(&man.stdout);
    assert!(man.status.success());
    assert!(page.contains(".TH goobalay 1"), "{page:.300}");
    assert!(page.contains("tournament"), "{page:.300}");
}
