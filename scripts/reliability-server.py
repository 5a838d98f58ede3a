#!/usr/bin/env python3
"""Hostile and well-behaved feed servers for scripts/reliability, on 127.0.0.1 only.

Usage: reliability-server.py PORT FIXTURES_DIR
Routes: /good/N.xml, /slow/N.xml (50 ms), /hang, /trickle, /redirect-loop/N, /circular-a,
/circular-b, /to-file, /length-long, /length-short, /reset, /html-error, /not-modified,
/huge (2 GB), /gzip-bomb, /xxe-target (counted), /hits (the count as text).
"""
import gzip, os, socket, struct, sys, threading, time
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer

FIXTURES = sys.argv[2]
HITS = {"xxe": 0}


def feed(name, items=5):
    entries = "".join(
        f"<item><title>{name} item {i}</title><guid>{name}-{i}</guid>"
        f"<link>https://example.org/{name}/{i}</link><description>Body {i} of {name}.</description></item>"
        for i in range(items))
    return (f'<?xml version="1.0" encoding="UTF-8"?><rss version="2.0"><channel><title>{name}</title>'
            f"<link>https://example.org/{name}</link>{entries}</channel></rss>").encode()


class Handler(BaseHTTPRequestHandler):
    protocol_version = "HTTP/1.1"

    def log_message(self, *args):
        pass

    def send(self, status, body, ctype="application/rss+xml", headers=()):
        self.send_response(status)
        self.send_header("Content-Type", ctype)
        self.send_header("Content-Length", str(len(body)))
        for key, value in headers:
            self.send_header(key, value)
        self.end_headers()
        self.wfile.write(body)

    def redirect(self, status, location):
        self.send_response(status)
        self.send_header("Location", location)
        self.send_header("Content-Length", "0")
        self.end_headers()

    def do_GET(self):
        path = self.path
        if path.startswith("/good/"):
            return self.send(200, feed(path.split("/")[2].split(".")[0]))
        if path.startswith("/slow/"):
            time.sleep(0.05)
            return self.send(200, feed("slow-" + path.split("/")[2].split(".")[0], items=20))
        if path == "/hang":
            time.sleep(600)
            return
        if path == "/trickle":
            body = feed("trickle")
            self.send_response(200)
            self.send_header("Content-Length", str(len(body)))
            self.end_headers()
            for byte in body:
                self.wfile.write(bytes([byte]))
                self.wfile.flush()
                time.sleep(1)
            return
        if path.startswith("/redirect-loop/"):
            n = int(path.split("/")[2])
            return self.redirect(302, f"/redirect-loop/{n + 1}")
        if path == "/circular-a":
            return self.redirect(301, "/circular-b")
        if path == "/circular-b":
            return self.redirect(301, "/circular-a")
        if path == "/to-file":
            return self.redirect(301, "file:///etc/passwd")
        if path == "/length-long":
            body = feed("length-long")
            self.send_response(200)
            self.send_header("Content-Length", str(len(body) * 10))
            self.end_headers()
            self.wfile.write(body)
            self.close_connection = True
            return
        if path == "/length-short":
            body = feed("length-short")
            self.send_response(200)
            self.send_header("Content-Length", str(len(body) // 3))
            self.end_headers()
            self.wfile.write(body)
            self.close_connection = True
            return
        if path == "/reset":
            body = feed("reset", items=50)
            self.send_response(200)
            self.send_header("Content-Length", str(len(body)))
            self.end_headers()
            self.wfile.write(body[: len(body) // 2])
            self.wfile.flush()
            self.connection.setsockopt(socket.SOL_SOCKET, socket.SO_LINGER, struct.pack("ii", 1, 0))
            self.connection.close()
            self.close_connection = True
            return
        if path == "/html-error":
            return self.send(200, b"<!DOCTYPE html><html><head><title>Error</title></head>"
                                  b"<body><h1>Something went wrong</h1></body></html>", "text/html")
        if path == "/not-modified":
            self.send_response(304)
            self.end_headers()
            return
        if path == "/huge":
            total = 2 * 1024 ** 3
            self.send_response(200)
            self.send_header("Content-Length", str(total))
            self.end_headers()
            chunk = b"<rss version=\"2.0\"><channel><title>huge</title>" + b"x" * (1 << 20)
            sent = 0
            try:
                while sent < total:
                    self.wfile.write(chunk)
                    sent += len(chunk)
            except (BrokenPipeError, ConnectionResetError):
                pass
            self.close_connection = True
            return
        if path == "/gzip-bomb":
            with open(os.path.join(FIXTURES, "feeds", "gzip-bomb.xml.gz"), "rb") as handle:
                body = handle.read()
            return self.send(200, body, headers=[("Content-Encoding", "gzip")])
        if path == "/xxe-target":
            HITS["xxe"] += 1
            return self.send(200, b"secret", "text/plain")
        if path == "/hits":
            return self.send(200, str(HITS["xxe"]).encode(), "text/plain")
        self.send(404, b"not found", "text/plain")


class Server(ThreadingHTTPServer):
    daemon_threads = True
    request_queue_size = 1024


if __name__ == "__main__":
    server = Server(("127.0.0.1", int(sys.argv[1])), Handler)
    server.serve_forever()
