//! Chess with Different Armies (Betza; protocol-docs/variants.md A1-A4) for every 8x8 variant: the catalogue
//! of piece types, each described once by its Betza string, the attack tables built from those
//! strings at compile time, the armies' start arrays, promotion choices (A2) and castling (A3).
//!
//! `normal`, `fightingkings` and `thronekings` use only the FIDE entries; `cwda`, `firefighter`,
//! `tirebiter` and `nickdanger` let each side choose its army (A4).

use super::attacks::{bishop_attacks, rook_attacks};
use super::betza::{self, AttackTables};
use super::bitboard::{Bitboard, Square};
use super::position::{sq, Castling, Color, Role, CASTLINGS};
pub use crate::core::{Armies, Army};
use arrayvec::ArrayVec;

/// One kind of piece: how it is named and written, and how it moves.
#[derive(Clone, Copy, Debug)]
pub struct PieceType {
    pub role: Role,
    pub name: &'static str,
    /// The upper-case letter of the position text (protocol-docs/notation.md).
    pub letter: char,
    /// How it moves and captures, for White. The Pawn's entry is its capture only (its steps
    /// and two-step are the move generators' own); the King's castling is A3's.
    pub betza: &'static str,
}

const fn piece(role: Role, name: &'static str, letter: char, betza: &'static str) -> PieceType {
    PieceType { role, name, letter, betza }
}

/// Every piece type, indexed by [`Role`].
pub const PIECE_TYPES: [PieceType; Role::COUNT] = [
    piece(Role::Pawn, "Pawn", 'P', "fF"),
    piece(Role::Knight, "Knight", 'N', "N"),
    piece(Role::Bishop, "Bishop", 'B', "B"),
    piece(Role::Rook, "Rook", 'R', "R"),
    piece(Role::Queen, "Queen", 'Q', "Q"),
    piece(Role::King, "King", 'K', "K"),
    piece(Role::Commoner, "Fighting King", 'C', "K"),
    // The Colorbound Clobberers.
    piece(Role::Bede, "Bede", 'D', "BD"),
    piece(Role::Waffle, "Waffle", 'E', "WA"),
    piece(Role::Fad, "FAD", 'F', "FAD"),
    piece(Role::Cardinal, "Cardinal", 'A', "BN"),
    // The Nutty Knights.
    piece(Role::ChargingRook, "Charging Rook", 'T', "fsRbK"),
    piece(Role::Fibnif, "Fibnif", 'I', "ffbbNF"),
    piece(Role::ChargingKnight, "Charging Knight", 'U', "fhNsWbK"),
    piece(Role::Colonel, "Colonel", 'L', "fhNfsRK"),
    // The Remarkable Rookies.
    piece(Role::ShortRook, "Short Rook", 'S', "R4"),
    piece(Role::WoodyRook, "Woody Rook", 'W', "WD"),
    piece(Role::HalfDuck, "Half-Duck", 'H', "HFD"),
    piece(Role::Chancellor, "Chancellor", 'M', "RN"),
];

/// Attack tables by role and colour, built at compile time from the Betza strings.
static TABLES: [[AttackTables; 2]; Role::COUNT] = {
    let mut tables = [[AttackTables::build(&betza::parse("K"), false); 2]; Role::COUNT];
    let mut i = 0;
    while i < Role::COUNT {
        let moves = betza::parse(PIECE_TYPES[i].betza);
        // `attackers` relies on it: the squares a piece attacks a square from are the squares
        // the opposite colour's piece attacks from it.
        if !AttackTables::is_left_right_symmetric(&moves) {
            panic!("a piece that is not left-right symmetric");
        }
        tables[i] = [AttackTables::build(&moves, false), AttackTables::build(&moves, true)];
        i += 1;
    }
    tables
};

/// The squares a piece of `role` and `color` on `sq` attacks (moves or captures to), with
/// `occupied` blocking its slides.
#[inline]
pub fn attacks(role: Role, color: Color, sq: Square, occupied: Bitboard) -> Bitboard {
    let t = &TABLES[role as usize][color as usize];
    let i = sq.index();
    let mut out = t.leaps[i];
    if t.straight[i].nonempty() {
        out |= rook_attacks(sq, occupied) & t.straight[i];
    }
    if t.diagonal[i].nonempty() {
        out |= bishop_attacks(sq, occupied) & t.diagonal[i];
    }
    out
}

/// The squares from which a piece of `role` and `color` would attack `target`.
#[inline]
pub fn attackers(role: Role, color: Color, target: Square, occupied: Bitboard) -> Bitboard {
    attacks(role, !color, target, occupied)
}

/// The squares a piece of `role` and `color` on `sq` leaps to (never blocked).
#[inline]
pub fn leaps(role: Role, color: Color, sq: Square) -> Bitboard {
    TABLES[role as usize][color as usize].leaps[sq.index()]
}

/// Whether the piece has slides (it can pin, and its checks can be blocked).
pub fn slides(role: Role) -> bool {
    let t = &TABLES[role as usize][0];
    t.straight.iter().chain(t.diagonal.iter()).any(|b| b.nonempty())
}

/// How many squares the piece reaches from d4 on an empty board (a yardstick for mobility).
pub fn centre_reach(role: Role) -> u32 {
    let t = &TABLES[role as usize][0];
    const D4: usize = 27;
    (t.leaps[D4] | t.straight[D4] | t.diagonal[D4]).count() as u32
}

/// Whether every move of the piece keeps the colour of its square (the Bede, the FAD, the
/// Bishop): one such piece can never reach half the board.
pub fn colour_bound(role: Role) -> bool {
    COLOUR_BOUND[role as usize]
}

const COLOUR_BOUND: [bool; Role::COUNT] = {
    let mut bound = [true; Role::COUNT];
    let mut i = 0;
    while i < Role::COUNT {
        let moves = betza::parse(PIECE_TYPES[i].betza);
        let mut r = 0;
        while r < moves.len() {
            let ray = moves.ray(r);
            if (ray.df + ray.dr) % 2 != 0 {
                bound[i] = false;
            }
            r += 1;
        }
        i += 1;
    }
    bound
};

/// The distance of a move from `from` to `to` in Nick Danger's sense (T8, read for the armies in
/// protocol-docs/variants.md): 1 for a leap, the squares travelled for a slide.
pub fn steps(role: Role, color: Color, from: Square, to: Square) -> u8 {
    if role == Role::Pawn || !leaps(role, color, from).has(to) {
        from.file().abs_diff(to.file()).max(from.rank().abs_diff(to.rank()))
    } else {
        1
    }
}

/// The army's array on its first rank, a-file to h-file (A1).
pub const fn back_rank(army: Army) -> [Role; 8] {
    use Role::*;
    match army {
        Army::Fide => [Rook, Knight, Bishop, Queen, King, Bishop, Knight, Rook],
        Army::Clobberers => [Bede, Waffle, Fad, Cardinal, King, Fad, Waffle, Bede],
        Army::Nutty => {
            [ChargingRook, Fibnif, ChargingKnight, Colonel, King, ChargingKnight, Fibnif, ChargingRook]
        }
        Army::Rookies => [ShortRook, WoodyRook, HalfDuck, Chancellor, King, HalfDuck, WoodyRook, ShortRook],
    }
}

/// The army's four kinds of piece besides King and Pawn, strongest last.
pub const fn officers(army: Army) -> [Role; 4] {
    let r = back_rank(army);
    [r[0], r[1], r[2], r[3]]
}

/// The piece that castles with the King: the one in the corners (A3).
pub const fn corner(army: Army) -> Role {
    back_rank(army)[0]
}

/// The non-FIDE roles `armies` bring, one bit per role (the pieces whose moves come from the
/// Betza tables).
pub fn army_role_mask(armies: Armies) -> u32 {
    armies
        .iter()
        .flat_map(|&a| officers(a))
        .filter(|r| r.is_army_piece())
        .fold(0, |mask, r| mask | 1 << r as u32)
}

/// The army whose array holds `role`, if any (the King and Pawn belong to all).
pub fn army_of(role: Role) -> Option<Army> {
    Army::ALL.into_iter().find(|&a| officers(a).contains(&role))
}

/// The army's officers, strongest first (the order promotions are generated in).
const fn promotion_order(army: Army) -> [Role; 4] {
    use Role::*;
    match army {
        Army::Fide => [Queen, Rook, Bishop, Knight],
        Army::Clobberers => [Cardinal, Bede, Fad, Waffle],
        Army::Nutty => [Colonel, ChargingRook, ChargingKnight, Fibnif],
        Army::Rookies => [Chancellor, HalfDuck, ShortRook, WoodyRook],
    }
}

/// Promotion choices (A2): every non-King type in either army's array, White's army first,
/// strongest first (`q r b n` for the FIDE army).
pub type Promotions = ArrayVec<Role, 8>;

pub fn promotions(armies: Armies) -> Promotions {
    let mut out = Promotions::new();
    for army in armies {
        for role in promotion_order(army) {
            if !out.contains(&role) {
                out.push(role);
            }
        }
    }
    out
}

/// Whether `role` may stand on the board in a game between `armies`: a Pawn, a King, or a type
/// of either army (A1, A2).
pub fn in_game(role: Role, armies: Armies) -> bool {
    matches!(role, Role::Pawn | Role::King) || armies.iter().any(|&a| officers(a).contains(&role))
}

/// The start of a game between `armies` as the first six FEN fields: each army's array on its
/// first rank (Black's in the same a-to-h order, so the Kings face each other), pawns in front.
pub fn start_fen(armies: Armies) -> String {
    let rank = |army: Army, color: Color| -> String {
        back_rank(army)
            .iter()
            .map(|r| {
                let c = r.upper();
                if color == Color::White {
                    c
                } else {
                    c.to_ascii_lowercase()
                }
            })
            .collect()
    };
    format!(
        "{}/pppppppp/8/8/8/8/PPPPPPPP/{} w KQkq - 0 1",
        rank(armies[1], Color::Black),
        rank(armies[0], Color::White)
    )
}

/// Long castling with a Bede in the corner (A3): the King goes to b1 and the Bede to c1, so the
/// Bede stays on its colour.
pub const BEDE_LONG: [Castling; 2] = [
    Castling {
        color: Color::White,
        right: 2,
        king_from: sq(4, 0),
        king_to: sq(1, 0),
        rook_from: sq(0, 0),
        rook_to: sq(2, 0),
        letter: 'Q',
        passing: Bitboard(0x0C),
        empty: Bitboard(0x0E),
    },
    Castling {
        color: Color::Black,
        right: 8,
        king_from: sq(4, 7),
        king_to: sq(1, 7),
        rook_from: sq(0, 7),
        rook_to: sq(2, 7),
        letter: 'q',
        passing: Bitboard(0x0C << 56),
        empty: Bitboard(0x0E << 56),
    },
];

/// The castling `c` (one of [`CASTLINGS`]) as the side's army plays it (A3).
#[inline]
pub fn castling(c: &'static Castling, armies: Armies) -> &'static Castling {
    if c.rook_from.file() == 0 && corner(armies[c.color as usize]) == Role::Bede {
        &BEDE_LONG[c.color as usize]
    } else {
        c
    }
}

/// The four castlings as `armies` play them, in [`CASTLINGS`] order.
pub fn castlings(armies: Armies) -> impl Iterator<Item = &'static Castling> {
    CASTLINGS.iter().map(move |c| castling(c, armies))
}

#[cfg(test)]
mod tests {
    use super::super::attacks::{king_attacks, knight_attacks, pawn_attacks, queen_attacks};
    use super::*;

    fn square(name: &str) -> Square {
        name.parse().unwrap()
    }

    #[test]
    fn catalogue_is_indexed_by_role_with_distinct_letters() {
        for (i, t) in PIECE_TYPES.iter().enumerate() {
            assert_eq!(t.role as usize, i, "{}", t.name);
        }
        let mut letters: Vec<char> = PIECE_TYPES.iter().map(|t| t.letter).collect();
        letters.sort();
        letters.dedup();
        assert_eq!(letters.len(), Role::COUNT);
    }

    #[test]
    fn fide_entries_match_the_hand_written_tables() {
        let occ = square("d6").bb() | square("f4").bb() | square("b2").bb() | square("e5").bb();
        for sq in Square::all() {
            for color in [Color::White, Color::Black] {
                assert_eq!(attacks(Role::Knight, color, sq, occ), knight_attacks(sq));
                assert_eq!(attacks(Role::King, color, sq, occ), king_attacks(sq));
                assert_eq!(attacks(Role::Queen, color, sq, occ), queen_attacks(sq, occ));
                assert_eq!(attacks(Role::Pawn, color, sq, occ), pawn_attacks(color, sq));
            }
        }
    }

    #[test]
    fn attackers_reverse_attacks() {
        let occ = square("e6").bb() | square("c4").bb() | square("g2").bb();
        for t in PIECE_TYPES {
            for color in [Color::White, Color::Black] {
                for target in Square::all() {
                    let from_scan: Bitboard = Square::all()
                        .filter(|&s| attacks(t.role, color, s, occ).has(target))
                        .fold(Bitboard::EMPTY, |b, s| b | s.bb());
                    assert_eq!(attackers(t.role, color, target, occ), from_scan, "{} {target}", t.name);
                }
            }
        }
    }

    #[test]
    fn promotion_choices_and_castling() {
        assert_eq!(
            promotions([Army::Fide, Army::Fide]).as_slice(),
            [Role::Queen, Role::Rook, Role::Bishop, Role::Knight]
        );
        assert_eq!(promotions([Army::Clobberers, Army::Nutty]).len(), 8);
        assert!(!promotions([Army::Nutty, Army::Nutty]).contains(&Role::King));
        let long = &CASTLINGS[1];
        assert_eq!(castling(long, [Army::Clobberers, Army::Fide]).king_to, square("b1"));
        assert_eq!(castling(long, [Army::Fide, Army::Clobberers]).king_to, square("c1"));
        assert_eq!(castling(&CASTLINGS[3], [Army::Fide, Army::Clobberers]).king_to, square("b8"));
        assert_eq!(castling(&CASTLINGS[0], [Army::Clobberers, Army::Fide]).king_to, square("g1"));
        assert!(!slides(Role::WoodyRook) && slides(Role::ShortRook) && slides(Role::Bede));
    }

    #[test]
    fn nick_danger_distance() {
        let (e4, e6, h7) = (square("e4"), square("e6"), square("h7"));
        assert_eq!(steps(Role::WoodyRook, Color::White, e4, e6), 1);
        assert_eq!(steps(Role::ShortRook, Color::White, e4, e6), 2);
        assert_eq!(steps(Role::Bede, Color::White, e4, h7), 3);
        assert_eq!(steps(Role::Bede, Color::White, e4, e6), 1);
    }
}
