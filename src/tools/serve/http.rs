//! The HTTP/1.1 server under the browser board: a thread per connection, a deadline on every read
//! and write, and caps on connections, requests per connection, header and body sizes.
//!
//! Written here rather than taken from `tiny_http`, which gives no access to its connection
//! sockets (so no timeouts) and hands the pipelined requests of one connection to several
//! workers whose answers wait for one another: one client that stalls inside a body, or that
//! pipelines requests and never reads the answers, held every worker and nobody else was
//! answered. Here a slow client holds only its own thread, and only until its deadline.

use std::io::{self, BufRead, BufReader, Read, Write};
use std::net::{Shutdown, TcpListener, TcpStream};
use std::sync::atomic::{AtomicUsize, Ordering};
use std::sync::Arc;
use std::time::{Duration, Instant};

/// The longest silence while a request arrives or its answer is taken, and the longest wait for
/// the next request of a kept-alive connection.
pub const IDLE_TIMEOUT: Duration = Duration::from_secs(5);
/// The longest time one request may take to arrive whole, or its answer to be taken (a client
/// that trickles a byte at a time is cut off here).
pub const REQUEST_DEADLINE: Duration = Duration::from_secs(30);
/// Connections served at once; more are answered 503 at once and closed.
pub const MAX_CONNECTIONS: usize = 128;
/// Requests served on one connection before it is closed (`Connection: close` on the last).
pub const MAX_REQUESTS_PER_CONNECTION: usize = 100;
/// The request line and headers together.
const MAX_HEAD_BYTES: usize = 16 * 1024;
/// Body bytes read and thrown away after a refused request, so the client reads the answer
/// instead of a reset connection.
const MAX_DISCARD_BYTES: u64 = 16 << 20;

/// A request, read whole.
pub struct Request {
    /// As sent (`GET`, `POST`, ...).
    pub method: String,
    /// The target without its query.
    pub path: String,
    pub body: Vec<u8>,
}

/// An answer.
pub struct Response {
    pub status: u16,
    pub content_type: &'static str,
    pub body: String,
}

impl Response {
    pub fn json(status: u16, value: &impl serde::Serialize) -> Response {
        match serde_json::to_string(value) {
            Ok(body) => Response { status, content_type: "application/json", body },
            Err(e) => Response::error(500, &format!("cannot encode the answer: {e}")),
        }
    }

    /// A refusal: `{"error": message}`.
    pub fn error(status: u16, message: &str) -> Response {
        let body = serde_json::json!({ "error": message }).to_string();
        Response { status, content_type: "application/json", body }
    }
}

/// What answers requests (called on the connection's thread).
pub type Handler = dyn Fn(&Request) -> Response + Send + Sync;

/// Accepts connections on `listener` for ever, each on its own thread, answering with `handler`;
/// bodies over `max_body` bytes are answered 413 unread.
pub fn serve(listener: TcpListener, max_body: usize, handler: Arc<Handler>) {
    let open = Arc::new(AtomicUsize::new(0));
    for stream in listener.incoming() {
        let stream = match stream {
            Ok(s) => s,
            Err(e) => {
                // Out of file descriptors, a connection reset before it was taken: passing.
                log::warn!("cannot accept a connection: {e}");
                std::thread::sleep(Duration::from_millis(20));
                continue;
            }
        };
        if open.load(Ordering::SeqCst) >= MAX_CONNECTIONS {
            refuse_busy(stream);
            continue;
        }
        let slot = Slot::take(&open);
        let handler = Arc::clone(&handler);
        let spawned = std::thread::Builder::new().name("http".into()).spawn(move || {
            let _slot = slot;
            connection(stream, max_body, handler.as_ref());
        });
        if let Err(e) = spawned {
            log::warn!("cannot start a connection thread: {e}");
        }
    }
}

/// One open connection counted; released when dropped.
struct Slot(Arc<AtomicUsize>);

impl Slot {
    fn take(open: &Arc<AtomicUsize>) -> Slot {
        open.fetch_add(1, Ordering::SeqCst);
        Slot(Arc::clone(open))
    }
}

impl Drop for Slot {
    fn drop(&mut self) {
        self.0.fetch_sub(1, Ordering::SeqCst);
    }
}

/// Too many connections: a 503 if the socket takes it at once, never waiting on the client.
fn refuse_busy(stream: TcpStream) {
    let answer = Response::error(503, "too many connections: try again");
    if stream.set_nonblocking(true).is_ok() {
        let _ = (&stream).write_all(&encode(&answer, false, false));
    }
}

/// The socket with a deadline: every read and write waits at most [`IDLE_TIMEOUT`], and none
/// goes on past the deadline.
struct Conn {
    stream: TcpStream,
    deadline: Instant,
}

impl Conn {
    fn wait(&self) -> io::Result<Duration> {
        let left = self.deadline.saturating_duration_since(Instant::now());
        if left.is_zero() {
            return Err(io::Error::new(io::ErrorKind::TimedOut, "deadline passed"));
        }
        Ok(left.min(IDLE_TIMEOUT))
    }
}

/// A timed-out socket call says `WouldBlock` on Unix: call it what it is.
fn timed_out(e: io::Error) -> io::Error {
    if e.kind() == io::ErrorKind::WouldBlock {
        io::Error::new(io::ErrorKind::TimedOut, "timed out")
    } else {
        e
    }
}

impl Read for Conn {
    fn read(&mut self, buf: &mut [u8]) -> io::Result<usize> {
        self.stream.set_read_timeout(Some(self.wait()?))?;
        self.stream.read(buf).map_err(timed_out)
    }
}

impl Write for Conn {
    fn write(&mut self, buf: &[u8]) -> io::Result<usize> {
        self.stream.set_write_timeout(Some(self.wait()?))?;
        self.stream.write(buf).map_err(timed_out)
    }

    fn flush(&mut self) -> io::Result<()> {
        self.stream.flush()
    }
}

/// Why a request is not served: the answer to give, then the connection is closed.
struct Refusal {
    status: u16,
    message: String,
    /// Body bytes still on their way, thrown away before closing.
    unread: u64,
}

impl Refusal {
    fn new(status: u16, message: impl Into<String>) -> Refusal {
        Refusal { status, message: message.into(), unread: 0 }
    }
}

/// Serves the requests of one connection, one after another, until the client closes it, falls
/// silent, breaks a deadline or a rule, or reaches [`MAX_REQUESTS_PER_CONNECTION`].
fn connection(stream: TcpStream, max_body: usize, handler: &Handler) {
    let mut reader = BufReader::new(Conn { stream, deadline: Instant::now() + IDLE_TIMEOUT });
    for served in 1..=MAX_REQUESTS_PER_CONNECTION {
        reader.get_mut().deadline = Instant::now() + IDLE_TIMEOUT;
        match reader.fill_buf() {
            Ok([]) | Err(_) => return, // closed, or silent: nothing is under way
            Ok(_) => {}
        }
        reader.get_mut().deadline = Instant::now() + REQUEST_DEADLINE;
        let (request, keep_alive) = match read_request(&mut reader, max_body) {
            Ok(read) => read,
            Err(refusal) => {
                let conn = reader.get_mut();
                conn.deadline = Instant::now() + IDLE_TIMEOUT;
                let answer = Response::error(refusal.status, &refusal.message);
                if conn.write_all(&encode(&answer, false, false)).is_ok() && refusal.unread > 0 {
                    discard(&mut reader, refusal.unread);
                }
                return;
            }
        };
        let keep_alive = keep_alive && served < MAX_REQUESTS_PER_CONNECTION;
        let answer = handler(&request);
        let conn = reader.get_mut();
        conn.deadline = Instant::now() + REQUEST_DEADLINE;
        let bytes = encode(&answer, request.method == "HEAD", keep_alive);
        if conn.write_all(&bytes).is_err() || !keep_alive {
            return;
        }
    }
}

/// After a refusal: stop sending, and read what the client still sends (up to `bytes`, within
/// the deadline) so that it gets to read the answer.
fn discard(reader: &mut BufReader<Conn>, bytes: u64) {
    let conn = reader.get_mut();
    let _ = conn.stream.shutdown(Shutdown::Write);
    conn.deadline = Instant::now() + IDLE_TIMEOUT;
    let _ = io::copy(&mut reader.take(bytes.min(MAX_DISCARD_BYTES)), &mut io::sink());
}

/// One line of the head (without its line end), counted against `budget`.
fn head_line(reader: &mut BufReader<Conn>, budget: &mut usize) -> Result<String, Refusal> {
    let mut line = Vec::new();
    let read = reader.by_ref().take(*budget as u64).read_until(b'\n', &mut line);
    match read {
        Ok(0) => return Err(Refusal::new(400, "request cut short")),
        Ok(n) => *budget -= n,
        Err(e) if e.kind() == io::ErrorKind::TimedOut => {
            return Err(Refusal::new(408, "request not received in time"))
        }
        Err(e) => return Err(Refusal::new(400, format!("cannot read the request: {e}"))),
    }
    if line.last() != Some(&b'\n') {
        return Err(if *budget == 0 {
            Refusal::new(431, format!("request head over {MAX_HEAD_BYTES} bytes"))
        } else {
            Refusal::new(400, "request cut short")
        });
    }
    while matches!(line.last(), Some(b'\n' | b'\r')) {
        line.pop();
    }
    String::from_utf8(line).map_err(|_| Refusal::new(400, "request head is not UTF-8"))
}

/// Reads a request: its line, headers and body. Also says whether the connection stays open.
fn read_request(reader: &mut BufReader<Conn>, max_body: usize) -> Result<(Request, bool), Refusal> {
    let mut budget = MAX_HEAD_BYTES;
    let line = head_line(reader, &mut budget)?;
    let words: Vec<&str> = line.split(' ').collect();
    let [method, target, version] = words[..] else {
        return Err(Refusal::new(400, "not an HTTP request line"));
    };
    let minor = match version.strip_prefix("HTTP/1.") {
        Some("0") => 0,
        Some("1") => 1,
        _ if version.starts_with("HTTP/") => {
            return Err(Refusal::new(505, format!("HTTP version '{version}' not supported (1.0 or 1.1)")))
        }
        _ => return Err(Refusal::new(400, "not an HTTP request line")),
    };
    if method.is_empty() || !method.bytes().all(|b| b.is_ascii_alphabetic()) {
        return Err(Refusal::new(400, "not an HTTP request line"));
    }
    let mut length: Option<u64> = None;
    let mut keep_alive = minor == 1;
    let mut expect_continue = false;
    loop {
        let header = head_line(reader, &mut budget)?;
        if header.is_empty() {
            break;
        }
        let Some((name, value)) = header.split_once(':') else {
            return Err(Refusal::new(400, format!("malformed header '{}'", super::truncated(&header))));
        };
        let value = value.trim();
        match name.trim().to_ascii_lowercase().as_str() {
            "content-length" => {
                let n: u64 =
                    value.parse().map_err(|_| Refusal::new(400, format!("Content-Length '{value}'")))?;
                if length.is_some_and(|m| m != n) {
                    return Err(Refusal::new(400, "two different Content-Length headers"));
                }
                length = Some(n);
            }
            "transfer-encoding" => {
                return Err(Refusal::new(
                    501,
                    format!("Transfer-Encoding '{value}' not supported: send Content-Length"),
                ))
            }
            "connection" => {
                let value = value.to_ascii_lowercase();
                if value.contains("close") {
                    keep_alive = false;
                } else if value.contains("keep-alive") {
                    keep_alive = true;
                }
            }
            "expect" if value.eq_ignore_ascii_case("100-continue") => expect_continue = true,
            _ => {}
        }
    }
    let length = length.unwrap_or(0);
    if length > max_body as u64 {
        let mut refusal = Refusal::new(413, format!("request body over {max_body} bytes"));
        // A client that waits for 100 Continue sends no body.
        refusal.unread = if expect_continue { 0 } else { length };
        return Err(refusal);
    }
    if expect_continue && length > 0 {
        let sent = reader.get_mut().write_all(b"HTTP/1.1 100 Continue\r\n\r\n");
        if sent.is_err() {
            return Err(Refusal::new(408, "request not received in time"));
        }
    }
    let mut body = Vec::with_capacity(length as usize);
    match reader.by_ref().take(length).read_to_end(&mut body) {
        Ok(_) if body.len() as u64 == length => {}
        Ok(_) => return Err(Refusal::new(400, "request body cut short")),
        Err(e) if e.kind() == io::ErrorKind::TimedOut => {
            return Err(Refusal::new(408, "request body not received in time"))
        }
        Err(e) => return Err(Refusal::new(400, format!("cannot read the request body: {e}"))),
    }
    let path = target.split('?').next().unwrap_or("").to_string();
    Ok((Request { method: method.to_string(), path, body }, keep_alive))
}

fn reason(status: u16) -> &'static str {
    match status {
        200 => "OK",
        400 => "Bad Request",
        404 => "Not Found",
        405 => "Method Not Allowed",
        408 => "Request Timeout",
        413 => "Content Too Large",
        431 => "Request Header Fields Too Large",
        500 => "Internal Server Error",
        501 => "Not Implemented",
        503 => "Service Unavailable",
        505 => "HTTP Version Not Supported",
        _ => "",
    }
}

/// The answer's bytes: status line, headers, and the body unless it answers a `HEAD`.
fn encode(answer: &Response, head: bool, keep_alive: bool) -> Vec<u8> {
    let mut bytes = format!(
        "HTTP/1.1 {} {}\r\nContent-Type: {}; charset=utf-8\r\nContent-Length: {}\r\nConnection: {}\r\n\r\n",
        answer.status,
        reason(answer.status),
        answer.content_type,
        answer.body.len(),
        if keep_alive { "keep-alive" } else { "close" }
    )
    .into_bytes();
    if !head {
        bytes.extend_from_slice(answer.body.as_bytes());
    }
    bytes
}
