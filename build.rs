// sqlx::migrate! embeds the files of migrations/ when the crate is compiled: a
// migration added without a change to the Rust source must still rebuild it (without
// this, a build kept the old list and refused databases the new one had migrated).
fn main() {
    println!("cargo:rerun-if-changed=migrations");
}
