//! An independent, deliberately simple reference move generator for FireFighter Chess, written
//! only to cross-check the engine's perft counts. Standalone (std only), speed irrelevant.
//!
//! It follows `protocol-docs/variants.md` (G1-G3, F1-F12), `protocol-docs/notation.md` and
//! `protocol-docs/variants.md` (section `firefighter`). The method is the plain one: generate every
//! candidate action, apply it to a copy, drop those that leave the mover's King threatened or gone
//! (F8), apply the duty filter (F7), then render tokens with the letter rules and deduplicate.
//!
//! Readings chosen where the documents leave room are marked `READING:` in the comments.
//!
//! Armies (FireFighter's rule zero: Chess with Different Armies, rulings A1-A4): each side plays
//! one of `fide`, `clobberers`, `nutty`, `rookies`. Every ordinary move, capture, attack test and
//! rescue reach uses the army pieces' patterns (table `pattern`); castling uses the army's corner
//! piece (A3, with the Bede's long castle e1-b1); promotion offers every non-King type of either
//! army (A2). The armies are the last field of the position text, written only when one is not
//! `fide`.

use std::collections::BTreeMap;

/// One piece: colour, kind (upper-case letter: `P N B R Q K` and the army letters
/// `D E F A T I U L S W H M`), burning, declared Firefighter.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub struct RefPiece {
    pub white: bool,
    pub kind: u8,
    pub burning: bool,
    pub ff: bool,
}

impl RefPiece {
    /// The piece's entry: FEN letter, `!` if burning, `~` if the declared Firefighter.
    pub fn entry(&self) -> String {
        let mut s = String::new();
        s.push(self.letter());
        if self.burning {
            s.push('!');
        }
        if self.ff {
            s.push('~');
        }
        s
    }

    fn letter(&self) -> char {
        if self.white {
            self.kind as char
        } else {
            self.kind.to_ascii_lowercase() as char
        }
    }

    /// Sort key giving the byte order of entries (`N` < `N!` < `N!~` < `N~` < `n`).
    fn sort_key(&self) -> (u8, u8) {
        let flags = match (self.burning, self.ff) {
            (false, false) => 0,
            (true, false) => 1,
            (true, true) => 2,
            (false, true) => 3,
        };
        (self.letter() as u8, flags)
    }
}

/// A position: a mailbox of 64 squares (a1 = 0, b1 = 1, ..., h8 = 63), each holding any number of
/// pieces (kept sorted by entry so that equal positions compare equal).
#[derive(Clone, PartialEq, Eq, Debug)]
pub struct RefPosition {
    board: [Vec<RefPiece>; 64],
    white_to_move: bool,
    /// `K`, `Q`, `k`, `q`.
    castling: [bool; 4],
    /// The square skipped by the last move's two-step, if that move was a two-step.
    ep: Option<usize>,
    halfmove: u32,
    fullmove: u32,
    /// Unused arson rights: [White, Black].
    arson: [bool; 2],
    /// Firefighter gone for good: [White, Black].
    lost: [bool; 2],
    /// The armies (indices into `ARMIES`): [White, Black].
    armies: [usize; 2],
}

/// One army (A1): its name, its back rank from a to h (White's letters), its corner piece.
struct Army {
    name: &'static str,
    back: &'static [u8; 8],
    corner: u8,
}

const ARMIES: [Army; 4] = [
    Army { name: "fide", back: b"RNBQKBNR", corner: b'R' },
    Army { name: "clobberers", back: b"DEFAKFED", corner: b'D' },
    Army { name: "nutty", back: b"TIULKUIT", corner: b'T' },
    Army { name: "rookies", back: b"SWHMKHWS", corner: b'S' },
];

fn army_index(name: &str) -> Option<usize> {
    ARMIES.iter().position(|a| a.name.eq_ignore_ascii_case(name))
}

/// The non-King piece types of an army's array, in order of first appearance (`R N B Q`, ...).
fn army_types(army: usize) -> Vec<u8> {
    let mut out = Vec::new();
    for &k in ARMIES[army].back.iter() {
        if k != b'K' && !out.contains(&k) {
            out.push(k);
        }
    }
    out
}

/// Every piece letter any army uses (upper case), Kings and Pawns included.
const ALL_KINDS: &[u8] = b"PKRNBQDEFATIULSWHM";

/// A piece's pattern for WHITE (Black mirrors the rank delta): leaps (never blocked) and slides
/// (direction, greatest distance, 0 = unlimited; stopped by the first occupied square). Every
/// piece but the pawn captures the way it moves.
/// Leaps (file, rank) and slides (file, rank, range) of a piece kind.
type Pattern = (&'static [(i32, i32)], &'static [(i32, i32, i32)]);

fn pattern(kind: u8) -> Pattern {
    const NONE: &[(i32, i32)] = &[];
    const ORTH: &[(i32, i32, i32)] = &[(1, 0, 0), (0, 1, 0), (-1, 0, 0), (0, -1, 0)];
    const DIAG: &[(i32, i32, i32)] = &[(1, 1, 0), (-1, 1, 0), (-1, -1, 0), (1, -1, 0)];
    const ALL8: &[(i32, i32, i32)] =
        &[(1, 0, 0), (0, 1, 0), (-1, 0, 0), (0, -1, 0), (1, 1, 0), (-1, 1, 0), (-1, -1, 0), (1, -1, 0)];
    match kind {
        b'N' => (&KNIGHT, &[]),
        b'K' => (&KING, &[]),
        b'R' => (NONE, ORTH),
        b'B' => (NONE, DIAG),
        b'Q' => (NONE, ALL8),
        // Bede (BD): bishop slides + (±2,0),(0,±2) jumps.
        b'D' => (&[(2, 0), (-2, 0), (0, 2), (0, -2)], DIAG),
        // Waffle (WA): (±1,0),(0,±1),(±2,±2) jumps.
        b'E' => (&[(1, 0), (-1, 0), (0, 1), (0, -1), (2, 2), (-2, 2), (-2, -2), (2, -2)], &[]),
        // FAD: (±1,±1),(±2,±2),(±2,0),(0,±2) jumps.
        b'F' => (
            &[
                (1, 1),
                (-1, 1),
                (-1, -1),
                (1, -1),
                (2, 2),
                (-2, 2),
                (-2, -2),
                (2, -2),
                (2, 0),
                (-2, 0),
                (0, 2),
                (0, -2),
            ],
            &[],
        ),
        // Cardinal (BN): bishop slides + knight jumps.
        b'A' => (&KNIGHT, DIAG),
        // Charging Rook (fsRbK): forward and sideways rook slides; backward King steps.
        b'T' => (&[(0, -1), (1, -1), (-1, -1)], &[(0, 1, 0), (1, 0, 0), (-1, 0, 0)]),
        // Fibnif (ffbbNF): the four narrow knight leaps and the four diagonal steps.
        b'I' => (&[(1, 2), (-1, 2), (1, -2), (-1, -2), (1, 1), (-1, 1), (-1, -1), (1, -1)], &[]),
        // Charging Knight (fhNsWbK): forward knight leaps, sideways steps, backward King steps.
        b'U' => (&[(1, 2), (-1, 2), (2, 1), (-2, 1), (1, 0), (-1, 0), (0, -1), (1, -1), (-1, -1)], &[]),
        // Colonel (fhNfsRK): forward knight leaps, forward and sideways rook slides, King steps
        // (the forward and sideways King steps coincide with the slides' first squares; only
        // the backward three are listed as leaps, so no destination appears twice).
        b'L' => (
            &[(1, 2), (-1, 2), (2, 1), (-2, 1), (1, 1), (-1, 1), (0, -1), (1, -1), (-1, -1)],
            &[(0, 1, 0), (1, 0, 0), (-1, 0, 0)],
        ),
        // Short Rook (R4): rook slides of at most 4 squares.
        b'S' => (NONE, &[(1, 0, 4), (0, 1, 4), (-1, 0, 4), (0, -1, 4)]),
        // Woody Rook (WD): (±1,0),(0,±1),(±2,0),(0,±2) jumps.
        b'W' => (&[(1, 0), (-1, 0), (0, 1), (0, -1), (2, 0), (-2, 0), (0, 2), (0, -2)], &[]),
        // Half-Duck (HFD): (±3,0),(0,±3),(±1,±1),(±2,0),(0,±2) jumps.
        b'H' => (
            &[
                (3, 0),
                (-3, 0),
                (0, 3),
                (0, -3),
                (1, 1),
                (-1, 1),
                (-1, -1),
                (1, -1),
                (2, 0),
                (-2, 0),
                (0, 2),
                (0, -2),
            ],
            &[],
        ),
        // Chancellor (RN): rook slides + knight jumps.
        b'M' => (&KNIGHT, ORTH),
        _ => unreachable!("no pattern for {}", kind as char),
    }
}

#[derive(Clone, Copy, PartialEq, Eq, Debug)]
enum ActKind {
    /// An ordinary move or capture; castling moves the rook too; `ep_victim` is the square of the
    /// pawn taken en passant; `double` marks a pawn two-step.
    Ordinary { promo: Option<u8>, castle: Option<(usize, usize)>, ep_victim: Option<usize>, double: bool },
    /// Squirt (push) or extinguish (the pushed piece is burning) of piece `tidx` on `to`.
    Squirt,
    /// Rescue of the burning piece `tidx` on `to` to the rescuer's square `from`.
    Rescue,
    /// Set piece `idx` on `from` on fire.
    Arson,
}

#[derive(Clone, Copy, PartialEq, Eq, Debug)]
struct Action {
    kind: ActKind,
    from: usize,
    /// Index of the acting piece in `board[from]`.
    idx: usize,
    to: usize,
    /// Index of the pushed / rescued piece in `board[to]`.
    tidx: usize,
}

const KNIGHT: [(i32, i32); 8] = [(1, 2), (2, 1), (2, -1), (1, -2), (-1, -2), (-2, -1), (-2, 1), (-1, 2)];
const KING: [(i32, i32); 8] = [(1, 0), (1, 1), (0, 1), (-1, 1), (-1, 0), (-1, -1), (0, -1), (1, -1)];

fn file_of(s: usize) -> i32 {
    (s % 8) as i32
}

fn rank_of(s: usize) -> i32 {
    (s / 8) as i32
}

fn square(file: i32, rank: i32) -> Option<usize> {
    if (0..8).contains(&file) && (0..8).contains(&rank) {
        Some((rank * 8 + file) as usize)
    } else {
        None
    }
}

fn offset(s: usize, df: i32, dr: i32) -> Option<usize> {
    square(file_of(s) + df, rank_of(s) + dr)
}

/// `a1` ... `h8`.
fn name(s: usize) -> String {
    format!("{}{}", (b'a' + (s % 8) as u8) as char, s / 8 + 1)
}

fn parse_square(text: &str) -> Option<usize> {
    let b = text.as_bytes();
    if b.len() != 2 || !(b'a'..=b'h').contains(&b[0]) || !(b'1'..=b'8').contains(&b[1]) {
        return None;
    }
    square((b[0] - b'a') as i32, (b[1] - b'1') as i32)
}

fn chebyshev(a: usize, b: usize) -> i32 {
    (file_of(a) - file_of(b)).abs().max((rank_of(a) - rank_of(b)).abs())
}

/// Forward rank step of a pawn of this colour.
fn forward(white: bool) -> i32 {
    if white {
        1
    } else {
        -1
    }
}

fn side_index(white: bool) -> usize {
    if white {
        0
    } else {
        1
    }
}

/// One castling right (`K`, `Q`, `k`, `q`): the side, the King's square, the corner piece's kind
/// and square, the corner piece's destination, the King's destination, the squares that must be
/// empty, and the squares the King passes (its destination is judged by the legality filter).
struct CastleSpec {
    white: bool,
    ksq: usize,
    corner: u8,
    csq: usize,
    cto: usize,
    kto: usize,
    between: Vec<usize>,
    pass: Vec<usize>,
}

/// The castling right `i` (0 `K`, 1 `Q`, 2 `k`, 3 `q`) for a side playing `army` (A3): FIDE
/// castling with the army's corner piece as the Rook; a Bede's long castle puts the King on b1
/// (b8) and the Bede on c1 (c8), the King passing d1 and c1.
fn castle_spec(i: usize, army: usize) -> CastleSpec {
    let white = i < 2;
    let base = if white { 0 } else { 56 };
    let corner = ARMIES[army].corner;
    let (csq, cto, kto, between, pass): (usize, usize, usize, Vec<usize>, Vec<usize>) = if i % 2 == 0 {
        (7, 5, 6, vec![5, 6], vec![5])
    } else if corner == b'D' {
        (0, 2, 1, vec![1, 2, 3], vec![3, 2])
    } else {
        (0, 3, 2, vec![1, 2, 3], vec![3])
    };
    CastleSpec {
        white,
        ksq: base + 4,
        corner,
        csq: base + csq,
        cto: base + cto,
        kto: base + kto,
        between: between.into_iter().map(|s| base + s).collect(),
        pass: pass.into_iter().map(|s| base + s).collect(),
    }
}

impl RefPosition {
    // ------------------------------------------------------------------------------------------
    // Position text
    // ------------------------------------------------------------------------------------------

    /// Reads the position text (7 or 8 fields, see `protocol-docs/notation.md`, then the armies
    /// `<white>/<black>` as the last field when it holds a `/`).
    pub fn parse(fen: &str) -> Result<RefPosition, String> {
        let mut fields: Vec<&str> = fen.split_whitespace().collect();
        let mut armies = [0usize; 2];
        if fields.len() >= 2 && fields[fields.len() - 1].contains('/') {
            let text = fields.pop().unwrap();
            let (w, b) = text.split_once('/').unwrap();
            for (slot, name) in armies.iter_mut().zip([w, b]) {
                *slot = army_index(name).ok_or_else(|| format!("bad armies field {text}"))?;
            }
        }
        if fields.len() != 7 && fields.len() != 8 {
            return Err(format!("expected 7 or 8 fields (then the armies), got {}", fields.len()));
        }
        let mut board: [Vec<RefPiece>; 64] = std::array::from_fn(|_| Vec::new());
        let ranks: Vec<&str> = fields[0].split('/').collect();
        if ranks.len() != 8 {
            return Err(format!("board needs 8 ranks: {}", fields[0]));
        }
        for (i, rank_text) in ranks.iter().enumerate() {
            let rank = 7 - i as i32;
            let mut file = 0i32;
            let chars: Vec<char> = rank_text.chars().collect();
            let mut k = 0;
            while k < chars.len() {
                let c = chars[k];
                if let Some(d) = c.to_digit(10) {
                    if d == 0 {
                        return Err(format!("bad digit in rank {rank_text}"));
                    }
                    file += d as i32;
                    k += 1;
                    continue;
                }
                if file >= 8 {
                    return Err(format!("rank too long: {rank_text}"));
                }
                let sq = square(file, rank).unwrap();
                if c == '(' {
                    let close = chars[k..]
                        .iter()
                        .position(|&x| x == ')')
                        .ok_or_else(|| format!("unclosed group in {rank_text}"))?;
                    let inner: String = chars[k + 1..k + close].iter().collect();
                    let pieces = parse_entries(&inner)?;
                    if pieces.is_empty() {
                        return Err(format!("empty group in {rank_text}"));
                    }
                    board[sq] = pieces;
                    k += close + 1;
                } else {
                    // A single entry: letter, optional `!`, optional `~`.
                    let mut end = k + 1;
                    if end < chars.len() && chars[end] == '!' {
                        end += 1;
                    }
                    if end < chars.len() && chars[end] == '~' {
                        end += 1;
                    }
                    let text: String = chars[k..end].iter().collect();
                    let pieces = parse_entries(&text)?;
                    if pieces.len() != 1 {
                        return Err(format!("bad entry {text}"));
                    }
                    board[sq] = pieces;
                    k = end;
                }
                file += 1;
            }
            if file != 8 {
                return Err(format!("rank without 8 squares: {rank_text}"));
            }
        }
        let white_to_move = match fields[1] {
            "w" => true,
            "b" => false,
            other => return Err(format!("bad side {other}")),
        };
        let mut castling = [false; 4];
        if fields[2] != "-" {
            for c in fields[2].chars() {
                let i = match c {
                    'K' => 0,
                    'Q' => 1,
                    'k' => 2,
                    'q' => 3,
                    _ => return Err(format!("bad castling field {}", fields[2])),
                };
                if castling[i] {
                    return Err(format!("bad castling field {}", fields[2]));
                }
                castling[i] = true;
            }
        }
        let ep = if fields[3] == "-" {
            None
        } else {
            Some(parse_square(fields[3]).ok_or_else(|| format!("bad en passant field {}", fields[3]))?)
        };
        let halfmove: u32 = fields[4].parse().map_err(|_| format!("bad halfmove clock {}", fields[4]))?;
        let fullmove: u32 = fields[5].parse().map_err(|_| format!("bad fullmove number {}", fields[5]))?;
        if fullmove == 0 {
            return Err("fullmove number 0".to_string());
        }
        let arson = match fields[6] {
            "Aa" => [true, true],
            "A" => [true, false],
            "a" => [false, true],
            "-" => [false, false],
            other => return Err(format!("bad arson field {other}")),
        };
        let lost = match fields.get(7).copied() {
            None | Some("-") => [false, false],
            Some("Ff") => [true, true],
            Some("F") => [true, false],
            Some("f") => [false, true],
            Some(other) => return Err(format!("bad lost-Firefighter field {other}")),
        };
        for b in &mut board {
            b.sort_by_key(|p| p.sort_key());
        }
        let pos = RefPosition { board, white_to_move, castling, ep, halfmove, fullmove, arson, lost, armies };
        pos.validate()?;
        Ok(pos)
    }

    fn validate(&self) -> Result<(), String> {
        // A piece of either colour may carry a letter of either army (rescues change colours,
        // promotions offer both armies' types), but no other.
        let mut allowed = vec![b'P', b'K'];
        allowed.extend(self.promotion_types());
        if let Some((s, p)) = self.pieces().find(|(_, p)| !allowed.contains(&p.kind)) {
            return Err(format!("piece {} on {} belongs to neither army", p.letter(), name(s)));
        }
        let count: usize = self.board.iter().map(|b| b.len()).sum();
        if count > 32 {
            return Err(format!("{count} pieces (more than 32)"));
        }
        for white in [true, false] {
            let kings = self.pieces().filter(|(_, p)| p.white == white && p.kind == b'K').count();
            if kings != 1 {
                return Err(format!("{} has {kings} kings", if white { "White" } else { "Black" }));
            }
            let ffs = self.pieces().filter(|(_, p)| p.white == white && p.ff).count();
            if ffs > 1 {
                return Err("two Firefighters of one side".to_string());
            }
            if ffs == 1 && self.lost[side_index(white)] {
                return Err("a Firefighter of a side that has lost it".to_string());
            }
        }
        for i in 0..4 {
            if self.castling[i] && !self.castle_pieces_ok(&self.castle(i)) {
                return Err("castling right without its King and corner piece".to_string());
            }
        }
        if let Some(e) = self.ep {
            // The side that just moved made a two-step: its pawn stands beyond `e`.
            let mover_white = !self.white_to_move;
            let expected_rank = if mover_white { 2 } else { 5 };
            let f = forward(mover_white);
            let ok = rank_of(e) == expected_rank
                && self.board[e].is_empty()
                && offset(e, 0, -f).is_some_and(|o| self.board[o].is_empty())
                && offset(e, 0, f).is_some_and(|v| {
                    self.board[v].len() == 1
                        && self.board[v][0].kind == b'P'
                        && self.board[v][0].white == mover_white
                        && !self.board[v][0].burning
                });
            if !ok {
                return Err(format!("impossible en passant square {}", name(e)));
            }
        }
        if self.king_threatened(!self.white_to_move) {
            return Err("the side not to move is in check".to_string());
        }
        Ok(())
    }

    /// The canonical position text.
    pub fn to_text(&self) -> String {
        let mut out = String::new();
        for rank in (0..8).rev() {
            let mut empty = 0;
            for file in 0..8 {
                let sq = square(file, rank).unwrap();
                let cell = &self.board[sq];
                if cell.is_empty() {
                    empty += 1;
                    continue;
                }
                if empty > 0 {
                    out.push_str(&empty.to_string());
                    empty = 0;
                }
                let mut entries: Vec<String> = cell.iter().map(|p| p.entry()).collect();
                entries.sort();
                if entries.len() == 1 {
                    out.push_str(&entries[0]);
                } else {
                    out.push('(');
                    out.push_str(&entries.concat());
                    out.push(')');
                }
            }
            if empty > 0 {
                out.push_str(&empty.to_string());
            }
            if rank > 0 {
                out.push('/');
            }
        }
        out.push(' ');
        out.push(if self.white_to_move { 'w' } else { 'b' });
        out.push(' ');
        let castling: String = ['K', 'Q', 'k', 'q']
            .iter()
            .zip(self.castling.iter())
            .filter(|(_, &r)| r)
            .map(|(&c, _)| c)
            .collect();
        out.push_str(if castling.is_empty() { "-" } else { &castling });
        out.push(' ');
        // READING: "a legal en passant capture" is one among the final legal moves (duty included).
        let ep_legal = self.ep.is_some_and(|_| {
            self.legal_raw()
                .iter()
                .any(|(a, _)| matches!(a.kind, ActKind::Ordinary { ep_victim: Some(_), .. }))
        });
        match self.ep {
            Some(e) if ep_legal => out.push_str(&name(e)),
            _ => out.push('-'),
        }
        out.push_str(&format!(" {} {} ", self.halfmove, self.fullmove));
        let arson = match self.arson {
            [true, true] => "Aa",
            [true, false] => "A",
            [false, true] => "a",
            [false, false] => "-",
        };
        out.push_str(arson);
        match self.lost {
            [true, true] => out.push_str(" Ff"),
            [true, false] => out.push_str(" F"),
            [false, true] => out.push_str(" f"),
            [false, false] => {}
        }
        if self.armies != [0, 0] {
            out.push_str(&format!(" {}/{}", ARMIES[self.armies[0]].name, ARMIES[self.armies[1]].name));
        }
        out
    }

    // ------------------------------------------------------------------------------------------
    // Public queries
    // ------------------------------------------------------------------------------------------

    pub fn white_to_move(&self) -> bool {
        self.white_to_move
    }

    /// The side to move's King is threatened (capture, squirt off the board, rescue): F8.
    pub fn in_check(&self) -> bool {
        self.king_threatened(self.white_to_move)
    }

    /// The side to move has a burning piece of its own (F11: stalemated with one, it loses).
    pub fn side_has_burning_piece(&self) -> bool {
        self.pieces().any(|(_, p)| p.white == self.white_to_move && p.burning)
    }

    /// Canonical tokens of every legal action, sorted and deduplicated.
    pub fn legal_moves(&self) -> Vec<String> {
        self.legal_actions().into_iter().map(|(t, _)| t).collect()
    }

    /// The position after the action with this canonical token, or None if it is not legal.
    pub fn play(&self, token: &str) -> Option<RefPosition> {
        self.legal_actions().into_iter().find(|(t, _)| t == token).map(|(_, p)| p)
    }

    /// Leaf count at `depth` (no game-end rules).
    pub fn perft(&self, depth: u32) -> u64 {
        if depth == 0 {
            return 1;
        }
        let moves = self.legal_actions();
        if depth == 1 {
            return moves.len() as u64;
        }
        moves.iter().map(|(_, p)| p.perft(depth - 1)).sum()
    }

    /// Every legal action as (canonical token, resulting position), sorted by token. Identical
    /// tokens must come from identical pieces and give identical positions (checked).
    pub fn legal_actions(&self) -> Vec<(String, RefPosition)> {
        let legal = self.legal_raw();
        // Base tokens (without prefix) and the movers that share each base token.
        let bases: Vec<String> = legal.iter().map(|(a, _)| self.base_token(a)).collect();
        let mut movers: BTreeMap<&str, Vec<usize>> = BTreeMap::new();
        for ((a, _), base) in legal.iter().zip(bases.iter()) {
            if a.kind != ActKind::Arson {
                let list = movers.entry(base.as_str()).or_default();
                if !list.contains(&a.idx) {
                    list.push(a.idx);
                }
            }
        }
        let mut out: BTreeMap<String, RefPosition> = BTreeMap::new();
        for ((a, pos), base) in legal.iter().zip(bases.iter()) {
            // Prefix when two or more own pieces on the origin square can (legally) make it.
            let needs_prefix = a.kind != ActKind::Arson && movers[base.as_str()].len() >= 2;
            let token = if needs_prefix {
                let p = self.board[a.from][a.idx];
                let mut t = String::new();
                t.push(p.kind as char);
                if p.ff && matches!(a.kind, ActKind::Ordinary { .. }) {
                    t.push('~');
                }
                t.push_str(base);
                t
            } else {
                base.clone()
            };
            match out.get(&token) {
                Some(existing) => {
                    assert_eq!(
                        existing,
                        pos,
                        "token {token} names two different actions in {}",
                        self.to_text()
                    )
                }
                None => {
                    out.insert(token, pos.clone());
                }
            }
        }
        out.into_iter().collect()
    }

    // ------------------------------------------------------------------------------------------
    // Geometry and attacks
    // ------------------------------------------------------------------------------------------

    fn pieces(&self) -> impl Iterator<Item = (usize, &RefPiece)> + '_ {
        self.board.iter().enumerate().flat_map(|(s, cell)| cell.iter().map(move |p| (s, p)))
    }

    /// Every square strictly between `from` and `to` (on one line) is empty.
    fn clear_between(&self, from: usize, to: usize) -> bool {
        let df = (file_of(to) - file_of(from)).signum();
        let dr = (rank_of(to) - rank_of(from)).signum();
        let mut s = offset(from, df, dr).unwrap();
        while s != to {
            if !self.board[s].is_empty() {
                return false;
            }
            s = offset(s, df, dr).unwrap();
        }
        true
    }

    /// The piece's capture pattern from `from` reaches `to` (path clear), whatever `to` holds.
    fn capture_reaches(&self, from: usize, p: &RefPiece, to: usize) -> bool {
        let df = file_of(to) - file_of(from);
        let dr = rank_of(to) - rank_of(from);
        if df == 0 && dr == 0 {
            return false;
        }
        if p.kind == b'P' {
            return dr == forward(p.white) && df.abs() == 1;
        }
        // The pattern is White's: a Black piece's rank delta is mirrored.
        let dr = dr * forward(p.white);
        let (leaps, slides) = pattern(p.kind);
        if leaps.contains(&(df, dr)) {
            return true;
        }
        slides.iter().any(|&(sf, sr, max)| {
            // `to` lies on the ray (sf, sr) at distance n >= 1.
            let n = if sf != 0 { df / sf } else { dr / sr };
            n >= 1 && df == n * sf && dr == n * sr && (max == 0 || n <= max) && self.clear_between(from, to)
        })
    }

    /// Every square the piece's (non-pawn) move pattern reaches from `from` (slides stopped by
    /// the first occupied square, which is included), whatever the squares hold; no duplicates.
    fn destinations(&self, from: usize, p: &RefPiece) -> Vec<usize> {
        let f = forward(p.white);
        let (leaps, slides) = pattern(p.kind);
        let mut out = Vec::new();
        for &(df, dr) in leaps {
            if let Some(to) = offset(from, df, dr * f) {
                out.push(to);
            }
        }
        for &(df, dr, max) in slides {
            let mut cur = from;
            let mut n = 0;
            while let Some(to) = offset(cur, df, dr * f) {
                out.push(to);
                n += 1;
                if !self.board[to].is_empty() || n == max {
                    break;
                }
                cur = to;
            }
        }
        debug_assert!({
            let mut d = out.clone();
            d.sort();
            d.dedup();
            d.len() == out.len()
        });
        out
    }

    /// The rescue reach (F5): the move pattern or the capture pattern; for a pawn the forward step
    /// and the two-step from its own second rank (middle square empty), whatever `to` holds.
    fn rescue_reaches(&self, from: usize, p: &RefPiece, to: usize) -> bool {
        if self.capture_reaches(from, p, to) {
            return true;
        }
        if p.kind != b'P' {
            return false;
        }
        let f = forward(p.white);
        let df = file_of(to) - file_of(from);
        let dr = rank_of(to) - rank_of(from);
        let second = if p.white { 1 } else { 6 };
        df == 0
            && (dr == f
                || (dr == 2 * f
                    && rank_of(from) == second
                    && self.board[offset(from, 0, f).unwrap()].is_empty()))
    }

    /// G2: a non-burning piece of side `by` could capture on `sq` with its capture pattern.
    fn attacked_by(&self, sq: usize, by: bool) -> bool {
        self.pieces().any(|(s, p)| p.white == by && !p.burning && self.capture_reaches(s, p, sq))
    }

    /// The pieces of `side` that may make a firefighting move now (F2): the declared, non-burning
    /// Firefighter; or, undeclared, every non-burning piece; or none once it is lost.
    fn firefighters(&self, side: bool) -> Vec<(usize, usize)> {
        if self.lost[side_index(side)] {
            return Vec::new();
        }
        let declared = self.pieces().any(|(_, p)| p.white == side && p.ff);
        let mut out = Vec::new();
        for (s, cell) in self.board.iter().enumerate() {
            for (i, p) in cell.iter().enumerate() {
                if p.white == side && !p.burning && (p.ff || !declared) {
                    out.push((s, i));
                }
            }
        }
        out
    }

    fn has_ff(&self, side: bool) -> bool {
        self.pieces().any(|(_, p)| p.white == side && p.ff)
    }

    /// F8: the King of `side` is gone, or the other side could capture it, squirt it off the
    /// board, or rescue it (if it burns) with its next action.
    fn king_threatened(&self, side: bool) -> bool {
        let kings: Vec<(usize, RefPiece)> =
            self.pieces().filter(|(_, p)| p.white == side && p.kind == b'K').map(|(s, p)| (s, *p)).collect();
        if kings.len() != 1 {
            return true;
        }
        let (ksq, king) = kings[0];
        if self.attacked_by(ksq, !side) {
            return true;
        }
        // READING: the opponent's threats ignore its own duty (F7), as pins are ignored in G2.
        for (s, i) in self.firefighters(!side) {
            if king.burning {
                // A burning King is extinguished, not pushed; but it can be rescued.
                if self.rescue_reaches(s, &self.board[s][i], ksq) {
                    return true;
                }
            } else if chebyshev(s, ksq) == 1 {
                let df = file_of(ksq) - file_of(s);
                let dr = rank_of(ksq) - rank_of(s);
                if offset(ksq, df, dr).is_none() {
                    return true;
                }
            }
        }
        false
    }

    // ------------------------------------------------------------------------------------------
    // Move generation
    // ------------------------------------------------------------------------------------------

    /// None: only friendly pieces there (no move); Some(false): empty; Some(true): capture.
    fn landing(&self, to: usize, us: bool) -> Option<bool> {
        let cell = &self.board[to];
        if cell.is_empty() {
            Some(false)
        } else if cell.iter().any(|p| p.white != us) {
            Some(true)
        } else {
            None
        }
    }

    fn candidates(&self) -> Vec<Action> {
        let us = self.white_to_move;
        let mut out = Vec::new();
        let plain = |from: usize, idx: usize, to: usize| Action {
            kind: ActKind::Ordinary { promo: None, castle: None, ep_victim: None, double: false },
            from,
            idx,
            to,
            tidx: 0,
        };
        // Ordinary moves (F1, F9, F10).
        for from in 0..64 {
            for (idx, p) in self.board[from].iter().enumerate() {
                if p.white != us || p.burning {
                    continue;
                }
                if p.kind == b'P' {
                    self.pawn_moves(from, idx, p, &mut out);
                    continue;
                }
                for to in self.destinations(from, p) {
                    if self.landing(to, us).is_some() {
                        out.push(plain(from, idx, to));
                    }
                }
                if p.kind == b'K' {
                    out.extend(self.castlings(from, idx));
                }
            }
        }
        // Squirt and extinguish (F3, F4), rescue (F5).
        for (from, idx) in self.firefighters(us) {
            let p = self.board[from][idx];
            for &(df, dr) in &KING {
                if let Some(to) = offset(from, df, dr) {
                    for tidx in 0..self.board[to].len() {
                        out.push(Action { kind: ActKind::Squirt, from, idx, to, tidx });
                    }
                }
            }
            for to in 0..64 {
                if to == from || !self.rescue_reaches(from, &p, to) {
                    continue;
                }
                for (tidx, q) in self.board[to].iter().enumerate() {
                    if q.burning {
                        out.push(Action { kind: ActKind::Rescue, from, idx, to, tidx });
                    }
                }
            }
        }
        // Arson (F6), not while in check (protocol-docs/variants.md: the reading F12 needs).
        if self.arson[side_index(us)] && !self.king_threatened(us) {
            for from in 0..64 {
                for (idx, p) in self.board[from].iter().enumerate() {
                    // READING: a piece already burning cannot be set on fire.
                    if p.white == us && !p.burning {
                        out.push(Action { kind: ActKind::Arson, from, idx, to: from, tidx: 0 });
                    }
                }
            }
        }
        out
    }

    /// A2: every non-King type in either army's array.
    fn promotion_types(&self) -> Vec<u8> {
        let mut out = army_types(self.armies[0]);
        for k in army_types(self.armies[1]) {
            if !out.contains(&k) {
                out.push(k);
            }
        }
        out
    }

    fn pawn_moves(&self, from: usize, idx: usize, p: &RefPiece, out: &mut Vec<Action>) {
        let us = p.white;
        let promos = self.promotion_types();
        let f = forward(us);
        let last = if us { 7 } else { 0 };
        let second = if us { 1 } else { 6 };
        let mut push = |to: usize, ep_victim: Option<usize>, double: bool| {
            if rank_of(to) == last {
                for &k in &promos {
                    out.push(Action {
                        kind: ActKind::Ordinary { promo: Some(k), castle: None, ep_victim, double },
                        from,
                        idx,
                        to,
                        tidx: 0,
                    });
                }
            } else {
                out.push(Action {
                    kind: ActKind::Ordinary { promo: None, castle: None, ep_victim, double },
                    from,
                    idx,
                    to,
                    tidx: 0,
                });
            }
        };
        if let Some(one) = offset(from, 0, f) {
            if self.board[one].is_empty() {
                push(one, None, false);
                if rank_of(from) == second {
                    let two = offset(from, 0, 2 * f).unwrap();
                    if self.board[two].is_empty() {
                        push(two, None, true);
                    }
                }
            }
        }
        for df in [-1, 1] {
            if let Some(to) = offset(from, df, f) {
                if self.landing(to, us) == Some(true) {
                    push(to, None, false);
                } else if self.ep == Some(to) && self.board[to].is_empty() {
                    let victim = offset(to, 0, -f).unwrap();
                    if self.board[victim].iter().any(|q| q.white != us && q.kind == b'P') {
                        push(to, Some(victim), false);
                    }
                }
            }
        }
    }

    /// The castling right `i` for the army of its side.
    fn castle(&self, i: usize) -> CastleSpec {
        castle_spec(i, self.armies[if i < 2 { 0 } else { 1 }])
    }

    /// The King and the right's corner piece (the Rook for FIDE) stand on their squares, unburnt,
    /// the corner piece the only own piece of its kind there.
    fn castle_pieces_ok(&self, spec: &CastleSpec) -> bool {
        let (white, ksq, csq) = (spec.white, spec.ksq, spec.csq);
        let king = self.board[ksq].iter().any(|p| p.white == white && p.kind == b'K' && !p.burning);
        let rooks: Vec<&RefPiece> =
            self.board[csq].iter().filter(|p| p.white == white && p.kind == spec.corner).collect();
        king && rooks.len() == 1 && !rooks[0].burning
    }

    /// Castling (F10 and its reading in variants.md).
    fn castlings(&self, from: usize, idx: usize) -> Vec<Action> {
        let us = self.white_to_move;
        let mut out = Vec::new();
        for i in 0..4 {
            let spec = self.castle(i);
            if spec.white != us || from != spec.ksq || !self.castling[i] || !self.castle_pieces_ok(&spec) {
                continue;
            }
            if spec.between.iter().any(|&s| !self.board[s].is_empty()) {
                continue;
            }
            if self.king_threatened(us) {
                continue;
            }
            // The King imagined on each square it passes (alone there; the rest stays).
            let passes_threat = spec.pass.iter().any(|&pass| {
                let mut imagined = self.clone();
                let k = imagined.board[spec.ksq].remove(idx);
                imagined.board[pass].push(k);
                imagined.king_threatened(us)
            });
            if passes_threat {
                continue;
            }
            let (rsq, rto, kto) = (spec.csq, spec.cto, spec.kto);
            out.push(Action {
                kind: ActKind::Ordinary {
                    promo: None,
                    castle: Some((rsq, rto)),
                    ep_victim: None,
                    double: false,
                },
                from,
                idx,
                to: kto,
                tidx: 0,
            });
        }
        out
    }

    // ------------------------------------------------------------------------------------------
    // Making an action
    // ------------------------------------------------------------------------------------------

    fn apply(&self, a: &Action) -> RefPosition {
        let us = self.white_to_move;
        let had_ff = [self.has_ff(true), self.has_ff(false)];
        let declared = had_ff[side_index(us)];
        let mut n = self.clone();
        n.ep = None;
        let mut reset = false;
        match a.kind {
            ActKind::Ordinary { promo, castle, ep_victim, double } => {
                let mut p = n.board[a.from].remove(a.idx);
                if p.kind == b'P' {
                    reset = true;
                }
                if !n.board[a.to].is_empty() {
                    // A capture: the whole crowd goes, friend and foe (F1).
                    reset = true;
                    n.board[a.to].clear();
                    n.lose_rights_on(a.to);
                }
                if let Some(v) = ep_victim {
                    let vi = n.board[v].iter().position(|q| q.white != us && q.kind == b'P').unwrap();
                    n.board[v].remove(vi);
                    reset = true;
                }
                if let Some(k) = promo {
                    p.kind = k;
                }
                n.board[a.to].push(p);
                if let Some((rsq, rto)) = castle {
                    let corner = ARMIES[self.armies[side_index(us)]].corner;
                    let ri = n.board[rsq].iter().position(|q| q.white == us && q.kind == corner).unwrap();
                    let r = n.board[rsq].remove(ri);
                    n.board[rto].push(r);
                }
                if double {
                    n.ep = Some((a.from + a.to) / 2);
                }
            }
            ActKind::Squirt => {
                if !declared {
                    n.board[a.from][a.idx].ff = true;
                }
                if n.board[a.to][a.tidx].burning {
                    n.board[a.to][a.tidx].burning = false;
                } else {
                    let q = n.board[a.to].remove(a.tidx);
                    let df = file_of(a.to) - file_of(a.from);
                    let dr = rank_of(a.to) - rank_of(a.from);
                    match offset(a.to, df, dr) {
                        Some(dest) => n.board[dest].push(q),
                        None => reset = true, // pushed off the board: captured
                    }
                }
            }
            ActKind::Rescue => {
                if !declared {
                    n.board[a.from][a.idx].ff = true;
                }
                let mut q = n.board[a.to].remove(a.tidx);
                q.burning = false;
                if q.white != us {
                    q.white = us;
                    q.ff = false;
                }
                n.board[a.from].push(q);
            }
            ActKind::Arson => {
                n.board[a.from][a.idx].burning = true;
                n.arson[side_index(us)] = false;
            }
        }
        n.halfmove = if reset { 0 } else { self.halfmove + 1 };
        if !us {
            n.fullmove += 1;
        }
        n.white_to_move = !us;
        for side in [true, false] {
            if had_ff[side_index(side)] && !n.has_ff(side) {
                n.lost[side_index(side)] = true;
            }
        }
        for i in 0..4 {
            if n.castling[i] && !n.castle_pieces_ok(&n.castle(i)) {
                n.castling[i] = false;
            }
        }
        for cell in &mut n.board {
            cell.sort_by_key(|p| p.sort_key());
        }
        n
    }

    /// A capture on `sq` removes a King or corner piece standing there: its rights go (even if a
    /// like piece lands there in the same move).
    fn lose_rights_on(&mut self, sq: usize) {
        for i in 0..4 {
            let spec = self.castle(i);
            if spec.ksq == sq || spec.csq == sq {
                self.castling[i] = false;
            }
        }
    }

    /// Legal actions (F8) after the duty filter (F7), with their positions.
    fn legal_raw(&self) -> Vec<(Action, RefPosition)> {
        let us = self.white_to_move;
        let legal: Vec<(Action, RefPosition)> = self
            .candidates()
            .into_iter()
            .map(|a| {
                let n = self.apply(&a);
                (a, n)
            })
            .filter(|(_, n)| !n.king_threatened(us))
            .collect();
        if !self.duty_applies() {
            return legal;
        }
        let duty: Vec<(Action, RefPosition)> =
            legal.iter().filter(|(a, n)| self.is_duty_move(a, n)).cloned().collect();
        if duty.is_empty() {
            legal
        } else {
            duty
        }
    }

    /// F7 (a)-(c).
    fn duty_applies(&self) -> bool {
        let us = self.white_to_move;
        let enemy_burning = self.pieces().any(|(_, p)| p.white != us && p.burning);
        let ff_ready = self.pieces().any(|(_, p)| p.white == us && p.ff && !p.burning);
        let none_attacked =
            self.pieces().filter(|(_, p)| p.white == us).all(|(s, _)| !self.attacked_by(s, !us));
        enemy_burning && ff_ready && none_attacked
    }

    fn is_duty_move(&self, a: &Action, after: &RefPosition) -> bool {
        let us = self.white_to_move;
        let mover = self.board[a.from][a.idx];
        if !mover.ff {
            return false;
        }
        match a.kind {
            ActKind::Squirt | ActKind::Rescue => {
                let target = self.board[a.to][a.tidx];
                target.white != us && target.burning
            }
            ActKind::Ordinary { castle: None, .. } => {
                // READING: closer to at least one enemy burning piece, measured to where that
                // piece stood before the move (so capturing it counts as closer).
                let closer = self
                    .pieces()
                    .filter(|(_, p)| p.white != us && p.burning)
                    .any(|(b, _)| chebyshev(a.to, b) < chebyshev(a.from, b));
                closer && !after.attacked_by(a.to, !us)
            }
            _ => false,
        }
    }

    /// The token without the prefix letter.
    fn base_token(&self, a: &Action) -> String {
        let us = self.white_to_move;
        match a.kind {
            ActKind::Ordinary { promo, .. } => {
                let mut t = format!("{}{}", name(a.from), name(a.to));
                if let Some(k) = promo {
                    t.push(k.to_ascii_lowercase() as char);
                }
                t
            }
            ActKind::Squirt | ActKind::Rescue => {
                let sep = if a.kind == ActKind::Squirt { '~' } else { '^' };
                let mut t = format!("{}{}{}", name(a.from), sep, name(a.to));
                if self.board[a.to].len() >= 2 {
                    t.push_str(&self.board[a.to][a.tidx].entry());
                }
                t
            }
            ActKind::Arson => {
                let mut t = format!("@{}", name(a.from));
                if self.board[a.from].iter().filter(|p| p.white == us).count() >= 2 {
                    t.push_str(&self.board[a.from][a.idx].entry());
                }
                t
            }
        }
    }
}

/// Parses a run of entries such as `Nn!P~` (inside a group's parentheses).
fn parse_entries(text: &str) -> Result<Vec<RefPiece>, String> {
    let chars: Vec<char> = text.chars().collect();
    let mut out = Vec::new();
    let mut k = 0;
    while k < chars.len() {
        let c = chars[k];
        let kind = c.to_ascii_uppercase() as u8;
        if !c.is_ascii_alphabetic() || !ALL_KINDS.contains(&kind) {
            return Err(format!("invalid piece entry in {text}"));
        }
        let mut piece = RefPiece { white: c.is_ascii_uppercase(), kind, burning: false, ff: false };
        k += 1;
        if k < chars.len() && chars[k] == '!' {
            piece.burning = true;
            k += 1;
        }
        if k < chars.len() && chars[k] == '~' {
            piece.ff = true;
            k += 1;
        }
        out.push(piece);
    }
    Ok(out)
}

/// Reads a position text.
pub fn parse(fen: &str) -> Result<RefPosition, String> {
    RefPosition::parse(fen)
}

/// The start position for White's and Black's armies (`fide`, `clobberers`, `nutty`, `rookies`,
/// any case): White's array on rank 1, Black's on rank 8 (both from the a-file, A1), pawns on
/// ranks 2 and 7, all castling and arson rights. Panics on an unknown army name.
pub fn start(white: &str, black: &str) -> RefPosition {
    let w = army_index(white).unwrap_or_else(|| panic!("unknown army {white}"));
    let b = army_index(black).unwrap_or_else(|| panic!("unknown army {black}"));
    let back = |army: usize| -> String { ARMIES[army].back.iter().map(|&c| c as char).collect() };
    let fen = format!(
        "{}/pppppppp/8/8/8/8/PPPPPPPP/{} w KQkq - 0 1 Aa {}/{}",
        back(b).to_ascii_lowercase(),
        back(w),
        ARMIES[w].name,
        ARMIES[b].name
    );
    RefPosition::parse(&fen).unwrap_or_else(|e| panic!("{fen}: {e}"))
}

impl RefPosition {
    /// The armies' names: (White, Black).
    pub fn armies(&self) -> (&'static str, &'static str) {
        (ARMIES[self.armies[0]].name, ARMIES[self.armies[1]].name)
    }
}
