//! Fighting Kings and Throne Kings (K1-K6): hand-built positions, one per clause, with the full
//! list of legal moves counted by hand, and the outcomes.

mod common;

use jester::core::{DrawReason, Game, MoveList, Outcome, Record, Seat, WinReason};
use jester::variants::chess::{FightingKings, Position, ThroneKings};

type Fk = Position<FightingKings>;
type Tk = Position<ThroneKings>;

fn moves<G: Game>(fen: &str) -> Vec<String> {
    let pos = G::from_text(fen).unwrap_or_else(|e| panic!("{fen}: {e}"));
    let mut list = MoveList::new();
    pos.legal_moves(&mut list);
    let mut tokens: Vec<String> = list.iter().map(|&m| pos.render_move(m)).collect();
    tokens.sort();
    tokens
}

/// (ruling, position, every legal move, sorted)
const FIGHTING_KINGS_CASES: &[(&str, &str, &[&str])] = &[
    ("K3: on its first rank, one step only", "4k3/8/8/8/8/8/8/4K3 w - - 0 1", &["e1e2"]),
    ("K3: on its second rank, one or two steps", "4k3/8/8/8/8/8/4K3/8 w - - 0 1", &["e2e3", "e2e4"]),
    ("K3: blocked by a pawn in front (stalemate)", "4k3/8/8/8/8/4p3/4K3/8 w - - 0 1", &[]),
    (
        "K3-K4: in check from a pawn, it steps or captures diagonally, never into attack",
        "4k3/8/8/8/8/3p1n2/4K3/8 w - - 0 1",
        &["e2d3", "e2e3", "e2e4", "e2f3"],
    ),
    ("K4: no two-step an enemy pawn could take en passant", "4k3/8/8/8/3p4/8/4K3/8 w - - 0 1", &[]),
    (
        "K4: the same two-step with the pawn not beside it",
        "4k3/8/8/8/2p5/8/4K3/8 w - - 0 1",
        &["e2e3", "e2e4"],
    ),
    ("K3: the Royal Pawn captures en passant", "4k3/8/8/3pK3/8/8/8/8 w - d6 0 1", &["e5d6", "e5e6"]),
    (
        "K3: castling both ways, as a king",
        "r3k2r/8/8/8/8/8/8/R3K2R w KQkq - 0 1",
        &[
            "a1a2", "a1a3", "a1a4", "a1a5", "a1a6", "a1a7", "a1a8", "a1b1", "a1c1", "a1d1", "e1c1", "e1e2",
            "e1g1", "h1f1", "h1g1", "h1h2", "h1h3", "h1h4", "h1h5", "h1h6", "h1h7", "h1h8",
        ],
    ),
    (
        "K3: no castling through an attacked square (f1); capturing the attacker is fine",
        "r3k2r/8/8/8/8/8/5r2/R3K2R w KQkq - 0 1",
        &[
            "a1a2", "a1a3", "a1a4", "a1a5", "a1a6", "a1a7", "a1a8", "a1b1", "a1c1", "a1d1", "e1c1", "e1f2",
            "h1f1", "h1g1", "h1h2", "h1h3", "h1h4", "h1h5", "h1h6", "h1h7", "h1h8",
        ],
    ),
    ("K3: immobile on its last rank, never promotes", "4K3/8/8/8/8/8/8/k6N w - - 0 1", &["h1f2", "h1g3"]),
    ("K2/K4: an enemy Fighting King's step covers a square", "4k3/8/8/8/8/3c4/8/4K3 w - - 0 1", &[]),
    (
        "K5: the e3 pawn has no two-step; pawns on the second rank do",
        "4k3/8/8/8/8/4P3/3P1P2/4K3 w - - 0 1",
        &["d2d3", "d2d4", "e1e2", "e3e4", "f2f3", "f2f4"],
    ),
];

#[test]
fn royal_pawn_clauses_fighting_kings() {
    for (ruling, fen, expected) in FIGHTING_KINGS_CASES {
        assert_eq!(moves::<Fk>(fen), *expected, "{ruling}: {fen}");
    }
}

#[test]
fn fighting_king_moves_into_attack_and_is_captured_throne_kings() {
    // K2: the Fighting King may step onto a square a pawn attacks (d4); the King is a FIDE king.
    let fen = "4k3/8/8/2p5/8/3C4/8/4K3 w - - 0 1";
    let expected = [
        "d3c2", "d3c3", "d3c4", "d3d2", "d3d4", "d3e2", "d3e3", "d3e4", "e1d1", "e1d2", "e1e2", "e1f1",
        "e1f2",
    ];
    assert_eq!(moves::<Tk>(fen), expected);
    let mut game = Record::new(Tk::from_text(fen).unwrap());
    game.play_token("d3d4").unwrap();
    game.play_token("c5d4").unwrap();
    // Captured like any piece: play goes on.
    assert_eq!(game.outcome(), None);
    assert_eq!(game.position().to_text(), "4k3/8/8/8/3p4/8/8/4K3 w - - 0 2");
}

#[test]
fn outcomes() {
    // K6: stalemate is a draw.
    let stalemate = Fk::from_text("4k3/8/8/8/8/4p3/4K3/8 w - - 0 1").unwrap();
    assert_eq!(stalemate.outcome(), Some(Outcome::Draw { reason: DrawReason::Stalemate }));
    // K3: the Royal Pawn is checkmated: attacked on the e-file, its own pawns beside it.
    let mate = Fk::from_text("4k3/8/8/8/8/8/3PKP2/4r3 w - - 0 1").unwrap();
    assert_eq!(mate.outcome(), Some(Outcome::Win { winner: Seat::BLACK, reason: WinReason::Checkmate }));
    // Not mate when a pawn can take the checker.
    let saved = Fk::from_text("4k3/8/8/8/8/8/3PKP2/3r4 w - - 0 1").unwrap();
    assert_eq!(saved.outcome(), None, "{:?}", moves::<Fk>("4k3/8/8/8/8/8/3PKP2/3r4 w - - 0 1"));
    // G4: insufficient material applies to both games.
    let bare = Tk::from_text("4k3/8/8/8/8/8/8/4K3 w - - 0 1").unwrap();
    assert_eq!(bare.outcome(), Some(Outcome::Draw { reason: DrawReason::InsufficientMaterial }));
    let commoner = Tk::from_text("4k3/8/8/8/8/8/8/2C1K3 w - - 0 1").unwrap();
    assert_eq!(commoner.outcome(), None, "a Fighting King can still mate");
}

#[test]
fn the_fighting_king_letter_belongs_to_these_games_only() {
    let start = "rnbqkbnr/ppppcppp/4p3/8/8/4P3/PPPPCPPP/RNBQKBNR w KQkq - 0 1";
    assert_eq!(Fk::start().to_text(), start);
    assert_eq!(Tk::start().to_text(), start);
    let err = jester::variants::chess::Chess::from_text(start).unwrap_err();
    assert!(err.to_string().contains("'c'"), "{err}");
}

#[test]
fn promotion_never_makes_a_fighting_king() {
    // K5: Q, R, B or N only.
    assert_eq!(
        moves::<Tk>("4k3/P7/8/8/8/8/8/4K3 w - - 0 1").iter().filter(|m| m.starts_with("a7a8")).count(),
        4
    );
    assert!(Tk::from_text("4k3/P7/8/8/8/8/8/4K3 w - - 0 1").unwrap().parse_move("a7a8c").is_err());
}
