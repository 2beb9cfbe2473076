//! The wires (N2, N11): a set of edges of the lattice graph, and the two loop rules' placements.
//! Under `notachessvariant`'s rule (N2) the wires are always a forest: placing a wire that closes
//! a loop removes every wire of that loop, the new one included ([`Wires::place`]). Under
//! `notachessweak`'s (N11) only a completed square outline goes, and larger loops stay
//! ([`Wires::place_closing_squares`]); see [`super::rules`].

use super::board::{bit, Dir, EdgeId, Square, SquareSet, BOARD, HORIZONTAL_EDGES, VERTICAL_EDGES};

/// The wires on the board, as two bit sets in the layout of [`super::board`].
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
pub struct Wires {
    pub horizontal: u64,
    pub vertical: u64,
}

/// What a placement did.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Placement {
    /// The wire stays.
    Added,
    /// The wire closed a loop (N2) or square outlines (N11): these wires (the new one included)
    /// were removed.
    LoopRemoved(Wires),
}

impl Wires {
    pub const EMPTY: Wires = Wires { horizontal: 0, vertical: 0 };

    #[inline]
    pub fn contains(&self, e: EdgeId) -> bool {
        let set = if e.is_horizontal() { self.horizontal } else { self.vertical };
        set >> e.bit_index() & 1 != 0
    }

    /// Adds an edge to the set (no loop rule: for sets of edges that are not wires).
    #[inline]
    pub fn insert(&mut self, e: EdgeId) {
        if e.is_horizontal() {
            self.horizontal |= 1 << e.bit_index();
        } else {
            self.vertical |= 1 << e.bit_index();
        }
    }

    #[inline]
    pub fn toggle(&mut self, e: EdgeId) {
        if e.is_horizontal() {
            self.horizontal ^= 1 << e.bit_index();
        } else {
            self.vertical ^= 1 << e.bit_index();
        }
    }

    pub fn len(&self) -> u32 {
        self.horizontal.count_ones() + self.vertical.count_ones()
    }

    pub fn is_empty(&self) -> bool {
        self.len() == 0
    }

    /// The wires, in [`EdgeId`] order.
    pub fn iter(&self) -> impl Iterator<Item = EdgeId> {
        let h = super::board::squares(self.horizontal).map(EdgeId);
        let v = super::board::squares(self.vertical).map(|b| EdgeId(64 + b));
        h.chain(v)
    }

    /// The edges without a wire, in [`EdgeId`] order.
    pub fn empty_edges(&self) -> impl Iterator<Item = EdgeId> {
        Wires { horizontal: HORIZONTAL_EDGES & !self.horizontal, vertical: VERTICAL_EDGES & !self.vertical }
            .iter()
    }

    /// The edges without a wire, in decreasing [`EdgeId`] order.
    pub fn empty_edges_descending(&self) -> impl Iterator<Item = EdgeId> {
        let mut vertical = VERTICAL_EDGES & !self.vertical;
        let mut horizontal = HORIZONTAL_EDGES & !self.horizontal;
        std::iter::from_fn(move || {
            let (set, base) = if vertical != 0 { (&mut vertical, 64) } else { (&mut horizontal, 0) };
            (*set != 0).then(|| {
                let b = 63 - set.leading_zeros() as u8;
                *set &= !(1 << b);
                EdgeId(base + b)
            })
        })
    }

    /// The lattice points connected to the points in `seeds` through wires.
    #[inline]
    pub fn component(&self, seeds: u64) -> u64 {
        let (h, v) = (self.horizontal, self.vertical);
        let mut reached = seeds;
        loop {
            let next =
                reached | (reached & h) << 1 | (reached >> 1) & h | (reached & v) << 8 | (reached >> 8) & v;
            if next == reached {
                return reached;
            }
            reached = next;
        }
    }

    /// Whether placing `e` would close a loop (its endpoints are already connected). Right
    /// whether or not the wires are a forest.
    #[inline]
    pub fn closes_loop(&self, e: EdgeId) -> bool {
        let (a, b) = e.endpoints();
        self.component(1 << a) >> b & 1 != 0
    }

    /// The wires of the path between two connected lattice points (the forest has exactly one).
    fn path(&self, from: u8, to: u8) -> Wires {
        // Breadth-first search from `from`, remembering the wire each point was reached by.
        let mut via: [Option<EdgeId>; 64] = [None; 64];
        let mut seen = 1u64 << from;
        let mut queue = [0u8; 64];
        let (mut head, mut tail) = (0, 1);
        queue[0] = from;
        while head < tail {
            let p = queue[head];
            head += 1;
            for (e, q) in self.wires_at(p) {
                if seen >> q & 1 == 0 {
                    seen |= 1 << q;
                    via[q as usize] = Some(e);
                    queue[tail] = q;
                    tail += 1;
                }
            }
        }
        let mut path = Wires::EMPTY;
        let mut p = to;
        while let Some(e) = via[p as usize] {
            path.toggle(e);
            let (a, b) = e.endpoints();
            p = if a == p { b } else { a };
        }
        path
    }

    /// The wires meeting at lattice point `p`, with the point at their other end.
    fn wires_at(&self, p: u8) -> impl Iterator<Item = (EdgeId, u8)> + '_ {
        let x = p & 7;
        let candidates = [
            (x < 7).then(|| (EdgeId(p), p + 1)),
            (x > 0).then(|| (EdgeId(p - 1), p - 1)),
            (p < 56).then(|| (EdgeId(64 + p), p + 8)),
            (p >= 8).then(|| (EdgeId(64 + p - 8), p - 8)),
        ];
        candidates.into_iter().flatten().filter(|&(e, _)| self.contains(e))
    }

    /// Places a wire on an empty edge; if it closes a loop, removes the loop (N2).
    pub fn place(&mut self, e: EdgeId) -> Placement {
        debug_assert!(e.is_valid() && !self.contains(e));
        let (a, b) = e.endpoints();
        if self.component(1 << a) >> b & 1 == 0 {
            self.toggle(e);
            return Placement::Added;
        }
        let mut removed = self.path(a, b);
        removed.toggle(e);
        self.horizontal &= !removed.horizontal;
        self.vertical &= !removed.vertical;
        Placement::LoopRemoved(removed)
    }

    /// The board squares whose four sides all carry a wire (N11). Square `b`'s sides are
    /// horizontal bits `b` (south) and `b + 8` (north), vertical bits `b` (west) and `b + 1`
    /// (east).
    #[inline]
    pub fn closed_squares(&self) -> SquareSet {
        let (h, v) = (self.horizontal, self.vertical);
        BOARD & h & h >> 8 & v & v >> 1
    }

    /// The squares whose outline a wire on the empty edge `e` would complete (N11): squares
    /// beside `e` whose other three sides carry wires.
    #[inline]
    pub fn squares_closed_by(&self, e: EdgeId) -> SquareSet {
        let mut with = *self;
        with.toggle(e);
        with.closed_squares() & beside(e)
    }

    /// Places a wire on an empty edge under `notachessweak`'s rule (N11): if it completes the
    /// outline of one square, or of the squares on both its sides, those outlines' wires go (four
    /// or seven, the new one included); any other loop stays.
    pub fn place_closing_squares(&mut self, e: EdgeId) -> Placement {
        debug_assert!(e.is_valid() && !self.contains(e));
        self.toggle(e);
        let closed = self.closed_squares() & beside(e);
        if closed == 0 {
            return Placement::Added;
        }
        let removed = Wires { horizontal: closed | closed << 8, vertical: closed | closed << 1 };
        self.horizontal &= !removed.horizontal;
        self.vertical &= !removed.vertical;
        Placement::LoopRemoved(removed)
    }

    /// The lattice points of each connected group of wires.
    pub fn components(&self) -> arrayvec::ArrayVec<u64, 64> {
        let mut points = 0u64;
        for e in self.iter() {
            let (a, b) = e.endpoints();
            points |= 1 << a | 1 << b;
        }
        let mut out = arrayvec::ArrayVec::new();
        while points != 0 {
            let c = self.component(points & points.wrapping_neg());
            points &= !c;
            out.push(c);
        }
        out
    }

    /// Whether the wires contain no loop: a forest has as many wires as points touched minus
    /// groups.
    pub fn is_forest(&self) -> bool {
        let groups = self.components();
        let touched: u32 = groups.iter().map(|c| c.count_ones()).sum();
        self.len() == touched - groups.len() as u32
    }

    /// The squares from which a step `dir` crosses a wire (the step's target need not be on the
    /// board; callers mask by it).
    #[inline]
    pub fn crossing(&self, dir: Dir) -> SquareSet {
        match dir {
            Dir::North => self.horizontal >> 8,
            Dir::South => self.horizontal,
            Dir::East => self.vertical >> 1,
            Dir::West => self.vertical,
        }
    }

    /// Whether a step `dir` from `sq` crosses a wire.
    #[inline]
    pub fn crosses(&self, sq: Square, dir: Dir) -> bool {
        self.crossing(dir) & bit(sq) != 0
    }

    /// Squares with a wire on their north or south side: a WireRider there may step east or west
    /// (N7). Outer-edge wires count.
    #[inline]
    pub fn beside_horizontal(&self) -> SquareSet {
        (self.horizontal | self.horizontal >> 8) & BOARD
    }

    /// Squares with a wire on their west or east side: a WireRider there may step north or south.
    #[inline]
    pub fn beside_vertical(&self) -> SquareSet {
        (self.vertical | self.vertical >> 1) & BOARD
    }
}

/// The lattice points grouped by the wires joining them (a union-find), for answering many
/// "would this edge close a loop?" questions about one set of wires without a flood each.
#[derive(Clone, Copy, Debug)]
pub struct PointGroups {
    parent: [u8; 64],
}

impl PointGroups {
    /// The groups of `wires`: points joined by wires share a group.
    pub fn of(wires: &Wires) -> PointGroups {
        let mut groups = PointGroups { parent: std::array::from_fn(|p| p as u8) };
        for e in wires.iter() {
            groups.join(e);
        }
        groups
    }

    #[inline]
    fn root(&mut self, mut p: u8) -> u8 {
        while self.parent[p as usize] != p {
            // Path halving keeps the trees flat.
            let grandparent = self.parent[self.parent[p as usize] as usize];
            self.parent[p as usize] = grandparent;
            p = grandparent;
        }
        p
    }

    /// Whether a wire on `e` would close a loop: its endpoints are already joined.
    #[inline]
    pub fn closes_loop(&mut self, e: EdgeId) -> bool {
        let (a, b) = e.endpoints();
        self.root(a) == self.root(b)
    }

    /// Joins the endpoints of `e`; false if they were joined already (the edge closes a loop).
    #[inline]
    pub fn join(&mut self, e: EdgeId) -> bool {
        let (a, b) = e.endpoints();
        let (ra, rb) = (self.root(a), self.root(b));
        self.parent[ra as usize] = rb;
        ra != rb
    }
}

/// The squares (board or not) on the two sides of an edge: horizontal bit `b` lies between
/// squares `b - 8` and `b`, vertical bit `b` between `b - 1` and `b` (on file a, `b - 1` is file 7
/// of the rank below, never a board square).
#[inline]
fn beside(e: EdgeId) -> SquareSet {
    let b = 1u64 << e.bit_index();
    if e.is_horizontal() {
        b | b >> 8
    } else {
        b | b >> 1
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn edge(name: &str) -> EdgeId {
        EdgeId::parse(name).unwrap()
    }

    #[test]
    fn closing_a_square_removes_its_four_sides() {
        let mut w = Wires::EMPTY;
        for e in ["c3n", "c3e", "c3s"] {
            assert_eq!(w.place(edge(e)), Placement::Added);
        }
        assert!(w.closes_loop(edge("c3w")));
        match w.place(edge("c3w")) {
            Placement::LoopRemoved(r) => assert_eq!(r.len(), 4),
            Placement::Added => panic!("no loop"),
        }
        assert!(w.is_empty());
    }

    #[test]
    fn a_loop_removal_keeps_branches() {
        // A 2x1 rectangle around c3 and d3 plus a branch c3's... the loop has 6 wires; the spur
        // b3n (sharing a point with the loop) stays.
        let mut w = Wires::EMPTY;
        for e in ["c3n", "d3n", "d3e", "d3s", "c3s", "b3n"] {
            assert_eq!(w.place(edge(e)), Placement::Added, "{e}");
        }
        assert!(w.is_forest());
        match w.place(edge("c3w")) {
            Placement::LoopRemoved(r) => assert_eq!(r.len(), 6),
            Placement::Added => panic!("no loop"),
        }
        assert_eq!(w.iter().map(|e| e.name()).collect::<Vec<_>>(), ["b3n"]);
    }

    #[test]
    fn the_weak_rule_removes_only_square_outlines() {
        // N11. The 2x1 rectangle around c3 and d3 closes and stays; the middle edge c3e then
        // completes both squares' outlines: all seven wires go, the spur b3n stays.
        let mut w = Wires::EMPTY;
        for e in ["c3n", "d3n", "d3e", "d3s", "c3s", "b3n", "c3w"] {
            assert_eq!(w.place_closing_squares(edge(e)), Placement::Added, "{e}");
        }
        assert!(!w.is_forest());
        assert_eq!(w.squares_closed_by(edge("c3e")).count_ones(), 2);
        match w.place_closing_squares(edge("c3e")) {
            Placement::LoopRemoved(r) => assert_eq!(r.len(), 7),
            Placement::Added => panic!("nothing removed"),
        }
        assert_eq!(w.iter().map(|e| e.name()).collect::<Vec<_>>(), ["b3n"]);
        // One outline, with an outer edge (b1s).
        for e in ["b1n", "b1s", "b1w"] {
            assert_eq!(w.place_closing_squares(edge(e)), Placement::Added, "{e}");
        }
        match w.place_closing_squares(edge("b1e")) {
            Placement::LoopRemoved(r) => assert_eq!(r.len(), 4),
            Placement::Added => panic!("nothing removed"),
        }
        assert_eq!(w.closed_squares(), 0);
        assert_eq!(w.len(), 1);
    }
}
