#!/usr/bin/env python3
"""The diary in the pocket, measured (issue 48 §6), each number beside its baseline from the same run:

  - the list page's first contentful paint on a phone: Chromium's mobile emulation (390x844, touch) with a
    4x CPU slowdown and the "Fast 3G" profile (562.5 ms a request, 180,000 B/s down, 84,375 B/s up), over
    the HTTPS `journal serve --listen` serves: a first visit (nothing cached, no service worker), a visit
    with the app installed (its service worker), and one with the server gone (the service worker's copy);
    beside a one-line page from Python's HTTPS server with the same certificate (the floor of one request);
  - the pages' own weight: the HTML, style and script of the list page, as a signed-in phone gets them;
  - a photo of about 5 MB chosen in the page, uploaded and shown (loopback, no slowdown), beside the same
    bytes sent to the API by a program and `journal attach` of the same file;
  - the server's resident memory at SIZE entries: on loopback with no device, over HTTPS with no device,
    and with 3 devices signed in, each having read what a phone reads (the list, Today, the calendar, a
    search, the 200 entries its service worker keeps).

    bench/pocket.py --journal-bin PATH --data DIR --work DIR [--runs N]

DIR: bench/generate.py's output (its journal/ and params.json). Prints `label<TAB>value` lines.
Everything stays on 127.0.0.2 (loopback).
"""

import argparse
import base64
import http.client
import json
import os
import re
import shutil
import ssl
import statistics
import subprocess
import sys
import threading
import time
import urllib.parse
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from cdp import Browser  # noqa: E402

HOST = "127.0.0.2"
PHONE_UA = ("Mozilla/5.0 (Linux; Android 14; Pixel 8) AppleWebKit/537.36 (KHTML, like Gecko) "
            "Chrome/156.0.0.0 Mobile Safari/537.36")
FAST_3G = {"offline": False, "latency": 562.5, "downloadThroughput": 180000, "uploadThroughput": 84375}


def out(label, value):
    print(f"{label}\t{value}", flush=True)


def rss_mib(pid):
    with open(f"/proc/{pid}/status") as f:
        fields = dict(line.split(":", 1) for line in f if ":" in line)
    return int(fields["VmRSS"].split()[0]) / 1024, int(fields["VmHWM"].split()[0]) / 1024


class Served:
    def __init__(self, journal, https):
        record = json.load(open(os.path.join(journal, ".git/journal/serve.json")))
        self.port, self.token, self.pid = record["port"], record["token"], record["pid"]
        self.https = https

    def connection(self, host=HOST):
        if self.https:
            context = ssl.create_default_context()
            context.check_hostname = False
            context.verify_mode = ssl.CERT_NONE
            return http.client.HTTPSConnection(host, self.port, context=context, timeout=60)
        return http.client.HTTPConnection("127.0.0.1", self.port, timeout=60)


def get(served, path, headers):
    connection = served.connection()
    connection.request("GET", path, headers=headers)
    response = connection.getresponse()
    body = response.read()
    connection.close()
    return response.status, body, response


def read_like_a_phone(served, headers, common, prefix=""):
    """What a phone's pages and service worker read: the list, Today, the calendar, a search, the 200 newest
    entries and their pages (a sample of 40 of them)."""
    for path in ["/", "/today", "/calendar", "/?q=" + urllib.parse.quote(common), "/new"]:
        status, _, _ = get(served, prefix + path, headers)
        assert status == 200, (path, status)
    status, body, _ = get(served, prefix + "/api/entries?n=200", headers)
    assert status == 200, status
    for entry in json.loads(body)[:40]:
        get(served, prefix + "/entry/" + entry["id"], headers)


def run(command, env, **kw):
    return subprocess.run(command, env=env, capture_output=True, text=True, **kw)


def main():
    parser = argparse.ArgumentParser()
    parser.add_argument("--journal-bin", required=True)
    parser.add_argument("--data", required=True)
    parser.add_argument("--work", required=True)
    parser.add_argument("--runs", type=int, default=5)
    args = parser.parse_args()
    journal_bin = args.journal_bin

    shutil.rmtree(args.work, ignore_errors=True)
    os.makedirs(args.work)
    journal = os.path.join(args.work, "journal")
    shutil.copytree(os.path.join(args.data, "journal"), journal, symlinks=True)
    home = os.path.join(args.work, "home")
    os.makedirs(home)
    env = dict(os.environ, HOME=home, JOURNAL_DIR=journal, XDG_CONFIG_HOME=os.path.join(home, ".config"))
    env.pop("JOURNAL_SERVE", None)
    common = json.load(open(os.path.join(args.data, "params.json")))["common"]["word"]
    run([journal_bin, "list", "-n", "1"], env, check=True)
    run([journal_bin, "search", common, "-n", "1"], env, check=True)

    # Memory over HTTPS: no device, then three.
    started = run([journal_bin, "serve", "--listen", HOST, "--detach"], env)
    assert started.returncode == 0, started.stderr
    served = Served(journal, https=True)
    origin = f"https://{HOST}:{served.port}"
    read_like_a_phone(served, {"Authorization": "Bearer " + served.token}, common)
    out("memory: HTTPS, no device (MiB)", "%.1f" % rss_mib(served.pid)[0])
    cookies = []
    for n in range(3):
        code = re.search(r"type the code (\d{3} \d{3})", run([journal_bin, "serve", "pair"], env).stdout).group(1)
        connection = served.connection()
        connection.request("POST", "/pair", body="code=" + code.replace(" ", "+"),
                           headers={"Origin": origin, "Content-Type": "application/x-www-form-urlencoded",
                                    "User-Agent": PHONE_UA.replace("Pixel 8", f"Pixel {n}")})
        response = connection.getresponse()
        response.read()
        assert response.status == 303, response.status
        cookie = response.getheader("Set-Cookie").split(";")[0]
        connection.close()
        cookies.append(cookie)
        read_like_a_phone(served, {"Cookie": cookie, "User-Agent": PHONE_UA}, common)
    resident, peak = rss_mib(served.pid)
    out("memory: HTTPS, 3 devices signed in (MiB)", "%.1f" % resident)
    out("memory: HTTPS, 3 devices, peak (MiB)", "%.1f" % peak)

    # The pages' weight, as a signed-in phone gets them.
    phone = {"Cookie": cookies[0], "User-Agent": PHONE_UA}
    _, html, _ = get(served, "/", phone)
    text = html.decode()
    scripts = re.findall(r'<script src="([^"]+)"', text)
    sheets = re.findall(r'<link rel="stylesheet" href="([^"]+)"', text)
    inline_style = sum(len(s.encode()) for s in re.findall(r"<style>(.*?)</style>", text, re.S))
    parts = [get(served, path, phone)[1] for path in scripts + sheets]
    out("list page: HTML (KB, its style inline: %.1f KB)" % (inline_style / 1000), "%.1f" % (len(html) / 1000))
    out("list page: external style and script (KB)", "%.1f" % (sum(len(p) for p in parts) / 1000))
    out("list page: HTML + CSS + JS (KB)", "%.1f" % ((len(html) + sum(len(p) for p in parts)) / 1000))

    # The baseline: the same reading on loopback (plain http, the program's token), no device, after the
    # server over HTTPS has stopped (each measured after the same first reads of the journal).
    run([journal_bin, "serve", "--stop"], env, check=True)
    assert run([journal_bin, "serve", "--detach"], env).returncode == 0
    served = Served(journal, https=False)
    page = json.load(open(os.path.join(journal, ".git/journal/serve.json")))["page"]
    prefix = re.match(r"https?://[^/]+(/p/[0-9a-f]+)/", page).group(1)
    read_like_a_phone(served, {"Authorization": "Bearer " + served.token}, common, prefix)
    out("memory: loopback, no device (MiB)", "%.1f" % rss_mib(served.pid)[0])
    run([journal_bin, "serve", "--stop"], env, check=True)
    # Over HTTPS again, on its port (a device's cookie is named for the port it was given on).
    started = run([journal_bin, "serve", "--listen", HOST, "--port", str(urllib.parse.urlsplit(origin).port), "--detach"], env)
    assert started.returncode == 0, started.stderr
    served = Served(journal, https=True)

    # The browser: a phone, signed in with the first device's cookie.
    pin = json.load(open(os.path.join(journal, ".git/journal/tls/certificate.json")))["pin"]
    browser = Browser(extra_args=["--ignore-certificate-errors-spki-list=" + pin, "--disable-gpu"])
    try:
        session = browser.new_page()
        send = lambda method, params=None: browser.send(method, params or {}, session=session)  # noqa: E731
        send("Network.enable")
        send("Emulation.setDeviceMetricsOverride", {"width": 390, "height": 844, "deviceScaleFactor": 3, "mobile": True})
        send("Emulation.setTouchEmulationEnabled", {"enabled": True, "maxTouchPoints": 5})
        send("Emulation.setUserAgentOverride", {"userAgent": PHONE_UA, "acceptLanguage": "en"})
        name, value = cookies[0].split("=", 1)
        send("Network.setCookie", {"name": name, "value": value, "url": origin + "/", "secure": True, "httpOnly": True})

        def fcp(url):
            before = browser.eval(session, "performance.timeOrigin")
            browser.goto(session, url, timeout=60)
            wait_for(browser, session, "performance.timeOrigin !== %r && document.readyState === 'complete'" % before)
            return browser.eval(session, """new Promise((done) => {
                new PerformanceObserver((list) => { for (const e of list.getEntries()) if (e.name === 'first-contentful-paint') done(e.startTime); })
                  .observe({ type: 'paint', buffered: true });
                setTimeout(() => done(-1), 10000); })""")

        def slow(on):
            send("Emulation.setCPUThrottlingRate", {"rate": 4 if on else 1})
            send("Network.emulateNetworkConditions", FAST_3G if on else
                 {"offline": False, "latency": 0, "downloadThroughput": -1, "uploadThroughput": -1})

        def slowed(url, before=lambda: None):
            """The median first contentful paint of `url` over the runs, slowed down (`before` runs first each time)."""
            times = []
            for _ in range(args.runs):
                before()
                slow(True)
                times.append(fcp(url))
                slow(False)
                if url.startswith(origin):
                    assert browser.eval(session, "document.querySelectorAll('li.entry').length") > 0, "not the list page: " + \
                        browser.eval(session, "document.title")
            return "%.0f" % statistics.median(times)

        def forget_everything():
            send("Storage.clearDataForOrigin", {"origin": origin, "storageTypes": "service_workers,cache_storage"})
            send("Network.clearBrowserCache")

        # The floor: one request for a one-line page, over HTTPS with the same certificate, nothing cached.
        floor = start_floor_server(journal)
        try:
            out("FCP, Fast 3G + 4x CPU: a one-line page from Python's HTTPS server (ms)",
                slowed(f"https://{HOST}:{floor.server_port}/", lambda: send("Network.clearBrowserCache")))
        finally:
            floor.shutdown()

        out("FCP, Fast 3G + 4x CPU: list page, first visit (ms)", slowed(origin + "/", forget_everything))

        # Installed: the service worker controls the page and has kept the list.
        browser.goto(session, origin + "/", timeout=60)
        deadline = time.time() + 60
        while time.time() < deadline and not browser.eval(
                session, "navigator.serviceWorker.controller !== null && caches.open('journal-pages').then(c => c.match(location.origin + '/')).then(r => !!r)"):
            time.sleep(0.2)
            if not browser.eval(session, "navigator.serviceWorker.controller !== null"):
                browser.goto(session, origin + "/", timeout=60)
        out("FCP, Fast 3G + 4x CPU: list page, app installed, online (ms)", slowed(origin + "/"))

        # Offline: the server is gone; the service worker's copy.
        run([journal_bin, "serve", "--stop"], env, check=True)
        out("FCP, Fast 3G + 4x CPU, server gone: list page from the service worker (ms)", slowed(origin + "/"))
        shown = browser.eval(session, "document.querySelectorAll('li.entry').length")
        out("  entries the offline list page shows", shown)
        assert shown > 0, "the service worker had not kept the list page"

        # A 5 MB photo, chosen in the page, uploaded and shown (loopback, no slowdown).
        started = run([journal_bin, "serve", "--listen", HOST, "--port", str(served.port), "--detach"], env)
        assert started.returncode == 0, started.stderr
        served = Served(journal, https=True)
        photo = os.path.join(args.work, "photo.jpg")
        make_photo(browser, session, photo)
        out("photo size (MB)", "%.2f" % (os.path.getsize(photo) / 1e6))
        uploads, programs, clis = [], [], []
        for n in range(args.runs):
            browser.goto(session, origin + "/new", timeout=60)
            wait_for(browser, session, "location.pathname === '/new' && document.querySelector('#editor textarea') !== null")
            browser.eval(session, "document.querySelector('#editor textarea').value = 'Photo %d'; "
                                  "document.querySelector('#editor textarea').dispatchEvent(new Event('input')); 1" % n)
            node = send("Runtime.evaluate", {"expression": "document.querySelector('#editor input[name=photos]')"})["result"]
            begin = time.perf_counter()
            send("DOM.setFileInputFiles", {"objectId": node["objectId"], "files": [photo]})
            browser.eval(session, "document.querySelector('#editor button[type=submit]').click(); 1")
            wait_for(browser, session, "location.pathname.includes('/entry/') && [...document.querySelectorAll('.text img')]"
                                       ".some(i => i.complete && i.naturalWidth > 0)")
            uploads.append((time.perf_counter() - begin) * 1000)
            entry_id = browser.eval(session, "location.pathname.split('/entry/')[1]")
            # The same bytes by a program, to the API (what the server itself takes).
            body = open(photo, "rb").read()
            begin = time.perf_counter()
            connection = served.connection()
            connection.request("POST", f"/api/entries/{entry_id}/attachments?name=again-{n}.jpg", body=body,
                               headers={"Authorization": "Bearer " + served.token, "Content-Type": "image/jpeg"})
            response = connection.getresponse()
            response.read()
            assert response.status in (200, 201), response.status
            connection.close()
            programs.append((time.perf_counter() - begin) * 1000)
            copy = os.path.join(args.work, f"cli-{n}.jpg")
            shutil.copy(photo, copy)
            begin = time.perf_counter()
            run([journal_bin, "attach", entry_id, copy], env, check=True)
            clis.append((time.perf_counter() - begin) * 1000)
        out("photo: chosen in the page until shown in the entry (ms)", "%.0f" % statistics.median(uploads))
        out("photo: the same bytes POSTed by a program (ms)", "%.0f" % statistics.median(programs))
        out("photo: journal attach of the same file, server running (ms)", "%.0f" % statistics.median(clis))
        run([journal_bin, "serve", "--stop"], env)
    finally:
        browser.close()


def wait_for(browser, session, condition, timeout=60):
    deadline = time.time() + timeout
    while time.time() < deadline:
        try:
            if browser.eval(session, condition):
                return
        except RuntimeError:
            pass  # the page is between two documents
        time.sleep(0.01)
    raise TimeoutError(condition)


def start_floor_server(journal):
    tls = os.path.join(journal, ".git/journal/tls")
    der = base64.b64decode(json.load(open(os.path.join(tls, "certificate.json")))["der"])
    pem = os.path.join(tls, "bench-floor.pem")
    with open(pem, "w") as f:
        f.write("-----BEGIN CERTIFICATE-----\n" + base64.encodebytes(der).decode() + "-----END CERTIFICATE-----\n")

    class Page(BaseHTTPRequestHandler):
        def do_GET(self):
            body = b"<!doctype html><meta name=viewport content='width=device-width'><title>floor</title><p>Hello.</p>"
            self.send_response(200)
            self.send_header("Content-Type", "text/html; charset=utf-8")
            self.send_header("Content-Length", str(len(body)))
            self.end_headers()
            self.wfile.write(body)

        def log_message(self, *args):
            pass

    server = ThreadingHTTPServer((HOST, 0), Page)
    context = ssl.SSLContext(ssl.PROTOCOL_TLS_SERVER)
    context.load_cert_chain(pem, os.path.join(tls, "key.pem"))
    server.socket = context.wrap_socket(server.socket, server_side=True)
    threading.Thread(target=server.serve_forever, daemon=True).start()
    os.remove(pem)
    return server


def make_photo(browser, session, path):
    """A JPEG of 4032x3024 (a phone camera's 12 MP) of about 5 MB, drawn by the browser: smooth colour with
    fine noise, as a photo's detail compresses."""
    data = browser.eval(session, """(async () => {
        const canvas = new OffscreenCanvas(4032, 3024);
        const g = canvas.getContext('2d');
        const image = g.createImageData(4032, 3024);
        let seed = 7;
        for (let i = 0; i < image.data.length; i += 4) {
          seed = (seed * 1103515245 + 12345) & 0x7fffffff;
          const p = i / 4, x = p % 4032, y = (p / 4032) | 0, n = (seed >> 16) % 48;
          image.data[i] = (x / 16 + n) & 255; image.data[i + 1] = (y / 12 + n) & 255; image.data[i + 2] = ((x + y) / 28 + n) & 255;
          image.data[i + 3] = 255;
        }
        g.putImageData(image, 0, 0);
        const blob = await canvas.convertToBlob({ type: 'image/jpeg', quality: 0.84 });
        const bytes = new Uint8Array(await blob.arrayBuffer());
        let text = '';
        for (let i = 0; i < bytes.length; i += 32768) text += String.fromCharCode(...bytes.subarray(i, i + 32768));
        return btoa(text);
    })()""")
    with open(path, "wb") as f:
        f.write(base64.b64decode(data))


if __name__ == "__main__":
    main()
