//! `jester show --svg`: the picture is well-formed XML (read back with an XML parser) and holds
//! what the position holds, for every playable variant; the README's pictures are what the
//! command makes today.

use std::collections::BTreeMap;
use std::path::PathBuf;
use std::process::Command;

/// One picture per variant: the position and what it must show.
struct Case {
    variant: &'static str,
    fen: &'static str,
    squares: usize,
    pieces: usize,
    wires: usize,
    /// Other element classes that must appear, with their counts.
    classes: &'static [(&'static str, usize)],
}

const CASES: &[Case] = &[
    Case {
        variant: "normal",
        fen: "rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq - 0 1",
        squares: 64,
        pieces: 32,
        wires: 0,
        classes: &[("coordinate", 16)],
    },
    Case {
        variant: "fightingkings",
        fen: "rnbqkbnr/ppppcppp/4p3/8/8/4P3/PPPPCPPP/RNBQKBNR w KQkq - 0 1",
        squares: 64,
        pieces: 34,
        wires: 0,
        classes: &[],
    },
    Case {
        // The FIDE King behind the Fighting King (K2).
        variant: "thronekings",
        fen: "rnbqkbnr/ppp1cppp/4p3/3p4/3P4/4P3/PPP1CPPP/RNBQKBNR w KQkq - 0 2",
        squares: 64,
        pieces: 34,
        wires: 0,
        classes: &[],
    },
    Case {
        // A crowd of a white and a black Knight on c6, a burning pawn on e5, a declared
        // Firefighter on f3.
        variant: "firefighter",
        fen: "r1bqk2r/pppp1ppp/2(Nn)2n2/4p!3/2B1P3/5N~2/PPPP1PPP/R1BQK2R b KQkq - 3 5 A",
        squares: 64,
        pieces: 31,
        wires: 0,
        classes: &[("burning", 1), ("firefighter", 1), ("fire", 1), ("firefighter-mark", 1)],
    },
    Case {
        // A Tirebiter Knight on e5, f6 and h6: three squares, two links.
        variant: "tirebiter",
        fen: "rnbqkbnr/pppp2p1/5N1N/4N3/8/8/PPPPPPPP/RNBQKB1R b KQkq - 0 4 e5,f6,h6",
        squares: 64,
        pieces: 31,
        wires: 0,
        classes: &[("link", 2)],
    },
    Case {
        // Both sides' Knights split by their first moves (a3,c3 and f6,h6): two links.
        variant: "nickdanger",
        fen: "rnbqkb1r/pppppppp/5n1n/8/8/N1N5/PPPPPPPP/R1BQKBNR w KQkq - 2 2 a3,c3;f6,h6",
        squares: 64,
        // A piece on two squares is drawn on each: 30 + 2 x 2.
        pieces: 34,
        wires: 0,
        classes: &[("link", 2)],
    },
    Case {
        variant: "notachessvariant",
        fen: "**akca*/r3e1*/4d2/1Rd4/7/*1ED1rR/*ACKA** w a5w,b1w,b2e,b2n,b2w,b3n,b5n,c1e,c1s,c2e,c3n,c5n,c7e,d2e,d3n,d5n,e3n,e5n,f3n,f5n,f7n,g3e 0 8",
        squares: 41,
        pieces: 17,
        wires: 22,
        classes: &[("coordinate", 14)],
    },
    Case {
        // After the openings, a loop of six wires around c4 and c5, which only the weak loop
        // rule keeps (N11).
        variant: "notachessweak",
        fen: "**akca*/redder*/7/7/7/*REDDER/*ACKA** w b3n,b4e,b5e,b5n,c3n,c4e,c5e,c5n,d3n,d5n,e3n,e5n,f3n,f5n 4 3",
        squares: 41,
        pieces: 20,
        wires: 14,
        classes: &[("coordinate", 14)],
    },
    Case {
        // Two rounds played: every seat's army in its own colour on the cross.
        variant: "fimbriation",
        fen: "***gRgP4yPyR***/***gBgP4yPyN***/***gQgP4yPyB***/gR1gBgKgP2yP2yKyQyByR/1gPgPgPgN4yNyP1yPyP/gP1gN2****5/5****2yP2/3rP1****1bP3/5****5/rPrPrP1rN4bN1bPbPbP/rRrBrQrKrP2bP2bKbBbNbR/***rBrP4bPbQ***/***rNrP4bPbB***/***rR2rP2bPbR*** r rKrQbKbQyKyQgKgQ bk6,yi11 - 1 3",
        squares: 144,
        pieces: 64,
        wires: 0,
        classes: &[("coordinate", 28)],
    },
];

fn jester() -> Command {
    Command::new(env!("CARGO_BIN_EXE_jester"))
}

fn picture(case: &Case, path: &PathBuf) -> String {
    let out = jester()
        .args(["show", "--variant", case.variant, "--fen", case.fen, "--svg"])
        .arg(path)
        .output()
        .expect("jester runs");
    assert!(out.status.success(), "{}: {}", case.variant, String::from_utf8_lossy(&out.stderr));
    std::fs::read_to_string(path).expect("the picture was written")
}

/// Counts the elements of each class (an element may have several classes).
fn classes(svg: &str) -> BTreeMap<String, usize> {
    let doc = roxmltree::Document::parse(svg).unwrap_or_else(|e| panic!("not well-formed: {e}\n{svg}"));
    assert_eq!(doc.root_element().tag_name().name(), "svg");
    let mut counts = BTreeMap::new();
    for node in doc.descendants().filter(|n| n.is_element()) {
        for class in node.attribute("class").unwrap_or_default().split_whitespace() {
            *counts.entry(class.to_string()).or_insert(0) += 1;
        }
    }
    counts
}

#[test]
fn every_variant_draws_a_well_formed_picture_of_its_position() {
    let dir = std::env::temp_dir().join(format!("jester-svg-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    for case in CASES {
        let svg = picture(case, &dir.join(format!("{}.svg", case.variant)));
        let counts = classes(&svg);
        let count = |class: &str| counts.get(class).copied().unwrap_or(0);
        assert_eq!(count("square"), case.squares, "{}: squares", case.variant);
        assert_eq!(count("piece"), case.pieces, "{}: pieces", case.variant);
        assert_eq!(count("wire"), case.wires, "{}: wires", case.variant);
        for &(class, n) in case.classes {
            assert_eq!(count(class), n, "{}: {class}", case.variant);
        }
    }
    let _ = std::fs::remove_dir_all(&dir);
}

#[test]
fn holes_are_left_out() {
    let case = CASES.iter().find(|c| c.variant == "notachessvariant").unwrap();
    let path = std::env::temp_dir().join(format!("jester-svg-holes-{}.svg", std::process::id()));
    let svg = picture(case, &path);
    let _ = std::fs::remove_file(&path);
    for hole in ["a1", "f1", "g1", "a2", "g6", "a7", "b7", "g7"] {
        assert!(!svg.contains(&format!("data-square=\"{hole}\"")), "{hole} drawn");
    }
    assert!(svg.contains("data-square=\"b1\""));
}

#[test]
fn an_unwritable_file_is_an_error_naming_it() {
    let out = jester().args(["show", "--svg", "/nonexistent-dir/board.svg"]).output().expect("jester runs");
    assert_eq!(out.status.code(), Some(2));
    let err = String::from_utf8_lossy(&out.stderr);
    assert!(err.contains("/nonexistent-dir/board.svg"), "{err}");
}

#[test]
fn the_readme_pictures_are_current() {
    // README.md shows protocol-docs/pictures/<variant>.svg; each must be what the command
    // makes of its position today.
    let readme = std::fs::read_to_string(concat!(env!("CARGO_MANIFEST_DIR"), "/README.md")).unwrap();
    for case in CASES {
        let committed = PathBuf::from(env!("CARGO_MANIFEST_DIR"))
            .join("protocol-docs/pictures")
            .join(format!("{}.svg", case.variant));
        assert!(
            readme.contains(&format!("protocol-docs/pictures/{}.svg", case.variant)),
            "README lacks {}",
            case.variant
        );
        let fresh_path = std::env::temp_dir().join(format!(
            "jester-svg-readme-{}-{}.svg",
            case.variant,
            std::process::id()
        ));
        let fresh = picture(case, &fresh_path);
        let _ = std::fs::remove_file(&fresh_path);
        let old = std::fs::read_to_string(&committed).unwrap_or_default();
        assert_eq!(
            old,
            fresh,
            "{} is out of date: jester show --variant {} --fen '{}' --svg {}",
            committed.display(),
            case.variant,
            case.fen,
            committed.display()
        );
    }
}

#[test]
fn the_last_turn_is_marked() {
    // The squares the last whole turn moved from and to: a pawn's two squares; a Tirebiter
    // capture's every leg; a Not A Chess Variant turn's piece move (its wire moves nothing).
    const TIREBITER_KNIGHT: &str = "rnbqkbnr/pppp2p1/5N1N/4N3/8/8/PPPPPPPP/RNBQKB1R b KQkq - 0 4 e5,f6,h6";
    let cases: &[(&str, Option<&str>, &str, &[&str])] = &[
        ("normal", None, "e2e4 c7c5", &["c5", "c7"]),
        // The Tirebiter Knight on e5, f6, h6 moves by one vector: all six squares.
        ("tirebiter", Some(TIREBITER_KNIGHT), "d7d6 e5d3,f6e4,h6g4", &["d3", "e4", "e5", "f6", "g4", "h6"]),
        ("notachessvariant", None, "b3n,c3n,d3n,e3n,f3n b5n,c5n,d5n,e5n,f5n b2b4/a4e", &["b2", "b4"]),
    ];
    for (variant, fen, moves, marked) in cases {
        let path = std::env::temp_dir().join(format!("jester-svg-last-{variant}-{}.svg", std::process::id()));
        let mut command = jester();
        command.args(["show", "--variant", variant, "--moves", moves, "--svg"]).arg(&path);
        if let Some(fen) = fen {
            command.args(["--fen", fen]);
        }
        let out = command.output().expect("jester runs");
        assert!(out.status.success(), "{variant}: {}", String::from_utf8_lossy(&out.stderr));
        let svg = std::fs::read_to_string(&path).unwrap();
        let _ = std::fs::remove_file(&path);
        let doc = roxmltree::Document::parse(&svg).unwrap();
        let mut got: Vec<&str> = doc
            .descendants()
            .filter(|n| n.attribute("class").is_some_and(|c| c.split_whitespace().any(|c| c == "last-move")))
            .filter_map(|n| n.attribute("data-square"))
            .collect();
        got.sort();
        assert_eq!(&got, marked, "{variant}");
    }
}
