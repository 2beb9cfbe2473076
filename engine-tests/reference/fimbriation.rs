//! An independent, deliberately simple reference move generator for Charles Gilman's
//! "Fimbriation Chess" (`fimbriation`; Gilman's rule page, rulings M1-M8 of
//! `protocol-docs/variants.md`, the text forms of `protocol-docs/notation.md`, and the project's
//! readings where the page is silent, `fimb-readings.md`).
//!
//! It exists only to cross-check the engine's own generator node by node, so it favours obvious
//! correctness over speed: a plain 14x14 array of `Option<Piece>`, geometry computed on the fly
//! from the block definitions (no tables), every attack found by walking from the attacking piece
//! to the target, legality decided by playing the move on a copy and asking whether any piece of
//! another seat then attacks the mover's King, and the turn-start elimination loop written out
//! plainly. No dependencies beyond `std`.
//!
//! Readings of points the page, the rulings and the readings document leave open are marked
//! "Reading:" below.

#![allow(dead_code, clippy::needless_range_loop)] // plain index loops, on purpose

// ---------------------------------------------------------------------------------------------
// Squares and blocks (M1)
// ---------------------------------------------------------------------------------------------

/// A square as (x, y): file a..n = x 1..14, rank 1..14 = y 1..14.
type Sq = (i32, i32);

/// M1: the 14x14 grid without the four 3x3 corners and without the central f-i x 6-9 hole.
fn on_board(s: Sq) -> bool {
    let (x, y) = s;
    if !(1..=14).contains(&x) || !(1..=14).contains(&y) {
        return false;
    }
    let x_outer = x <= 3 || x >= 12;
    let y_outer = y <= 3 || y >= 12;
    if x_outer && y_outer {
        return false; // one of the four 3x3 corners
    }
    let in_hole = (6..=9).contains(&x) && (6..=9).contains(&y);
    !in_hole
}

/// M1: the four 8x5 blocks, as (x from, x to, y from, y to), all inclusive.
/// bottom d-k x 1-5, top d-k x 10-14, left a-e x 4-11, right j-n x 4-11.
const BLOCKS: [(i32, i32, i32, i32); 4] = [(4, 11, 1, 5), (4, 11, 10, 14), (1, 5, 4, 11), (10, 14, 4, 11)];

fn in_block(b: (i32, i32, i32, i32), s: Sq) -> bool {
    (b.0..=b.1).contains(&s.0) && (b.2..=b.3).contains(&s.1)
}

/// M3 (One Foot in the Grave): true when some single 8x5 block holds both squares.
fn share_block(a: Sq, b: Sq) -> bool {
    BLOCKS.iter().any(|&blk| in_block(blk, a) && in_block(blk, b))
}

fn sq_name(s: Sq) -> String {
    format!("{}{}", (b'a' + (s.0 - 1) as u8) as char, s.1)
}

/// Reads `a1` .. `n14`; only board squares are accepted.
fn parse_sq(t: &str) -> Option<Sq> {
    let mut chars = t.chars();
    let f = chars.next()?;
    if !('a'..='n').contains(&f) {
        return None;
    }
    let rest: &str = chars.as_str();
    if rest.is_empty() || rest.len() > 2 || !rest.chars().all(|c| c.is_ascii_digit()) || rest.starts_with('0')
    {
        return None;
    }
    let y: i32 = rest.parse().ok()?;
    let s = (f as i32 - 'a' as i32 + 1, y);
    if on_board(s) {
        Some(s)
    } else {
        None
    }
}

/// All board squares, rank 1 first, files a..n within a rank (for tests).
pub fn board_squares() -> Vec<String> {
    let mut v = Vec::new();
    for y in 1..=14 {
        for x in 1..=14 {
            if on_board((x, y)) {
                v.push(sq_name((x, y)));
            }
        }
    }
    v
}

/// M2: each seat's array is Red's rotated 90 degrees anticlockwise per seat: (x, y) -> (15-y, x).
fn rotate(s: Sq, times: usize) -> Sq {
    let mut s = s;
    for _ in 0..times {
        s = (15 - s.1, s.0);
    }
    s
}

// ---------------------------------------------------------------------------------------------
// Pieces
// ---------------------------------------------------------------------------------------------

const SEAT_LETTERS: [char; 4] = ['r', 'b', 'y', 'g'];

fn seat_index(c: char) -> Option<usize> {
    SEAT_LETTERS.iter().position(|&l| l == c)
}

#[derive(Clone, Copy, PartialEq, Eq, Debug)]
enum Kind {
    K,
    Q,
    R,
    B,
    N,
    P,
}

impl Kind {
    fn letter(self) -> char {
        match self {
            Kind::K => 'K',
            Kind::Q => 'Q',
            Kind::R => 'R',
            Kind::B => 'B',
            Kind::N => 'N',
            Kind::P => 'P',
        }
    }
    fn from_letter(c: char) -> Option<Kind> {
        Some(match c {
            'K' => Kind::K,
            'Q' => Kind::Q,
            'R' => Kind::R,
            'B' => Kind::B,
            'N' => Kind::N,
            'P' => Kind::P,
            _ => return None,
        })
    }
    fn slides_orthogonally(self) -> bool {
        matches!(self, Kind::R | Kind::Q)
    }
    fn slides_diagonally(self) -> bool {
        matches!(self, Kind::B | Kind::Q)
    }
}

/// A pawn's fixed direction (M2, M4). Kept for life, also when the pawn is recruited (M7).
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
enum Dir {
    N,
    E,
    S,
    W,
}

impl Dir {
    fn delta(self) -> (i32, i32) {
        match self {
            Dir::N => (0, 1),
            Dir::E => (1, 0),
            Dir::S => (0, -1),
            Dir::W => (-1, 0),
        }
    }
    fn letter(self) -> char {
        match self {
            Dir::N => 'n',
            Dir::E => 'e',
            Dir::S => 's',
            Dir::W => 'w',
        }
    }
    fn from_letter(c: char) -> Option<Dir> {
        Some(match c {
            'n' => Dir::N,
            'e' => Dir::E,
            's' => Dir::S,
            'w' => Dir::W,
            _ => return None,
        })
    }
    /// The direction after the M2 rotation: a vector (dx, dy) turns into (-dy, dx).
    fn rotated(self) -> Dir {
        match self {
            Dir::N => Dir::W,
            Dir::W => Dir::S,
            Dir::S => Dir::E,
            Dir::E => Dir::N,
        }
    }
    /// The two capture steps: one step forward and one sideways (M4).
    fn capture_deltas(self) -> [(i32, i32); 2] {
        let (fx, fy) = self.delta();
        // sideways = the forward vector turned a quarter either way
        [(fx - fy, fy + fx), (fx + fy, fy - fx)]
    }
}

/// How far forward a pawn of direction `d` on `s` stands from its start line (M4):
/// 0 on the start line (north: rank 5, south: rank 10, east: file e, west: file j),
/// 6 on the promotion line (north: rank 11, south: rank 4, east: file k, west: file d).
fn progress(d: Dir, s: Sq) -> i32 {
    match d {
        Dir::N => s.1 - 5,
        Dir::S => 10 - s.1,
        Dir::E => s.0 - 5,
        Dir::W => 10 - s.0,
    }
}

/// The direction a pawn letter without suffix stands for (position text): the seat's own
/// direction for that side of its diagonal; `None` on the diagonal itself (suffix required).
fn default_dir(seat: usize, s: Sq) -> Option<Dir> {
    let (x, y) = s;
    match seat {
        0 => match y.cmp(&x) {
            std::cmp::Ordering::Greater => Some(Dir::N),
            std::cmp::Ordering::Less => Some(Dir::E),
            std::cmp::Ordering::Equal => None,
        },
        1 => match (x + y).cmp(&15) {
            std::cmp::Ordering::Greater => Some(Dir::N),
            std::cmp::Ordering::Less => Some(Dir::W),
            std::cmp::Ordering::Equal => None,
        },
        2 => match y.cmp(&x) {
            std::cmp::Ordering::Greater => Some(Dir::W),
            std::cmp::Ordering::Less => Some(Dir::S),
            std::cmp::Ordering::Equal => None,
        },
        _ => match (x + y).cmp(&15) {
            std::cmp::Ordering::Greater => Some(Dir::E),
            std::cmp::Ordering::Less => Some(Dir::S),
            std::cmp::Ordering::Equal => None,
        },
    }
}

#[derive(Clone, Copy, PartialEq, Eq, Debug)]
struct Piece {
    seat: usize,
    kind: Kind,
    /// Only meaningful for pawns; other pieces carry `Dir::N` and ignore it.
    dir: Dir,
}

impl Piece {
    fn name(self) -> String {
        let mut s = format!("{}{}", SEAT_LETTERS[self.seat], self.kind.letter());
        if self.kind == Kind::P {
            s.push(self.dir.letter());
        }
        s
    }
}

// ---------------------------------------------------------------------------------------------
// Castling geometry (M5)
// ---------------------------------------------------------------------------------------------

/// Arm 0 = "K" (the arm with the Knight), arm 1 = "Q" (the arm with the Queen).
const ARM_LETTERS: [char; 2] = ['K', 'Q'];

/// Red's King start square (M2).
const RED_KING: Sq = (4, 4);

/// Red's arms (M5), as (Rook start, King landing, Rook landing):
/// K arm: Rd1, King d4->d2, Rook d1->d3; Q arm: Ra4, King d4->b4, Rook a4->c4.
const RED_ARMS: [(Sq, Sq, Sq); 2] = [((4, 1), (4, 2), (4, 3)), ((1, 4), (2, 4), (3, 4))];

fn king_start(seat: usize) -> Sq {
    rotate(RED_KING, seat)
}

/// (Rook start, King landing, Rook landing) for `seat`'s `arm`: Red's, rotated.
fn arm(seat: usize, arm: usize) -> (Sq, Sq, Sq) {
    let (r, k, r2) = RED_ARMS[arm];
    (rotate(r, seat), rotate(k, seat), rotate(r2, seat))
}

// ---------------------------------------------------------------------------------------------
// The start position (M2)
// ---------------------------------------------------------------------------------------------

pub const START: &str = "***gRgP4yPyR***/***gBgP4yPyN***/***gQgP4yPyB***/gRgNgBgKgP4yPyKyQyByR/gPgPgPgPgN4yNyPyPyPyP/5****5/5****5/5****5/5****5/rPrPrPrPrN4bNbPbPbPbP/rRrBrQrKrP4bPbKbBbNbR/***rBrP4bPbQ***/***rNrP4bPbB***/***rRrP4bPbR*** r rKrQbKbQyKyQgKgQ - - 0 1";

/// M2: Red's array: Kd4 Qc4 Bb4 Ra4 Bd3 Nd2 Rd1 Ne5, pawns a5-d5 north, e1-e4 east.
fn red_array() -> Vec<(Sq, Kind, Dir)> {
    let mut v = vec![
        ((4, 4), Kind::K, Dir::N),
        ((3, 4), Kind::Q, Dir::N),
        ((2, 4), Kind::B, Dir::N),
        ((1, 4), Kind::R, Dir::N),
        ((4, 3), Kind::B, Dir::N),
        ((4, 2), Kind::N, Dir::N),
        ((4, 1), Kind::R, Dir::N),
        ((5, 5), Kind::N, Dir::N),
    ];
    for x in 1..=4 {
        v.push(((x, 5), Kind::P, Dir::N));
    }
    for y in 1..=4 {
        v.push(((5, y), Kind::P, Dir::E));
    }
    v
}

/// The start position built from Red's array by rotation (M2), with every castling right.
/// `START` is this position's text (checked by a test).
pub fn start_from_rules() -> RefPosition {
    let mut board: Board = [[None; 14]; 14];
    for seat in 0..4 {
        for &(s, kind, dir) in &red_array() {
            let mut d = dir;
            for _ in 0..seat {
                d = d.rotated();
            }
            let t = rotate(s, seat);
            board[(t.0 - 1) as usize][(t.1 - 1) as usize] = Some(Piece { seat, kind, dir: d });
        }
    }
    RefPosition {
        board,
        to_move: 0,
        castling: [[true; 2]; 4],
        ep: [None; 4],
        eliminated: Vec::new(),
        halfmove: 0,
        fullmove: 1,
    }
}

// ---------------------------------------------------------------------------------------------
// Moves
// ---------------------------------------------------------------------------------------------

#[derive(Clone, Copy, PartialEq, Eq, Debug)]
enum Special {
    Plain,
    /// A pawn's two-step; the square it skipped.
    DoubleStep(Sq),
    /// En passant; the square of the pawn that is removed.
    EnPassant(Sq),
    /// Castling; the Rook's start and landing squares.
    Castle(Sq, Sq),
}

#[derive(Clone, Copy, PartialEq, Eq, Debug)]
struct Mv {
    from: Sq,
    to: Sq,
    promo: Option<Kind>,
    special: Special,
}

impl Mv {
    fn token(&self) -> String {
        let mut t = format!("{}{}", sq_name(self.from), sq_name(self.to));
        if let Some(k) = self.promo {
            t.push(k.letter().to_ascii_lowercase());
        }
        t
    }
}

// ---------------------------------------------------------------------------------------------
// Positions
// ---------------------------------------------------------------------------------------------

/// `board[x - 1][y - 1]`.
type Board = [[Option<Piece>; 14]; 14];

#[derive(Clone)]
pub struct RefPosition {
    board: Board,
    /// Seat to move, 0..4 = r b y g.
    to_move: usize,
    /// `castling[seat][arm]`.
    castling: [[bool; 2]; 4],
    /// En passant entries: `ep[seat]` = the square that seat's last two-step skipped.
    ep: [Option<Sq>; 4],
    /// Elimination order.
    eliminated: Vec<usize>,
    halfmove: u32,
    fullmove: u32,
}

impl RefPosition {
    fn at(&self, s: Sq) -> Option<Piece> {
        if on_board(s) {
            self.board[(s.0 - 1) as usize][(s.1 - 1) as usize]
        } else {
            None
        }
    }

    fn set(&mut self, s: Sq, p: Option<Piece>) {
        assert!(on_board(s), "set on a non-square {s:?}");
        self.board[(s.0 - 1) as usize][(s.1 - 1) as usize] = p;
    }

    fn is_live(&self, seat: usize) -> bool {
        !self.eliminated.contains(&seat)
    }

    fn live_count(&self) -> usize {
        4 - self.eliminated.len()
    }

    fn game_over(&self) -> bool {
        self.live_count() <= 1
    }

    /// All (square, piece) pairs on the board.
    fn pieces(&self) -> Vec<(Sq, Piece)> {
        let mut v = Vec::new();
        for x in 1..=14 {
            for y in 1..=14 {
                if let Some(p) = self.at((x, y)) {
                    v.push(((x, y), p));
                }
            }
        }
        v
    }

    fn king_square(&self, seat: usize) -> Option<Sq> {
        self.pieces().into_iter().find(|&(_, p)| p.seat == seat && p.kind == Kind::K).map(|(s, _)| s)
    }

    // -----------------------------------------------------------------------------------------
    // Attacks (G2: an ordinary capture on the next turn; pinned pieces still attack)
    // -----------------------------------------------------------------------------------------

    /// Whether the piece `p` standing on `from` attacks `target`.
    fn piece_attacks(&self, from: Sq, p: Piece, target: Sq) -> bool {
        let dx = target.0 - from.0;
        let dy = target.1 - from.1;
        if (dx, dy) == (0, 0) || !on_board(target) {
            return false;
        }
        match p.kind {
            // King: one step; a diagonal step needs a common block (M3).
            Kind::K => dx.abs() <= 1 && dy.abs() <= 1 && (dx == 0 || dy == 0 || share_block(from, target)),
            // Knight: a leap whose two squares lie in one common block (M3).
            Kind::N => {
                ((dx.abs() == 1 && dy.abs() == 2) || (dx.abs() == 2 && dy.abs() == 1))
                    && share_block(from, target)
            }
            // Pawn: one diagonal step forward, inside a common block (M3, M4).
            Kind::P => {
                p.dir.capture_deltas().iter().any(|&(cx, cy)| (cx, cy) == (dx, dy))
                    && share_block(from, target)
            }
            Kind::R | Kind::B | Kind::Q => {
                let orthogonal = dx == 0 || dy == 0;
                let diagonal = dx.abs() == dy.abs();
                if (orthogonal && !p.kind.slides_orthogonally()) || (diagonal && !p.kind.slides_diagonally())
                {
                    return false;
                }
                if !orthogonal && !diagonal {
                    return false;
                }
                let step = (dx.signum(), dy.signum());
                let mut cur = from;
                loop {
                    let next = (cur.0 + step.0, cur.1 + step.1);
                    if !on_board(next) {
                        return false; // the edge, a corner or the hole stops the ray
                    }
                    if diagonal && !share_block(cur, next) {
                        return false; // M3: each diagonal step inside one block
                    }
                    if next == target {
                        return true;
                    }
                    if self.at(next).is_some() {
                        return false;
                    }
                    cur = next;
                }
            }
        }
    }

    /// Whether any piece of `seat` attacks `target`.
    fn attacked_by_seat(&self, target: Sq, seat: usize) -> bool {
        self.pieces().into_iter().any(|(s, p)| p.seat == seat && self.piece_attacks(s, p, target))
    }

    /// Whether any piece of a seat other than `me` attacks `target`. Eliminated seats have no
    /// pieces, so these are exactly the live opponents (M5, M6).
    fn attacked_by_others(&self, target: Sq, me: usize) -> bool {
        self.pieces().into_iter().any(|(s, p)| p.seat != me && self.piece_attacks(s, p, target))
    }

    // -----------------------------------------------------------------------------------------
    // Move generation
    // -----------------------------------------------------------------------------------------

    /// The moves of `seat` before the King-safety test (M3, M4, M5).
    fn pseudo_moves(&self, seat: usize) -> Vec<Mv> {
        let mut out = Vec::new();
        let plain = |from: Sq, to: Sq| Mv { from, to, promo: None, special: Special::Plain };
        for (from, p) in self.pieces() {
            if p.seat != seat {
                continue;
            }
            // A target square a piece may end on: on the board, and empty or another seat's piece.
            let can_land = |t: Sq| on_board(t) && self.at(t).is_none_or(|q| q.seat != seat);
            match p.kind {
                Kind::K => {
                    for dx in -1..=1 {
                        for dy in -1..=1 {
                            let t = (from.0 + dx, from.1 + dy);
                            if (dx, dy) == (0, 0) || !can_land(t) {
                                continue;
                            }
                            // M3 for the King's diagonal step; orthogonal steps are unrestricted.
                            if dx != 0 && dy != 0 && !share_block(from, t) {
                                continue;
                            }
                            out.push(plain(from, t));
                        }
                    }
                    self.castling_moves(seat, from, &mut out);
                }
                Kind::N => {
                    for (dx, dy) in [(1, 2), (2, 1), (2, -1), (1, -2), (-1, -2), (-2, -1), (-2, 1), (-1, 2)] {
                        let t = (from.0 + dx, from.1 + dy);
                        // M3: the leap's two squares in one common block.
                        if can_land(t) && share_block(from, t) {
                            out.push(plain(from, t));
                        }
                    }
                }
                Kind::R | Kind::B | Kind::Q => {
                    let mut steps = Vec::new();
                    if p.kind.slides_orthogonally() {
                        steps.extend([(0, 1), (1, 0), (0, -1), (-1, 0)]);
                    }
                    if p.kind.slides_diagonally() {
                        steps.extend([(1, 1), (1, -1), (-1, -1), (-1, 1)]);
                    }
                    for (sx, sy) in steps {
                        let diagonal = sx != 0 && sy != 0;
                        let mut cur = from;
                        loop {
                            let next = (cur.0 + sx, cur.1 + sy);
                            if !on_board(next) {
                                break; // edge, corner or hole: the ray ends (no jumping the hole)
                            }
                            if diagonal && !share_block(cur, next) {
                                break; // M3: this single step leaves every block it could use
                            }
                            match self.at(next) {
                                None => out.push(plain(from, next)),
                                Some(q) => {
                                    if q.seat != seat {
                                        out.push(plain(from, next));
                                    }
                                    break;
                                }
                            }
                            cur = next;
                        }
                    }
                }
                Kind::P => self.pawn_moves(seat, from, p.dir, &mut out),
            }
        }
        out
    }

    /// M4: pawn steps, two-steps, captures, en passant, promotion.
    fn pawn_moves(&self, seat: usize, from: Sq, d: Dir, out: &mut Vec<Mv>) {
        let (fx, fy) = d.delta();
        // Every pawn move ending on the promotion line (six steps forward) must promote.
        let push = |out: &mut Vec<Mv>, to: Sq, special: Special| {
            if progress(d, to) == 6 {
                for k in [Kind::Q, Kind::R, Kind::B, Kind::N] {
                    out.push(Mv { from, to, promo: Some(k), special });
                }
            } else {
                out.push(Mv { from, to, promo: None, special });
            }
        };
        // One step forward to an empty board square.
        let one = (from.0 + fx, from.1 + fy);
        if on_board(one) && self.at(one).is_none() {
            push(out, one, Special::Plain);
            // Two steps from the start line, both squares on the board and empty.
            let two = (one.0 + fx, one.1 + fy);
            if progress(d, from) == 0 && on_board(two) && self.at(two).is_none() {
                push(out, two, Special::DoubleStep(one));
            }
        }
        // Captures: one step forward and one sideways, both squares in a common block (M3).
        for (cx, cy) in d.capture_deltas() {
            let t = (from.0 + cx, from.1 + cy);
            if !on_board(t) || !share_block(from, t) {
                continue;
            }
            match self.at(t) {
                Some(q) if q.seat != seat => push(out, t, Special::Plain),
                Some(_) => {}
                None => {
                    // En passant: an entry of another seat whose skipped square is `t`; the
                    // two-stepped pawn stands one step beyond it in its own direction.
                    for other in 0..4 {
                        if other == seat {
                            continue;
                        }
                        if let Some(skipped) = self.ep[other] {
                            if skipped == t {
                                let landing =
                                    self.ep_landing(other, skipped).expect("ep entry without its pawn");
                                push(out, t, Special::EnPassant(landing));
                            }
                        }
                    }
                }
            }
        }
    }

    /// The square of the pawn that made `seat`'s two-step over `skipped`: the neighbour of the
    /// skipped square holding a pawn of `seat` whose direction points away from the skipped
    /// square and which stands two steps from its start line.
    fn ep_landing(&self, seat: usize, skipped: Sq) -> Option<Sq> {
        for d in [Dir::N, Dir::E, Dir::S, Dir::W] {
            let (fx, fy) = d.delta();
            let landing = (skipped.0 + fx, skipped.1 + fy);
            if let Some(p) = self.at(landing) {
                if p.seat == seat && p.kind == Kind::P && p.dir == d && progress(d, landing) == 2 {
                    return Some(landing);
                }
            }
        }
        None
    }

    /// M5: castling, written as the King's two-square move.
    fn castling_moves(&self, seat: usize, king_from: Sq, out: &mut Vec<Mv>) {
        if king_from != king_start(seat) {
            return;
        }
        for a in 0..2 {
            if !self.castling[seat][a] {
                continue;
            }
            let (rook_from, king_to, rook_to) = arm(seat, a);
            match self.at(rook_from) {
                Some(p) if p.seat == seat && p.kind == Kind::R => {}
                _ => continue,
            }
            // The squares between King and Rook must be empty (they are the King's landing
            // square and the square it passes, which is also the Rook's landing square).
            let step = ((rook_from.0 - king_from.0).signum(), (rook_from.1 - king_from.1).signum());
            let mut between = Vec::new();
            let mut cur = (king_from.0 + step.0, king_from.1 + step.1);
            while cur != rook_from {
                between.push(cur);
                cur = (cur.0 + step.0, cur.1 + step.1);
            }
            if between.iter().any(|&s| self.at(s).is_some()) {
                continue;
            }
            // The King may not stand on, pass or land on a square a live opponent attacks.
            let passed = (king_from.0 + step.0, king_from.1 + step.1);
            if [king_from, passed, king_to].iter().any(|&s| self.attacked_by_others(s, seat)) {
                continue;
            }
            out.push(Mv {
                from: king_from,
                to: king_to,
                promo: None,
                special: Special::Castle(rook_from, rook_to),
            });
        }
    }

    /// Plays `mv` on the board only (no rights, clocks or turn change).
    fn apply_board(&mut self, mv: &Mv) {
        let mut p = self.at(mv.from).expect("move from an empty square");
        self.set(mv.from, None);
        if let Some(k) = mv.promo {
            p.kind = k;
        }
        self.set(mv.to, Some(p));
        match mv.special {
            Special::EnPassant(victim) => self.set(victim, None),
            Special::Castle(rook_from, rook_to) => {
                let r = self.at(rook_from);
                self.set(rook_from, None);
                self.set(rook_to, r);
            }
            Special::Plain | Special::DoubleStep(_) => {}
        }
    }

    /// M6: the pseudo-legal moves that leave the mover's King attacked by no other seat's piece.
    fn legal_mvs(&self) -> Vec<Mv> {
        if self.game_over() {
            return Vec::new();
        }
        let seat = self.to_move;
        self.pseudo_moves(seat)
            .into_iter()
            .filter(|mv| {
                let mut after = self.clone();
                after.apply_board(mv);
                match after.king_square(seat) {
                    Some(k) => !after.attacked_by_others(k, seat),
                    None => false,
                }
            })
            .collect()
    }

    /// The whole of a move: board, castling rights, en passant entries, halfmove clock, then
    /// the next seat's turn start.
    fn after_move(&self, mv: &Mv) -> RefPosition {
        let mover = self.to_move;
        let mut n = self.clone();
        let capture = self.at(mv.to).is_some() || matches!(mv.special, Special::EnPassant(_));
        let pawn_move = self.at(mv.from).map(|p| p.kind) == Some(Kind::P);
        n.apply_board(mv);
        // Castling rights: lost when the King moves, or the Rook moves or is captured
        // (a move from or onto the start square of either).
        for seat in 0..4 {
            for a in 0..2 {
                let (rook_from, _, _) = arm(seat, a);
                let touched = [king_start(seat), rook_from];
                if touched.contains(&mv.from) || touched.contains(&mv.to) {
                    n.castling[seat][a] = false;
                }
            }
        }
        // En passant entries of other seats end when their two-stepped pawn is gone.
        n.prune_ep();
        if let Special::DoubleStep(skipped) = mv.special {
            n.ep[mover] = Some(skipped);
        }
        n.halfmove = if capture || pawn_move { 0 } else { self.halfmove + 1 };
        n.start_next_turn(mover);
        n
    }

    /// Drops the en passant entries that no longer stand: the landing square no longer holds
    /// the seat's two-stepped pawn (captured or recruited).
    /// Reading: an entry also ends when a piece lands on its skipped square. The readings
    /// require the skipped square of every written entry to be empty, and keeping such an
    /// entry would make `to_text` write a text `parse` refuses; the only way the square could be
    /// emptied again before the entry expires is an eliminated King being taken off it.
    fn prune_ep(&mut self) {
        for seat in 0..4 {
            if let Some(skipped) = self.ep[seat] {
                if self.at(skipped).is_some() || self.ep_landing(seat, skipped).is_none() {
                    self.ep[seat] = None;
                }
            }
        }
    }

    /// M6, M7 and the clocks: the next live seat after `just_moved` starts its turn.
    fn start_next_turn(&mut self, just_moved: usize) {
        let s = (1..=4).map(|i| (just_moved + i) % 4).find(|&seat| self.is_live(seat)).expect("no live seat");
        // (1) the seat's own en passant entry expires.
        self.ep[s] = None;
        // (2) M7: every live opponent whose King `s` attacks is checkmated; repeat while the
        // recruited pieces attack another King.
        loop {
            let mut victims = Vec::new();
            for i in 1..4 {
                let v = (s + i) % 4; // turn order starting after s
                if !self.is_live(v) {
                    continue;
                }
                if let Some(k) = self.king_square(v) {
                    if self.attacked_by_seat(k, s) {
                        victims.push(v);
                    }
                }
            }
            if victims.is_empty() {
                break;
            }
            for v in victims {
                self.eliminate(v, s);
            }
            self.halfmove = 0; // an elimination resets the halfmove clock (M8 reading)
        }
        // Fullmove number: a new round when the next seat comes no later in r,b,y,g order.
        if s <= just_moved {
            self.fullmove += 1;
        }
        self.to_move = s;
    }

    /// M7: `victim`'s King is removed and its other pieces become `by`'s (pawns keep their
    /// direction); its castling rights and en passant entry are dropped.
    fn eliminate(&mut self, victim: usize, by: usize) {
        for (s, p) in self.pieces() {
            if p.seat != victim {
                continue;
            }
            if p.kind == Kind::K {
                self.set(s, None);
            } else {
                self.set(s, Some(Piece { seat: by, ..p }));
            }
        }
        self.castling[victim] = [false, false];
        self.ep[victim] = None;
        self.eliminated.push(victim);
        // Other seats' entries are unaffected: their pawns stay theirs.
    }

    fn pass(&self) -> RefPosition {
        let mut n = self.clone();
        n.halfmove += 1;
        n.start_next_turn(self.to_move);
        n
    }

    /// The legal actions with the positions they lead to (a single pass when the seat has no
    /// move; nothing when the game is over).
    fn children(&self) -> Vec<(String, RefPosition)> {
        if self.game_over() {
            return Vec::new();
        }
        let mvs = self.legal_mvs();
        if mvs.is_empty() {
            return vec![("pass".to_string(), self.pass())];
        }
        mvs.iter().map(|mv| (mv.token(), self.after_move(mv))).collect()
    }

    // -----------------------------------------------------------------------------------------
    // Public API
    // -----------------------------------------------------------------------------------------

    pub fn to_move(&self) -> char {
        SEAT_LETTERS[self.to_move]
    }

    /// Sorted canonical tokens; `["pass"]` when the seat has no move; empty when the game is over.
    /// Reading: the M8 draws (200 plies, repetition) are declared by whoever keeps the game
    /// record; they do not stop move generation here (as the FIDE 50-move rule does not stop
    /// FIDE perft). Only a single seat left ends the game.
    pub fn legal_moves(&self) -> Vec<String> {
        if self.game_over() {
            return Vec::new();
        }
        let mut v: Vec<String> = self.legal_mvs().iter().map(|m| m.token()).collect();
        if v.is_empty() {
            v.push("pass".to_string());
        }
        v.sort();
        let before = v.len();
        v.dedup();
        assert_eq!(before, v.len(), "two legal moves share a token");
        v
    }

    pub fn play(&self, token: &str) -> Option<RefPosition> {
        if self.game_over() {
            return None;
        }
        let mvs = self.legal_mvs();
        if mvs.is_empty() {
            return if ["pass", "0000", "@@@@"].contains(&token) { Some(self.pass()) } else { None };
        }
        mvs.iter().find(|m| m.token() == token).map(|m| self.after_move(m))
    }

    pub fn perft(&self, depth: u32) -> u64 {
        if depth == 0 {
            return 1;
        }
        if depth == 1 {
            return self.legal_moves().len() as u64;
        }
        self.children().iter().map(|(_, c)| c.perft(depth - 1)).sum()
    }

    pub fn divide(&self, depth: u32) -> Vec<(String, u64)> {
        if depth == 0 {
            return Vec::new();
        }
        let mut v: Vec<(String, u64)> =
            self.children().into_iter().map(|(t, c)| (t, c.perft(depth - 1))).collect();
        v.sort();
        v
    }

    pub fn eliminated(&self) -> String {
        self.eliminated.iter().map(|&s| SEAT_LETTERS[s]).collect()
    }

    pub fn winner(&self) -> Option<char> {
        if self.live_count() == 1 {
            (0..4).find(|&s| self.is_live(s)).map(|s| SEAT_LETTERS[s])
        } else {
            None
        }
    }

    pub fn in_check(&self) -> bool {
        match self.king_square(self.to_move) {
            Some(k) => self.attacked_by_others(k, self.to_move),
            None => false,
        }
    }

    pub fn piece_at(&self, sq: &str) -> Option<String> {
        parse_sq(sq).and_then(|s| self.at(s)).map(|p| p.name())
    }

    pub fn halfmove(&self) -> u32 {
        self.halfmove
    }

    pub fn fullmove(&self) -> u32 {
        self.fullmove
    }

    pub fn to_text(&self) -> String {
        let mut ranks = Vec::new();
        for y in (1..=14).rev() {
            let mut r = String::new();
            let mut run = 0;
            for x in 1..=14 {
                let s = (x, y);
                let cell = if !on_board(s) {
                    Some("*".to_string())
                } else {
                    self.at(s).map(|p| {
                        let mut t = format!("{}{}", SEAT_LETTERS[p.seat], p.kind.letter());
                        if p.kind == Kind::P && default_dir(p.seat, s) != Some(p.dir) {
                            t.push(p.dir.letter());
                        }
                        t
                    })
                };
                match cell {
                    None => run += 1,
                    Some(t) => {
                        if run > 0 {
                            r.push_str(&run.to_string());
                            run = 0;
                        }
                        r.push_str(&t);
                    }
                }
            }
            if run > 0 {
                r.push_str(&run.to_string());
            }
            ranks.push(r);
        }
        let mut castling = String::new();
        for seat in 0..4 {
            for a in 0..2 {
                if self.castling[seat][a] {
                    castling.push(SEAT_LETTERS[seat]);
                    castling.push(ARM_LETTERS[a]);
                }
            }
        }
        if castling.is_empty() {
            castling.push('-');
        }
        let eps: Vec<String> = (0..4)
            .filter_map(|seat| self.ep[seat].map(|s| format!("{}{}", SEAT_LETTERS[seat], sq_name(s))))
            .collect();
        let ep = if eps.is_empty() { "-".to_string() } else { eps.join(",") };
        let elim = if self.eliminated.is_empty() { "-".to_string() } else { self.eliminated() };
        format!(
            "{} {} {} {} {} {} {}",
            ranks.join("/"),
            SEAT_LETTERS[self.to_move],
            castling,
            ep,
            elim,
            self.halfmove,
            self.fullmove
        )
    }
}

// ---------------------------------------------------------------------------------------------
// Parsing the position text
// ---------------------------------------------------------------------------------------------

fn parse_board(text: &str) -> Result<Board, String> {
    let mut board: Board = [[None; 14]; 14];
    let ranks: Vec<&str> = text.split('/').collect();
    if ranks.len() != 14 {
        return Err(format!("the board has {} ranks, not 14", ranks.len()));
    }
    for (i, rank) in ranks.iter().enumerate() {
        let y = 14 - i as i32;
        let chars: Vec<char> = rank.chars().collect();
        let mut x = 1;
        let mut k = 0;
        while k < chars.len() {
            let c = chars[k];
            if x > 14 {
                return Err(format!("rank {y} is longer than 14 files"));
            }
            if c == '*' {
                if on_board((x, y)) {
                    return Err(format!("`*` on the board square {}", sq_name((x, y))));
                }
                x += 1;
                k += 1;
            } else if c.is_ascii_digit() {
                let mut n = 0i32;
                let start = k;
                while k < chars.len() && chars[k].is_ascii_digit() {
                    n = n * 10 + chars[k].to_digit(10).unwrap() as i32;
                    k += 1;
                    if n > 14 {
                        return Err(format!("run too long on rank {y}"));
                    }
                }
                // Reading: a run is written without leading zeros and is never 0.
                if n == 0 || chars[start] == '0' {
                    return Err(format!("bad empty run on rank {y}"));
                }
                for _ in 0..n {
                    if x > 14 || !on_board((x, y)) {
                        return Err(format!(
                            "an empty run on rank {y} covers a square that is not on the board"
                        ));
                    }
                    x += 1;
                }
            } else if let Some(seat) = seat_index(c) {
                let kind = chars
                    .get(k + 1)
                    .and_then(|&l| Kind::from_letter(l))
                    .ok_or_else(|| format!("bad piece after `{c}` on rank {y}"))?;
                k += 2;
                let s = (x, y);
                if !on_board(s) {
                    return Err(format!(
                        "a piece on {}{y}, which is not a board square",
                        (b'a' + (x - 1) as u8) as char
                    ));
                }
                let mut dir = Dir::N;
                if kind == Kind::P {
                    // Reading: a suffix equal to the default direction is accepted (the
                    // readings say a pawn "may carry" one); the canonical text drops it.
                    let suffix = chars.get(k).and_then(|&l| Dir::from_letter(l));
                    match suffix {
                        Some(d) => {
                            dir = d;
                            k += 1;
                        }
                        None => {
                            dir = default_dir(seat, s).ok_or_else(|| {
                                format!("the pawn on {} needs a direction suffix", sq_name(s))
                            })?;
                        }
                    }
                    // Pawns behind their start line or on/past their promotion line are refused.
                    let pr = progress(dir, s);
                    if !(0..=5).contains(&pr) {
                        return Err(format!("a pawn moving {} cannot stand on {}", dir.letter(), sq_name(s)));
                    }
                }
                board[(x - 1) as usize][(y - 1) as usize] = Some(Piece { seat, kind, dir });
                x += 1;
            } else {
                return Err(format!("unexpected `{c}` on rank {y}"));
            }
        }
        if x != 15 {
            return Err(format!("rank {y} covers {} files, not 14", x - 1));
        }
    }
    Ok(board)
}

/// Reads a position text; refuses anything invalid.
pub fn parse(text: &str) -> Result<RefPosition, String> {
    let fields: Vec<&str> = text.split(' ').collect();
    if fields.len() != 7 {
        return Err(format!("expected 7 fields separated by single spaces, got {}", fields.len()));
    }
    let board = parse_board(fields[0])?;

    let mut sc = fields[1].chars();
    let to_move = match (sc.next(), sc.next()) {
        (Some(c), None) => seat_index(c).ok_or_else(|| format!("bad seat {c}"))?,
        _ => return Err(format!("bad seat field {}", fields[1])),
    };

    // Eliminated seats, in elimination order.
    let mut eliminated = Vec::new();
    if fields[4] != "-" {
        for c in fields[4].chars() {
            let s = seat_index(c).ok_or_else(|| format!("bad eliminated seat {c}"))?;
            if eliminated.contains(&s) {
                return Err(format!("seat {c} eliminated twice"));
            }
            eliminated.push(s);
        }
        if eliminated.len() > 3 {
            return Err("every seat eliminated".to_string());
        }
    }

    let mut pos = RefPosition {
        board,
        to_move,
        castling: [[false; 2]; 4],
        ep: [None; 4],
        eliminated,
        halfmove: 0,
        fullmove: 1,
    };

    if !pos.is_live(to_move) {
        return Err("the seat to move is eliminated".to_string());
    }
    for seat in 0..4 {
        let kings = pos.pieces().iter().filter(|(_, p)| p.seat == seat && p.kind == Kind::K).count();
        let any = pos.pieces().iter().any(|(_, p)| p.seat == seat);
        if pos.is_live(seat) && kings != 1 {
            return Err(format!("live seat {} has {kings} Kings", SEAT_LETTERS[seat]));
        }
        if !pos.is_live(seat) && any {
            return Err(format!("eliminated seat {} has pieces", SEAT_LETTERS[seat]));
        }
    }

    // Castling rights, in the order rK rQ bK bQ yK yQ gK gQ.
    // Reading: rights written out of that order (or twice) are refused, as is an empty field.
    if fields[2] != "-" {
        let chars: Vec<char> = fields[2].chars().collect();
        if chars.len() % 2 != 0 || chars.is_empty() {
            return Err(format!("bad castling field {}", fields[2]));
        }
        let mut last: Option<usize> = None;
        for pair in chars.chunks(2) {
            let seat = seat_index(pair[0]).ok_or_else(|| format!("bad castling field {}", fields[2]))?;
            let a = ARM_LETTERS
                .iter()
                .position(|&l| l == pair[1])
                .ok_or_else(|| format!("bad castling field {}", fields[2]))?;
            let idx = seat * 2 + a;
            if last.is_some_and(|l| idx <= l) {
                return Err(format!("castling rights out of order in {}", fields[2]));
            }
            last = Some(idx);
            let king_ok = pos.at(king_start(seat)).is_some_and(|p| p.seat == seat && p.kind == Kind::K);
            let (rook_from, _, _) = arm(seat, a);
            let rook_ok = pos.at(rook_from).is_some_and(|p| p.seat == seat && p.kind == Kind::R);
            if !king_ok || !rook_ok {
                return Err(format!(
                    "castling right {}{} without King and Rook on their start squares",
                    pair[0], pair[1]
                ));
            }
            pos.castling[seat][a] = true;
        }
    }

    // En passant entries `<seat><skipped>` joined by `,` in seat order.
    // Reading: entries out of seat order (or two for one seat) are refused.
    if fields[3] != "-" {
        let mut last: Option<usize> = None;
        for entry in fields[3].split(',') {
            let mut cs = entry.chars();
            let seat =
                cs.next().and_then(seat_index).ok_or_else(|| format!("bad en passant entry {entry}"))?;
            let skipped = parse_sq(cs.as_str()).ok_or_else(|| format!("bad en passant square in {entry}"))?;
            if last.is_some_and(|l| seat <= l) {
                return Err(format!("en passant entries out of seat order in {}", fields[3]));
            }
            last = Some(seat);
            if pos.at(skipped).is_some() {
                return Err(format!("en passant square {} is not empty", sq_name(skipped)));
            }
            if pos.ep_landing(seat, skipped).is_none() {
                return Err(format!("en passant entry {entry} without its two-stepped pawn"));
            }
            // Reading: the entry of the seat to move would have been dropped when its turn began.
            if seat == to_move {
                return Err(format!("en passant entry {entry} belongs to the seat to move"));
            }
            pos.ep[seat] = Some(skipped);
        }
    }

    pos.halfmove = fields[5].parse().map_err(|_| format!("bad halfmove clock {}", fields[5]))?;
    pos.fullmove = fields[6].parse().map_err(|_| format!("bad fullmove number {}", fields[6]))?;
    if pos.fullmove == 0 {
        return Err("the fullmove number starts at 1".to_string());
    }
    if fields[5].starts_with('+') || fields[6].starts_with('+') {
        return Err("bad clock".to_string());
    }

    // Reading: the seat to move has finished its turn-start eliminations (M7), so it attacks no
    // live opponent's King; a text in which it does is refused rather than resolved.
    for v in 0..4 {
        if v != to_move && pos.is_live(v) {
            let k = pos.king_square(v).unwrap();
            if pos.attacked_by_seat(k, to_move) {
                return Err(format!("the seat to move attacks {}'s King", SEAT_LETTERS[v]));
            }
        }
    }
    Ok(pos)
}
