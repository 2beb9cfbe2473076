//! Game scores as PGN: the seven-tag roster, `Variant`, `SetUp`/`FEN` for a start other than the
//! variant's own, `Termination`, and movetext in SAN for the chess family (canonical tokens for
//! the other variants, NOTATION.md), wrapped below 80 columns.

use crate::core::{Game, Outcome, Record, Seat};

/// Who played, and where: the tags a caller knows and the record does not.
#[derive(Clone, Debug)]
pub struct Header {
    pub event: String,
    pub site: String,
    /// `YYYY.MM.DD`, or `????.??.??` when unknown.
    pub date: String,
    pub white: String,
    pub black: String,
}

impl Default for Header {
    fn default() -> Self {
        Header {
            event: "?".into(),
            site: "?".into(),
            date: "????.??.??".into(),
            white: "?".into(),
            black: "?".into(),
        }
    }
}

/// The PGN result token of an outcome (`*` for a game still going).
pub fn result_token(outcome: Option<Outcome>) -> &'static str {
    match outcome {
        None => "*",
        Some(Outcome::Draw { .. }) => "1/2-1/2",
        Some(Outcome::Win { winner, .. }) if winner == Seat::WHITE => "1-0",
        Some(Outcome::Win { .. }) => "0-1",
    }
}

/// A tag value with PGN's escapes (backslash and quote).
fn quoted(value: &str) -> String {
    let clean: String = value.chars().map(|c| if c.is_control() { ' ' } else { c }).collect();
    format!("\"{}\"", clean.replace('\\', "\\\\").replace('"', "\\\""))
}

/// Writes the game in `record` (whole turns only) as PGN.
pub fn write<G: Game>(record: &Record<G>, header: &Header) -> String {
    let start = record.start();
    let outcome = record.outcome();
    let result = result_token(outcome);
    let mut tags = vec![
        ("Event", header.event.clone()),
        ("Site", header.site.clone()),
        ("Date", header.date.clone()),
        ("Round", "-".to_string()),
        ("White", header.white.clone()),
        ("Black", header.black.clone()),
        ("Result", result.to_string()),
    ];
    if G::NAME != "normal" {
        tags.push(("Variant", G::NAME.to_string()));
    }
    if start.to_text() != G::start().to_text() {
        tags.push(("SetUp", "1".to_string()));
        tags.push(("FEN", start.to_text()));
    }
    if let Some(o) = outcome {
        tags.push(("Termination", o.describe(|s| start.seat_name(s))));
    }
    let mut text = String::new();
    for (name, value) in tags {
        text.push_str(&format!("[{name} {}]\n", quoted(&value)));
    }
    text.push('\n');

    // Movetext: the turns, each numbered where White moves (or first, with `...`, where Black
    // begins). Numbers count from 1: the start's own move counter is in its FEN tag.
    let mut words: Vec<String> = Vec::new();
    let mut pos = start.clone();
    let mut turn: Vec<G::Move> = Vec::new();
    let mut turn_start = pos.clone();
    let mut number = 1;
    for &m in record.moves() {
        pos.play(m);
        turn.push(m);
        if pos.mid_turn() {
            continue;
        }
        let seat = turn_start.to_move();
        if seat == Seat::WHITE {
            words.push(format!("{number}."));
        } else if words.is_empty() {
            words.push(format!("{number}..."));
        }
        words.push(turn_start.render_turn_for_score(&turn));
        if seat != Seat::WHITE {
            number += 1;
        }
        turn.clear();
        turn_start = pos.clone();
    }
    words.push(result.to_string());
    let mut line = String::new();
    for word in words {
        if !line.is_empty() && line.len() + 1 + word.len() > 79 {
            text.push_str(&line);
            text.push('\n');
            line.clear();
        }
        if !line.is_empty() {
            line.push(' ');
        }
        line.push_str(&word);
    }
    text.push_str(&line);
    text.push('\n');
    text
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::variants::chess::Chess;

    #[test]
    fn fools_mate_in_san_with_result() {
        let mut record = Record::new(Chess::start());
        for token in ["f2f3", "e7e5", "g2g4", "d8h4"] {
            record.play_token(token).unwrap();
        }
        let pgn = write(&record, &Header::default());
        assert!(pgn.contains("[Result \"0-1\"]"), "{pgn}");
        assert!(pgn.contains("[Termination \"Black wins by checkmate\"]"), "{pgn}");
        assert!(!pgn.contains("[FEN"), "{pgn}");
        assert!(pgn.ends_with("1. f3 e5 2. g4 Qh4# 0-1\n"), "{pgn}");
    }

    #[test]
    fn a_set_up_start_with_black_to_move() {
        let fen = "4k3/8/8/8/8/8/4P3/4K3 b - - 0 1";
        let mut record = Record::new(Chess::from_text(fen).unwrap());
        record.play_token("e8d7").unwrap();
        record.play_token("e2e4").unwrap();
        let pgn = write(&record, &Header { white: "A \"quoted\" name".into(), ..Header::default() });
        assert!(pgn.contains(&format!("[FEN \"{fen}\"]")), "{pgn}");
        assert!(pgn.contains("[White \"A \\\"quoted\\\" name\"]"), "{pgn}");
        assert!(pgn.ends_with("1... Kd7 2. e4 *\n"), "{pgn}");
    }
}
