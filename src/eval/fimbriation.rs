//! Fimbriation as the multi-seat search sees it: a strength per seat (material, pawn progress,
//! mobility, king shelter) and the danger of each King, turned into one score per seat.
//!
//! A seat's score is its strength minus the mean strength of its live opponents. Recruitment
//! (M7) is what makes this the right shape: a seat that eliminates another doubles its army, so
//! a rival's elimination of a third seat shows up as a loss, and our own as a gain.

use crate::core::{MoveList, Seat};
use crate::search::Searchable;
use crate::variants::fimbriation::board::{Square, CELLS, KNIGHT, NO_SQUARE, RAYS, STEP};
use crate::variants::fimbriation::{
    pawn_line_of, pawn_lines, Fimbriation, Move, MoveKind, Role, NO_PROGRESS_PLIES, SEATS,
};

/// Material values. Knights and Bishops lose some reach to One Foot in the Grave (M3) near the
/// block corners; the values stay near FIDE's because most of the board is inside one block.
const VALUE: [i32; 6] = [100, 290, 310, 500, 920, 0];
/// Per square a piece reaches (mobility), by role.
const MOBILITY: [i32; 6] = [0, 4, 3, 2, 1, 0];
/// Per step a pawn has advanced from its start line (promotion after six).
const PAWN_STEP: i32 = 9;
/// Per own piece next to the King.
const SHELTER: i32 = 8;
/// A King attacked now by a seat whose turn comes before its own: unless a seat in between
/// blocks or captures, it is removed (M7). Most of an army's worth.
const KING_DOOMED: i32 = 1_500;
/// A King attacked by a seat that moves after it: it must spend its move escaping.
const KING_CHECKED: i32 = 60;
/// The seat to move is in check: it must answer now.
const IN_CHECK: i32 = 30;

/// Ordering values for MVV/LVA.
const ORDER_VALUE: [i32; 6] = [100, 300, 300, 500, 900, 10_000];

/// The strength of every seat (0 for eliminated ones).
fn strengths(pos: &Fimbriation) -> [i32; SEATS] {
    std::array::from_fn(|seat| strength(pos, Seat(seat as u8)))
}

/// One seat's strength: its pieces summed in a local, not in a shared array indexed by owner,
/// so that each piece's terms do not wait on the previous piece's store.
fn strength(pos: &Fimbriation, seat: Seat) -> i32 {
    let mut total = 0;
    for sq in pos.pieces_of(seat) {
        let Some(p) = pos.piece_at(sq) else { continue };
        let role = p.role();
        total += VALUE[role as usize];
        match role {
            Role::Pawn => {
                let dir = p.direction();
                let (start, _) = pawn_lines(dir);
                let at = pawn_line_of(dir, sq);
                total += PAWN_STEP * (at as i32 - start as i32).abs();
            }
            Role::Knight => total += MOBILITY[1] * reach_knight(pos, sq, seat),
            Role::Bishop | Role::Rook | Role::Queen => {
                let dirs = match role {
                    Role::Rook => 0..4,
                    Role::Bishop => 4..8,
                    _ => 0..8,
                };
                let mut reach = 0;
                for dir in dirs {
                    for &t in RAYS[sq as usize][dir].as_slice() {
                        reach += 1;
                        if pos.piece_at(t).is_some() {
                            break;
                        }
                    }
                }
                total += MOBILITY[role as usize] * reach;
            }
            Role::King => {
                let shelter = (0..8)
                    .map(|d| STEP[sq as usize][d])
                    .filter(|&t| t != NO_SQUARE && pos.piece_at(t).is_some_and(|q| q.owner() == seat))
                    .count() as i32;
                total += SHELTER * shelter.min(4);
            }
        }
    }
    total
}

fn reach_knight(pos: &Fimbriation, sq: Square, owner: Seat) -> i32 {
    KNIGHT[sq as usize]
        .as_slice()
        .iter()
        .filter(|&&t| pos.piece_at(t).is_none_or(|q| q.owner() != owner))
        .count() as i32
}

/// The penalty each King carries for the attacks on it, given who moves next.
fn king_dangers(pos: &Fimbriation) -> [i32; SEATS] {
    let mut danger = [0; SEATS];
    let to_move = pos.side();
    for seat in 0..SEATS as u8 {
        let seat = Seat(seat);
        let Some(king) = pos.king(seat) else { continue };
        // Every seat attacking the King, found in one look.
        let attackers = pos.attackers(king);
        let attacks = |s: Seat| attackers & (1 << s.0) != 0;
        if seat == to_move {
            // In check: attacked by another seat.
            if attackers & !(1 << seat.0) != 0 {
                danger[seat.index()] = IN_CHECK;
            }
            continue;
        }
        danger[seat.index()] = waiting_king_danger(pos, seat, attacks);
    }
    danger
}

/// The penalty of the King of `seat`, whose seat is not to move, given which seats attack it
/// (`attacks`): [`KING_DOOMED`] if a live seat whose turn falls after the one to move and before
/// `seat`'s attacks it, else [`KING_CHECKED`] if any other live seat does. Shared by the
/// evaluation and by the test that checks its one-look attacker sets.
fn waiting_king_danger(pos: &Fimbriation, seat: Seat, attacks: impl Fn(Seat) -> bool) -> i32 {
    let to_move = pos.side();
    let (mut doomed, mut checked, mut before) = (false, false, true);
    // Seats that move before `seat` does: from the one to move up to `seat`, exclusive.
    let mut s = to_move;
    for _ in 0..SEATS {
        if s == seat {
            before = false;
        } else if pos.is_live(s) && attacks(s) {
            if before && s != to_move {
                doomed = true;
            } else {
                checked = true;
            }
        }
        s = Seat((s.0 + 1) % SEATS as u8);
    }
    if doomed {
        KING_DOOMED
    } else if checked {
        KING_CHECKED
    } else {
        0
    }
}

/// The score of every seat: its strength minus the mean of its live opponents'.
pub fn evaluate_all(pos: &Fimbriation) -> [i32; SEATS] {
    let mut strength = strengths(pos);
    let danger = king_dangers(pos);
    for i in 0..SEATS {
        strength[i] -= danger[i];
    }
    // Every node evaluates: sums over the live seats, no allocation.
    let live = |i: usize| pos.is_live(Seat(i as u8));
    let count = (0..SEATS).filter(|&i| live(i)).count() as i32;
    let total: i32 = (0..SEATS).filter(|&i| live(i)).map(|i| strength[i]).sum();
    let mut out = [0; SEATS];
    for i in (0..SEATS).filter(|&i| live(i)) {
        let mean = if count > 1 { (total - strength[i]) / (count - 1) } else { 0 };
        out[i] = strength[i] - mean;
    }
    out
}

impl Searchable for Fimbriation {
    fn evaluate(&self) -> i32 {
        evaluate_all(self)[self.side().index()]
    }

    fn evaluate_for(&self, seat: Seat) -> i32 {
        evaluate_all(self)[seat.index()]
    }

    fn in_check(&self) -> bool {
        Fimbriation::in_check(self)
    }

    fn is_noisy(&self, m: Move) -> bool {
        m.promotion.is_some()
            || matches!(m.kind, MoveKind::EnPassant { .. })
            || (m.kind != MoveKind::Pass && self.piece_at(m.to).is_some())
    }

    fn noisy_moves(&self, out: &mut MoveList<Move>) {
        self.generate_noisy(out);
    }

    fn noisy_order(&self, m: Move) -> i32 {
        let victim = match m.kind {
            MoveKind::EnPassant { .. } => ORDER_VALUE[0],
            MoveKind::Pass => 0,
            _ => self.piece_at(m.to).map_or(0, |p| ORDER_VALUE[p.role() as usize]),
        };
        let attacker = self.piece_at(m.from).map_or(0, |p| ORDER_VALUE[p.role() as usize]);
        let promotion = m.promotion.map_or(0, |r| ORDER_VALUE[r as usize]);
        victim * 16 + promotion * 16 - attacker
    }

    /// One step of the exchange, not the whole sequence: the capture (and promotion) gains its
    /// victim, and loses the capturing piece if any other seat attacks the square (three seats
    /// may take back, so a full exchange would depend on the turn order of all of them).
    fn see_ge(&self, m: Move, threshold: i32) -> bool {
        let victim = match m.kind {
            MoveKind::EnPassant { .. } => VALUE[0],
            MoveKind::Pass => 0,
            _ => self.piece_at(m.to).map_or(0, |p| VALUE[p.role() as usize]),
        };
        let promotion = m.promotion.map_or(0, |r| VALUE[r as usize] - VALUE[0]);
        let gain = victim + promotion;
        if gain < threshold {
            return false;
        }
        let Some(mover) = self.piece_at(m.from) else { return true };
        let risked = match m.promotion {
            Some(r) => VALUE[r as usize],
            None => VALUE[mover.role() as usize],
        };
        if gain - risked >= threshold {
            return true;
        }
        self.attackers(m.to) & !(1 << mover.owner().0) == 0
    }

    fn null_move(&self) -> Option<Self> {
        None
    }

    fn history_index(&self, m: Move) -> usize {
        if m.kind == MoveKind::Pass {
            return 0;
        }
        let role = self.piece_at(m.from).map_or(0, |p| p.role() as usize);
        (role * CELLS + m.to as usize) % crate::search::HISTORY_SIZE
    }

    fn pack_move(m: Move) -> u32 {
        m.pack()
    }

    fn draw_by_rule(&self) -> bool {
        self.halfmove() >= NO_PROGRESS_PLIES && !self.is_over()
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::core::Game;

    #[test]
    fn the_start_is_balanced() {
        let start = Fimbriation::start();
        let scores = evaluate_all(&start);
        assert!(scores.iter().all(|&s| s == scores[0]), "{scores:?}");
    }

    #[test]
    fn a_king_attacked_by_a_seat_that_moves_first_is_nearly_lost() {
        // Yellow's Rook a4 attacks Red's King d4. With Blue to move, Yellow moves before Red:
        // unless Blue blocks, Yellow's turn removes Red (M7). With Green to move, Red moves
        // first and only has to step out of the attack.
        let board = "***8***/***8***/***8***/3gK6yK3/14/5****5/5****5/5****5/5****5/14/yR2rK6bK3/***8***/***8***/***8***";
        let red = |seat: &str| {
            let pos = Fimbriation::from_text(&format!("{board} {seat} - - - 0 10")).unwrap();
            evaluate_all(&pos)[0]
        };
        assert!(red("b") + (KING_DOOMED - KING_CHECKED) <= red("g"), "{} vs {}", red("b"), red("g"));
    }

    #[test]
    fn a_capture_loses_its_exchange_only_where_another_seat_can_take_back() {
        // Yellow's Rook a4 takes a Red Knight: on c4, next to Red's King d4, the King takes
        // back (500 lost for 290); on b4 nobody can.
        let capture = |row: &str, token: &str| {
            let board = format!("***8***/***8***/***8***/3gK6yK3/14/5****5/5****5/5****5/5****5/14/{row}/***8***/***8***/***8***");
            let pos = Fimbriation::from_text(&format!("{board} y - - - 0 10")).unwrap();
            let m = pos.parse_move(token).unwrap();
            assert!(pos.is_noisy(m));
            (pos, m)
        };
        let (defended, m) = capture("yR1rNrK6bK3", "a4c4");
        assert!(!defended.see_ge(m, 0));
        assert!(defended.see_ge(m, -210) && !defended.see_ge(m, -209));
        let (free, m) = capture("yRrN1rK6bK3", "a4b4");
        assert!(free.see_ge(m, 0) && free.see_ge(m, 290) && !free.see_ge(m, 291));
    }

    /// [`strengths`] as first written: every cell scanned, each piece added to its owner's sum.
    fn strengths_by_scanning_cells(pos: &Fimbriation) -> [i32; SEATS] {
        let mut s = [0; SEATS];
        for sq in 0..CELLS as u8 {
            let Some(p) = pos.piece_at(sq) else { continue };
            let owner = p.owner().index();
            let role = p.role();
            s[owner] += VALUE[role as usize];
            match role {
                Role::Pawn => {
                    let dir = p.direction();
                    let (start, _) = pawn_lines(dir);
                    s[owner] += PAWN_STEP * (pawn_line_of(dir, sq) as i32 - start as i32).abs();
                }
                Role::Knight => s[owner] += MOBILITY[1] * reach_knight(pos, sq, p.owner()),
                Role::Bishop | Role::Rook | Role::Queen => {
                    let dirs = match role {
                        Role::Rook => 0..4,
                        Role::Bishop => 4..8,
                        _ => 0..8,
                    };
                    let mut reach = 0;
                    for dir in dirs {
                        for &t in RAYS[sq as usize][dir].as_slice() {
                            reach += 1;
                            if pos.piece_at(t).is_some() {
                                break;
                            }
                        }
                    }
                    s[owner] += MOBILITY[role as usize] * reach;
                }
                Role::King => {
                    let shelter = (0..8)
                        .map(|d| STEP[sq as usize][d])
                        .filter(|&t| {
                            t != NO_SQUARE && pos.piece_at(t).is_some_and(|q| q.owner() == p.owner())
                        })
                        .count() as i32;
                    s[owner] += SHELTER * shelter.min(4);
                }
            }
        }
        s
    }

    /// [`king_dangers`] as first written: each seat asked separately whether it attacks the King.
    fn king_dangers_seat_by_seat(pos: &Fimbriation) -> [i32; SEATS] {
        let mut danger = [0; SEATS];
        let to_move = pos.side();
        for seat in 0..SEATS as u8 {
            let seat = Seat(seat);
            let Some(king) = pos.king(seat) else { continue };
            if seat == to_move {
                if pos.in_check() {
                    danger[seat.index()] = IN_CHECK;
                }
                continue;
            }
            danger[seat.index()] = waiting_king_danger(pos, seat, |s| pos.attacked(king, |o| o == s));
        }
        danger
    }

    /// The one-look attacker sets give the same King dangers as asking seat by seat, the
    /// seat-by-seat strengths the same as the cell scan, and the noisy moves generated directly
    /// are the legal moves filtered, along pseudo-random games.
    #[test]
    fn king_dangers_agree_with_asking_each_seat() {
        use rand::{Rng, SeedableRng};
        let mut rng = rand::rngs::StdRng::seed_from_u64(0x1234_5678_9ABC_DEF1u64);
        let mut next = move || rng.gen::<u64>();
        let (mut dangerous, mut noisy_seen) = (0, 0);
        for _game in 0..60 {
            let mut pos = Fimbriation::start();
            for _ply in 0..300 {
                let danger = king_dangers(&pos);
                assert_eq!(danger, king_dangers_seat_by_seat(&pos), "{}", pos.to_text());
                assert_eq!(strengths(&pos), strengths_by_scanning_cells(&pos), "{}", pos.to_text());
                dangerous += usize::from(danger.iter().any(|&d| d > 0));
                let mut moves = MoveList::new();
                pos.legal_moves(&mut moves);
                // Quiescence's direct list is the full list filtered, in the same order.
                let mut noisy = MoveList::new();
                pos.noisy_moves(&mut noisy);
                let filtered: Vec<Move> = moves.iter().copied().filter(|&m| pos.is_noisy(m)).collect();
                assert_eq!(noisy.to_vec(), filtered, "{}", pos.to_text());
                noisy_seen += noisy.len();
                if moves.is_empty() {
                    break;
                }
                pos.play(moves[(next() % moves.len() as u64) as usize]);
            }
        }
        assert!(dangerous > 500 && noisy_seen > 5_000, "{dangerous} positions with a King in danger");
    }
}
