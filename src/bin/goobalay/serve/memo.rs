//! The tournament documents of the API (`/api/tournaments/ID`, `.../standings`,
//! `.../crosstable`) kept between requests: each request first reads the
//! tournament's revision ([`views::tournament_revision`], one statement), then gives
//! the document kept for that revision if there is one, otherwise reads the
//! tournament (with its revision, in one transaction), makes the document and keeps
//! it. So a result committed by any process is in the very next answer, as when
//! every request read the whole tournament, but a revision's document is read and
//! made once, not once per request.
//!
//! One document is kept per tournament and per kind, replaced when the revision
//! moves. A document is kept as its bytes around the `date` (the time of the
//! answer, written at each request), so the answer is byte for byte the one the
//! document's JSON would give. While one request makes a tournament's document,
//! the others asking for it wait and take it (no crowd of loads when a result comes
//! in). A tournament whose entrants take today's ratings (see
//! [`views::TournamentRevision::keepable`]) is read at every request, as before.

use std::collections::HashMap;
use std::sync::{Arc, Mutex};
use std::time::Instant;

use axum::http::{HeaderValue, header};
use axum::response::{IntoResponse, Response};
use goobalay::app::Database;
use goobalay::app::TournamentKey;
use goobalay::app::views::{self, TournamentRevision, TournamentView};
use serde_json::{Map, Value};

/// Which document of a tournament.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Doc {
    Tournament,
    Standings,
    Crosstable,
}

/// A document made at `revision`: its JSON bytes before and after the date's value.
struct Kept {
    revision: TournamentRevision,
    /// When the read it was made from began: a request that began checking
    /// before then may take it whatever revision it saw (it is at least as new).
    started: Instant,
    head: Vec<u8>,
    tail: Vec<u8>,
}

impl Kept {
    fn answer(&self, date: &str) -> Response {
        let date = serde_json::to_vec(date).expect("a string always serializes");
        let mut body = Vec::with_capacity(self.head.len() + date.len() + self.tail.len());
        body.extend_from_slice(&self.head);
        body.extend_from_slice(&date);
        body.extend_from_slice(&self.tail);
        (
            [(
                header::CONTENT_TYPE,
                HeaderValue::from_static("application/json"),
            )],
            body,
        )
            .into_response()
    }
}

#[derive(Default)]
struct Slot {
    kept: Mutex<Option<Arc<Kept>>>,
    /// Held while the document is made, so that it is made once.
    making: tokio::sync::Mutex<()>,
}

impl Slot {
    /// The kept document if a request that read `revision` (its check begun at
    /// `asked`) may give it.
    fn usable(&self, revision: &TournamentRevision, asked: Instant) -> Option<Arc<Kept>> {
        let kept = self.kept.lock().expect("never poisoned").clone()?;
        (kept.revision == *revision || kept.started >= asked).then_some(kept)
    }
}

/// The kept documents: one slot per tournament and kind.
#[derive(Default)]
pub struct Memo {
    slots: Mutex<HashMap<(i64, Doc), Arc<Slot>>>,
}

/// What [`Memo::answer`] gives.
pub enum Outcome {
    /// The answer, made or kept.
    Answer(Response),
    /// No such tournament.
    Unknown,
}

impl Memo {
    fn slot(&self, id: i64, doc: Doc) -> Arc<Slot> {
        self.slots
            .lock()
            .expect("never poisoned")
            .entry((id, doc))
            .or_default()
            .clone()
    }

    /// Tournament `id`'s document `doc` as `make` writes it from the view (its
    /// `date` field is replaced by `date()`'s at each answer).
    pub async fn answer(
        &self,
        store: &impl Database,
        id: i64,
        doc: Doc,
        make: impl Fn(&TournamentView) -> Value,
        date: impl Fn() -> String,
    ) -> goobalay::app::Result<Outcome> {
        let asked = Instant::now();
        let Some(revision) = views::tournament_revision(store, id).await? else {
            return Ok(Outcome::Unknown);
        };
        if !revision.keepable() {
            return Ok(
                match views::tournament(store, TournamentKey::Id(id)).await? {
                    Some(v) => Outcome::Answer(axum::Json(make(&v)).into_response()),
                    None => Outcome::Unknown,
                },
            );
        }
        let slot = self.slot(id, doc);
        if let Some(kept) = slot.usable(&revision, asked) {
            return Ok(Outcome::Answer(kept.answer(&date())));
        }
        let _making = slot.making.lock().await;
        if let Some(kept) = slot.usable(&revision, asked) {
            return Ok(Outcome::Answer(kept.answer(&date())));
        }
        let started = Instant::now();
        let Some((revision, view)) = views::tournament_at(store, id).await? else {
            return Ok(Outcome::Unknown);
        };
        let (head, tail) = around_date(make(&view));
        let kept = Arc::new(Kept {
            revision,
            started,
            head,
            tail,
        });
        if kept.revision.keepable() {
            *slot.kept.lock().expect("never poisoned") = Some(kept.clone());
        }
        Ok(Outcome::Answer(kept.answer(&date())))
    }
}

/// A JSON object's compact bytes before and after the value of its `date` field
/// (written in the object's own order of fields, as serializing the whole gives it).
fn around_date(v: Value) -> (Vec<u8>, Vec<u8>) {
    let Value::Object(fields) = v else {
        unreachable!("a document is an object")
    };
    let (mut before, mut after) = (Map::new(), Map::new());
    let mut seen = false;
    for (k, v) in fields {
        if k == "date" {
            seen = true;
        } else if seen {
            after.insert(k, v);
        } else {
            before.insert(k, v);
        }
    }
    debug_assert!(seen, "a document has a date");
    let mut head = serde_json::to_vec(&Value::Object(before)).expect("JSON serializes");
    head.pop(); // the closing brace
    if head.len() > 1 {
        head.push(b',');
    }
    head.extend_from_slice(b"\"date\":");
    let after = serde_json::to_vec(&Value::Object(after)).expect("JSON serializes");
    let tail = if after.len() > 2 {
        let mut tail = vec![b','];
        tail.extend_from_slice(&after[1..]);
        tail
    } else {
        b"}".to_vec()
    };
    (head, tail)
}

#[cfg(test)]
mod tests {
    use super::around_date;
    use serde_json::json;

    #[test]
    fn the_bytes_around_the_date_are_the_whole_documents() {
        for v in [
            json!({ "date": "D", "progress": { "state": "x" }, "standings": [1, 2], "tournament": "Ü \"q\"" }),
            json!({ "crosstable": { "rounds": 3 }, "date": "D", "progress": null, "tournament": "T" }),
            json!({ "boards": [], "corrections": [], "crosstable": {}, "date": "D", "entrants": [{ "name": "李娜" }] }),
            json!({ "date": "D" }),
            json!({ "a": 1, "date": "D" }),
        ] {
            let (head, tail) = around_date(v.clone());
            let mut whole = head;
            whole.extend_from_slice(b"\"D\"");
            whole.extend_from_slice(&tail);
            assert_eq!(
                String::from_utf8(whole).unwrap(),
                serde_json::to_string(&v).unwrap()
            );
        }
    }
}
