//! Perft: counting the leaf nodes of the legal move tree, generic over [`Game`].

use crate::core::{Game, MoveList};
use rayon::prelude::*;

/// Leaf nodes `depth` plies below `pos`, counting the last ply in bulk
/// ([`Game::count_legal_moves`]).
pub fn perft<G: Game>(pos: &G, depth: u32) -> u64 {
    pos.debug_validate();
    perft_bulk(pos, depth)
}

fn perft_bulk<G: Game>(pos: &G, depth: u32) -> u64 {
    match depth {
        0 => 1,
        1 => pos.count_legal_moves() as u64,
        _ => {
            let mut moves = MoveList::new();
            pos.legal_moves(&mut moves);
            moves
                .iter()
                .map(|&m| {
                    let mut child = pos.clone();
                    child.play(m);
                    perft_bulk(&child, depth - 1)
                })
                .sum()
        }
    }
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
            perft_by_playing(&child, depth - 1)
        })
        .sum()
}

/// Per-root-move counts (`depth >= 1`), the root moves spread over the current rayon pool.
/// Returned in the order of the legal move list.
pub fn divide<G: Game>(pos: &G, depth: u32) -> Vec<(G::Move, u64)> {
    pos.debug_validate();
    let mut moves = MoveList::new();
    pos.legal_moves(&mut moves);
    moves
        .par_iter()
        .map(|&m| {
            let mut child = pos.clone();
            child.play(m);
            (m, perft_bulk(&child, depth.saturating_sub(1)))
        })
        .collect()
}
