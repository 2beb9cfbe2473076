//! Properties checked along random games from a fixed seed: after every `play` the position
//! validates, the incremental key equals the recomputed one, the position text round-trips, and
//! every legal move renders (coordinates and SAN) and parses back to itself, and the captures and
//! promotions generated alone are the legal moves filtered.

mod common;

use jester::core::{Army, Game, MoveList, Record};
use jester::search::Searchable;
use jester::variants::chess::{san, Chess, CwdaPosition, FightingKings, Position, Rules, ThroneKings};
use rand::rngs::StdRng;
use rand::seq::SliceRandom;
use rand::SeedableRng;

const GAMES_PER_START: usize = if cfg!(debug_assertions) { 6 } else { 40 };
const MAX_PLIES: usize = 300;

fn check_position<R: Rules>(p: &Position<R>) {
    let fen = p.to_text();
    p.validate().unwrap_or_else(|e| panic!("{fen}: {e}"));
    assert_eq!(p.key(), p.recomputed_key(), "{fen}: incremental key");
    let reread = Position::<R>::from_text(&fen).unwrap_or_else(|e| panic!("{fen}: {e}"));
    assert_eq!(&reread, p, "{fen}: position text round trip");
    let mut moves = MoveList::new();
    p.legal_moves(&mut moves);
    assert_eq!(p.count_legal_moves(), moves.len(), "{fen}: bulk count");
    // Quiescence's direct list of captures and promotions is the full list filtered, in order.
    let mut noisy = MoveList::new();
    p.noisy_moves(&mut noisy);
    let filtered: Vec<_> = moves.iter().copied().filter(|&m| p.is_noisy(m)).collect();
    assert_eq!(noisy.to_vec(), filtered, "{fen}: noisy moves");
    for &m in &moves {
        let token = p.render_move(m);
        assert_eq!(p.parse_move(&token), Ok(m), "{fen}: coordinate {token}");
        let san = san::write(p, m);
        assert_eq!(p.parse_move(&san), Ok(m), "{fen}: SAN {san}");
    }
    // Insufficient material ends FIDE games only (G4; Chess with Different Armies has no such draw,
    // protocol-docs/variants.md).
    let insufficient = !R::ARMIES && p.is_insufficient_material();
    let ends = moves.is_empty() || p.halfmove_clock() >= 100 || insufficient;
    assert_eq!(p.outcome().is_some(), ends, "{fen}: outcome");
}

fn random_games<R: Rules>(start: &Position<R>, seed: u64) -> usize {
    let mut rng = StdRng::seed_from_u64(seed);
    let mut plies = 0;
    for _ in 0..GAMES_PER_START {
        let mut game = Record::new(start.clone());
        check_position(game.position());
        for _ in 0..MAX_PLIES {
            if game.outcome().is_some() {
                break;
            }
            let mut moves = MoveList::new();
            game.position().legal_moves(&mut moves);
            let &m = moves.choose(&mut rng).expect("a game without outcome has moves");
            game.play(m);
            check_position(game.position());
            plies += 1;
        }
    }
    plies
}

#[test]
fn random_games_keep_every_invariant() {
    let mut starts = vec![Chess::start()];
    for (_, path) in common::perft_files().into_iter().filter(|(v, _)| v == "normal") {
        for case in common::read_perft_file(&path) {
            starts.push(Chess::from_text(&case.epd).unwrap());
        }
    }
    let plies: usize = starts.iter().enumerate().map(|(i, s)| random_games(s, 0x5EED + i as u64)).sum();
    assert!(plies > 1000, "only {plies} plies played");
}

#[test]
fn fighting_kings_random_games_keep_every_invariant() {
    let fk: usize = (0..1).map(|i| random_games(&Position::<FightingKings>::start(), 0xF1 + i)).sum();
    let tk: usize = (0..1).map(|i| random_games(&Position::<ThroneKings>::start(), 0x7C + i)).sum();
    assert!(fk > 500 && tk > 500, "{fk} / {tk} plies");
}

#[test]
fn cwda_random_games_keep_every_invariant() {
    // Each army on each side once.
    let pairings = [
        [Army::Fide, Army::Clobberers],
        [Army::Clobberers, Army::Nutty],
        [Army::Nutty, Army::Rookies],
        [Army::Rookies, Army::Fide],
    ];
    let plies: usize = pairings
        .iter()
        .enumerate()
        .map(|(i, &armies)| random_games(&CwdaPosition::start_with_armies(armies).unwrap(), 0xA0 + i as u64))
        .sum();
    assert!(plies > 1000, "only {plies} plies played");
}

#[test]
fn transpositions_have_equal_keys() {
    let line = |moves: &[&str]| {
        let mut game = Record::new(Chess::start());
        for m in moves {
            game.play_token(m).unwrap();
        }
        game.position().clone()
    };
    let a = line(&["Nf3", "Nf6", "Nc3", "Nc6"]);
    let b = line(&["Nc3", "Nc6", "Nf3", "Nf6"]);
    assert_eq!(a.key(), b.key());
    // The same placement with the other side to move, or other rights, differs.
    let c = line(&["Nf3", "Nf6", "Nc3", "Nc6", "Ng1", "Ng8", "Nf3"]);
    assert_ne!(c.key(), a.key());
    let d = line(&["e4", "e5", "Ke2", "Ke7", "Ke1", "Ke8"]);
    let e = line(&["e4", "e5"]);
    assert_ne!(d.key(), e.key(), "castling rights are part of the key");
}
