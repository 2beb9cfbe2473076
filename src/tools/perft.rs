//! Perft: counting the leaf nodes of the legal move tree, generic over [`Game`].
//!
//! Depth counts whole turns: where a turn has several actions (Not A Chess Variant), the actions
//! inside a turn do not use up depth, so perft 1 is the number of legal turns.

use crate::core::{for_each_turn, Game, MoveList, Turn};
use rayon::prelude::*;

/// Leaf nodes `depth` turns below `pos`, counting the last action in bulk
/// ([`Game::count_legal_moves`]).
pub fn perft<G: Game>(pos: &G, depth: u32) -> u64 {
    pos.debug_validate();
    perft_bulk(pos, depth)
}

/// The depth left below `child`: one turn less once the turn is complete.
#[inline]
fn child_depth<G: Game>(child: &G, depth: u32) -> u32 {
    if child.mid_turn() {
        depth
    } else {
        depth - 1
    }
}

fn perft_bulk<G: Game>(pos: &G, depth: u32) -> u64 {
    if depth == 0 {
        return 1;
    }
    if depth == 1 && pos.last_action_of_turn() {
        return pos.count_legal_moves() as u64;
    }
    let mut moves = MoveList::new();
    pos.legal_moves(&mut moves);
    moves.iter().map(|&m| bulk_after(pos, m, depth)).sum()
}

/// The bulk count below the position after `m`.
fn bulk_after<G: Game>(pos: &G, m: G::Move, depth: u32) -> u64 {
    let mut child = pos.clone();
    child.play(m);
    perft_bulk(&child, child_depth(&child, depth))
}

/// Perft without bulk counting: every leaf is played. Slower; tests use it to check that the
/// move list and the bulk count agree, and that every move can be played. Debug builds check the
/// position's invariants and its incremental key against a recomputed one at every node.
pub fn perft_by_playing<G: Game>(pos: &G, depth: u32) -> u64 {
    pos.debug_validate();
    debug_assert_eq!(pos.key(), pos.recomputed_key(), "incremental key of {}", pos.to_text());
    if depth == 0 {
        return 1;
    }
    let mut moves = MoveList::new();
    pos.legal_moves(&mut moves);
    moves
        .iter()
        .map(|&m| {
            let mut child = pos.clone();
            child.play(m);
            perft_by_playing(&child, child_depth(&child, depth))
        })
        .sum()
}

/// Per-root-turn counts (`depth >= 1`), the root turns spread over the current rayon pool.
/// Returned in the order the turns are enumerated.
pub fn divide<G: Game>(pos: &G, depth: u32) -> Vec<(Turn<G::Move>, u64)> {
    pos.debug_validate();
    let mut turns: Vec<(Turn<G::Move>, G)> = Vec::new();
    for_each_turn(pos, |turn, after| turns.push((turn.iter().copied().collect(), after.clone())));
    turns
        .into_par_iter()
        .map(|(turn, after)| {
            let n = perft_bulk(&after, depth.saturating_sub(1));
            (turn, n)
        })
        .collect()
}

/// The perft count with the root's first actions spread over the current rayon pool (no
/// per-turn lines, so it stays cheap where a turn has many actions).
pub fn parallel<G: Game>(pos: &G, depth: u32) -> u64 {
    pos.debug_validate();
    if depth == 0 {
        return 1;
    }
    let mut moves = MoveList::new();
    pos.legal_moves(&mut moves);
    moves.par_iter().map(|&m| bulk_after(pos, m, depth)).sum()
}
