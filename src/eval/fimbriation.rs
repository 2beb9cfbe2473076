//! Fimbriation as the multi-seat search sees it: a strength per seat (material, pawn progress,
//! mobility, king shelter) and the danger of each King, turned into one score per seat.
//!
//! A seat's score is its strength minus the mean strength of its live opponents. Recruitment
//! (M7) is what makes this the right shape: a seat that eliminates another doubles its army, so
//! a rival's elimination of a third seat shows up as a loss, and our own as a gain.

use super::params::{flatten, names, param_struct, slot_of, unflatten, Coefficients, NoTrace, Tracer};
use super::tuning::{Linear, Tunable};
use crate::core::{MoveList, Seat};
use crate::search::Searchable;
use crate::variants::fimbriation::board::{
    is_diagonal, CellSet, Square, CELLS, KNIGHT, NO_SQUARE, RAYS, STEP,
};
use crate::variants::fimbriation::{
    pawn_line_of, pawn_lines, Fimbriation, Move, MoveKind, Role, NO_PROGRESS_PLIES, SEATS,
};

param_struct! {
    /// Fimbriation's evaluation weights (centipawns, a seat's own view); the values are in
    /// src/eval/params/fimbriation.rs, which `jester tune` rewrites.
    pub struct FimbriationParams {
        /// Material, by role (P N B R Q K). Knights and Bishops lose some reach to One Foot in
        /// the Grave (M3) near the block corners; the values stay near FIDE's because most of
        /// the board is inside one block. Also the exchange test's values.
        pub value: [i32; 6],
        /// Per square a piece reaches (mobility), by role (Knight to Queen).
        pub mobility: [i32; 6],
        /// Per step a pawn has advanced from its start line (promotion after six).
        pub pawn_step: i32,
        /// Per own piece next to the King (at most four count).
        pub shelter: i32,
        /// A King attacked now by a seat whose turn comes before its own: unless a seat in
        /// between blocks or captures, it is removed (M7). Most of an army's worth.
        pub king_doomed: i32,
        /// A King attacked by a seat that moves after it: it must spend its move escaping.
        pub king_checked: i32,
        /// The seat to move is in check: it must answer now.
        pub in_check: i32,
    }
}

/// The compiled weights.
const PARAMS: FimbriationParams = crate::eval::params::fimbriation::PARAMS;
/// Material by role, for the exchange test.
const VALUE: [i32; 6] = PARAMS.value;

/// Ordering values for MVV/LVA.
const ORDER_VALUE: [i32; 6] = [100, 300, 300, 500, 900, 10_000];

/// The strength of every seat (0 for eliminated ones).
fn strengths(pos: &Fimbriation, w: &FimbriationParams) -> [i32; SEATS] {
    std::array::from_fn(|seat| strength(pos, Seat(seat as u8), w, &mut NoTrace))
}

/// One seat's strength with weights `w`, reporting the weights it adds (numbered as
/// [`FimbriationParams`]' flat view) to `trace`: its pieces summed in a local, not in a shared
/// array indexed by owner, so that each piece's terms do not wait on the previous piece's store.
/// Inlined, so that the search's copy reads the compiled weights as constants.
#[inline(always)]
fn strength<T: Tracer>(pos: &Fimbriation, seat: Seat, w: &FimbriationParams, trace: &mut T) -> i32 {
    let index = |weight: &i32| slot_of(w, weight);
    let mut total = 0;
    for sq in pos.pieces_of(seat) {
        let Some(p) = pos.piece_at(sq) else { continue };
        let role = p.role();
        total += w.value[role as usize];
        trace.add(index(&w.value[role as usize]), 1);
        match role {
            Role::Pawn => {
                let dir = p.direction();
                let (start, _) = pawn_lines(dir);
                let steps = (pawn_line_of(dir, sq) as i32 - start as i32).abs();
                total += w.pawn_step * steps;
                trace.add(index(&w.pawn_step), steps);
            }
            Role::Knight => {
                let reach = reach_knight(pos, sq, seat);
                total += w.mobility[1] * reach;
                trace.add(index(&w.mobility[1]), reach);
            }
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
                total += w.mobility[role as usize] * reach;
                trace.add(index(&w.mobility[role as usize]), reach);
            }
            Role::King => {
                let shelter = (0..8)
                    .map(|d| STEP[sq as usize][d])
                    .filter(|&t| t != NO_SQUARE && pos.piece_at(t).is_some_and(|q| q.owner() == seat))
                    .count() as i32;
                total += w.shelter * shelter.min(4);
                trace.add(index(&w.shelter), shelter.min(4));
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

/// How much danger a King is in, given who moves next.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Danger {
    None,
    /// Its seat is to move and attacked by another: it must answer now.
    InCheck,
    /// Attacked by a seat that moves after it: it must spend its move escaping.
    Checked,
    /// Attacked by a seat whose turn comes before its own: removed unless a seat in between
    /// helps (M7).
    Doomed,
}

impl Danger {
    /// The weight this danger costs, if any.
    fn weight(self, w: &FimbriationParams) -> Option<&i32> {
        match self {
            Danger::None => None,
            Danger::InCheck => Some(&w.in_check),
            Danger::Checked => Some(&w.king_checked),
            Danger::Doomed => Some(&w.king_doomed),
        }
    }
}

/// The danger each King is in for the attacks on it, given who moves next.
fn king_dangers(pos: &Fimbriation) -> [Danger; SEATS] {
    let mut danger = [Danger::None; SEATS];
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
                danger[seat.index()] = Danger::InCheck;
            }
            continue;
        }
        danger[seat.index()] = waiting_king_danger(pos, seat, attacks);
    }
    danger
}

/// The danger of the King of `seat`, whose seat is not to move, given which seats attack it
/// (`attacks`): doomed if a live seat whose turn falls after the one to move and before
/// `seat`'s attacks it, else checked if any other live seat does. Shared by the evaluation and
/// by the test that checks its one-look attacker sets.
fn waiting_king_danger(pos: &Fimbriation, seat: Seat, attacks: impl Fn(Seat) -> bool) -> Danger {
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
        Danger::Doomed
    } else if checked {
        Danger::Checked
    } else {
        Danger::None
    }
}

/// The score of every seat: its strength minus the mean of its live opponents'.
pub fn evaluate_all(pos: &Fimbriation) -> [i32; SEATS] {
    evaluate_all_with(pos, &PARAMS)
}

/// [`evaluate_all`] with weights `w`. Inlined, so that the search's copy reads the compiled
/// weights as constants.
#[inline(always)]
fn evaluate_all_with(pos: &Fimbriation, w: &FimbriationParams) -> [i32; SEATS] {
    let mut strength = strengths(pos, w);
    let danger = king_dangers(pos);
    for i in 0..SEATS {
        strength[i] -= danger[i].weight(w).copied().unwrap_or(0);
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

/// Each live seat's score as a linear function of the flat weights (what the tuner fits): its
/// own traced strength and King danger minus the mean of its live opponents'. `None` for seats
/// out of play. Exact but for the search's integer division of the mean.
fn seat_forms(pos: &Fimbriation) -> [Option<Linear>; SEATS] {
    let slots = <FimbriationParams as super::params::ParamValue>::SLOTS;
    let dangers = king_dangers(pos);
    let live: Vec<usize> = (0..SEATS).filter(|&i| pos.is_live(Seat(i as u8))).collect();
    let own: Vec<Coefficients> = (0..SEATS)
        .map(|i| {
            let mut trace = Coefficients::new(slots);
            if live.contains(&i) {
                strength(pos, Seat(i as u8), &PARAMS, &mut trace);
                if let Some(weight) = dangers[i].weight(&PARAMS) {
                    trace.add(slot_of(&PARAMS, weight), -1);
                }
            }
            trace
        })
        .collect();
    std::array::from_fn(|i| {
        if !live.contains(&i) {
            return None;
        }
        let mut coefficients: Vec<f32> = own[i].counts.iter().map(|&c| c as f32).collect();
        let opponents = live.len() - 1;
        for &j in live.iter().filter(|&&j| j != i) {
            for (slot, &c) in own[j].counts.iter().enumerate() {
                coefficients[slot] -= c as f32 / opponents as f32;
            }
        }
        let terms = coefficients
            .iter()
            .enumerate()
            .filter(|&(_, &c)| c != 0.0)
            .map(|(slot, &c)| (slot as u32, c))
            .collect();
        Some(Linear { terms, constant: 0.0 })
    })
}

impl Tunable for Fimbriation {
    fn params_path() -> String {
        "src/eval/params/fimbriation.rs".into()
    }

    fn weight_names() -> Vec<String> {
        names::<FimbriationParams>()
    }

    fn weights() -> Vec<i32> {
        flatten(&PARAMS)
    }

    /// The seat to move's score (four seats have no White's view).
    fn linear(&self) -> Linear {
        seat_forms(self)[self.side().index()].clone().unwrap_or_default()
    }

    fn seat_linears(&self) -> Vec<(usize, Linear)> {
        seat_forms(self).into_iter().enumerate().filter_map(|(i, l)| l.map(|l| (i, l))).collect()
    }

    fn evaluate_with_weights(&self, weights: &[i32]) -> i32 {
        evaluate_all_with(self, &unflatten(&PARAMS, weights))[self.side().index()]
    }

    fn params_file(weights: &[i32]) -> String {
        let params = unflatten(&PARAMS, weights);
        let imports = "crate::eval::fimbriation::FimbriationParams";
        super::params::params_file(
            "fimbriation",
            "FimbriationParams",
            imports,
            "src/eval/fimbriation.rs",
            &params,
        )
    }
}

/// The squares from which a piece of the seat to move would attack another live seat's King,
/// by kind of attack: worked out once a node to find the quiet moves that give check.
pub struct CheckSquares {
    knight: CellSet,
    orthogonal: CellSet,
    diagonal: CellSet,
}

/// Ordering bonus of a quiet move that attacks another seat's King: above every history score
/// of the four-seat search (at most 100,000), below its killers (900,000). A King left attacked
/// must spend its seat's turn escaping, and one that cannot is removed with its army going to
/// the attacker (M7).
const CHECK_ORDER: i32 = 200_000;

impl Searchable for Fimbriation {
    type OrderContext = CheckSquares;

    /// Walks out from every other King along the rays that attack detection reads
    /// (`attacked_on` looks from the attacked square the same way), so a square is listed
    /// exactly when a piece of that kind standing there would attack the King.
    fn order_context(&self) -> CheckSquares {
        let us = self.side();
        let mut squares = CheckSquares {
            knight: CellSet::default(),
            orthogonal: CellSet::default(),
            diagonal: CellSet::default(),
        };
        for seat in (0..SEATS as u8).map(Seat).filter(|&s| s != us) {
            let Some(king) = self.king(seat) else { continue };
            for &t in KNIGHT[king as usize].as_slice() {
                squares.knight.insert(t);
            }
            for (dir, ray) in RAYS[king as usize].iter().enumerate() {
                let set = if is_diagonal(dir) { &mut squares.diagonal } else { &mut squares.orthogonal };
                for &t in ray.as_slice() {
                    set.insert(t);
                    if self.piece_at(t).is_some() {
                        break;
                    }
                }
            }
        }
        squares
    }

    /// Quiet moves that attack another seat's King directly come before every other quiet
    /// move but the killers (discovered attacks, pawns' attacks and a castling Rook's are
    /// not looked for).
    fn quiet_order(&self, squares: &CheckSquares, m: Move) -> i32 {
        if m.kind == MoveKind::Pass {
            return 0;
        }
        let gives_check = match self.piece_at(m.from).map(|p| p.role()) {
            Some(Role::Knight) => squares.knight.contains(m.to),
            Some(Role::Bishop) => squares.diagonal.contains(m.to),
            Some(Role::Rook) => squares.orthogonal.contains(m.to),
            Some(Role::Queen) => squares.diagonal.contains(m.to) || squares.orthogonal.contains(m.to),
            _ => false,
        };
        if gives_check {
            CHECK_ORDER
        } else {
            0
        }
    }

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

    /// The position with the seat to move passing its turn: the four-seat quiescence's way to
    /// let the next seat act when this one does not capture (src/search/multi.rs). It passes
    /// even in check: the quiescence asks only for seats not in check, and the two-seat search,
    /// whose null move would need the trait's guards, never searches Fimbriation.
    fn null_move(&self) -> Option<Self> {
        let mut passed = self.clone();
        passed.apply(Move::PASS);
        Some(passed)
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
        let gap = PARAMS.king_doomed - PARAMS.king_checked;
        assert!(red("b") + gap <= red("g"), "{} vs {}", red("b"), red("g"));
    }

    #[test]
    fn quiet_moves_that_attack_a_king_are_the_ones_ordered_as_checks() {
        use rand::rngs::StdRng;
        use rand::{Rng, SeedableRng};
        // Along random games: every quiet move ordered as a check leaves another seat's King
        // attacked by the mover's seat (which attacks none when its turn starts, M7), and
        // every Knight move that lands a leap from another King is ordered as one.
        let mut rng = StdRng::seed_from_u64(5);
        let (mut flagged, mut knight_checks) = (0, 0);
        for _game in 0..30 {
            let mut pos = Fimbriation::start();
            for _ply in 0..300 {
                if pos.outcome().is_some() {
                    break;
                }
                let mut moves = MoveList::new();
                pos.legal_moves(&mut moves);
                let squares = pos.order_context();
                let us = pos.side();
                for &m in moves.iter().filter(|&&m| !pos.is_noisy(m) && m.kind != MoveKind::Pass) {
                    let mut after = pos.clone();
                    after.apply(m);
                    let checks = (0..SEATS as u8)
                        .map(Seat)
                        .filter(|&s| s != us)
                        .any(|s| after.king(s).is_some_and(|k| after.attacked(k, |owner| owner == us)));
                    if pos.quiet_order(&squares, m) == CHECK_ORDER {
                        flagged += 1;
                        assert!(checks, "{} {m:?}", pos.to_text());
                    }
                    // A Knight landing a leap from another King checks it directly.
                    let knight_check = pos.piece_at(m.from).is_some_and(|p| p.role() == Role::Knight)
                        && (0..SEATS as u8).map(Seat).filter(|&s| s != us).any(|s| {
                            pos.king(s).is_some_and(|k| KNIGHT[k as usize].as_slice().contains(&m.to))
                        });
                    if knight_check {
                        knight_checks += 1;
                        assert_eq!(pos.quiet_order(&squares, m), CHECK_ORDER, "{} {m:?}", pos.to_text());
                    }
                }
                pos.play(moves[rng.gen_range(0..moves.len())]);
            }
        }
        assert!(flagged > 100 && knight_checks > 10, "{flagged} {knight_checks}");
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
                    s[owner] += PARAMS.pawn_step * (pawn_line_of(dir, sq) as i32 - start as i32).abs();
                }
                Role::Knight => s[owner] += PARAMS.mobility[1] * reach_knight(pos, sq, p.owner()),
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
                    s[owner] += PARAMS.mobility[role as usize] * reach;
                }
                Role::King => {
                    let shelter = (0..8)
                        .map(|d| STEP[sq as usize][d])
                        .filter(|&t| {
                            t != NO_SQUARE && pos.piece_at(t).is_some_and(|q| q.owner() == p.owner())
                        })
                        .count() as i32;
                    s[owner] += PARAMS.shelter * shelter.min(4);
                }
            }
        }
        s
    }

    /// [`king_dangers`] as first written: each seat asked separately whether it attacks the King.
    fn king_dangers_seat_by_seat(pos: &Fimbriation) -> [Danger; SEATS] {
        let mut danger = [Danger::None; SEATS];
        let to_move = pos.side();
        for seat in 0..SEATS as u8 {
            let seat = Seat(seat);
            let Some(king) = pos.king(seat) else { continue };
            if seat == to_move {
                if pos.in_check() {
                    danger[seat.index()] = Danger::InCheck;
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
                assert_eq!(strengths(&pos, &PARAMS), strengths_by_scanning_cells(&pos), "{}", pos.to_text());
                dangerous += usize::from(danger.iter().any(|&d| d != Danger::None));
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
