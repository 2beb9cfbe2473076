//! Piece figures for the browser board, drawn for jester: simple outlines that read at a
//! glance at any size, in a 100x100 box scaled onto the square (or a crowd's share of it).
//!
//! The FIDE pieces have their usual silhouettes; the Fighting King is a King with a sword; an
//! army piece (notation.md: Clobberers, Nutty Knights, Rookies) stands on the silhouette of the
//! FIDE piece nearest to its moves, with its own letter in a badge, so no two kinds look alike;
//! Not A Chess Variant's Android, Caretaker, WireRider and Short Windrider have figures of
//! their own. Colours come from the seat: white, black, or Fimbriation's red, blue, yellow and
//! green.

use super::{Label, PieceSet};
use std::fmt::Write;

/// The plinth every figure stands on.
const PLINTH: &str = "M18 80 h64 a4 4 0 0 1 4 4 v4 h-72 v-4 a4 4 0 0 1 4 -4 z";
const PAWN: &str = "M34 80 C34 64 40 56 46 50 A15 15 0 1 1 54 50 C60 56 66 64 66 80 Z";
const ROOK: &str = "M24 40 V16 H36 V24 H44 V16 H56 V24 H64 V16 H76 V40 L70 44 V74 L76 80 H24 L30 74 V44 Z";
const BISHOP: &str =
    "M50 10 C62 22 70 36 64 54 L62 62 H38 L36 54 C30 36 38 22 50 10 Z M38 62 H62 L68 80 H32 Z";
const KNIGHT: &str = "M30 80 C30 66 38 58 46 50 L36 54 C28 58 18 52 20 44 C22 34 32 26 42 20 L44 8 L54 16 \
                      C72 20 82 44 78 80 Z";
const QUEEN: &str = "M28 80 L16 32 L34 52 L34 22 L46 48 L50 14 L54 48 L66 22 L66 52 L84 32 L72 80 Z";
const KING: &str = "M26 80 C14 62 18 42 32 42 C42 42 46 50 50 56 C54 50 58 42 68 42 C82 42 86 62 74 80 Z \
                    M46 8 h8 v8 h8 v8 h-8 v18 h-8 v-18 h-8 v-8 h8 z";
const ANDROID: &str = "M26 34 H74 V74 H26 Z M48 34 V20 H52 V34 Z";
const CARETAKER: &str = "M18 50 L50 18 L82 50 H74 V80 H26 V50 Z";
const WIRERIDER: &str = "M58 8 L26 52 H46 L38 92 L76 40 H56 L68 8 Z";
const WINDRIDER: &str = "M50 10 L82 48 L50 86 L18 48 Z";

/// A figure's outline and what marks it besides.
struct Figure {
    outline: &'static str,
    /// Extra details in the ink colour (eyes, slits, a sword).
    details: &'static str,
    /// The letter in the corner badge (army pieces, the Fighting King).
    badge: Option<char>,
}

fn figure(letter: char, set: PieceSet) -> Figure {
    let plain = |outline, details| Figure { outline, details, badge: None };
    let badged = |outline, badge| Figure { outline, details: "", badge: Some(badge) };
    if set == PieceSet::WireFigures {
        return match letter {
            'K' => plain(KING, ""),
            'R' => plain(ROOK, ""),
            'A' => plain(
                ANDROID,
                r#"<circle cx="40" cy="50" r="5"/><circle cx="60" cy="50" r="5"/><rect x="38" y="62" width="24" height="4"/><circle cx="50" cy="18" r="5"/>"#,
            ),
            'C' => plain(
                CARETAKER,
                r#"<rect x="43" y="58" width="14" height="22"/><rect x="33" y="48" width="8" height="8"/><rect x="59" y="48" width="8" height="8"/>"#,
            ),
            'E' => plain(WIRERIDER, ""),
            'D' => plain(
                WINDRIDER,
                r#"<path d="M50 10 V86 M18 48 H82" stroke-width="3" fill="none"/><circle cx="50" cy="48" r="7"/>"#,
            ),
            other => badged(WINDRIDER, other),
        };
    }
    match letter {
        'K' => plain(KING, ""),
        'Q' => plain(
            QUEEN,
            r#"<circle cx="16" cy="30" r="5"/><circle cx="34" cy="20" r="5"/><circle cx="50" cy="12" r="5"/><circle cx="66" cy="20" r="5"/><circle cx="84" cy="30" r="5"/>"#,
        ),
        'R' => plain(
            ROOK,
            r#"<rect x="30" y="44" width="40" height="4"/><rect x="30" y="70" width="40" height="4"/>"#,
        ),
        'B' => plain(BISHOP, r#"<path d="M56 28 L44 44" stroke-width="5" fill="none"/>"#),
        'N' => plain(KNIGHT, r#"<circle cx="40" cy="32" r="4"/>"#),
        'P' => plain(PAWN, ""),
        // The Fighting King: a King's crown with a sword across it.
        'C' => Figure {
            outline: KING,
            details: r#"<path d="M20 76 L80 40" stroke-width="6" fill="none"/><path d="M70 36 L84 44" stroke-width="6" fill="none"/>"#,
            badge: Some('C'),
        },
        // Army pieces on the FIDE silhouette nearest to their moves (notation.md).
        'D' | 'A' | 'H' => badged(BISHOP, letter),
        'E' | 'T' | 'S' | 'W' | 'M' => badged(ROOK, letter),
        'I' | 'U' => badged(KNIGHT, letter),
        'F' | 'L' => badged(QUEEN, letter),
        other => badged(PAWN, other),
    }
}

/// Draws the figure of `label` centred on `(cx, cy)`, `size` units wide and high, in the seat's
/// `(fill, ink)` colours.
pub(super) fn draw(
    s: &mut String,
    label: &Label,
    set: PieceSet,
    (cx, cy): (f64, f64),
    size: f64,
    colours: (&str, &str),
) {
    let (fill, ink) = colours;
    let f = figure(label.letter, set);
    let scale = size / 100.0;
    let _ = write!(
        s,
        r##"<g class="figure" transform="translate({:.1} {:.1}) scale({scale:.3})" stroke="#000000" stroke-width="3" stroke-linejoin="round"><path d="{PLINTH}" fill="{fill}"/><path d="{}" fill="{fill}"/>"##,
        cx - size / 2.0,
        cy - size / 2.0,
        f.outline
    );
    if !f.details.is_empty() {
        let _ = write!(s, r#"<g fill="{ink}" stroke="{ink}" stroke-width="1">{}</g>"#, f.details);
    }
    if let Some(letter) = f.badge {
        let _ = write!(
            s,
            r##"<circle cx="78" cy="76" r="16" fill="{ink}" stroke="#000000" stroke-width="2"/><text x="78" y="84" font-size="24" font-weight="bold" text-anchor="middle" fill="{fill}" stroke="none">{letter}</text>"##
        );
    }
    s.push_str("</g>");
}
