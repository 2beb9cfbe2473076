//! FireFighter Chess: one position per ruling (F1-F12) with its legal moves counted by hand,
//! every node of a perft walk checked for consistency, and the move sets compared with an
//! independent reference generator (engine-tests/reference/firefighter.rs) at every node.

#[path = "reference/firefighter.rs"]
#[allow(dead_code)]
mod reference;
#[path = "reference/walk.rs"]
mod walk;

use jester::core::{DrawReason, Game, MoveList, Outcome, Seat, WinReason};
use jester::variants::firefighter::FireFighter;

fn position(text: &str) -> FireFighter {
    FireFighter::from_text(text).unwrap_or_else(|e| panic!("{text}: {e}"))
}

fn moves_of(pos: &FireFighter) -> Vec<String> {
    let mut list = MoveList::new();
    pos.legal_moves(&mut list);
    let mut tokens: Vec<String> = list.iter().map(|&m| pos.render_move(m)).collect();
    tokens.sort();
    tokens
}

fn moves(text: &str) -> Vec<String> {
    moves_of(&position(text))
}

fn after(text: &str, tokens: &str) -> FireFighter {
    let mut pos = position(text);
    for token in tokens.split_whitespace() {
        let m = pos.parse_move(token).unwrap_or_else(|e| panic!("{token} in {}: {e}", pos.to_text()));
        pos.play(m);
    }
    pos
}

/// F1: a capture on a crowd takes every piece there, friend and foe; a crowd blocks sliders;
/// no move ends on a square holding only friendly pieces.
#[test]
fn f1_crowds() {
    // White Ka1, Nd4, and a crowd of the white Pawn and a black Bishop on e6; Black Ka8. The
    // Bishop attacks a2 (e6-d5-c4-b3-a2), so the King has b1 and b2 only (2). The Knight has
    // its 8 squares, e6 among them: it holds an enemy piece, so Nxe6 is a capture (8). The Pawn
    // pushes to e7 (1). Both Firefighters are lost (eighth field) and no arson is left: 11.
    let text = "k7/8/4(Pb)3/8/3N4/8/8/K7 w - - 0 1 - Ff";
    assert_eq!(moves(text).len(), 11, "{:?}", moves(text));
    assert_eq!(after(text, "d4e6").to_text(), "k7/8/4N3/8/8/8/8/K7 b - - 0 1 - Ff");

    // The white Knight and Pawn share d3. The Rook on d1 stops at d2 (d3 holds only friendly
    // pieces) and has c1, b1, e1-h1: 7. King a2, b1, b2: 3. Knight: 8. Pawn d4: 1. Total 19.
    let text = "k7/8/8/8/8/3(NP)4/8/K2R4 w - - 0 1 - Ff";
    let list = moves(text);
    assert_eq!(list.len(), 19, "{list:?}");
    assert!(!list.iter().any(|m| m.starts_with("d1d3") || m.starts_with("d1d4")));
}

/// F2: before declaring, every non-burning piece may squirt; the first squirt declares.
#[test]
fn f2_the_firefighter_declares_itself() {
    // Ke1, Pd2, Pe2 v Ke8; nobody has declared, no arson left. King d1, f1, f2 (3); pawns d3,
    // d4, e3, e4 (4); squirts: Ke1 pushes d2 to c3 or e2 to e3 (2); Pd2 pushes e2 to f2 (1); Pe2
    // pushes d2 to c2 (1). Pushing the King from d2 or e2 sends it off the board: illegal. 11.
    let text = "4k3/8/8/8/8/8/3PP3/4K3 w - - 0 1 - -";
    assert_eq!(
        moves(text),
        ["d2d3", "d2d4", "d2~e2", "e1d1", "e1f1", "e1f2", "e1~d2", "e1~e2", "e2e3", "e2e4", "e2~d2"]
    );
    // After the King squirts, it is the Firefighter (K~) and the only piece that may squirt:
    // King d1, e2, f1, f2 (4), pawns d3, d4, e4 (3), e1~d2 (1): 8.
    let pos = after(text, "e1~e2 e8d8");
    assert_eq!(pos.to_text(), "3k4/8/8/8/8/4P3/3P4/4K~3 w - - 2 2 -");
    assert_eq!(moves_of(&pos).len(), 8);
}

/// F3: a squirt pushes one adjacent piece one square on; off the board it is captured; onto an
/// occupied square it forms a crowd.
#[test]
fn f3_squirts() {
    // The Rook on b1 pushes the black Knight from a1 off the board.
    let text = "4k3/8/8/8/8/8/8/nR2K3 w - - 0 1 - f";
    assert_eq!(after(text, "b1~a1").to_text(), "4k3/8/8/8/8/8/8/1R~2K3 b - - 0 1 - f");
    // The Knight on d1 pushes the black Knight from c1 onto the Bishop's b1: a crowd forms.
    let text = "4k3/8/8/8/8/8/8/1BnNK3 w - - 0 1 - f";
    assert_eq!(after(text, "d1~c1").to_text(), "4k3/8/8/8/8/8/8/1(Bn)1N~K3 b - - 1 1 - f");
}

/// F4: squirting a burning piece puts the fire out and leaves it where it is.
#[test]
fn f4_extinguish() {
    let text = "4k3/8/8/8/8/8/8/1n!N1K3 w - - 0 1 - -";
    assert!(moves(text).contains(&"c1~b1".to_string()));
    assert_eq!(after(text, "c1~b1").to_text(), "4k3/8/8/8/8/8/8/1nN~1K3 b - - 1 1 -");
}

/// F5: a rescue brings the burning piece to the rescuer's square; an enemy piece changes side
/// and a pawn's forward direction with it.
#[test]
fn f5_rescue_changes_sides() {
    // The Knight on c3 reaches d5 (a knight move) and may rescue the burning black pawn there.
    let text = "7k/8/8/3p!4/8/2N5/8/4K3 w - - 0 1 - -";
    let pos = after(text, "c3^d5");
    assert_eq!(pos.to_text(), "7k/8/8/8/8/2(N~P)5/8/4K3 b - - 1 1 -");
    // The rescued pawn is White's now and steps up the board.
    let pos = after(&pos.to_text(), "h8g8");
    assert!(moves_of(&pos).contains(&"c3c4".to_string()));
}

/// F6: arson once per game; a burning piece makes no move at all.
#[test]
fn f6_arson_once() {
    let start = FireFighter::start();
    let arsons = moves_of(&start).iter().filter(|m| m.starts_with('@')).count();
    assert_eq!(arsons, 16, "one per white piece");
    let pos = after(&start.to_text(), "@e2 e7e5");
    let list = moves_of(&pos);
    assert!(!list.iter().any(|m| m.starts_with('@')), "arson is spent");
    assert!(!list.iter().any(|m| m.starts_with("e2")), "the burning pawn cannot act: {list:?}");
}

/// F7: the duty binds a declared Firefighter when an enemy piece burns and nothing of its side
/// is attacked.
#[test]
fn f7_duty() {
    // The burning black Bishop on g5 is 5 king steps from the white Firefighter Nb1. Of its
    // moves a3 (6 steps away), c3 (4) and d2 (3), the last two come closer and are not
    // attacked: they are the only legal moves.
    assert_eq!(moves("4k3/8/8/6b!1/8/8/8/1N~2K3 w - - 0 1 - -"), ["b1c3", "b1d2"]);
    // A black Rook on b8 attacks the Knight: the duty is lifted. King d1, d2, e2, f1, f2 (5),
    // Knight a3, c3, d2 (3): 8.
    assert_eq!(moves("1r2k3/8/8/6b!1/8/8/8/1N~2K3 w - - 0 1 - -").len(), 8);
}

/// F8: the King must not be left where it could be captured or squirted off the board.
#[test]
fn f8_royal_safety() {
    // The black pawn on d2 attacks e1 and, being beside the edge King, could push it off the
    // board (d2 is undeclared Black's). Kd1 stays on the edge next to d2: squirted off. Kf1,
    // Kf2, Ke2, Kxd2 and the King's own squirt of the pawn to c3 are the legal moves.
    assert_eq!(moves("4k3/8/8/8/8/8/3p4/4K3 w - - 0 1 - -"), ["e1d2", "e1e2", "e1f1", "e1f2", "e1~d2"]);
}

/// F9: pushed pawns on the first or last rank; promotion only by the pawn's own move.
#[test]
fn f9_pawns() {
    // A white pawn pushed to a8 has no move: King a2, b1, b2 only.
    assert_eq!(moves("P6k/8/8/8/8/8/8/K7 w - - 0 1 - Ff"), ["a1a2", "a1b1", "a1b2"]);
    // A white pawn pushed to e1 steps to e2, but has no two-step from there.
    assert_eq!(moves("7k/8/8/8/8/8/8/K3P3 w - - 0 1 - Ff"), ["a1a2", "a1b1", "a1b2", "e1e2"]);
    // A pawn's own move to the last rank promotes: four choices.
    let list = moves("7k/4P3/8/8/8/8/8/K7 w - - 0 1 - Ff");
    assert_eq!(list.iter().filter(|m| m.starts_with("e7e8")).count(), 4);
}

/// F10: castling rights go when the King is pushed off its square.
#[test]
fn f10_castling_after_a_push() {
    let text = "4k3/8/8/8/8/8/8/3NK2R w K - 0 1 A";
    assert!(moves(text).contains(&"e1g1".to_string()));
    let pos = after(text, "d1~e1");
    assert_eq!(pos.to_text(), "4k3/8/8/8/8/8/8/3N~1K1R b - - 1 1 A");
    // Arson on the Rook burns the right too.
    assert_eq!(after(text, "@h1").to_text(), "4k3/8/8/8/8/8/8/3NK2R! b - - 1 1 -");
}

/// F13: burning belongs to a piece, never to its square. A King beside an own burning piece is
/// not burning: a squirt aimed at it pushes it (so it may be pushed off the board), a rescue
/// lifts only the burning piece, and arson on the King's neighbour does not set the King alight.
#[test]
fn f13_a_king_beside_a_burning_piece_does_not_burn() {
    // The Rook on g7 (undeclared: any piece may squirt) threatens to push the King off h8, so
    // Black's only legal move is to squirt it away first.
    assert_eq!(moves("7(Qkq!)/6R1/7p/8/8/8/8/K7 b - - 0 30 -"), vec!["h8~g7".to_string()]);
    // After d8~c7 the black pawn stands on b6 and could rescue the burning Pawn on b5, which
    // lifts the Pawn, never the King beside it: the squirt is legal.
    assert!(moves("3P~4/2p5/8/1(KP!)6/8/1k6/8/8 w - - 0 30 -").contains(&"d8~c7".to_string()));
    // Arson on the Pawn that shares h5 with the King: the King does not burn, and the black
    // Firefighter beside it only pushes it to h4.
    assert!(moves("5N2/2k5/7p~/1P5(KP)/2P5/(Pb!)7/8/7Q w - - 0 30 A").contains(&"@h5P".to_string()));
}

/// F14: the Rook of F10 is the castling Rook on its corner: another piece leaving the King's
/// square or the corner changes no right.
#[test]
fn f14_only_the_castling_king_and_rook_lose_rights() {
    // The third Rook, which shared e1 with the King, leaves: both rights stay.
    let pos = after("8/8/3k4/8/8/8/8/R3(KR)2R w KQ - 0 1 -", "Re1e2");
    assert_eq!(pos.to_text().split(' ').nth(2), Some("KQ"), "{}", pos.to_text());
    // The enemy Rook is squirted off the board out of the a1 crowd; White's Rook stays, and so
    // does the right: long castling is legal.
    let pos = after("1k6/8/8/8/8/8/B7/(Rr)3K3 w Q - 0 1 -", "a2~a1r b8b7");
    assert_eq!(pos.to_text().split(' ').nth(2), Some("Q"), "{}", pos.to_text());
    assert!(moves_of(&pos).contains(&"e1c1".to_string()), "{:?}", moves_of(&pos));
    // The castling Rook itself leaving still costs the right (F10).
    let pos = after("8/8/3k4/8/8/8/8/R3(KR)2R w KQ - 0 1 -", "h1g1");
    assert_eq!(pos.to_text().split(' ').nth(2), Some("Q"), "{}", pos.to_text());
}

/// F11: stalemate draws, unless the stalemated side has a burning piece: then it loses.
#[test]
fn f11_stalemate_with_fire_loses() {
    let burning = position("k7/2Q4p!/8/8/8/8/8/7K b - - 0 1 - -");
    assert!(moves_of(&burning).is_empty());
    assert_eq!(burning.outcome(), Some(Outcome::Win { winner: Seat::WHITE, reason: WinReason::Stalemate }));
    let plain = position("k7/2Q5/8/8/8/8/8/7K b - - 0 1 - -");
    assert_eq!(plain.outcome(), Some(Outcome::Draw { reason: DrawReason::Stalemate }));
}

/// F12: the rule page's example, normative.
#[test]
fn f12_the_rule_page_example() {
    let pos = after(&FireFighter::start().to_text(), "e2e4 e7e5 g1f3 g8f6 f1c4 b8c6 f3g5 f8c5 g5f7");
    assert_eq!(moves_of(&pos), ["e8e7", "e8~f7", "f6~f7"]);
}

/// Positions for the walks: the start, the rule page's example, a burning pawn with a declared
/// Firefighter and a crowd, a duty position, crowded Queens, pawns with en passant and
/// promotions, crowds with both Firefighters declared, another duty position, lost
/// Firefighters with en passant, a burning King under rescue threat, and "Kiwipete".
const WALKS: &[(&str, u32)] = &[
    ("rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1 Aa", 2),
    ("r1bqk2r/pppp1Npp/2n2n2/2b1p3/2B1P3/8/PPPP1PPP/RNBQK2R b KQkq - 0 5 Aa", 3),
    ("r1bqk2r/pppp1ppp/2(Nn)2n2/4p!3/2B1P3/5N~2/PPPP1PPP/R1BQK2R b KQkq - 3 5 A", 2),
    ("4k3/pp3ppp/8/3b!4/8/2N~5/PP3PPP/4K3 w - - 0 1 A", 4),
    ("r3k2r/8/8/3(Qq)4/8/8/8/R3K2R w KQkq - 0 1 Aa", 2),
    ("4k3/1P4P1/8/3pP3/8/8/p7/R3K3 w Q d6 0 1 Aa", 3),
    ("r3k2r/1p!5(Pp)/8/3(BNb~)4/8/8/P~4n2/(NR)3K3 w Qk - 3 20 A", 3),
    ("4k3/2p5/8/4n!3/8/8/1B~4P1/4K3 w - - 0 30 A", 5),
    ("r3k2r/8/8/1pP5/8/8/8/R3K2R w KQkq b6 0 1 Aa Ff", 3),
    ("4k3/8/8/2n5/8/8/p6P/K!B6 w - - 0 1 a", 5),
    ("r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1 Aa", 2),
    // Nine Queens and arson: a long list (136 actions at the root), none dropped.
    ("4k3/8/8/Q2Q2Q1/8/Q2Q2Q1/8/Q2QK1Q1 w - - 0 1 A", 2),
];

impl walk::Reference for reference::RefPosition {
    fn actions(&self) -> Vec<(String, Self)> {
        self.legal_actions()
    }
    fn text(&self) -> String {
        self.to_text()
    }
}

#[test]
fn agrees_with_the_reference_generator_at_every_node() {
    for &(text, depth) in WALKS {
        let ours = position(text);
        let theirs = reference::RefPosition::parse(text).unwrap_or_else(|e| panic!("reference: {text}: {e}"));
        let depth = if cfg!(debug_assertions) { depth.min(2) } else { depth };
        let nodes = walk::walk(&ours, &theirs, depth);
        assert_eq!(nodes, jester::tools::perft::perft(&ours, depth), "{text}");
        eprintln!("{text}: perft {depth} = {nodes}, agreed node by node");
    }
}

/// Bad position texts are refused with an error naming the offending token (F1 groups, the F6
/// arson field, the F2 lost-Firefighter field and marks, the 32-piece bound behind MAX_MOVES).
#[test]
fn hostile_position_texts_name_the_token() {
    let cases = [
        ("()7/8/8/8/8/8/8/K6k w - - 0 1 -", "()"),
        ("(N7/8/8/8/8/8/8/K6k w - - 0 1 -", "(N7"),
        ("(\u{e9})7/8/8/8/8/8/8/K6k w - - 0 1 -", "(\u{e9})"),
        ("k7/8/8/8/8/8/8/K7 w - - 0 1 Ax", "Ax"),
        ("k7/8/8/8/8/8/8/K7 w - - 0 1 A Fx", "Fx"),
        ("k~7/8/8/8/8/8/8/K7 w - - 0 1 - f", "k~7"),
        ("k7/8/8/8/8/8/8/K7 w - e3 0 1 -", "e3"),
        ("k7/8/8/8/8/8/8/(QQQQQQQQQQQQQQQQQQQQQQQQQQQQQQQQQ)K6 w - - 0 1 -", "more than 32"),
    ];
    for (text, token) in cases {
        let err = FireFighter::from_text(text).err().unwrap_or_else(|| panic!("{text} was accepted"));
        assert!(err.to_string().contains(token), "{text}: {err}");
    }
}
