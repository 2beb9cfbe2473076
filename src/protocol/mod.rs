//! The protocols: text in, engine commands out; engine events in, text out.
//!
//! [`run`] reads standard input on its own thread and picks UCI or CECP from the first command
//! (`uci` / `xboard`). Input lines and search events arrive on one channel and are handled on
//! one thread, so replies keep their order (CECP `ping`, UCI `isready`).

pub mod format;
pub mod session;
pub mod uci;
pub mod wdl;

use crate::search::Event;
use std::io::{BufRead, Write};
use std::sync::mpsc;

/// What the protocol loop reacts to.
pub enum Message {
    /// A line of input, without its line ending (invalid UTF-8 replaced).
    Line(String),
    /// An event of the search with this id.
    Search {
        id: u64,
        event: Event,
    },
    InputClosed,
}

/// Whether the loop goes on.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Flow {
    Continue,
    Quit,
}

/// Reads lines from `input` on a thread of their own into `tx`.
fn spawn_reader(mut input: impl BufRead + Send + 'static, tx: mpsc::Sender<Message>) {
    std::thread::spawn(move || {
        let mut buf = Vec::new();
        loop {
            buf.clear();
            match input.read_until(b'\n', &mut buf) {
                Ok(0) | Err(_) => break,
                Ok(_) => {
                    let line = String::from_utf8_lossy(&buf).trim_end_matches(['\n', '\r']).to_string();
                    if tx.send(Message::Line(line)).is_err() {
                        return;
                    }
                }
            }
        }
        let _ = tx.send(Message::InputClosed);
    });
}

/// Runs the protocol loop on `input` and `output` until `quit` or the end of input.
pub fn run(input: impl BufRead + Send + 'static, mut output: impl Write) {
    let (tx, rx) = mpsc::channel();
    spawn_reader(input, tx.clone());
    // Wait for the command that chooses the protocol.
    let first = loop {
        match rx.recv() {
            Ok(Message::Line(line)) => match line.split_whitespace().next() {
                Some("uci") => break Some(("uci", line)),
                Some("xboard") => break Some(("xboard", line)),
                Some("quit") => break None,
                Some(other) => {
                    let _ =
                        writeln!(output, "info string expected 'uci' or 'xboard' first, ignored '{other}'");
                    let _ = output.flush();
                }
                None => {}
            },
            Ok(Message::InputClosed) | Err(_) => break None,
            Ok(Message::Search { .. }) => {}
        }
    };
    match first {
        Some(("uci", line)) => {
            let mut uci = uci::Uci::new(output, tx);
            drive(&rx, Message::Line(line), |m| uci.handle(m));
        }
        Some((_, line)) => {
            let mut xboard = xboard::Xboard::new(output, tx);
            drive(&rx, Message::Line(line), |m| xboard.handle(m));
        }
        None => {}
    }
}

fn drive(rx: &mpsc::Receiver<Message>, first: Message, mut handle: impl FnMut(Message) -> Flow) {
    if handle(first) == Flow::Quit {
        return;
    }
    while let Ok(message) = rx.recv() {
        if handle(message) == Flow::Quit {
            return;
        }
    }
}

pub mod xboard;
