//! Helpers for the `jester serve` tests: the server as a child process, plain HTTP calls to it,
//! and a small WebDriver client for a real headless Chromium driven by Debian's chromedriver.
#![allow(dead_code)] // Each test binary uses a different part.

use serde_json::{json, Value};
use std::io::{BufRead, BufReader, Read, Write};
use std::net::{TcpListener, TcpStream};
use std::path::PathBuf;
use std::process::{Child, Command, Stdio};
use std::time::{Duration, Instant};

/// `jester serve --port 0`, stopped when dropped.
pub struct Served {
    child: Child,
    /// `http://127.0.0.1:PORT`
    pub base: String,
}

impl Served {
    pub fn start() -> Served {
        let mut child = Command::new(env!("CARGO_BIN_EXE_jester"))
            .args(["serve", "--port", "0", "--hash", "16"])
            .env_remove("RUST_LOG")
            .stdout(Stdio::piped())
            .stderr(Stdio::inherit())
            .spawn()
            .expect("start jester serve");
        let mut line = String::new();
        BufReader::new(child.stdout.take().expect("stdout")).read_line(&mut line).expect("read");
        let base = line
            .trim()
            .strip_prefix("Serving ")
            .and_then(|url| url.strip_suffix('/'))
            .unwrap_or_else(|| panic!("unexpected first line {line:?}"))
            .to_string();
        Served { child, base }
    }

    pub fn port(&self) -> u16 {
        self.base.rsplit(':').next().and_then(|p| p.parse().ok()).expect("port")
    }

    /// Whether the process is still running (a crash would have ended it).
    pub fn alive(&mut self) -> bool {
        self.child.try_wait().expect("try_wait").is_none()
    }

    /// POSTs `body` to `path`: the status and the JSON answer.
    pub fn post(&self, path: &str, body: &str) -> (u16, Value) {
        let response = ureq::post(&format!("{}{path}", self.base))
            .timeout(Duration::from_secs(60))
            .set("Content-Type", "application/json")
            .send_string(body);
        answer(response)
    }

    pub fn post_json(&self, path: &str, body: &Value) -> (u16, Value) {
        self.post(path, &body.to_string())
    }

    pub fn get(&self, path: &str) -> (u16, String) {
        match ureq::get(&format!("{}{path}", self.base)).timeout(Duration::from_secs(10)).call() {
            Ok(r) => (r.status(), r.into_string().expect("body")),
            Err(ureq::Error::Status(code, r)) => (code, r.into_string().expect("body")),
            Err(e) => panic!("GET {path}: {e}"),
        }
    }

    /// The game state of `game` (a JSON request body); panics on an error answer.
    pub fn state(&self, game: &Value) -> Value {
        let (status, value) = self.post_json("/api/state", game);
        assert_eq!(status, 200, "{value}");
        value
    }

    /// Sends raw bytes on a fresh connection and returns whatever comes back before it closes.
    pub fn raw(&self, bytes: &[u8]) -> String {
        let mut stream = TcpStream::connect(("127.0.0.1", self.port())).expect("connect");
        stream.set_read_timeout(Some(Duration::from_secs(10))).unwrap();
        let _ = stream.write_all(bytes);
        let _ = stream.shutdown(std::net::Shutdown::Write);
        let mut out = Vec::new();
        let _ = stream.read_to_end(&mut out);
        String::from_utf8_lossy(&out).into_owned()
    }
}

fn answer(response: Result<ureq::Response, ureq::Error>) -> (u16, Value) {
    let (status, body) = match response {
        Ok(r) => (r.status(), r.into_string().expect("body")),
        Err(ureq::Error::Status(code, r)) => (code, r.into_string().expect("body")),
        Err(e) => panic!("request failed: {e}"),
    };
    let value = serde_json::from_str(&body).unwrap_or_else(|e| panic!("not JSON ({e}): {body}"));
    (status, value)
}

impl Drop for Served {
    fn drop(&mut self) {
        let _ = self.child.kill();
        let _ = self.child.wait();
    }
}

/// Chromium and chromedriver from Debian's packages, or `None` (and a message) when they are
/// missing and `JESTER_SKIP_PEER_TESTS` is set; missing otherwise is a failure.
pub fn browser_programs() -> Option<(PathBuf, PathBuf)> {
    let find = |name: &str| {
        ["/usr/bin", "/usr/lib/chromium"].iter().map(|d| PathBuf::from(d).join(name)).find(|p| p.is_file())
    };
    match (find("chromium"), find("chromedriver")) {
        (Some(browser), Some(driver)) => Some((browser, driver)),
        _ if std::env::var_os("JESTER_SKIP_PEER_TESTS").is_some() => {
            eprintln!("chromium or chromedriver not installed: skipped (JESTER_SKIP_PEER_TESTS)");
            None
        }
        _ => panic!(
            "chromium and chromedriver not found: install Debian's `chromium chromium-driver` (scripts/test.sh installs it) \
             or set JESTER_SKIP_PEER_TESTS=1"
        ),
    }
}

const ELEMENT_KEY: &str = "element-6066-11e4-a52e-4f735466cecf";

/// A WebDriver session in headless Chromium, closed (with its driver) when dropped.
pub struct Browser {
    driver: Child,
    base: String,
    session: String,
    profile: PathBuf,
}

impl Browser {
    pub fn start(browser: &PathBuf, driver: &PathBuf) -> Browser {
        let port = TcpListener::bind("127.0.0.1:0").expect("free port").local_addr().unwrap().port();
        let driver = Command::new(driver)
            .arg(format!("--port={port}"))
            .stdout(Stdio::null())
            .stderr(Stdio::null())
            .spawn()
            .expect("start chromedriver");
        let base = format!("http://127.0.0.1:{port}");
        let deadline = Instant::now() + Duration::from_secs(30);
        while ureq::get(&format!("{base}/status")).call().is_err() {
            assert!(Instant::now() < deadline, "chromedriver did not come up");
            std::thread::sleep(Duration::from_millis(100));
        }
        let profile = std::env::temp_dir().join(format!("jester-chromium-{}-{port}", std::process::id()));
        // Flags as the machine notes advise for a closed network, running as root.
        let args = [
            "--headless".to_string(),
            "--no-sandbox".into(),
            "--disable-gpu".into(),
            "--disable-dev-shm-usage".into(),
            "--disable-quic".into(),
            "--no-first-run".into(),
            "--disable-background-networking".into(),
            "--disable-component-update".into(),
            "--disable-sync".into(),
            "--window-size=1400,1100".into(),
            format!("--user-data-dir={}", profile.display()),
        ];
        let capabilities = json!({ "capabilities": { "alwaysMatch": {
            "browserName": "chrome",
            "goog:chromeOptions": { "binary": browser, "args": args }
        }}});
        let mut b = Browser { driver, base, session: String::new(), profile };
        let created = b.call("POST", "/session", Some(capabilities));
        b.session = created["sessionId"].as_str().expect("sessionId").to_string();
        b
    }

    fn call(&self, method: &str, path: &str, body: Option<Value>) -> Value {
        let url = format!("{}{path}", self.base);
        let request = ureq::request(method, &url).timeout(Duration::from_secs(120));
        let response = match body {
            Some(b) => request.set("Content-Type", "application/json").send_string(&b.to_string()),
            None => request.call(),
        };
        let (status, value) = answer(response);
        assert_eq!(status, 200, "WebDriver {method} {path}: {value}");
        value["value"].clone()
    }

    fn session_call(&self, method: &str, path: &str, body: Option<Value>) -> Value {
        self.call(method, &format!("/session/{}{path}", self.session), body)
    }

    pub fn open(&self, url: &str) {
        self.session_call("POST", "/url", Some(json!({ "url": url })));
    }

    /// The element matching a CSS selector (panics if there is none).
    pub fn find(&self, css: &str) -> String {
        let found =
            self.session_call("POST", "/element", Some(json!({ "using": "css selector", "value": css })));
        found[ELEMENT_KEY].as_str().unwrap_or_else(|| panic!("no element {css}: {found}")).to_string()
    }

    /// A real click (the driver moves the pointer to the element's centre and presses there).
    pub fn click(&self, css: &str) {
        let id = self.find(css);
        self.session_call("POST", &format!("/element/{id}/click"), Some(json!({})));
    }

    pub fn type_into(&self, css: &str, text: &str) {
        let id = self.find(css);
        self.session_call("POST", &format!("/element/{id}/clear"), Some(json!({})));
        self.session_call("POST", &format!("/element/{id}/value"), Some(json!({ "text": text })));
    }

    pub fn text(&self, css: &str) -> String {
        let id = self.find(css);
        self.session_call("GET", &format!("/element/{id}/text"), None).as_str().unwrap_or("").to_string()
    }

    /// Runs `script` (a function body) in the page and returns its value.
    pub fn eval(&self, script: &str) -> Value {
        self.session_call("POST", "/execute/sync", Some(json!({ "script": script, "args": [] })))
    }

    /// Runs `script` (an async function body; its promise's value is the answer).
    pub fn eval_async(&self, script: &str) -> Value {
        let wrapped = format!("const done = arguments[arguments.length - 1]; (async () => {{ {script} }})().then(done, e => done('error: ' + e));");
        self.session_call("POST", "/execute/async", Some(json!({ "script": wrapped, "args": [] })))
    }

    /// Presses the mouse on the centre of `from`, moves it in steps to the centre of `to`, and
    /// releases it there (a real drag: the browser sends its pointer events).
    pub fn drag(&self, from: &str, to: &str) {
        let (from, to) = (self.find(from), self.find(to));
        let origin = |id: &str| json!({ ELEMENT_KEY: id });
        let actions = json!({ "actions": [{
            "type": "pointer", "id": "mouse", "parameters": { "pointerType": "mouse" },
            "actions": [
                { "type": "pointerMove", "duration": 0, "origin": origin(&from), "x": 0, "y": 0 },
                { "type": "pointerDown", "button": 0 },
                { "type": "pointerMove", "duration": 120, "origin": origin(&to), "x": 0, "y": 0 },
                { "type": "pointerUp", "button": 0 }
            ]
        }]});
        self.session_call("POST", "/actions", Some(actions));
        self.session_call("DELETE", "/actions", None);
    }

    /// Presses and releases a key (a WebDriver key value, e.g. "\u{E012}" for the left arrow)
    /// on whatever has the focus.
    pub fn press_key(&self, key: &str) {
        let actions = json!({ "actions": [{
            "type": "key", "id": "keyboard",
            "actions": [{ "type": "keyDown", "value": key }, { "type": "keyUp", "value": key }]
        }]});
        self.session_call("POST", "/actions", Some(actions));
    }

    /// Resizes the browser's window so that the page's viewport is `width` x `height`.
    pub fn set_viewport(&self, width: u32, height: u32) {
        let inner = self
            .eval("return [window.innerWidth, window.innerHeight, window.outerWidth, window.outerHeight];");
        let n = |i: usize| inner[i].as_i64().unwrap();
        let (w, h) = (width as i64 + n(2) - n(0), height as i64 + n(3) - n(1));
        self.session_call("POST", "/window/rect", Some(json!({ "width": w, "height": h })));
    }

    /// A PNG of the viewport.
    pub fn screenshot(&self) -> Vec<u8> {
        let encoded = self.session_call("GET", "/screenshot", None);
        decode_base64(encoded.as_str().expect("base64 text"))
    }

    /// Sends a file's path to a file input (what choosing it in the dialog does).
    pub fn choose_file(&self, css: &str, path: &std::path::Path) {
        let id = self.find(css);
        let text = path.to_str().expect("UTF-8 path");
        self.session_call("POST", &format!("/element/{id}/value"), Some(json!({ "text": text })));
    }

    /// Polls `condition` (a JavaScript expression) until it is true.
    pub fn wait_for(&self, condition: &str, timeout: Duration) {
        let deadline = Instant::now() + timeout;
        loop {
            if self.eval(&format!("return Boolean({condition});")) == Value::Bool(true) {
                return;
            }
            assert!(Instant::now() < deadline, "timed out waiting for {condition}");
            std::thread::sleep(Duration::from_millis(50));
        }
    }
}

impl Drop for Browser {
    fn drop(&mut self) {
        if !self.session.is_empty() {
            let url = format!("{}/session/{}", self.base, self.session);
            let _ = ureq::delete(&url).timeout(Duration::from_secs(30)).call();
        }
        let _ = self.driver.kill();
        let _ = self.driver.wait();
        let _ = std::fs::remove_dir_all(&self.profile);
    }
}

/// Standard base64 (the WebDriver screenshot's encoding).
fn decode_base64(text: &str) -> Vec<u8> {
    let value = |c: u8| match c {
        b'A'..=b'Z' => c - b'A',
        b'a'..=b'z' => c - b'a' + 26,
        b'0'..=b'9' => c - b'0' + 52,
        b'+' => 62,
        b'/' => 63,
        _ => panic!("not base64: {c}"),
    };
    let digits: Vec<u8> =
        text.bytes().filter(|&c| c != b'=' && !c.is_ascii_whitespace()).map(value).collect();
    let mut out = Vec::with_capacity(digits.len() * 3 / 4);
    for chunk in digits.chunks(4) {
        let mut n = 0u32;
        for (i, &d) in chunk.iter().enumerate() {
            n |= u32::from(d) << (18 - 6 * i);
        }
        out.extend_from_slice(&n.to_be_bytes()[1..chunk.len()]);
    }
    out
}
