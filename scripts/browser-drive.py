#!/usr/bin/env python3
"""Drives a real headless Chromium through the DevTools protocol over Herald's web front end.

    scripts/browser-drive.py BASE_URL OUTPUT_DIR

Opens the feeds page, then with the keyboard shortcuts (j, Enter) a feed and an article, stars
it with `s`, searches with `/`, and saves a screenshot of each page in OUTPUT_DIR. Prints one JSON
object: what each step found on the page (title, headings, marks) and the console's complaints
(a Content-Security-Policy violation would show here). Standard library only: the WebSocket
client below is the few parts of RFC 6455 that the protocol needs.
"""
import base64
import json
import os
import shutil
import socket
import struct
import subprocess
import sys
import tempfile
import time
import urllib.request


def find_chromium():
    for name in ("chromium", "chromium-browser", "google-chrome", "chrome"):
        path = shutil.which(name)
        if path:
            return path
    return None


class WebSocket:
    def __init__(self, url):
        assert url.startswith("ws://")
        rest = url[5:]
        hostport, path = rest.split("/", 1)
        host, port = hostport.split(":")
        self.sock = socket.create_connection((host, int(port)), timeout=30)
        key = base64.b64encode(os.urandom(16)).decode()
        request = (f"GET /{path} HTTP/1.1\r\nHost: {hostport}\r\nUpgrade: websocket\r\n"
                   f"Connection: Upgrade\r\nSec-WebSocket-Key: {key}\r\nSec-WebSocket-Version: 13\r\n\r\n")
        self.sock.sendall(request.encode())
        response = b""
        while b"\r\n\r\n" not in response:
            chunk = self.sock.recv(4096)
            if not chunk:
                raise RuntimeError("DevTools closed the connection during the handshake")
            response += chunk
        head, self.buffer = response.split(b"\r\n\r\n", 1)
        if b" 101 " not in head.split(b"\r\n")[0]:
            raise RuntimeError("DevTools refused the WebSocket: " + head.decode(errors="replace"))

    def send(self, text):
        payload = text.encode()
        header = bytearray([0x81])
        length = len(payload)
        if length < 126:
            header.append(0x80 | length)
        elif length < 65536:
            header.append(0x80 | 126)
            header += struct.pack(">H", length)
        else:
            header.append(0x80 | 127)
            header += struct.pack(">Q", length)
        mask = os.urandom(4)
        header += mask
        masked = bytes(b ^ mask[i % 4] for i, b in enumerate(payload))
        self.sock.sendall(bytes(header) + masked)

    def _read(self, count):
        while len(self.buffer) < count:
            chunk = self.sock.recv(65536)
            if not chunk:
                raise RuntimeError("DevTools closed the connection")
            self.buffer += chunk
        data, self.buffer = self.buffer[:count], self.buffer[count:]
        return data

    def receive(self):
        message = b""
        while True:
            first, second = self._read(2)
            length = second & 0x7F
            if length == 126:
                length = struct.unpack(">H", self._read(2))[0]
            elif length == 127:
                length = struct.unpack(">Q", self._read(8))[0]
            if second & 0x80:
                self._read(4)
            message += self._read(length)
            if first & 0x80:
                return message.decode()


class Page:
    def __init__(self, socket_url):
        self.ws = WebSocket(socket_url)
        self.next_id = 0
        self.console = []

    def call(self, method, **params):
        self.next_id += 1
        ident = self.next_id
        self.ws.send(json.dumps({"id": ident, "method": method, "params": params}))
        while True:
            message = json.loads(self.ws.receive())
            if message.get("id") == ident:
                if "error" in message:
                    raise RuntimeError(f"{method}: {message['error']}")
                return message.get("result", {})
            self._event(message)

    def _event(self, message):
        method = message.get("method")
        if method == "Runtime.consoleAPICalled" and message["params"]["type"] in ("error", "warning"):
            self.console.append(" ".join(str(a.get("value", a.get("description", ""))) for a in message["params"]["args"]))
        elif method == "Log.entryAdded":
            entry = message["params"]["entry"]
            if entry.get("level") in ("error", "warning"):
                self.console.append(entry.get("text", ""))
        elif method == "Runtime.exceptionThrown":
            self.console.append(message["params"]["exceptionDetails"].get("text", "exception"))

    def evaluate(self, expression):
        result = self.call("Runtime.evaluate", expression=expression, returnByValue=True)
        return result.get("result", {}).get("value")

    def wait_for(self, expression, timeout=15):
        deadline = time.time() + timeout
        while time.time() < deadline:
            try:
                if self.evaluate(expression):
                    return True
            except RuntimeError:
                pass  # the page is between documents
            time.sleep(0.1)
        return False

    def wait_loaded(self, previous_url=None, timeout=15):
        condition = "document.readyState === 'complete'"
        if previous_url is not None:
            condition += f" && location.href !== {json.dumps(previous_url)}"
        if not self.wait_for(condition, timeout):
            raise RuntimeError("the page did not finish loading: " + str(self.evaluate("location.href")))
        time.sleep(0.2)

    def key(self, key, text=None):
        code = {"Enter": 13, "/": 191}.get(key, ord(key.upper()) if len(key) == 1 else 0)
        params = {"key": key, "windowsVirtualKeyCode": code}
        if text is not None:
            params["text"] = text
        self.call("Input.dispatchKeyEvent", type="keyDown", **params)
        self.call("Input.dispatchKeyEvent", type="keyUp", key=key, windowsVirtualKeyCode=code)

    def screenshot(self, path):
        data = self.call("Page.captureScreenshot", format="png")["data"]
        with open(path, "wb") as handle:
            handle.write(base64.b64decode(data))

    def summary(self):
        return self.evaluate("""({
            url: location.href,
            title: document.title,
            h1: Array.from(document.querySelectorAll('h1')).map(e => e.textContent),
            rows: document.querySelectorAll('main .row').length,
            selected: document.querySelectorAll('main .row.selected').length,
            marks: Array.from(document.querySelectorAll('mark')).map(e => e.textContent),
            starredButtons: document.querySelectorAll('form.star.on').length,
            scripts: document.querySelectorAll('main script, main iframe, main [onerror], main [onclick]').length,
            focused: document.activeElement ? document.activeElement.id : ''
        })""")


def main():
    base, output = sys.argv[1].rstrip("/"), sys.argv[2]
    chromium = find_chromium()
    if chromium is None:
        print(json.dumps({"skipped": "no chromium on PATH (Debian: apt-get install chromium)"}))
        return 0
    os.makedirs(output, exist_ok=True)
    profile = tempfile.mkdtemp(prefix="herald-chromium-")
    arguments = [chromium, "--headless=new", "--no-sandbox", "--disable-gpu", "--no-first-run",
                 "--no-default-browser-check", "--disable-extensions", "--disable-background-networking",
                 "--disable-dev-shm-usage", "--remote-debugging-address=127.0.0.1", "--remote-debugging-port=0",
                 f"--user-data-dir={profile}", "--window-size=1100,900", "about:blank"]
    process = subprocess.Popen(arguments, stdout=subprocess.DEVNULL, stderr=subprocess.PIPE)
    steps = {}
    try:
        port_file = os.path.join(profile, "DevToolsActivePort")
        deadline = time.time() + 30
        while not os.path.exists(port_file) or os.path.getsize(port_file) == 0:
            if process.poll() is not None:
                print(json.dumps({"skipped": "chromium exited: " + process.stderr.read().decode(errors="replace")[-400:]}))
                return 0
            if time.time() > deadline:
                print(json.dumps({"skipped": "chromium did not open its DevTools port in 30 s"}))
                return 0
            time.sleep(0.1)
        port = open(port_file).read().split()[0]
        request = urllib.request.Request(f"http://127.0.0.1:{port}/json/new?about:blank", method="PUT")
        target = json.load(urllib.request.urlopen(request, timeout=10))
        page = Page(target["webSocketDebuggerUrl"])
        page.call("Page.enable")
        page.call("Runtime.enable")
        page.call("Log.enable")

        page.call("Page.navigate", url=base + "/")
        page.wait_loaded()
        steps["feeds"] = page.summary()
        page.screenshot(os.path.join(output, "1-feeds.png"))

        # j selects the first feed, Enter opens it (the script's shortcuts).
        page.key("j", "j")
        steps["feeds_selected"] = page.summary()
        url = page.evaluate("location.href")
        page.key("Enter", "\r")
        page.wait_loaded(url)
        steps["list"] = page.summary()
        page.screenshot(os.path.join(output, "2-list.png"))

        page.key("j", "j")
        url = page.evaluate("location.href")
        page.key("Enter", "\r")
        page.wait_loaded(url)
        steps["article"] = page.summary()
        page.screenshot(os.path.join(output, "3-article.png"))

        # s stars the article: a POST with the CSRF token, then back to the article.
        url = page.evaluate("location.href")
        page.key("s", "s")
        page.wait_for("document.querySelectorAll('form.star.on').length > 0 && document.readyState === 'complete'")
        time.sleep(0.2)
        steps["starred"] = page.summary()
        page.screenshot(os.path.join(output, "4-starred.png"))

        # / focuses the search box; typing and Enter submit the query.
        page.key("/", "/")
        focused = page.evaluate("document.activeElement && document.activeElement.id")
        page.call("Input.insertText", text="herald")
        url = page.evaluate("location.href")
        page.key("Enter", "\r")
        page.wait_loaded(url)
        steps["search"] = page.summary()
        steps["search"]["focusedBeforeTyping"] = focused
        page.screenshot(os.path.join(output, "5-search.png"))

        page.call("Page.navigate", url=base + "/help")
        page.wait_loaded()
        steps["help"] = page.summary()
        page.screenshot(os.path.join(output, "6-help.png"))
        steps["console"] = page.console
        print(json.dumps(steps))
        return 0
    except Exception as error:  # report, so the test shows what happened
        steps["error"] = f"{type(error).__name__}: {error}"
        print(json.dumps(steps))
        return 1
    finally:
        process.terminate()
        try:
            process.wait(timeout=10)
        except subprocess.TimeoutExpired:
            process.kill()
        shutil.rmtree(profile, ignore_errors=True)


if __name__ == "__main__":
    sys.exit(main())
