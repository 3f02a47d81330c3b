//! `goobalay serve` in a real browser: headless Chromium driven through WebDriver
//! (Debian's `chromium` and `chromium-driver`; `.ci/run` installs them when missing).
//! The test starts its own server on a fresh SQLite database and its own chromedriver,
//! both on 127.0.0.1, and talks to nothing else. Without Chromium it skips, saying
//! so, except under CI (`CI=true`), where it fails.
//!
//! `GOOBALAY_SCREENSHOTS=DIR` also saves screenshots of the main pages in DIR
//! (docs/screenshots holds the ones shown in docs/web.md).

mod common;

use std::net::TcpListener;
use std::path::{Path, PathBuf};
use std::process::{Child, Command, Stdio};
use std::time::{Duration, Instant};

use common::Db;
use common::server::{PLAYERS, Server, club_night};
use fantoccini::{Client, ClientBuilder, Locator};
use serde_json::{Value, json};

const CHROMIUM: &str = "/usr/bin/chromium";
const DRIVER: &str = "/usr/bin/chromedriver";

/// A chromedriver on a free port of 127.0.0.1, stopped when dropped.
struct Driver {
    child: Child,
    port: u16,
    _profile: tempfile::TempDir,
}

impl Drop for Driver {
    fn drop(&mut self) {
        let _ = self.child.kill();
        let _ = self.child.wait();
    }
}

fn browser_present() -> bool {
    if Path::new(CHROMIUM).exists() && Path::new(DRIVER).exists() {
        return true;
    }
    if std::env::var("CI").is_ok_and(|v| v == "true") {
        panic!(
            "{CHROMIUM} or {DRIVER} is missing under CI (.ci/run installs chromium and chromium-driver)"
        );
    }
    eprintln!(
        "skipped: {CHROMIUM} or {DRIVER} is missing (apt-get install chromium chromium-driver)"
    );
    false
}

fn start_driver() -> Driver {
    let port = TcpListener::bind("127.0.0.1:0")
        .unwrap()
        .local_addr()
        .unwrap()
        .port();
    let child = Command::new(DRIVER)
        .arg(format!("--port={port}"))
        .arg("--allowed-ips=127.0.0.1")
        .stdout(Stdio::null())
        .stderr(Stdio::null())
        .spawn()
        .unwrap();
    let deadline = Instant::now() + Duration::from_secs(20);
    while std::net::TcpStream::connect(("127.0.0.1", port)).is_err() {
        assert!(Instant::now() < deadline, "chromedriver did not start");
        std::thread::sleep(Duration::from_millis(50));
    }
    Driver {
        child,
        port,
        _profile: tempfile::tempdir().unwrap(),
    }
}

async fn browser(driver: &Driver, width: u32, height: u32) -> Client {
    let profile = driver._profile.path().join(format!("profile-{width}"));
    let mut caps = serde_json::Map::new();
    let mut options = json!({
        "binary": CHROMIUM,
        "args": [
            "--headless", "--no-sandbox", "--disable-gpu",
            "--disable-background-networking", "--disable-component-update",
            "--disable-sync", "--no-first-run", "--disable-dev-shm-usage",
            format!("--user-data-dir={}", profile.display()),
            format!("--window-size={width},{height}"),
        ],
    });
    // A window is never narrower than 500 px: a phone's width is emulated.
    if width < 500 {
        options["mobileEmulation"] = json!({
            "deviceMetrics": { "width": width, "height": height, "pixelRatio": 1.0, "mobile": true, "touch": true }
        });
    }
    caps.insert("goog:chromeOptions".into(), options);
    ClientBuilder::new(hyper_util::client::legacy::connect::HttpConnector::new())
        .capabilities(caps)
        .connect(&format!("http://127.0.0.1:{}", driver.port))
        .await
        .expect("a WebDriver session")
}

/// Waits up to `limit` for `script` (a JS expression) to be true in the page.
async fn wait_for(c: &Client, script: &str, limit: Duration) -> bool {
    let deadline = Instant::now() + limit;
    loop {
        let v = c
            .execute(&format!("return !!({script});"), vec![])
            .await
            .unwrap();
        if v == Value::Bool(true) {
            return true;
        }
        if Instant::now() >= deadline {
            return false;
        }
        tokio::time::sleep(Duration::from_millis(50)).await;
    }
}

async fn text(c: &Client, css: &str) -> String {
    c.find(Locator::Css(css))
        .await
        .unwrap()
        .text()
        .await
        .unwrap()
}

fn screenshots() -> Option<PathBuf> {
    std::env::var_os("GOOBALAY_SCREENSHOTS").map(PathBuf::from)
}

async fn shot(c: &Client, name: &str) {
    if let Some(dir) = screenshots() {
        std::fs::create_dir_all(&dir).unwrap();
        let png = c.screenshot().await.unwrap();
        std::fs::write(dir.join(format!("{name}.png")), png).unwrap();
    }
}

#[test]
fn the_pages_in_a_browser() {
    if !browser_present() {
        return;
    }
    let db = Db::new();
    let ids = club_night(&db);
    for hole in ["2", "1", "2"] {
        db.ok(&["match", "move", &ids[0], hole]);
    }
    let server = Server::start(&db);
    let base = format!("http://{}", server.addr);
    let list: Value = server.json("/api/tournaments");
    let t = list["tournaments"][0]["id"].as_i64().unwrap();
    let driver = start_driver();
    common::runtime().block_on(async {
        // A phone: 400 pixels wide.
        let c = browser(&driver, 400, 900).await;
        c.goto(&format!("{base}/tournaments/{t}")).await.unwrap();

        // The standings show every player, names as typed.
        let standings = text(&c, "#standings table").await;
        for name in PLAYERS {
            assert!(standings.contains(name), "{name} not in {standings}");
        }
        // Nothing is cut off at 400 px: the page itself never scrolls sideways, and
        // the last column of each table is reached by scrolling the table's own box.
        assert!(
            wait_for(&c, "document.documentElement.scrollWidth <= window.innerWidth", Duration::ZERO).await,
            "the page is wider than the phone"
        );
        let every_column_reachable = "[...document.querySelectorAll('.scroll')].every(box => {
            box.scrollLeft = box.scrollWidth;
            const cells = box.querySelectorAll('tr:first-child > *');
            const last = cells[cells.length - 1].getBoundingClientRect();
            const b = box.getBoundingClientRect();
            const scrolls = ['auto', 'scroll'].includes(getComputedStyle(box).overflowX);
            const ok = (scrolls || box.scrollWidth <= box.clientWidth)
                && last.right <= b.right + 1 && last.left >= b.left - 1 && b.right <= window.innerWidth + 1;
            box.scrollLeft = 0;
            return ok;
        })";
        assert!(wait_for(&c, every_column_reachable, Duration::ZERO).await, "a column is out of reach");
        shot(&c, "tournament-phone").await;

        // A result entered at the desk appears on the open page within 2 s.
        assert!(
            wait_for(&c, "document.getElementById('live-state').classList.contains('on')", Duration::from_secs(5)).await,
            "the page's event stream did not open"
        );
        let before = text(&c, "#current").await;
        assert!(!before.contains("½-½"), "{before}");
        db.ok(&["match", "result", &ids[1], "--match", "draw"]);
        assert!(
            wait_for(&c, "document.getElementById('current').textContent.includes('½-½')", Duration::from_secs(2)).await,
            "the result did not appear within 2 s"
        );

        // The replay steps through the hand.
        c.goto(&format!("{base}/matches/{}", ids[0])).await.unwrap();
        let step = text(&c, "#step").await;
        assert!(step.contains("move 3 of 3"), "{step}");
        c.find(Locator::Css("#first")).await.unwrap().click().await.unwrap();
        let step = text(&c, "#step").await;
        assert!(step.contains("the start"), "{step}");
        let start_board = text(&c, "#board").await;
        c.find(Locator::Css("#next")).await.unwrap().click().await.unwrap();
        let step = text(&c, "#step").await;
        assert!(step.contains("move 1 of 3") && step.contains("plays 2"), "{step}");
        assert_ne!(text(&c, "#board").await, start_board, "the board did not change");
        shot(&c, "match-phone").await;

        // A write from the page is refused.
        let status = c
            .execute_async(
                "const done = arguments[arguments.length - 1];
                 fetch(arguments[0], {method: 'POST', body: 'winner=south'}).then(r => done(r.status), () => done(0));",
                vec![json!(format!("/api/matches/{}", ids[0]))],
            )
            .await
            .unwrap();
        assert_eq!(status, json!(405));
        c.close().await.unwrap();

        if screenshots().is_some() {
            let wide = browser(&driver, 1200, 900).await;
            wide.goto(&format!("{base}/tournaments/{t}")).await.unwrap();
            shot(&wide, "tournament").await;
            wide.goto(&format!("{base}/tournaments/{t}/projector")).await.unwrap();
            shot(&wide, "projector").await;
            wide.goto(&format!("{base}/")).await.unwrap();
            shot(&wide, "tournaments").await;
            wide.close().await.unwrap();
        }
    });
    let m = server.json(&format!("/api/matches/{}", ids[0]));
    assert!(
        m["match"]["winner"].is_null(),
        "the refused write changed the match"
    );
}

/// Chooses `value` in the first `select` of `form`.
async fn choose(c: &Client, form: &str, value: &str) {
    c.find(Locator::Css(&format!(
        "{form} select option[value='{value}']"
    )))
    .await
    .unwrap()
    .click()
    .await
    .unwrap();
}

/// "Check", then, once the page has said what it will store, "Store it".
async fn check_and_store(c: &Client, form: &str) {
    c.find(Locator::Css(&format!("{form} button.check")))
        .await
        .unwrap()
        .click()
        .await
        .unwrap();
    assert!(
        wait_for(
            c,
            &format!("!document.querySelector(\"{form} .confirm\").hidden"),
            Duration::from_secs(3)
        )
        .await,
        "{form}: no confirmation shown"
    );
    c.find(Locator::Css(&format!("{form} button.store")))
        .await
        .unwrap()
        .click()
        .await
        .unwrap();
}

/// The director's page with `--results` on a fresh club night (with `engines`
/// entered too): the server, its secret, the page's address, and the ids of the
/// round's matches between people.
fn director_desk(db: &Db, engines: &[&str]) -> (Server, String, String, Vec<String>) {
    let ids = if engines.is_empty() {
        club_night(db)
    } else {
        for p in PLAYERS {
            db.ok(&["player", "add", p]);
        }
        for e in engines {
            db.ok(&["player", "add", e, "--engine", "greedy"]);
        }
        db.ok(&[
            "tournament",
            "new",
            "Club Night",
            "--variant",
            "tihbat",
            "--system",
            "round-robin",
        ]);
        let mut add = vec!["tournament", "add", "Club Night"];
        add.extend(PLAYERS);
        add.extend(engines);
        db.ok(&add);
        let paired = db.json(&["tournament", "pair", "Club Night"]);
        paired["boards"]
            .as_array()
            .unwrap()
            .iter()
            .filter(|b| !engines.iter().any(|e| b["south"] == *e || b["north"] == *e))
            .filter_map(|b| b["match_id"].as_i64())
            .map(|id| id.to_string())
            .collect()
    };
    let (server, line) = Server::start_with(db, &["--results"]);
    let secret = line
        .trim()
        .strip_prefix("result entry secret: ")
        .and_then(|rest| rest.split(' ').next())
        .unwrap_or_else(|| panic!("no secret in {line:?}"))
        .to_string();
    let t = server.json("/api/tournaments")["tournaments"][0]["id"]
        .as_i64()
        .unwrap();
    let page = format!("http://{}/director/{t}", server.addr);
    (server, secret, page, ids)
}

async fn open_desk(c: &Client, page: &str, secret: &str) {
    c.goto(page).await.unwrap();
    assert!(
        wait_for(
            c,
            "document.getElementById('live-state').classList.contains('on')",
            Duration::from_secs(5)
        )
        .await,
        "the page's event stream did not open"
    );
    c.find(Locator::Css("#secret"))
        .await
        .unwrap()
        .send_keys(secret)
        .await
        .unwrap();
}

/// Issue 35: a tap on a board's button stores nothing. With no result chosen the
/// form does not even ask; with one chosen it says what it would store (both names,
/// the result, the seeds) and waits for "Store it". At 390 px both names of every
/// board are on screen, and a board whose player is an engine has no form.
#[test]
fn a_stray_tap_stores_no_result() {
    if !browser_present() {
        return;
    }
    let db = Db::new();
    let (server, secret, page, ids) = director_desk(&db, &["Engine One", "Engine Two"]);
    let t = server.json("/api/tournaments")["tournaments"][0]["id"].clone();
    let driver = start_driver();
    let before = db.bytes();
    common::runtime().block_on(async {
        let c = browser(&driver, 390, 844).await;
        open_desk(&c, &page, &secret).await;
        let f0 = format!("form[data-match='{}']", ids[0]);
        c.find(Locator::Css(&format!("{f0} button.check")))
            .await
            .unwrap()
            .click()
            .await
            .unwrap();
        tokio::time::sleep(Duration::from_millis(500)).await;
        assert!(
            wait_for(
                &c,
                &format!("document.querySelector(\"{f0} .confirm\").hidden"),
                Duration::ZERO
            )
            .await,
            "a tap with no result chosen asked to store one"
        );
        c.find(Locator::Css(&format!("{f0} input[name=seeds]")))
            .await
            .unwrap()
            .send_keys("20,8")
            .await
            .unwrap();
        choose(&c, &f0, "south").await;
        c.find(Locator::Css(&format!("{f0} button.check")))
            .await
            .unwrap()
            .click()
            .await
            .unwrap();
        assert!(
            wait_for(
                &c,
                &format!("!document.querySelector(\"{f0} .confirm\").hidden"),
                Duration::from_secs(3)
            )
            .await,
            "no confirmation"
        );
        let asked = text(&c, &format!("{f0} .confirm-text")).await;
        let south = text(&c, &format!("{f0} .south-name")).await;
        let north = text(&c, &format!("{f0} .north-name")).await;
        for part in [south.as_str(), north.as_str(), "South wins", "20–8"] {
            assert!(asked.contains(part), "{asked:?} does not say {part:?}");
        }
        tokio::time::sleep(Duration::from_millis(700)).await;
        // Both names of every board inside the 390 px screen.
        let outside = c
            .execute(
                "return [...document.querySelectorAll('.south-name, .north-name')].filter(e => { const r = e.getBoundingClientRect(); return r.left < 0 || r.right > document.documentElement.clientWidth; }).map(e => e.textContent);",
                vec![],
            )
            .await
            .unwrap();
        assert_eq!(outside, json!([]), "names off screen at 390 px");
        shot(&c, "director-390").await;
        c.close().await.unwrap();
    });
    assert!(db.bytes() == before, "a stray tap wrote to the database");
    // Not one form for a board with the engine, which the engine plays.
    let page = server.page(&format!("/director/{t}"));
    assert!(page.contains("engine-boards"), "{page}");
    let boards = server.json(&format!("/api/tournaments/{t}"));
    let engine_match = boards["boards"]
        .as_array()
        .unwrap()
        .iter()
        .find(|b| b["round"] == 1 && (b["south"] == "Engine One" || b["north"] == "Engine One"))
        .and_then(|b| b["match_id"].as_i64())
        .unwrap_or_else(|| panic!("no engine board: {boards}"));
    assert!(
        !page.contains(&format!("data-match=\"{engine_match}\"")),
        "the engine's board has a form: {page}"
    );
}

/// Issue 35: the last entry is taken back from the page (a correction with its
/// reason, the entry kept), and a forfeit is entered from the page; at 1920 px.
#[test]
fn a_result_taken_back_and_a_forfeit_from_the_web() {
    if !browser_present() {
        return;
    }
    let db = Db::new();
    let (server, secret, page, ids) = director_desk(&db, &[]);
    let driver = start_driver();
    common::runtime().block_on(async {
        let c = browser(&driver, 1920, 1080).await;
        open_desk(&c, &page, &secret).await;
        let f0 = format!("form[data-match='{}']", ids[0]);
        choose(&c, &f0, "north").await;
        check_and_store(&c, &f0).await;
        // The page refreshes itself once the result is stored; the take-back is
        // still there after it.
        assert!(
            wait_for(
                &c,
                "document.body.dataset.updated >= 1 && !!document.querySelector('#last-entry .take-back-open')",
                Duration::from_secs(5)
            )
            .await,
            "no take-back offered"
        );
        c.find(Locator::Css("#last-entry .take-back-open"))
            .await
            .unwrap()
            .click()
            .await
            .unwrap();
        let tb = "#last-entry form.take-back";
        choose(&c, tb, "draw").await;
        c.find(Locator::Css(&format!("{tb} input[name=seeds]")))
            .await
            .unwrap()
            .send_keys("14,14")
            .await
            .unwrap();
        c.find(Locator::Css(&format!("{tb} input[name=reason]")))
            .await
            .unwrap()
            .send_keys("tapped the wrong board")
            .await
            .unwrap();
        check_and_store(&c, tb).await;
        assert!(
            wait_for(
                &c,
                "document.querySelector('#last-entry').textContent.includes('taken back')",
                Duration::from_secs(5)
            )
            .await,
            "the take-back was not confirmed: {}",
            text(&c, "#last-entry").await
        );
        assert!(
            wait_for(&c, "document.body.dataset.updated >= 2", Duration::from_secs(5)).await,
            "the page did not refresh after the take-back"
        );
        // A forfeit: the second board's South did not come.
        let f1 = format!("form[data-match='{}']", ids[1]);
        choose(&c, &f1, "absent-south").await;
        check_and_store(&c, &f1).await;
        assert!(
            wait_for(&c, &format!("!document.querySelector(\"{f1}\")"), Duration::from_secs(5)).await,
            "the forfeited match is still listed"
        );
        shot(&c, "director-1920").await;
        c.close().await.unwrap();
    });
    let taken_back = db.json(&["match", "show", &ids[0]]);
    let text = taken_back.to_string();
    assert!(text.contains("tapped the wrong board"), "{text}");
    // Corrected to the draw with its seeds (a void is stored as a draw too).
    assert!(text.contains(r#""kind":"match""#), "{text}");
    let shown = server.json(&format!("/api/matches/{}", ids[0]));
    assert_eq!(shown["match"]["winner"], "draw", "{shown}");
    let forfeit = server.json(&format!("/api/matches/{}", ids[1]));
    assert_eq!(forfeit["match"]["winner"], "north", "{forfeit}");
    assert!(forfeit.to_string().contains("forfeit"), "{forfeit}");
}

#[test]
fn the_directors_page_enters_a_result() {
    if !browser_present() {
        return;
    }
    let db = Db::new();
    let ids = club_night(&db);
    let (server, line) = Server::start_with(&db, &["--results"]);
    let secret = line
        .trim()
        .strip_prefix("result entry secret: ")
        .and_then(|rest| rest.split(' ').next())
        .unwrap_or_else(|| panic!("no secret in {line:?}"))
        .to_string();
    let base = format!("http://{}", server.addr);
    let t = server.json("/api/tournaments")["tournaments"][0]["id"]
        .as_i64()
        .unwrap();
    let driver = start_driver();
    let before = db.bytes();
    common::runtime().block_on(async {
        let c = browser(&driver, 400, 900).await;
        c.goto(&format!("{base}/director/{t}")).await.unwrap();
        assert!(
            wait_for(
                &c,
                "document.getElementById('live-state').classList.contains('on')",
                Duration::from_secs(5)
            )
            .await,
            "the page's event stream did not open"
        );
        let form = |id: &str| format!("form[data-match='{id}']");
        let secret_box = c.find(Locator::Css("#secret")).await.unwrap();

        // A wrong secret: refused, said so beside the form.
        secret_box.send_keys(&"0".repeat(32)).await.unwrap();
        let f0 = form(&ids[0]);
        choose(&c, &f0, "draw").await;
        check_and_store(&c, &f0).await;
        assert!(
            wait_for(
                &c,
                &format!(
                    "document.querySelector(\"{f0} .answer\").textContent.includes('Wrong secret')"
                ),
                Duration::from_secs(5)
            )
            .await,
            "no refusal shown: {}",
            text(&c, &format!("{f0} .answer")).await
        );

        // The right one; seeds that do not add up: the CLI's message (409).
        secret_box.clear().await.unwrap();
        secret_box.send_keys(&secret).await.unwrap();
        c.find(Locator::Css(&format!("{f0} input[name=seeds]")))
            .await
            .unwrap()
            .send_keys("1,2")
            .await
            .unwrap();
        check_and_store(&c, &f0).await;
        assert!(
            wait_for(
                &c,
                &format!(
                    "document.querySelector(\"{f0} .answer\").textContent.includes('add up to')"
                ),
                Duration::from_secs(5)
            )
            .await,
            "no CLI message shown: {}",
            text(&c, &format!("{f0} .answer")).await
        );
        assert!(db.bytes() == before, "a refused entry changed the database");

        // North wins, 16 to 12: entered, and the match leaves the list by itself.
        let seeds = c
            .find(Locator::Css(&format!("{f0} input[name=seeds]")))
            .await
            .unwrap();
        seeds.clear().await.unwrap();
        seeds.send_keys("12,16").await.unwrap();
        choose(&c, &f0, "north").await;
        check_and_store(&c, &f0).await;
        assert!(
            wait_for(
                &c,
                &format!("!document.querySelector(\"{f0}\")"),
                Duration::from_secs(3)
            )
            .await,
            "the entered match is still listed"
        );
        assert!(
            wait_for(
                &c,
                &format!("!!document.querySelector(\"{}\")", form(&ids[1])),
                Duration::ZERO
            )
            .await,
            "the other match is gone"
        );
        c.close().await.unwrap();
    });
    let shown = server.json(&format!("/api/matches/{}", ids[0]));
    assert_eq!(shown["match"]["winner"], "north", "{shown}");
    assert_eq!(
        (
            &shown["match"]["final_south"],
            &shown["match"]["final_north"]
        ),
        (&json!(12), &json!(16)),
        "{shown}"
    );
}

/// Issue 35: the projector shows 40 standings rows a page at a time, every row
/// seen over its turns, no column cut off, at 1920 and 1280 px.
#[test]
fn the_projector_pages_through_40_standings_rows() {
    if !browser_present() {
        return;
    }
    let db = Db::new();
    let scripts = ["Player", "Игрок", "لاعب", "ተጫዋች", "选手"];
    let names: Vec<String> = (1..=40)
        .map(|i| format!("{} {i:02}", scripts[i % scripts.len()]))
        .collect();
    for n in &names {
        db.ok(&["player", "add", n]);
    }
    db.ok(&[
        "tournament",
        "new",
        "Open",
        "--variant",
        "tihbat",
        "--system",
        "swiss",
        "--rounds",
        "5",
    ]);
    let mut add = vec!["tournament", "add", "Open"];
    add.extend(names.iter().map(String::as_str));
    db.ok(&add);
    db.ok(&["tournament", "pair", "Open"]);
    let server = Server::start(&db);
    let t = server.json("/api/tournaments")["tournaments"][0]["id"]
        .as_i64()
        .unwrap();
    let page = format!("http://{}/tournaments/{t}/projector?turn=1", server.addr);
    let driver = start_driver();
    common::runtime().block_on(async {
        for (width, height) in [(1920, 1080), (1280, 720)] {
            let c = browser(&driver, width, height).await;
            c.goto(&page).await.unwrap();
            let mut seen = std::collections::BTreeSet::new();
            let mut pages_seen = std::collections::BTreeSet::new();
            let deadline = Instant::now() + Duration::from_secs(40);
            while seen.len() < names.len() && Instant::now() < deadline {
                let now = c
                    .execute(
                        r#"const slide = document.querySelectorAll('.slide')[1];
                           if (!slide || !slide.classList.contains('shown')) return null;
                           const width = document.documentElement.clientWidth;
                           const cut = [...slide.querySelectorAll('th, td')].some(e => e.getBoundingClientRect().right > width + 1);
                           const rows = [...slide.querySelectorAll('tbody tr')].filter(r => {
                             const b = r.getBoundingClientRect();
                             return b.height > 0 && b.bottom <= window.innerHeight; });
                           return { cut, turn: document.body.dataset.turn,
                                    names: rows.map(r => r.children[1].textContent.trim()) };"#,
                        vec![],
                    )
                    .await
                    .unwrap();
                if !now.is_null() {
                    assert_eq!(now["cut"], json!(false), "{width} px: a column cut off");
                    pages_seen.insert(now["turn"].as_str().unwrap_or("").to_string());
                    for n in now["names"].as_array().unwrap() {
                        seen.insert(n.as_str().unwrap().to_string());
                    }
                    if width == 1920 && pages_seen.len() == 1 {
                        shot(&c, "projector-standings-1920").await;
                    }
                }
                tokio::time::sleep(Duration::from_millis(200)).await;
            }
            let missing: Vec<_> = names.iter().filter(|n| !seen.contains(*n)).collect();
            assert!(
                missing.is_empty(),
                "{width} px: never shown: {missing:?} (pages seen {pages_seen:?})"
            );
            assert!(pages_seen.len() > 1, "{width} px: one page of 40 rows: {pages_seen:?}");
            c.close().await.unwrap();
        }
    });
}

/// Issue 35: on a phone (390 px) the standings show each row's place, name and
/// points without scrolling sideways, however long a name is.
#[test]
fn the_phone_standings_show_place_name_and_points() {
    if !browser_present() {
        return;
    }
    let db = Db::new();
    let long = "Alexandria Konstantinopoulou-Papadopoulou";
    for p in PLAYERS.iter().chain([&long]) {
        db.ok(&["player", "add", p]);
    }
    db.ok(&[
        "tournament",
        "new",
        "Club Night",
        "--variant",
        "tihbat",
        "--system",
        "swiss",
        "--rounds",
        "3",
    ]);
    let mut add = vec!["tournament", "add", "Club Night", long];
    add.extend(PLAYERS);
    db.ok(&add);
    db.ok(&["tournament", "pair", "Club Night"]);
    let server = Server::start(&db);
    let t = server.json("/api/tournaments")["tournaments"][0]["id"]
        .as_i64()
        .unwrap();
    let driver = start_driver();
    common::runtime().block_on(async {
        let c = browser(&driver, 390, 844).await;
        c.goto(&format!("http://{}/tournaments/{t}", server.addr))
            .await
            .unwrap();
        let off = c
            .execute(
                r#"const width = document.documentElement.clientWidth;
                   const rows = [...document.querySelectorAll('table.standings tbody tr')];
                   if (rows.length === 0) return ['no standings'];
                   return rows.filter(r => [0, 1, 2].some(i => r.children[i].getBoundingClientRect().right > width))
                              .map(r => r.children[1].textContent.trim() + ' ' + width + ' ' + [0, 1, 2].map(i => Math.round(r.children[i].getBoundingClientRect().right)).join(','));"#,
                vec![],
            )
            .await
            .unwrap();
        assert_eq!(off, json!([]), "place, name or points off screen at 390 px");
        c.close().await.unwrap();
    });
}

/// Issue 35: at 390 and 1920 px an Arabic page runs right to left (its headings
/// start at the right edge, the standings' first column is the rightmost, and
/// nothing makes the page scroll sideways), and `?lang=fr` gives French words,
/// remembered on the next page opened without it. `GOOBALAY_SCREENSHOTS` also
/// keeps the Arabic page at 390 px and the French projector at 1920 px.
#[test]
fn an_arabic_page_runs_right_to_left_and_french_is_remembered() {
    if !browser_present() {
        return;
    }
    let db = Db::new();
    let ids = club_night(&db);
    db.ok(&["match", "result", &ids[0], "--match", "draw"]);
    let server = Server::start(&db);
    let t = server.json("/api/tournaments")["tournaments"][0]["id"]
        .as_i64()
        .unwrap();
    let base = format!("http://{}", server.addr);
    let driver = start_driver();
    common::runtime().block_on(async {
        for (width, height) in [(390, 844), (1920, 1080)] {
            let c = browser(&driver, width, height).await;
            c.goto(&format!("{base}/tournaments/{t}?lang=ar")).await.unwrap();
            let layout = c
                .execute(
                    r#"const html = document.documentElement;
                       const main = document.getElementById('live').getBoundingClientRect();
                       const h1 = document.querySelector('h1');
                       const text = document.createRange();
                       text.selectNodeContents(h1);
                       const words = text.getBoundingClientRect();
                       const heads = [...document.querySelectorAll('table.standings thead th')]
                         .map(th => th.getBoundingClientRect());
                       return { dir: html.dir, lang: html.lang, computed: getComputedStyle(document.body).direction,
                                gapRight: main.right - words.right, gapLeft: words.left - main.left,
                                firstRight: heads[0].right, secondRight: heads[1].right,
                                standings: document.querySelector('#standings h2').textContent,
                                wide: html.scrollWidth - window.innerWidth };"#,
                    vec![],
                )
                .await
                .unwrap();
            assert_eq!(layout["dir"], json!("rtl"), "{width} px: {layout}");
            assert_eq!(layout["lang"], json!("ar"), "{width} px: {layout}");
            assert_eq!(layout["computed"], json!("rtl"), "{width} px: {layout}");
            let gap = |k: &str| layout[k].as_f64().unwrap();
            assert!(gap("gapRight").abs() <= 1.0, "{width} px: the heading does not start at the right: {layout}");
            assert!(gap("gapLeft") > 0.0, "{width} px: {layout}");
            assert!(gap("firstRight") > gap("secondRight"), "{width} px: the first column is not the rightmost: {layout}");
            assert!(layout["standings"].as_str().unwrap().starts_with("الترتيب"), "{width} px: {layout}");
            assert!(gap("wide") <= 0.0, "{width} px: the Arabic page scrolls sideways: {layout}");
            if width == 390 {
                shot(&c, "arabic-390").await;
            }

            // French, chosen once and remembered.
            c.goto(&format!("{base}/tournaments/{t}/projector?lang=fr&turn=2")).await.unwrap();
            assert_eq!(text(&c, ".slide.shown h2").await.split(' ').next(), Some("Ronde"));
            c.goto(&format!("{base}/tournaments/{t}")).await.unwrap();
            let html = c.execute("return [document.documentElement.lang, document.documentElement.dir];", vec![]).await.unwrap();
            assert_eq!(html, json!(["fr", "ltr"]), "{width} px: ?lang=fr was not remembered");
            let standings = text(&c, "#standings").await;
            assert!(standings.starts_with("Classement"), "{width} px: {standings}");
            assert!(standings.contains("0,5"), "{width} px: a half point in French: {standings}");
            if width == 1920 {
                c.goto(&format!("{base}/tournaments/{t}/projector?turn=2")).await.unwrap();
                assert!(
                    wait_for(&c, "document.querySelectorAll('.slide')[1].classList.contains('shown')", Duration::from_secs(6)).await,
                    "the standings slide did not come"
                );
                shot(&c, "projector-fr-1920").await;
            }
            c.close().await.unwrap();
        }
    });
}

/// The codes printed on the players' slips, in print order (board by board, South
/// first).
fn slip_codes(slips: &str) -> Vec<String> {
    slips
        .lines()
        .filter_map(|l| l.trim().strip_prefix("Your code: "))
        .map(|rest| rest.split_whitespace().next().unwrap().to_string())
        .collect()
}

/// On a phone at 390 px: the code, the match it reports, a result chosen and
/// checked, then sent; returns the answer shown.
async fn report_on_phone(c: &Client, code: &str, result: &str, screenshot: bool) -> String {
    let field = c.find(Locator::Css("#code")).await.unwrap();
    field.clear().await.unwrap();
    field.send_keys(code).await.unwrap();
    c.find(Locator::Css("#report-code button[type=submit]"))
        .await
        .unwrap()
        .click()
        .await
        .unwrap();
    assert!(
        wait_for(
            c,
            "!document.getElementById('report-match').hidden",
            Duration::from_secs(15)
        )
        .await,
        "the code's match was not shown: {}",
        text(c, "#code-answer").await
    );
    c.find(Locator::Css(&format!(
        "#report-result input[value={result}]"
    )))
    .await
    .unwrap()
    .click()
    .await
    .unwrap();
    c.find(Locator::Css("#report-result button.check"))
        .await
        .unwrap()
        .click()
        .await
        .unwrap();
    assert!(
        wait_for(
            c,
            "!document.querySelector('#report-result .confirm').hidden",
            Duration::from_secs(15)
        )
        .await
    );
    if screenshot {
        shot(c, "report-390").await;
    }
    c.find(Locator::Css("#report-result button.store"))
        .await
        .unwrap()
        .click()
        .await
        .unwrap();
    assert!(
        wait_for(
            c,
            "/^(Kept|Stored|Refused)/.test(document.getElementById('report-answer').textContent)",
            Duration::from_secs(15)
        )
        .await
    );
    text(c, "#report-answer").await
}

/// Issue 35: a player reports on their phone (390 px), the opponent confirms with
/// their own code, and the result shows by itself on the tournament's page left
/// open on the projector laptop (1920 px); a wrong code is refused, nothing
/// written, and counted on the director's page.
#[test]
fn a_players_report_confirmed_by_the_opponent_shows_live_and_a_wrong_code_is_counted() {
    if !browser_present() {
        return;
    }
    let db = Db::new();
    let (server, secret, desk, ids) = director_desk(&db, &[]);
    let slips = db.ok(&["tournament", "pairings", "Club Night", "--layout", "slips"]);
    let codes = slip_codes(&slips);
    assert_eq!(codes.len(), 4, "{slips}");
    let t = server.json("/api/tournaments")["tournaments"][0]["id"]
        .as_i64()
        .unwrap();
    let board = |m: &str| {
        server.json(&format!("/api/tournaments/{t}"))["boards"]
            .as_array()
            .unwrap()
            .iter()
            .find(|b| b["match_id"].as_i64().map(|i| i.to_string()).as_deref() == Some(m))
            .cloned()
            .unwrap()
    };
    let first = board(&ids[0]);
    let (south, north) = (
        first["south"].as_str().unwrap().to_string(),
        first["north"].as_str().unwrap().to_string(),
    );
    let driver = start_driver();
    common::runtime().block_on(async {
        let wall = browser(&driver, 1920, 1080).await;
        wall.goto(&format!("http://{}/tournaments/{t}", server.addr))
            .await
            .unwrap();
        assert!(
            wait_for(
                &wall,
                "document.getElementById('live-state').classList.contains('on')",
                Duration::from_secs(15)
            )
            .await
        );
        let phone = browser(&driver, 390, 844).await;
        phone
            .goto(&format!("http://{}/report", server.addr))
            .await
            .unwrap();
        // South's report is kept; the result waits for North.
        let said = report_on_phone(&phone, &codes[0], "south", true).await;
        assert!(said.starts_with("Kept"), "{said}");
        let shown = text(&phone, "#report-match .match-text").await;
        assert!(
            shown.contains(&south) && shown.contains(&north),
            "{shown}"
        );
        assert_eq!(board(&ids[0])["result"], "*");
        // North confirms with their code: stored, and the wall shows it unasked.
        let said = report_on_phone(&phone, &codes[1], "south", false).await;
        assert!(said.starts_with("Stored"), "{said}");
        assert_eq!(board(&ids[0])["result"], "1-0");
        assert!(
            wait_for(
                &wall,
                &format!(
                    "Number(document.body.dataset.updated || 0) > 0 && [...document.querySelectorAll('#live tr')].some(r => r.textContent.includes({south:?}) && r.textContent.includes({north:?}) && r.textContent.includes('1-0'))"
                ),
                Duration::from_secs(20)
            )
            .await,
            "the open page did not show the confirmed result"
        );
        // A wrong code: refused on the page, nothing written, counted for the director.
        // The files are read once they have settled: the server's poll (every
        // `serve::live::POLL`, 500 ms) keeps as a cache the rows the pages read after
        // the confirmed result, so the files must stay the same over more than two
        // polls before they are taken as "before".
        let mut before = db.bytes();
        for _ in 0..10 {
            tokio::time::sleep(Duration::from_millis(1200)).await;
            let now = db.bytes();
            if now == before {
                break;
            }
            before = now;
        }
        let field = phone.find(Locator::Css("#code")).await.unwrap();
        field.clear().await.unwrap();
        field.send_keys("ZZZZ-ZZZZ").await.unwrap();
        phone
            .find(Locator::Css("#report-code button[type=submit]"))
            .await
            .unwrap()
            .click()
            .await
            .unwrap();
        assert!(
            wait_for(
                &phone,
                "document.getElementById('code-answer').classList.contains('refused')",
                Duration::from_secs(15)
            )
            .await
        );
        let refused = text(&phone, "#code-answer").await;
        assert!(refused.contains("not a report code"), "{refused}");
        assert_eq!(refused.lines().count(), 1, "{refused}");
        let after = db.bytes();
        assert!(
            after == before,
            "a wrong code wrote to the database (bytes of the file and its -wal: {:?} before, {:?} after)",
            before.iter().map(Vec::len).collect::<Vec<_>>(),
            after.iter().map(Vec::len).collect::<Vec<_>>()
        );
        open_desk(&wall, &desk, &secret).await;
        assert_eq!(text(&wall, "#wrong-codes .count").await, "1");
        phone.close().await.unwrap();
        wall.close().await.unwrap();
    });
}

/// Issue 35 point 4: the report page's script writes in the page's language. In
/// French at 390 px the code's match, the choices, the question before sending
/// and the answer are French; in Arabic the page runs right to left and a wrong
/// code is refused in Arabic.
#[test]
fn the_report_page_speaks_french_and_arabic_in_a_browser() {
    if !browser_present() {
        return;
    }
    let db = Db::new();
    let (server, _, _, _) = director_desk(&db, &[]);
    let slips = db.ok(&["tournament", "pairings", "Club Night", "--layout", "slips"]);
    let codes = slip_codes(&slips);
    let driver = start_driver();
    common::runtime().block_on(async {
        let phone = browser(&driver, 390, 844).await;
        phone
            .goto(&format!("http://{}/report?lang=fr", server.addr))
            .await
            .unwrap();
        phone.find(Locator::Css("#code")).await.unwrap().send_keys(&codes[0]).await.unwrap();
        phone.find(Locator::Css("#report-code button[type=submit]")).await.unwrap().click().await.unwrap();
        assert!(
            wait_for(&phone, "!document.getElementById('report-match').hidden", Duration::from_secs(15)).await,
            "the code's match was not shown: {}",
            text(&phone, "#code-answer").await
        );
        let shown = text(&phone, "#report-match .match-text").await;
        assert!(shown.contains("Club Night, ronde 1, table 1 : ") && shown.contains("(Sud) contre"), "{shown}");
        assert!(shown.contains("Vous êtes ") && shown.ends_with("(Sud)."), "{shown}");
        let choice = text(&phone, "#report-result .south-won").await;
        assert!(choice.starts_with("Sud gagne : "), "{choice}");
        phone.find(Locator::Css("#report-result input[value=south]")).await.unwrap().click().await.unwrap();
        phone.find(Locator::Css("#report-result input[name=seeds]")).await.unwrap().send_keys("20,8").await.unwrap();
        phone.find(Locator::Css("#report-result button.check")).await.unwrap().click().await.unwrap();
        assert!(
            wait_for(&phone, "!document.querySelector('#report-result .confirm').hidden", Duration::from_secs(15)).await
        );
        let asked = text(&phone, "#report-result .confirm-text").await;
        assert!(asked.starts_with("Déclarer : ") && asked.ends_with("(Sud) a gagné, 20–8 ?"), "{asked}");
        phone.find(Locator::Css("#report-result button.store")).await.unwrap().click().await.unwrap();
        assert!(
            wait_for(
                &phone,
                "/^(Gardé|Enregistré|Refusé)/.test(document.getElementById('report-answer').textContent)",
                Duration::from_secs(15)
            )
            .await,
            "no answer in French: {}",
            text(&phone, "#report-answer").await
        );
        let said = text(&phone, "#report-answer").await;
        assert!(said.starts_with("Gardé : ") && said.contains("(Sud) a gagné, 20–8"), "{said}");

        // Arabic: right to left, and a wrong code refused in Arabic.
        phone
            .goto(&format!("http://{}/report?lang=ar", server.addr))
            .await
            .unwrap();
        let dir = phone.execute("return [document.documentElement.dir, getComputedStyle(document.body).direction];", vec![]).await.unwrap();
        assert_eq!(dir, json!(["rtl", "rtl"]));
        assert_eq!(text(&phone, "h1").await, "أبلِغ عن نتيجتك");
        phone.find(Locator::Css("#code")).await.unwrap().send_keys("ZZZZ-ZZZZ").await.unwrap();
        phone.find(Locator::Css("#report-code button[type=submit]")).await.unwrap().click().await.unwrap();
        assert!(
            wait_for(&phone, "document.getElementById('code-answer').classList.contains('refused')", Duration::from_secs(15)).await
        );
        let refused = text(&phone, "#code-answer").await;
        assert!(refused.starts_with("رُفض") && refused.contains("هذا ليس رمز إبلاغ"), "{refused}");
        phone.close().await.unwrap();
    });
}
