//! The browser board of `jester serve`, driven in a real headless Chromium (Debian's `chromium`
//! with `chromium-driver`, installed by `scripts/test.sh`): in every variant a game finished by clicks or
//! by dragging, with the end said once and nothing contradicting it; each kind of special action
//! entered by clicking (promotion choice, squirt, arson, rescue, Tirebiter multi-leg captures,
//! vector and converging moves, a Nick Danger split, wire placement); the engine answering a
//! first move by default; the move list in the variant's notation, stepped through by clicks and
//! keys; the board turned to the person's seat; clocks running down and a flag falling; links
//! that reload the game; PGN downloaded (read by pgn-reader, and python-chess where installed)
//! and opened; the score graph; layouts at 1280x800 and 390x844 for every board shape.
//!
//! With `JESTER_SCREENSHOTS=<dir>` the layout test also writes the screenshots shown in
//! protocol-docs/serve.md (`<variant>-<width>x<height>.png`).

#[path = "common/pgn_library.rs"]
mod pgn_library;
mod web;

use pgn_library::read_pgn;
use serde_json::{json, Value};
use std::time::Duration;
use web::{Browser, Served};

const WAIT: Duration = Duration::from_secs(60);
/// The engine's thinking time in these tests (milliseconds a turn): quick games.
const THINK_MS: u32 = 60;
const LEFT: &str = "\u{E012}";
const RIGHT: &str = "\u{E014}";
const END: &str = "\u{E010}";

struct Page<'a> {
    browser: &'a Browser,
    server: &'a Served,
}

impl Page<'_> {
    fn counter(&self, name: &str) -> u64 {
        self.browser.eval(&format!("return Number(document.body.dataset.{name} || 0);")).as_u64().unwrap()
    }

    /// Runs `act`, then waits until the page has taken a new state (or shown an error) and no
    /// engine search is under way.
    fn settle(&self, act: impl FnOnce()) {
        let (updates, errors) = (self.counter("updates"), self.counter("errors"));
        act();
        self.browser.wait_for(
            &format!(
                "Number(document.body.dataset.updates || 0) > {updates} || Number(document.body.dataset.errors || 0) > {errors}"
            ),
            WAIT,
        );
        self.idle();
    }

    fn click_and_settle(&self, css: &str) {
        self.settle(|| self.browser.click(css));
    }

    /// Waits until no engine search is under way.
    fn idle(&self) {
        self.browser.wait_for("!document.body.dataset.busy", WAIT);
    }

    fn square(sq: &str) -> String {
        format!("#board rect.square[data-square=\"{sq}\"]")
    }

    /// Clicks the squares of a move; the last click must complete it.
    fn play(&self, squares: &[&str]) {
        let (first, last) = squares.split_at(squares.len() - 1);
        for sq in first {
            self.browser.click(&Self::square(sq));
        }
        self.click_and_settle(&Self::square(last[0]));
        assert_eq!(self.error(), "", "clicking {squares:?}");
    }

    /// Drags the piece on `from` to `to`.
    fn drag(&self, from: &str, to: &str) {
        self.settle(|| self.browser.drag(&Self::square(from), &Self::square(to)));
        assert_eq!(self.error(), "", "dragging {from} to {to}");
    }

    /// Clicks two squares that several actions share, then the menu button of `token`.
    fn play_with_choice(&self, from: &str, to: &str, token: &str, choices: usize) {
        self.browser.click(&Self::square(from));
        self.browser.click(&Self::square(to));
        let offered = self.browser.eval("return document.querySelectorAll('#candidates button').length;");
        assert_eq!(offered, json!(choices), "choices after {from} {to}");
        self.click_and_settle(&format!("#candidates button[data-token=\"{token}\"]"));
        assert_eq!(self.error(), "");
    }

    fn click_edge(&self, edge: &str) {
        self.click_and_settle(&format!("#board rect.edge[data-edge=\"{edge}\"]"));
        assert_eq!(self.error(), "", "placing a wire on {edge}");
    }

    /// The move list as shown: the variant's notation, one entry a turn.
    fn shown_moves(&self) -> Vec<String> {
        let list = self
            .browser
            .eval("return [...document.querySelectorAll('#moves .move[data-ply]')].map(m => m.textContent);");
        serde_json::from_value(list).unwrap()
    }

    /// The move list's rows as text ("1. e4 e5").
    fn rows(&self) -> Vec<String> {
        let rows = self.browser.eval(
            "return [...document.querySelectorAll('#moves .row')].map(r => [...r.children].map(c => c.textContent).join(' '));",
        );
        serde_json::from_value(rows).unwrap()
    }

    /// The turns of the page's game, canonical tokens.
    fn moves(&self) -> Vec<String> {
        serde_json::from_value(self.game()["moves"].clone()).unwrap()
    }

    fn last_move(&self) -> String {
        self.moves().last().cloned().unwrap_or_default()
    }

    fn error(&self) -> String {
        self.browser.text("#error")
    }

    fn status(&self) -> String {
        self.browser.text("#status")
    }

    fn notes(&self) -> String {
        self.browser.text("#notes")
    }

    fn position(&self) -> String {
        self.browser.eval("return document.getElementById('position').value;").as_str().unwrap().to_string()
    }

    /// Opens the page on a link naming a game, and waits until it is ready (and the engine, if
    /// it is to move, has moved).
    fn open(&self, query: &[(&str, &str)]) {
        let query: Vec<String> = query.iter().map(|(k, v)| format!("{k}={}", encode(v))).collect();
        self.browser.open(&format!("{}/?{}", self.server.base, query.join("&")));
        self.browser.wait_for("document.body.dataset.ready === '1'", WAIT);
        self.idle();
    }

    /// Starts a game from the New game dialog.
    fn new_game(&self, variant: &str, side: &str, minutes: &str, position: &str) {
        self.browser.click("#new");
        self.browser.click(&format!("#dlg-variant option[value=\"{variant}\"]"));
        self.browser.click(&format!("#dlg-side option[value=\"{side}\"]"));
        self.browser.type_into("#dlg-minutes", minutes);
        self.browser.type_into("#dlg-think", &THINK_MS.to_string());
        self.browser.type_into("#dlg-position", position);
        self.click_and_settle("#dlg-start");
        assert_eq!(self.error(), "", "new {variant} game");
    }

    /// The page's own game, as the server would be sent it.
    fn game(&self) -> Value {
        self.browser.eval("return game;")
    }

    /// The legal actions of the page's game, asked of the server directly.
    fn actions(&self) -> Vec<Value> {
        self.server.state(&self.game())["actions"].as_array().unwrap().clone()
    }

    /// Where a square is drawn: its top left corner on the screen.
    fn at(&self, sq: &str) -> (f64, f64) {
        let r = self.browser.eval(&format!(
            "const b = document.querySelector('{}').getBoundingClientRect(); return [b.x, b.y];",
            Self::square(sq).replace('\'', "\\'")
        ));
        (r[0].as_f64().unwrap(), r[1].as_f64().unwrap())
    }

    /// Waits for the game to end, then checks it is said once, in the status line, and that
    /// nothing on the page still speaks of a turn.
    fn assert_over(&self, said: &str) {
        self.browser.wait_for("document.getElementById('status').classList.contains('over')", WAIT);
        let status = self.status();
        assert!(status.starts_with("Game over: ") && status.contains(said), "{status}");
        let page = self.browser.text("body");
        assert_eq!(page.matches(said).count(), 1, "said once: {page}");
        let notes = self.notes();
        assert!(!notes.contains("to move") && !notes.contains("check"), "{notes}");
        // No action is offered (after a flag the rules still had some: the page offers none).
        let offered = self
            .browser
            .eval("return document.querySelectorAll('#free-actions button, #candidates button').length;");
        assert_eq!(offered, json!(0));
        assert_eq!(self.browser.eval("return gameOver();"), json!(true));
        // A click on the board changes nothing now.
        let before = self.moves();
        self.browser.click(&Self::square("d4"));
        assert_eq!(self.moves(), before);
    }
}

/// A query value, percent-encoded.
fn encode(text: &str) -> String {
    text.bytes()
        .map(|b| match b {
            b'A'..=b'Z' | b'a'..=b'z' | b'0'..=b'9' | b'-' | b'.' | b'_' => (b as char).to_string(),
            b' ' => "+".to_string(),
            _ => format!("%{b:02X}"),
        })
        .collect()
}

fn start() -> Option<(Served, Browser)> {
    let (chromium, driver) = web::browser_programs()?;
    let server = Served::start();
    let browser = Browser::start(&chromium, &driver);
    browser.open(&format!("{}/", server.base));
    browser.wait_for("document.body.dataset.ready === '1'", WAIT);
    Some((server, browser))
}

#[test]
fn normal_chess_is_played_like_on_a_chess_site() {
    let Some((server, browser)) = start() else { return };
    let page = Page { browser: &browser, server: &server };
    // The person plays White and the engine Black, at once, without asking.
    assert!(page.status().contains("White to move"), "{}", page.status());
    assert!(page.at("a1").1 > page.at("a8").1, "White at the bottom");
    page.new_game("normal", "White", "0", "");
    page.play(&["e2", "e4"]);
    page.browser.wait_for("game.moves.length === 2", WAIT);
    page.idle();
    // A click where nothing can move is refused with a message; nothing changes.
    page.click_and_settle(&Page::square("e5"));
    assert!(page.error().contains("nothing can move from e5"), "{}", page.error());
    page.drag("g1", "f3");
    page.browser.wait_for("game.moves.length === 4", WAIT);
    page.idle();
    // The list is SAN, numbered by full moves; the engine's replies agree with the server.
    let shown = page.shown_moves();
    assert_eq!(&shown[0], "e4");
    assert_eq!(&shown[2], "Nf3");
    let rows = page.rows();
    assert_eq!(rows.len(), 2, "{rows:?}");
    assert!(rows[0].starts_with("1. e4 ") && rows[1].starts_with("2. Nf3 "), "{rows:?}");
    assert_eq!(page.position(), server.state(&page.game())["position"].as_str().unwrap());
    // A drop where the piece cannot go is refused by name.
    page.drag_refused("d2", "d5");

    // Stepping through: a click on the first move, the arrow keys, End.
    page.click_and_settle("#moves .move[data-ply=\"1\"]");
    assert!(page.status().contains("after 1 of 4"), "{}", page.status());
    let after_e4 = page.position();
    assert!(after_e4.starts_with("rnbqkbnr/pppppppp/8/8/4P3/"), "{after_e4}");
    page.settle(|| page.browser.press_key(RIGHT));
    assert!(page.status().contains("after 2 of 4"), "{}", page.status());
    page.settle(|| page.browser.press_key(LEFT));
    page.settle(|| page.browser.press_key(LEFT));
    assert!(page.status().contains("after 0 of 4"), "{}", page.status());
    page.browser.press_key(END);
    page.browser.wait_for("document.getElementById('status').textContent.includes('White to move')", WAIT);

    // Analysis: the engine's line in SAN, and a score for every position on the graph.
    page.browser.click("#analyse");
    page.browser.wait_for("document.getElementById('engine-line').textContent.includes('depth')", WAIT);
    page.idle();
    let line = page.browser.text("#engine-line");
    let first = line.split(": ").nth(1).and_then(|l| l.split(' ').next()).unwrap_or("");
    let san = first.trim_end_matches(['+', '#']);
    assert!(!first.is_empty(), "no line: {line}");
    let coordinates = san.len() == 4 && san.as_bytes()[1].is_ascii_digit();
    assert!(!coordinates, "not SAN: {line}");
    let graphed = page.counter("graphed");
    page.browser.click("#analyse-game");
    page.browser.wait_for(&format!("Number(document.body.dataset.graphed || 0) > {graphed}"), WAIT);
    assert_eq!(page.browser.eval("return document.getElementById('graph').dataset.points;"), json!("5"));
    let bar = page.browser.eval("return document.getElementById('evalfill').style.height;");
    assert!(bar.as_str().unwrap().ends_with('%'), "{bar}");

    // Black's seat: the board turns, the engine opens, and the clocks run down.
    page.new_game("normal", "Black", "1", "");
    page.browser.wait_for("game.moves.length === 1", WAIT);
    page.idle();
    assert!(page.at("a1").1 < page.at("a8").1, "Black at the bottom");
    assert!(page.at("a1").0 > page.at("h1").0);
    let clock = |seat: &str| {
        let script = format!("return document.querySelector('.clock[data-seat=\"{seat}\"]').textContent;");
        page.browser.eval(&script).as_str().unwrap().to_string()
    };
    assert!(
        page.browser.eval("return document.querySelector('#clocks-bottom .clock').dataset.seat;")
            == json!("Black")
    );
    let white = clock("White");
    assert!(white.starts_with("White 0:5"), "White's clock ran while it thought: {white}");
    let black = clock("Black");
    std::thread::sleep(Duration::from_millis(1200));
    assert_ne!(clock("Black"), black, "Black's clock runs");
    assert!(
        page.browser.eval("return document.querySelector('.clock.running').dataset.seat;") == json!("Black")
    );
    page.click_and_settle("#flip");
    assert!(page.at("a1").1 > page.at("a8").1, "flipped back");

    // Checkmate: said once in the status; the notes no longer speak of a turn or a check.
    page.open(&[("variant", "normal"), ("moves", "f2f3 e7e5 g2g4"), ("you", "Black")]);
    assert!(page.at("a1").1 < page.at("a8").1, "Black at the bottom");
    page.drag("d8", "h4");
    page.assert_over("Black wins by checkmate");
    assert_eq!(page.rows(), ["1. f3 e5", "2. g4 Qh4#"]);
    // The link names the game: opened again, it is the same game.
    let link = page.browser.eval("return location.href;").as_str().unwrap().to_string();
    assert!(link.contains("moves=f2f3+e7e5+g2g4+d8h4"), "{link}");
    page.browser.open(&link);
    page.browser.wait_for("document.body.dataset.ready === '1'", WAIT);
    page.assert_over("Black wins by checkmate");
    assert_eq!(page.shown_moves(), ["f3", "e5", "g4", "Qh4#"]);

    // The PGN download, read back by PGN libraries.
    let pgn = download_pgn(&page);
    let seen = read_pgn(&pgn);
    assert_eq!((seen.games, seen.moves, seen.errors.len()), (1, 4, 0), "{pgn}");
    assert!(pgn.contains("[Result \"0-1\"]") && pgn.contains("2. g4 Qh4#"), "{pgn}");
    python_chess_reads(&pgn, 4);
    // A new game in another variant drops the old PGN.
    page.new_game("thronekings", "White", "0", "");
    assert_eq!(page.browser.eval("return document.getElementById('pgn-text').value;"), json!(""));
    assert!(
        page.browser.eval("return document.getElementById('pgn-link').classList.contains('hidden');")
            == json!(true)
    );

    // A PGN file opened: its game on the board, ready to step through.
    let file = std::env::temp_dir().join(format!("jester-browser-{}.pgn", std::process::id()));
    std::fs::write(&file, "[Event \"x\"]\n\n1. d4 Nf6 2. c4 e6 3. Nc3 Bb4 *\n").unwrap();
    page.settle(|| page.browser.choose_file("#pgn-file", &file));
    let _ = std::fs::remove_file(&file);
    assert_eq!(page.rows(), ["1. d4 Nf6", "2. c4 e6", "3. Nc3 Bb4"]);

    // The flag falls: the game ends on time, said once, and the PGN says so.
    page.new_game("normal", "White", "0.03", "");
    page.assert_over("White lost on time, Black wins (0-1)");
    let pgn = download_pgn(&page);
    assert!(pgn.contains("[Termination \"time forfeit\"]") && pgn.contains("0-1"), "{pgn}");
    assert_eq!(read_pgn(&pgn).errors.len(), 0);

    // The promotion choice, and a malformed position refused by name.
    page.new_game("normal", "all", "0", "4k3/P7/8/8/8/8/8/4K3 w - - 0 1");
    page.play_with_choice("a7", "a8", "a7a8n", 4);
    assert_eq!(page.moves(), ["a7a8n"]);
    assert_eq!(page.shown_moves(), ["a8=N"]);
    assert_eq!(page.position(), "N3k3/8/8/8/8/8/8/4K3 b - - 0 1");
    page.browser.click("#new");
    page.browser.type_into("#dlg-position", "4k3/P7/9/8 w");
    page.click_and_settle("#dlg-start");
    assert!(page.error().contains("invalid position"), "{}", page.error());
    // Typed moves: SAN accepted, a bad token named and refused.
    page.new_game("normal", "all", "0", "");
    if page.browser.eval("return document.getElementById('more').open;") != json!(true) {
        page.browser.click("#more summary");
    }
    page.browser.type_into("#move-input", "Nf3");
    page.click_and_settle("#play-move");
    assert_eq!(page.moves(), ["g1f3"]);
    page.browser.type_into("#move-input", "zz9");
    page.click_and_settle("#play-move");
    assert!(page.error().contains("'zz9'"), "{}", page.error());
    assert_eq!(page.moves(), ["g1f3"]);
}

impl Page<'_> {
    fn drag_refused(&self, from: &str, to: &str) {
        let before = self.moves();
        self.settle(|| self.browser.drag(&Self::square(from), &Self::square(to)));
        assert!(self.error().contains(&format!("no legal move from {from} to {to}")), "{}", self.error());
        assert_eq!(self.moves(), before);
    }
}

/// Presses Download PGN and reads the file the browser was handed.
fn download_pgn(page: &Page) -> String {
    page.browser.click("#pgn");
    page.browser.wait_for("!document.getElementById('pgn-link').classList.contains('hidden')", WAIT);
    let text = page
        .browser
        .eval_async("return await (await fetch(document.getElementById('pgn-link').href)).text();");
    let name = page.browser.eval("return document.getElementById('pgn-link').download;");
    assert!(name.as_str().unwrap().ends_with(".pgn"), "{name}");
    text.as_str().unwrap().to_string()
}

/// python-chess, where installed, reads the PGN with no errors and `moves` main-line moves.
fn python_chess_reads(pgn: &str, moves: usize) {
    let script = "import sys, io, chess.pgn\n\
                  g = chess.pgn.read_game(io.StringIO(sys.stdin.read()))\n\
                  print(len(g.errors), len(list(g.mainline())))\n";
    let run = std::process::Command::new("python3")
        .args(["-c", script])
        .stdin(std::process::Stdio::piped())
        .stdout(std::process::Stdio::piped())
        .stderr(std::process::Stdio::piped())
        .spawn()
        .and_then(|mut child| {
            use std::io::Write;
            child.stdin.take().unwrap().write_all(pgn.as_bytes())?;
            child.wait_with_output()
        });
    let Ok(out) = run else { return };
    if !out.status.success() {
        let err = String::from_utf8_lossy(&out.stderr);
        assert!(err.contains("No module named 'chess'"), "python-chess failed: {err}");
        eprintln!("python-chess not installed: the PGN was checked with pgn-reader only");
        return;
    }
    assert_eq!(String::from_utf8_lossy(&out.stdout).trim(), format!("0 {moves}"));
}

/// Every variant's game finished on the board, by clicks and by drags, from a position a turn
/// or two before its end (the ends of matches.rs's each_variant_ends_by_its_own_rules).
#[test]
fn every_variant_is_played_to_its_end_in_a_real_browser() {
    let Some((server, browser)) = start() else { return };
    let page = Page { browser: &browser, server: &server };
    page.new_game("normal", "all", "0", ""); // keeps the short thinking time for the links below

    // Fighting Kings, K3: the Royal Pawn mated; the person plays Black, the board turned.
    page.open(&[("variant", "fightingkings"), ("fen", "4k3/8/8/8/8/8/3PKP2/r7 b - - 0 1"), ("you", "Black")]);
    assert!(page.at("a1").1 < page.at("a8").1);
    page.play(&["a1", "e1"]);
    page.assert_over("Black wins by checkmate");
    assert_eq!(page.shown_moves(), ["Re1#"]);

    page.open(&[("variant", "thronekings"), ("fen", "6k1/5ppp/8/8/8/8/8/R3K3 w - - 0 1"), ("you", "White")]);
    page.drag("a1", "a8");
    page.assert_over("White wins by checkmate");

    // FireFighter, F11: stalemated with a burning piece loses.
    page.open(&[
        ("variant", "firefighter"),
        ("fen", "k7/7p!/8/8/8/8/2Q5/7K w - - 0 1 - -"),
        ("you", "White"),
    ]);
    assert_eq!(
        page.browser.eval("return document.querySelectorAll('#board .piece.burning').length;"),
        json!(1)
    );
    page.drag("c2", "c7");
    page.assert_over("White wins by stalemate loss");

    // Tirebiter, T9: the key move (a piece on two squares), then the black King mates.
    page.open(&[
        ("variant", "tirebiter"),
        ("fen", "6k1/5R1R/5K1K/5PP1/8/8/8/8 w - - 0 1 f5,g5;f6,h6;f7,h7"),
        ("you", "all"),
    ]);
    let key = page.actions().into_iter().find(|a| a["token"] == "f7f8,h7h8").expect("the key move");
    page.play(&[key["from"][0].as_str().unwrap(), key["to"][0].as_str().unwrap()]);
    assert_eq!(page.last_move(), "f7f8,h7h8");
    page.drag("g8", "h7");
    page.assert_over("Black wins by checkmate");

    // Nick Danger, T8: the King's split is its hundredth quiet ply.
    page.open(&[("variant", "nickdanger"), ("fen", "4k3/8/8/8/8/8/8/4K3 w - - 99 80"), ("you", "White")]);
    page.play(&["e1", "d1"]);
    assert_eq!(page.moves(), ["e1d1,e1d2,e1e2,e1f1,e1f2"]);
    page.assert_over("draw by move-count rule");

    // Not A Chess Variant, N10: a pass (a button) and its wire (an edge).
    page.open(&[
        ("variant", "notachessvariant"),
        ("fen", "**3k*/6*/7/7/7/*RR4/*KR2** w - 99 60"),
        ("you", "White"),
    ]);
    page.click_and_settle("#free-actions button[data-token=\"pass\"]");
    page.click_edge("a3e");
    page.assert_over("draw by move-count rule");

    // notachessweak, N11: the loop around c4 and d4 stays; c4e removes seven wires and draws.
    let wires = || page.browser.eval("return document.querySelectorAll('#board line.wire').length;");
    page.open(&[
        ("variant", "notachessweak"),
        ("fen", "**4*/6*/6k/K6/7/*6/*4** b b4e,c3n,c4n,d3n,d4e,d4n 99 60"),
        ("you", "Black"),
    ]);
    assert_eq!(wires(), json!(6));
    page.drag("g5", "f5");
    page.click_edge("c4e");
    assert_eq!(wires(), json!(0));
    page.assert_over("draw by move-count rule");

    // Fimbriation: four seats, four clocks, Blue's side turned to the bottom; the 200th quiet
    // ply draws.
    let almost = "***gRgP4yPyR***/***gBgP4yPyN***/***gQgP4yPyB***/gRgNgBgKgP4yPyKyQyByR/gPgPgPgPgN4yNyPyPyPyP/5****5/5****5/5****5/5****5/rPrPrPrPrN4bNbPbPbPbP/rRrBrQrKrP4bPbKbBbNbR/***rBrP4bPbQ***/***rNrP4bPbB***/***rRrP4bPbR*** b rKrQbKbQyKyQgKgQ - - 199 50";
    page.new_game("fimbriation", "Blue", "5", almost);
    assert_eq!(page.browser.eval("return document.querySelectorAll('.clock').length;"), json!(4));
    assert_eq!(
        page.browser.eval("return document.querySelector('#clocks-bottom .clock').dataset.seat;"),
        json!("Blue")
    );
    // Blue's King (k4, bottom right upright) is at the bottom left; Green's (d11) top right.
    let (blue, green) = (page.at("k4"), page.at("d11"));
    assert!(blue.0 < green.0 && blue.1 > green.1, "{blue:?} {green:?}");
    page.drag("j5", "k7");
    page.assert_over("draw by move-count rule");
    assert_eq!(page.rows(), ["50. ... j5k7"]);

    // The special actions of FireFighter, Tirebiter, Nick Danger and Not A Chess Variant.
    firefighter_actions(&page);
    tirebiter_actions(&page);
    wire_turns(&page);
}

fn firefighter_actions(page: &Page) {
    page.new_game("firefighter", "all", "0", "");
    // A squirt (the Knight cannot step to f2, so the click means its squirt) declares the
    // Firefighter.
    page.play(&["g1", "f2"]);
    assert_eq!(page.moves(), ["g1~f2"]);
    // Arson: two clicks on the same square.
    page.play(&["e7", "e7"]);
    assert_eq!(page.moves(), ["g1~f2", "@e7"]);
    assert_eq!(
        page.browser.eval("return document.querySelectorAll('#board .piece.burning').length;"),
        json!(1)
    );
    // Rescue: the Knight's two actions on d5 (capture, rescue) are offered as a choice.
    page.new_game("firefighter", "all", "0", "7k/8/8/3p!4/8/2N5/8/4K3 w - - 0 1 -");
    page.play_with_choice("c3", "d5", "c3^d5", 2);
    assert_eq!(page.moves(), ["c3^d5"]);
    assert_eq!(page.position(), "7k/8/8/8/8/2(N~P)5/8/4K3 b - - 1 1 -");
}

fn tirebiter_actions(page: &Page) {
    page.new_game("tirebiter", "all", "0", "");
    for (from, to) in [("g1", "f3"), ("h7", "h6"), ("f3", "e5"), ("f7", "f6"), ("e5", "g4"), ("e7", "e5")] {
        page.play(&[from, to]);
    }
    // One click on any of the captured squares takes all three (T2); the list writes it as
    // the rule page does.
    page.play(&["g4", "f6"]);
    assert_eq!(page.last_move(), "g4e5,g4f6,g4h6");
    assert_eq!(page.shown_moves().last().unwrap(), "Ng4:e5,f6,h6");
    assert_eq!(page.browser.eval("return document.querySelectorAll('#board .link').length;"), json!(2));
    page.play(&["g8", "e7"]);
    // From e5 to g4: a vector move (h6 lands on g4) or converging on g4; the page asks.
    page.play_with_choice("e5", "g4", "e5g4,f6g4,h6g4", 2);
    assert_eq!(page.last_move(), "e5g4,f6g4,h6g4");

    page.new_game("nickdanger", "all", "0", "");
    page.play(&["b1", "c3"]);
    assert_eq!(page.moves(), ["b1a3,b1c3"]);
}

fn wire_turns(page: &Page) {
    page.new_game("notachessvariant", "all", "0", "");
    // Two opening turns of five wires, each wire a click on an edge.
    for rank in ["3", "5"] {
        for file in ["b", "c", "d", "e", "f"] {
            page.click_edge(&format!("{file}{rank}n"));
        }
    }
    assert_eq!(page.moves(), ["b3n,c3n,d3n,e3n,f3n", "b5n,c5n,d5n,e5n,f5n"]);
    // A turn of a move and a wire: two square clicks, then an edge.
    let step =
        page.actions().into_iter().find(|a| !a["from"].as_array().unwrap().is_empty()).expect("a move");
    page.play(&[step["from"][0].as_str().unwrap(), step["to"][0].as_str().unwrap()]);
    assert_eq!(page.moves().len(), 2, "the turn is not over before its wire");
    assert!(page.status().contains("turn so far"));
    let wire = page.actions().into_iter().find(|a| a["edge"].is_string()).expect("a wire");
    page.click_edge(wire["edge"].as_str().unwrap());
    assert_eq!(
        page.last_move(),
        format!("{}/{}", step["token"].as_str().unwrap(), wire["edge"].as_str().unwrap())
    );
    let wires_in_text = page.position().split_whitespace().nth(2).unwrap().split(',').count();
    let wires_drawn = page.browser.eval("return document.querySelectorAll('#board line.wire').length;");
    assert_eq!(wires_drawn, json!(wires_in_text));
    // An edge that already holds a wire is refused by name.
    let step =
        page.actions().into_iter().find(|a| !a["from"].as_array().unwrap().is_empty()).expect("a move");
    page.play(&[step["from"][0].as_str().unwrap(), step["to"][0].as_str().unwrap()]);
    let taken = wire["edge"].as_str().unwrap();
    page.click_and_settle(&format!("#board rect.edge[data-edge=\"{taken}\"]"));
    assert!(page.error().contains(taken), "{}", page.error());
    assert_eq!(page.moves().len(), 3);
}

/// Each board shape fits both screens: the board whole in view with its clocks, no sideways
/// scrolling, and at 1280x800 the side panel beside it in view.
#[test]
fn every_board_fits_a_laptop_and_a_phone() {
    let Some((server, browser)) = start() else { return };
    let page = Page { browser: &browser, server: &server };
    let shots = std::env::var_os("JESTER_SCREENSHOTS").map(std::path::PathBuf::from);
    let games: &[(&str, &str)] = &[
        ("normal", "e2e4 e7e5 g1f3 b8c6 f1b5"),
        ("fightingkings", "d2d4 d7d5"),
        ("thronekings", "d2d4 d7d5"),
        ("firefighter", "g1~f2 @e7"),
        ("tirebiter", "g1f3 h7h6 f3e5 f7f6 e5g4 e7e5 g4e5,g4f6,g4h6"),
        ("nickdanger", "b1a3,b1c3 g8f6,g8h6"),
        ("notachessvariant", "b3n,c3n,d3n,e3n,f3n b5n,c5n,d5n,e5n,f5n"),
        ("notachessweak", "b3n,c3n,d3n,e3n,f3n b5n,c5n,d5n,e5n,f5n"),
        ("fimbriation", "d5d7 k5k7"),
    ];
    for &(width, height) in &[(1280u32, 800u32), (390, 844)] {
        browser.set_viewport(width, height);
        for &(variant, moves) in games {
            page.open(&[("variant", variant), ("moves", moves), ("you", "all")]);
            assert_eq!(page.error(), "", "{variant}");
            let fit = browser.eval(
                "const b = document.querySelector('#board svg').getBoundingClientRect();\
                 const a = document.querySelector('aside').getBoundingClientRect();\
                 return [b.left, b.top, b.right, b.bottom, a.left, a.top, a.right,\
                         document.documentElement.scrollWidth, innerWidth, innerHeight];",
            );
            let n = |i: usize| fit[i].as_f64().unwrap();
            let what = format!("{variant} at {width}x{height}: {fit}");
            assert!(n(0) >= 0.0 && n(1) >= 0.0 && n(2) <= n(8) && n(3) <= n(9), "board out of view: {what}");
            assert!(n(2) - n(0) >= 0.8 * n(8).min(n(9) - 130.0), "board too small: {what}");
            assert!(n(7) <= n(8), "sideways scrolling: {what}");
            if width > 800 {
                assert!(
                    n(4) >= n(2) && n(6) <= n(8) && n(5) < n(9) / 2.0,
                    "side panel not beside the board: {what}"
                );
            }
            if let Some(dir) = &shots {
                std::fs::create_dir_all(dir).unwrap();
                let png = browser.screenshot();
                assert!(png.starts_with(b"\x89PNG"));
                std::fs::write(dir.join(format!("{variant}-{width}x{height}.png")), png).unwrap();
            }
        }
    }
}
