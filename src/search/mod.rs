//! Search, generic over [`Searchable`] games.

mod traits;

pub use traits::{Searchable, HISTORY_SIZE};
