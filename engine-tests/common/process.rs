//! Drives the built `jester` binary over its standard input and output, with timeouts.

use std::io::{BufRead, BufReader, Write};
use std::process::{Child, ChildStdin, Command, Stdio};
use std::sync::mpsc::{self, Receiver, RecvTimeoutError};
use std::time::{Duration, Instant};

/// How long a test waits for a reply that should come at once.
pub const PROMPT: Duration = Duration::from_secs(10);

pub struct Jester {
    child: Child,
    stdin: Option<ChildStdin>,
    lines: Receiver<String>,
    /// Every line read so far, for failure messages.
    pub transcript: Vec<String>,
}

impl Jester {
    /// Starts `jester` with no arguments (the protocol loop).
    pub fn start() -> Jester {
        let mut child = Command::new(env!("CARGO_BIN_EXE_jester"))
            .env_remove("RUST_LOG")
            .stdin(Stdio::piped())
            .stdout(Stdio::piped())
            .stderr(Stdio::piped())
            .spawn()
            .expect("start jester");
        let stdout = child.stdout.take().expect("stdout");
        let (tx, lines) = mpsc::channel();
        std::thread::spawn(move || {
            for line in BufReader::new(stdout).lines() {
                let Ok(line) = line else { break };
                if tx.send(line).is_err() {
                    break;
                }
            }
        });
        let stdin = child.stdin.take();
        Jester { child, stdin, lines, transcript: Vec::new() }
    }

    pub fn send(&mut self, line: &str) {
        self.transcript.push(format!("> {line}"));
        let stdin = self.stdin.as_mut().expect("stdin open");
        writeln!(stdin, "{line}").and_then(|()| stdin.flush()).expect("write to jester");
    }

    /// Sends raw bytes (for invalid UTF-8 and the like).
    pub fn send_bytes(&mut self, bytes: &[u8]) {
        self.transcript.push(format!("> {}", String::from_utf8_lossy(bytes)));
        let stdin = self.stdin.as_mut().expect("stdin open");
        stdin.write_all(bytes).and_then(|()| stdin.flush()).expect("write to jester");
    }

    /// The next line, or `None` after `timeout`.
    pub fn next_line(&mut self, timeout: Duration) -> Option<String> {
        match self.lines.recv_timeout(timeout) {
            Ok(line) => {
                self.transcript.push(format!("< {line}"));
                Some(line)
            }
            Err(RecvTimeoutError::Timeout) | Err(RecvTimeoutError::Disconnected) => None,
        }
    }

    /// Reads lines until one satisfies `done`; returns all of them, that one last. Panics with
    /// the transcript after `timeout`.
    pub fn read_until(&mut self, timeout: Duration, done: impl Fn(&str) -> bool) -> Vec<String> {
        let deadline = Instant::now() + timeout;
        let mut lines = Vec::new();
        loop {
            let left = deadline.saturating_duration_since(Instant::now());
            match self.next_line(left) {
                Some(line) => {
                    let finished = done(&line);
                    lines.push(line);
                    if finished {
                        return lines;
                    }
                }
                None => {
                    panic!("no expected line within {timeout:?}; transcript:\n{}", self.transcript.join("\n"))
                }
            }
        }
    }

    /// Every line that arrives within `window`.
    pub fn drain(&mut self, window: Duration) -> Vec<String> {
        let deadline = Instant::now() + window;
        let mut lines = Vec::new();
        while let Some(line) = self.next_line(deadline.saturating_duration_since(Instant::now())) {
            lines.push(line);
        }
        lines
    }

    /// Closes stdin and waits; returns stderr. Panics if the process does not end in time or
    /// reports a panic.
    pub fn finish(mut self) -> String {
        drop(self.stdin.take());
        let deadline = Instant::now() + PROMPT;
        loop {
            if let Some(status) = self.child.try_wait().expect("wait") {
                let mut err = String::new();
                if let Some(mut e) = self.child.stderr.take() {
                    let _ = std::io::Read::read_to_string(&mut e, &mut err);
                }
                assert!(!err.contains("panicked"), "jester panicked: {err}\n{}", self.transcript.join("\n"));
                assert!(status.success(), "jester exited with {status}: {err}");
                return err;
            }
            if Instant::now() > deadline {
                let _ = self.child.kill();
                panic!("jester did not exit; transcript:\n{}", self.transcript.join("\n"));
            }
            std::thread::sleep(Duration::from_millis(10));
        }
    }
}

impl Drop for Jester {
    fn drop(&mut self) {
        let _ = self.child.kill();
        let _ = self.child.wait();
    }
}
