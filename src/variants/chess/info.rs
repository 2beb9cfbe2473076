//! The registry entries of the 8x8 chess family (`normal`, `fightingkings`, `thronekings`,
//! `cwda`): names, descriptions, how XBoard is told about them, and their bench positions.

use super::armies::{corner, start_fen, PIECE_TYPES};
use super::Role;
use crate::core::{Armies, Army};
use crate::variants::{Variant, VariantInfo, XboardBoard, XboardCastling, XboardSetup, XboardSupport};

pub const NORMAL_INFO: VariantInfo = VariantInfo {
    variant: Variant::Normal,
    name: "normal",
    aliases: &["standard", "chess", "fide"],
    description: "FIDE chess, the reference game",
    xboard: XboardSupport::Native,
    bench: &[
        "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1",
        "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1",
        "8/2p5/3p4/KP5r/1R3p1k/8/4P1P1/8 w - - 0 1",
        "r3k2r/Pppp1ppp/1b3nbN/nP6/BBP1P3/q4N2/Pp1P2PP/R2Q1RK1 w kq - 0 1",
        "rnbq1k1r/pp1Pbppp/2p5/8/2B5/8/PPP1NnPP/RNBQK2R w KQ - 1 8",
        "r4rk1/1pp1qppp/p1np1n2/2b1p1B1/2B1P1b1/P1NP1N2/1PP1QPPP/R4RK1 w - - 0 10",
        "r1bq1rk1/pp2bppp/2n1pn2/3p4/2PP4/2N1PN2/PP1B1PPP/R2QKB1R w KQ - 0 8",
        "2r2rk1/pp1bqpp1/2nppn1p/8/2PNP3/2N1B3/PP2BPPP/2RQ1RK1 w - - 0 13",
        "r2q1rk1/1b2bppp/p2p1n2/1pn1p3/4P3/1BN2N1P/PPP2PP1/R1BQR1K1 w - - 0 12",
        "8/8/4k3/3p4/3P4/4K3/8/8 w - - 0 1",
        "6k1/5pp1/7p/8/8/1r6/5PPP/3R2K1 w - - 0 30",
        "4r1k1/pp3ppp/2p5/8/2P1n3/1P2B3/P4PPP/3R2K1 b - - 0 24",
    ],
};

/// Fighting Kings' pieces for XBoard: the Fighting King (FEN `C`) is XBoard's commoner (the
/// `M` slot of the table).
const FIGHTING_KINGS_TABLE: &str = "PNBRQ.....CKpnbrq.....ck";

pub const FIGHTING_KINGS_INFO: VariantInfo = VariantInfo {
    variant: Variant::FightingKings,
    name: "fightingkings",
    aliases: &["fighting-kings"],
    description: "Gifford: a Royal Pawn to protect, Fighting Kings that fear no check",
    // The Royal Pawn: forward step, forward capture or en passant, and a two-step. XBoard's
    // `i` (never moved) cannot say "from its second rank" (K3), so the two-step is offered
    // everywhere: a superset, so XBoard never refuses a legal move (protocol-docs/xboard.md).
    xboard: XboardSupport::Described(XboardSetup {
        piece_to_char: FIGHTING_KINGS_TABLE,
        geometry: "8x8+0_fairy",
        pieces: &["C& K", "K& fmWfceFfmnD"],
        wider_than_rules: true,
        for_armies: None,
    }),
    bench: &[
        "rnbqkbnr/ppppcppp/4p3/8/8/4P3/PPPPCPPP/RNBQKBNR w KQkq - 0 1",
        "r1bqkb1r/pppp1ppp/2n1pn2/4c3/3PC3/2N1PN2/PPP2PPP/R1BQKB1R w KQkq - 4 5",
        "r2qk2r/ppp2ppp/2n1bn2/3pc3/3PC3/2NBPN2/PPP2PPP/R2QK2R b KQkq - 3 8",
        "4k3/3c4/8/8/8/8/3C4/4K3 w - - 0 1",
    ],
};

pub const THRONE_KINGS_INFO: VariantInfo = VariantInfo {
    variant: Variant::ThroneKings,
    name: "thronekings",
    aliases: &["throne-kings", "fightingthronekings"],
    description: "Gifford: Fighting Kings and Throne Kings, a FIDE King behind a Fighting King",
    xboard: XboardSupport::Described(XboardSetup {
        piece_to_char: FIGHTING_KINGS_TABLE,
        geometry: "8x8+0_fairy",
        pieces: &["C& K"],
        wider_than_rules: false,
        for_armies: None,
    }),
    bench: &[
        "rnbqkbnr/ppppcppp/4p3/8/8/4P3/PPPPCPPP/RNBQKBNR w KQkq - 0 1",
        "r1bqkb1r/pppp1ppp/2n1pn2/4c3/3PC3/2N1PN2/PPP2PPP/R1BQKB1R w KQkq - 4 5",
        "r2q1rk1/ppp2ppp/2n1bn2/3pc3/3PC3/2NBPN2/PPP2PPP/R2Q1RK1 w - - 5 9",
        "6k1/5c2/8/8/8/8/2C5/6K1 w - - 0 1",
    ],
};

pub const CWDA_INFO: VariantInfo = VariantInfo {
    variant: Variant::Cwda,
    name: "cwda",
    aliases: &["chesswithdifferentarmies", "different-armies", "differentarmies"],
    description: "Betza: Chess with Different Armies, each side fields one of four armies of equal strength",
    xboard: XboardSupport::Described(XboardSetup {
        piece_to_char: CWDA_TABLE,
        geometry: "8x8+0_fairy",
        pieces: &[],
        wider_than_rules: false,
        for_armies: Some(cwda_xboard),
    }),
    bench: &[
        "tiulkuit/pppppppp/8/8/8/8/PPPPPPPP/DEFAKFED w KQkq - 0 1 clobberers/nutty",
        "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/SWHMKHWS w KQkq - 0 1 rookies/fide",
        "swhmkhws/pppppppp/8/8/8/8/PPPPPPPP/TIULKUIT w KQkq - 0 1 nutty/rookies",
    ],
};

/// Every army's pieces in XBoard's piece slots, chosen for pictures that fit: the Waffle in the
/// Alfil's, the Cardinal in the Archbishop's, the Chancellor in the Chancellor's, the Fibnif in
/// the Nightrider's, the Charging Knight in the Unicorn's. Letters are jester's
/// (protocol-docs/notation.md). This is the FIDE v FIDE table; [`cwda_xboard`] adapts it to
/// the armies of a game.
const CWDA_TABLE: &str = "PNBRQFEAMW..IDTHL.S.UKpnbrqfeamw..idthl.s.uk";

/// XBoard's description of a Chess with Different Armies game: the piece-to-char table and the
/// `piece` lines' arguments.
///
/// With `KQkq` castling ([`XboardCastling::RookSlot`]) XBoard 4.9 keeps a side's castling rights
/// only where its corner holds the piece in the Rook's slot, and would otherwise tell the other
/// engine (`setboard`) that nobody may castle. So each side's corner piece takes its colour's
/// Rook slot, trading places with the FIDE Rook (which only a promotion can then bring on, A2); a
/// Bede is drawn as a Rook. With file letters ([`XboardCastling::Files`], XBoard's
/// `-fischerCastling`) any piece may hold the corner and every piece keeps its own slot and
/// picture. Tables and moves are per colour: a `piece` line with `&` would give Black's piece
/// in the same slot White's moves.
pub fn cwda_xboard(armies: Armies, castling: XboardCastling) -> (String, Vec<String>) {
    let half = CWDA_TABLE.len() / 2;
    let mut table = String::new();
    let mut pieces = Vec::new();
    for (side, army) in armies.into_iter().enumerate() {
        let corner = match castling {
            XboardCastling::RookSlot => PIECE_TYPES[corner(army) as usize].letter,
            XboardCastling::Files => 'R',
        };
        let swapped = CWDA_TABLE[..half].chars().map(|c| match c {
            'R' => corner,
            c if c == corner => 'R',
            c => c,
        });
        let case = |c: char| if side == 0 { c } else { c.to_ascii_lowercase() };
        table.extend(swapped.map(case));
        for t in PIECE_TYPES.iter().filter(|t| t.role.is_army_piece() || t.role == Role::Rook) {
            pieces.push(format!("{} {}", case(t.letter), xboard_betza(t.role)));
        }
        // The King: FIDE castling both ways, or the Bede's long castling of three squares (A3).
        // XBoard reads `l` and `r` as the piece's own left and right: Black's long side is its right.
        let king = match (army, side) {
            (Army::Clobberers, 0) => "KirO2lO3",
            (Army::Clobberers, _) => "KilO2rO3",
            _ => "KisO2",
        };
        pieces.push(format!("{} {king}", case('K')));
    }
    (table, pieces)
}

/// The start of an 8x8 variant XBoard cannot show (`firefighter`, `tirebiter`, `nickdanger`), for
/// the `setup` that keeps XBoard on the right board: the armies' arrays in the slots of
/// [`cwda_xboard`].
pub fn eight_by_eight_board(armies: Armies) -> XboardBoard {
    XboardBoard {
        piece_to_char: cwda_xboard(armies, XboardCastling::RookSlot).0,
        geometry: "8x8+0_fairy",
        fen: start_fen(armies),
    }
}

/// A piece's moves in XBoard's Betza dialect: the catalogue's own (`chess::armies`), but where
/// XBoard reads it otherwise. XBoard takes a lone direction on a King atom narrowly (`bK` is one
/// step straight back, not three) and does not read `ffbbN`, so those pieces are spelt as
/// Fairy-Max's fmax.ini spells them. A test checks that jester's own reader finds the same
/// moves in both spellings.
pub fn xboard_betza(role: Role) -> &'static str {
    match role {
        Role::ChargingRook => "fsRbWbF",
        Role::Fibnif => "vNF",
        Role::ChargingKnight => "fhNbsWbF",
        Role::Colonel => "fsRbWfhNF",
        _ => PIECE_TYPES[role as usize].betza,
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::variants::chess::armies::back_rank;
    use crate::variants::chess::betza::{parse, AttackTables};

    #[test]
    fn xboard_spellings_describe_the_catalogue_moves() {
        for role in Role::ALL.into_iter().filter(|r| r.is_army_piece() || *r == Role::Rook) {
            let ours = parse(PIECE_TYPES[role as usize].betza);
            let theirs = parse(xboard_betza(role));
            for black in [false, true] {
                let (a, b) = (AttackTables::build(&ours, black), AttackTables::build(&theirs, black));
                assert!(
                    a.leaps == b.leaps && a.straight == b.straight && a.diagonal == b.diagonal,
                    "{role:?}: '{}' is not '{}'",
                    xboard_betza(role),
                    PIECE_TYPES[role as usize].betza
                );
            }
        }
    }

    #[test]
    fn each_corner_piece_takes_its_sides_rook_slot_for_xboard() {
        let (table, pieces) = cwda_xboard([Army::Clobberers, Army::Nutty], XboardCastling::RookSlot);
        let slot = |c: char| table.find(c);
        // XBoard's order puts the Rook fourth in each colour's half.
        assert_eq!(slot('D'), Some(3));
        assert_eq!(slot('t'), Some(CWDA_TABLE.len() / 2 + 3));
        // Every piece keeps exactly one slot.
        for c in CWDA_TABLE.chars().filter(|&c| c != '.') {
            assert_eq!(table.matches(c).count(), 1, "{c} in {table}");
        }
        assert!(pieces.contains(&"K KirO2lO3".to_string()) && pieces.contains(&"k KisO2".to_string()));
        assert!(pieces.contains(&"t fsRbWbF".to_string()), "{pieces:?}");
        assert_eq!(cwda_xboard([Army::Fide; 2], XboardCastling::RookSlot).0, CWDA_TABLE);
    }

    /// With castling rights as file letters (XBoard's `-fischerCastling`) no piece needs the
    /// Rook's slot: every piece of both armies keeps its own slot, so no two kinds share a
    /// picture, whatever the armies.
    #[test]
    fn with_file_castling_every_kind_keeps_its_own_picture() {
        let half = CWDA_TABLE.len() / 2;
        for white in Army::ALL {
            for black in Army::ALL {
                let (table, pieces) = cwda_xboard([white, black], XboardCastling::Files);
                assert_eq!(table, CWDA_TABLE, "{white} v {black}");
                // Each kind on the board sits in a slot of its own: a letter's slot (counted
                // within its colour's half) names the picture, and the two armies' kinds differ.
                let slot_of = |letter: char| {
                    let at = table.find(letter).expect("every piece has a slot");
                    at % half
                };
                let mut kinds: Vec<(Role, usize)> = Vec::new();
                for (side, army) in [white, black].into_iter().enumerate() {
                    for role in back_rank(army).into_iter().chain([Role::Pawn]) {
                        let letter = PIECE_TYPES[role as usize].letter;
                        let letter = if side == 0 { letter } else { letter.to_ascii_lowercase() };
                        kinds.push((role, slot_of(letter)));
                    }
                }
                for (i, a) in kinds.iter().enumerate() {
                    for b in &kinds[i + 1..] {
                        assert!(
                            a.0 == b.0 || a.1 != b.1,
                            "{white} v {black}: {:?} and {:?} share a picture",
                            a.0,
                            b.0
                        );
                    }
                }
                assert!(
                    pieces.iter().any(|p| p.starts_with("K ")) && pieces.iter().any(|p| p.starts_with("k "))
                );
            }
        }
    }
}
