//! The walk every reference generator is checked by: jester and an independent reference
//! implementation of a variant's rules, played side by side through every line to a depth.
//! At every node the two must list the same canonical tokens and, after every move, write the
//! same position text; at every inner node jester's own position must also be consistent
//! (invariants, incremental key, text round trip, every token read back).

use jester::core::Game;

/// What the walk needs of a reference position.
pub trait Reference: Sized {
    /// Every legal action's canonical token with the position after it.
    fn actions(&self) -> Vec<(String, Self)>;
    /// The canonical position text.
    fn text(&self) -> String;
}

/// Walks `ours` and `theirs` together `depth` plies; returns the leaf count (jester's perft).
pub fn walk<G: Game, R: Reference>(ours: &G, theirs: &R, depth: u32) -> u64 {
    if depth == 0 {
        return 1;
    }
    let children = compare_node(ours, theirs, depth >= 2);
    children.iter().map(|child| walk(&child.ours, &child.theirs, depth - 1)).sum()
}

/// One legal move, as both programs see it.
pub struct Child<G, R> {
    /// jester's position after the move.
    pub ours: G,
    /// The reference's position after the move.
    pub theirs: R,
}

/// Compares one node: the same tokens, and the same text after each move; with `inner`, also
/// jester's own consistency here. Returns the moves in token order.
pub fn compare_node<G: Game, R: Reference>(ours: &G, theirs: &R, inner: bool) -> Vec<Child<G, R>> {
    let text = ours.to_text();
    let mut our_moves = legal_tokens(ours);
    if inner {
        check_node(ours, &our_moves);
    }
    let mut their_moves = theirs.actions();
    their_moves.sort_by(|a, b| a.0.cmp(&b.0));
    our_moves.sort_by(|a, b| a.1.cmp(&b.1));
    let a: Vec<&str> = our_moves.iter().map(|(_, t)| t.as_str()).collect();
    let b: Vec<&str> = their_moves.iter().map(|(t, _)| t.as_str()).collect();
    if a != b {
        let only_ours: Vec<_> = a.iter().filter(|t| !b.contains(t)).collect();
        let only_theirs: Vec<_> = b.iter().filter(|t| !a.contains(t)).collect();
        panic!("{text}: only jester {only_ours:?}, only the reference {only_theirs:?}");
    }
    our_moves
        .into_iter()
        .zip(their_moves)
        .map(|((m, token), (_, their_child))| {
            let mut child = ours.clone();
            child.play(m);
            assert_eq!(child.to_text(), their_child.text(), "after {token} in {text}");
            Child { ours: child, theirs: their_child }
        })
        .collect()
}

/// jester's own consistency at a node, given its legal moves with their tokens.
fn check_node<G: Game>(pos: &G, moves: &[(G::Move, String)]) {
    let text = pos.to_text();
    pos.validate().unwrap_or_else(|e| panic!("{text}: {e}"));
    assert_eq!(pos.key(), pos.recomputed_key(), "incremental key in {text}");
    let again = G::from_text(&text).unwrap_or_else(|e| panic!("{text} does not read back: {e}"));
    assert_eq!((again.to_text(), again.key()), (text.clone(), pos.key()), "text round trip");
    for (m, token) in moves {
        assert_eq!(pos.parse_move(token).as_ref(), Ok(m), "{token} in {text}");
    }
    assert_eq!(pos.count_legal_moves(), moves.len(), "{text}");
}

/// jester's legal moves with their canonical tokens.
fn legal_tokens<G: Game>(pos: &G) -> Vec<(G::Move, String)> {
    let mut list = jester::core::MoveList::new();
    pos.legal_moves(&mut list);
    list.iter().map(|&m| (m, pos.render_move(m))).collect()
}
