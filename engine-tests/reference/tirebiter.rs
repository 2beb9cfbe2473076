//! An independent, deliberately simple reference move generator for Betza's Tirebiter Chess and
//! Nick Danger Chess (rulings T1-T9, each stated by id in `protocol-docs/variants.md`; text forms
//! as in `protocol-docs/notation.md`).
//!
//! It exists only to cross-check the engine's perft counts, so it favours obvious correctness over
//! speed: a position is a list of pieces (each with a colour, a role and the set of squares it
//! occupies) plus a mailbox mapping every square to the piece standing there; every move is made
//! on a fresh copy and the mover's King is tested by generating every capture the opponent could
//! make. No dependencies beyond `std`.
//!
//! The composite moves of a normal piece (T2 captures, T8 Nick Danger splits; revised
//! 2026-11-26) join only the parts the piece could legally play on its own: each single leg is
//! made on a copy and kept when the mover's King is then not in check (T5). The composite is then
//! tested as a whole like every other move. Check itself (T5) stays pseudo-legal: an enemy normal
//! piece attacks every square where it has a pseudo-legal capture, so testing a leg never
//! recurses into legality.
//!
//! It also plays with the armies of Chess with Different Armies (rulings A1-A4; letters, arrays,
//! castling and promotion as in the armies spec): every piece is identified by its letter and
//! moves by its own leaps and slides in every leg (T2 captures, T3 vectors and converges, T5
//! check, T8 splits). The armies are the position text's last field, `<white>/<black>`, present
//! only when an army is not `fide`.

use std::collections::{BTreeMap, BTreeSet};

/// Squares are 0..64: `file + 8 * rank`, a1 = 0, h1 = 7, a8 = 56.
type Sq = usize;

#[derive(Clone, Copy, PartialEq, Eq, Debug)]
enum Color {
    White,
    Black,
}

impl Color {
    fn other(self) -> Color {
        match self {
            Color::White => Color::Black,
            Color::Black => Color::White,
        }
    }

    /// Rank direction of this colour's pawns.
    fn forward(self) -> i32 {
        match self {
            Color::White => 1,
            Color::Black => -1,
        }
    }
}

#[derive(Clone, Copy, PartialEq, Eq, Debug)]
enum Role {
    Pawn,
    Knight,
    Bishop,
    Rook,
    Queen,
    King,
    // Colorbound Clobberers.
    Bede,
    Waffle,
    Fad,
    Cardinal,
    // Nutty Knights.
    ChargingRook,
    Fibnif,
    ChargingKnight,
    Colonel,
    // Remarkable Rookies.
    ShortRook,
    WoodyRook,
    HalfDuck,
    Chancellor,
}

/// Every role with its lower-case letter.
const LETTERS: [(Role, char); 18] = [
    (Role::Pawn, 'p'),
    (Role::Knight, 'n'),
    (Role::Bishop, 'b'),
    (Role::Rook, 'r'),
    (Role::Queen, 'q'),
    (Role::King, 'k'),
    (Role::Bede, 'd'),
    (Role::Waffle, 'e'),
    (Role::Fad, 'f'),
    (Role::Cardinal, 'a'),
    (Role::ChargingRook, 't'),
    (Role::Fibnif, 'i'),
    (Role::ChargingKnight, 'u'),
    (Role::Colonel, 'l'),
    (Role::ShortRook, 's'),
    (Role::WoodyRook, 'w'),
    (Role::HalfDuck, 'h'),
    (Role::Chancellor, 'm'),
];

impl Role {
    fn lower(self) -> char {
        LETTERS.iter().find(|(r, _)| *r == self).unwrap().1
    }

    fn from_lower(c: char) -> Option<Role> {
        LETTERS.iter().find(|(_, l)| *l == c).map(|(r, _)| *r)
    }

    /// Leaps (never blocked), as (file, rank) deltas for White; Black mirrors the rank delta.
    /// Each leap is one leg of distance 1 (T8).
    fn leaps(self) -> &'static [(i32, i32)] {
        match self {
            Role::Knight => &KNIGHT_STEPS,
            Role::King => &KING_STEPS,
            // BD: the bishop part slides; the dabbaba part leaps.
            Role::Bede => &DABBABA,
            // WA.
            Role::Waffle => &[(1, 0), (0, 1), (-1, 0), (0, -1), (2, 2), (-2, 2), (-2, -2), (2, -2)],
            // FAD.
            Role::Fad => &[
                (1, 1),
                (-1, 1),
                (-1, -1),
                (1, -1),
                (2, 2),
                (-2, 2),
                (-2, -2),
                (2, -2),
                (2, 0),
                (0, 2),
                (-2, 0),
                (0, -2),
            ],
            // BN: the knight part.
            Role::Cardinal | Role::Chancellor => &KNIGHT_STEPS,
            // fsRbK: the three backward king steps.
            Role::ChargingRook => &[(0, -1), (1, -1), (-1, -1)],
            // ffbbNF: the four narrow knight leaps and the ferz.
            Role::Fibnif => &[(1, 2), (-1, 2), (1, -2), (-1, -2), (1, 1), (-1, 1), (-1, -1), (1, -1)],
            // fhNsWbK: forward knight leaps, sideways wazir steps, backward king steps.
            Role::ChargingKnight => {
                &[(1, 2), (-1, 2), (2, 1), (-2, 1), (1, 0), (-1, 0), (0, -1), (1, -1), (-1, -1)]
            }
            // fhNfsRK: forward knight leaps and every king step (the rook part slides).
            Role::Colonel => &[
                (1, 2),
                (-1, 2),
                (2, 1),
                (-2, 1),
                (1, 0),
                (1, 1),
                (0, 1),
                (-1, 1),
                (-1, 0),
                (-1, -1),
                (0, -1),
                (1, -1),
            ],
            // WD.
            Role::WoodyRook => &[(1, 0), (0, 1), (-1, 0), (0, -1), (2, 0), (0, 2), (-2, 0), (0, -2)],
            // HFD.
            Role::HalfDuck => &[
                (3, 0),
                (0, 3),
                (-3, 0),
                (0, -3),
                (1, 1),
                (-1, 1),
                (-1, -1),
                (1, -1),
                (2, 0),
                (0, 2),
                (-2, 0),
                (0, -2),
            ],
            Role::Pawn | Role::Bishop | Role::Rook | Role::Queen | Role::ShortRook => &[],
        }
    }

    /// Slides (blocked by the first occupied square): (file, rank) direction for White, maximum
    /// number of squares. A leg of `k` squares has distance `k` (T8).
    fn slides(self) -> &'static [(i32, i32, i32)] {
        match self {
            Role::Bishop | Role::Bede | Role::Cardinal => &[(1, 1, 7), (-1, 1, 7), (-1, -1, 7), (1, -1, 7)],
            Role::Rook | Role::Chancellor => &[(1, 0, 7), (0, 1, 7), (-1, 0, 7), (0, -1, 7)],
            Role::Queen => &[
                (1, 0, 7),
                (0, 1, 7),
                (-1, 0, 7),
                (0, -1, 7),
                (1, 1, 7),
                (-1, 1, 7),
                (-1, -1, 7),
                (1, -1, 7),
            ],
            // R4.
            Role::ShortRook => &[(1, 0, 4), (0, 1, 4), (-1, 0, 4), (0, -1, 4)],
            // fsR: forward and sideways.
            Role::ChargingRook | Role::Colonel => &[(0, 1, 7), (1, 0, 7), (-1, 0, 7)],
            _ => &[],
        }
    }
}

/// The armies of Chess with Different Armies (A1).
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
enum Army {
    Fide,
    Clobberers,
    Nutty,
    Rookies,
}

const ARMIES: [Army; 4] = [Army::Fide, Army::Clobberers, Army::Nutty, Army::Rookies];

impl Army {
    fn name(self) -> &'static str {
        match self {
            Army::Fide => "fide",
            Army::Clobberers => "clobberers",
            Army::Nutty => "nutty",
            Army::Rookies => "rookies",
        }
    }

    fn from_name(text: &str) -> Option<Army> {
        ARMIES.iter().copied().find(|a| a.name().eq_ignore_ascii_case(text))
    }

    /// The array from a1 to h1 (lower case).
    fn back_rank(self) -> &'static str {
        match self {
            Army::Fide => "rnbqkbnr",
            Army::Clobberers => "defakfed",
            Army::Nutty => "tiulkuit",
            Army::Rookies => "swhmkhws",
        }
    }

    /// The army's piece types other than King and Pawn (its promotion choices, A2).
    fn pieces(self) -> [Role; 4] {
        match self {
            Army::Fide => [Role::Queen, Role::Rook, Role::Bishop, Role::Knight],
            Army::Clobberers => [Role::Bede, Role::Waffle, Role::Fad, Role::Cardinal],
            Army::Nutty => [Role::ChargingRook, Role::Fibnif, Role::ChargingKnight, Role::Colonel],
            Army::Rookies => [Role::ShortRook, Role::WoodyRook, Role::HalfDuck, Role::Chancellor],
        }
    }

    /// The corner piece that castles as the Rook (A3).
    fn corner(self) -> Role {
        match self {
            Army::Fide => Role::Rook,
            Army::Clobberers => Role::Bede,
            Army::Nutty => Role::ChargingRook,
            Army::Rookies => Role::ShortRook,
        }
    }
}

const KNIGHT_STEPS: [(i32, i32); 8] =
    [(1, 2), (2, 1), (2, -1), (1, -2), (-1, -2), (-2, -1), (-2, 1), (-1, 2)];
const KING_STEPS: [(i32, i32); 8] = [(1, 0), (1, 1), (0, 1), (-1, 1), (-1, 0), (-1, -1), (0, -1), (1, -1)];
const DABBABA: [(i32, i32); 4] = [(2, 0), (0, 2), (-2, 0), (0, -2)];

/// One castling right.
struct Castling {
    letter: char,
    color: Color,
    king_from: Sq,
    king_to: Sq,
    rook_from: Sq,
    rook_to: Sq,
    /// Squares that must be empty.
    between: &'static [Sq],
    /// The squares the King passes (not attacked, like its start and its landing square).
    pass: &'static [Sq],
}

/// Castling rights, in `KQkq` order, with a Rook-like corner piece.
const CASTLINGS: [Castling; 4] = [
    Castling {
        letter: 'K',
        color: Color::White,
        king_from: 4,
        king_to: 6,
        rook_from: 7,
        rook_to: 5,
        between: &[5, 6],
        pass: &[5],
    },
    Castling {
        letter: 'Q',
        color: Color::White,
        king_from: 4,
        king_to: 2,
        rook_from: 0,
        rook_to: 3,
        between: &[1, 2, 3],
        pass: &[3],
    },
    Castling {
        letter: 'k',
        color: Color::Black,
        king_from: 60,
        king_to: 62,
        rook_from: 63,
        rook_to: 61,
        between: &[61, 62],
        pass: &[61],
    },
    Castling {
        letter: 'q',
        color: Color::Black,
        king_from: 60,
        king_to: 58,
        rook_from: 56,
        rook_to: 59,
        between: &[57, 58, 59],
        pass: &[59],
    },
];

/// Long castling with a Bede (A3): King e1-b1 passing d1 and c1, Bede a1-c1; Black alike.
const BEDE_LONG: [Castling; 2] = [
    Castling {
        letter: 'Q',
        color: Color::White,
        king_from: 4,
        king_to: 1,
        rook_from: 0,
        rook_to: 2,
        between: &[1, 2, 3],
        pass: &[3, 2],
    },
    Castling {
        letter: 'q',
        color: Color::Black,
        king_from: 60,
        king_to: 57,
        rook_from: 56,
        rook_to: 58,
        between: &[57, 58, 59],
        pass: &[59, 58],
    },
];

fn file_of(s: Sq) -> i32 {
    (s % 8) as i32
}

fn rank_of(s: Sq) -> i32 {
    (s / 8) as i32
}

fn square(file: i32, rank: i32) -> Option<Sq> {
    if (0..8).contains(&file) && (0..8).contains(&rank) {
        Some((file + 8 * rank) as Sq)
    } else {
        None
    }
}

fn name(s: Sq) -> String {
    format!("{}{}", (b'a' + (s % 8) as u8) as char, s / 8 + 1)
}

fn parse_square(text: &str) -> Option<Sq> {
    let b = text.as_bytes();
    if b.len() != 2 || !(b'a'..=b'h').contains(&b[0]) || !(b'1'..=b'8').contains(&b[1]) {
        return None;
    }
    Some((b[0] - b'a') as Sq + 8 * (b[1] - b'1') as Sq)
}

#[derive(Clone, Debug, PartialEq, Eq)]
struct Piece {
    color: Color,
    role: Role,
    /// Sorted; one square = normal, several = Tirebiter (T1).
    squares: Vec<Sq>,
}

impl Piece {
    fn letter(&self) -> char {
        match self.color {
            Color::White => self.role.lower().to_ascii_uppercase(),
            Color::Black => self.role.lower(),
        }
    }

    fn is_tirebiter(&self) -> bool {
        self.squares.len() > 1
    }
}

/// One part of a move: a single piece-of-its-kind move from one location.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
struct Leg {
    from: Sq,
    to: Sq,
    /// Lands on an enemy piece, or is an en passant capture.
    capture: bool,
    /// En passant capture: the victim is the pawn on (file of `to`, rank of `from`).
    ep: bool,
    /// Distance (T8): 1 for any leap (a knight leap, a king step, every leap of an army piece),
    /// the number of squares travelled for a slide, pawn 1 or 2.
    dist: i32,
}

impl Leg {
    fn vector(&self) -> (i32, i32) {
        (file_of(self.to) - file_of(self.from), rank_of(self.to) - rank_of(self.from))
    }

    /// The square whose occupant this leg removes (None for a non-capture).
    fn captured_square(&self) -> Option<Sq> {
        if !self.capture {
            None
        } else if self.ep {
            square(file_of(self.to), rank_of(self.from))
        } else {
            Some(self.to)
        }
    }
}

/// A complete move of one piece (all its legs at once).
#[derive(Clone, Debug)]
struct Mv {
    piece: usize,
    legs: Vec<Leg>,
    promo: Option<Role>,
    /// Castling: the Rook's from and to squares (the King's move is the single leg).
    castle_rook: Option<(Sq, Sq)>,
}

impl Mv {
    fn is_capture(&self) -> bool {
        self.legs.iter().any(|l| l.capture)
    }

    fn captured_squares(&self) -> Vec<Sq> {
        let mut v: Vec<Sq> = self.legs.iter().filter_map(|l| l.captured_square()).collect();
        v.sort();
        v.dedup();
        v
    }

    /// Canonical token: legs `<from><to>[promo]` sorted as strings, joined by `,`.
    fn token(&self) -> String {
        let promo = self.promo.map(|r| r.lower().to_string()).unwrap_or_default();
        let mut legs: Vec<String> =
            self.legs.iter().map(|l| format!("{}{}{}", name(l.from), name(l.to), promo)).collect();
        legs.sort();
        legs.dedup();
        legs.join(",")
    }
}

#[derive(Clone, Debug)]
pub struct RefPosition {
    /// Nick Danger Chess (T8) when true, else Tirebiter Chess.
    pub nick_danger: bool,
    /// White's and Black's armies (A1, A4).
    armies: [Army; 2],
    pieces: Vec<Piece>,
    /// Index into `pieces` of the piece on each square.
    board: [Option<usize>; 64],
    side: Color,
    /// `KQkq`.
    castling: [bool; 4],
    /// Squares passed by the pawn (every location of it) that made a two-step on the last move;
    /// only the side to move may capture there.
    ep: Vec<Sq>,
    halfmove: u32,
    fullmove: u32,
}

/// The start position of a pairing of armies (`fide`, `clobberers`, `nutty`, `rookies`, read
/// case-insensitively): White's array on rank 1, Black's on rank 8, both from the a-file.
/// Panics on an unknown army name.
pub fn start(white: &str, black: &str, nick_danger: bool) -> RefPosition {
    let army = |name: &str| Army::from_name(name).unwrap_or_else(|| panic!("unknown army {name:?}"));
    let (w, b) = (army(white), army(black));
    let text = format!(
        "{}/pppppppp/8/8/8/8/PPPPPPPP/{} w KQkq - 0 1 - {}/{}",
        b.back_rank(),
        w.back_rank().to_ascii_uppercase(),
        w.name(),
        b.name()
    );
    parse(&text, nick_danger).unwrap_or_else(|e| panic!("{text}: {e}"))
}

/// Parses a position text (6 or 7 fields; the move counters may also be left out), then the
/// armies `<white>/<black>` as an optional last field (recognised by its `/`).
pub fn parse(text: &str, nick_danger: bool) -> Result<RefPosition, String> {
    let mut fields: Vec<&str> = text.split_whitespace().collect();
    let mut armies = [Army::Fide, Army::Fide];
    if fields.len() > 1 && fields[fields.len() - 1].contains('/') {
        let field = fields.pop().unwrap();
        let names: Vec<&str> = field.split('/').collect();
        if names.len() != 2 {
            return Err(format!("bad armies field {field:?}"));
        }
        for (i, n) in names.iter().enumerate() {
            armies[i] = Army::from_name(n).ok_or_else(|| format!("unknown army {n:?}"))?;
        }
    }
    if !matches!(fields.len(), 4 | 6 | 7) {
        return Err(format!("expected 4, 6 or 7 fields, got {}", fields.len()));
    }
    // A piece letter must belong to one of the two armies (Kings and pawns to every army).
    let known = |role: Role| {
        matches!(role, Role::King | Role::Pawn) || armies.iter().any(|a| a.pieces().contains(&role))
    };
    // Board: a letter on every location.
    let mut letters: [Option<char>; 64] = [None; 64];
    let ranks: Vec<&str> = fields[0].split('/').collect();
    if ranks.len() != 8 {
        return Err(format!("board needs 8 ranks: {}", fields[0]));
    }
    for (i, row) in ranks.iter().enumerate() {
        let rank = 7 - i as i32;
        let mut file = 0i32;
        for c in row.chars() {
            if let Some(d) = c.to_digit(10) {
                if d == 0 {
                    return Err(format!("bad rank {row}"));
                }
                file += d as i32;
            } else if let Some(role) = Role::from_lower(c.to_ascii_lowercase()) {
                if !known(role) {
                    return Err(format!(
                        "piece {c:?} belongs to neither army ({}/{})",
                        armies[0].name(),
                        armies[1].name()
                    ));
                }
                let s = square(file, rank).ok_or_else(|| format!("rank too long: {row}"))?;
                letters[s] = Some(c);
                file += 1;
            } else {
                return Err(format!("bad character {c:?} in {row}"));
            }
            if file > 8 {
                return Err(format!("rank too long: {row}"));
            }
        }
        if file != 8 {
            return Err(format!("rank needs 8 squares: {row}"));
        }
    }
    // Tirebiter groups (7th field).
    let mut pieces: Vec<Piece> = Vec::new();
    let mut grouped = [false; 64];
    let groups = if fields.len() == 7 { fields[6] } else { "-" };
    if groups != "-" {
        for g in groups.split(';') {
            let mut squares = Vec::new();
            for t in g.split(',') {
                let s = parse_square(t).ok_or_else(|| format!("bad square {t:?} in group {g}"))?;
                if grouped[s] {
                    return Err(format!("square {t} listed twice in groups"));
                }
                grouped[s] = true;
                squares.push(s);
            }
            if squares.len() < 2 {
                return Err(format!("a Tirebiter group needs at least two squares: {g}"));
            }
            let c = letters[squares[0]].ok_or_else(|| format!("group {g}: empty square"))?;
            if squares.iter().any(|&s| letters[s] != Some(c)) {
                return Err(format!("group {g}: squares hold different pieces"));
            }
            squares.sort();
            let color = if c.is_ascii_uppercase() { Color::White } else { Color::Black };
            let role = Role::from_lower(c.to_ascii_lowercase()).unwrap();
            pieces.push(Piece { color, role, squares });
        }
    }
    for (s, l) in letters.iter().enumerate() {
        if let (Some(c), false) = (l, grouped[s]) {
            let color = if c.is_ascii_uppercase() { Color::White } else { Color::Black };
            let role = Role::from_lower(c.to_ascii_lowercase()).unwrap();
            pieces.push(Piece { color, role, squares: vec![s] });
        }
    }
    for p in &pieces {
        if p.role == Role::Pawn {
            if p.squares.iter().any(|&s| rank_of(s) == 0 || rank_of(s) == 7) {
                return Err("a pawn on the first or last rank".into());
            }
            if p.squares.iter().any(|&s| rank_of(s) != rank_of(p.squares[0])) {
                return Err("a Tirebiter pawn's locations must be on one rank (T6)".into());
            }
        }
    }
    for color in [Color::White, Color::Black] {
        let kings = pieces.iter().filter(|p| p.color == color && p.role == Role::King).count();
        if kings != 1 {
            return Err(format!("{color:?} needs exactly one King, has {kings}"));
        }
    }
    let side = match fields[1] {
        "w" => Color::White,
        "b" => Color::Black,
        s => return Err(format!("bad side {s:?}")),
    };
    let mut pos = RefPosition {
        nick_danger,
        armies,
        pieces,
        board: [None; 64],
        side,
        castling: [false; 4],
        ep: Vec::new(),
        halfmove: 0,
        fullmove: 1,
    };
    pos.rebuild_board();
    if fields[2] != "-" {
        for c in fields[2].chars() {
            let i = CASTLINGS
                .iter()
                .position(|x| x.letter == c)
                .ok_or_else(|| format!("bad castling field {}", fields[2]))?;
            if pos.castling[i] {
                return Err(format!("bad castling field {}", fields[2]));
            }
            pos.castling[i] = true;
        }
        let before = pos.castling;
        pos.fix_castling();
        if before != pos.castling {
            return Err(format!(
                "castling right {} without a normal King and corner piece of the army at home",
                fields[2]
            ));
        }
    }
    if fields[3] != "-" {
        for t in fields[3].split(',') {
            let s = parse_square(t).ok_or_else(|| format!("bad en passant square {t:?}"))?;
            // The enemy pawn passed `s`: it stands one step further, its origin one step back.
            let fwd = side.other().forward();
            let ok_rank = if side == Color::White { 5 } else { 2 };
            let victim = square(file_of(s), rank_of(s) + fwd);
            let origin = square(file_of(s), rank_of(s) - fwd);
            let ok = rank_of(s) == ok_rank
                && pos.board[s].is_none()
                && origin.is_some_and(|o| pos.board[o].is_none())
                && victim.is_some_and(|v| {
                    pos.board[v].is_some_and(|i| {
                        pos.pieces[i].color == side.other() && pos.pieces[i].role == Role::Pawn
                    })
                });
            if !ok || pos.ep.contains(&s) {
                return Err(format!("impossible en passant square {t}"));
            }
            pos.ep.push(s);
        }
        pos.ep.sort();
    }
    if fields.len() >= 6 {
        pos.halfmove = fields[4].parse().map_err(|_| format!("bad halfmove clock {}", fields[4]))?;
        pos.fullmove = fields[5].parse().map_err(|_| format!("bad fullmove number {}", fields[5]))?;
        if pos.fullmove == 0 {
            return Err("fullmove number 0".into());
        }
    }
    if pos.king_attacked(side.other()) {
        return Err("the side not to move is in check".into());
    }
    Ok(pos)
}

impl RefPosition {
    fn rebuild_board(&mut self) {
        self.board = [None; 64];
        for (i, p) in self.pieces.iter().enumerate() {
            for &s in &p.squares {
                assert!(self.board[s].is_none(), "two pieces on {}", name(s));
                self.board[s] = Some(i);
            }
        }
    }

    fn army(&self, color: Color) -> Army {
        self.armies[if color == Color::White { 0 } else { 1 }]
    }

    /// Castling right `i` (`KQkq` order) with this side's army: long castling with a Bede puts
    /// the King on b1 (b8) and the Bede on c1 (c8) (A3).
    fn castling_rule(&self, i: usize) -> &'static Castling {
        let c = &CASTLINGS[i];
        if file_of(c.rook_from) == 0 && self.army(c.color).corner() == Role::Bede {
            &BEDE_LONG[i / 2]
        } else {
            c
        }
    }

    /// Pawns promote to these, one type for every location (T6): every non-King piece type of
    /// either army's array (A2), White's army's first.
    fn promotions(&self) -> Vec<Role> {
        let mut v: Vec<Role> = Vec::new();
        for a in self.armies {
            for r in a.pieces() {
                if !v.contains(&r) {
                    v.push(r);
                }
            }
        }
        v
    }

    /// Drops every castling right whose King and its army's corner piece are not normal pieces
    /// on their home squares (T7, A3).
    fn fix_castling(&mut self) {
        for (i, c) in CASTLINGS.iter().enumerate() {
            let (color, kf, rf) = (c.color, c.king_from, c.rook_from);
            let corner = self.army(color).corner();
            let home = |s: Sq, role: Role| {
                self.board[s].is_some_and(|j| {
                    let p = &self.pieces[j];
                    p.color == color && p.role == role && p.squares == [s]
                })
            };
            if !(home(kf, Role::King) && home(rf, corner)) {
                self.castling[i] = false;
            }
        }
    }

    fn color_at(&self, s: Sq) -> Option<Color> {
        self.board[s].map(|i| self.pieces[i].color)
    }

    /// Every pseudo-legal leg of piece `idx` from its location `from` (T2/T3 "pseudo-legal part"):
    /// its own other locations are occupied, friendly squares block and cannot be landed on.
    fn legs_from(&self, idx: usize, from: Sq, use_ep: bool) -> Vec<Leg> {
        let piece = &self.pieces[idx];
        let me = piece.color;
        let (f, r) = (file_of(from), rank_of(from));
        let mut out = Vec::new();
        let leg = |to: Sq, capture: bool, ep: bool, dist: i32| Leg { from, to, capture, ep, dist };
        match piece.role {
            Role::Pawn => {
                let dir = me.forward();
                if let Some(one) = square(f, r + dir) {
                    if self.board[one].is_none() {
                        out.push(leg(one, false, false, 1));
                        let start = if me == Color::White { 1 } else { 6 };
                        if r == start {
                            if let Some(two) = square(f, r + 2 * dir) {
                                if self.board[two].is_none() {
                                    out.push(leg(two, false, false, 2));
                                }
                            }
                        }
                    }
                }
                for df in [-1, 1] {
                    if let Some(to) = square(f + df, r + dir) {
                        match self.color_at(to) {
                            Some(c) if c != me => out.push(leg(to, true, false, 1)),
                            None if use_ep && self.ep.contains(&to) => out.push(leg(to, true, true, 1)),
                            _ => {}
                        }
                    }
                }
            }
            role => {
                // Leaps and slides, the rank delta mirrored for Black (its own forward). A square
                // reached both by a leap and by a slide gets the smaller distance (T8 as read
                // here). No piece of the four armies has such a square with two different
                // distances: the only overlaps are the Colonel's one-square forward / sideways
                // slides and its king steps, both distance 1. Keeping one leg per square also
                // keeps T3's vector and converge parts unique.
                let fwd = me.forward();
                let add = |out: &mut Vec<Leg>, to: Sq, capture: bool, dist: i32| {
                    if let Some(l) = out.iter_mut().find(|l: &&mut Leg| l.to == to) {
                        l.dist = l.dist.min(dist);
                    } else {
                        out.push(leg(to, capture, false, dist));
                    }
                };
                for &(df, dr) in role.leaps() {
                    if let Some(to) = square(f + df, r + dr * fwd) {
                        match self.color_at(to) {
                            None => add(&mut out, to, false, 1),
                            Some(c) if c != me => add(&mut out, to, true, 1),
                            _ => {}
                        }
                    }
                }
                for &(df, dr, max) in role.slides() {
                    let mut k = 1;
                    while k <= max {
                        let Some(to) = square(f + k * df, r + k * dr * fwd) else { break };
                        match self.color_at(to) {
                            None => add(&mut out, to, false, k),
                            Some(c) => {
                                if c != me {
                                    add(&mut out, to, true, k);
                                }
                                break;
                            }
                        }
                        k += 1;
                    }
                }
            }
        }
        out
    }

    /// Adds `legs` as a move of piece `idx`, once per promotion type if it is a pawn reaching the
    /// last rank (all legs of a pawn move end on one rank).
    fn push_move(&self, out: &mut Vec<Mv>, idx: usize, legs: Vec<Leg>) {
        let piece = &self.pieces[idx];
        let last = if piece.color == Color::White { 7 } else { 0 };
        if piece.role == Role::Pawn && legs.iter().any(|l| rank_of(l.to) == last) {
            assert!(legs.iter().all(|l| rank_of(l.to) == last));
            for r in self.promotions() {
                out.push(Mv { piece: idx, legs: legs.clone(), promo: Some(r), castle_rook: None });
            }
        } else {
            out.push(Mv { piece: idx, legs, promo: None, castle_rook: None });
        }
    }

    /// Is `leg` of piece `idx`, played on its own (a single-destination move), legal: is the
    /// mover's King then not in check (T5)? A pawn leg reaching the last rank promotes to the
    /// first promotion type; the type cannot matter to the mover's own King's safety.
    fn alone_is_legal(&self, idx: usize, leg: Leg) -> bool {
        let piece = &self.pieces[idx];
        let last = if piece.color == Color::White { 7 } else { 0 };
        let promo = (piece.role == Role::Pawn && rank_of(leg.to) == last).then(|| self.promotions()[0]);
        let single = Mv { piece: idx, legs: vec![leg], promo, castle_rook: None };
        !self.apply(&single).king_attacked(piece.color)
    }

    /// Every move of `color` by T2/T3/T8 without castling, the composite as a whole not tested
    /// for its own King's safety. `use_ep`: en passant squares apply (only for the side to
    /// move). `captures_only`: only moves that capture. `legal_parts`: a normal piece's
    /// composite (T2 captures; T8 splits) joins only the legs that are legal on their own (the
    /// side to move's move generation); without it every pseudo-legal leg joins, as T5's check
    /// test reads the opponent's captures.
    fn gen(&self, color: Color, use_ep: bool, captures_only: bool, legal_parts: bool) -> Vec<Mv> {
        let mut out = Vec::new();
        for (idx, piece) in self.pieces.iter().enumerate() {
            if piece.color != color {
                continue;
            }
            if !piece.is_tirebiter() {
                let from = piece.squares[0];
                let legs = self.legs_from(idx, from, use_ep);
                // T2: one move capturing on every square where the piece could legally capture
                // on its own (en passant included); for T5, every pseudo-legal capture.
                let caps: Vec<Leg> = legs
                    .iter()
                    .copied()
                    .filter(|l| l.capture && (!legal_parts || self.alone_is_legal(idx, *l)))
                    .collect();
                if !caps.is_empty() {
                    self.push_move(&mut out, idx, caps);
                }
                if captures_only {
                    continue;
                }
                let quiet: Vec<Leg> = legs.iter().copied().filter(|l| !l.capture).collect();
                if self.nick_danger && piece.role != Role::Pawn {
                    // T8: one move per distance, to every square at that distance to which the
                    // piece could legally make a non-capturing single move; a distance without
                    // such a square has no move. (Unsplit moves need no such filter: each is
                    // tested whole in `legal_mvs`.)
                    let mut by_dist: BTreeMap<i32, Vec<Leg>> = BTreeMap::new();
                    for l in quiet.into_iter().filter(|l| !legal_parts || self.alone_is_legal(idx, *l)) {
                        by_dist.entry(l.dist).or_default().push(l);
                    }
                    for (_, group) in by_dist {
                        self.push_move(&mut out, idx, group);
                    }
                } else {
                    for l in quiet {
                        self.push_move(&mut out, idx, vec![l]);
                    }
                }
            } else {
                // T3: every location moves by the same vector, or converges on one square.
                let per_loc: Vec<Vec<Leg>> =
                    piece.squares.iter().map(|&s| self.legs_from(idx, s, use_ep)).collect();
                for l0 in &per_loc[0] {
                    // (a) the same vector from every location.
                    let v = l0.vector();
                    let parts: Option<Vec<Leg>> =
                        per_loc.iter().map(|ls| ls.iter().copied().find(|l| l.vector() == v)).collect();
                    if let Some(parts) = parts {
                        let all_cap = parts.iter().all(|l| l.capture);
                        let no_cap = parts.iter().all(|l| !l.capture);
                        if all_cap || (no_cap && !captures_only) {
                            self.push_move(&mut out, idx, parts);
                        }
                    }
                    // (b) every location to one square.
                    let t = l0.to;
                    let parts: Option<Vec<Leg>> =
                        per_loc.iter().map(|ls| ls.iter().copied().find(|l| l.to == t)).collect();
                    if let Some(parts) = parts {
                        let all_cap = parts.iter().all(|l| l.capture);
                        let no_cap = parts.iter().all(|l| !l.capture);
                        if all_cap || (no_cap && !captures_only) {
                            self.push_move(&mut out, idx, parts);
                        }
                    }
                }
            }
        }
        out
    }

    /// The position after `mv` (no legality test).
    fn apply(&self, mv: &Mv) -> RefPosition {
        let mover = &self.pieces[mv.piece];
        let color = mover.color;
        let captured = mv.captured_squares();
        // T4: every piece with a location on a captured square goes, from all its locations.
        let mut removed = BTreeSet::new();
        for &s in &captured {
            let i = self.board[s].expect("capture of an empty square");
            assert!(self.pieces[i].color != color, "capture of an own piece");
            removed.insert(i);
        }
        let rook_idx = mv.castle_rook.map(|(rf, _)| self.board[rf].expect("castling without rook"));
        let mut new_squares: Vec<Sq> = mv.legs.iter().map(|l| l.to).collect();
        new_squares.sort();
        new_squares.dedup();
        let mut pieces = Vec::new();
        for (i, p) in self.pieces.iter().enumerate() {
            if removed.contains(&i) {
                continue;
            }
            let mut p = p.clone();
            if i == mv.piece {
                p.squares = new_squares.clone();
                if let Some(r) = mv.promo {
                    p.role = r;
                }
            }
            if Some(i) == rook_idx {
                p.squares = vec![mv.castle_rook.unwrap().1];
            }
            pieces.push(p);
        }
        let mut next = self.clone();
        next.pieces = pieces;
        next.rebuild_board();
        // Castling rights: gone when the King or Rook moves, is captured or becomes Tirebiter.
        let mut touched: Vec<Sq> = captured.clone();
        for l in &mv.legs {
            touched.push(l.from);
            touched.push(l.to);
        }
        for (i, c) in CASTLINGS.iter().enumerate() {
            if touched.contains(&c.king_from) || touched.contains(&c.rook_from) {
                next.castling[i] = false;
            }
        }
        next.fix_castling();
        // En passant squares: every square passed by a pawn's two-step (one per location).
        next.ep = Vec::new();
        if mover.role == Role::Pawn && mv.legs.iter().all(|l| l.dist == 2) {
            next.ep = mv.legs.iter().map(|l| (l.from + l.to) / 2).collect();
            next.ep.sort();
        }
        next.halfmove = if mover.role == Role::Pawn || mv.is_capture() { 0 } else { self.halfmove + 1 };
        if color == Color::Black {
            next.fullmove += 1;
        }
        next.side = color.other();
        next
    }

    /// T5: the King of `color` is in check when the opponent has a move (T2 or T3, its own King's
    /// safety ignored) capturing on any of the King's squares: a normal enemy piece reaches every
    /// square where it has a pseudo-legal capture (not the legal subset of revised T2, so this
    /// never recurses into legality). En passant counts only for the side to move.
    fn king_attacked(&self, color: Color) -> bool {
        let king = match self.pieces.iter().find(|p| p.color == color && p.role == Role::King) {
            Some(k) => k,
            None => return false,
        };
        let opp = color.other();
        self.gen(opp, self.side == opp, true, false)
            .iter()
            .any(|mv| mv.captured_squares().iter().any(|s| king.squares.contains(s)))
    }

    fn legal_mvs(&self) -> Vec<(Mv, RefPosition)> {
        let me = self.side;
        let mut out = Vec::new();
        // The composite (T2/T8) of legal parts must itself leave the King out of check.
        for mv in self.gen(me, true, false, true) {
            let next = self.apply(&mv);
            if !next.king_attacked(me) {
                out.push((mv, next));
            }
        }
        // T7: castling with a normal, unmoved King and corner piece of its army (A3); not out
        // of, through or into check.
        for i in 0..CASTLINGS.len() {
            let c = self.castling_rule(i);
            let (kf, kt, rf, rt) = (c.king_from, c.king_to, c.rook_from, c.rook_to);
            if c.color != me || !self.castling[i] || c.between.iter().any(|&s| self.board[s].is_some()) {
                continue;
            }
            let k = self.board[kf].expect("castling right without King");
            if self.king_attacked(me) {
                continue;
            }
            let step = |to: Sq| Leg { from: kf, to, capture: false, ep: false, dist: 1 };
            let attacked_on = |s: Sq| {
                let through = Mv { piece: k, legs: vec![step(s)], promo: None, castle_rook: None };
                self.apply(&through).king_attacked(me)
            };
            if c.pass.iter().any(|&s| attacked_on(s)) {
                continue;
            }
            let mv = Mv { piece: k, legs: vec![step(kt)], promo: None, castle_rook: Some((rf, rt)) };
            let next = self.apply(&mv);
            if !next.king_attacked(me) {
                out.push((mv, next));
            }
        }
        out
    }

    /// Every legal move's canonical token with the resulting position, sorted by token.
    pub fn legal_actions(&self) -> Vec<(String, RefPosition)> {
        let mut v: Vec<(String, RefPosition)> =
            self.legal_mvs().into_iter().map(|(mv, next)| (mv.token(), next)).collect();
        v.sort_by(|a, b| a.0.cmp(&b.0));
        v.dedup_by(|a, b| a.0 == b.0);
        v
    }

    pub fn legal_moves(&self) -> Vec<String> {
        self.legal_actions().into_iter().map(|(t, _)| t).collect()
    }

    /// Plays a canonical token (its legs may be given in any order).
    pub fn play(&self, token: &str) -> Option<RefPosition> {
        let mut legs: Vec<&str> = token.split(',').collect();
        legs.sort();
        let token = legs.join(",");
        self.legal_actions().into_iter().find(|(t, _)| *t == token).map(|(_, p)| p)
    }

    pub fn perft(&self, depth: u32) -> u64 {
        if depth == 0 {
            return 1;
        }
        let moves = self.legal_mvs();
        if depth == 1 {
            return moves.len() as u64;
        }
        moves.iter().map(|(_, next)| next.perft(depth - 1)).sum()
    }

    /// Is the side to move in check (T5)?
    pub fn in_check(&self) -> bool {
        self.king_attacked(self.side)
    }

    /// `'w'` or `'b'`.
    pub fn side_to_move(&self) -> char {
        if self.side == Color::White {
            'w'
        } else {
            'b'
        }
    }

    /// The FEN letter of the piece on `sq` and all its squares (sorted by name), if any.
    pub fn piece_at(&self, sq: &str) -> Option<(char, Vec<String>)> {
        let s = parse_square(sq)?;
        let p = &self.pieces[self.board[s]?];
        let mut squares: Vec<String> = p.squares.iter().map(|&s| name(s)).collect();
        squares.sort();
        Some((p.letter(), squares))
    }

    /// The canonical position text (7 fields, and the armies as an eighth when not both `fide`).
    pub fn to_text(&self) -> String {
        let mut rows = Vec::new();
        for rank in (0..8).rev() {
            let mut row = String::new();
            let mut empty = 0;
            for file in 0..8 {
                match self.board[square(file, rank).unwrap()] {
                    None => empty += 1,
                    Some(i) => {
                        if empty > 0 {
                            row.push_str(&empty.to_string());
                            empty = 0;
                        }
                        row.push(self.pieces[i].letter());
                    }
                }
            }
            if empty > 0 {
                row.push_str(&empty.to_string());
            }
            rows.push(row);
        }
        let castling: String =
            CASTLINGS.iter().zip(self.castling).filter(|(_, on)| *on).map(|(c, _)| c.letter).collect();
        let castling = if castling.is_empty() { "-".to_string() } else { castling };
        // En passant: the passed squares an en passant capture of the side to move could be
        // played onto on its own: a normal pawn's single capture there leaves its King safe (by
        // T2 it then joins the pawn's composite, and changes it, or makes it illegal through an
        // enemy Tirebiter piece), or a Tirebiter pawn has a legal move with a leg there. Any
        // other passed square changes no move and is left out, as in FIDE chess.
        let mut ep: Vec<String> = Vec::new();
        if !self.ep.is_empty() {
            for (idx, p) in self.pieces.iter().enumerate() {
                if p.color != self.side || p.role != Role::Pawn || p.is_tirebiter() {
                    continue;
                }
                for leg in self.legs_from(idx, p.squares[0], true) {
                    if leg.ep && self.alone_is_legal(idx, leg) {
                        ep.push(name(leg.to));
                    }
                }
            }
            let tirebiter_pawn =
                self.pieces.iter().any(|p| p.color == self.side && p.role == Role::Pawn && p.is_tirebiter());
            if tirebiter_pawn {
                for (mv, _) in self.legal_mvs() {
                    if self.pieces[mv.piece].is_tirebiter() {
                        ep.extend(mv.legs.iter().filter(|l| l.ep).map(|l| name(l.to)));
                    }
                }
            }
        }
        ep.sort();
        ep.dedup();
        let ep = if ep.is_empty() { "-".to_string() } else { ep.join(",") };
        let mut groups: Vec<String> = self
            .pieces
            .iter()
            .filter(|p| p.is_tirebiter())
            .map(|p| {
                let mut names: Vec<String> = p.squares.iter().map(|&s| name(s)).collect();
                names.sort();
                names.join(",")
            })
            .collect();
        groups.sort();
        let groups = if groups.is_empty() { "-".to_string() } else { groups.join(";") };
        let mut text = format!(
            "{} {} {} {} {} {} {}",
            rows.join("/"),
            self.side_to_move(),
            castling,
            ep,
            self.halfmove,
            self.fullmove,
            groups
        );
        // The armies, last, only when one is not `fide`.
        if self.armies != [Army::Fide, Army::Fide] {
            text.push_str(&format!(" {}/{}", self.armies[0].name(), self.armies[1].name()));
        }
        text
    }
}
