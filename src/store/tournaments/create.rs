//! Creating a tournament is the application layer's ([`crate::app::tournaments`]),
//! over the tournaments' repository. The TRF import, still made in the store,
//! creates its tournament here until it moves up too; this names the creating file
//! itself, not `app::tournaments`, which names the import: no circle.

pub(in crate::store) use crate::app::tournaments::create::create_in;
