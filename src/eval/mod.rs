//! Evaluation per variant, behind the search's [`crate::search::Searchable`] trait.

pub mod normal;
