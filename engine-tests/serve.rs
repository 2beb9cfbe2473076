//! `jester serve` over HTTP: the JSON API plays every variant (whole turns and the actions of an
//! unfinished one), the engine answers, PGN comes out, and bad requests get clear errors that
//! name the offending token without ever bringing the server down.

mod web;

use serde_json::{json, Value};
use web::Served;

fn tokens(view: &Value, key: &str) -> Vec<String> {
    view[key].as_array().unwrap().iter().map(|t| t.as_str().unwrap().to_string()).collect()
}

fn action<'a>(view: &'a Value, token: &str) -> &'a Value {
    view["actions"]
        .as_array()
        .unwrap()
        .iter()
        .find(|a| a["token"] == token)
        .unwrap_or_else(|| panic!("no action {token} in {}", view["actions"]))
}

#[test]
fn the_page_is_served_from_the_binary_with_no_outside_resources() {
    let server = Served::start();
    let (status, page) = server.get("/");
    assert_eq!(status, 200);
    assert!(page.contains("<title>jester</title>"));
    assert!(
        !page.contains("http://") && !page.contains("https://"),
        "the page must not load anything from outside"
    );
    let (status, list) = server.get("/api/variants");
    assert_eq!(status, 200);
    let names: Vec<String> = serde_json::from_str::<Vec<Value>>(&list)
        .unwrap()
        .iter()
        .map(|v| v["name"].as_str().unwrap().to_string())
        .collect();
    let cli = std::process::Command::new(env!("CARGO_BIN_EXE_jester")).arg("variants").output().unwrap();
    let cli_names: Vec<String> = String::from_utf8(cli.stdout)
        .unwrap()
        .lines()
        .map(|l| l.split_whitespace().next().unwrap().to_string())
        .collect();
    assert_eq!(names, cli_names, "the page offers every playable variant");
}

#[test]
fn state_normalises_moves_and_lists_clickable_actions() {
    let server = Served::start();
    // SAN in, canonical tokens out; the last move's squares tinted.
    let view = server.state(&json!({ "variant": "normal", "moves": ["e4", "e7e5", "Nf3"] }));
    assert_eq!(tokens(&view, "moves"), ["e2e4", "e7e5", "g1f3"]);
    assert_eq!(view["to_move"], "Black");
    assert_eq!(view["actions"].as_array().unwrap().len(), 29);
    let knight = action(&view, "b8c6");
    assert_eq!((knight["from"].clone(), knight["to"].clone()), (json!(["b8"]), json!(["c6"])));
    let svg = view["svg"].as_str().unwrap();
    assert_eq!(svg.matches("last-move").count(), 2);
    assert!(!svg.contains("class=\"edge\""), "no edge targets where no wire can be placed");

    // FireFighter: arson is an action on one square; a squirt and an ordinary move share squares.
    let view = server.state(&json!({ "variant": "firefighter" }));
    let arson = action(&view, "@e2");
    assert_eq!((arson["from"].clone(), arson["to"].clone()), (json!(["e2"]), json!(["e2"])));
    assert_eq!(action(&view, "g1~f2")["to"], json!(["f2"]));

    // Tirebiter: a capture of three pieces at once has three legs from one square.
    let moves = ["g1f3", "h7h6", "f3e5", "f7f6", "e5g4", "e7e5"];
    let view = server.state(&json!({ "variant": "tirebiter", "moves": moves }));
    let capture = action(&view, "g4e5,g4f6,g4h6");
    assert_eq!(capture["from"], json!(["g4", "g4", "g4"]));
    assert_eq!(capture["to"], json!(["e5", "f6", "h6"]));
}

#[test]
fn a_turn_of_several_actions_is_collected_then_completed() {
    let server = Served::start();
    // Not A Chess Variant: the opening places five wires, one action at a time, in increasing
    // edge order (N3): horizontal edges rank by rank, then vertical ones.
    let view = server.state(&json!({ "variant": "notachessvariant", "pending": ["b3n"] }));
    assert_eq!(tokens(&view, "pending"), ["b3n"]);
    assert!(tokens(&view, "moves").is_empty());
    assert_eq!(view["svg"].as_str().unwrap().matches("class=\"edge\"").count(), 96);
    let wire = &view["actions"][0];
    assert!(wire["edge"].is_string() && wire["from"] == json!([]) && wire["ends_turn"] == false);

    let five = json!({ "variant": "notachessvariant", "pending": ["d2n", "b3n", "f3n", "c4e", "e5e"] });
    let view = server.state(&five);
    assert_eq!(tokens(&view, "moves"), ["b3n,c4e,d2n,e5e,f3n"], "five wires make one turn");
    assert!(tokens(&view, "pending").is_empty());
    assert_eq!(view["to_move"], "Black");
}

#[test]
fn notachessweak_keeps_a_larger_loop_on_the_board_and_in_its_pgn() {
    // The issue's first example (variants.md N11): d4e closes the loop around c4 and d4, which
    // notachessweak keeps (six wires drawn) and notachessvariant removes (none).
    let server = Served::start();
    let start = "**4*/6*/6k/7/K6/*6/*4** w b4e,c3n,c4n,d3n,d4n 0 10";
    for (variant, wires) in [("nacvweak", 6), ("notachessvariant", 0)] {
        let view = server.state(&json!({ "variant": variant, "start": start, "moves": ["a3a4/d4e"] }));
        assert_eq!(tokens(&view, "moves"), ["a3a4/d4e"], "{variant}");
        assert_eq!(view["svg"].as_str().unwrap().matches("class=\"wire\"").count(), wires, "{variant}");
    }
    let game = json!({ "variant": "notachessweak", "start": start, "moves": ["a3a4/d4e", "g5f5/c4e"] });
    let view = server.state(&game);
    assert_eq!(view["position"], "**4*/6*/5k1/K6/7/*6/*4** w - 2 11", "c4e removes both outlines");
    let (status, answer) = server.post_json("/api/pgn", &game);
    assert_eq!(status, 200);
    let pgn = answer["pgn"].as_str().unwrap();
    assert!(pgn.contains("[Variant \"notachessweak\"]") && pgn.contains("a3a4/d4e g5f5/c4e"), "{pgn}");
}

#[test]
fn the_engine_answers_and_the_game_comes_out_as_pgn() {
    let server = Served::start();
    let (status, answer) =
        server.post_json("/api/engine", &json!({ "variant": "normal", "moves": ["e4"], "movetime": 200 }));
    assert_eq!(status, 200, "{answer}");
    let best = answer["best"].as_str().unwrap();
    server.state(&json!({ "variant": "normal", "moves": ["e4", best] }));
    assert!(answer["score"].as_str().unwrap().starts_with("cp ") && answer["depth"].as_i64().unwrap() >= 1);

    let game =
        json!({ "variant": "normal", "moves": ["f3", "e5", "g4", "Qh4"], "white": "Me", "black": "jester" });
    let (status, answer) = server.post_json("/api/pgn", &game);
    assert_eq!(status, 200);
    let pgn = answer["pgn"].as_str().unwrap();
    assert!(pgn.contains("[White \"Me\"]") && pgn.contains("[Result \"0-1\"]"), "{pgn}");
    assert!(pgn.ends_with("1. f3 e5 2. g4 Qh4# {Black wins by checkmate} 0-1\n"), "{pgn}");

    // A variant from a set-up position: Variant, SetUp and FEN tags, canonical tokens.
    let start = "7k/8/8/3p!4/8/2N5/8/4K3 w - - 0 1 -";
    let (_, answer) = server
        .post_json("/api/pgn", &json!({ "variant": "firefighter", "start": start, "moves": ["c3^d5"] }));
    let pgn = answer["pgn"].as_str().unwrap();
    for tag in ["[Variant \"firefighter\"]", "[SetUp \"1\"]", &format!("[FEN \"{start}\"]")] {
        assert!(pgn.contains(tag), "{tag} missing: {pgn}");
    }
    assert!(pgn.ends_with("1. c3^d5 *\n"), "{pgn}");
}

/// Each bad request: the status, and a word the error must contain (the offending token).
#[test]
fn bad_requests_get_clear_errors_and_the_server_survives() {
    let mut server = Served::start();
    let cases: &[(&str, &str, u16, &str)] = &[
        ("/api/state", "{", 400, "invalid request body"),
        ("/api/state", "[1,2]", 400, "invalid request body"),
        ("/api/state", r#"{"moves":[]}"#, 400, "variant"),
        ("/api/state", r#"{"variant":"normal","colour":"red"}"#, 400, "colour"),
        ("/api/state", r#"{"variant":"shogi"}"#, 400, "'shogi'"),
        ("/api/state", r#"{"variant":"normal","start":"rnbqkbnr/ppp w"}"#, 400, "invalid position"),
        ("/api/state", r#"{"variant":"normal","moves":["e2e4","e2e4"]}"#, 400, "'e2e4' (move 2"),
        (
            "/api/state",
            r#"{"variant":"normal","moves":["f3","e5","g4","Qh4","a3"]}"#,
            400,
            "'a3' refused: the game is over",
        ),
        ("/api/state", r#"{"variant":"normal","moves":["e2e4"],"pending":["zz"]}"#, 400, "'zz'"),
        ("/api/state", r#"{"variant":"nacv","pending":["b3n","b3n"]}"#, 400, "'b3n'"),
        ("/api/state", r#"{"variant":"normal","moves":["\u00e9\u0000"]}"#, 400, "illegal move"),
        ("/api/state", "{\"variant\":\"normal\",\"moves\":[\"\u{0000}\"]}", 400, "control character"),
        ("/api/engine", r#"{"variant":"normal","movetime":0}"#, 400, "movetime 0"),
        ("/api/engine", r#"{"variant":"normal","movetime":99999999}"#, 400, "movetime 99999999"),
        ("/api/engine", r#"{"variant":"nacv","pending":["b3n"]}"#, 400, "finish or undo the turn"),
        ("/api/engine", r#"{"variant":"normal","moves":["f3","e5","g4","Qh4"]}"#, 400, "game is over"),
        ("/api/pgn", r#"{"variant":"tirebiter","moves":["nonsense"]}"#, 400, "'nonsense'"),
        ("/api/nothing", "{}", 404, "'/api/nothing'"),
    ];
    for &(path, body, status, needle) in cases {
        let (got, answer) = server.post(path, body);
        let message =
            answer["error"].as_str().unwrap_or_else(|| panic!("{path} {body}: no error in {answer}"));
        assert_eq!(got, status, "{path} {body}: {message}");
        assert!(message.contains(needle), "{path} {body}: '{message}' lacks '{needle}'");
    }
    // Too many moves, and a body over the limit.
    let many = json!({ "variant": "normal", "moves": vec!["e2e4"; 5001] });
    let (status, answer) = server.post_json("/api/state", &many);
    assert_eq!((status, answer["error"].as_str().unwrap()), (400, "too many moves (5001; at most 5000)"));
    let huge = format!(r#"{{"variant":"normal","start":"{}"}}"#, "x".repeat(2 << 20));
    let (status, _) = server.post("/api/state", &huge);
    assert_eq!(status, 413);
    // Wrong methods.
    let (status, body) = server.get("/api/state");
    assert_eq!(status, 405, "{body}");
    assert!(body.contains("GET"), "{body}");
    // Not HTTP at all, and a request cut short.
    server.raw(b"\x00\x01\x02 garbage\r\n\r\n");
    server.raw(b"POST /api/state HTTP/1.1\r\nContent-Length: 100\r\n\r\n{\"variant\"");
    assert!(server.alive(), "the server must survive bad input");
    let view = server.state(&json!({ "variant": "normal" }));
    assert_eq!(view["to_move"], "White");
}

#[test]
fn one_search_at_a_time() {
    let server = Served::start();
    std::thread::scope(|scope| {
        let long = scope
            .spawn(|| server.post_json("/api/engine", &json!({ "variant": "normal", "movetime": 1500 })));
        std::thread::sleep(std::time::Duration::from_millis(400));
        let (status, answer) =
            server.post_json("/api/engine", &json!({ "variant": "normal", "movetime": 100 }));
        assert_eq!(status, 503, "{answer}");
        assert!(answer["error"].as_str().unwrap().contains("busy"), "{answer}");
        // Other requests are served meanwhile.
        assert_eq!(server.state(&json!({ "variant": "normal" }))["to_move"], "White");
        let (status, answer) = long.join().unwrap();
        assert_eq!(status, 200, "{answer}");
    });
}

#[test]
fn a_taken_port_is_a_clear_error() {
    let server = Served::start();
    let out = std::process::Command::new(env!("CARGO_BIN_EXE_jester"))
        .args(["serve", "--port", &server.port().to_string()])
        .output()
        .unwrap();
    let err = String::from_utf8_lossy(&out.stderr);
    assert!(!out.status.success());
    assert!(err.contains(&format!("127.0.0.1:{}", server.port())), "{err}");
    assert_eq!(err.lines().count(), 1, "{err}");
}

/// Clients that stall inside a POST body hold only their own connections: others are answered
/// at once, and each stalled one is answered 408 and closed after five seconds of silence.
#[test]
fn stalled_clients_hold_up_nobody() {
    use std::io::{Read, Write};
    use std::time::{Duration, Instant};
    let server = Served::start();
    let stalled: Vec<std::net::TcpStream> = (0..8)
        .map(|_| {
            let mut s = std::net::TcpStream::connect(("127.0.0.1", server.port())).unwrap();
            s.write_all(b"POST /api/state HTTP/1.1\r\nHost: x\r\nContent-Length: 500000\r\n\r\n0123456789")
                .unwrap();
            s
        })
        .collect();
    std::thread::sleep(Duration::from_millis(300));
    let asked = Instant::now();
    let (status, _) = server.get("/api/variants");
    assert_eq!(status, 200);
    assert!(asked.elapsed() < Duration::from_secs(2), "answered after {:?}", asked.elapsed());
    for mut s in stalled {
        s.set_read_timeout(Some(Duration::from_secs(10))).unwrap();
        let mut answer = String::new();
        let _ = s.read_to_string(&mut answer);
        assert!(answer.starts_with("HTTP/1.1 408 "), "{answer}");
        assert!(answer.contains("not received in time"), "{answer}");
    }
}

/// A client that pipelines hundreds of requests and never reads the answers holds up nobody.
#[test]
fn a_client_that_never_reads_holds_up_nobody() {
    use std::io::Write;
    use std::time::{Duration, Instant};
    let server = Served::start();
    let mut greedy = std::net::TcpStream::connect(("127.0.0.1", server.port())).unwrap();
    greedy.write_all(&b"GET / HTTP/1.1\r\nHost: x\r\n\r\n".repeat(600)).unwrap();
    std::thread::sleep(Duration::from_millis(300));
    for _ in 0..5 {
        let asked = Instant::now();
        let (status, page) = server.get("/");
        assert_eq!(status, 200);
        assert!(page.contains("<title>jester</title>"));
        assert!(asked.elapsed() < Duration::from_secs(2), "answered after {:?}", asked.elapsed());
    }
    drop(greedy);
}
