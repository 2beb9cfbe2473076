//! `jester serve`: a local web page to play any variant against the engine or to analyse it.
//!
//! The page (`page.html`, compiled into the binary; no resources from the internet) draws the
//! SVG board of [`crate::tools::svg`] and talks to the JSON API of [`api`]. HTTP is [`http`]: a
//! thread per connection with deadlines on its socket, so a slow client holds nobody else up;
//! one engine searches for one request at a time.
//! A malformed or refused request gets a 4xx answer with a JSON `error` naming the offending
//! token; a bug in a handler is caught and answered with 500, and the server keeps serving.

pub mod api;
pub mod http;

use crate::search::Engine;
use http::Response as Reply;
use std::io;
use std::net::{SocketAddr, TcpListener};
use std::sync::{Arc, Mutex};

const PAGE: &str = include_str!("page.html");
/// Request bodies larger than this are refused (a game of [`api::MAX_TURNS`] turns fits).
pub const MAX_BODY_BYTES: usize = 1 << 20;

/// A running server: its address, and the thread taking its connections.
pub struct Server {
    addr: SocketAddr,
    acceptor: std::thread::JoinHandle<()>,
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
        let cannot = |e: io::Error| io::Error::new(e.kind(), format!("cannot listen on {addr}: {e}"));
        let listener = TcpListener::bind(addr).map_err(cannot)?;
        let addr = listener.local_addr().map_err(cannot)?;
        let mut engine = Engine::new();
        engine.set_hash(hash_mb).map_err(|e| io::Error::new(io::ErrorKind::InvalidInput, e.to_string()))?;
        let engine = Mutex::new(Shared { engine, variant: None });
        let handler: Arc<http::Handler> =
            Arc::new(move |request: &http::Request| serve_one(request, &engine));
        let acceptor = std::thread::Builder::new()
            .name("http-accept".into())
            .spawn(move || http::serve(listener, MAX_BODY_BYTES, handler))?;
        Ok(Server { addr, acceptor })
    }

    pub fn addr(&self) -> SocketAddr {
        self.addr
    }

    /// Serves for ever (an error only if the thread taking connections fails).
    pub fn wait(self) -> io::Result<()> {
        self.acceptor.join().map_err(|_| io::Error::other("the server's connection thread panicked"))
    }
}

fn serve_one(request: &http::Request, engine: &Mutex<Shared>) -> Reply {
    std::panic::catch_unwind(std::panic::AssertUnwindSafe(|| route(request, engine)))
        .unwrap_or_else(|_| Reply::error(500, "internal error (see the server's log)"))
}

fn route(request: &http::Request, engine: &Mutex<Shared>) -> Reply {
    let path = request.path.as_str();
    let method = request.method.as_str();
    match (path, method) {
        ("/" | "/index.html", "GET" | "HEAD") => {
            Reply { status: 200, content_type: "text/html", body: PAGE.to_string() }
        }
        ("/api/variants", "GET" | "HEAD") => Reply::json(200, &api::variants()),
        ("/api/pgn/read", "POST") => {
            let upload: api::PgnUpload = match read_json(&request.body) {
                Ok(upload) => upload,
                Err(reply) => return reply,
            };
            api::read_pgn(&upload).map_or_else(|e| Reply::error(400, &e.0), |view| Reply::json(200, &view))
        }
        ("/api/state" | "/api/engine" | "/api/pgn", "POST") => {
            let game: api::GameRequest = match read_json(&request.body) {
                Ok(game) => game,
                Err(reply) => return reply,
            };
            let answer = match path {
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
        (
            "/" | "/index.html" | "/api/variants" | "/api/state" | "/api/engine" | "/api/pgn"
            | "/api/pgn/read",
            _,
        ) => Reply::error(405, &format!("method {} not allowed for '{path}'", truncated(method))),
        _ => Reply::error(404, &format!("no such page '{}'", truncated(path))),
    }
}

/// Reads a POST body (at most [`MAX_BODY_BYTES`]: [`http`] refuses longer ones) as JSON.
fn read_json<T: serde::de::DeserializeOwned>(body: &[u8]) -> Result<T, Reply> {
    let text = std::str::from_utf8(body)
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
