//! An independent, deliberately simple reference move generator for Chess with Different Armies
//! (variant `cwda`, rulings A1-A4 of `protocol-docs/variants.md`, text forms as in the armies spec:
//! FEN plus an optional last `<white army>/<black army>` field).
//!
//! It exists only to cross-check the engine's perft counts, so it favours obvious correctness over
//! speed: a position is a plain 8x8 mailbox of `Option<(Color, Kind)>`; every piece kind is a
//! list of `(file delta, rank delta, max range)` written for White (range 1 = a leap that is never
//! blocked, 4 = the Short Rook's slide, 8 = an unlimited slide) and mirrored in the rank delta for
//! Black; every move is made on a fresh copy and is legal when no enemy piece could then capture
//! the mover's King. No dependencies beyond `std`.
//!
//! Choices made where the spec leaves room:
//! - A piece letter is accepted for either colour when it belongs to either army (a pawn may
//!   promote to the other army's pieces), and refused when it belongs to neither.
//! - A castling right needs the King on e1/e8 and the side's OWN army's corner piece (R, D, T or S)
//!   on the matching corner; otherwise the text is refused.
//! - The en passant square is kept (and written) only when a two-step has just been made AND the
//!   side to move has a legal en passant capture onto it (as in FIDE chess; a pinned capturer
//!   does not count). A given en passant square that is impossible (wrong rank, no enemy pawn in
//!   front of it, square or origin occupied) is refused; a possible one that no legal capture
//!   uses is read and dropped.
//! - A position in which the side NOT to move is in check is refused.
//! - `legal_moves` returns the tokens sorted.

#![allow(dead_code)]

/// Squares are 0..64: `file + 8 * rank`, a1 = 0, h1 = 7, a8 = 56.
type Sq = usize;

#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub enum Color {
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

    /// +1 for White (toward rank 8), -1 for Black.
    fn forward(self) -> i32 {
        match self {
            Color::White => 1,
            Color::Black => -1,
        }
    }

    fn index(self) -> usize {
        match self {
            Color::White => 0,
            Color::Black => 1,
        }
    }
}

#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub enum Army {
    Fide,
    Clobberers,
    Nutty,
    Rookies,
}

impl Army {
    fn from_name(name: &str) -> Option<Army> {
        match name.to_ascii_lowercase().as_str() {
            "fide" => Some(Army::Fide),
            "clobberers" => Some(Army::Clobberers),
            "nutty" => Some(Army::Nutty),
            "rookies" => Some(Army::Rookies),
            _ => None,
        }
    }

    fn name(self) -> &'static str {
        match self {
            Army::Fide => "fide",
            Army::Clobberers => "clobberers",
            Army::Nutty => "nutty",
            Army::Rookies => "rookies",
        }
    }

    /// The army's non-King, non-pawn piece types (the promotion choices it contributes).
    fn pieces(self) -> [Kind; 4] {
        match self {
            Army::Fide => [Kind::Queen, Kind::Rook, Kind::Bishop, Kind::Knight],
            Army::Clobberers => [Kind::Bede, Kind::Waffle, Kind::Fad, Kind::Cardinal],
            Army::Nutty => [Kind::ChargingRook, Kind::Fibnif, Kind::ChargingKnight, Kind::Colonel],
            Army::Rookies => [Kind::ShortRook, Kind::WoodyRook, Kind::HalfDuck, Kind::Chancellor],
        }
    }

    /// The back rank from the a-file to the h-file (A1).
    fn back_rank(self) -> [Kind; 8] {
        use Kind::*;
        match self {
            Army::Fide => [Rook, Knight, Bishop, Queen, King, Bishop, Knight, Rook],
            Army::Clobberers => [Bede, Waffle, Fad, Cardinal, King, Fad, Waffle, Bede],
            Army::Nutty => {
                [ChargingRook, Fibnif, ChargingKnight, Colonel, King, ChargingKnight, Fibnif, ChargingRook]
            }
            Army::Rookies => {
                [ShortRook, WoodyRook, HalfDuck, Chancellor, King, HalfDuck, WoodyRook, ShortRook]
            }
        }
    }

    /// The piece that castles as the Rook (A3).
    fn corner(self) -> Kind {
        self.back_rank()[0]
    }
}

#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub enum Kind {
    King,
    Pawn,
    // fide
    Rook,
    Knight,
    Bishop,
    Queen,
    // clobberers
    Bede,
    Waffle,
    Fad,
    Cardinal,
    // nutty
    ChargingRook,
    Fibnif,
    ChargingKnight,
    Colonel,
    // rookies
    ShortRook,
    WoodyRook,
    HalfDuck,
    Chancellor,
}

const ALL_KINDS: [Kind; 18] = [
    Kind::King,
    Kind::Pawn,
    Kind::Rook,
    Kind::Knight,
    Kind::Bishop,
    Kind::Queen,
    Kind::Bede,
    Kind::Waffle,
    Kind::Fad,
    Kind::Cardinal,
    Kind::ChargingRook,
    Kind::Fibnif,
    Kind::ChargingKnight,
    Kind::Colonel,
    Kind::ShortRook,
    Kind::WoodyRook,
    Kind::HalfDuck,
    Kind::Chancellor,
];

impl Kind {
    /// The lower-case letter (the spec's table).
    fn lower(self) -> char {
        match self {
            Kind::King => 'k',
            Kind::Pawn => 'p',
            Kind::Rook => 'r',
            Kind::Knight => 'n',
            Kind::Bishop => 'b',
            Kind::Queen => 'q',
            Kind::Bede => 'd',
            Kind::Waffle => 'e',
            Kind::Fad => 'f',
            Kind::Cardinal => 'a',
            Kind::ChargingRook => 't',
            Kind::Fibnif => 'i',
            Kind::ChargingKnight => 'u',
            Kind::Colonel => 'l',
            Kind::ShortRook => 's',
            Kind::WoodyRook => 'w',
            Kind::HalfDuck => 'h',
            Kind::Chancellor => 'm',
        }
    }

    fn from_lower(c: char) -> Option<Kind> {
        ALL_KINDS.iter().copied().find(|k| k.lower() == c)
    }

    /// The army owning this type; `None` for King and pawn (every army has them).
    fn army(self) -> Option<Army> {
        [Army::Fide, Army::Clobberers, Army::Nutty, Army::Rookies]
            .into_iter()
            .find(|a| a.pieces().contains(&self))
    }

    /// The moves of this kind for WHITE as (file delta, rank delta, max range); Black negates the
    /// rank delta. Every piece captures the way it moves. Not used for pawns.
    fn vectors(self) -> Vec<(i32, i32, i32)> {
        const ORTHO: [(i32, i32); 4] = [(1, 0), (-1, 0), (0, 1), (0, -1)];
        const DIAG: [(i32, i32); 4] = [(1, 1), (1, -1), (-1, 1), (-1, -1)];
        const ORTHO2: [(i32, i32); 4] = [(2, 0), (-2, 0), (0, 2), (0, -2)];
        const DIAG2: [(i32, i32); 4] = [(2, 2), (2, -2), (-2, 2), (-2, -2)];
        const ORTHO3: [(i32, i32); 4] = [(3, 0), (-3, 0), (0, 3), (0, -3)];
        const KNIGHT: [(i32, i32); 8] =
            [(1, 2), (2, 1), (2, -1), (1, -2), (-1, -2), (-2, -1), (-2, 1), (-1, 2)];
        // The four forward knight leaps ("fhN").
        const FORWARD_KNIGHT: [(i32, i32); 4] = [(1, 2), (-1, 2), (2, 1), (-2, 1)];
        // The four narrow knight leaps ("ffbbN").
        const NARROW_KNIGHT: [(i32, i32); 4] = [(1, 2), (-1, 2), (1, -2), (-1, -2)];
        // Forward and sideways rook directions ("fsR").
        const FORWARD_SIDEWAYS: [(i32, i32); 3] = [(0, 1), (1, 0), (-1, 0)];
        // The three backward King steps ("bK").
        const BACK_KING: [(i32, i32); 3] = [(0, -1), (1, -1), (-1, -1)];
        const SIDEWAYS: [(i32, i32); 2] = [(1, 0), (-1, 0)];

        fn with(list: &[(i32, i32)], range: i32, out: &mut Vec<(i32, i32, i32)>) {
            out.extend(list.iter().map(|&(f, r)| (f, r, range)));
        }

        let mut v = Vec::new();
        match self {
            Kind::Pawn => {}
            Kind::King => {
                with(&ORTHO, 1, &mut v);
                with(&DIAG, 1, &mut v);
            }
            Kind::Rook => with(&ORTHO, 8, &mut v),
            Kind::Knight => with(&KNIGHT, 1, &mut v),
            Kind::Bishop => with(&DIAG, 8, &mut v),
            Kind::Queen => {
                with(&ORTHO, 8, &mut v);
                with(&DIAG, 8, &mut v);
            }
            // BD
            Kind::Bede => {
                with(&DIAG, 8, &mut v);
                with(&ORTHO2, 1, &mut v);
            }
            // WA
            Kind::Waffle => {
                with(&ORTHO, 1, &mut v);
                with(&DIAG2, 1, &mut v);
            }
            // FAD
            Kind::Fad => {
                with(&DIAG, 1, &mut v);
                with(&DIAG2, 1, &mut v);
                with(&ORTHO2, 1, &mut v);
            }
            // BN
            Kind::Cardinal => {
                with(&DIAG, 8, &mut v);
                with(&KNIGHT, 1, &mut v);
            }
            // fsRbK
            Kind::ChargingRook => {
                with(&FORWARD_SIDEWAYS, 8, &mut v);
                with(&BACK_KING, 1, &mut v);
            }
            // ffbbNF
            Kind::Fibnif => {
                with(&NARROW_KNIGHT, 1, &mut v);
                with(&DIAG, 1, &mut v);
            }
            // fhNsWbK
            Kind::ChargingKnight => {
                with(&FORWARD_KNIGHT, 1, &mut v);
                with(&SIDEWAYS, 1, &mut v);
                with(&BACK_KING, 1, &mut v);
            }
            // fhNfsRK
            Kind::Colonel => {
                with(&FORWARD_KNIGHT, 1, &mut v);
                with(&FORWARD_SIDEWAYS, 8, &mut v);
                with(&ORTHO, 1, &mut v);
                with(&DIAG, 1, &mut v);
            }
            // R4
            Kind::ShortRook => with(&ORTHO, 4, &mut v),
            // WD
            Kind::WoodyRook => {
                with(&ORTHO, 1, &mut v);
                with(&ORTHO2, 1, &mut v);
            }
            // HFD
            Kind::HalfDuck => {
                with(&ORTHO3, 1, &mut v);
                with(&DIAG, 1, &mut v);
                with(&ORTHO2, 1, &mut v);
            }
            // RN
            Kind::Chancellor => {
                with(&ORTHO, 8, &mut v);
                with(&KNIGHT, 1, &mut v);
            }
        }
        v
    }
}

fn file(sq: Sq) -> i32 {
    (sq % 8) as i32
}

fn rank(sq: Sq) -> i32 {
    (sq / 8) as i32
}

fn square(f: i32, r: i32) -> Option<Sq> {
    if (0..8).contains(&f) && (0..8).contains(&r) {
        Some((f + 8 * r) as Sq)
    } else {
        None
    }
}

fn square_name(sq: Sq) -> String {
    format!("{}{}", (b'a' + (sq % 8) as u8) as char, sq / 8 + 1)
}

fn parse_square(s: &str) -> Option<Sq> {
    let b = s.as_bytes();
    if b.len() != 2 || !(b'a'..=b'h').contains(&b[0]) || !(b'1'..=b'8').contains(&b[1]) {
        return None;
    }
    Some((b[0] - b'a') as usize + 8 * (b[1] - b'1') as usize)
}

/// Castling rights in `KQkq` order.
const RIGHT_LETTERS: [char; 4] = ['K', 'Q', 'k', 'q'];

/// The right's colour, King home, corner square.
fn right_squares(i: usize) -> (Color, Sq, Sq) {
    match i {
        0 => (Color::White, 4, 7),
        1 => (Color::White, 4, 0),
        2 => (Color::Black, 60, 63),
        _ => (Color::Black, 60, 56),
    }
}

#[derive(Clone, Debug)]
struct Move {
    from: Sq,
    to: Sq,
    promo: Option<Kind>,
    /// For castling: the corner piece's (from, to).
    castle: Option<(Sq, Sq)>,
    /// For en passant: the square of the captured pawn.
    ep_capture: Option<Sq>,
}

impl Move {
    fn token(&self) -> String {
        let mut s = format!("{}{}", square_name(self.from), square_name(self.to));
        if let Some(k) = self.promo {
            s.push(k.lower());
        }
        s
    }
}

#[derive(Clone, Debug, PartialEq, Eq)]
pub struct RefPosition {
    board: [Option<(Color, Kind)>; 64],
    side: Color,
    /// `KQkq`.
    castling: [bool; 4],
    /// Only kept when a pawn of the side to move stands beside the pawn that just made a two-step.
    ep: Option<Sq>,
    halfmove: u32,
    fullmove: u32,
    /// White's army, Black's army.
    armies: [Army; 2],
}

/// The start position of a pairing. Panics on an unknown army name.
pub fn start(white: &str, black: &str) -> RefPosition {
    let w = Army::from_name(white).unwrap_or_else(|| panic!("unknown army {white}"));
    let b = Army::from_name(black).unwrap_or_else(|| panic!("unknown army {black}"));
    let back = |a: Army| a.back_rank().iter().map(|k| k.lower()).collect::<String>();
    let text = format!(
        "{}/pppppppp/8/8/8/8/PPPPPPPP/{} w KQkq - 0 1 {}/{}",
        back(b),
        back(w).to_ascii_uppercase(),
        w.name(),
        b.name()
    );
    parse(&text).unwrap_or_else(|e| panic!("start {white}/{black}: {e}"))
}

/// Reads FEN (board, side, castling, en passant[, halfmove, fullmove]) plus the optional last
/// `<white>/<black>` armies field.
pub fn parse(text: &str) -> Result<RefPosition, String> {
    let mut fields: Vec<&str> = text.split_whitespace().collect();
    if fields.is_empty() {
        return Err("empty position text".into());
    }
    let mut armies = [Army::Fide, Army::Fide];
    if fields.len() > 1 && fields[fields.len() - 1].contains('/') {
        let f = fields.pop().unwrap();
        let parts: Vec<&str> = f.split('/').collect();
        if parts.len() != 2 {
            return Err(format!("bad armies field {f}"));
        }
        for (i, p) in parts.iter().enumerate() {
            armies[i] = Army::from_name(p).ok_or_else(|| format!("unknown army {p} in {f}"))?;
        }
    }
    if fields.len() < 4 || fields.len() > 6 {
        return Err(format!("expected 4 to 6 FEN fields (plus armies), got {}", fields.len()));
    }
    for f in &fields[1..] {
        if f.contains('/') {
            return Err(format!("unexpected field {f}"));
        }
    }

    // Board.
    let mut board: [Option<(Color, Kind)>; 64] = [None; 64];
    let rows: Vec<&str> = fields[0].split('/').collect();
    if rows.len() != 8 {
        return Err(format!("board {} does not have 8 ranks", fields[0]));
    }
    for (i, row) in rows.iter().enumerate() {
        let r = 7 - i;
        let mut f = 0usize;
        for c in row.chars() {
            if let Some(d) = c.to_digit(10) {
                if d == 0 || d > 8 {
                    return Err(format!("bad digit {c} in rank {row}"));
                }
                f += d as usize;
            } else {
                let kind = Kind::from_lower(c.to_ascii_lowercase())
                    .ok_or_else(|| format!("bad piece letter {c}"))?;
                if !c.is_ascii_alphabetic() {
                    return Err(format!("bad piece letter {c}"));
                }
                if let Some(a) = kind.army() {
                    if a != armies[0] && a != armies[1] {
                        return Err(format!(
                            "piece letter {c} belongs to neither army ({}/{})",
                            armies[0].name(),
                            armies[1].name()
                        ));
                    }
                }
                let color = if c.is_ascii_uppercase() { Color::White } else { Color::Black };
                if f >= 8 {
                    return Err(format!("rank {row} is too long"));
                }
                if kind == Kind::Pawn && (r == 0 || r == 7) {
                    return Err(format!("pawn {c} on rank {}", r + 1));
                }
                board[f + 8 * r] = Some((color, kind));
                f += 1;
            }
            if f > 8 {
                return Err(format!("rank {row} is too long"));
            }
        }
        if f != 8 {
            return Err(format!("rank {row} does not cover 8 files"));
        }
    }
    for color in [Color::White, Color::Black] {
        let kings = board.iter().filter(|p| **p == Some((color, Kind::King))).count();
        if kings != 1 {
            return Err(format!("{color:?} has {kings} Kings (needs exactly one)"));
        }
    }

    // Side.
    let side = match fields[1] {
        "w" => Color::White,
        "b" => Color::Black,
        s => return Err(format!("bad side to move {s}")),
    };

    // Castling.
    let mut castling = [false; 4];
    if fields[2] != "-" {
        for c in fields[2].chars() {
            let i = RIGHT_LETTERS
                .iter()
                .position(|&l| l == c)
                .ok_or_else(|| format!("bad castling letter {c}"))?;
            if castling[i] {
                return Err(format!("castling letter {c} repeated"));
            }
            let (color, king, corner) = right_squares(i);
            let own = armies[color.index()].corner();
            if board[king] != Some((color, Kind::King)) {
                return Err(format!("castling right {c} without the King on {}", square_name(king)));
            }
            if board[corner] != Some((color, own)) {
                return Err(format!(
                    "castling right {c} without the corner piece on {}",
                    square_name(corner)
                ));
            }
            castling[i] = true;
        }
    }

    // En passant.
    let mut ep = None;
    if fields[3] != "-" {
        let sq = parse_square(fields[3]).ok_or_else(|| format!("bad en passant square {}", fields[3]))?;
        // White to move: the square is on rank 6, a Black pawn stands in front of it on rank 5 and
        // the square it came from (rank 7) is empty; Black to move likewise on rank 3.
        let (ep_rank, them) = match side {
            Color::White => (5, Color::Black),
            Color::Black => (2, Color::White),
        };
        let pawn_sq = square(file(sq), rank(sq) - side.forward()).unwrap_or(sq);
        let origin = square(file(sq), rank(sq) + side.forward()).unwrap_or(sq);
        if rank(sq) != ep_rank
            || board[sq].is_some()
            || board[origin].is_some()
            || board[pawn_sq] != Some((them, Kind::Pawn))
        {
            return Err(format!("impossible en passant square {}", fields[3]));
        }
        ep = Some(sq);
    }

    let number = |s: &str, what: &str| s.parse::<u32>().map_err(|_| format!("bad {what} {s}"));
    let halfmove = if fields.len() > 4 { number(fields[4], "halfmove clock")? } else { 0 };
    let fullmove = if fields.len() > 5 { number(fields[5], "move number")? } else { 1 };

    let mut p = RefPosition { board, side, castling, ep, halfmove, fullmove, armies };
    p.ep = p.ep.filter(|&sq| p.capturing_pawn_beside(sq));
    if p.king_attacked(side.other()) {
        return Err("the side not to move is in check".into());
    }
    p.drop_unplayable_ep();
    Ok(p)
}

impl RefPosition {
    pub fn white_to_move(&self) -> bool {
        self.side == Color::White
    }

    /// Whether the side to move is in check.
    pub fn in_check(&self) -> bool {
        self.king_attacked(self.side)
    }

    /// The legal moves as sorted canonical tokens.
    pub fn legal_moves(&self) -> Vec<String> {
        let mut v: Vec<String> = self.legal().iter().map(Move::token).collect();
        v.sort();
        v
    }

    /// Every legal move's canonical token with the position after it, sorted by token.
    pub fn legal_actions(&self) -> Vec<(String, RefPosition)> {
        let mut v: Vec<(String, RefPosition)> =
            self.legal().iter().map(|m| (m.token(), self.make(m))).collect();
        v.sort_by(|a, b| a.0.cmp(&b.0));
        v
    }

    /// The position after the legal move `token`, or `None` when it is not legal.
    pub fn play(&self, token: &str) -> Option<RefPosition> {
        let token = token.to_ascii_lowercase();
        self.legal().into_iter().find(|m| m.token() == token).map(|m| self.make(&m))
    }

    pub fn perft(&self, depth: u32) -> u64 {
        if depth == 0 {
            return 1;
        }
        let moves = self.legal();
        if depth == 1 {
            return moves.len() as u64;
        }
        moves.iter().map(|m| self.make(m).perft(depth - 1)).sum()
    }

    /// Canonical position text.
    pub fn to_text(&self) -> String {
        let mut s = String::new();
        for r in (0..8).rev() {
            let mut empty = 0;
            for f in 0..8 {
                match self.board[f + 8 * r] {
                    None => empty += 1,
                    Some((c, k)) => {
                        if empty > 0 {
                            s.push_str(&empty.to_string());
                            empty = 0;
                        }
                        let l = k.lower();
                        s.push(if c == Color::White { l.to_ascii_uppercase() } else { l });
                    }
                }
            }
            if empty > 0 {
                s.push_str(&empty.to_string());
            }
            if r > 0 {
                s.push('/');
            }
        }
        s.push_str(if self.side == Color::White { " w " } else { " b " });
        let rights: String = (0..4).filter(|&i| self.castling[i]).map(|i| RIGHT_LETTERS[i]).collect();
        s.push_str(if rights.is_empty() { "-" } else { &rights });
        s.push(' ');
        match self.ep {
            Some(sq) => s.push_str(&square_name(sq)),
            None => s.push('-'),
        }
        s.push_str(&format!(" {} {}", self.halfmove, self.fullmove));
        if self.armies != [Army::Fide, Army::Fide] {
            s.push_str(&format!(" {}/{}", self.armies[0].name(), self.armies[1].name()));
        }
        s
    }

    // ----- internals -----

    /// Whether a pawn of the side to move stands beside the enemy pawn in front of `ep`.
    fn capturing_pawn_beside(&self, ep: Sq) -> bool {
        let pawn_rank = rank(ep) - self.side.forward();
        [-1, 1].iter().any(|df| {
            square(file(ep) + df, pawn_rank).is_some_and(|sq| self.board[sq] == Some((self.side, Kind::Pawn)))
        })
    }

    fn king_square(&self, color: Color) -> Sq {
        (0..64).find(|&sq| self.board[sq] == Some((color, Kind::King))).expect("a King")
    }

    /// Whether `color`'s King could be captured by the other side.
    fn king_attacked(&self, color: Color) -> bool {
        self.attacked(self.king_square(color), color.other())
    }

    /// Whether any piece of `by` could capture on `target` (were an enemy piece standing there).
    fn attacked(&self, target: Sq, by: Color) -> bool {
        (0..64).any(|from| matches!(self.board[from], Some((c, _)) if c == by) && self.attacks(from, target))
    }

    /// Whether the piece on `from` could capture on `target`.
    fn attacks(&self, from: Sq, target: Sq) -> bool {
        let (color, kind) = self.board[from].expect("a piece");
        let fwd = color.forward();
        if kind == Kind::Pawn {
            return [-1, 1].iter().any(|df| square(file(from) + df, rank(from) + fwd) == Some(target));
        }
        for (df, dr, range) in kind.vectors() {
            for k in 1..=range {
                match square(file(from) + df * k, rank(from) + dr * fwd * k) {
                    None => break,
                    Some(sq) if sq == target => return true,
                    Some(sq) if self.board[sq].is_some() => break,
                    Some(_) => {}
                }
            }
        }
        false
    }

    /// Squares a non-pawn piece on `from` can move to (empty or enemy-occupied), deduplicated.
    fn piece_targets(&self, from: Sq) -> Vec<Sq> {
        let (color, kind) = self.board[from].expect("a piece");
        let fwd = color.forward();
        let mut out = Vec::new();
        for (df, dr, range) in kind.vectors() {
            for k in 1..=range {
                match square(file(from) + df * k, rank(from) + dr * fwd * k) {
                    None => break,
                    Some(sq) => match self.board[sq] {
                        None => out.push(sq),
                        Some((c, _)) => {
                            if c != color {
                                out.push(sq);
                            }
                            break;
                        }
                    },
                }
            }
        }
        out.sort();
        out.dedup();
        out
    }

    /// The promotion choices: every non-King type of either army (A2), White's army first.
    fn promotions(&self) -> Vec<Kind> {
        let mut v: Vec<Kind> = self.armies[0].pieces().to_vec();
        for k in self.armies[1].pieces() {
            if !v.contains(&k) {
                v.push(k);
            }
        }
        v
    }

    fn pseudo(&self) -> Vec<Move> {
        let us = self.side;
        let fwd = us.forward();
        let mut out = Vec::new();
        let plain = |from, to| Move { from, to, promo: None, castle: None, ep_capture: None };
        for from in 0..64 {
            let Some((c, kind)) = self.board[from] else { continue };
            if c != us {
                continue;
            }
            if kind != Kind::Pawn {
                for to in self.piece_targets(from) {
                    out.push(plain(from, to));
                }
                continue;
            }
            // Pawn.
            let last = if us == Color::White { 7 } else { 0 };
            let home = if us == Color::White { 1 } else { 6 };
            let mut push_pawn = |to: Sq, ep_capture: Option<Sq>| {
                if rank(to) == last {
                    for k in self.promotions() {
                        out.push(Move { from, to, promo: Some(k), castle: None, ep_capture: None });
                    }
                } else {
                    out.push(Move { from, to, promo: None, castle: None, ep_capture });
                }
            };
            if let Some(one) = square(file(from), rank(from) + fwd) {
                if self.board[one].is_none() {
                    push_pawn(one, None);
                    if rank(from) == home {
                        let two = square(file(from), rank(from) + 2 * fwd).unwrap();
                        if self.board[two].is_none() {
                            push_pawn(two, None);
                        }
                    }
                }
            }
            for df in [-1, 1] {
                let Some(to) = square(file(from) + df, rank(from) + fwd) else { continue };
                match self.board[to] {
                    Some((c, _)) if c != us => push_pawn(to, None),
                    None if self.ep == Some(to) => {
                        let victim = square(file(to), rank(from)).unwrap();
                        if self.board[victim] == Some((us.other(), Kind::Pawn)) {
                            push_pawn(to, Some(victim));
                        }
                    }
                    _ => {}
                }
            }
        }
        // Castling (A3).
        for i in 0..4 {
            let (color, king, corner) = right_squares(i);
            if color != us || !self.castling[i] {
                continue;
            }
            let corner_kind = self.armies[us.index()].corner();
            if self.board[king] != Some((us, Kind::King)) || self.board[corner] != Some((us, corner_kind)) {
                continue;
            }
            let base = king - 4; // a1 or a8
            let them = us.other();
            let (king_to, corner_to, empty, safe): (Sq, Sq, Vec<Sq>, Vec<Sq>) = if corner > king {
                // Short: f, g empty; e, f, g not attacked.
                (base + 6, base + 5, vec![base + 5, base + 6], vec![base + 4, base + 5, base + 6])
            } else if corner_kind == Kind::Bede {
                // Long with a Bede: King to b, Bede to c; b, c, d empty; e, d, c, b not attacked.
                (
                    base + 1,
                    base + 2,
                    vec![base + 1, base + 2, base + 3],
                    vec![base + 4, base + 3, base + 2, base + 1],
                )
            } else {
                // Long: King to c, corner piece to d; b, c, d empty; e, d, c not attacked.
                (base + 2, base + 3, vec![base + 1, base + 2, base + 3], vec![base + 4, base + 3, base + 2])
            };
            if empty.iter().all(|&s| self.board[s].is_none()) && safe.iter().all(|&s| !self.attacked(s, them))
            {
                out.push(Move {
                    from: king,
                    to: king_to,
                    promo: None,
                    castle: Some((corner, corner_to)),
                    ep_capture: None,
                });
            }
        }
        out
    }

    fn legal(&self) -> Vec<Move> {
        self.pseudo().into_iter().filter(|m| !self.make(m).king_attacked(self.side)).collect()
    }

    /// Makes a (pseudo-legal) move on a copy.
    fn make(&self, m: &Move) -> RefPosition {
        let mut p = self.clone();
        let us = self.side;
        let (_, kind) = self.board[m.from].expect("a mover");
        let capture = self.board[m.to].is_some() || m.ep_capture.is_some();
        p.board[m.from] = None;
        if let Some(v) = m.ep_capture {
            p.board[v] = None;
        }
        p.board[m.to] = Some((us, m.promo.unwrap_or(kind)));
        if let Some((cf, ct)) = m.castle {
            let piece = p.board[cf].take();
            p.board[ct] = piece;
        }
        // A right is lost when its King or corner square is left or captured on.
        for i in 0..4 {
            let (_, king, corner) = right_squares(i);
            if [m.from, m.to].iter().any(|&s| s == king || s == corner) {
                p.castling[i] = false;
            }
        }
        p.halfmove = if kind == Kind::Pawn || capture { 0 } else { self.halfmove + 1 };
        if us == Color::Black {
            p.fullmove = self.fullmove + 1;
        }
        p.side = us.other();
        p.ep = None;
        if kind == Kind::Pawn && (rank(m.to) - rank(m.from)).abs() == 2 {
            let skipped = square(file(m.from), (rank(m.from) + rank(m.to)) / 2).unwrap();
            if p.capturing_pawn_beside(skipped) {
                p.ep = Some(skipped);
                p.drop_unplayable_ep();
            }
        }
        p
    }

    /// The en passant square is kept only when a legal en passant capture exists (the position
    /// text writes it only then, as in FIDE chess).
    fn drop_unplayable_ep(&mut self) {
        if self.ep.is_some() && !self.legal().iter().any(|m| m.ep_capture.is_some()) {
            self.ep = None;
        }
    }
}
