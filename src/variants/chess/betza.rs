//! Betza's notation for piece moves, read at compile time into the attack tables of the 8x8
//! variants. Every piece of every army (A1) is described once, by its Betza string in
//! `armies.rs`; nothing else in the crate spells out how a piece moves.
//!
//! The subset read here:
//! - Atoms: `W` (1,0), `F` (1,1), `D` (2,0), `N` (2,1), `A` (2,2), `H` (3,0), and the compounds
//!   `K` = WF; riders `R` = W repeated, `B` = F repeated, `Q` = K repeated. A number after an atom
//!   is its range: `R4` slides at most four squares, `W4` is the same move.
//! - Direction modifiers before an atom, for White (Black's moves are mirrored across the
//!   middle rank): `f` forward, `b` backward, `l` left, `r` right, `s` = `l` and `r`, `v` = `f`
//!   and `b`. On an orthogonal atom each letter adds its directions. On a diagonal atom `f`, `b`,
//!   `l`, `r` name two directions each and a pair like `fl` names one. On an oblique atom (`N`)
//!   a doubled or combined pair picks two moves (`ff` the narrow forward leaps, `fs` the wide
//!   forward ones, `bb`, `bs`, `ll`, `rr`), `fh`/`bh`/`lh`/`rh` pick a half (four moves), a single
//!   `f`/`b`/`l`/`r` also picks the half, `v` the four narrow and `s` the four wide leaps.
//! - Every move captures as it moves (no `m`/`c` modifiers): that is all the armies need.
//!
//! A leap is never blocked; a slide stops at the first occupied square. Sliding is only along
//! orthogonal or diagonal lines (`R`, `B`, `Q`, or `W`/`F` with a range), which is what lets
//! the tables reuse the magic rook and bishop lookups: a slider's attacks are the rook (bishop)
//! attacks from its square masked by the squares its directions and range allow.

use super::bitboard::Bitboard;

/// Most moves a description can list (a Queen has 8 rays; the Colonel, 4 + 3 + 8 = 15).
const MAX_RAYS: usize = 32;

/// One way of moving, for White: a step of (`df` files, `dr` ranks) repeated up to `range`
/// times (1: a leap).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Ray {
    pub df: i8,
    pub dr: i8,
    pub range: u8,
}

/// The moves of a piece: its rays.
#[derive(Clone, Copy, Debug)]
pub struct Moves {
    rays: [Ray; MAX_RAYS],
    len: usize,
}

impl Moves {
    pub fn rays(&self) -> &[Ray] {
        &self.rays[..self.len]
    }

    pub const fn len(&self) -> usize {
        self.len
    }

    pub const fn is_empty(&self) -> bool {
        self.len == 0
    }

    pub const fn ray(&self, i: usize) -> Ray {
        self.rays[i]
    }

    const fn push(&mut self, ray: Ray) {
        // A direction given twice (`fsRK` lists the forward step in R and in K) is kept once,
        // with the longer range.
        let mut i = 0;
        while i < self.len {
            if self.rays[i].df == ray.df && self.rays[i].dr == ray.dr {
                if ray.range > self.rays[i].range {
                    self.rays[i].range = ray.range;
                }
                return;
            }
            i += 1;
        }
        if self.len == MAX_RAYS {
            panic!("Betza description with too many moves");
        }
        self.rays[self.len] = ray;
        self.len += 1;
    }
}

/// Unlimited range on an 8x8 board.
const UNLIMITED: u8 = 7;

const fn abs(x: i8) -> i8 {
    if x < 0 {
        -x
    } else {
        x
    }
}

/// Whether the modifier letters `mods` admit the move (`df`, `dr`) of an atom.
const fn admits(mods: &[u8], df: i8, dr: i8) -> bool {
    if mods.is_empty() {
        return true;
    }
    let oblique = df != 0 && dr != 0 && abs(df) != abs(dr);
    let diagonal = df != 0 && abs(df) == abs(dr);
    let mut j = 0;
    while j < mods.len() {
        let a = mods[j];
        let b = if j + 1 < mods.len() { mods[j + 1] } else { 0 };
        let narrow = abs(dr) > abs(df);
        let wide = abs(df) > abs(dr);
        // Pairs first: on oblique atoms, and direction pairs on diagonal atoms.
        let pair = if oblique {
            match (a, b) {
                (b'f', b'f') => Some(dr > 0 && narrow),
                (b'b', b'b') => Some(dr < 0 && narrow),
                (b'f', b's') | (b's', b'f') => Some(dr > 0 && wide),
                (b'b', b's') | (b's', b'b') => Some(dr < 0 && wide),
                (b'l', b'l') => Some(df < 0 && wide),
                (b'r', b'r') => Some(df > 0 && wide),
                (b'f', b'h') => Some(dr > 0),
                (b'b', b'h') => Some(dr < 0),
                (b'l', b'h') => Some(df < 0),
                (b'r', b'h') => Some(df > 0),
                _ => None,
            }
        } else if diagonal {
            match (a, b) {
                (b'f' | b'b', b'l' | b'r') => Some(
                    (if a == b'f' { dr > 0 } else { dr < 0 }) && (if b == b'l' { df < 0 } else { df > 0 }),
                ),
                _ => None,
            }
        } else {
            None
        };
        let single = match pair {
            Some(hit) => {
                j += 2;
                hit
            }
            None => {
                j += 1;
                match a {
                    b'f' => dr > 0,
                    b'b' => dr < 0,
                    b'l' => df < 0,
                    b'r' => df > 0,
                    b's' => {
                        if oblique {
                            wide
                        } else {
                            df != 0
                        }
                    }
                    b'v' => {
                        if oblique {
                            narrow
                        } else {
                            dr != 0
                        }
                    }
                    _ => panic!("unsupported Betza modifier"),
                }
            }
        };
        if single {
            return true;
        }
    }
    false
}

/// Adds the moves of the atom with base step (`x`, `y`) (`x` >= `y` >= 0) that `mods` admit.
const fn add_atom(moves: &mut Moves, mods: &[u8], x: i8, y: i8, range: u8) {
    // The 8 symmetric images (fewer for orthogonal and diagonal atoms: duplicates are merged).
    let images: [(i8, i8); 8] = [(x, y), (y, x), (-y, x), (-x, y), (-x, -y), (-y, -x), (y, -x), (x, -y)];
    let mut i = 0;
    while i < 8 {
        let (df, dr) = images[i];
        if admits(mods, df, dr) {
            moves.push(Ray { df, dr, range });
        }
        i += 1;
    }
}

/// Reads a Betza description (the subset in the module docs); an unsupported one fails the build.
pub const fn parse(betza: &str) -> Moves {
    let text = betza.as_bytes();
    let mut moves = Moves { rays: [Ray { df: 0, dr: 0, range: 0 }; MAX_RAYS], len: 0 };
    let mut i = 0;
    while i < text.len() {
        let mods_start = i;
        while i < text.len() && text[i].is_ascii_lowercase() {
            i += 1;
        }
        if i == text.len() {
            panic!("Betza modifiers without an atom");
        }
        let (_, rest) = text.split_at(mods_start);
        let (mods, _) = rest.split_at(i - mods_start);
        let atom = text[i];
        i += 1;
        let mut number: u8 = 0;
        while i < text.len() && text[i].is_ascii_digit() {
            number = number * 10 + (text[i] - b'0');
            i += 1;
        }
        // Riders slide as far as the number says (unlimited without one); a leaper with a
        // number slides that far too (`W4` = `R4`).
        let rider = matches!(atom, b'R' | b'B' | b'Q');
        let range = if number > 0 {
            number
        } else if rider {
            UNLIMITED
        } else {
            1
        };
        match atom {
            b'W' | b'R' => add_atom(&mut moves, mods, 1, 0, range),
            b'F' | b'B' => add_atom(&mut moves, mods, 1, 1, range),
            b'K' | b'Q' => {
                add_atom(&mut moves, mods, 1, 0, range);
                add_atom(&mut moves, mods, 1, 1, range);
            }
            b'D' => add_atom(&mut moves, mods, 2, 0, range),
            b'N' => add_atom(&mut moves, mods, 2, 1, range),
            b'A' => add_atom(&mut moves, mods, 2, 2, range),
            b'H' => add_atom(&mut moves, mods, 3, 0, range),
            _ => panic!("unsupported Betza atom"),
        }
    }
    moves
}

/// A piece's attack tables for one colour: the squares it leaps to, and the squares its
/// orthogonal and diagonal slides may reach on an empty board (masks for the magic lookups).
#[derive(Clone, Copy)]
pub struct AttackTables {
    pub leaps: [Bitboard; 64],
    pub straight: [Bitboard; 64],
    pub diagonal: [Bitboard; 64],
}

impl AttackTables {
    const EMPTY: AttackTables = AttackTables {
        leaps: [Bitboard::EMPTY; 64],
        straight: [Bitboard::EMPTY; 64],
        diagonal: [Bitboard::EMPTY; 64],
    };

    /// The tables for `moves`, for White (`black` false) or Black (ranks mirrored).
    pub const fn build(moves: &Moves, black: bool) -> AttackTables {
        let mut t = AttackTables::EMPTY;
        let mut r = 0;
        while r < moves.len {
            let ray = moves.rays[r];
            let dr = if black { -ray.dr } else { ray.dr };
            let df = ray.df;
            if ray.range > 1 && !(abs(df) <= 1 && abs(dr) <= 1) {
                panic!("only orthogonal and diagonal steps may slide");
            }
            let straight = df == 0 || dr == 0;
            let mut sq = 0;
            while sq < 64 {
                let (mut f, mut rk) = ((sq % 8) as i8, (sq / 8) as i8);
                let mut step = 0;
                while step < ray.range {
                    f += df;
                    rk += dr;
                    if f < 0 || f >= 8 || rk < 0 || rk >= 8 {
                        break;
                    }
                    let bit = 1u64 << (rk * 8 + f);
                    if ray.range == 1 {
                        t.leaps[sq].0 |= bit;
                    } else if straight {
                        t.straight[sq].0 |= bit;
                    } else {
                        t.diagonal[sq].0 |= bit;
                    }
                    step += 1;
                }
                sq += 1;
            }
            r += 1;
        }
        t
    }

    /// Whether the moves are the same seen in a mirror across the d/e line: then the squares
    /// that attack a square are the squares the opposite colour's piece attacks from it.
    pub const fn is_left_right_symmetric(moves: &Moves) -> bool {
        let mut i = 0;
        while i < moves.len {
            let a = moves.rays[i];
            let mut found = false;
            let mut j = 0;
            while j < moves.len {
                let b = moves.rays[j];
                if b.df == -a.df && b.dr == a.dr && b.range == a.range {
                    found = true;
                }
                j += 1;
            }
            if !found {
                return false;
            }
            i += 1;
        }
        true
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn set(betza: &str) -> Vec<(i8, i8, u8)> {
        let mut v: Vec<_> = parse(betza).rays().iter().map(|r| (r.df, r.dr, r.range)).collect();
        v.sort();
        v
    }

    fn leaps(list: &[(i8, i8)]) -> Vec<(i8, i8, u8)> {
        let mut v: Vec<_> = list.iter().map(|&(f, r)| (f, r, 1)).collect();
        v.sort();
        v
    }

    #[test]
    fn atoms_and_ranges() {
        assert_eq!(set("W"), leaps(&[(1, 0), (-1, 0), (0, 1), (0, -1)]));
        assert_eq!(set("N").len(), 8);
        assert_eq!(set("K").len(), 8);
        assert_eq!(set("H"), leaps(&[(3, 0), (-3, 0), (0, 3), (0, -3)]));
        assert!(set("R").iter().all(|&(_, _, range)| range == 7));
        assert!(set("R4").iter().all(|&(_, _, range)| range == 4));
        assert_eq!(set("R4"), set("W4"));
        assert_eq!(set("Q").len(), 8);
        assert_eq!(set("RN").len(), 12);
    }

    #[test]
    fn direction_modifiers() {
        // Orthogonal: letters add directions.
        assert_eq!(set("fsR").iter().map(|r| (r.0, r.1)).collect::<Vec<_>>(), vec![(-1, 0), (0, 1), (1, 0)]);
        assert_eq!(set("bK"), leaps(&[(-1, -1), (0, -1), (1, -1)]));
        assert_eq!(set("sW"), leaps(&[(-1, 0), (1, 0)]));
        assert_eq!(set("bsW"), leaps(&[(-1, 0), (1, 0), (0, -1)]));
        // Diagonal: a single letter names two directions, a pair one.
        assert_eq!(set("fF"), leaps(&[(-1, 1), (1, 1)]));
        assert_eq!(set("flF"), leaps(&[(-1, 1)]));
        // Oblique.
        assert_eq!(set("ffN"), leaps(&[(-1, 2), (1, 2)]));
        assert_eq!(set("ffbbN"), leaps(&[(-1, 2), (1, 2), (-1, -2), (1, -2)]));
        assert_eq!(set("vN"), set("ffbbN"));
        assert_eq!(set("fsN"), leaps(&[(-2, 1), (2, 1)]));
        assert_eq!(set("fhN"), leaps(&[(-1, 2), (1, 2), (-2, 1), (2, 1)]));
        assert_eq!(set("fN"), set("fhN"));
        assert_eq!(set("sN"), leaps(&[(-2, 1), (2, 1), (-2, -1), (2, -1)]));
    }

    #[test]
    fn duplicate_directions_merge_with_the_longer_range() {
        // The Colonel's forward step is in its rook slide and in its King step.
        let colonel = set("fhNfsRK");
        assert_eq!(colonel.len(), 4 + 8);
        assert!(colonel.contains(&(0, 1, 7)) && colonel.contains(&(0, -1, 1)));
    }

    #[test]
    fn tables_mirror_for_black() {
        let moves = parse("fsRbK");
        let white = AttackTables::build(&moves, false);
        let black = AttackTables::build(&moves, true);
        let e4 = 28;
        // White slides up the e-file and along the rank; Black slides down.
        assert_eq!(white.straight[e4].count(), 4 + 7);
        assert_eq!(black.straight[e4].count(), 3 + 7);
        assert_eq!(white.leaps[e4].count(), 3);
        assert!(white.leaps[e4].has(super::super::Square::new(e4 as u8 - 8)));
        assert!(black.leaps[e4].has(super::super::Square::new(e4 as u8 + 8)));
        assert!(AttackTables::is_left_right_symmetric(&moves));
    }
}
