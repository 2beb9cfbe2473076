//! `jester serve`: a local web page to play any variant against the engine or to analyse it.
//!
//! The page (`page.html`, compiled into the binary; no resources from the internet) draws the
//! SVG board of [`crate::tools::svg`] and talks to the JSON API of [`api`]. HTTP is `tiny_http`;
//! a few worker threads take requests, and one engine searches for one request at a time.
//! A malformed or refused request gets a 4xx answer with a JSON `error` naming the offending
//! token; a bug in a handler is caught and answered with 500, and the server keeps serving.

pub mod api;

use crate::search::Engine;
use std::io::{self, Read};
use std::net::SocketAddr;
use std::sync::{Arc, Mutex};

const PAGE: &str = include_str!("page.html");
/// Request bodies larger than this are refused (a game of [`api::MAX_TURNS`] turns fits).
pub const MAX_BODY_BYTES: usize = 1 << 20;
/// Threads taking requests: pages stay responsive while one request waits for the engine.
const WORKERS: usize = 4;

/// A running server: its address, and the threads serving it.
pub struct Server {
    addr: SocketAddr,
    workers: Vec<std::thread::JoinHandle<io::Result<()>>>,
}

/// The engine behind the page, and the variant it last searched: its table is cleared when the
/// variant changes (positions of two variants can share a key).
struct Shared {
    engine: Engine,
    variant: Option<String>,
}

impl Server {
    /// Binds `addr` (port 0 picks a free port) and starts serving.
    pub fn start(addr: &str, hash_mb: usize) -> io::Result<Server> {
        let http = tiny_http::Server::http(addr)
            .map_err(|e| io::Error::other(format!("cannot listen on {addr}: {e}")))?;
        let addr = http
            .server_addr()
            .to_ip()
            .ok_or_else(|| io::Error::other(format!("cannot listen on {addr}: not an IP address")))?;
        let http = Arc::new(http);
        let mut engine = Engine::new();
        engine.set_hash(hash_mb).map_err(|e| io::Error::new(io::ErrorKind::InvalidInput, e.to_string()))?;
        let engine = Arc::new(Mutex::new(Shared { engine, variant: None }));
        let workers = (0..WORKERS)
            .map(|i| {
                let http = Arc::clone(&http);
                let engine = Arc::clone(&engine);
                std::thread::Builder::new().name(format!("http-{i}")).spawn(move || loop {
                    match http.recv() {
                        Ok(request) => serve_one(request, &engine),
                        Err(e) => {
                            log::error!("the server stopped taking requests: {e}");
                            return Err(e);
                        }
                    }
                })
            })
            .collect::<io::Result<Vec<_>>>()?;
        Ok(Server { addr, workers })
    }

    pub fn addr(&self) -> SocketAddr {
        self.addr
    }

    /// Serves until the server can take no more requests (then the error).
    pub fn wait(self) -> io::Result<()> {
        let mut result = Ok(());
        for w in self.workers {
            match w.join() {
                Ok(Err(e)) if result.is_ok() => result = Err(e),
                Err(_) if result.is_ok() => result = Err(io::Error::other("a server thread panicked")),
                _ => {}
            }
        }
        result
    }
}

/// An answer: status, content type, body.
struct Reply {
    status: u16,
    content_type: &'static str,
    body: String,
}

impl Reply {
    fn json(status: u16, value: &impl serde::Serialize) -> Reply {
        match serde_json::to_string(value) {
            Ok(body) => Reply { status, content_type: "application/json", body },
            Err(e) => Reply::error(500, &format!("cannot encode the answer: {e}")),
        }
    }

    fn error(status: u16, message: &str) -> Reply {
        let body = serde_json::json!({ "error": message }).to_string();
        Reply { status, content_type: "application/json", body }
    }
}

fn serve_one(mut request: tiny_http::Request, engine: &Mutex<Shared>) {
    let reply = std::panic::catch_unwind(std::panic::AssertUnwindSafe(|| route(&mut request, engine)))
        .unwrap_or_else(|_| Reply::error(500, "internal error (see the server's log)"));
    let content_type =
        tiny_http::Header::from_bytes("Content-Type", format!("{}; charset=utf-8", reply.content_type))
            .expect("a valid header");
    let response =
        tiny_http::Response::from_string(reply.body).with_status_code(reply.status).with_header(content_type);
    if let Err(e) = request.respond(response) {
        log::debug!("could not answer a request: {e}");
    }
}

fn route(request: &mut tiny_http::Request, engine: &Mutex<Shared>) -> Reply {
    use tiny_http::Method::{Get, Head, Post};
    let path = request.url().split('?').next().unwrap_or("").to_string();
    let method = request.method().clone();
    match (path.as_str(), &method) {
        ("/" | "/index.html", Get | Head) => {
            Reply { status: 200, content_type: "text/html", body: PAGE.to_string() }
        }
        ("/api/variants", Get | Head) => Reply::json(200, &api::variants()),
        ("/api/state" | "/api/engine" | "/api/pgn", Post) => {
            let game = match read_game(request) {
                Ok(game) => game,
                Err(reply) => return reply,
            };
            let answer = match path.as_str() {
                "/api/state" => api::state(&game).map(|view| Reply::json(200, &view)),
                "/api/engine" => {
                    // One search at a time; the page waits for its own, so a second one comes
                    // from another tab, which is told to retry rather than hold a worker.
                    let mut shared = match engine.try_lock() {
                        Ok(guard) => guard,
                        Err(std::sync::TryLockError::Poisoned(e)) => e.into_inner(),
                        Err(std::sync::TryLockError::WouldBlock) => {
                            return Reply::error(
                                503,
                                "the engine is busy with another search: try again when it is done",
                            );
                        }
                    };
                    if shared.variant.as_deref() != Some(game.variant.as_str()) {
                        shared.engine.new_game();
                        shared.variant = Some(game.variant.clone());
                    }
                    api::engine_move(&game, &mut shared.engine).map(|view| Reply::json(200, &view))
                }
                _ => api::pgn(&game).map(|text| Reply::json(200, &serde_json::json!({ "pgn": text }))),
            };
            answer.unwrap_or_else(|e| Reply::error(400, &e.0))
        }
        ("/" | "/index.html" | "/api/variants" | "/api/state" | "/api/engine" | "/api/pgn", _) => {
            Reply::error(405, &format!("method {method} not allowed for '{path}'"))
        }
        _ => Reply::error(404, &format!("no such page '{}'", truncated(&path))),
    }
}

/// Reads a POST body as a game request.
fn read_game(request: &mut tiny_http::Request) -> Result<api::GameRequest, Reply> {
    let mut body = Vec::new();
    let read = request.as_reader().take(MAX_BODY_BYTES as u64 + 1).read_to_end(&mut body);
    if let Err(e) = read {
        return Err(Reply::error(400, &format!("cannot read the request body: {e}")));
    }
    if body.len() > MAX_BODY_BYTES {
        return Err(Reply::error(413, &format!("request body over {MAX_BODY_BYTES} bytes")));
    }
    let text = std::str::from_utf8(&body)
        .map_err(|e| Reply::error(400, &format!("request body is not UTF-8: {e}")))?;
    serde_json::from_str(text).map_err(|e| Reply::error(400, &format!("invalid request body: {e}")))
}

/// A path quoted in an error, cut to a readable length.
fn truncated(text: &str) -> String {
    match text.char_indices().nth(80) {
        Some((i, _)) => format!("{}...", &text[..i]),
        None => text.to_string(),
    }
}
