//! An independent, deliberately simple reference move generator for Alexandre Muñiz's
//! "Not A Chess Variant" (`notachessvariant`; Muñiz's rule page, rulings N1-N10
//! of `protocol-docs/variants.md`, text forms of `protocol-docs/notation.md`), and for its
//! weakened loop rule (`notachessweak`, N11: only a single square's outline is destroyed; read
//! with [`parse_weak`]). The weak rule has its own code path here ([`place_wire_weak`]), written
//! from the rule page's sentence, square by square, not from the engine's bit sets.
//!
//! It exists only to cross-check the engine's own generator node by node, so it favours obvious
//! correctness over speed: a plain 7x7 mailbox, wires as a bit set of edges, an explicit path
//! search for every piece, and legality decided by playing the piece move, placing every possible
//! wire and asking whether any enemy piece can then reach the mover's King. It works in whole
//! turns only (a turn = piece move + one wire, or a pass + one wire, or the 5-wire opening).
//! No dependencies beyond `std`.
//!
//! Readings of points the page and the rulings leave open are marked "Reading:" below.

#![allow(dead_code)]

// ---------------------------------------------------------------------------------------------
// Squares
// ---------------------------------------------------------------------------------------------

/// Squares are `file + 7 * rank`, file a = 0 .. g = 6, rank 1 = 0 .. rank 7 = 6 (0..49). Only
/// 41 of the 49 grid cells are board squares (N1); the others are holes.
type Sq = usize;

/// N1: rank 1: b-e; rank 2: b-g; ranks 3-5: a-g; rank 6: a-f; rank 7: c-f.
fn on_board(f: i32, r: i32) -> bool {
    match r {
        0 => (1..=4).contains(&f),
        1 => (1..=6).contains(&f),
        2..=4 => (0..=6).contains(&f),
        5 => (0..=5).contains(&f),
        6 => (2..=5).contains(&f),
        _ => false,
    }
}

fn square(f: i32, r: i32) -> Option<Sq> {
    if on_board(f, r) {
        Some((f + 7 * r) as usize)
    } else {
        None
    }
}

fn coords(s: Sq) -> (i32, i32) {
    ((s % 7) as i32, (s / 7) as i32)
}

fn sq_name(s: Sq) -> String {
    let (f, r) = coords(s);
    format!("{}{}", (b'a' + f as u8) as char, r + 1)
}

fn parse_sq(t: &str) -> Option<Sq> {
    let b = t.as_bytes();
    if b.len() != 2 || !(b'a'..=b'g').contains(&b[0]) || !(b'1'..=b'7').contains(&b[1]) {
        return None;
    }
    square((b[0] - b'a') as i32, (b[1] - b'1') as i32)
}

/// Orthogonal directions, indexed 0..4: north, east, south, west. `d + 1` is a right turn,
/// `d + 3` a left turn.
const DIRS: [(i32, i32); 4] = [(0, 1), (1, 0), (0, -1), (-1, 0)];
const NORTH: usize = 0;
const EAST: usize = 1;
const SOUTH: usize = 2;
const WEST: usize = 3;

/// The board square one step from `s` in direction `d`, if there is one.
fn step(s: Sq, d: usize) -> Option<Sq> {
    let (f, r) = coords(s);
    square(f + DIRS[d].0, r + DIRS[d].1)
}

// ---------------------------------------------------------------------------------------------
// Edges and wires
// ---------------------------------------------------------------------------------------------

/// An edge is a unit segment between two lattice points (square corners). Lattice points are
/// `(x, y)` with x, y in 0..=7; point (x, y) is the south-west corner of grid cell (x, y).
/// Horizontal segment from (x, y) to (x + 1, y): index `7 * y + x` (x 0..7, y 0..=7, 0..56).
/// Vertical segment from (x, y) to (x, y + 1): index `56 + 8 * y + x` (x 0..=7, y 0..7, 56..112).
/// Only segments that are a side of at least one board square are edges (N2: 96 of them).
type Edge = usize;
const EDGE_SLOTS: usize = 112;

fn h_edge(x: i32, y: i32) -> Edge {
    (7 * y + x) as usize
}

fn v_edge(x: i32, y: i32) -> Edge {
    (56 + 8 * y + x) as usize
}

fn bit(e: Edge) -> u128 {
    1u128 << e
}

/// The two grid cells on either side of a segment: (below, above) for a horizontal one,
/// (left, right) for a vertical one.
fn edge_cells(e: Edge) -> ((i32, i32), (i32, i32)) {
    if e < 56 {
        let (x, y) = ((e % 7) as i32, (e / 7) as i32);
        ((x, y - 1), (x, y))
    } else {
        let i = e - 56;
        let (x, y) = ((i % 8) as i32, (i / 8) as i32);
        ((x - 1, y), (x, y))
    }
}

/// N2: a segment is an edge when it is a side of a board square.
fn edge_valid(e: Edge) -> bool {
    if e >= EDGE_SLOTS {
        return false;
    }
    let (a, b) = edge_cells(e);
    on_board(a.0, a.1) || on_board(b.0, b.1)
}

/// All 96 edges, in index order.
fn all_edges() -> Vec<Edge> {
    (0..EDGE_SLOTS).filter(|&e| edge_valid(e)).collect()
}

fn point(x: i32, y: i32) -> usize {
    (8 * y + x) as usize
}

/// The two lattice points an edge joins.
fn edge_points(e: Edge) -> (usize, usize) {
    if e < 56 {
        let (x, y) = ((e % 7) as i32, (e / 7) as i32);
        (point(x, y), point(x + 1, y))
    } else {
        let i = e - 56;
        let (x, y) = ((i % 8) as i32, (i / 8) as i32);
        (point(x, y), point(x, y + 1))
    }
}

/// The edges at lattice point `p`, each with the point at its other end.
fn point_edges(p: usize) -> Vec<(Edge, usize)> {
    let (x, y) = ((p % 8) as i32, (p / 8) as i32);
    let mut out = Vec::with_capacity(4);
    if x < 7 {
        out.push((h_edge(x, y), point(x + 1, y)));
    }
    if x > 0 {
        out.push((h_edge(x - 1, y), point(x - 1, y)));
    }
    if y < 7 {
        out.push((v_edge(x, y), point(x, y + 1)));
    }
    if y > 0 {
        out.push((v_edge(x, y - 1), point(x, y - 1)));
    }
    out.retain(|&(e, _)| edge_valid(e));
    out
}

/// The edge on side `d` of square `s` (north side = the segment along its top, and so on). A step
/// from `s` in direction `d` goes through exactly this edge.
fn side_edge(s: Sq, d: usize) -> Edge {
    let (f, r) = coords(s);
    match d {
        NORTH => h_edge(f, r + 1),
        SOUTH => h_edge(f, r),
        WEST => v_edge(f, r),
        _ => v_edge(f + 1, r),
    }
}

/// The edge between two orthogonally adjacent squares.
fn edge_between(a: Sq, b: Sq) -> Edge {
    let (fa, ra) = coords(a);
    let (fb, rb) = coords(b);
    let d = match (fb - fa, rb - ra) {
        (0, 1) => NORTH,
        (1, 0) => EAST,
        (0, -1) => SOUTH,
        (-1, 0) => WEST,
        _ => panic!("{} and {} are not orthogonal neighbours", sq_name(a), sq_name(b)),
    };
    side_edge(a, d)
}

/// NOTATION: a horizontal edge is `<square below>n`, or `<square above>s` when there is no board
/// square below; a vertical edge is `<square to the left>e`, or `<square to the right>w` when
/// there is no board square to the left.
fn edge_name(e: Edge) -> String {
    let ((ax, ay), (bx, by)) = edge_cells(e);
    let horizontal = e < 56;
    if on_board(ax, ay) {
        let s = square(ax, ay).unwrap();
        format!("{}{}", sq_name(s), if horizontal { 'n' } else { 'e' })
    } else {
        let s = square(bx, by).unwrap();
        format!("{}{}", sq_name(s), if horizontal { 's' } else { 'w' })
    }
}

/// Any name of an edge: `<board square><n|e|s|w>`.
fn parse_edge(t: &str) -> Option<Edge> {
    if t.len() != 3 {
        return None;
    }
    let s = parse_sq(&t[..2])?;
    let d = match &t[2..] {
        "n" => NORTH,
        "e" => EAST,
        "s" => SOUTH,
        "w" => WEST,
        _ => return None,
    };
    Some(side_edge(s, d))
}

/// Union-find over the 64 lattice points (no ranks, no compression: tiny and obvious).
fn find(parent: &[u8; 64], mut p: usize) -> usize {
    while parent[p] as usize != p {
        p = parent[p] as usize;
    }
    p
}

fn fresh_parents() -> [u8; 64] {
    let mut parent = [0u8; 64];
    for (i, p) in parent.iter_mut().enumerate() {
        *p = i as u8;
    }
    parent
}

/// Does this wire set contain a cycle?
fn has_cycle(wires: u128) -> bool {
    let mut parent = fresh_parents();
    for e in 0..EDGE_SLOTS {
        if wires & bit(e) != 0 {
            let (p, q) = edge_points(e);
            let (rp, rq) = (find(&parent, p), find(&parent, q));
            if rp == rq {
                return true;
            }
            parent[rp] = rq as u8;
        }
    }
    false
}

/// The wired path between points `p` and `q` in the forest `wires`, as an edge set, if any.
fn forest_path(wires: u128, p: usize, q: usize) -> Option<u128> {
    // Depth-first search from p, remembering how each point was reached.
    let mut came: [Option<(usize, Edge)>; 64] = [None; 64];
    let mut seen = [false; 64];
    let mut stack = vec![p];
    seen[p] = true;
    while let Some(a) = stack.pop() {
        if a == q {
            let mut path = 0u128;
            let mut cur = q;
            while let Some((prev, e)) = came[cur] {
                path |= bit(e);
                cur = prev;
            }
            return Some(path);
        }
        for (e, b) in point_edges(a) {
            if wires & bit(e) != 0 && !seen[b] {
                seen[b] = true;
                came[b] = Some((a, e));
                stack.push(b);
            }
        }
    }
    None
}

/// N2/N3: places a wire on the empty edge `e`. If it closes a cycle (its two ends are already
/// joined by wires; in a forest by exactly one path), every wire on that cycle, the new one
/// included, is removed at once; otherwise the wire is simply added.
fn place_wire(wires: u128, e: Edge) -> u128 {
    debug_assert!(edge_valid(e) && wires & bit(e) == 0);
    let (p, q) = edge_points(e);
    match forest_path(wires, p, q) {
        Some(path) => wires & !path,
        None => wires | bit(e),
    }
}

/// N11 (`notachessweak`): places a wire on the empty edge `e`. Each board square beside `e` whose
/// four sides now all carry wires loses them (the square's outline is the only loop the weak rule
/// destroys); when both squares beside `e` are completed, both outlines go, `e` once. Any other
/// loop stays.
fn place_wire_weak(wires: u128, e: Edge) -> u128 {
    debug_assert!(edge_valid(e) && wires & bit(e) == 0);
    let with = wires | bit(e);
    let mut removed = 0u128;
    for s in squares_beside(e) {
        let outline = (0..4).fold(0u128, |acc, d| acc | bit(side_edge(s, d)));
        if with & outline == outline {
            removed |= outline;
        }
    }
    with & !removed
}

/// The board squares on the two sides of an edge (one or two).
fn squares_beside(e: Edge) -> Vec<Sq> {
    let (a, b) = edge_cells(e);
    [a, b].into_iter().filter_map(|(x, y)| square(x, y)).collect()
}

/// N11: a board square whose four sides all carry wires (the weak rule never leaves one).
fn has_closed_square(wires: u128) -> bool {
    (0..49).filter(|&s| on_board((s % 7) as i32, (s / 7) as i32)).any(|s| {
        let outline = (0..4).fold(0u128, |acc, d| acc | bit(side_edge(s, d)));
        wires & outline == outline
    })
}

/// N3 for both rules: do the opening's edges `set` close a loop, among themselves or with the
/// wires already there? (Under the weak rule those may already hold loops: only new ones
/// count.) Union-find seeded with the existing wires.
fn opening_closes_loop(wires: u128, set: &[Edge]) -> bool {
    let mut parent = fresh_parents();
    for e in 0..EDGE_SLOTS {
        if wires & bit(e) != 0 {
            let (p, q) = edge_points(e);
            let (rp, rq) = (find(&parent, p), find(&parent, q));
            parent[rp] = rq as u8;
        }
    }
    set.iter().any(|&e| {
        let (p, q) = edge_points(e);
        let (rp, rq) = (find(&parent, p), find(&parent, q));
        parent[rp] = rq as u8;
        rp == rq
    })
}

// ---------------------------------------------------------------------------------------------
// Pieces
// ---------------------------------------------------------------------------------------------

/// A cell is 0 when empty, else `role | colour` with colour 0 (White) or `BLACK`.
const KING: u8 = 1;
const ROOK: u8 = 2;
const ANDROID: u8 = 3;
const CARETAKER: u8 = 4;
const WIRERIDER: u8 = 5;
const WINDRIDER: u8 = 6;
const BLACK: u8 = 8;
const LETTERS: &[u8] = b"?KRACED";

type Cells = [u8; 49];

fn letter(p: u8) -> char {
    let c = LETTERS[(p & 7) as usize] as char;
    if p & BLACK != 0 {
        c.to_ascii_lowercase()
    } else {
        c
    }
}

fn piece_of(c: char) -> Option<u8> {
    let role = LETTERS.iter().position(|&l| l as char == c.to_ascii_uppercase())?;
    if role == 0 {
        return None;
    }
    Some(role as u8 | if c.is_ascii_lowercase() { BLACK } else { 0 })
}

/// Collects the destinations of one path search. A move ends on an empty square or on an enemy
/// piece (capture); every square passed before the end must be empty.
struct Walk<'a> {
    cells: &'a Cells,
    wires: u128,
    colour: u8,
}

impl Walk<'_> {
    fn empty(&self, s: Sq) -> bool {
        self.cells[s] == 0
    }

    fn enemy(&self, s: Sq) -> bool {
        self.cells[s] != 0 && self.cells[s] & BLACK != self.colour
    }

    /// 1 when the step between neighbours `a` and `b` crosses a wire (N4), else 0. Outer edges
    /// are never between two board squares, so their wires are never crossed.
    fn crossing(&self, a: Sq, b: Sq) -> u32 {
        (self.wires & bit(edge_between(a, b)) != 0) as u32
    }

    /// Follows the unit steps `dirs` (repeating the pattern) from `from`: the Rook's ray is the
    /// pattern [d], an Android's staircase the pattern [d0, d1]. Adds every square where the path
    /// has crossed exactly one wire (N4). Stops at a piece (capturing an enemy) or off the board.
    fn pattern(&self, from: Sq, dirs: &[usize], out: &mut u64) {
        let mut s = from;
        let mut crossed = 0;
        for k in 0.. {
            let Some(t) = step(s, dirs[k % dirs.len()]) else {
                break;
            };
            crossed += self.crossing(s, t);
            if crossed > 1 {
                break; // crossings never decrease: no later square can qualify
            }
            if self.empty(t) {
                if crossed == 1 {
                    *out |= 1u64 << t;
                }
                s = t;
            } else {
                if self.enemy(t) && crossed == 1 {
                    *out |= 1u64 << t;
                }
                break;
            }
        }
    }

    /// N5 Rook: four straight rays.
    fn rook(&self, from: Sq, out: &mut u64) {
        for d in 0..4 {
            self.pattern(from, &[d], out);
        }
    }

    /// N5 Android (crooked rook): first step in any direction d0, then turn 90 degrees to one side
    /// and alternate: d0, d1, d0, d1, ... with d1 = d0 turned right or left (8 staircases). The
    /// staircases d0,d1 and d1,d0 reach the same squares after an even number of steps along
    /// different paths; each is searched on its own.
    fn android(&self, from: Sq, out: &mut u64) {
        for d0 in 0..4 {
            for turn in [1, 3] {
                self.pattern(from, &[d0, (d0 + turn) % 4], out);
            }
        }
    }

    /// N7 WireRider: a breadth-first search over (square, wires crossed so far = 0 or 1). From a
    /// square with a wire on its north or south side it may step east or west; with a wire on its
    /// east or west side, north or south (outer-edge wires count). Squares may be revisited (the
    /// crossing count is part of the state). Destinations: squares reached with exactly one
    /// crossing, other than the start; an enemy piece may be captured, ending the path.
    fn wirerider(&self, from: Sq, out: &mut u64) {
        let mut seen = [[false; 2]; 49];
        let mut queue = std::collections::VecDeque::new();
        seen[from][0] = true;
        queue.push_back((from, 0u32));
        while let Some((s, crossed)) = queue.pop_front() {
            let has = |d: usize| self.wires & bit(side_edge(s, d)) != 0;
            let mut dirs = Vec::new();
            if has(NORTH) || has(SOUTH) {
                dirs.extend([EAST, WEST]);
            }
            if has(EAST) || has(WEST) {
                dirs.extend([NORTH, SOUTH]);
            }
            for d in dirs {
                let Some(t) = step(s, d) else { continue };
                let c = crossed + self.crossing(s, t);
                if c > 1 {
                    continue;
                }
                if self.empty(t) {
                    if c == 1 && t != from {
                        *out |= 1u64 << t;
                    }
                    if !seen[t][c as usize] {
                        seen[t][c as usize] = true;
                        queue.push_back((t, c));
                    }
                } else if self.enemy(t) && c == 1 {
                    *out |= 1u64 << t;
                }
            }
        }
    }

    /// One windmill move (N6) from `at`, having crossed `crossed` wires so far: for each piece
    /// (any colour) on the 8 squares around `at`, circle it clockwise or counterclockwise along
    /// the ring of 8 squares around it, 1 to 7 steps, through empty board squares (a ring cell
    /// that is not a board square blocks). Consecutive ring squares are orthogonal neighbours, so
    /// each step may cross a wire. Calls `visit(square, crossed, captured)` for every square the
    /// windmill may stop on with at most one crossing; a capture stops it.
    fn windmill(&self, at: Sq, crossed: u32, visit: &mut dyn FnMut(Sq, u32, bool)) {
        // The ring around a pivot, clockwise, as offsets from the pivot.
        const RING: [(i32, i32); 8] = [(-1, 1), (0, 1), (1, 1), (1, 0), (1, -1), (0, -1), (-1, -1), (-1, 0)];
        let (ax, ay) = coords(at);
        for &(dx, dy) in &RING {
            let Some(pivot) = square(ax + dx, ay + dy) else { continue };
            if self.cells[pivot] == 0 {
                continue; // a windmill circles a piece
            }
            let (px, py) = coords(pivot);
            let start = RING.iter().position(|&o| o == (-dx, -dy)).unwrap();
            for dir in [1, 7] {
                // +1 = clockwise, +7 = -1 mod 8 = counterclockwise
                let (mut idx, mut s, mut c) = (start, at, crossed);
                for _ in 0..7 {
                    idx = (idx + dir) % 8;
                    let Some(t) = square(px + RING[idx].0, py + RING[idx].1) else { break };
                    c += self.crossing(s, t);
                    if c > 1 {
                        break;
                    }
                    if self.empty(t) {
                        visit(t, c, false);
                        s = t;
                    } else {
                        if self.enemy(t) {
                            visit(t, c, true);
                        }
                        break;
                    }
                }
            }
        }
    }

    /// N6 Short WindRider: one windmill move, or two in a row (the second from where the first
    /// stopped, around any piece next to that square; a capture ends the whole move). The move
    /// ends on a square other than its start and crosses exactly one wire in all.
    fn windrider(&self, from: Sq, out: &mut u64) {
        self.windmill(from, 0, &mut |s1, c1, captured| {
            if c1 == 1 && s1 != from {
                *out |= 1u64 << s1;
            }
            if !captured {
                self.windmill(s1, c1, &mut |s2, c2, _| {
                    if c2 == 1 && s2 != from {
                        *out |= 1u64 << s2;
                    }
                });
            }
        });
    }

    /// N5 King: one step to any of the 8 neighbours; the mobility rule does not apply.
    fn king(&self, from: Sq, out: &mut u64) {
        let (f, r) = coords(from);
        for dx in -1..=1 {
            for dy in -1..=1 {
                if let Some(t) = square(f + dx, r + dy) {
                    if t != from && (self.empty(t) || self.enemy(t)) {
                        *out |= 1u64 << t;
                    }
                }
            }
        }
    }
}

/// Pseudo-legal destinations (bit set over squares) of the piece on `from`, under `wires`.
fn destinations(cells: &Cells, wires: u128, from: Sq) -> u64 {
    let p = cells[from];
    if p == 0 {
        return 0;
    }
    // The moving piece's start square counts as empty once it has left: paths may pass it.
    let mut lifted = *cells;
    lifted[from] = 0;
    let walk = Walk { cells: &lifted, wires, colour: p & BLACK };
    let mut out = 0u64;
    match p & 7 {
        KING => walk.king(from, &mut out),
        ROOK => walk.rook(from, &mut out),
        ANDROID => walk.android(from, &mut out),
        CARETAKER => {
            walk.rook(from, &mut out);
            walk.android(from, &mut out);
        }
        WIRERIDER => walk.wirerider(from, &mut out),
        _ => walk.windrider(from, &mut out),
    }
    out & !(1u64 << from)
}

fn king_square(cells: &Cells, colour: u8) -> Option<Sq> {
    (0..49).find(|&s| cells[s] == KING | colour)
}

/// G2/N9: is `target` attacked by `by`, i.e. does some piece of `by` have a move (under these
/// wires) that ends on it?
fn attacked(cells: &Cells, wires: u128, target: Sq, by: u8) -> bool {
    (0..49).any(|s| {
        cells[s] != 0 && cells[s] & BLACK == by && destinations(cells, wires, s) & (1u64 << target) != 0
    })
}

/// N9: the side `colour`'s King is not attacked.
fn king_safe(cells: &Cells, wires: u128, colour: u8) -> bool {
    match king_square(cells, colour) {
        Some(k) => !attacked(cells, wires, k, colour ^ BLACK),
        None => false,
    }
}

/// Is the King of `colour` safe whatever the wires? True when every orthogonal neighbour of it
/// that is a board square holds a friendly piece and no enemy King stands next to it: every
/// non-King move reaches its end by an orthogonal unit step from its start or from an empty
/// square, so no such move can end on this King. (Used only to count opening turns quickly.)
fn king_sealed(cells: &Cells, colour: u8) -> bool {
    let Some(k) = king_square(cells, colour) else { return false };
    let sealed = (0..4).all(|d| match step(k, d) {
        None => true,
        Some(t) => cells[t] != 0 && cells[t] & BLACK == colour,
    });
    let (f, r) = coords(k);
    let enemy_king_near = (-1..=1).any(|dx| {
        (-1..=1).any(|dy| square(f + dx, r + dy).is_some_and(|t| cells[t] == KING | (colour ^ BLACK)))
    });
    sealed && !enemy_king_near
}

fn bits(mut set: u64) -> impl Iterator<Item = Sq> {
    std::iter::from_fn(move || {
        if set == 0 {
            None
        } else {
            let s = set.trailing_zeros() as usize;
            set &= set - 1;
            Some(s)
        }
    })
}

// ---------------------------------------------------------------------------------------------
// Positions and turns
// ---------------------------------------------------------------------------------------------

/// What decides repetition (N10): pieces, wires, side to move, and whether the side to move is
/// still to make its opening turn (an opening position offers other turns than a later one).
type Key = (Cells, u128, bool, bool);

#[derive(Clone, Debug)]
pub struct RefPosition {
    cells: Cells,
    wires: u128,
    white_to_move: bool,
    /// Whole turns since the last capture (opening turns and passes count).
    halfmove: u32,
    /// Starts at 1, increases after Black's turn; 1 = the side to move makes its opening turn.
    fullmove: u32,
    /// Keys of every position since the parsed one, this one last (for threefold repetition).
    history: Vec<Key>,
    /// `notachessweak` (N11): only square outlines are destroyed.
    weak: bool,
}

/// A later (non-opening) turn: a piece move (from, to) or a pass (None), then a wire.
type LaterTurn = (Option<(Sq, Sq)>, Edge);

pub const START: &str = "**akca*/redder*/7/7/7/*REDDER/*ACKA** w - 0 1";

/// Parses a position text `<board> <side> <wires> <halfmove> <fullmove>` (NOTATION).
pub fn parse(text: &str) -> Result<RefPosition, String> {
    parse_with(text, false)
}

/// Parses a `notachessweak` position text (N11): the wires may hold loops, but no square's whole
/// outline.
pub fn parse_weak(text: &str) -> Result<RefPosition, String> {
    parse_with(text, true)
}

fn parse_with(text: &str, weak: bool) -> Result<RefPosition, String> {
    let fields: Vec<&str> = text.split_whitespace().collect();
    if fields.len() != 5 {
        return Err(format!("expected 5 fields, found {}", fields.len()));
    }
    let mut cells = [0u8; 49];
    let ranks: Vec<&str> = fields[0].split('/').collect();
    if ranks.len() != 7 {
        return Err(format!("expected 7 ranks, found {}", ranks.len()));
    }
    for (i, rank_text) in ranks.iter().enumerate() {
        let r = 6 - i as i32;
        let mut f = 0i32;
        for ch in rank_text.chars() {
            if ch == '*' {
                if f > 6 || on_board(f, r) {
                    return Err(format!("rank {}: '*' on a board square or past file g", r + 1));
                }
                f += 1;
            } else if ch.is_ascii_digit() {
                // Each digit is one run (a rank is at most 7 wide): "34" is 3 then 4 empties.
                let n = ch.to_digit(10).unwrap() as i32;
                if n == 0 {
                    return Err(format!("rank {}: empty run of 0", r + 1));
                }
                for _ in 0..n {
                    if !on_board(f, r) {
                        return Err(format!("rank {}: empty run over a hole or past file g", r + 1));
                    }
                    f += 1;
                }
            } else {
                let p = piece_of(ch).ok_or_else(|| format!("bad board character '{ch}'"))?;
                if !on_board(f, r) {
                    return Err(format!("rank {}: piece on a hole or past file g", r + 1));
                }
                cells[(f + 7 * r) as usize] = p;
                f += 1;
            }
        }
        if f != 7 {
            return Err(format!("rank {} describes {f} cells, not 7", r + 1));
        }
    }
    for colour in [0, BLACK] {
        let kings = cells.iter().filter(|&&c| c == KING | colour).count();
        if kings != 1 {
            return Err(format!("{} kings for one side, need exactly 1", kings));
        }
    }
    let white_to_move = match fields[1] {
        "w" => true,
        "b" => false,
        other => return Err(format!("bad side to move '{other}'")),
    };
    let mut wires = 0u128;
    if fields[2] != "-" {
        for name in fields[2].split(',') {
            let e = parse_edge(name).ok_or_else(|| format!("bad edge '{name}'"))?;
            if wires & bit(e) != 0 {
                return Err(format!("edge '{name}' listed twice"));
            }
            wires |= bit(e);
        }
    }
    if weak {
        if has_closed_square(wires) {
            return Err("the wires hold a square's whole outline".to_string());
        }
    } else if has_cycle(wires) {
        return Err("the wires contain a cycle".to_string());
    }
    let halfmove: u32 = fields[3].parse().map_err(|_| format!("bad halfmove '{}'", fields[3]))?;
    let fullmove: u32 = fields[4].parse().map_err(|_| format!("bad fullmove '{}'", fields[4]))?;
    if fullmove == 0 {
        return Err("fullmove must be at least 1".to_string());
    }
    let mut pos = RefPosition { cells, wires, white_to_move, halfmove, fullmove, history: Vec::new(), weak };
    // Reading: a position where the side that just moved left its King attacked cannot arise.
    if !king_safe(&cells, wires, pos.them()) {
        return Err("the side not to move is in check".to_string());
    }
    pos.history.push(pos.key());
    Ok(pos)
}

impl RefPosition {
    fn us(&self) -> u8 {
        if self.white_to_move {
            0
        } else {
            BLACK
        }
    }

    fn them(&self) -> u8 {
        self.us() ^ BLACK
    }

    /// A later turn's wire, under this game's loop rule (N2 or N11).
    fn place(&self, wires: u128, e: Edge) -> u128 {
        if self.weak {
            place_wire_weak(wires, e)
        } else {
            place_wire(wires, e)
        }
    }

    /// N3: fullmove 1 is each side's opening (5-wire) turn.
    pub fn is_opening(&self) -> bool {
        self.fullmove == 1
    }

    pub fn white_to_move(&self) -> bool {
        self.white_to_move
    }

    fn key(&self) -> Key {
        (self.cells, self.wires, self.white_to_move, self.is_opening())
    }

    /// The canonical position text.
    pub fn to_text(&self) -> String {
        let mut board = String::new();
        for r in (0..7).rev() {
            let mut run = 0;
            for f in 0..7 {
                let flush = |board: &mut String, run: &mut i32| {
                    if *run > 0 {
                        board.push_str(&run.to_string());
                        *run = 0;
                    }
                };
                if !on_board(f, r) {
                    flush(&mut board, &mut run);
                    board.push('*');
                } else {
                    let p = self.cells[(f + 7 * r) as usize];
                    if p == 0 {
                        run += 1;
                    } else {
                        flush(&mut board, &mut run);
                        board.push(letter(p));
                    }
                }
            }
            if run > 0 {
                board.push_str(&run.to_string());
            }
            if r > 0 {
                board.push('/');
            }
        }
        format!(
            "{} {} {} {} {}",
            board,
            if self.white_to_move { 'w' } else { 'b' },
            wire_list(self.wires),
            self.halfmove,
            self.fullmove
        )
    }

    /// Pseudo-legal destinations of the piece on `from` under the current wires (check ignored).
    pub fn destinations(&self, from: &str) -> Vec<String> {
        let Some(s) = parse_sq(from) else { return Vec::new() };
        let mut v: Vec<String> = bits(destinations(&self.cells, self.wires, s)).map(sq_name).collect();
        v.sort();
        v
    }

    /// Is the side to move's King attacked now (under the current wires)?
    pub fn in_check(&self) -> bool {
        !king_safe(&self.cells, self.wires, self.us())
    }

    /// The wires as canonical names, sorted.
    pub fn wire_names(&self) -> Vec<String> {
        wire_names(self.wires)
    }

    /// The piece letter on a square, if any.
    pub fn piece_at(&self, sq: &str) -> Option<char> {
        let s = parse_sq(sq)?;
        (self.cells[s] != 0).then(|| letter(self.cells[s]))
    }

    // ---- Later turns --------------------------------------------------------------------------

    /// N3/N9: every legal later turn. For each pseudo-legal piece move, play it, then try every
    /// empty edge (wire placed with loop removal); the turn is legal when the mover's King is then
    /// not attacked under the new wires. Only when no piece move has any legal wire does the side
    /// pass, still placing one wire under the same test.
    fn later_turns(&self) -> Vec<LaterTurn> {
        let us = self.us();
        let empty_edges: Vec<Edge> = all_edges().into_iter().filter(|&e| self.wires & bit(e) == 0).collect();
        let mut out = Vec::new();
        for from in 0..49 {
            let p = self.cells[from];
            if p == 0 || p & BLACK != us {
                continue;
            }
            for to in bits(destinations(&self.cells, self.wires, from)) {
                let mut cells = self.cells;
                cells[to] = p;
                cells[from] = 0;
                for &e in &empty_edges {
                    if king_safe(&cells, self.place(self.wires, e), us) {
                        out.push((Some((from, to)), e));
                    }
                }
            }
        }
        if out.is_empty() {
            for &e in &empty_edges {
                if king_safe(&self.cells, self.place(self.wires, e), us) {
                    out.push((None, e));
                }
            }
        }
        out
    }

    fn later_token((mv, e): LaterTurn) -> String {
        match mv {
            Some((from, to)) => format!("{}{}/{}", sq_name(from), sq_name(to), edge_name(e)),
            None => format!("pass/{}", edge_name(e)),
        }
    }

    fn play_later(&self, (mv, e): LaterTurn) -> RefPosition {
        let mut next = self.clone();
        let mut captured = false;
        if let Some((from, to)) = mv {
            captured = next.cells[to] != 0;
            next.cells[to] = next.cells[from];
            next.cells[from] = 0;
        }
        next.wires = self.place(self.wires, e);
        next.finish_turn(captured);
        next
    }

    /// Clocks and side to move after a whole turn.
    fn finish_turn(&mut self, captured: bool) {
        self.halfmove = if captured { 0 } else { self.halfmove + 1 };
        if !self.white_to_move {
            self.fullmove += 1;
        }
        self.white_to_move = !self.white_to_move;
        let key = self.key();
        self.history.push(key);
    }

    // ---- Opening turns ------------------------------------------------------------------------

    /// N3/N9: calls `visit` with every legal opening: a set of 5 empty edges (in index order) that
    /// together with the wires already there contains no cycle, after which the mover's King is
    /// not attacked. The search adds edges in increasing index order, so each unordered set is met
    /// once, and abandons a partial set as soon as an edge would close a cycle (union-find over
    /// lattice points). `visit` returns false to stop early. When `check_king` is false the King
    /// test is skipped (the caller knows the King is sealed).
    fn openings(&self, check_king: bool, visit: &mut dyn FnMut(&[Edge; 5]) -> bool) {
        let mut parent = fresh_parents();
        for e in 0..EDGE_SLOTS {
            if self.wires & bit(e) != 0 {
                let (p, q) = edge_points(e);
                let (rp, rq) = (find(&parent, p), find(&parent, q));
                parent[rp] = rq as u8;
            }
        }
        let candidates: Vec<Edge> = all_edges().into_iter().filter(|&e| self.wires & bit(e) == 0).collect();
        let mut chosen = [0usize; 5];
        self.openings_from(&candidates, 0, 0, &parent, &mut chosen, check_king, visit);
    }

    #[allow(clippy::too_many_arguments)]
    fn openings_from(
        &self,
        candidates: &[Edge],
        first: usize,
        depth: usize,
        parent: &[u8; 64],
        chosen: &mut [Edge; 5],
        check_king: bool,
        visit: &mut dyn FnMut(&[Edge; 5]) -> bool,
    ) -> bool {
        if depth == 5 {
            if check_king {
                let wires = chosen.iter().fold(self.wires, |w, &e| w | bit(e));
                if !king_safe(&self.cells, wires, self.us()) {
                    return true;
                }
            }
            return visit(chosen);
        }
        for i in first..candidates.len() {
            let e = candidates[i];
            let (p, q) = edge_points(e);
            let (rp, rq) = (find(parent, p), find(parent, q));
            if rp == rq {
                continue; // this edge would close a loop: not allowed in an opening
            }
            let mut next = *parent;
            next[rp] = rq as u8;
            chosen[depth] = e;
            if !self.openings_from(candidates, i + 1, depth + 1, &next, chosen, check_king, visit) {
                return false;
            }
        }
        true
    }

    /// The number of legal opening turns (only for an opening position). When the mover's King is
    /// sealed (see `king_sealed`) no wire set can expose it, so the acyclic 5-sets are counted
    /// without the King test; otherwise each set is tested.
    pub fn opening_turn_count(&self) -> u64 {
        assert!(self.is_opening(), "not an opening position");
        let sealed = king_sealed(&self.cells, self.us());
        let mut n = 0u64;
        self.openings(!sealed, &mut |_| {
            n += 1;
            true
        });
        n
    }

    fn opening_token(set: &[Edge; 5]) -> String {
        let mut names: Vec<String> = set.iter().map(|&e| edge_name(e)).collect();
        names.sort();
        names.join(",")
    }

    fn play_opening(&self, set: &[Edge; 5]) -> RefPosition {
        let mut next = self.clone();
        for &e in set {
            next.wires |= bit(e);
        }
        next.finish_turn(false);
        next
    }

    // ---- Public turn interface ----------------------------------------------------------------

    /// Every legal whole-turn token, canonical, sorted, without duplicates. (At an opening on a
    /// nearly empty board this is tens of millions of strings: use `opening_turn_count` there.)
    pub fn legal_turns(&self) -> Vec<String> {
        let mut v: Vec<String> = if self.is_opening() {
            let mut v = Vec::new();
            self.openings(true, &mut |set| {
                v.push(Self::opening_token(set));
                true
            });
            v
        } else {
            self.later_turns().into_iter().map(Self::later_token).collect()
        };
        v.sort();
        v.dedup();
        v
    }

    /// Plays a canonical turn token if it is legal here.
    pub fn play(&self, token: &str) -> Option<RefPosition> {
        if self.is_opening() {
            let names: Vec<&str> = token.split(',').collect();
            if names.len() != 5 {
                return None;
            }
            let mut set = [0usize; 5];
            for (i, name) in names.iter().enumerate() {
                let e = parse_edge(name)?;
                if edge_name(e) != *name || (i > 0 && names[i - 1] >= *name) {
                    return None; // not canonical (or repeated)
                }
                if self.wires & bit(e) != 0 {
                    return None;
                }
                set[i] = e;
            }
            let wires = set.iter().fold(self.wires, |w, &e| w | bit(e));
            let closes = if self.weak { opening_closes_loop(self.wires, &set) } else { has_cycle(wires) };
            if closes || !king_safe(&self.cells, wires, self.us()) {
                return None;
            }
            Some(self.play_opening(&set))
        } else {
            self.later_turns()
                .into_iter()
                .find(|&t| Self::later_token(t) == token)
                .map(|t| self.play_later(t))
        }
    }

    /// The number of turn sequences of `depth` whole turns.
    pub fn perft(&self, depth: u32) -> u64 {
        if depth == 0 {
            return 1;
        }
        if self.is_opening() {
            if depth == 1 {
                return self.opening_turn_count();
            }
            let mut n = 0;
            self.openings(true, &mut |set| {
                n += self.play_opening(set).perft(depth - 1);
                true
            });
            return n;
        }
        let turns = self.later_turns();
        if depth == 1 {
            return turns.len() as u64;
        }
        turns.into_iter().map(|t| self.play_later(t).perft(depth - 1)).sum()
    }

    /// Per-turn counts at `depth` (a "divide"), tokens sorted.
    pub fn divide(&self, depth: u32) -> Vec<(String, u64)> {
        assert!(!self.is_opening() && depth >= 1);
        let mut v: Vec<(String, u64)> = self
            .later_turns()
            .into_iter()
            .map(|t| (Self::later_token(t), self.play_later(t).perft(depth - 1)))
            .collect();
        v.sort();
        v
    }

    fn has_legal_turn(&self) -> bool {
        if self.is_opening() {
            let mut any = false;
            self.openings(true, &mut |_| {
                any = true;
                false
            });
            any
        } else {
            !self.later_turns().is_empty()
        }
    }

    /// N9/N10: `Some("1-0")` / `Some("0-1")` when the side to move has no legal turn (mated; there
    /// is no stalemate), `Some("1/2-1/2")` after a threefold repetition (pieces, wires, side to
    /// move, opening phase) or 100 turns in a row without a capture, else `None`. Mate is judged
    /// first.
    pub fn outcome(&self) -> Option<&'static str> {
        if !self.has_legal_turn() {
            return Some(if self.white_to_move { "0-1" } else { "1-0" });
        }
        let key = self.key();
        if self.history.iter().filter(|&&k| k == key).count() >= 3 || self.halfmove >= 100 {
            return Some("1/2-1/2");
        }
        None
    }
}

fn wire_names(wires: u128) -> Vec<String> {
    let mut v: Vec<String> = (0..EDGE_SLOTS).filter(|&e| wires & bit(e) != 0).map(edge_name).collect();
    v.sort();
    v
}

fn wire_list(wires: u128) -> String {
    if wires == 0 {
        "-".to_string()
    } else {
        wire_names(wires).join(",")
    }
}

/// Canonical name of an edge given by any of its names (for tests).
pub fn canonical_edge(name: &str) -> Option<String> {
    parse_edge(name).map(edge_name)
}

/// The number of edges on the board (96 by N2), for tests.
pub fn edge_count() -> usize {
    all_edges().len()
}
