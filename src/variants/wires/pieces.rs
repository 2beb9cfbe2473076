//! Where each piece may go under the mobility rule (N4-N7).
//!
//! Every piece but the King must cross exactly one wire, and a destination is legal when *some*
//! path to it does. So each piece is walked as a search over states `(square, wires crossed so
//! far)` with the count capped at one, never by listing paths: a state with one crossing that
//! would cross again is dropped. The moving piece's own start square counts as empty once it has
//! left (a WireRider or a second windmill may pass it), but no move ends there.

use super::board::{bit, distance, grow, neighbours, span, squares, Dir, EdgeId, Square, SquareSet, BOARD};
use super::forest::Wires;

/// The kinds of pieces (N5-N7), with their text letters.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum Role {
    King,
    Rook,
    /// Crooked rook (zR).
    Android,
    /// Rook or Android (RzR).
    Caretaker,
    WireRider,
    /// Short WindRider: one or two windmill moves.
    Windrider,
}

impl Role {
    pub const ALL: [Role; 6] =
        [Role::King, Role::Rook, Role::Android, Role::Caretaker, Role::WireRider, Role::Windrider];

    pub const fn letter(self) -> char {
        match self {
            Role::King => 'K',
            Role::Rook => 'R',
            Role::Android => 'A',
            Role::Caretaker => 'C',
            Role::WireRider => 'E',
            Role::Windrider => 'D',
        }
    }

    pub fn from_letter(c: char) -> Option<Role> {
        Role::ALL.into_iter().find(|r| r.letter() == c.to_ascii_uppercase())
    }
}

/// What a piece standing somewhere sees: the wires, who stands where, and its own side's pieces.
#[derive(Clone, Copy, Debug)]
pub struct Surroundings {
    pub wires: Wires,
    /// Every occupied square, the mover's start square excluded.
    pub occupied: SquareSet,
    /// The mover's own pieces (it may not land on them).
    pub friends: SquareSet,
}

impl Surroundings {
    #[inline]
    fn empty(&self) -> SquareSet {
        BOARD & !self.occupied
    }

    #[inline]
    fn enemies(&self) -> SquareSet {
        self.occupied & !self.friends
    }
}

/// The destinations of a piece of `role` on `from`: empty squares and enemy pieces (captures).
pub fn destinations(role: Role, from: Square, s: &Surroundings) -> SquareSet {
    let targets = match role {
        Role::King => neighbours(from) & !s.friends,
        Role::Rook => rook(from, s),
        Role::Android => android(from, s),
        Role::Caretaker => rook(from, s) | android(from, s),
        Role::WireRider => wirerider(from, s),
        Role::Windrider => windrider(from, s),
    };
    targets & !bit(from)
}

/// Whether a piece of `role` on `from` could move to `target` (an attack when `target` holds an
/// enemy). Cheap geometric tests first: most pieces cannot reach most squares at all.
pub fn reaches(role: Role, from: Square, target: Square, s: &Surroundings) -> bool {
    let (df, dr) = ((target & 7) as i8 - (from & 7) as i8, (target >> 3) as i8 - (from >> 3) as i8);
    let rook_line = df == 0 || dr == 0;
    let staircase = (df.abs() - dr.abs()).abs() <= 1;
    let hit = |set: SquareSet| set & bit(target) != 0;
    match role {
        Role::King => distance(from, target) == 1,
        Role::Rook => rook_line && hit(rook(from, s)),
        Role::Android => staircase && hit(android(from, s)),
        Role::Caretaker => (rook_line && hit(rook(from, s))) || (staircase && hit(android(from, s))),
        Role::WireRider => hit(wirerider(from, s)),
        // Two windmills move at most two squares each way from pivots next to the path.
        Role::Windrider => {
            distance(from, target) <= 4
                && match recalled(Walk::Windrider, from, s) {
                    Some((destinations, _)) => hit(destinations),
                    None => windrider_reaches(from, target, s),
                }
        }
    }
}

/// One unit step of a walk that counts crossings (Rook, Android): records the square reached
/// when it is a destination (after exactly one crossing, empty or an enemy), and returns it when
/// the walk may go on through it (empty, crossings not exceeded). Adds the edge and the square
/// it looked at to `examined`.
fn advance(
    s: &Surroundings,
    sq: Square,
    dir: Dir,
    crossed: &mut u8,
    out: &mut SquareSet,
    examined: &mut Examined,
) -> Option<Square> {
    let next = dir.step(sq)?;
    examined.edges.insert(dir.edge_from(sq));
    *crossed += u8::from(s.wires.crosses(sq, dir));
    if *crossed > 1 {
        return None;
    }
    examined.squares |= bit(next);
    let free = s.empty() & bit(next) != 0;
    if *crossed == 1 && (free || s.enemies() & bit(next) != 0) {
        *out |= bit(next);
    }
    free.then_some(next)
}

/// Rook (N5): straight slides; every square reached after exactly one crossing.
fn rook(from: Square, s: &Surroundings) -> SquareSet {
    memoized(Walk::Rook, from, s).0
}

fn rook_walk(from: Square, s: &Surroundings) -> (SquareSet, Examined) {
    let mut out = 0;
    let mut examined = Examined::default();
    for dir in Dir::ALL {
        let (mut sq, mut crossed) = (from, 0);
        while let Some(next) = advance(s, sq, dir, &mut crossed, &mut out, &mut examined) {
            sq = next;
        }
    }
    (out, examined)
}

/// Android (N5): staircases. The first step goes any way, then the piece turns 90 degrees after
/// every step, alternately left and right (both orders of turning), through empty squares.
fn android(from: Square, s: &Surroundings) -> SquareSet {
    memoized(Walk::Android, from, s).0
}

fn android_walk(from: Square, s: &Surroundings) -> (SquareSet, Examined) {
    let mut out = 0;
    let mut examined = Examined::default();
    for first in Dir::ALL {
        for second in [first.right(), first.left()] {
            let (mut sq, mut crossed, mut dir) = (from, 0, first);
            while let Some(next) = advance(s, sq, dir, &mut crossed, &mut out, &mut examined) {
                sq = next;
                dir = if dir == first { second } else { first };
            }
        }
    }
    (out, examined)
}

/// WireRider (N7): a flood over `(square, crossings)`. From a square with a wire on its north or
/// south side it may step east or west; with one on its west or east side, north or south.
fn wirerider(from: Square, s: &Surroundings) -> SquareSet {
    memoized(Walk::WireRider, from, s).0
}

fn wirerider_walk(from: Square, s: &Surroundings) -> (SquareSet, Examined) {
    let (reached, captures) = wirerider_flood(from, &s.wires, s.empty() | bit(from), s.enemies());
    // The flood asked, of every square it stood on, which of its sides carry wires, and of each
    // square next to one, whether it is empty or an enemy.
    let stood = reached[0] | reached[1];
    let examined = Examined {
        squares: stood | orthogonal_grow(stood),
        edges: Wires { horizontal: stood | stood << 8, vertical: stood | stood << 1 },
    };
    ((reached[1] | captures) & BOARD, examined)
}

/// The squares one orthogonal step from `set` (off the board too: a superset is harmless).
#[inline]
fn orthogonal_grow(set: SquareSet) -> SquareSet {
    set << 8 | set >> 8 | set << 1 | set >> 1
}

/// Every square a WireRider on `from` could stand on under these wires however the other
/// pieces stood (its flood over an empty board): a wire with neither side among them, or a piece
/// on none of them nor next to them, cannot change where it goes.
pub fn wirerider_footprint(from: Square, wires: &Wires) -> SquareSet {
    let (reached, _) = wirerider_flood(from, wires, BOARD, 0);
    reached[0] | reached[1]
}

/// The WireRider's flood through the `passable` squares: the squares stood on after no crossing
/// and after one, and the `enemies` reached after one crossing.
#[inline]
fn wirerider_flood(
    from: Square,
    wires: &Wires,
    passable: SquareSet,
    enemies: SquareSet,
) -> ([SquareSet; 2], SquareSet) {
    let along = |dir: Dir| match dir {
        Dir::East | Dir::West => wires.beside_horizontal(),
        Dir::North | Dir::South => wires.beside_vertical(),
    };
    // reached[c]: squares stood on (so far passable, or the start) after c crossings.
    let mut reached = [bit(from), 0u64];
    let mut captures = 0;
    loop {
        let mut next = reached;
        for dir in Dir::ALL {
            let movers = along(dir);
            let crossing = wires.crossing(dir);
            let from0 = reached[0] & movers;
            let from1 = reached[1] & movers & !crossing;
            let to1 = dir.shift(from0 & crossing) | dir.shift(from1);
            let to0 = dir.shift(from0 & !crossing);
            captures |= to1 & enemies;
            next[0] |= to0 & passable;
            next[1] |= to1 & passable;
        }
        if next == reached {
            break;
        }
        reached = next;
    }
    (reached, captures)
}

/// Where the answer of [`reaches`] for a piece of `role` on `from` and the square `target` can
/// change, both squares staying put: `None` when nothing can make it true (geometry alone
/// rules it out), else the squares whose occupancy may matter and the squares beside which a
/// wire may matter (supersets: a change anywhere else leaves the answer as it is).
///
/// A Rook's or Android's path only ever goes two ways (a line; a staircase), so every path to
/// `target` stays in the rectangle of the two squares. A Short Windrider's path to `target` is a
/// windmill round a piece next to `from`, then perhaps one round a piece next to `target`: its
/// squares and pivots lie within two squares of one or the other. A WireRider may wander
/// anywhere it can stand (see [`wirerider_footprint`]).
pub fn reach_region(
    role: Role,
    from: Square,
    target: Square,
    wires: &Wires,
) -> Option<(SquareSet, SquareSet)> {
    let (df, dr) = ((target & 7) as i8 - (from & 7) as i8, (target >> 3) as i8 - (from >> 3) as i8);
    let rook_line = df == 0 || dr == 0;
    let staircase = (df.abs() - dr.abs()).abs() <= 1;
    let rectangle = || {
        let r = span(from, target);
        (r, r)
    };
    match role {
        Role::King => (distance(from, target) == 1).then_some((0, 0)),
        Role::Rook => rook_line.then(rectangle),
        Role::Android => staircase.then(rectangle),
        Role::Caretaker => (rook_line || staircase).then(rectangle),
        Role::WireRider => {
            let footprint = wirerider_footprint(from, wires);
            Some((grow(footprint), footprint))
        }
        Role::Windrider => (distance(from, target) <= 4).then(|| {
            let near = grow(grow(bit(from))) | grow(grow(bit(target)));
            (near, near)
        }),
    }
}

/// Marks a ring place that is not a board square.
const NO_SQUARE: u8 = u8::MAX;

/// The ring of squares around a pivot, clockwise from north, with the edge crossed by each step
/// round it: `edges[i]` lies between `squares[i]` and `squares[(i + 1) % 8]` (consecutive ring
/// squares are orthogonal neighbours, so each windmill step is a unit orthogonal step).
#[derive(Clone, Copy)]
struct Ring {
    squares: [u8; 8],
    edges: [EdgeId; 8],
}

const RING_OFFSETS: [(i8, i8); 8] = [(0, 1), (1, 1), (1, 0), (1, -1), (0, -1), (-1, -1), (-1, 0), (-1, 1)];

/// Every square's ring, computed at compile time.
const RINGS: [Ring; 64] = {
    let mut rings = [Ring { squares: [NO_SQUARE; 8], edges: [EdgeId(0); 8] }; 64];
    let mut pivot = 0;
    while pivot < 64 {
        let (f, r) = ((pivot % 8) as i8, (pivot / 8) as i8);
        let mut i = 0;
        while i < 8 {
            let (df, dr) = RING_OFFSETS[i];
            let (tf, tr) = (f + df, r + dr);
            if tf >= 0 && tf < 7 && tr >= 0 && tr < 7 && BOARD >> (tf + 8 * tr) & 1 != 0 {
                rings[pivot].squares[i] = (tf + 8 * tr) as u8;
            }
            // The step from place i to place i + 1 goes one square this way.
            let (nf, nr) = RING_OFFSETS[(i + 1) % 8];
            let dir = match (nf - df, nr - dr) {
                (0, 1) => Dir::North,
                (1, 0) => Dir::East,
                (0, -1) => Dir::South,
                _ => Dir::West,
            };
            if tf >= 0 && tr >= 0 {
                rings[pivot].edges[i] = dir.edge_from((tf + 8 * tr) as u8);
            }
            i += 1;
        }
        pivot += 1;
    }
    rings
};

/// The ring place of a square next to the pivot, by `(rank delta + 1) * 3 + (file delta + 1)`.
const RING_PLACE: [usize; 9] = [5, 4, 3, 6, usize::MAX, 2, 7, 0, 1];

/// What a piece's walks looked at: the squares whose occupancy (and side) they tested and the
/// edges whose wire they tested (or supersets). The walks are deterministic, so in any position
/// that agrees with this one on all of these they make the same steps and end in the same places.
#[derive(Clone, Copy, Debug, Default)]
struct Examined {
    squares: SquareSet,
    edges: Wires,
}

/// One windmill move from `at` (N6): around each piece next to it, clockwise or anticlockwise,
/// 1 to 7 steps through empty ring squares. Returns, per number of crossings (0 or 1), the empty
/// squares it may stop on and the enemy squares it may capture on, and adds to `examined` every
/// square and edge it looked at.
fn windmill(at: Square, s: &Surroundings, examined: &mut Examined) -> ([SquareSet; 2], [SquareSet; 2]) {
    let empty = s.empty();
    let enemies = s.enemies();
    let mut stops = [0u64; 2];
    let mut captures = [0u64; 2];
    // The pivots are the occupied squares among these.
    examined.squares |= neighbours(at);
    for pivot in squares(neighbours(at) & s.occupied) {
        let ring = &RINGS[pivot as usize];
        let rank_delta = (at >> 3) as usize + 1 - (pivot >> 3) as usize;
        let file_delta = (at & 7) as usize + 1 - (pivot & 7) as usize;
        let start = RING_PLACE[rank_delta * 3 + file_delta];
        for clockwise in [true, false] {
            let mut place = start;
            let mut crossed = 0usize;
            for _ in 1..8 {
                let (next, edge) = if clockwise {
                    ((place + 1) % 8, ring.edges[place])
                } else {
                    ((place + 7) % 8, ring.edges[(place + 7) % 8])
                };
                let sq = ring.squares[next];
                if sq == NO_SQUARE {
                    break;
                }
                examined.edges.insert(edge);
                crossed += usize::from(s.wires.contains(edge));
                if crossed > 1 {
                    break;
                }
                examined.squares |= bit(sq);
                if empty & bit(sq) != 0 {
                    stops[crossed] |= bit(sq);
                    place = next;
                } else {
                    captures[crossed] |= bit(sq) & enemies;
                    break;
                }
            }
        }
    }
    (stops, captures)
}

/// Short Windrider (N6): one windmill move, or two in a row, crossing one wire in all.
fn windrider(from: Square, s: &Surroundings) -> SquareSet {
    memoized(Walk::Windrider, from, s).0
}

/// The Short Windrider's destinations, and every edge its walks looked at: a wire placed on any
/// other edge cannot change them (occupancy aside).
pub fn windrider_traced(from: Square, s: &Surroundings) -> (SquareSet, Wires) {
    memoized(Walk::Windrider, from, s)
}

/// The walks whose answers [`memoized`] keeps (a Caretaker's is a Rook's and an Android's).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Walk {
    Rook,
    Android,
    WireRider,
    Windrider,
}

/// The destinations of the walk `walk` from `from`, and the edges it looked at.
///
/// The walks are most of the cost of both move generation and evaluation, and most positions
/// a search visits differ from one seen just before only away from a given piece: each thread
/// keeps the last few answers per walk and square with what the walk looked at, and reuses one
/// whose position agrees on all of that (see [`Examined`]). The answer is the walk's, whichever
/// way: only the speed depends on what the thread met before.
fn memoized(walk: Walk, from: Square, s: &Surroundings) -> (SquareSet, Wires) {
    MEMOS.with_borrow_mut(|memos| {
        let slot = &mut memos[walk as usize][from as usize];
        if let Some(m) = slot.ways.iter().find(|m| m.answers(s)) {
            return (m.destinations, m.examined.edges);
        }
        let (destinations, examined) = match walk {
            Walk::Rook => rook_walk(from, s),
            Walk::Android => android_walk(from, s),
            Walk::WireRider => wirerider_walk(from, s),
            Walk::Windrider => windrider_walk(from, s),
        };
        // The oldest answer gives way.
        let oldest = slot.oldest as usize;
        slot.ways[oldest] = Memo::new(destinations, examined, s);
        slot.oldest = ((oldest + 1) % MEMO_WAYS) as u8;
        (destinations, examined.edges)
    })
}

/// The answer [`memoized`] keeps for the walk `walk` from `from` in `s`, if it has one.
#[inline]
fn recalled(walk: Walk, from: Square, s: &Surroundings) -> Option<(SquareSet, Wires)> {
    MEMOS.with_borrow(|memos| {
        let slot = &memos[walk as usize][from as usize];
        slot.ways.iter().find(|m| m.answers(s)).map(|m| (m.destinations, m.examined.edges))
    })
}

/// How many answers [`memoized`] keeps per walk and square.
const MEMO_WAYS: usize = 4;

/// A walk's destinations with what it saw.
#[derive(Clone, Copy, Debug)]
struct Memo {
    /// The surroundings' occupied squares and friends among the examined squares.
    occupied: SquareSet,
    friends: SquareSet,
    /// The wires among the examined edges.
    wires: Wires,
    examined: Examined,
    destinations: SquareSet,
}

impl Memo {
    /// A slot with no answer yet: no surroundings agree with it, since nothing outside the
    /// examined squares (none) is ever in `occupied`.
    const UNUSED: Memo = Memo {
        occupied: u64::MAX,
        friends: 0,
        wires: Wires::EMPTY,
        examined: Examined { squares: 0, edges: Wires::EMPTY },
        destinations: 0,
    };

    fn new(destinations: SquareSet, examined: Examined, s: &Surroundings) -> Memo {
        Memo {
            occupied: s.occupied & examined.squares,
            friends: s.friends & examined.squares,
            wires: Wires {
                horizontal: s.wires.horizontal & examined.edges.horizontal,
                vertical: s.wires.vertical & examined.edges.vertical,
            },
            examined,
            destinations,
        }
    }

    /// Whether the walk (the same one, from the same square) in `s` would give these
    /// destinations: every square and edge it looked at is as it was.
    #[inline]
    fn answers(&self, s: &Surroundings) -> bool {
        let (squares, edges) = (self.examined.squares, self.examined.edges);
        s.occupied & squares == self.occupied
            && s.friends & squares == self.friends
            && s.wires.horizontal & edges.horizontal == self.wires.horizontal
            && s.wires.vertical & edges.vertical == self.wires.vertical
    }
}

/// The answers [`memoized`] keeps for one walk from one square.
#[derive(Clone, Copy, Debug)]
struct MemoSlot {
    ways: [Memo; MEMO_WAYS],
    /// The way the next new answer replaces.
    oldest: u8,
}

thread_local! {
    /// The per-thread answers of [`memoized`], by walk and square.
    static MEMOS: std::cell::RefCell<[[MemoSlot; 64]; 4]> = const {
        std::cell::RefCell::new([[MemoSlot { ways: [Memo::UNUSED; MEMO_WAYS], oldest: 0 }; 64]; 4])
    };
}

/// The Short Windrider's destinations, and what its walks looked at.
fn windrider_walk(from: Square, s: &Surroundings) -> (SquareSet, Examined) {
    let mut examined = Examined::default();
    let (stops, captures) = windmill(from, s, &mut examined);
    let mut out = stops[1] | captures[1];
    // A second windmill from each first stop: with no crossing yet it must cross one, with one
    // already crossed it must cross none. Each square is walked once even if both counts reach it.
    for mid in squares(stops[0] | stops[1]) {
        let (stops2, captures2) = windmill(mid, s, &mut examined);
        if stops[0] & bit(mid) != 0 {
            out |= stops2[1] | captures2[1];
        }
        if stops[1] & bit(mid) != 0 {
            out |= stops2[0] | captures2[0];
        }
    }
    (out & !bit(from), examined)
}

/// Whether a Short Windrider on `from` may move to `target`: [`windrider_walk`] with only the
/// second windmills that can end there (a windmill ends within two squares of its start: the
/// pivot is next to the start, the stop next to the pivot).
fn windrider_reaches(from: Square, target: Square, s: &Surroundings) -> bool {
    if target == from {
        return false;
    }
    let mut examined = Examined::default();
    let (stops, captures) = windmill(from, s, &mut examined);
    if (stops[1] | captures[1]) & bit(target) != 0 {
        return true;
    }
    squares((stops[0] | stops[1]) & grow(grow(bit(target)))).any(|mid| {
        let (stops2, captures2) = windmill(mid, s, &mut examined);
        (stops[0] & bit(mid) != 0 && (stops2[1] | captures2[1]) & bit(target) != 0)
            || (stops[1] & bit(mid) != 0 && (stops2[0] | captures2[0]) & bit(target) != 0)
    })
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::core::Coord;

    fn sq(name: &str) -> Square {
        super::super::board::square_at(name.parse::<Coord>().unwrap()).unwrap()
    }

    fn set(names: &[&str]) -> SquareSet {
        names.iter().map(|n| bit(sq(n))).fold(0, |a, b| a | b)
    }

    fn wires(names: &[&str]) -> Wires {
        let mut w = Wires::EMPTY;
        for n in names {
            w.place(super::super::board::EdgeId::parse(n).unwrap());
        }
        w
    }

    #[test]
    fn the_windrider_reach_test_agrees_with_its_destinations() {
        use rand::{Rng, SeedableRng};
        // Crowded boards with scattered wires, from a seeded generator.
        let mut rng = rand::rngs::StdRng::seed_from_u64(0x9E37_79B9_7F4A_7C15);
        let mut next = || rng.gen::<u64>();
        for _ in 0..200 {
            let occupied = next() & next() & BOARD;
            let friends = occupied & next();
            let wires = Wires {
                horizontal: next() & next() & super::super::board::HORIZONTAL_EDGES,
                vertical: next() & next() & super::super::board::VERTICAL_EDGES,
            };
            for from in squares(BOARD) {
                let s =
                    Surroundings { wires, occupied: occupied & !bit(from), friends: friends & !bit(from) };
                let (destinations, _) = windrider_walk(from, &s);
                for target in squares(BOARD) {
                    let expected = destinations & bit(target) != 0;
                    assert_eq!(windrider_reaches(from, target, &s), expected, "{from} {target}");
                }
            }
        }
    }

    #[test]
    fn a_rook_must_cross_exactly_one_wire() {
        // Rook d3 alone; wires d3n (between d3 and d4) and d5n (between d5 and d6).
        let s = Surroundings { wires: wires(&["d3n", "d5n"]), occupied: 0, friends: 0 };
        // Northward: d4, d5 after one crossing; d6 would be the second. No other direction
        // crosses anything.
        assert_eq!(rook(sq("d3"), &s), set(&["d4", "d5"]));
    }

    #[test]
    fn android_staircases_turn_both_ways() {
        // N5. Android d3, wire d3n only: just the staircases whose first step is north (d3 to
        // d4) cross it. Turning right first: d4, e4, e5, f5, f6 (then g6, a hole). Turning left
        // first: d4, c4, c5, b5, b6, a6 (then a7, a hole). A staircase starting east steps e3 to
        // e4 across e3n, not d3n, so it crosses nothing.
        let s = Surroundings { wires: wires(&["d3n"]), occupied: 0, friends: 0 };
        let got = android(sq("d3"), &s);
        assert_eq!(got, set(&["d4", "e4", "c4", "e5", "c5", "f5", "b5", "f6", "b6", "a6"]));
    }
}
