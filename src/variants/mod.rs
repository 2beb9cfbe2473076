//! The variants, one module per rule family, and the registry that maps names to them.
//!
//! Each variant module owns its descriptor, a [`VariantInfo`] (names, summary, XBoard setup,
//! bench positions); [`VARIANTS`] lists them. A variant is mapped to its concrete type in one
//! place, `with_game_type!`. So a new variant is a [`Variant`] value, its descriptor in
//! [`VARIANTS`] and its arm in `with_game_type!`.
//!
//! The variant is chosen once, at the root: [`Variant::dispatch`] calls a generic function
//! monomorphised for the concrete [`Game`] type, so nothing below it pays for dynamic dispatch.

pub mod chess;
pub mod fields;
pub mod fimbriation;
pub mod firefighter;
pub mod tirebiter;
pub mod wires;

use crate::core::{Armies, Game};
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
    NotAChessWeak,
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
    /// What XBoard can do with the variant (protocol-docs/xboard.md).
    pub xboard: XboardSupport,
    /// Position texts `jester bench` searches, in order.
    pub bench: &'static [&'static str],
}

/// What XBoard 4.9 can do with a variant (protocol-docs/xboard.md says how each is used).
#[derive(Clone, Copy, Debug)]
pub enum XboardSupport {
    /// One of XBoard's own variants (`normal`): nothing to describe.
    Native,
    /// An engine-defined variant XBoard carries: board, pieces and moves told by `setup` and
    /// `piece`, so that it can test legality and referee.
    Described(XboardSetup),
    /// XBoard cannot show the game. Talking to XBoard (a client that did not accept jester's own
    /// notation, `feature jester_notation=1`), jester shows the start as far as XBoard can draw
    /// it, says once why it cannot play, and takes no part in the game.
    Refused(XboardRefusal),
}

impl XboardSupport {
    /// The description of a variant XBoard carries.
    pub fn described(self) -> Option<XboardSetup> {
        match self {
            XboardSupport::Described(setup) => Some(setup),
            _ => None,
        }
    }
}

/// Why XBoard cannot show a variant, and what it is shown instead.
#[derive(Clone, Copy, Debug)]
pub struct XboardRefusal {
    /// What XBoard cannot show, completing "XBoard cannot show <variant> (...)".
    pub cannot_show: &'static str,
    /// The `setup` that keeps XBoard from falling back to standard chess: the start, as far as
    /// XBoard can draw it, for the armies chosen.
    pub board: fn(Armies) -> XboardBoard,
}

/// A `setup` command's arguments: piece-to-char table, geometry and FEN.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct XboardBoard {
    pub piece_to_char: String,
    pub geometry: &'static str,
    pub fen: String,
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
    /// Variants with armies (A4): the piece-to-char table and `piece` lines for the armies
    /// chosen, in place of `piece_to_char` and `pieces`.
    pub for_armies: Option<DescribeArmies>,
}

/// The piece-to-char table and `piece` lines' arguments of a game with these armies, for an
/// XBoard that reads castling rights as `castling` says.
pub type DescribeArmies = fn(Armies, XboardCastling) -> (String, Vec<String>);

/// How the XBoard at the other end reads and writes castling rights in its position texts, which
/// decides where a corner piece that is not a Rook can sit in the piece-to-char table
/// (protocol-docs/xboard.md, "Chess with Different Armies").
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub enum XboardCastling {
    /// `KQkq`, XBoard's default: XBoard 4.9 keeps a right only where the corner holds the piece
    /// in the Rook's slot, so every corner piece must take that slot (and share its picture).
    #[default]
    RookSlot,
    /// File letters (`HAha`), as XBoard reads and writes them when started with
    /// `-fischerCastling`: any piece may hold a castling corner, so each keeps its own slot.
    Files,
}

/// Every playable variant, in the order `jester variants` lists them and `jester bench` runs them.
pub const VARIANTS: &[VariantInfo] = &[
    chess::NORMAL_INFO,
    chess::FIGHTING_KINGS_INFO,
    chess::THRONE_KINGS_INFO,
    firefighter::FIREFIGHTER_INFO,
    tirebiter::TIREBITER_INFO,
    tirebiter::NICK_DANGER_INFO,
    wires::NACV_INFO,
    fimbriation::FIMBRIATION_INFO,
    chess::CWDA_INFO,
    wires::NACV_WEAK_INFO,
];

/// A variant name that names no playable variant.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct UnknownVariant {
    pub token: String,
}

impl fmt::Display for UnknownVariant {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "unknown variant '{}' (try 'jester variants')", self.token)
    }
}

impl std::error::Error for UnknownVariant {}

/// Code that runs on one concrete variant type, chosen at the root.
pub trait VariantVisitor {
    type Output;
    fn visit<G: Game>(self) -> Self::Output;
}

/// The one place a [`Variant`] is mapped to its concrete type: evaluates `$body` with the type
/// alias `$G` naming that type. [`Variant::dispatch`] and the evaluation layer's dispatch (which
/// this layer cannot name) both use it.
macro_rules! with_game_type {
    ($variant:expr, $G:ident => $body:expr) => {{
        use $crate::variants::Variant;
        match $variant {
            Variant::Normal => {
                type $G = $crate::variants::chess::Chess;
                $body
            }
            Variant::FightingKings => {
                type $G = $crate::variants::chess::Position<$crate::variants::chess::FightingKings>;
                $body
            }
            Variant::ThroneKings => {
                type $G = $crate::variants::chess::Position<$crate::variants::chess::ThroneKings>;
                $body
            }
            Variant::FireFighter => {
                type $G = $crate::variants::firefighter::FireFighter;
                $body
            }
            Variant::Tirebiter => {
                type $G =
                    $crate::variants::tirebiter::TirebiterPosition<$crate::variants::tirebiter::Tirebiter>;
                $body
            }
            Variant::NickDanger => {
                type $G =
                    $crate::variants::tirebiter::TirebiterPosition<$crate::variants::tirebiter::NickDanger>;
                $body
            }
            Variant::NotAChessVariant => {
                type $G = $crate::variants::wires::WirePosition;
                $body
            }
            Variant::NotAChessWeak => {
                type $G = $crate::variants::wires::WeakWirePosition;
                $body
            }
            Variant::Fimbriation => {
                type $G = $crate::variants::fimbriation::Fimbriation;
                $body
            }
            Variant::Cwda => {
                type $G = $crate::variants::chess::CwdaPosition;
                $body
            }
        }
    }};
}
pub(crate) use with_game_type;

impl Variant {
    /// Looks up a canonical name or alias (case-insensitive).
    pub fn from_name(name: &str) -> Result<Variant, UnknownVariant> {
        let lower = name.to_ascii_lowercase();
        VARIANTS
            .iter()
            .find(|v| v.name == lower || v.aliases.contains(&lower.as_str()))
            .map(|v| v.variant)
            .ok_or_else(|| UnknownVariant { token: name.to_string() })
    }

    pub fn info(self) -> &'static VariantInfo {
        VARIANTS.iter().find(|v| v.variant == self).expect("every variant is registered")
    }

    pub fn name(self) -> &'static str {
        self.info().name
    }

    /// Runs `visitor` on this variant's concrete [`Game`] type.
    pub fn dispatch<V: VariantVisitor>(self, visitor: V) -> V::Output {
        with_game_type!(self, G => visitor.visit::<G>())
    }
}
