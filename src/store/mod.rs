//! The SQLite repository (sqlx), schema in `migrations/`.
