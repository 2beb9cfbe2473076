//! Game scores as PGN: the seven-tag roster, `Variant`, `SetUp`/`FEN` for a start other than the
//! variant's own, `Termination`, and movetext in SAN for the chess family (canonical tokens for
//! the other variants, protocol-docs/notation.md), wrapped below 80 columns.

use crate::core::{Game, Outcome, Record, Seat};

/// Who played, and where: the tags a caller knows and the record does not.
#[derive(Clone, Debug)]
pub struct Header {
    pub event: String,
    pub site: String,
    /// `YYYY.MM.DD`, or `????.??.??` when unknown.
    pub date: String,
    pub round: String,
    pub white: String,
    pub black: String,
    /// Games of more than two seats: the players by seat, written as one tag per seat named
    /// after it (`[Red "..."]`) instead of White and Black; missing ones are `?`.
    pub seats: Vec<String>,
    /// More tags, written after the standard ones (`TimeControl`, `PlyCount` ...).
    pub extra: Vec<(String, String)>,
}

impl Default for Header {
    fn default() -> Self {
        Header {
            event: "?".into(),
            site: "?".into(),
            date: "????.??.??".into(),
            round: "-".into(),
            white: "?".into(),
            black: "?".into(),
            seats: Vec::new(),
            extra: Vec::new(),
        }
    }
}

/// How a game ended, for its score: the result token, the `Termination` tag (`normal`,
/// `adjudication`, `time forfeit`, `rules infraction`, `abandoned`), and a comment in words.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Ending {
    pub result: String,
    pub termination: Option<String>,
    pub comment: Option<String>,
}

impl Ending {
    /// The ending the rules give (a game still going has result `*` and no tags).
    pub fn of_record<G: Game>(record: &Record<G>) -> Ending {
        let outcome = record.outcome();
        Ending {
            result: result_token_of(outcome, record.position().seats()).to_string(),
            termination: outcome.map(|_| "normal".to_string()),
            comment: outcome.map(|o| o.describe(|s| record.position().seat_name(s))),
        }
    }
}

/// The PGN result token of an outcome (`*` for a game still going). PGN's tokens name two
/// colours: a game of more than two seats that someone won is `*`, its winner in the comment.
pub fn result_token(outcome: Option<Outcome>) -> &'static str {
    result_token_of(outcome, 2)
}

fn result_token_of(outcome: Option<Outcome>, seats: usize) -> &'static str {
    match outcome {
        None => "*",
        Some(Outcome::Draw { .. }) => "1/2-1/2",
        Some(Outcome::Win { .. }) if seats > 2 => "*",
        Some(Outcome::Win { winner, .. }) if winner == Seat::WHITE => "1-0",
        Some(Outcome::Win { .. }) => "0-1",
    }
}

/// A tag value with PGN's escapes (backslash and quote).
fn quoted(value: &str) -> String {
    let clean: String = value.chars().map(|c| if c.is_control() { ' ' } else { c }).collect();
    format!("\"{}\"", clean.replace('\\', "\\\\").replace('"', "\\\""))
}

/// Writes the game in `record` (whole turns only) as PGN, ended as the rules say.
pub fn write<G: Game>(record: &Record<G>, header: &Header) -> String {
    write_ended(record, header, &Ending::of_record(record))
}

/// Writes the game in `record` (whole turns only) as PGN with the given ending (a referee's
/// result: forfeits and adjudications are not in the record).
pub fn write_ended<G: Game>(record: &Record<G>, header: &Header, ending: &Ending) -> String {
    let start = record.start();
    let mut tags = vec![
        ("Event".to_string(), header.event.clone()),
        ("Site".to_string(), header.site.clone()),
        ("Date".to_string(), header.date.clone()),
        ("Round".to_string(), header.round.clone()),
    ];
    let seats = start.seats();
    if seats > 2 {
        for i in 0..seats {
            let player = header.seats.get(i).cloned().unwrap_or_else(|| "?".into());
            tags.push((start.seat_name(Seat(i as u8)), player));
        }
    } else {
        tags.push(("White".to_string(), header.white.clone()));
        tags.push(("Black".to_string(), header.black.clone()));
    }
    tags.push(("Result".to_string(), ending.result.clone()));
    if G::NAME != "normal" {
        tags.push(("Variant".to_string(), G::NAME.to_string()));
    }
    if start.to_text() != G::start().to_text() {
        tags.push(("SetUp".to_string(), "1".to_string()));
        tags.push(("FEN".to_string(), start.to_text()));
    }
    if let Some(t) = &ending.termination {
        tags.push(("Termination".to_string(), t.clone()));
    }
    tags.extend(header.extra.iter().cloned());
    let mut text = String::new();
    for (name, value) in tags {
        text.push_str(&format!("[{name} {}]\n", quoted(&value)));
    }
    text.push('\n');

    // Movetext: the turns, each numbered where White moves (or first, with `...`, where Black
    // begins), counting on from the start position's move number.
    let mut words: Vec<String> = Vec::new();
    let mut pos = start.clone();
    let mut turn: Vec<G::Move> = Vec::new();
    let mut turn_start = pos.clone();
    let mut number = start.move_number().max(1);
    // More than two seats: a number opens each round (the position's move number).
    let mut round_written = None;
    for &m in record.moves() {
        pos.play(m);
        turn.push(m);
        if pos.mid_turn() {
            continue;
        }
        let seat = turn_start.to_move();
        if seats > 2 {
            let round = turn_start.move_number();
            if round_written != Some(round) {
                words.push(format!("{round}."));
                round_written = Some(round);
            }
        } else if seat == Seat::WHITE {
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
    if let Some(comment) = &ending.comment {
        // A comment ends at the first `}`; PGN has no escape for it.
        let clean: String =
            comment.chars().map(|c| if c == '}' || c.is_control() { ' ' } else { c }).collect();
        words.extend(format!("{{{clean}}}").split(' ').map(str::to_string));
    }
    words.push(ending.result.clone());
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

/// Today's date as PGN writes it (`YYYY.MM.DD`, UTC).
pub fn today() -> String {
    let days = std::time::SystemTime::now()
        .duration_since(std::time::UNIX_EPOCH)
        .map_or(0, |d| d.as_secs() / 86_400) as i64;
    // Days since 1970-01-01 to a civil date (the proleptic Gregorian calendar).
    let z = days + 719_468;
    let era = z.div_euclid(146_097);
    let doe = z - era * 146_097;
    let yoe = (doe - doe / 1460 + doe / 36_524 - doe / 146_096) / 365;
    let doy = doe - (365 * yoe + yoe / 4 - yoe / 100);
    let mp = (5 * doy + 2) / 153;
    let day = doy - (153 * mp + 2) / 5 + 1;
    let month = if mp < 10 { mp + 3 } else { mp - 9 };
    let year = yoe + era * 400 + i64::from(month <= 2);
    format!("{year:04}.{month:02}.{day:02}")
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
        assert!(pgn.contains("[Termination \"normal\"]"), "{pgn}");
        assert!(!pgn.contains("[FEN"), "{pgn}");
        assert!(pgn.ends_with("1. f3 e5 2. g4 Qh4# {Black wins by checkmate} 0-1\n"), "{pgn}");
    }

    #[test]
    fn a_set_up_start_with_black_to_move() {
        let fen = "4k3/8/8/8/8/8/4P3/4K3 b - - 0 31";
        let mut record = Record::new(Chess::from_text(fen).unwrap());
        record.play_token("e8d7").unwrap();
        record.play_token("e2e4").unwrap();
        let pgn = write(&record, &Header { white: "A \"quoted\" name".into(), ..Header::default() });
        assert!(pgn.contains(&format!("[FEN \"{fen}\"]")), "{pgn}");
        assert!(pgn.contains("[White \"A \\\"quoted\\\" name\"]"), "{pgn}");
        assert!(pgn.ends_with("31... Kd7 32. e4 *\n"), "{pgn}");
    }

    #[test]
    fn four_seats_get_seat_tags_and_rounds() {
        use crate::variants::fimbriation::Fimbriation;
        let mut record = Record::new(Fimbriation::start());
        for token in ["e1g1", "j4h4", "l10l8", "a10a9", "e2g2"] {
            record.play_token(token).unwrap();
        }
        let header = Header { seats: vec!["A".into(), "B".into()], ..Header::default() };
        let pgn = write(&record, &header);
        for tag in
            ["[Red \"A\"]", "[Blue \"B\"]", "[Yellow \"?\"]", "[Green \"?\"]", "[Variant \"fimbriation\"]"]
        {
            assert!(pgn.contains(tag), "{tag}: {pgn}");
        }
        assert!(!pgn.contains("[White"), "{pgn}");
        assert!(pgn.ends_with("1. e1g1 j4h4 l10l8 a10a9 2. e2g2 *\n"), "{pgn}");
    }

    #[test]
    fn dates_are_civil() {
        let today = today();
        assert_eq!(today.len(), 10);
        assert!(today.as_str() >= "2024.01.01" && &today[4..5] == ".", "{today}");
    }
}
