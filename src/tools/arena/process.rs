//! An engine process on pipes. A reader thread per stream stamps every line with the instant it
//! arrived and passes it on a channel, so reads can time out and the clock stops when the reply
//! arrived, not when the referee got round to it.

use std::io::{BufRead, BufReader, Write};
use std::path::Path;
use std::process::{Child, ChildStdin, Command, Stdio};
use std::sync::mpsc::{self, Receiver, RecvTimeoutError};
use std::sync::{Arc, Mutex, Weak};
use std::time::{Duration, Instant};

/// Every engine process running, so that an interrupted match can end them all at once.
struct Running {
    /// After [`end_all`]: no more engines start.
    ended: bool,
    children: Vec<Weak<Mutex<Child>>>,
}

static RUNNING: Mutex<Running> = Mutex::new(Running { ended: false, children: Vec::new() });

/// Ends every engine process now (an interrupted match: the games under way end at once, their
/// engines seen to close), and refuses to start more.
pub fn end_all() {
    let mut running = RUNNING.lock().unwrap_or_else(|e| e.into_inner());
    running.ended = true;
    for child in running.children.drain(..).filter_map(|c| c.upgrade()) {
        let _ = child.lock().unwrap_or_else(|e| e.into_inner()).kill();
    }
}

enum Chunk {
    Out(Instant, String),
    Err(String),
    Eof,
}

/// Why a read failed.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum ReadError {
    Timeout,
    /// Standard output closed: the engine exited or crashed.
    Closed,
}

/// An engine process on pipes, with a transcript of the current game.
pub struct Process {
    label: String,
    child: Arc<Mutex<Child>>,
    stdin: ChildStdin,
    chunks: Receiver<Chunk>,
    closed: bool,
    epoch: Instant,
    transcript: Vec<String>,
    /// Lines in which the engine reported an error in what it was sent (`Error (...): ...`,
    /// `tellusererror`, UCI `info string error`), not yet taken.
    complaints: Vec<String>,
}

impl Process {
    pub fn start(label: &str, program: &Path, args: &[String]) -> Result<Process, String> {
        let mut command = Command::new(program);
        command
            .args(args)
            .env_remove("RUST_LOG")
            .stdin(Stdio::piped())
            .stdout(Stdio::piped())
            .stderr(Stdio::piped());
        // A group of its own: Ctrl-C at the terminal reaches jester, which ends the games and
        // then its engines, and not the engines in the middle of a game.
        #[cfg(unix)]
        std::os::unix::process::CommandExt::process_group(&mut command, 0);
        // Started under the lock, so that `end_all` cannot miss it.
        let mut running = RUNNING.lock().unwrap_or_else(|e| e.into_inner());
        if running.ended {
            return Err(format!("cannot start {label}: the match was interrupted"));
        }
        let mut child =
            command.spawn().map_err(|e| format!("cannot start {label} ({}): {e}", program.display()))?;
        let stdin = child.stdin.take().ok_or("no stdin")?;
        let stdout = child.stdout.take().ok_or("no stdout")?;
        let stderr = child.stderr.take().ok_or("no stderr")?;
        let (tx, chunks) = mpsc::channel();
        let out_tx = tx.clone();
        std::thread::spawn(move || {
            for line in BufReader::new(stdout).split(b'\n') {
                let Ok(line) = line else { break };
                let text = String::from_utf8_lossy(&line).trim_end_matches('\r').to_string();
                if out_tx.send(Chunk::Out(Instant::now(), text)).is_err() {
                    return;
                }
            }
            let _ = out_tx.send(Chunk::Eof);
        });
        std::thread::spawn(move || {
            let mut stderr = BufReader::new(stderr);
            let mut line = String::new();
            loop {
                line.clear();
                match stderr.read_line(&mut line) {
                    Ok(0) | Err(_) => return,
                    Ok(_) => {
                        if tx.send(Chunk::Err(line.trim_end().to_string())).is_err() {
                            return;
                        }
                    }
                }
            }
        });
        let child = Arc::new(Mutex::new(child));
        running.children.retain(|c| c.strong_count() > 0);
        running.children.push(Arc::downgrade(&child));
        Ok(Process {
            label: label.to_string(),
            child,
            stdin,
            chunks,
            closed: false,
            epoch: Instant::now(),
            transcript: Vec::new(),
            complaints: Vec::new(),
        })
    }

    fn note(&mut self, at: Instant, arrow: &str, text: &str) {
        let t = at.saturating_duration_since(self.epoch).as_secs_f64();
        self.transcript.push(format!("{t:9.3} {arrow} {text}"));
    }

    /// Writes one line; returns the instant it was written.
    pub fn send(&mut self, line: &str) -> Result<Instant, ReadError> {
        let now = Instant::now();
        self.note(now, ">", line);
        writeln!(self.stdin, "{line}").and_then(|()| self.stdin.flush()).map_err(|_| ReadError::Closed)?;
        Ok(now)
    }

    /// The next line of standard output and the instant it arrived, waiting until `deadline`.
    pub fn recv(&mut self, deadline: Instant) -> Result<(Instant, String), ReadError> {
        loop {
            if self.closed {
                return Err(ReadError::Closed);
            }
            let wait = deadline.saturating_duration_since(Instant::now());
            match self.chunks.recv_timeout(wait) {
                Ok(Chunk::Out(at, text)) => {
                    self.note(at, "<", &text);
                    let t = text.trim_start();
                    if t.starts_with("Error")
                        || t.starts_with("tellusererror")
                        || t.starts_with("info string error")
                    {
                        self.complaints.push(text.clone());
                    }
                    return Ok((at, text));
                }
                Ok(Chunk::Err(text)) => self.note(Instant::now(), "stderr:", &text),
                Ok(Chunk::Eof) | Err(RecvTimeoutError::Disconnected) => {
                    self.note(Instant::now(), "--", "standard output closed");
                    self.closed = true;
                }
                Err(RecvTimeoutError::Timeout) => return Err(ReadError::Timeout),
            }
        }
    }

    /// Reads until a line satisfies `done` or `timeout` passes; returns that line.
    pub fn recv_until(
        &mut self,
        timeout: Duration,
        done: impl Fn(&str) -> bool,
    ) -> Result<String, ReadError> {
        let deadline = Instant::now() + timeout;
        loop {
            let (_, line) = self.recv(deadline)?;
            if done(&line) {
                return Ok(line);
            }
        }
    }

    /// Records whatever has arrived already, without waiting.
    pub fn drain(&mut self) {
        while !self.closed {
            match self.recv(Instant::now()) {
                Ok(_) => {}
                Err(_) => return,
            }
        }
    }

    /// The complaints since the last call.
    pub fn take_complaints(&mut self) -> Vec<String> {
        self.drain();
        std::mem::take(&mut self.complaints)
    }

    /// Starts a new transcript.
    pub fn clear_transcript(&mut self) {
        self.transcript.clear();
    }

    /// The last `n` transcript lines, with a header.
    pub fn transcript_tail(&mut self, n: usize) -> String {
        self.drain();
        let skip = self.transcript.len().saturating_sub(n);
        let mut s = format!("--- {} transcript (seconds since start, > sent, < received) ---\n", self.label);
        if skip > 0 {
            s.push_str(&format!("          ... {skip} earlier lines\n"));
        }
        for line in &self.transcript[skip..] {
            s.push_str(line);
            s.push('\n');
        }
        s
    }
}

impl Drop for Process {
    fn drop(&mut self) {
        // Ask politely, then end the process we started.
        let _ = writeln!(self.stdin, "quit").and_then(|()| self.stdin.flush());
        let mut child = self.child.lock().unwrap_or_else(|e| e.into_inner());
        let deadline = Instant::now() + Duration::from_millis(500);
        while Instant::now() < deadline {
            if let Ok(Some(_)) = child.try_wait() {
                return;
            }
            std::thread::sleep(Duration::from_millis(10));
        }
        let _ = child.kill();
        let _ = child.wait();
    }
}
