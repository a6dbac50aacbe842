"""A small Chrome DevTools Protocol client over --remote-debugging-pipe: no websocket library, no port opened
(bench/pocket.py drives Chromium with it)."""
import fcntl, json, os, subprocess, tempfile, threading, queue, time, itertools

class Browser:
    def __init__(self, extra_args=(), binary="chromium"):
        cmd_r, self._cmd_w = os.pipe()      # we write commands -> child's fd 3
        self._res_r, res_w = os.pipe()      # child's fd 4 -> we read
        def setup():  # move both ends above 9 first: the pipes may themselves be fds 3/4, and dup2(3, 3) keeps CLOEXEC
            a, b = fcntl.fcntl(cmd_r, fcntl.F_DUPFD, 10), fcntl.fcntl(res_w, fcntl.F_DUPFD, 10)
            os.dup2(a, 3); os.dup2(b, 4)
        self.proc = subprocess.Popen(
            [binary, "--headless", "--no-sandbox", "--remote-debugging-pipe",
             "--user-data-dir=" + tempfile.mkdtemp(prefix="cdp-profile-"),
             "--no-first-run", *extra_args, "about:blank"],
            preexec_fn=setup, close_fds=False,
            stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
        os.close(cmd_r); os.close(res_w)
        self._ids = itertools.count(1)
        self._pending = {}
        self.events = queue.Queue()
        self._lock = threading.Lock()
        threading.Thread(target=self._reader, daemon=True).start()

    def _reader(self):
        buf = b""
        while True:
            chunk = os.read(self._res_r, 1 << 16)
            if not chunk: break
            buf += chunk
            while b"\0" in buf:
                raw, buf = buf.split(b"\0", 1)
                msg = json.loads(raw)
                if "id" in msg and msg["id"] in self._pending:
                    self._pending.pop(msg["id"]).put(msg)
                else:
                    self.events.put(msg)

    def send(self, method, params=None, session=None, timeout=30):
        i = next(self._ids); q = queue.Queue(); self._pending[i] = q
        msg = {"id": i, "method": method, "params": params or {}}
        if session: msg["sessionId"] = session
        with self._lock:
            os.write(self._cmd_w, json.dumps(msg).encode() + b"\0")
        r = q.get(timeout=timeout)
        if "error" in r: raise RuntimeError(f"{method}: {r['error']}")
        return r["result"]

    def wait_event(self, method, session=None, timeout=30, pred=lambda p: True):
        end = time.time() + timeout
        while time.time() < end:
            try: m = self.events.get(timeout=max(0.01, end - time.time()))
            except queue.Empty: break
            if m.get("method") == method and (session is None or m.get("sessionId") == session) and pred(m.get("params", {})):
                return m["params"]
        raise TimeoutError(method)

    def new_page(self, url="about:blank"):
        tid = self.send("Target.createTarget", {"url": "about:blank"})["targetId"]
        sid = self.send("Target.attachToTarget", {"targetId": tid, "flatten": True})["sessionId"]
        self.send("Page.enable", session=sid); self.send("Runtime.enable", session=sid)
        return sid

    def goto(self, sid, url, timeout=30):
        while not self.events.empty():  # a load of an earlier page is not this one's
            self.events.get_nowait()
        self.send("Page.navigate", {"url": url}, session=sid)
        return self.wait_event("Page.loadEventFired", session=sid, timeout=timeout)

    def eval(self, sid, expr, await_promise=True):
        r = self.send("Runtime.evaluate", {"expression": expr, "awaitPromise": await_promise, "returnByValue": True}, session=sid)
        if "exceptionDetails" in r: raise RuntimeError(r["exceptionDetails"])
        return r["result"].get("value")

    def close(self):
        try: self.send("Browser.close", timeout=5)
        except Exception: pass
        try: self.proc.wait(timeout=10)
        except Exception: self.proc.kill()
