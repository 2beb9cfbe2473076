//! The two games on the wires core differ in one rule, loop removal, chosen at compile time as a
//! zero-sized type: each position is `Position<L>` for one [`LoopRule`], so the difference costs
//! nothing at run time (protocol-docs/variants.md, N2 and N11).

use super::board::EdgeId;
use super::forest::{Placement, Wires};
use super::text::SetupError;
use std::fmt::Debug;

/// What a placed wire removes.
pub trait LoopRule:
    Copy + Clone + Debug + Default + PartialEq + Eq + std::hash::Hash + Send + Sync + 'static
{
    /// The canonical variant name (protocol-docs/notation.md).
    const NAME: &'static str;

    /// Places a wire on an empty edge and removes what this rule removes.
    fn place(wires: &mut Wires, e: EdgeId) -> Placement;

    /// Whether placing a wire on the empty edge `e` would remove wires.
    fn removes(wires: &Wires, e: EdgeId) -> bool;

    /// Whether `wires` can stand between placements: nothing in it that this rule would have
    /// removed.
    fn admits(wires: &Wires) -> bool;

    /// The error for a position text whose wire `token` completes what this rule removes.
    fn refused_wire(token: &str) -> SetupError;
}

/// `notachessvariant` (N2): a wire that closes any loop removes that whole loop, the new wire
/// included, so the wires are always a forest.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
pub struct WholeLoops;

/// `notachessweak` (N11, the rule page's own weaker option): a wire that completes the outline
/// of one square removes that outline's four wires, or both outlines' seven when it completes
/// the squares on both of its sides; larger loops stay.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
pub struct SquareLoops;

impl LoopRule for WholeLoops {
    const NAME: &'static str = "notachessvariant";

    #[inline]
    fn place(wires: &mut Wires, e: EdgeId) -> Placement {
        wires.place(e)
    }

    #[inline]
    fn removes(wires: &Wires, e: EdgeId) -> bool {
        wires.closes_loop(e)
    }

    fn admits(wires: &Wires) -> bool {
        wires.is_forest()
    }

    fn refused_wire(token: &str) -> SetupError {
        SetupError::WireLoop { token: token.to_string() }
    }
}

impl LoopRule for SquareLoops {
    const NAME: &'static str = "notachessweak";

    #[inline]
    fn place(wires: &mut Wires, e: EdgeId) -> Placement {
        wires.place_closing_squares(e)
    }

    #[inline]
    fn removes(wires: &Wires, e: EdgeId) -> bool {
        wires.squares_closed_by(e) != 0
    }

    fn admits(wires: &Wires) -> bool {
        wires.closed_squares() == 0
    }

    fn refused_wire(token: &str) -> SetupError {
        SetupError::WireOutline { token: token.to_string() }
    }
}
