//! The variants, one module per rule family, and the registry that maps names to them.
//!
//! The variant is chosen once, at the root: [`Variant::dispatch`] calls a generic function
//! monomorphised for the concrete [`Game`] type, so nothing below it pays for dynamic dispatch.

pub mod chess;
pub mod fimbriation;
pub mod firefighter;
pub mod tirebiter;
pub mod wires;

use crate::core::{Armies, Army, Game};
use std::fmt;

/// A variant jester knows by name.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Variant {
    Normal,
    FightingKings,
    ThroneKings,
    FireFighter,
    Tirebiter,
    NickDanger,
    NotAChessVariant,
    Fimbriation,
    Cwda,
}

/// What the registry says about one variant.
#[derive(Clone, Copy, Debug)]
pub struct VariantInfo {
    pub variant: Variant,
    /// The canonical name (protocol-docs/notation.md).
    pub name: &'static str,
    /// Other names accepted as input.
    pub aliases: &'static [&'static str],
    pub description: &'static str,
    /// How XBoard is told about a variant it does not know; `None` for its own variants.
    pub xboard: Option<XboardSetup>,
}

/// The CECP `setup` and `piece` commands that describe an engine-defined variant to XBoard.
#[derive(Clone, Copy, Debug)]
pub struct XboardSetup {
    /// XBoard's piece-to-char table: letters in XBoard's piece order (P N B R Q, then F E A C W
    /// M ..., the King last), `.` for pieces not in the game; White's then Black's.
    pub piece_to_char: &'static str,
    /// Board size, holdings and parent variant: `8x8+0_fairy`.
    pub geometry: &'static str,
    /// `piece` commands' arguments (letter, `&` for both colours, Betza description).
    pub pieces: &'static [&'static str],
    /// The descriptions allow moves the rules forbid, so XBoard can see a legal move where the
    /// side to move has none: it would call a true mate or stalemate claim false.
    pub wider_than_rules: bool,
    /// The start position as an XBoard FEN, where the variant's own position text is not one.
    pub board_fen: Option<&'static str>,
    /// Variants with armies (A4): the piece-to-char table and `piece` lines for the armies
    /// chosen, in place of `piece_to_char` and `pieces`.
    pub for_armies: Option<DescribeArmies>,
}

/// The piece-to-char table and `piece` lines' arguments of a game with these armies.
pub type DescribeArmies = fn(Armies) -> (String, Vec<String>);

/// Fighting Kings' pieces for XBoard: the Fighting King (FEN `C`) is XBoard's commoner (the
/// `M` slot of the table).
const FIGHTING_KINGS_TABLE: &str = "PNBRQ.....CKpnbrq.....ck";

/// Every playable variant.
pub const VARIANTS: &[VariantInfo] = &[
    VariantInfo {
        variant: Variant::Normal,
        name: "normal",
        aliases: &["standard", "chess", "fide"],
        description: "FIDE chess, the reference game",
        xboard: None,
    },
    VariantInfo {
        variant: Variant::FightingKings,
        name: "fightingkings",
        aliases: &["fighting-kings"],
        description: "Gifford: a Royal Pawn to protect, Fighting Kings that fear no check",
        // The Royal Pawn: forward step, forward capture or en passant, and a two-step. XBoard's
        // `i` (never moved) cannot say "from its second rank" (K3), so the two-step is offered
        // everywhere: a superset, so XBoard never refuses a legal move (protocol-docs/xboard.md).
        xboard: Some(XboardSetup {
            piece_to_char: FIGHTING_KINGS_TABLE,
            geometry: "8x8+0_fairy",
            pieces: &["C& K", "K& fmWfceFfmnD"],
            wider_than_rules: true,
            board_fen: None,
            for_armies: None,
        }),
    },
    VariantInfo {
        variant: Variant::ThroneKings,
        name: "thronekings",
        aliases: &["throne-kings", "fightingthronekings"],
        description: "Gifford: Fighting Kings and Throne Kings, a FIDE King behind a Fighting King",
        xboard: Some(XboardSetup {
            piece_to_char: FIGHTING_KINGS_TABLE,
            geometry: "8x8+0_fairy",
            pieces: &["C& K"],
            wider_than_rules: false,
            board_fen: None,
            for_armies: None,
        }),
    },
    VariantInfo {
        variant: Variant::FireFighter,
        name: "firefighter",
        aliases: &["fire-fighter"],
        description: "Betza: crowded squares, a hidden Firefighter who squirts, extinguishes and rescues",
        // Crowds, fire and squirts cannot be drawn or described to XBoard: engine-vs-engine over
        // CECP works; a GUI board needs jester's own pictures (protocol-docs/xboard.md).
        xboard: None,
    },
    VariantInfo {
        variant: Variant::Tirebiter,
        name: "tirebiter",
        aliases: &["tire-biter"],
        description: "Betza: a capture takes everything it can, and the piece stands on every square it took",
        xboard: None,
    },
    VariantInfo {
        variant: Variant::NickDanger,
        name: "nickdanger",
        aliases: &["nick-danger"],
        description:
            "Betza: Tirebiter Chess, where even quiet moves split a piece over every square at its distance",
        xboard: None,
    },
    VariantInfo {
        variant: Variant::NotAChessVariant,
        name: "notachessvariant",
        aliases: &["not-a-chess-variant", "nacv", "wires"],
        description: "Muñiz: 41 squares, wires on the edges; every piece but the King crosses exactly one",
        // XBoard can draw the pieces on the 7x7 board with holes, but not the wires, and cannot
        // read a turn of a move and a wire (protocol-docs/xboard.md).
        xboard: Some(XboardSetup {
            piece_to_char: NACV_TABLE,
            geometry: "7x7+0_fairy",
            pieces: &[],
            wider_than_rules: true,
            // The wires field has no place in a FEN: XBoard gets an empty castling field instead.
            board_fen: Some("**akca*/redder*/7/7/7/*REDDER/*ACKA** w - - 0 1"),
            for_armies: None,
        }),
    },
    VariantInfo {
        variant: Variant::Fimbriation,
        name: "fimbriation",
        aliases: &["fimbriation-chess"],
        description:
            "Gilman: four seats on a 144-square cross; a checkmated army joins the seat that mated it",
        // XBoard has no four-seat games: engines play it over CECP, but XBoard cannot show it
        // (protocol-docs/xboard.md).
        xboard: None,
    },
    VariantInfo {
        variant: Variant::Cwda,
        name: "cwda",
        aliases: &["chesswithdifferentarmies", "different-armies", "differentarmies"],
        description:
            "Betza: Chess with Different Armies, each side fields one of four armies of equal strength",
        xboard: Some(XboardSetup {
            piece_to_char: CWDA_TABLE,
            geometry: "8x8+0_fairy",
            pieces: &[],
            wider_than_rules: false,
            board_fen: None,
            for_armies: Some(cwda_xboard),
        }),
    },
];

/// Every army's pieces in XBoard's piece slots, chosen for pictures that fit: the Waffle in the
/// Alfil's, the Cardinal in the Archbishop's, the Chancellor in the Chancellor's, the Fibnif in
/// the Nightrider's, the Charging Knight in the Unicorn's. Letters are jester's
/// (protocol-docs/notation.md). This is the FIDE v FIDE table; [`cwda_xboard`] adapts it to
/// the armies of a game.
const CWDA_TABLE: &str = "PNBRQFEAMW..IDTHL.S.UKpnbrqfeamw..idthl.s.uk";

/// XBoard's description of a Chess with Different Armies game: the piece-to-char table and the
/// `piece` lines' arguments.
///
/// XBoard 4.9 keeps a side's castling rights only where its corner holds the piece in the Rook's
/// slot, and would otherwise tell the other engine (`setboard`) that nobody may castle. So each
/// side's corner piece takes its colour's Rook slot, trading places with the FIDE Rook (which
/// only a promotion can then bring on, A2); a Bede is drawn as a Rook. Tables and moves are
/// therefore per colour: a `piece` line with `&` would give Black's piece in the same slot
/// White's moves.
pub fn cwda_xboard(armies: Armies) -> (String, Vec<String>) {
    use chess::armies::{corner, PIECE_TYPES};
    use chess::Role;
    let half = CWDA_TABLE.len() / 2;
    let mut table = String::new();
    let mut pieces = Vec::new();
    for (side, army) in armies.into_iter().enumerate() {
        let corner = PIECE_TYPES[corner(army) as usize].letter;
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

/// A piece's moves in XBoard's Betza dialect: the catalogue's own (`chess::armies`), but where
/// XBoard reads it otherwise. XBoard takes a lone direction on a King atom narrowly (`bK` is one
/// step straight back, not three) and does not read `ffbbN`, so those pieces are spelt as
/// Fairy-Max's fmax.ini spells them. A test checks that jester's own reader finds the same
/// moves in both spellings.
pub fn xboard_betza(role: chess::Role) -> &'static str {
    use chess::Role;
    match role {
        Role::ChargingRook => "fsRbWbF",
        Role::Fibnif => "vNF",
        Role::ChargingKnight => "fhNbsWbF",
        Role::Colonel => "fsRbWfhNF",
        _ => chess::armies::PIECE_TYPES[role as usize].betza,
    }
}

/// Not A Chess Variant's pieces for XBoard's piece slots: the Rook as R, the Android in the
/// Archbishop's slot (A), the Caretaker in the Chancellor's (C), the WireRider in the
/// Elephant's (E), the Short Windrider in the Dragon's (D), the King last.
const NACV_TABLE: &str = "...R..EAC.......D....K...r..eac.......d....k";

/// Canonical names of variants the project will play but that are not built yet (protocol-docs/notation.md).
pub const PLANNED: &[&str] = &[];

/// A variant name that names no playable variant.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct UnknownVariant {
    pub token: String,
    /// The name is one of the planned variants.
    pub planned: bool,
}

impl fmt::Display for UnknownVariant {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        if self.planned {
            write!(f, "variant '{}' is not implemented yet", self.token)
        } else {
            write!(f, "unknown variant '{}' (try 'jester variants')", self.token)
        }
    }
}

impl std::error::Error for UnknownVariant {}

/// Code that runs on one concrete variant type, chosen at the root.
pub trait VariantVisitor {
    type Output;
    fn visit<G: Game>(self) -> Self::Output;
}

impl Variant {
    /// Looks up a canonical name or alias (case-insensitive).
    pub fn from_name(name: &str) -> Result<Variant, UnknownVariant> {
        let lower = name.to_ascii_lowercase();
        VARIANTS
            .iter()
            .find(|v| v.name == lower || v.aliases.contains(&lower.as_str()))
            .map(|v| v.variant)
            .ok_or_else(|| UnknownVariant {
                token: name.to_string(),
                planned: PLANNED.contains(&lower.as_str()),
            })
    }

    pub fn info(self) -> &'static VariantInfo {
        VARIANTS.iter().find(|v| v.variant == self).expect("every variant is registered")
    }

    pub fn name(self) -> &'static str {
        self.info().name
    }

    /// Runs `visitor` on this variant's concrete [`Game`] type.
    pub fn dispatch<V: VariantVisitor>(self, visitor: V) -> V::Output {
        match self {
            Variant::Normal => visitor.visit::<chess::Chess>(),
            Variant::FightingKings => visitor.visit::<chess::Position<chess::FightingKings>>(),
            Variant::ThroneKings => visitor.visit::<chess::Position<chess::ThroneKings>>(),
            Variant::FireFighter => visitor.visit::<firefighter::FireFighter>(),
            Variant::Tirebiter => visitor.visit::<tirebiter::TirebiterPosition<tirebiter::Tirebiter>>(),
            Variant::NickDanger => visitor.visit::<tirebiter::TirebiterPosition<tirebiter::NickDanger>>(),
            Variant::NotAChessVariant => visitor.visit::<wires::WirePosition>(),
            Variant::Fimbriation => visitor.visit::<fimbriation::Fimbriation>(),
            Variant::Cwda => visitor.visit::<chess::CwdaPosition>(),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use chess::betza::{parse, AttackTables};
    use chess::Role;

    #[test]
    fn xboard_spellings_describe_the_catalogue_moves() {
        for role in Role::ALL.into_iter().filter(|r| r.is_army_piece() || *r == Role::Rook) {
            let ours = parse(chess::armies::PIECE_TYPES[role as usize].betza);
            let theirs = parse(xboard_betza(role));
            for black in [false, true] {
                let (a, b) = (AttackTables::build(&ours, black), AttackTables::build(&theirs, black));
                assert!(
                    a.leaps == b.leaps && a.straight == b.straight && a.diagonal == b.diagonal,
                    "{role:?}: '{}' is not '{}'",
                    xboard_betza(role),
                    chess::armies::PIECE_TYPES[role as usize].betza
                );
            }
        }
    }

    #[test]
    fn each_corner_piece_takes_its_sides_rook_slot_for_xboard() {
        let (table, pieces) = cwda_xboard([Army::Clobberers, Army::Nutty]);
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
        assert_eq!(cwda_xboard([Army::Fide; 2]).0, CWDA_TABLE);
    }
}
