//! Evaluation per variant, behind the search's [`Searchable`] trait, and the dispatch from a
//! variant name to its searchable type (the variants registry cannot know the search).

mod fimbriation;
mod firefighter;
pub mod normal;
pub mod params;
mod pawns;
mod searchable;
mod tirebiter;
pub mod tuning;
mod wires;

use crate::search::Searchable;
use crate::variants::Variant;

/// Code that runs on one concrete searchable variant type, chosen at the root.
pub trait SearchVisitor {
    type Output;
    fn visit<G: Searchable>(self) -> Self::Output;
}

/// Runs `visitor` on `variant`'s concrete type.
pub fn dispatch<V: SearchVisitor>(variant: Variant, visitor: V) -> V::Output {
    crate::variants::with_game_type!(variant, G => visitor.visit::<G>())
}
