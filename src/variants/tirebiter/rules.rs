//! The two games on the Tirebiter core differ in one rule: Nick Danger's forced splitting (T8).

/// What distinguishes `tirebiter` from `nickdanger`.
pub trait Rules: Clone + Send + Sync + std::fmt::Debug + 'static {
    const NAME: &'static str;
    /// T8: a normal piece's non-capturing move goes to every square at its distance that it could
    /// legally reach alone (protocol-docs/variants.md).
    const SPLIT_NON_CAPTURES: bool;
}

#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Tirebiter;

#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct NickDanger;

impl Rules for Tirebiter {
    const NAME: &'static str = "tirebiter";
    const SPLIT_NON_CAPTURES: bool = false;
}

impl Rules for NickDanger {
    const NAME: &'static str = "nickdanger";
    const SPLIT_NON_CAPTURES: bool = true;
}
