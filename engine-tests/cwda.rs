//! Chess with Different Armies (A1-A4) in the engine, checked node by node against independent
//! reference generators written apart from it: `reference/cwda.rs` for `cwda`, and the army-aware
//! `reference/firefighter.rs` and `reference/tirebiter.rs` for FireFighter, Tirebiter and Nick
//! Danger with non-FIDE armies on either side.

#[path = "reference/cwda.rs"]
mod cwda_ref;
#[path = "reference/firefighter.rs"]
#[allow(dead_code)]
mod ff_ref;
#[path = "reference/tirebiter.rs"]
#[allow(dead_code)]
mod tb_ref;
#[path = "reference/walk.rs"]
mod walk;

use walk::{compare_node, walk, Reference};

use jester::core::{Army, Game, MoveList};
use jester::variants::chess::CwdaPosition;
use jester::variants::firefighter::FireFighter;
use jester::variants::tirebiter::{NickDanger, Tirebiter, TirebiterPosition};

impl Reference for cwda_ref::RefPosition {
    fn actions(&self) -> Vec<(String, Self)> {
        self.legal_actions()
    }
    fn text(&self) -> String {
        self.to_text()
    }
}

impl Reference for ff_ref::RefPosition {
    fn actions(&self) -> Vec<(String, Self)> {
        self.legal_actions()
    }
    fn text(&self) -> String {
        self.to_text()
    }
}

impl Reference for tb_ref::RefPosition {
    fn actions(&self) -> Vec<(String, Self)> {
        self.legal_actions()
    }
    fn text(&self) -> String {
        self.to_text()
    }
}

fn engine_moves<G: Game>(pos: &G) -> Vec<String> {
    let mut list = MoveList::new();
    pos.legal_moves(&mut list);
    let mut tokens: Vec<String> = list.iter().map(|&m| pos.render_move(m)).collect();
    tokens.sort();
    tokens
}

const PAIRINGS: [(Army, Army); 16] = {
    let a = Army::ALL;
    let mut out = [(Army::Fide, Army::Fide); 16];
    let mut i = 0;
    while i < 16 {
        out[i] = (a[i / 4], a[i % 4]);
        i += 1;
    }
    out
};

/// Perft 3 from the start of all 16 pairings (issue bar), node by node against the reference.
/// The literal numbers are the reference's own, kept so that a change to both shows up.
#[test]
fn cwda_perft_from_every_pairing() {
    let expected: [u64; 16] = [
        8902, 12458, 11572, 10682, 17310, 24227, 22500, 20764, 14659, 20515, 19054, 17587, 13059, 18275,
        16974, 15667,
    ];
    for (i, &(white, black)) in PAIRINGS.iter().enumerate() {
        let pos = CwdaPosition::start_with_armies([white, black]).expect("a start");
        let theirs = cwda_ref::start(white.name(), black.name());
        assert_eq!(pos.to_text(), theirs.to_text(), "start texts");
        let nodes = walk(&pos, &theirs, 3);
        assert_eq!(nodes, expected[i], "{white}/{black}");
    }
}

/// Every piece of every army, of either colour, on every square of a board that holds only the
/// two Kings (and, for the side not to move, nothing it could capture): the engine's moves are
/// the reference's. Pieces the other army owns are legal too (A2's promotions).
#[test]
fn every_army_piece_on_every_square() {
    let letters = "DEFATIULSWHM";
    for letter in letters.chars() {
        for white in [true, false] {
            for square in 0..64u8 {
                let (file, rank) = (square % 8, square / 8);
                // Kings on a1/h8, or b1/g8 when the piece stands there.
                let (wk, bk) = ((0u8, 0u8), (7u8, 7u8));
                let (wk, bk) =
                    if (file, rank) == wk || (file, rank) == bk { ((1, 0), (6, 7)) } else { (wk, bk) };
                let mut board = [['.'; 8]; 8];
                board[wk.1 as usize][wk.0 as usize] = 'K';
                board[bk.1 as usize][bk.0 as usize] = 'k';
                if board[rank as usize][file as usize] != '.' {
                    continue;
                }
                board[rank as usize][file as usize] =
                    if white { letter } else { letter.to_ascii_lowercase() };
                let fen_board: Vec<String> = (0..8)
                    .rev()
                    .map(|r| {
                        let mut s = String::new();
                        let mut empty = 0;
                        for &c in &board[r] {
                            if c == '.' {
                                empty += 1;
                            } else {
                                if empty > 0 {
                                    s.push_str(&empty.to_string());
                                    empty = 0;
                                }
                                s.push(c);
                            }
                        }
                        if empty > 0 {
                            s.push_str(&empty.to_string());
                        }
                        s
                    })
                    .collect();
                let side = if white { 'w' } else { 'b' };
                let text = format!("{} {side} - - 0 1 clobberers/nutty", fen_board.join("/"));
                let text = if "SWHM".contains(letter) {
                    text.replace("clobberers/nutty", "rookies/fide")
                } else {
                    text
                };
                let ours = CwdaPosition::from_text(&text);
                let theirs = cwda_ref::parse(&text);
                match (ours, theirs) {
                    (Ok(p), Ok(r)) => {
                        walk(&p, &r, 1);
                    }
                    (Err(_), Err(_)) => {}
                    (a, b) => panic!("{text}: engine {:?} reference {:?}", a.map(|p| p.to_text()), b.is_ok()),
                }
            }
        }
    }
}

/// A seeded generator for the random games.
struct Lcg(u64);

impl Lcg {
    fn below(&mut self, n: usize) -> usize {
        self.0 = self.0.wrapping_mul(6364136223846793005).wrapping_add(1442695040888963407);
        ((self.0 >> 33) % n as u64) as usize
    }
}

/// Plays random games from random pairings, comparing the legal moves at every ply and the
/// position texts after each of them (a walk of one ply).
fn random_games<G: Game, R: Reference>(
    games: usize,
    plies: usize,
    seed: u64,
    start: impl Fn(Army, Army) -> (G, R),
) {
    let mut rng = Lcg(seed);
    for _ in 0..games {
        let (white, black) = PAIRINGS[rng.below(16)];
        let (mut pos, mut theirs) = start(white, black);
        for _ in 0..plies {
            let mut children = compare_node(&pos, &theirs, false);
            if children.is_empty() {
                break;
            }
            let child = children.swap_remove(rng.below(children.len()));
            (pos, theirs) = (child.ours, child.theirs);
        }
    }
}

#[test]
fn cwda_random_games_agree_with_the_reference() {
    random_games(60, 160, 0xC0DA, |w, b| {
        (CwdaPosition::start_with_armies([w, b]).expect("a start"), cwda_ref::start(w.name(), b.name()))
    });
}

/// FireFighter with every pairing of armies (rule zero): perft 2 node by node from each start,
/// and depth 3 from three pairings against the reference's counts.
#[test]
fn firefighter_with_armies_agrees_with_the_reference() {
    for &(white, black) in &PAIRINGS {
        let pos = FireFighter::start_with_armies([white, black]).expect("a start");
        walk(&pos, &ff_ref::start(white.name(), black.name()), 2);
    }
    for (white, black, nodes) in [
        (Army::Nutty, Army::Clobberers, 792_856),
        (Army::Rookies, Army::Nutty, 736_686),
        (Army::Clobberers, Army::Rookies, 813_386),
    ] {
        let pos = FireFighter::start_with_armies([white, black]).expect("a start");
        assert_eq!(jester::tools::perft::perft(&pos, 3), nodes, "{white}/{black}");
    }
    random_games(12, 80, 0xF12E, |w, b| {
        (FireFighter::start_with_armies([w, b]).expect("a start"), ff_ref::start(w.name(), b.name()))
    });
}

/// Tirebiter and Nick Danger with every pairing: perft 3 node by node from each start.
#[test]
fn tirebiter_and_nickdanger_with_armies_agree_with_the_reference() {
    for &(white, black) in &PAIRINGS {
        let tb = TirebiterPosition::<Tirebiter>::start_with_armies([white, black]).expect("a start");
        walk(&tb, &tb_ref::start(white.name(), black.name(), false), 3);
        let nd = TirebiterPosition::<NickDanger>::start_with_armies([white, black]).expect("a start");
        walk(&nd, &tb_ref::start(white.name(), black.name(), true), 3);
    }
    random_games(20, 100, 0x7E1B, |w, b| {
        (
            TirebiterPosition::<NickDanger>::start_with_armies([w, b]).expect("a start"),
            tb_ref::start(w.name(), b.name(), true),
        )
    });
}

/// A3: the Bede's long castling puts the King on b1 and the Bede on c1; SAN and the canonical
/// token agree.
#[test]
fn bede_long_castling() {
    let text = "4k3/8/8/8/8/8/8/D3K2D w KQ - 0 1 clobberers/fide";
    let pos = CwdaPosition::from_text(text).expect("valid");
    let moves = engine_moves(&pos);
    assert!(moves.contains(&"e1b1".to_string()) && !moves.contains(&"e1c1".to_string()), "{moves:?}");
    assert!(moves.contains(&"e1g1".to_string()));
    let mut after = pos.clone();
    after.play(pos.parse_move("O-O-O").expect("SAN castling"));
    assert_eq!(after.to_text(), "4k3/8/8/8/8/8/8/1KD4D b - - 1 1 clobberers/fide");
}

/// SAN with every army's letters, written and read back: every legal move of random games from
/// random pairings; a castling is also read as its King move (`Kb1`, as XBoard writes the Bede's
/// castling in its game scores).
#[test]
fn san_round_trips_with_every_army() {
    let mut rng = Lcg(0x5A9);
    let mut castlings = 0;
    for _ in 0..30 {
        let (white, black) = PAIRINGS[rng.below(16)];
        let mut pos = CwdaPosition::start_with_armies([white, black]).expect("a start");
        for _ in 0..150 {
            let mut list = MoveList::new();
            pos.legal_moves(&mut list);
            if list.is_empty() {
                break;
            }
            for &m in list.iter() {
                let san = pos.render_turn_for_score(&[m]);
                assert_eq!(pos.parse_move(&san).ok(), Some(m), "{san} in {}", pos.to_text());
                if san.starts_with("O-O") {
                    castlings += 1;
                    let king_move = format!("K{}", &pos.render_move(m)[2..4]);
                    assert_eq!(pos.parse_move(&king_move).ok(), Some(m), "{king_move} in {}", pos.to_text());
                }
            }
            let m = list[rng.below(list.len())];
            pos.play(m);
        }
    }
    assert!(castlings > 0, "no castling seen");
}

/// The armies' pieces against a third, published description: Fairy-Max's (Debian's `fairymax`
/// package, /usr/share/games/fairymax/fmax.ini), which defines a game for every pairing of two
/// different armies, each piece as board vectors (16 per rank, +16 towards the first rank) with a
/// code: 7 a leap, 3 a slide, both moving and capturing. Every piece of each back rank so
/// described must attack, for its colour, exactly what jester's tables give, from every square of
/// an empty board. Pawns and Kings (castling codes) and the Short Rook (a range-limited slide,
/// code 843) are left out; anything else unread fails the test.
#[test]
fn pieces_match_fairy_max() {
    use jester::variants::chess::armies::{attacks, back_rank};
    use jester::variants::chess::{Bitboard, Color, Role, Square};
    const FMAX: &str = "/usr/share/games/fairymax/fmax.ini";
    let Ok(ini) = std::fs::read_to_string(FMAX) else {
        if std::env::var_os("JESTER_SKIP_PEER_TESTS").is_some() {
            return;
        }
        panic!("{FMAX} is missing: install Debian's fairymax (or set JESTER_SKIP_PEER_TESTS=1)");
    };
    let army = |name: &str| match name {
        "FIDE" => Army::Fide,
        "Clobberers" => Army::Clobberers,
        "Nutters" => Army::Nutty,
        "Rookies" => Army::Rookies,
        other => panic!("unknown Fairy-Max army {other}"),
    };
    let lines: Vec<&str> = ini.lines().collect();
    let (mut games, mut checked) = (0, 0);
    for (i, line) in lines.iter().enumerate() {
        let Some(name) = line.strip_prefix("Game: fairy/") else { continue };
        let name = name.split_whitespace().next().unwrap_or("");
        let Some((w, b)) = name.split_once('-') else { continue };
        if ![w, b].iter().all(|n| ["FIDE", "Clobberers", "Nutters", "Rookies"].contains(n)) {
            continue;
        }
        games += 1;
        let armies = [army(w), army(b)];
        // `8x8`, White's and Black's back ranks as piece numbers, then the pieces in order.
        let ranks: Vec<Vec<usize>> = lines[i + 2..i + 4]
            .iter()
            .map(|l| l.split_whitespace().map(|n| n.parse().unwrap()).collect())
            .collect();
        let pieces: Vec<&str> =
            lines[i + 4..].iter().take_while(|l| l.contains(':') && !l.starts_with('#')).copied().collect();
        for (side, color) in [Color::White, Color::Black].into_iter().enumerate() {
            for (file, &number) in ranks[side].iter().enumerate() {
                let role = back_rank(armies[side])[file];
                if matches!(role, Role::King | Role::ShortRook) {
                    continue;
                }
                let vectors: Vec<(i32, i32, u32)> = pieces[number - 1]
                    .split_whitespace()
                    .skip(1)
                    .map(|v| {
                        let (step, code) = v.split_once(',').unwrap();
                        let step: i32 = step.parse().unwrap();
                        let dx = (step + 8).rem_euclid(16) - 8;
                        (dx, -(step - dx) / 16, code.parse().unwrap())
                    })
                    .collect();
                for sq in (0..64).map(Square::new) {
                    let mut theirs = Bitboard::EMPTY;
                    for &(dx, dy, code) in &vectors {
                        assert!(code == 3 || code == 7, "{name}: {role:?} has code {code}");
                        let (mut f, mut r) = (sq.file() as i32, sq.rank() as i32);
                        loop {
                            f += dx;
                            r += dy;
                            if !(0..8).contains(&f) || !(0..8).contains(&r) {
                                break;
                            }
                            theirs |= Square::from_file_rank(f as u8, r as u8).bb();
                            if code == 7 {
                                break;
                            }
                        }
                    }
                    let ours = attacks(role, color, sq, Bitboard::EMPTY);
                    assert_eq!(ours, theirs, "{name}: {color:?} {role:?} on {sq}");
                }
                checked += 1;
            }
        }
    }
    // 12 games, 8 back-rank pieces a side less the King (and the Short Rooks).
    assert_eq!(games, 12, "Fairy-Max's CwDA games");
    assert!(checked >= 12 * 2 * 7 - 6 * 2, "{checked} pieces checked");
}
