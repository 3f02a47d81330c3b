//! The fixture cache: a tournament's match and bye rows, as the loader reads them,
//! kept in one compact value per tournament (table `fixture_cache`), so that a
//! tournament read again and again without a change in between (the standings on the
//! room's screen, on phones, at the desk) costs one row instead of one per match.
//!
//! It holds no record and decides nothing: the rows are turned into fixtures by the
//! same code whether they come from the tables or from the cache. The database
//! itself raises `fixture_cache.revision` (triggers of migration 20261202400000;
//! on PostgreSQL once per statement and tournament, and once per transaction,
//! since 20261207200000) whenever anything the rows are read from is written: a
//! match, a hand, a closing, a correction, a bye. Raising it once per transaction
//! is enough because a body is only ever saved from rows read in a read-only
//! transaction, after the writing one committed. A body is used only while it was made at the current
//! revision and in the current [`FORMAT`]; otherwise the tables are read and the
//! body made again. A body is saved when the command that read it has succeeded
//! ([`Store::keep_caches`]), outside the reader's transaction, only if the revision
//! is still the one it was read at; a save that fails (a busy or read-only
//! database) costs nothing but the next read's time.

use super::sql::{AsConn, Row, query};
use super::{Store, StoreError};

/// The layout of a body: the first byte of each. Raise it whenever
/// [`MatchRowData`] or [`ByeRowData`] changes (a test pins the encoding).
pub(crate) const FORMAT: u8 = 1;

pub(crate) use crate::app::records::{ByeRowData, FixtureRowSink, FixtureRows, MatchRowData, Text};

impl MatchRowData {
    /// The number of fields (each at least one byte when encoded).
    const FIELDS: usize = 23;
}

/// A narrow column: an integer that fits `i32`, or a decode error naming the column.
fn small(r: &Row, column: &str) -> Result<Option<i32>, sqlx::Error> {
    r.try_get::<Option<i64>>(column)?
        .map(i32::try_from)
        .transpose()
        .map_err(|e| sqlx::Error::ColumnDecode {
            index: column.to_string(),
            source: Box::new(e),
        })
}

/// A correction's columns as a match row keeps them (`match_corrections`): the
/// whole-match correction that stands.
pub(crate) struct WholeCorrection {
    pub kind: String,
    pub absent: Option<String>,
    pub south: Option<i64>,
    pub north: Option<i64>,
}

impl FixtureRows {
    fn intern(&mut self, value: Option<String>) -> Text {
        let Some(value) = value else { return 0 };
        let at = match self.texts.iter().position(|t| *t == value) {
            Some(at) => at,
            None => {
                self.texts.push(value);
                self.texts.len() - 1
            }
        };
        at as Text + 1
    }

    /// Adds a row of the loader's match query, with the whole-match correction that
    /// stands (if any).
    pub(crate) fn push_match(
        &mut self,
        r: &Row,
        whole: Option<&WholeCorrection>,
    ) -> Result<(), sqlx::Error> {
        let mut text = |column: &str| Ok::<_, sqlx::Error>(self.intern(r.try_get(column)?));
        let winner = text("winner")?;
        let south_engine = text("south_engine")?;
        let north_engine = text("north_engine")?;
        let closing = text("closing")?;
        let absent = text("absent")?;
        let whole_kind = self.intern(whole.map(|c| c.kind.clone()));
        let whole_absent = self.intern(whole.and_then(|c| c.absent.clone()));
        let narrow = |column: &str, v: Option<i64>| {
            v.map(i32::try_from)
                .transpose()
                .map_err(|e| sqlx::Error::ColumnDecode {
                    index: column.to_string(),
                    source: Box::new(e),
                })
        };
        self.matches.push(MatchRowData {
            id: r.try_get("id")?,
            round: small(r, "round")?,
            south_id: r.try_get("south_id")?,
            north_id: r.try_get("north_id")?,
            winner,
            final_south: small(r, "final_south")?,
            final_north: small(r, "final_north")?,
            hands_played: small(r, "hands_played")?.unwrap_or(0),
            seed: r.try_get("seed")?,
            south_engine,
            north_engine,
            closing,
            absent,
            closing_south: small(r, "closing_south")?,
            closing_north: small(r, "closing_north")?,
            sum_south: small(r, "sum_south")?,
            sum_north: small(r, "sum_north")?,
            corrected_south: small(r, "corrected_south")?,
            corrected_north: small(r, "corrected_north")?,
            whole_kind,
            whole_absent,
            whole_south: narrow("whole_south", whole.and_then(|c| c.south))?,
            whole_north: narrow("whole_north", whole.and_then(|c| c.north))?,
        });
        Ok(())
    }

    pub(crate) fn encode(&self) -> Vec<u8> {
        let mut body = vec![FORMAT];
        postcard::to_io(self, &mut body).expect("writing to a Vec cannot fail");
        body
    }

    /// `None`: a body of another format (or damaged): read the tables instead.
    pub(crate) fn decode(body: &[u8]) -> Option<FixtureRows> {
        let mut reader = BodyReader::open(body)?;
        let mut matches = Vec::with_capacity(reader.left as usize);
        for row in reader.by_ref() {
            matches.push(row);
        }
        let byes = reader.byes()?;
        Some(FixtureRows {
            texts: reader.texts,
            matches,
            byes,
        })
    }
}

/// A cache body read a match row at a time (a 100,000-match body need not be held
/// as rows as well as fixtures): the texts first, then the matches (the iterator),
/// then [`BodyReader::byes`]. A damaged body ends the rows early and `byes` says
/// `None`.
pub(crate) struct BodyReader<'a> {
    pub texts: Vec<String>,
    /// How many texts the body has (`texts` may be taken away).
    text_count: usize,
    rest: &'a [u8],
    left: u64,
    damaged: bool,
}

impl<'a> BodyReader<'a> {
    /// `None`: a body of another format, or damaged before its first row.
    pub(crate) fn open(body: &'a [u8]) -> Option<Self> {
        let (&format, rest) = body.split_first()?;
        if format != FORMAT {
            return None;
        }
        // Field by field, as the derived encoding wrote them, so that a caller can
        // allocate the match list once at its length (serde's own `Vec` grows by
        // doubling from a cautious 4,000 or so: copies and page faults).
        let (texts, rest) = postcard::take_from_bytes::<Vec<String>>(rest).ok()?;
        let (left, rest) = postcard::take_from_bytes::<u64>(rest).ok()?;
        // Each row takes at least one byte per field: a larger count is damage.
        if left > (rest.len() / MatchRowData::FIELDS) as u64 {
            return None;
        }
        Some(BodyReader {
            text_count: texts.len(),
            texts,
            rest,
            left,
            damaged: false,
        })
    }

    /// The byes, once every row was read; `None` if the body was damaged anywhere.
    pub(crate) fn byes(&self) -> Option<Vec<ByeRowData>> {
        if self.damaged || self.left > 0 {
            return None;
        }
        match postcard::take_from_bytes::<Vec<ByeRowData>>(self.rest) {
            Ok((byes, [])) => Some(byes),
            _ => None,
        }
    }
}

impl Iterator for BodyReader<'_> {
    type Item = MatchRowData;

    fn next(&mut self) -> Option<MatchRowData> {
        if self.left == 0 || self.damaged {
            return None;
        }
        let n = self.text_count as Text;
        // postcard's own reader: a hand-written one saved nothing measurable of a
        // standings command (issue 24: 34-37 ms of CPU either way).
        match postcard::take_from_bytes::<MatchRowData>(self.rest).ok() {
            Some((row, after))
                if [
                    row.winner,
                    row.south_engine,
                    row.north_engine,
                    row.closing,
                    row.absent,
                    row.whole_kind,
                    row.whole_absent,
                ]
                .iter()
                .all(|&t| t <= n) =>
            {
                self.rest = after;
                self.left -= 1;
                Some(row)
            }
            _ => {
                self.damaged = true;
                None
            }
        }
    }

    fn size_hint(&self) -> (usize, Option<usize>) {
        let left = if self.damaged { 0 } else { self.left as usize };
        (left, Some(left))
    }
}

/// A current cache body, handed to a load's [`FixtureRowSink`]: it keeps the row the
/// body was read in (a 100,000-match body is 4 MB, and a copy of it costs a thousand
/// fresh pages) and decodes the match rows a batch at a time, each batch through a
/// [`BodyReader`] over the rest of the body.
pub(crate) struct CachedRows {
    cache: CacheRow,
    texts: Vec<String>,
    text_count: usize,
    rows: usize,
    /// Where the next batch starts in the body.
    at: usize,
    left: u64,
    damaged: bool,
    /// The buffer of the batch handed out last, kept from batch to batch (a fresh
    /// one would be fresh pages each time).
    batch: Vec<MatchRowData>,
}

impl CachedRows {
    /// Rows decoded at once: enough that finding the body in its row again costs
    /// nothing measurable, few enough to stay in the processor's cache.
    const BATCH: usize = 1024;

    /// `None`: no current body, or one of another format or damaged before its
    /// first row.
    pub(crate) fn open(cache: CacheRow) -> Result<Option<CachedRows>, sqlx::Error> {
        let Some(body) = cache.body()? else {
            return Ok(None);
        };
        let Some(mut reader) = BodyReader::open(body) else {
            return Ok(None);
        };
        let at = body.len() - reader.rest.len();
        let texts = std::mem::take(&mut reader.texts);
        let (text_count, left) = (reader.text_count, reader.left);
        Ok(Some(CachedRows {
            cache,
            texts,
            text_count,
            rows: left as usize,
            at,
            left,
            damaged: false,
            batch: Vec::with_capacity(Self::BATCH),
        }))
    }

    /// The rest of the body, read as a [`BodyReader`] from where the last batch ended.
    fn reader(&self) -> Option<BodyReader<'_>> {
        let body = self.cache.body().ok()??;
        Some(BodyReader {
            texts: Vec::new(),
            text_count: self.text_count,
            rest: body.get(self.at..)?,
            left: self.left,
            damaged: self.damaged,
        })
    }

    /// Hands the body's rows to `sink`, a batch decoded at a time; `false`: the body
    /// turned out damaged part way (no byes given), and `sink` is to start again.
    pub(crate) fn feed(mut self, sink: &mut impl FixtureRowSink) -> Result<bool, StoreError> {
        sink.start(&self.texts, self.rows);
        loop {
            let rows = self.next_rows();
            if rows.is_empty() {
                break;
            }
            for &row in rows {
                sink.push_match(row)?;
            }
        }
        // The byes come after the rows: only a body read whole has them.
        let Some(byes) = self.reader().and_then(|r| r.byes()) else {
            return Ok(false);
        };
        sink.push_byes(&byes);
        Ok(true)
    }

    /// The next rows in order; none: every row was read, or the body was found
    /// damaged.
    fn next_rows(&mut self) -> &[MatchRowData] {
        let mut batch = std::mem::take(&mut self.batch);
        batch.clear();
        if self.left > 0 && !self.damaged {
            match self.reader() {
                Some(mut reader) => {
                    let unread = reader.rest.len();
                    batch.extend(reader.by_ref().take(Self::BATCH));
                    let (read, left, damaged) =
                        (unread - reader.rest.len(), reader.left, reader.damaged);
                    self.at += read;
                    self.left = left;
                    self.damaged = damaged;
                }
                None => self.damaged = true,
            }
        }
        self.batch = batch;
        &self.batch
    }
}

/// What a tournament's cache holds when read: the current revision, and the rows if
/// the body is current.
pub(crate) struct CacheState {
    pub revision: i64,
    pub rows: Option<FixtureRows>,
}

/// Reads the cache of tournament `tid` (`None`: it has no cache row, which only a
/// database made before the cache and not migrated could lack).
pub(crate) async fn read(
    conn: &mut impl AsConn,
    tid: i64,
) -> Result<Option<CacheState>, sqlx::Error> {
    let Some(cache) = read_body(conn, tid).await? else {
        return Ok(None);
    };
    Ok(Some(CacheState {
        revision: cache.revision,
        rows: cache.body()?.and_then(FixtureRows::decode),
    }))
}

/// A tournament's cache row as read, undecoded.
pub(crate) struct CacheRow {
    pub revision: i64,
    row: Row,
}

impl CacheRow {
    /// The body if it is current, borrowed from the row: a 100,000-match body is
    /// 4 MB, and each copy of it costs a thousand fresh pages.
    pub(crate) fn body(&self) -> Result<Option<&[u8]>, sqlx::Error> {
        self.row.bytes("body")
    }
}

/// The cache of tournament `tid` (`None`: no cache row).
pub(crate) async fn read_body(
    conn: &mut impl AsConn,
    tid: i64,
) -> Result<Option<CacheRow>, sqlx::Error> {
    let Some(row) = query(
        "SELECT revision,
                CASE WHEN cached_revision = revision THEN body END AS body
         FROM fixture_cache WHERE tournament_id = $1",
    )
    .bind(tid)
    .fetch_optional(&mut *conn)
    .await?
    else {
        return Ok(None);
    };
    Ok(Some(CacheRow {
        revision: row.try_get("revision")?,
        row,
    }))
}

/// Rows read from the tables at `revision`, to be kept for the next reader. They
/// are encoded only when saved, so a store that cannot keep them (a read-only
/// file) never pays for the encoding.
pub(crate) struct PendingSave {
    pub tournament_id: i64,
    pub revision: i64,
    pub rows: std::sync::Arc<FixtureRows>,
}

impl std::fmt::Debug for PendingSave {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("PendingSave")
            .field("tournament_id", &self.tournament_id)
            .field("revision", &self.revision)
            .field("matches", &self.rows.matches.len())
            .finish()
    }
}

/// The fixture rows a store's read transactions read from the tables, to be kept
/// as their tournaments' caches once the command has succeeded
/// ([`Store::keep_caches`]): the latest of each tournament. Shared by the store and
/// the read transactions it begins, so that a load notes what it read wherever it
/// ran, and the use cases never see the cache.
#[derive(Clone, Debug, Default)]
pub struct FixtureNotes(std::sync::Arc<std::sync::Mutex<Vec<PendingSave>>>);

impl FixtureNotes {
    /// Notes rows read from the tables (only the latest revision of each tournament
    /// is kept).
    pub(crate) fn note(&self, save: PendingSave) {
        let mut pending = self.0.lock().expect("never poisoned");
        match pending
            .iter_mut()
            .find(|p| p.tournament_id == save.tournament_id)
        {
            Some(p) if p.revision >= save.revision => {}
            Some(p) => *p = save,
            None => pending.push(save),
        }
    }

    pub(crate) fn take(&self) -> Vec<PendingSave> {
        std::mem::take(&mut *self.0.lock().expect("never poisoned"))
    }
}

/// Where a connection notes the fixture rows its loads read from the tables
/// ([`FixtureNotes`]): a unit of work begun to read
/// ([`super::UnitOfWork`]); nowhere for any other connection.
pub trait NotesFixtures {
    fn fixture_notes(&self) -> Option<&FixtureNotes> {
        None
    }
}

impl NotesFixtures for super::sql::PooledConn {}
impl NotesFixtures for super::sql::Tx {}
impl NotesFixtures for super::sql::Conn<'_> {}

impl Store {
    /// Keeps the fixture rows this process has read from the tables as each
    /// tournament's cache, where the revision is still the one they were read at.
    /// Called once a command has succeeded (a refused command leaves the database
    /// exactly as it was, byte for byte). Best effort: a failure (another writer
    /// holding the database, a read-only file) is ignored, since the cache is only
    /// ever a shortcut to what the tables hold.
    pub async fn keep_caches(&self) {
        for save in self.pending_caches.take() {
            let _ = self.save_fixture_cache(save).await;
        }
    }

    /// For a store that stays open (a server's): keeps the rows its reads noted
    /// ([`Store::keep_caches`]) every `period`, in a task of its own, until the store
    /// is closed. Off the requests' path, so that none waits behind another
    /// process's write for it; the next reader of that revision reads one row.
    pub fn keep_caches_while_open(&self, period: std::time::Duration) {
        let store = self.clone();
        tokio::spawn(async move {
            loop {
                tokio::time::sleep(period).await;
                if store.pool().is_closed() {
                    return;
                }
                store.keep_caches().await;
            }
        });
    }

    async fn save_fixture_cache(&self, save: PendingSave) -> Result<(), StoreError> {
        let mut tx = self.pool().begin_cache_write().await?;
        self.check_file()?;
        query(
            "UPDATE fixture_cache SET cached_revision = $2, body = $3
             WHERE tournament_id = $1 AND revision = $2",
        )
        .bind(save.tournament_id)
        .bind(save.revision)
        .bind(save.rows.encode())
        .execute(&mut tx)
        .await?;
        tx.commit().await?;
        self.checkpoint_if_kept_open().await;
        Ok(())
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn sample() -> FixtureRows {
        FixtureRows {
            texts: ["south", "easy", "match", "absent", "north"]
                .map(String::from)
                .to_vec(),
            matches: vec![MatchRowData {
                id: 7,
                round: Some(2),
                south_id: 3,
                north_id: 4,
                winner: 1,
                final_south: Some(30),
                final_north: Some(18),
                hands_played: 2,
                seed: -5,
                south_engine: 2,
                north_engine: 0,
                closing: 3,
                absent: 0,
                closing_south: Some(1),
                closing_north: Some(0),
                sum_south: None,
                sum_north: None,
                corrected_south: None,
                corrected_north: None,
                whole_kind: 4,
                whole_absent: 5,
                whole_south: None,
                whole_north: None,
            }],
            byes: vec![ByeRowData {
                round: 2,
                board: 5,
                player_id: 9,
            }],
        }
    }

    #[test]
    fn a_body_decodes_to_the_rows_it_was_made_from() {
        let rows = sample();
        assert_eq!(FixtureRows::decode(&rows.encode()), Some(rows));
        assert_eq!(
            FixtureRows::decode(&FixtureRows::default().encode()),
            Some(FixtureRows::default())
        );
    }

    /// The load reads a body row by row, with its texts taken out first.
    #[test]
    fn a_body_read_row_by_row_gives_every_row_then_the_byes() {
        let rows = sample();
        let body = rows.encode();
        let mut reader = BodyReader::open(&body).unwrap();
        assert_eq!(reader.size_hint(), (1, Some(1)));
        let texts = std::mem::take(&mut reader.texts);
        assert_eq!(texts, rows.texts);
        assert_eq!(reader.by_ref().collect::<Vec<_>>(), rows.matches);
        assert_eq!(reader.byes(), Some(rows.byes.clone()));
        // Byes asked for before the rows are read: none yet.
        let reader = BodyReader::open(&body).unwrap();
        assert_eq!(reader.byes(), None);
    }

    #[test]
    fn a_body_of_another_format_or_damaged_is_not_used() {
        let mut body = sample().encode();
        body[0] = FORMAT + 1;
        assert_eq!(FixtureRows::decode(&body), None);
        let body = sample().encode();
        assert_eq!(FixtureRows::decode(&body[..body.len() - 1]), None);
        let mut longer = sample().encode();
        longer.push(0);
        assert_eq!(FixtureRows::decode(&longer), None);
        assert_eq!(FixtureRows::decode(&[]), None);
        let mut beyond = sample();
        beyond.matches[0].winner = 6;
        assert_eq!(FixtureRows::decode(&beyond.encode()), None);
        // A match count larger than the body could hold is damage, not a reason to
        // allocate: the count follows the texts.
        let rows = sample();
        let texts = postcard::to_stdvec(&rows.texts).unwrap();
        let mut huge = vec![FORMAT];
        huge.extend(&texts);
        huge.extend(postcard::to_stdvec(&u64::MAX).unwrap());
        huge.extend(&rows.encode()[1 + texts.len() + 1..]);
        assert_eq!(FixtureRows::decode(&huge), None);
    }

    /// The encoding is pinned: changing the rows' fields changes these bytes, and
    /// then [`FORMAT`] must be raised (and these bytes written anew), or a database
    /// would hand the new code a body made by the old.
    #[test]
    fn the_encoding_of_format_1_is_pinned() {
        let body = sample().encode();
        assert_eq!(FORMAT, 1, "a new format: write its bytes below");
        assert_eq!(
            body,
            [
                1, 5, 5, 115, 111, 117, 116, 104, 4, 101, 97, 115, 121, 5, 109, 97, 116, 99, 104,
                6, 97, 98, 115, 101, 110, 116, 5, 110, 111, 114, 116, 104, 1, 14, 1, 4, 6, 8, 1, 1,
                60, 1, 36, 4, 9, 2, 0, 3, 0, 1, 2, 1, 0, 0, 0, 0, 0, 4, 5, 0, 0, 1, 4, 10, 18
            ]
        );
    }
}
