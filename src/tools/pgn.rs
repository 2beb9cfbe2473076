//! Game scores as PGN: the seven-tag roster, `Variant`, `SetUp`/`FEN` for a start other than the
//! variant's own, `Termination`, and movetext in SAN for the chess family (canonical tokens for
//! the other variants, protocol-docs/notation.md), wrapped below 80 columns; annotated games
//! (comments and variations after turns); and PGN read back into tags and move tokens.

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
    let turns = split_turns(record);
    let mut words = movetext(start, &turns, &[]);
    if let Some(comment) = &ending.comment {
        words.extend(comment_words(comment));
    }
    words.push(ending.result.clone());
    let mut text = tag_section(&tags);
    text.push_str(&wrap(&words));
    text
}

/// Turn tokens (canonical, or any form the variant reads) played from `start`, written as a game
/// score writes them: SAN where the variant has it (see [`Game::render_turn_for_score`]). Stops
/// at a token that is not a legal turn where it stands.
pub fn score_tokens<G: Game>(start: &G, tokens: &[String]) -> Vec<String> {
    let mut pos = start.clone();
    let mut out = Vec::with_capacity(tokens.len());
    for token in tokens {
        let Ok(turn) = pos.parse_turn(token) else { break };
        // A token naming only part of a turn is not one.
        let mut after = pos.clone();
        for &m in &turn {
            after.play(m);
        }
        if after.mid_turn() {
            break;
        }
        out.push(pos.render_turn_for_score(&turn));
        pos = after;
    }
    out
}

/// What an analysis says of one turn of a game: a comment after it, and a line it prefers,
/// played instead of the turn, with a comment after the line's first turn.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Note {
    pub comment: Option<String>,
    /// Canonical tokens of whole turns from the position before the turn, and the comment.
    pub alternative: Option<(Vec<String>, String)>,
}

/// Writes the game in `record` with these tags, as they are, and a note after each turn
/// (`notes[i]` for turn `i`; missing ones are empty): comments, and variations in parentheses.
pub fn write_annotated<G: Game>(
    record: &Record<G>,
    tags: &[(String, String)],
    notes: &[Note],
    result: &str,
) -> String {
    let turns = split_turns(record);
    let mut words = movetext(record.start(), &turns, notes);
    words.push(result.to_string());
    let mut text = tag_section(tags);
    text.push_str(&wrap(&words));
    text
}

fn tag_section(tags: &[(String, String)]) -> String {
    let mut text = String::new();
    for (name, value) in tags {
        text.push_str(&format!("[{name} {}]\n", quoted(value)));
    }
    text.push('\n');
    text
}

/// The whole turns of a record, each with the position it was played from.
fn split_turns<G: Game>(record: &Record<G>) -> Vec<(G, Vec<G::Move>)> {
    let mut turns = Vec::new();
    let mut pos = record.start().clone();
    let mut turn_start = pos.clone();
    let mut turn = Vec::new();
    for &m in record.moves() {
        pos.play(m);
        turn.push(m);
        if !pos.mid_turn() {
            turns.push((std::mem::replace(&mut turn_start, pos.clone()), std::mem::take(&mut turn)));
        }
    }
    turns
}

/// A comment as words: a comment ends at the first `}`, which PGN cannot escape.
fn comment_words(comment: &str) -> Vec<String> {
    let clean: String = comment.chars().map(|c| if c == '}' || c.is_control() { ' ' } else { c }).collect();
    format!("{{{clean}}}").split(' ').map(str::to_string).collect()
}

/// Movetext words of `turns`, played from `start`: each turn numbered where White moves (or
/// with `...` where Black moves first, or after a comment or variation), counting on from the
/// start position's move number; with more than two seats, a number opens each round. Each
/// turn is followed by its note.
fn movetext<G: Game>(start: &G, turns: &[(G, Vec<G::Move>)], notes: &[Note]) -> Vec<String> {
    let mut words = Vec::new();
    let mut number = start.move_number().max(1);
    let mut round_written = None;
    let mut interrupted = true;
    for (i, (turn_start, turn)) in turns.iter().enumerate() {
        let seat = turn_start.to_move();
        if turn_start.seats() > 2 {
            let round = turn_start.move_number();
            if round_written != Some(round) {
                words.push(format!("{round}."));
                round_written = Some(round);
            }
        } else if seat == Seat::WHITE {
            words.push(format!("{number}."));
        } else if interrupted {
            words.push(format!("{number}..."));
        }
        words.push(turn_start.render_turn_for_score(turn));
        interrupted = false;
        if let Some(note) = notes.get(i) {
            if let Some(comment) = &note.comment {
                words.extend(comment_words(comment));
                interrupted = true;
            }
            if let Some((line, comment)) = &note.alternative {
                words.extend(variation(turn_start, line, comment));
                interrupted = true;
            }
        }
        if seat != Seat::WHITE {
            number += 1;
        }
    }
    words
}

/// A variation from `start`: the turns of `line` (canonical tokens; it stops at one that is not
/// legal), numbered, with `comment` after the first, in parentheses. Empty if no turn is legal.
fn variation<G: Game>(start: &G, line: &[String], comment: &str) -> Vec<String> {
    let mut record = Record::new(start.clone());
    for token in line {
        if record.play_token(token).is_err() {
            break;
        }
    }
    let turns = split_turns(&record);
    if turns.is_empty() {
        return Vec::new();
    }
    let note = Note { comment: Some(comment.to_string()), alternative: None };
    let mut words = movetext(start, &turns, &[note]);
    if let Some(first) = words.first_mut() {
        first.insert(0, '(');
    }
    if let Some(last) = words.last_mut() {
        last.push(')');
    }
    words
}

/// Words joined into lines below 80 columns.
fn wrap(words: &[String]) -> String {
    let mut text = String::new();
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
        line.push_str(word);
    }
    text.push_str(&line);
    text.push('\n');
    text
}

/// One game of a PGN file as written: its tags, the tokens of its turns (move numbers,
/// comments, variations and NAGs left out; `!` and `?` suffixes taken off), and its result.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct GameText {
    pub tags: Vec<(String, String)>,
    pub moves: Vec<String>,
    /// The game termination marker (`1-0`, `0-1`, `1/2-1/2`, `*`), if it has one.
    pub result: Option<String>,
    /// The line it begins on (1-based).
    pub line: usize,
}

impl GameText {
    /// The value of a tag (names compared exactly, as PGN's are).
    pub fn tag(&self, name: &str) -> Option<&str> {
        self.tags.iter().find(|(n, _)| n == name).map(|(_, v)| v.as_str())
    }
}

/// PGN text that cannot be read, with the line it was found on.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct PgnError {
    pub line: usize,
    pub message: String,
}

impl std::fmt::Display for PgnError {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(f, "line {}: {}", self.line, self.message)
    }
}

impl std::error::Error for PgnError {}

/// Reads the games of a PGN text (export or import format). Move tokens are kept as written,
/// for the variant to read: SAN, canonical tokens, the rule pages' notations.
pub fn read(text: &str) -> Result<Vec<GameText>, PgnError> {
    let mut games = Vec::new();
    let mut game = GameText { line: 1, ..GameText::default() };
    // The game under way has movetext, or ended with its result: a tag begins the next one.
    let mut in_movetext = false;
    let mut depth = 0usize; // variations open
    let mut line = 1;
    let mut chars = text.chars().peekable();
    let mut at_line_start = true;
    let error = |line: usize, message: String| Err(PgnError { line, message });
    while let Some(&c) = chars.peek() {
        if c == '\n' {
            chars.next();
            line += 1;
            at_line_start = true;
            continue;
        }
        if c.is_whitespace() {
            chars.next();
            continue;
        }
        let line_start = std::mem::replace(&mut at_line_start, false);
        match c {
            // An escape line, and a rest-of-line comment.
            '%' if line_start => {
                while chars.peek().is_some_and(|&c| c != '\n') {
                    chars.next();
                }
            }
            ';' => {
                while chars.peek().is_some_and(|&c| c != '\n') {
                    chars.next();
                }
            }
            '{' => {
                let opened = line;
                chars.next();
                loop {
                    match chars.next() {
                        Some('}') => break,
                        Some('\n') => line += 1,
                        Some(_) => {}
                        None => return error(opened, "comment '{' never closed".into()),
                    }
                }
            }
            '(' => {
                chars.next();
                depth += 1;
            }
            ')' => {
                chars.next();
                if depth == 0 {
                    return error(line, "')' closes no variation".into());
                }
                depth -= 1;
            }
            '[' if depth == 0 => {
                if in_movetext {
                    games.push(std::mem::take(&mut game));
                    in_movetext = false;
                }
                if game.tags.is_empty() && game.moves.is_empty() {
                    game.line = line;
                }
                chars.next();
                let mut name = String::new();
                while let Some(&c) = chars.peek().filter(|&&c| !c.is_whitespace() && c != '"' && c != ']') {
                    name.push(c);
                    chars.next();
                }
                let skip_blanks = |chars: &mut std::iter::Peekable<std::str::Chars>| {
                    while chars.peek().is_some_and(|&c| c == ' ' || c == '\t') {
                        chars.next();
                    }
                };
                skip_blanks(&mut chars);
                if name.is_empty() || chars.next() != Some('"') {
                    return error(line, format!("tag '[{name}' has no name and quoted value"));
                }
                let mut value = String::new();
                // `\"` and `\\` are escapes.
                loop {
                    match chars.next() {
                        Some('\\') => value.extend(chars.next().filter(|&c| c != '\n')),
                        Some('"') => break,
                        Some('\n') | None => {
                            return error(line, format!("tag '{name}': its value is never closed"))
                        }
                        Some(c) => value.push(c),
                    }
                }
                skip_blanks(&mut chars);
                if chars.next() != Some(']') {
                    return error(line, format!("tag '{name}' is not closed by ']'"));
                }
                game.tags.push((name, value));
            }
            _ => {
                let mut token = String::new();
                while let Some(&c) = chars.peek() {
                    if c.is_whitespace() || "{}()[];".contains(c) {
                        break;
                    }
                    token.push(c);
                    chars.next();
                }
                if token.is_empty() {
                    // A `]` or `}` with nothing open.
                    return error(line, format!("unexpected '{c}'"));
                }
                if game.tags.is_empty() && game.moves.is_empty() && !in_movetext {
                    game.line = line;
                }
                in_movetext = true;
                if depth > 0 || token.starts_with('$') {
                    continue; // inside a variation, or a NAG
                }
                if ["1-0", "0-1", "1/2-1/2", "*"].contains(&token.as_str()) {
                    game.result = Some(token);
                    games.push(std::mem::take(&mut game));
                    in_movetext = false;
                    continue;
                }
                // A move number (`12.`, `12...`), possibly run into its move (`12.e4`).
                let digits = token.len() - token.trim_start_matches(|c: char| c.is_ascii_digit()).len();
                let rest = &token[digits..];
                let token = if rest.starts_with('.') { rest.trim_start_matches('.') } else { token.as_str() };
                let token = without_annotation(token);
                if !token.is_empty() {
                    game.moves.push(token.to_string());
                }
            }
        }
    }
    if depth > 0 {
        return error(line, "a variation '(' is never closed".into());
    }
    if in_movetext || !game.tags.is_empty() {
        games.push(game);
    }
    Ok(games)
}

/// A move token without the annotation glyphs PGN allows after it (`!`, `?`, `!!`, `!?` ...).
/// FireFighter's squirts, rescues and arsons (`~`, `^`, `@`) may end in a burning piece's letter,
/// which carries a `!` of its own (`a8^c8n!`: protocol-docs/notation.md); there one `!` right
/// after the letter stays.
fn without_annotation(token: &str) -> &str {
    let bare = token.trim_end_matches(['!', '?']);
    let burning_letter = token.contains(['~', '^', '@'])
        && bare.ends_with(|c: char| c.is_ascii_alphabetic())
        && token[bare.len()..].starts_with('!');
    if burning_letter {
        &token[..bare.len() + 1]
    } else {
        bare
    }
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
    fn games_are_read_past_their_notes() {
        let text = "% an escape line\n[Event \"A \\\"quoted\\\" ]name\"]\n[Result \"1-0\"]\n\n\
                    1. e4 {a comment} e5 2.Nf3!? ; to the end of the line\n\
                    (2. d4 (2. c4) exd4) 2... Nc6 $1 3. Bb5 1-0\n\n1. d4 *\n[Event \"C\"]\n1... e5";
        let games = read(text).unwrap();
        assert_eq!(games.len(), 3);
        assert_eq!(games[0].tag("Event"), Some("A \"quoted\" ]name"));
        assert_eq!(games[0].moves, ["e4", "e5", "Nf3", "Nc6", "Bb5"]);
        assert_eq!((games[0].result.as_deref(), games[0].line), (Some("1-0"), 2));
        assert_eq!(
            (games[1].moves.as_slice(), games[1].result.as_deref()),
            (&["d4".to_string()][..], Some("*"))
        );
        assert_eq!(
            (games[2].tag("Event"), games[2].moves.as_slice(), games[2].line),
            (Some("C"), &["e5".to_string()][..], 9)
        );
        for (bad, line) in
            [("1. e4 {open", 1), ("\n1. e4 (d4", 2), ("1. e4 )", 1), ("[Event x]", 1), ("[Event \"x", 1)]
        {
            assert_eq!(read(bad).unwrap_err().line, line, "{bad}");
        }
    }

    #[test]
    fn a_burning_pieces_letter_is_not_an_annotation() {
        use crate::variants::firefighter::FireFighter;
        // Black sets fire to c8, holding its Bishop and Knight, then rescues the burning Knight
        // with its Firefighter: the rescue names the Knight by its burning letter, `n!`.
        let mut record = Record::new(FireFighter::start());
        for token in ["h2h4", "a7a6", "g2g4", "a8~b8", "@d1", "a8a7", "d2~d1", "@c8n", "d2d4", "h7h5"] {
            record.play_token(token).unwrap();
        }
        for token in ["g4h5", "a7a8", "g1f3", "a8^c8n!"] {
            record.play_token(token).unwrap();
        }
        let text = write(&record, &Header::default());
        assert!(text.contains("a8^c8n!"), "{text}");
        let games = read(&text).unwrap();
        let mut replayed = Record::new(FireFighter::start());
        for token in &games[0].moves {
            replayed.play_token(token).unwrap();
        }
        assert_eq!(replayed.position().to_text(), record.position().to_text());
        // Annotations still go, also after a FireFighter token: `f6~f7!?` is `f6~f7`; glyphs
        // alone leave nothing, and the move reader names whatever is left that is no move.
        assert_eq!(
            ["Nf3!?", "e8=Q!", "O-O??", "f6~f7!?", "a8^c8n!", "a8^c8n!!", "@e4?", "!!", "~!", "é!"]
                .map(without_annotation),
            ["Nf3", "e8=Q", "O-O", "f6~f7", "a8^c8n!", "a8^c8n!", "@e4", "", "~", "é"]
        );
    }

    #[test]
    fn annotations_follow_their_turns() {
        let mut record = Record::new(Chess::start());
        for token in ["e2e4", "e7e5", "g1f3"] {
            record.play_token(token).unwrap();
        }
        let notes = [
            Note { comment: Some("+0.30/8".into()), alternative: None },
            Note {
                comment: Some("+0.10/8".into()),
                alternative: Some((vec!["c7c5".into(), "g1f3".into(), "nonsense".into()], "+0.00/8".into())),
            },
        ];
        let tags = [("Event".to_string(), "x".to_string())];
        let pgn = write_annotated(&record, &tags, &notes, "*");
        assert_eq!(
            pgn,
            "[Event \"x\"]\n\n1. e4 {+0.30/8} 1... e5 {+0.10/8} (1... c5 {+0.00/8} 2. Nf3) 2. Nf3 *\n"
        );
    }

    #[test]
    fn dates_are_civil() {
        let today = today();
        assert_eq!(today.len(), 10);
        assert!(today.as_str() >= "2024.01.01" && &today[4..5] == ".", "{today}");
    }
}
