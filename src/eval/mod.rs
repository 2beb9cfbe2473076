//! Evaluation per variant, behind the search's [`Searchable`] trait, and the dispatch from a
//! variant name to its searchable type (the variants registry cannot know the search).

mod fimbriation;
mod firefighter;
pub mod normal;
mod searchable;
mod tirebiter;
mod wires;

use crate::search::Searchable;
use crate::variants::{chess, tirebiter as tb, Variant};

/// Code that runs on one concrete searchable variant type, chosen at the root.
pub trait SearchVisitor {
    type Output;
    fn visit<G: Searchable>(self) -> Self::Output;
}

/// Runs `visitor` on `variant`'s concrete type.
pub fn dispatch<V: SearchVisitor>(variant: Variant, visitor: V) -> V::Output {
    match variant {
        Variant::Normal => visitor.visit::<chess::Chess>(),
        Variant::FightingKings => visitor.visit::<chess::Position<chess::FightingKings>>(),
        Variant::ThroneKings => visitor.visit::<chess::Position<chess::ThroneKings>>(),
        Variant::FireFighter => visitor.visit::<crate::variants::firefighter::FireFighter>(),
        Variant::Tirebiter => visitor.visit::<tb::TirebiterPosition<tb::Tirebiter>>(),
        Variant::NickDanger => visitor.visit::<tb::TirebiterPosition<tb::NickDanger>>(),
        Variant::NotAChessVariant => visitor.visit::<crate::variants::wires::WirePosition>(),
        Variant::Fimbriation => visitor.visit::<crate::variants::fimbriation::Fimbriation>(),
        Variant::Cwda => visitor.visit::<chess::CwdaPosition>(),
    }
}
