//! `normal` as the search sees it: evaluation and move-ordering facts.

use crate::core::MoveList;
use crate::search::Searchable;
use crate::variants::chess::attacks::{bishop_attacks, knight_attacks, rook_attacks};
use crate::variants::chess::{movegen, Bitboard, Color, Move, MoveKind, Position, Role, Rules};

/// Piece values for MVV/LVA ordering and static exchange evaluation only (evaluation has its
/// own). The royal King's is above any exchange.
const ORDER_VALUE: [i32; Role::COUNT] =
    [100, 300, 300, 500, 900, 10_000, 330, 500, 300, 450, 850, 480, 300, 400, 900, 400, 300, 450, 900];

/// Every role, cheapest first: the order in which an exchange brings in its attackers.
const ROLES_BY_VALUE: [Role; Role::COUNT] = {
    let mut roles = Role::ALL;
    // Insertion sort (const context): stable, so equal values keep their `Role::ALL` order.
    let mut i = 1;
    while i < roles.len() {
        let mut j = i;
        while j > 0 && ORDER_VALUE[roles[j - 1] as usize] > ORDER_VALUE[roles[j] as usize] {
            let t = roles[j];
            roles[j] = roles[j - 1];
            roles[j - 1] = t;
            j -= 1;
        }
        i += 1;
    }
    roles
};

/// The exchange on `m`'s destination, as [`Searchable::see_ge`] describes: the two sides take
/// turns capturing there with their cheapest attacker, each free to stop, and attackers behind
/// a capturer (x-rays) join as the squares empty. Pins are ignored. Castling, en passant and
/// promotions count as even trades.
fn see_ge<R: Rules>(pos: &Position<R>, m: Move, threshold: i32) -> bool {
    if !matches!(m.kind(), MoveKind::Normal | MoveKind::DoublePush) {
        return threshold <= 0;
    }
    let (from, to) = (m.from(), m.to());
    let value = |role: Role| ORDER_VALUE[role as usize];
    // `swap` is what the side that just moved stands to gain, relative to the threshold.
    let mut swap = pos.piece_at(to).map_or(0, |p| value(p.role)) - threshold;
    if swap < 0 {
        return false;
    }
    let Some(mover) = pos.piece_at(from) else { return false };
    swap = value(mover.role) - swap;
    if swap <= 0 {
        return true;
    }
    let mut occupied = pos.occupied() ^ from.bb() ^ to.bb();
    let mut side = mover.color;
    let mut attackers = pos.attackers_to(to, occupied) & occupied;
    // 1 while the side that moved first is winning the exchange.
    let mut result = true;
    loop {
        side = !side;
        attackers &= occupied;
        let ours = attackers & pos.color_bb(side);
        if ours.is_empty() {
            break;
        }
        result = !result;
        let role =
            ROLES_BY_VALUE.into_iter().find(|&r| (ours & pos.role_bb(r)).nonempty()).unwrap_or(Role::King);
        if role == Role::King {
            // The royal piece may only take last: if the other side still attacks, it cannot.
            if (attackers & pos.color_bb(!side)).nonempty() {
                result = !result;
            }
            break;
        }
        swap = value(role) - swap;
        if swap < i32::from(result) {
            break;
        }
        occupied ^= (ours & pos.role_bb(role)).first().bb();
        attackers = pos.attackers_to(to, occupied) & occupied;
    }
    result
}

/// The squares the side not to move attacks with its cheaper pieces, for ordering quiet moves:
/// a piece attacked by a cheaper one should move, and not onto a square where one attacks it.
/// FIDE pieces only (the other armies' pieces neither count as attackers nor get the bonus).
pub struct Threats {
    /// Squares enemy pawns attack: where a knight or bishop is threatened.
    by_pawns: Bitboard,
    /// ... or enemy knights and bishops: where a rook is threatened.
    by_minors: Bitboard,
    /// ... or enemy rooks: where a queen is threatened.
    by_rooks: Bitboard,
}

/// The ordering bonus (in history units, which run to ±16,384) for moving a knight or bishop,
/// a rook, a queen out of a cheaper attacker's reach; the same is taken off for moving into it.
const ESCAPE_BONUS: [i32; 3] = [2_500, 4_000, 8_000];

fn threats<R: Rules>(pos: &Position<R>) -> Threats {
    let them = !pos.turn();
    let occupied = pos.occupied();
    let by_pawns = super::normal::pawn_attacks_bb(them, pos.pieces(them, Role::Pawn));
    let mut by_minors = by_pawns;
    for sq in pos.pieces(them, Role::Knight) {
        by_minors |= knight_attacks(sq);
    }
    for sq in pos.pieces(them, Role::Bishop) {
        by_minors |= bishop_attacks(sq, occupied);
    }
    let mut by_rooks = by_minors;
    for sq in pos.pieces(them, Role::Rook) {
        by_rooks |= rook_attacks(sq, occupied);
    }
    Threats { by_pawns, by_minors, by_rooks }
}

impl<R: Rules> Searchable for Position<R> {
    type OrderContext = Threats;

    fn order_context(&self) -> Threats {
        threats(self)
    }

    fn quiet_order(&self, threats: &Threats, m: Move) -> i32 {
        let Some(piece) = self.piece_at(m.from()) else { return 0 };
        let (threatened, bonus) = match piece.role {
            Role::Knight | Role::Bishop => (threats.by_pawns, ESCAPE_BONUS[0]),
            Role::Rook => (threats.by_minors, ESCAPE_BONUS[1]),
            Role::Queen => (threats.by_rooks, ESCAPE_BONUS[2]),
            _ => return 0,
        };
        match (threatened.has(m.from()), threatened.has(m.to())) {
            (true, false) => bonus,
            (false, true) => -bonus,
            _ => 0,
        }
    }

    fn evaluate(&self) -> i32 {
        super::normal::evaluate(self)
    }

    fn in_check(&self) -> bool {
        Position::in_check(self)
    }

    fn is_noisy(&self, m: Move) -> bool {
        self.piece_at(m.to()).is_some() || matches!(m.kind(), MoveKind::EnPassant | MoveKind::Promotion(_))
    }

    fn noisy_moves(&self, out: &mut MoveList<Move>) {
        movegen::noisy_moves(self, out);
    }

    fn quiescence_moves(&self, in_check: bool, out: &mut MoveList<Move>) -> bool {
        if in_check {
            movegen::legal_moves(self, out);
            return !out.is_empty();
        }
        movegen::noisy_moves(self, out);
        // Without a capture, whether any move exists at all (a stalemate is terminal).
        !out.is_empty() || movegen::count_legal_moves(self) > 0
    }

    fn noisy_order(&self, m: Move) -> i32 {
        let victim = match m.kind() {
            MoveKind::EnPassant => ORDER_VALUE[Role::Pawn as usize],
            _ => self.piece_at(m.to()).map_or(0, |p| ORDER_VALUE[p.role as usize]),
        };
        let attacker = self.piece_at(m.from()).map_or(0, |p| ORDER_VALUE[p.role as usize]);
        let promotion = m.promotion().map_or(0, |r| ORDER_VALUE[r as usize]);
        victim * 16 + promotion * 16 - attacker
    }

    fn see_ge(&self, m: Move, threshold: i32) -> bool {
        see_ge(self, m, threshold)
    }

    fn null_move(&self) -> Option<Self> {
        // Zugzwang guard: with only king and pawns, passing is no proof of anything.
        let us = self.turn();
        let pieces = self.color_bb(us) & !self.role_bb(Role::Pawn) & !self.role_bb(Role::King);
        if pieces.is_empty() || Position::in_check(self) {
            return None;
        }
        Some(self.passed())
    }

    fn history_index(&self, m: Move) -> usize {
        let piece = self.piece_at(m.from()).map_or(0, |p| p.color as usize * Role::COUNT + p.role as usize);
        piece * 64 + m.to().index()
    }

    fn pack_move(m: Move) -> u32 {
        m.bits()
    }

    fn correction_key(&self) -> Option<u64> {
        // The pawn structure: each colour's pawns, mixed so that every bit of the key depends on
        // every pawn (the table takes a slice of its bits).
        let pawns = self.role_bb(Role::Pawn);
        let white = (self.color_bb(Color::White) & pawns).0;
        let black = (self.color_bb(Color::Black) & pawns).0;
        Some(mix64(white ^ mix64(black)))
    }

    fn draw_by_rule(&self) -> bool {
        if !R::ARMIES && self.is_insufficient_material() {
            return true;
        }
        // The 100th reversible ply draws unless it delivered mate.
        self.halfmove_clock() >= 100 && !(Position::in_check(self) && movegen::count_legal_moves(self) == 0)
    }
}

/// A 64-bit finalising mix (full avalanche: each input bit flips each output bit half the time).
#[inline]
fn mix64(mut x: u64) -> u64 {
    x ^= x >> 33;
    x = x.wrapping_mul(0xFF51_AFD7_ED55_8CCD);
    x ^= x >> 33;
    x = x.wrapping_mul(0xC4CE_B9FE_1A85_EC53);
    x ^ (x >> 33)
}

#[cfg(test)]
mod tests {
    use crate::core::Game;
    use crate::search::Searchable;
    use crate::variants::chess::{FightingKings, Position};

    /// The exact exchange value of `token` in `fen`: `see_ge` holds at it and fails one above.
    fn assert_see<G: Game + Searchable>(fen: &str, token: &str, value: i32) {
        let pos = G::from_text(fen).unwrap();
        let m = pos.parse_move(token).unwrap();
        assert!(pos.see_ge(m, value), "{fen} {token}: exchange should win at least {value}");
        assert!(!pos.see_ge(m, value + 1), "{fen} {token}: exchange should win no more than {value}");
    }

    /// Quiet moves of a piece that a cheaper enemy piece attacks come first when they take it
    /// out of reach, and moves into such reach come last; pawns and kings are not ranked so.
    #[test]
    fn quiet_moves_escape_cheaper_attackers() {
        let order = |fen: &str, token: &str| {
            let pos = crate::variants::chess::Chess::from_text(fen).unwrap();
            let m = pos.parse_move(token).unwrap();
            pos.quiet_order(&pos.order_context(), m)
        };
        // The e5 knight, attacked by the d6 pawn: away to g4 (safe), or to c4 (the b5 pawn's).
        let knight = "4k3/8/3p4/1p2N3/8/8/8/4K3 w - - 0 1";
        assert!(order(knight, "e5g4") > 0);
        assert_eq!(order(knight, "e5c4"), 0);
        // A knight not attacked: to safe squares, nothing; into the b5 pawn's reach, less.
        let calm = "4k3/8/8/1p6/8/8/8/4KN2 w - - 0 1";
        assert_eq!(order(calm, "f1d2"), 0);
        assert_eq!(order(calm, "f1e3"), 0);
        assert!(order("4k3/8/8/1p6/8/8/3N4/4K3 w - - 0 1", "d2c4") < 0);
        // The dearer the threatened piece, the larger the bonus for its escape.
        assert!(order("4k3/8/8/8/b7/8/8/3QK3 w - - 0 1", "d1f3") > order(knight, "e5g4"));
        // The d1 queen, attacked by the a4 bishop: a rook's reach is a queen's threat too.
        let queen = "3rk3/8/8/8/b7/8/8/3QK3 w - - 0 1";
        assert!(order(queen, "d1f3") > 0);
        // From one threat into another (the d8 rook's file): no gain.
        assert_eq!(order(queen, "d1d2"), 0);
        // A rook escapes pawns and minors, not a queen, which is dearer.
        assert!(order("4k3/8/8/8/8/1p6/R7/4K3 w - - 0 1", "a2a3") > 0);
        assert!(order("4k3/8/8/8/8/2n5/R7/4K3 w - - 0 1", "a2a3") > 0);
        assert_eq!(order("4k3/8/8/8/8/8/R6q/4K3 w - - 0 1", "a2a3"), 0);
        // Pawns and the king are not ranked by threats.
        assert_eq!(order("4k3/8/8/3p4/4P3/8/8/4K3 w - - 0 1", "e4e5"), 0);
    }

    /// The correction key is the pawn structure: moving a piece leaves it, any pawn changes it,
    /// and the correction table's slot (the key's high bits) sees pawns on every rank.
    #[test]
    fn the_correction_key_is_the_pawn_structure() {
        let key =
            |fen: &str| crate::variants::chess::Chess::from_text(fen).unwrap().correction_key().unwrap();
        let start = key("rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1");
        assert_eq!(start, key("rnbqkbnr/pppppppp/8/8/8/5N2/PPPPPPPP/RNBQKB1R b KQkq - 1 1"));
        let slot = |k: u64| k >> 50;
        for other in [
            "rnbqkbnr/ppppp1pp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1", // f7 gone
            "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPP1/RNBQKBNR w KQkq - 0 1", // h2 gone
            "rnbqkbnr/pppppppp/8/8/8/7P/PPPPPPP1/RNBQKBNR w KQkq - 0 1", // h2-h3
        ] {
            assert_ne!(slot(key(other)), slot(start), "{other}");
        }
        // A White and a Black pawn on one square are different structures.
        assert_ne!(key("4k3/8/8/8/4P3/8/8/4K3 w - - 0 1"), key("4k3/8/8/8/4p3/8/8/4K3 w - - 0 1"));
    }

    #[test]
    fn exchanges_follow_cheapest_attacker_first_with_x_rays() {
        // An undefended pawn.
        assert_see::<Position>("1k1r4/1pp4p/p7/4p3/8/P5P1/1PP4P/2K1R3 w - - 0 1", "e1e5", 100);
        // NxP, NxN, RxN, BxR, QxB (the Queen behind the Rook), and Black's Queen behind the
        // Bishop would win the White Queen: White stops after NxN, net pawn minus knight.
        assert_see::<Position>("1k1r3q/1ppn3p/p4b2/4p3/8/P2N2P1/1PP1R1BP/2K1Q3 w - - 0 1", "d3e5", -200);
        // A quiet move onto a square a pawn guards loses the piece; elsewhere it is even.
        assert_see::<Position>("4k3/8/3p4/8/8/8/1B6/4K1N1 w - - 0 1", "b2e5", -300);
        assert_see::<Position>("4k3/8/3p4/8/8/8/1B6/4K1N1 w - - 0 1", "g1e2", 0);
        assert_see::<Position>("4k3/8/8/3p4/8/8/5N2/4K3 w - - 0 1", "f2e4", -300);
        // The King may only take last: it wins the Rook alone, not when a Bishop guards it.
        assert_see::<Position>("8/8/4k3/3p4/8/8/8/3RK3 w - - 0 1", "d1d5", 100 - 500);
        assert_see::<Position>("8/8/4k3/3p4/8/1B6/8/3RK3 w - - 0 1", "d1d5", 100);
    }

    #[test]
    fn the_royal_pawn_takes_last_like_a_king() {
        // Fighting Kings: the Royal Pawn (K) captures like a pawn, last in an exchange.
        let fen = "4k3/8/8/8/3p4/2p5/1P1K4/8 w - - 0 1";
        assert_see::<Position<FightingKings>>(fen, "b2c3", 100);
        let guarded_twice = "4k3/8/8/b7/3p4/2p5/1P1K4/8 w - - 0 1";
        assert_see::<Position<FightingKings>>(guarded_twice, "b2c3", 0);
    }
}
