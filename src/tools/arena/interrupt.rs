//! Ctrl-C during `jester match`: the first SIGINT asks the match to stop. The games finished so
//! far are kept (reported, in the table and the PGN); the games under way are dropped, their
//! engines ended. A second SIGINT ends jester at once.

use std::sync::atomic::{AtomicBool, Ordering};

static INTERRUPTED: AtomicBool = AtomicBool::new(false);

/// Whether the match was asked to stop.
pub fn interrupted() -> bool {
    INTERRUPTED.load(Ordering::SeqCst)
}

/// Asks the match to stop, as Ctrl-C does.
pub fn interrupt() {
    INTERRUPTED.store(true, Ordering::SeqCst);
}

/// Makes SIGINT (Ctrl-C) ask the match to stop instead of ending jester at once.
#[cfg(unix)]
pub fn catch_sigint() -> std::io::Result<()> {
    extern "C" fn on_sigint(_: libc::c_int) {
        // Only async-signal-safe calls here: an atomic swap, and `_exit` the second time.
        if INTERRUPTED.swap(true, Ordering::SeqCst) {
            // SAFETY: `_exit` is async-signal-safe and ends the process without running any code
            // of this one.
            unsafe { libc::_exit(130) };
        }
    }
    let handler: extern "C" fn(libc::c_int) = on_sigint;
    // SAFETY: the handler only touches an atomic and calls `_exit`, both allowed in a handler.
    let previous = unsafe { libc::signal(libc::SIGINT, handler as libc::sighandler_t) };
    if previous == libc::SIG_ERR {
        return Err(std::io::Error::last_os_error());
    }
    Ok(())
}

/// Elsewhere Ctrl-C ends jester at once, as before.
#[cfg(not(unix))]
pub fn catch_sigint() -> std::io::Result<()> {
    Ok(())
}
