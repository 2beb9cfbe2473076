//! Evaluation weights as data: the value types the parameter sets are made of, a flat view of a
//! set for the tuner (`jester tune`, protocol-docs/cli.md), the Rust text of a set as the params
//! files hold it, and the trace hook through which an evaluation reports which weights it used.
//!
//! Each evaluation family declares its set with [`param_struct!`]: named fields of [`S`] pairs,
//! `i32`s and arrays of them. The values live in one generated file per family in this folder
//! (`normal.rs` ...), which `jester tune --out` rewrites; the fields' meanings are documented
//! where the family declares its struct.

pub mod cwda;
pub mod fightingkings;
pub mod fimbriation;
pub mod firefighter;
pub mod nickdanger;
pub mod normal;
pub mod notachessvariant;
pub mod notachessweak;
pub mod thronekings;
pub mod tirebiter;

use std::ops::{Add, AddAssign, Mul, Neg, Sub, SubAssign};

/// A (middlegame, endgame) pair of centipawn values.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct S(pub i32, pub i32);

impl S {
    pub const ZERO: S = S(0, 0);

    #[inline]
    pub const fn mg(self) -> i32 {
        self.0
    }

    #[inline]
    pub const fn eg(self) -> i32 {
        self.1
    }

    /// `self + other`, usable in `const` items.
    #[inline]
    pub const fn plus(self, other: S) -> S {
        S(self.0 + other.0, self.1 + other.1)
    }

    /// `self * k`, usable in `const` items.
    #[inline]
    pub const fn times(self, k: i32) -> S {
        S(self.0 * k, self.1 * k)
    }
}

impl Add for S {
    type Output = S;
    #[inline]
    fn add(self, o: S) -> S {
        S(self.0 + o.0, self.1 + o.1)
    }
}

impl Sub for S {
    type Output = S;
    #[inline]
    fn sub(self, o: S) -> S {
        S(self.0 - o.0, self.1 - o.1)
    }
}

impl AddAssign for S {
    #[inline]
    fn add_assign(&mut self, o: S) {
        self.0 += o.0;
        self.1 += o.1;
    }
}

impl SubAssign for S {
    #[inline]
    fn sub_assign(&mut self, o: S) {
        self.0 -= o.0;
        self.1 -= o.1;
    }
}

impl Neg for S {
    type Output = S;
    #[inline]
    fn neg(self) -> S {
        S(-self.0, -self.1)
    }
}

impl Mul<i32> for S {
    type Output = S;
    #[inline]
    fn mul(self, k: i32) -> S {
        S(self.0 * k, self.1 * k)
    }
}

/// A value a parameter set is made of: an `i32`, an [`S`] pair, an array of them, or a whole
/// set. Its flat view is a run of `i32` slots in declaration order (an `S` is two: middlegame,
/// then endgame), each with a name such as `material[3].eg`.
pub trait ParamValue: Copy {
    /// How many `i32` slots the flat view holds.
    const SLOTS: usize;
    /// Whether the value is written on one line (`12`, `S(3, 4)`), not a bracketed block.
    const LEAF: bool;
    /// Appends the flat view.
    fn flatten(&self, out: &mut Vec<i32>);
    /// Reads the value back from the flat view, consuming [`ParamValue::SLOTS`] values.
    fn unflatten(&mut self, values: &mut std::slice::Iter<'_, i32>);
    /// Appends the slots' names, each starting with `prefix`.
    fn names(prefix: &str, out: &mut Vec<String>);
    /// Appends the value as Rust text; continuation lines are indented by `indent` levels.
    fn write(&self, out: &mut String, indent: usize);
}

/// The next value of a flat view; a view that is too short is a bug of the caller.
fn next(values: &mut std::slice::Iter<'_, i32>) -> i32 {
    *values.next().expect("flat parameter view shorter than the parameter set")
}

impl ParamValue for i32 {
    const SLOTS: usize = 1;
    const LEAF: bool = true;
    fn flatten(&self, out: &mut Vec<i32>) {
        out.push(*self);
    }
    fn unflatten(&mut self, values: &mut std::slice::Iter<'_, i32>) {
        *self = next(values);
    }
    fn names(prefix: &str, out: &mut Vec<String>) {
        out.push(prefix.to_string());
    }
    fn write(&self, out: &mut String, _indent: usize) {
        out.push_str(&self.to_string());
    }
}

impl ParamValue for S {
    const SLOTS: usize = 2;
    const LEAF: bool = true;
    fn flatten(&self, out: &mut Vec<i32>) {
        out.extend([self.0, self.1]);
    }
    fn unflatten(&mut self, values: &mut std::slice::Iter<'_, i32>) {
        *self = S(next(values), next(values));
    }
    fn names(prefix: &str, out: &mut Vec<String>) {
        out.push(format!("{prefix}.mg"));
        out.push(format!("{prefix}.eg"));
    }
    fn write(&self, out: &mut String, _indent: usize) {
        out.push_str(&format!("S({}, {})", self.0, self.1));
    }
}

/// Leaf values per line in a long array (a piece-square table shows as its 8 ranks).
const PER_LINE: usize = 8;

impl<T: ParamValue, const N: usize> ParamValue for [T; N] {
    const SLOTS: usize = N * T::SLOTS;
    const LEAF: bool = false;
    fn flatten(&self, out: &mut Vec<i32>) {
        self.iter().for_each(|v| v.flatten(out));
    }
    fn unflatten(&mut self, values: &mut std::slice::Iter<'_, i32>) {
        self.iter_mut().for_each(|v| v.unflatten(values));
    }
    fn names(prefix: &str, out: &mut Vec<String>) {
        (0..N).for_each(|i| T::names(&format!("{prefix}[{i}]"), out));
    }
    fn write(&self, out: &mut String, indent: usize) {
        let pad = |out: &mut String, level: usize| out.push_str(&"    ".repeat(level));
        if T::LEAF && N <= PER_LINE {
            out.push('[');
            for (i, v) in self.iter().enumerate() {
                if i > 0 {
                    out.push_str(", ");
                }
                v.write(out, indent);
            }
            out.push(']');
            return;
        }
        out.push_str("[\n");
        let per_line = if T::LEAF { PER_LINE } else { 1 };
        for line in self.chunks(per_line) {
            pad(out, indent + 1);
            for (i, v) in line.iter().enumerate() {
                if i > 0 {
                    out.push(' ');
                }
                v.write(out, indent + 1);
                out.push(',');
            }
            out.push('\n');
        }
        pad(out, indent);
        out.push(']');
    }
}

/// Declares a parameter set: a `#[repr(C)]` struct of [`ParamValue`] fields with the
/// [`ParamValue`] impl that flattens, names and writes it field by field, in order.
macro_rules! param_struct {
    ($(#[$meta:meta])* pub struct $name:ident { $($(#[$fmeta:meta])* pub $field:ident: $ty:ty,)* }) => {
        $(#[$meta])*
        #[derive(Clone, Copy, Debug, PartialEq, Eq)]
        #[repr(C)]
        pub struct $name {
            $($(#[$fmeta])* pub $field: $ty,)*
        }

        impl $crate::eval::params::ParamValue for $name {
            const SLOTS: usize = 0 $(+ <$ty as $crate::eval::params::ParamValue>::SLOTS)*;
            const LEAF: bool = false;
            fn flatten(&self, out: &mut Vec<i32>) {
                $($crate::eval::params::ParamValue::flatten(&self.$field, out);)*
            }
            fn unflatten(&mut self, values: &mut std::slice::Iter<'_, i32>) {
                $($crate::eval::params::ParamValue::unflatten(&mut self.$field, values);)*
            }
            fn names(prefix: &str, out: &mut Vec<String>) {
                let dot = if prefix.is_empty() { "" } else { "." };
                $(<$ty as $crate::eval::params::ParamValue>::names(
                    &format!("{prefix}{dot}{}", stringify!($field)), out);)*
            }
            fn write(&self, out: &mut String, indent: usize) {
                let pad = "    ".repeat(indent + 1);
                out.push_str(concat!(stringify!($name), " {\n"));
                $(
                    out.push_str(&pad);
                    out.push_str(concat!(stringify!($field), ": "));
                    $crate::eval::params::ParamValue::write(&self.$field, out, indent + 1);
                    out.push_str(",\n");
                )*
                out.push_str(&"    ".repeat(indent));
                out.push('}');
            }
        }
    };
}
pub(crate) use param_struct;

/// Whether two names are the same (a `const fn`, unlike `==` on `str`).
pub(crate) const fn same(a: &str, b: &str) -> bool {
    let (a, b) = (a.as_bytes(), b.as_bytes());
    if a.len() != b.len() {
        return false;
    }
    let mut i = 0;
    while i < a.len() {
        if a[i] != b[i] {
            return false;
        }
        i += 1;
    }
    true
}

/// The flat view of a parameter set.
pub fn flatten<P: ParamValue>(p: &P) -> Vec<i32> {
    let mut out = Vec::with_capacity(P::SLOTS);
    p.flatten(&mut out);
    out
}

/// `base` with its flat view replaced by `values` (exactly [`ParamValue::SLOTS`] of them).
pub fn unflatten<P: ParamValue>(base: &P, values: &[i32]) -> P {
    assert_eq!(values.len(), P::SLOTS, "flat parameter view of the wrong length");
    let mut p = *base;
    p.unflatten(&mut values.iter());
    p
}

/// The names of a parameter set's flat slots.
pub fn names<P: ParamValue>() -> Vec<String> {
    let mut out = Vec::with_capacity(P::SLOTS);
    P::names("", &mut out);
    out
}

/// The text of a params file: `params` as the constant `PARAMS` of type `type_name`, which
/// `imports` (a `use` path) brings in; `docs` names the file where the weights are explained.
pub fn params_file<P: ParamValue>(
    variant: &str,
    type_name: &str,
    imports: &str,
    docs: &str,
    params: &P,
) -> String {
    let mut out = format!(
        "//! The `{variant}` evaluation's weights; what each one means: {docs}.\n\
         //! Generated: `jester tune --variant {variant} --out FILE` writes this file (protocol-docs/cli.md).\n\
         \n\
         use {imports};\n\
         \n\
         #[rustfmt::skip]\n\
         pub const PARAMS: {type_name} = "
    );
    params.write(&mut out, 0);
    out.push_str(";\n");
    out
}

/// What an evaluation tells about the weights it adds up. The search evaluates with
/// [`NoTrace`], which does nothing and costs nothing; the tuner with a recorder that counts
/// how often each weight was added (its coefficient), so that the evaluation is the dot
/// product of those counts with the weights.
pub trait Tracer {
    /// Whether anything is recorded: code that only feeds the trace runs behind this.
    const ON: bool;
    /// Weight number `index` of the family's linear weights was added `count` times (negative:
    /// subtracted), White's view.
    fn add(&mut self, index: usize, count: i32);
    /// A part of the score that is not linear in the weights (White's view), kept as it is.
    fn constant(&mut self, s: S);
}

/// The search's tracer: records nothing.
pub struct NoTrace;

impl Tracer for NoTrace {
    const ON: bool = false;
    #[inline(always)]
    fn add(&mut self, _index: usize, _count: i32) {}
    #[inline(always)]
    fn constant(&mut self, _s: S) {}
}

/// The slot of `weight`, a field of `params` (or an element of one), in the flat view: its place
/// among the `i32`s of the struct. Sound because every set is `#[repr(C)]` and made only of
/// `i32`s ([`param_struct!`]), so field order is declaration order with no padding.
pub fn slot_of<P: ParamValue>(params: &P, weight: &i32) -> usize {
    let offset = weight as *const i32 as usize - params as *const P as usize;
    debug_assert!(offset < P::SLOTS * 4, "weight outside its parameter set");
    offset / 4
}

/// The tuner's tracer: a coefficient per linear weight and the non-linear rest.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Coefficients {
    pub counts: Vec<i32>,
    pub constant: S,
}

impl Coefficients {
    pub fn new(weights: usize) -> Coefficients {
        Coefficients { counts: vec![0; weights], constant: S::ZERO }
    }

    /// `Σ count·weight + constant` for `weights` (one [`S`] per coefficient).
    pub fn dot(&self, weights: &[S]) -> S {
        let linear = self.counts.iter().zip(weights).fold(S::ZERO, |acc, (&c, &w)| acc + w * c);
        linear + self.constant
    }
}

/// For tests of evaluation terms: how many times each weight of `params` fired in `trace`, as a
/// function of the weight (`count(&params.some_weight)`).
#[cfg(test)]
pub fn counts_of<P: ParamValue>(params: &'static P, trace: Coefficients) -> impl Fn(&i32) -> i32 {
    move |weight| trace.counts[slot_of(params, weight)]
}

impl Tracer for Coefficients {
    const ON: bool = true;
    fn add(&mut self, index: usize, count: i32) {
        self.counts[index] += count;
    }
    fn constant(&mut self, s: S) {
        self.constant += s;
    }
}
