//! What an imported tournament keeps of its file (`tournament_imports`: the file's
//! name, the rounds it held); the import itself is the application layer's
//! ([`crate::app::tournaments`]).

use super::sql::AsConn;

/// Whether tournament `tid` was imported, and how many rounds the file held.
pub(crate) async fn imported_rounds(
    conn: &mut impl AsConn,
    tid: i64,
) -> super::Result<Option<u32>> {
    let rounds: Option<i64> =
        super::sql::query_scalar("SELECT rounds FROM tournament_imports WHERE tournament_id = $1")
            .bind(tid)
            .fetch_optional(&mut *conn)
            .await?;
    Ok(rounds.map(|r| r as u32))
}
