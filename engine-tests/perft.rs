//! The generic perft runner: every `engine-tests/perft/<variant>.perft` file, every case, through
//! the registry and the `Game` trait (bulk counting at the leaves). Debug builds skip counts above
//! a node limit; optimised builds (`--profile release-tests`, `--release`) run them all.

mod common;

use jester::core::Game;
use jester::tools::perft;
use jester::variants::{Variant, VariantVisitor};

/// Debug builds are ~30x slower; keep `cargo test` (unoptimised) quick.
const DEBUG_NODE_LIMIT: u64 = 2_000_000;

/// Cases checked without bulk counting too (every leaf played), up to this many nodes.
const PLAYED_NODE_LIMIT: u64 = if cfg!(debug_assertions) { 50_000 } else { 2_000_000 };

/// Counts above this many nodes are split over a thread pool.
const SPLIT_NODE_LIMIT: u64 = 1_000_000;

struct RunFile {
    cases: Vec<common::PerftCase>,
    pool: rayon::ThreadPool,
}

impl VariantVisitor for RunFile {
    /// Failures, one line each, and the number of counts checked.
    type Output = (Vec<String>, usize);

    fn visit<G: Game>(self) -> Self::Output {
        let mut failures = Vec::new();
        let mut checked = 0;
        for case in &self.cases {
            let pos = match G::from_text(&case.epd) {
                Ok(p) => p,
                Err(e) => {
                    failures.push(format!("{}: position rejected: {e}", case.id));
                    continue;
                }
            };
            for &(depth, expected) in &case.counts {
                if cfg!(debug_assertions) && expected > DEBUG_NODE_LIMIT {
                    continue;
                }
                checked += 1;
                // The large counts split their root turns over both cores.
                let got = if expected > SPLIT_NODE_LIMIT && depth > 1 {
                    self.pool.install(|| perft::divide(&pos, depth)).iter().map(|&(_, n)| n).sum()
                } else {
                    perft::perft(&pos, depth)
                };
                if got != expected {
                    failures.push(format!("{} depth {depth}: expected {expected}, got {got}", case.id));
                }
                if expected <= PLAYED_NODE_LIMIT {
                    let played = perft::perft_by_playing(&pos, depth);
                    if played != expected {
                        failures.push(format!(
                            "{} depth {depth} (every leaf played): expected {expected}, got {played}",
                            case.id
                        ));
                    }
                }
            }
        }
        (failures, checked)
    }
}

#[test]
fn perft_files_match() {
    let files = common::perft_files();
    assert!(files.iter().any(|(v, _)| v == "normal"), "normal.perft is missing");
    let mut failures = Vec::new();
    for (name, path) in files {
        let variant = Variant::from_name(&name).unwrap_or_else(|e| panic!("{}: {e}", path.display()));
        let pool = rayon::ThreadPoolBuilder::new().num_threads(2).build().unwrap();
        let (mut f, checked) = variant.dispatch(RunFile { cases: common::read_perft_file(&path), pool });
        assert!(checked > 0, "{name}: no count checked");
        eprintln!("{name}: {checked} counts checked");
        failures.append(&mut f);
    }
    assert!(failures.is_empty(), "perft mismatches:\n{}", failures.join("\n"));
}

#[test]
fn divide_sums_to_perft() {
    let pos = <jester::variants::chess::Chess as Game>::start();
    let pool = rayon::ThreadPoolBuilder::new().num_threads(2).build().unwrap();
    let split = pool.install(|| perft::divide(&pos, 4));
    assert_eq!(split.len(), 20);
    assert_eq!(split.iter().map(|&(_, n)| n).sum::<u64>(), 197_281);
}
