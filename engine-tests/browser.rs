//! The browser board of `jester serve`, driven in a real headless Chromium (Debian's `chromium`
//! with `chromium-driver`, installed by `scripts/test.sh`) through a short game in every variant, with
//! each kind of special action entered by clicking: promotion choice, squirt, arson, rescue,
//! Tirebiter multi-leg captures, vector and converging moves, a Nick Danger split, wire
//! placement; and the engine's move, analysis, undo, typed moves, position text in and out, PGN.

mod web;

use serde_json::{json, Value};
use std::time::Duration;
use web::{Browser, Served};

const WAIT: Duration = Duration::from_secs(60);

struct Page<'a> {
    browser: &'a Browser,
    server: &'a Served,
}

impl Page<'_> {
    fn counter(&self, name: &str) -> u64 {
        self.browser.eval(&format!("return Number(document.body.dataset.{name} || 0);")).as_u64().unwrap()
    }

    /// Clicks `css`, then waits until the page has taken a new state (or shown an error).
    fn click_and_settle(&self, css: &str) {
        let (updates, errors) = (self.counter("updates"), self.counter("errors"));
        self.browser.click(css);
        self.browser.wait_for(
            &format!(
                "Number(document.body.dataset.updates || 0) > {updates} || Number(document.body.dataset.errors || 0) > {errors}"
            ),
            WAIT,
        );
        self.idle();
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

    fn moves(&self) -> Vec<String> {
        let list = self
            .browser
            .eval("return [...document.querySelectorAll('#moves li')].map(li => li.textContent);");
        serde_json::from_value(list).unwrap()
    }

    fn last_move(&self) -> String {
        self.moves().last().cloned().unwrap_or_default()
    }

    fn error(&self) -> String {
        self.browser.text("#error")
    }

    fn position(&self) -> String {
        self.browser.eval("return document.getElementById('position').value;").as_str().unwrap().to_string()
    }

    fn select(&self, select: &str, value: &str) {
        self.browser.click(&format!("#{select} option[value=\"{value}\"]"));
    }

    fn new_game(&self, variant: &str) {
        self.select("variant", variant);
        self.click_and_settle("#new");
        assert!(self.moves().is_empty());
        assert!(self.browser.text("#status").contains("to move"));
    }

    fn load(&self, variant: &str, text: &str) {
        self.select("variant", variant);
        self.browser.type_into("#fen-input", text);
        self.click_and_settle("#load");
        assert_eq!(self.error(), "", "loading {text}");
    }

    /// The page's own game, as the server would be sent it.
    fn game(&self) -> Value {
        self.browser.eval("return game;")
    }

    /// The legal actions of the page's game, asked of the server directly.
    fn actions(&self) -> Vec<Value> {
        self.server.state(&self.game())["actions"].as_array().unwrap().clone()
    }
}

#[test]
fn every_variant_is_played_by_clicking_in_a_real_browser() {
    let Some((chromium, driver)) = web::browser_programs() else { return };
    let server = Served::start();
    let browser = Browser::start(&chromium, &driver);
    browser.open(&format!("{}/", server.base));
    browser.wait_for("document.body.dataset.ready === '1'", WAIT);
    let page = Page { browser: &browser, server: &server };
    browser.type_into("#movetime", "150");

    normal_chess(&page);
    fighting_kings(&page);
    firefighter(&page);
    tirebiter_and_nick_danger(&page);
    not_a_chess_variant(&page);
    not_a_chess_weak(&page);
}

fn normal_chess(page: &Page) {
    page.new_game("normal");
    page.play(&["e2", "e4"]);
    assert_eq!(page.moves(), ["e2e4"]);
    assert_eq!(
        page.browser.eval("return document.querySelectorAll('#board rect.last-move').length;"),
        json!(2)
    );
    // A click where nothing can move is refused with a message; nothing changes.
    page.click_and_settle(&Page::square("e5"));
    assert!(page.error().contains("nothing can move from e5"), "{}", page.error());
    assert_eq!(page.moves(), ["e2e4"]);

    // The engine takes Black and answers at once.
    page.select("engine-side", "Black");
    page.browser.wait_for("document.querySelectorAll('#moves li').length === 2", WAIT);
    page.idle();
    page.select("engine-side", "none");
    assert!(page.browser.text("#analysis").starts_with("Engine: "), "{}", page.browser.text("#analysis"));
    let reply = page.last_move();
    server_agrees(page, &json!({ "variant": "normal", "moves": ["e2e4", reply] }));

    // Undo takes the reply back; Analyse shows a move without playing it.
    page.click_and_settle("#undo");
    assert_eq!(page.moves(), ["e2e4"]);
    page.browser.click("#analyse");
    page.browser.wait_for("document.getElementById('analysis').textContent.includes('depth')", WAIT);
    page.idle();
    assert_eq!(page.moves(), ["e2e4"]);

    // Typed moves: SAN accepted, a bad token named and refused.
    page.browser.type_into("#move-input", "Nf6");
    page.click_and_settle("#play-move");
    assert_eq!(page.moves(), ["e2e4", "g8f6"]);
    page.browser.type_into("#move-input", "zz9");
    page.click_and_settle("#play-move");
    assert!(page.error().contains("'zz9'"), "{}", page.error());
    assert_eq!(page.moves(), ["e2e4", "g8f6"]);

    // PGN out, in SAN.
    page.browser.click("#pgn");
    page.browser.wait_for("document.getElementById('pgn-text').value.length > 0", WAIT);
    let pgn = page.browser.eval("return document.getElementById('pgn-text').value;");
    assert!(pgn.as_str().unwrap().contains("1. e4 Nf6 *"), "{pgn}");

    // Position text in and out, and the promotion choice.
    page.load("normal", "4k3/P7/8/8/8/8/8/4K3 w - - 0 1");
    page.play_with_choice("a7", "a8", "a7a8n", 4);
    assert_eq!(page.moves(), ["a7a8n"]);
    assert_eq!(page.position(), "N3k3/8/8/8/8/8/8/4K3 b - - 0 1");
    // A malformed position text is refused and the game stays as it was.
    page.select("variant", "normal");
    page.browser.type_into("#fen-input", "4k3/P7/9/8 w");
    page.click_and_settle("#load");
    assert!(page.error().contains("invalid position"), "{}", page.error());
    assert_eq!(page.moves(), ["a7a8n"]);
}

fn server_agrees(page: &Page, game: &Value) {
    assert_eq!(page.position(), page.server.state(game)["position"].as_str().unwrap());
}

fn fighting_kings(page: &Page) {
    for variant in ["fightingkings", "thronekings"] {
        page.new_game(variant);
        page.play(&["d2", "d4"]);
        page.click_and_settle("#engine-move");
        assert_eq!(page.moves().len(), 2, "{variant}");
        page.play(&["g1", "f3"]);
        assert_eq!(page.moves()[2], "g1f3");
    }
}

fn firefighter(page: &Page) {
    page.new_game("firefighter");
    // A squirt (the Knight cannot step to f2, so the click means its squirt) declares the
    // Firefighter.
    page.play(&["g1", "f2"]);
    assert_eq!(page.moves(), ["g1~f2"]);
    // Arson: two clicks on the same square.
    page.play(&["e7", "e7"]);
    assert_eq!(page.moves(), ["g1~f2", "@e7"]);
    let svg_fire = page.browser.eval("return document.querySelectorAll('#board .piece.burning').length;");
    assert_eq!(svg_fire, json!(1));
    // Rescue: the Knight's two actions on d5 (capture, rescue) are offered as a choice.
    page.load("firefighter", "7k/8/8/3p!4/8/2N5/8/4K3 w - - 0 1 -");
    page.play_with_choice("c3", "d5", "c3^d5", 2);
    assert_eq!(page.moves(), ["c3^d5"]);
    assert_eq!(page.position(), "7k/8/8/8/8/2(N~P)5/8/4K3 b - - 1 1 -");
}

fn tirebiter_and_nick_danger(page: &Page) {
    page.new_game("tirebiter");
    for (from, to) in [("g1", "f3"), ("h7", "h6"), ("f3", "e5"), ("f7", "f6"), ("e5", "g4"), ("e7", "e5")] {
        page.play(&[from, to]);
    }
    // One click on any of the captured squares takes all three (T2).
    page.play(&["g4", "f6"]);
    assert_eq!(page.last_move(), "g4e5,g4f6,g4h6");
    assert_eq!(page.browser.eval("return document.querySelectorAll('#board .link').length;"), json!(2));
    page.play(&["g8", "e7"]);
    // From e5 to g4: a vector move (h6 lands on g4) or converging on g4; the page asks.
    page.play_with_choice("e5", "g4", "e5g4,f6g4,h6g4", 2);
    assert_eq!(page.last_move(), "e5g4,f6g4,h6g4");

    page.new_game("nickdanger");
    page.play(&["b1", "c3"]);
    assert_eq!(page.moves(), ["b1a3,b1c3"]);
}

fn not_a_chess_variant(page: &Page) {
    page.new_game("notachessvariant");
    // Two opening turns of five wires, each wire a click on an edge (the openings of the
    // `after-both-openings` perft position, so the pieces can move through the wires).
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
    assert!(page.browser.text("#status").contains("turn so far"));
    let wire = page.actions().into_iter().find(|a| a["edge"].is_string()).expect("a wire");
    page.click_edge(wire["edge"].as_str().unwrap());
    assert_eq!(page.moves().len(), 3);
    assert_eq!(
        page.last_move(),
        format!("{}/{}", step["token"].as_str().unwrap(), wire["edge"].as_str().unwrap())
    );
    let wires_in_text = page.position().split_whitespace().nth(2).unwrap().split(',').count();
    let wires_drawn = page.browser.eval("return document.querySelectorAll('#board line.wire').length;");
    assert_eq!(wires_drawn, json!(wires_in_text));
    // Black moves; then an edge that already holds a wire is refused by name.
    let actions = page.actions();
    let step = actions
        .iter()
        .find(|a| !a["from"].as_array().unwrap().is_empty())
        .unwrap_or_else(|| panic!("no move in {} at {}", json!(actions), page.game()));
    page.play(&[step["from"][0].as_str().unwrap(), step["to"][0].as_str().unwrap()]);
    let taken = wire["edge"].as_str().unwrap();
    page.click_and_settle(&format!("#board rect.edge[data-edge=\"{taken}\"]"));
    assert!(page.error().contains(taken), "{}", page.error());
    assert_eq!(page.moves().len(), 3);
}

/// `notachessweak` (variants.md N11), from the first example: the loop that d4e closes
/// around c4 and d4 stays on the board; c4e then removes both squares' outlines, seven wires.
fn not_a_chess_weak(page: &Page) {
    let wires_drawn = || page.browser.eval("return document.querySelectorAll('#board line.wire').length;");
    page.load("notachessweak", "**4*/6*/6k/7/K6/*6/*4** w b4e,c3n,c4n,d3n,d4n 0 10");
    page.play(&["a3", "a4"]);
    page.click_edge("d4e");
    assert_eq!(page.last_move(), "a3a4/d4e");
    assert_eq!(wires_drawn(), json!(6));
    page.play(&["g5", "f5"]);
    page.click_edge("c4e");
    assert_eq!(page.last_move(), "g5f5/c4e");
    assert_eq!(wires_drawn(), json!(0));
    assert_eq!(page.position(), "**4*/6*/5k1/K6/7/*6/*4** w - 2 11");
}
