//! What a PGN library (pgn-reader, its moves replayed with shakmaty) reads of a PGN text that
//! jester wrote: the check the CLI and browser-board tests share. Included with `#[path]`.

/// What a PGN library (pgn-reader, moves replayed with shakmaty) saw of a PGN text: games,
/// main-line moves, comments, variations (counted, not entered), and moves it could not play.
#[derive(Default)]
pub struct Seen {
    pub games: usize,
    pub moves: usize,
    pub comments: Vec<String>,
    pub variations: usize,
    pub errors: Vec<String>,
    pos: shakmaty::Chess,
}

impl pgn_reader::Visitor for Seen {
    type Result = ();
    fn begin_game(&mut self) {
        self.pos = shakmaty::Chess::default();
    }
    fn san(&mut self, san: pgn_reader::SanPlus) {
        use shakmaty::Position;
        self.moves += 1;
        match san.san.to_move(&self.pos) {
            Ok(m) => self.pos.play_unchecked(&m),
            Err(e) => self.errors.push(format!("{san}: {e}")),
        }
    }
    fn comment(&mut self, comment: pgn_reader::RawComment<'_>) {
        self.comments.push(String::from_utf8_lossy(comment.as_bytes()).into_owned());
    }
    fn begin_variation(&mut self) -> pgn_reader::Skip {
        self.variations += 1;
        pgn_reader::Skip(true)
    }
    fn end_game(&mut self) {
        self.games += 1;
    }
}

pub fn read_pgn(text: &str) -> Seen {
    let mut seen = Seen::default();
    pgn_reader::BufferedReader::new(text.as_bytes()).read_all(&mut seen).expect("PGN readable");
    seen
}
