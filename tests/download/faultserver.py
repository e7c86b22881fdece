#!/usr/bin/env python3
"""HTTPS file server with fault injection, for the download tests (CI has no internet).

Serves ROOT on 127.0.0.1 like a plain static server would (nginx-style ETag,
Last-Modified, byte ranges, If-Range, autoindex listings), on an ephemeral port
that it writes to --port-file once it listens.

A request for /f/<faults>/<relative path> serves <relative path> with faults:
<faults> is a comma-separated list of `name` or `name=value`:
  drop=N            the first `times` (default 2) GETs: normal headers, N body
                    bytes, then the connection is cut without a TLS close
  norange           ignore Range and If-Range, send no Accept-Ranges
  badlength=D       Content-Length is the true length + D (D may be negative);
                    min(true, advertised) bytes are sent
  corrupt           the byte at the file's middle offset is flipped
  status=CODE       answer CODE with a short text body
  retryafter=S      the first `times` (default 1) requests: 503, Retry-After: S
  retryafterdate=S  the same, with Retry-After an HTTP date S seconds ahead
  slow=BPS          the body goes out at about BPS bytes a second
  redirect          302 to https://127.0.0.1:PORT/<relative path>
  redirecthttp      302 to http://127.0.0.1:PORT/<relative path>
  newetag           a fresh ETag and Last-Modified on every response, so an
                    If-Range never matches
  times=K           how many requests drop or retryafter apply to
Counters are kept per request target, query included: a test that wants fresh
ones can add ?anything.

--proxy-port-file also starts a plain-TCP "proxy" that answers everything,
CONNECT included, with 407 Proxy Authentication Required.

--log gets one JSON object per request and line: path, method, range, if_range,
status, sent (body bytes sent), fault.
"""

import argparse
import email.utils
import hashlib
import html
import io
import json
import os
import re
import secrets
import signal
import socket
import socketserver
import ssl
import sys
import threading
import time
import urllib.parse
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer

# Large enough that Python's per-chunk cost vanishes next to TLS at loopback speed.
CHUNK = 256 * 1024

# Fault name -> how its value is read (None: takes no value).
FAULTS = {"drop": int, "norange": None, "badlength": int, "corrupt": None, "status": int,
          "retryafter": int, "retryafterdate": int, "slow": int, "redirect": None,
          "redirecthttp": None, "newetag": None, "times": int}

# What a client that hangs up, or never finishes its TLS handshake, makes us see.
QUIET = (ConnectionError, TimeoutError, ssl.SSLError)


def parse_faults(text):
    faults = {}
    for item in text.split(","):
        name, has_value, value = item.partition("=")
        if name not in FAULTS or (FAULTS[name] is None) == bool(has_value):
            raise ValueError(item)
        try:
            faults[name] = FAULTS[name](value) if has_value else True
        except ValueError:
            raise ValueError(item) from None
    if faults.get("slow", 1) <= 0 or faults.get("drop", 0) < 0 or not 100 <= faults.get("status", 200) <= 599:
        raise ValueError(text)
    return faults


def parse_range(header, size):
    """(first, last) inclusive, "unsatisfiable", or None: ignore the header, as
    RFC 7233 lets a server do with anything it does not support (multiple ranges)."""
    m = re.fullmatch(r"bytes=(\d*)-(\d*)", (header or "").strip())
    if not m or m.groups() == ("", ""):
        return None
    first, last = m.groups()
    if not first:  # bytes=-N: the last N bytes
        return (max(0, size - int(last)), size - 1) if size and int(last) else "unsatisfiable"
    if last and int(last) < int(first):
        return None
    if int(first) >= size:
        return "unsatisfiable"
    return int(first), (min(int(last), size - 1) if last else size - 1)


def http_date(t):
    return email.utils.formatdate(t, usegmt=True)


class QuietErrors:
    def handle_error(self, request, client_address):
        if not isinstance(sys.exc_info()[1], QUIET):
            super().handle_error(request, client_address)


class Recorder:
    def __init__(self, path):
        # Emptied here, then appended to: a test that empties it between rows (another process
        # truncating it) gets its next line at the new end, not at this process's old offset.
        if path:
            open(path, "w", encoding="utf-8").close()
        self.file = open(path, "a", encoding="utf-8") if path else None
        self.lock = threading.Lock()

    def __call__(self, **entry):
        if self.file:
            with self.lock:
                self.file.write(json.dumps(entry) + "\n")
                self.file.flush()


class Handler(BaseHTTPRequestHandler):
    protocol_version = "HTTP/1.1"
    server_version = "faultserver"
    timeout = 60  # so a client that goes silent does not hold a thread for ever
    abrupt = False

    def setup(self):
        super().setup()
        # Here, not in accept(): a slow handshake must not stall the accepting thread.
        self.request.do_handshake()

    def finish(self):
        super().finish()
        if not self.abrupt:  # end with a TLS close_notify, as a real server does
            try:
                self.connection.settimeout(1)
                self.connection.unwrap()
            except (OSError, ValueError):
                pass

    def version_string(self):
        return self.server_version

    def log_request(self, code="-", size="-"):
        pass

    def send_response(self, code, message=None):
        self.status = code
        super().send_response(code, message)

    def do_GET(self):
        self.answer(with_body=True)

    def do_HEAD(self):
        self.answer(with_body=False)

    def answer(self, with_body):
        self.status, self.sent, self.fault = None, 0, None
        try:
            self.respond(with_body)
        finally:
            self.server.record(path=self.path, method=self.command, range=self.headers.get("Range"),
                               if_range=self.headers.get("If-Range"), status=self.status,
                               sent=self.sent, fault=self.fault)

    def respond(self, with_body):
        path, _, query = self.path.partition("?")
        faults = {}
        if path.startswith("/f/"):
            self.fault, _, rest = path[3:].partition("/")
            path = "/" + rest
            try:
                faults = parse_faults(self.fault)
            except ValueError as e:
                return self.text(400, f"bad fault: {e}\n", with_body)
        if "status" in faults:
            return self.text(faults["status"], f"status {faults['status']} by request\n", with_body)
        for name in ("retryafter", "retryafterdate"):
            if name in faults and self.server.first_times(self.path, name, faults.get("times", 1)):
                wait = faults[name]
                value = str(wait) if name == "retryafter" else http_date(time.time() + wait)
                return self.text(503, "busy, come back later\n", with_body, [("Retry-After", value)])
        if "redirect" in faults or "redirecthttp" in faults:
            scheme = "http" if "redirecthttp" in faults else "https"
            location = f"{scheme}://127.0.0.1:{self.server.server_port}{path}" + (f"?{query}" if query else "")
            return self.text(302, "moved\n", with_body, [("Location", location)])
        local = self.server.resolve(path)
        if local is None:
            return self.text(404, "not found\n", with_body)
        if os.path.isdir(local):
            if not path.endswith("/"):  # as nginx does, so relative links in the listing work
                return self.text(301, "moved\n", with_body, [("Location", self.path.partition("?")[0] + "/")])
            return self.listing(local, path, faults, with_body)
        return self.file(local, faults, with_body)

    def text(self, code, body, with_body, headers=()):
        data = body.encode()
        self.send_response(code)
        for header in headers:
            self.send_header(*header)
        self.send_header("Content-Type", "text/plain; charset=utf-8")
        self.send_header("Content-Length", str(len(data)))
        self.send_header("Connection", "close")
        self.end_headers()
        if with_body:
            self.wfile.write(data)
            self.sent = len(data)

    def file(self, local, faults, with_body):
        st = os.stat(local)
        size = st.st_size
        if "newetag" in faults:
            etag, modified = f'"{secrets.token_hex(8)}"', http_date(time.time())
        else:
            etag, modified = self.server.etag(local, st), http_date(st.st_mtime)
        headers = [("ETag", etag), ("Last-Modified", modified)]
        status, first, length = 200, 0, size
        if "norange" not in faults:
            headers.append(("Accept-Ranges", "bytes"))
            wanted = parse_range(self.headers.get("Range"), size)
            if_range = self.headers.get("If-Range")
            if wanted and (if_range is None or ("newetag" not in faults and if_range in (etag, modified))):
                if wanted == "unsatisfiable":
                    return self.text(416, "range not satisfiable\n", with_body,
                                     headers + [("Content-Range", f"bytes */{size}")])
                first, last = wanted
                status, length = 206, last - first + 1
                headers.append(("Content-Range", f"bytes {first}-{last}/{size}"))
        with open(local, "rb") as source:
            self.body(status, headers, "application/octet-stream", source, first, length, size // 2,
                      faults, with_body)

    def listing(self, local, path, faults, with_body):
        with os.scandir(local) as it:
            # nginx hides dot files and lists directories first.
            entries = sorted((not e.is_dir(), e.name, e) for e in it if not e.name.startswith("."))
        title = html.escape(urllib.parse.unquote(path))
        lines = [f"<html>\r\n<head><title>Index of {title}</title></head>\r\n<body>\r\n"
                 f'<h1>Index of {title}</h1><hr><pre><a href="../">../</a>\r\n']
        for not_dir, name, entry in entries:
            name += "" if not_dir else "/"
            st = entry.stat()
            when = time.strftime("%d-%b-%Y %H:%M", time.gmtime(st.st_mtime))
            size = str(st.st_size) if not_dir else "-"
            pad = " " * max(1, 51 - len(name))
            lines.append(f'<a href="{urllib.parse.quote(name)}">{html.escape(name)}</a>{pad}{when} {size:>19}\r\n')
        lines.append("</pre><hr></body>\r\n</html>\r\n")
        data = "".join(lines).encode()
        self.body(200, [], "text/html", io.BytesIO(data), 0, len(data), len(data) // 2, faults, with_body)

    def body(self, status, headers, content_type, source, first, length, middle, faults, with_body):
        advertised = max(0, length + faults.get("badlength", 0))
        self.send_response(status)
        for header in headers:
            self.send_header(*header)
        self.send_header("Content-Type", content_type)
        self.send_header("Content-Length", str(advertised))
        self.send_header("Connection", "close")
        self.end_headers()
        if not with_body or not length:
            return
        limit = min(length, advertised)
        # Only GETs with a body count, so a client's HEAD probe does not use up a drop.
        cut = "drop" in faults and self.server.first_times(self.path, "drop", faults.get("times", 2))
        if cut:
            limit = min(limit, faults["drop"])
        self.copy(source, first, limit, middle if "corrupt" in faults else None, faults.get("slow"))
        if cut or self.sent < advertised:
            # A TCP close with no TLS close_notify: the client sees a short body, as
            # when a connection breaks.
            self.abrupt = True
            self.connection.shutdown(socket.SHUT_RDWR)

    def copy(self, source, first, count, corrupt_at, rate):
        buffer = bytearray(min(CHUNK, max(1, rate // 20)) if rate else CHUNK)  # slow: 20 writes a second
        view = memoryview(buffer)
        source.seek(first)
        started = time.monotonic()
        while self.sent < count:
            n = source.readinto(view[:min(len(buffer), count - self.sent)])
            if not n:
                break
            at = first + self.sent
            if corrupt_at is not None and at <= corrupt_at < at + n:
                buffer[corrupt_at - at] ^= 0xFF
            self.connection.sendall(view[:n])
            self.sent += n
            if rate:
                time.sleep(max(0.0, started + self.sent / rate - time.monotonic()))


class FaultServer(QuietErrors, ThreadingHTTPServer):
    daemon_threads = True

    def __init__(self, context, root, record):
        self.root = os.path.realpath(root)
        self.record = record
        self.lock = threading.Lock()
        self.counts = {}
        self.etags = {}
        super().__init__(("127.0.0.1", 0), Handler)
        self.socket = context.wrap_socket(self.socket, server_side=True, do_handshake_on_connect=False)

    def server_bind(self):
        # HTTPServer's own would look up the host name: a DNS wait on a machine offline.
        socketserver.TCPServer.server_bind(self)
        self.server_name, self.server_port = self.server_address[:2]

    def first_times(self, target, fault, times):
        """Whether this is one of the first `times` requests for target that reached fault."""
        with self.lock:
            seen = self.counts.get((target, fault), 0)
            self.counts[(target, fault)] = seen + 1
        return seen < times

    def resolve(self, path):
        parts = [urllib.parse.unquote(p) for p in path.split("/") if p]
        if any(p in (".", "..") or "/" in p or "\0" in p for p in parts):
            return None
        local = os.path.realpath(os.path.join(self.root, *parts))
        # realpath resolved symbolic links: one pointing out of the root is refused too.
        if os.path.commonpath([self.root, local]) != self.root or not os.path.exists(local):
            return None
        return local

    def etag(self, local, st):
        key = (local, st.st_mtime_ns, st.st_size)
        with self.lock:
            tag = self.etags.get(key)
        if tag is None:  # two first requests may both hash: harmless, and no lock held while hashing
            digest = hashlib.sha256()
            with open(local, "rb") as f:
                while block := f.read(1 << 20):
                    digest.update(block)
            tag = f'"{digest.hexdigest()[:16]}"'
            with self.lock:
                self.etags[key] = tag
        return tag


class ProxyHandler(BaseHTTPRequestHandler):
    protocol_version = "HTTP/1.1"
    timeout = 60

    def handle(self):
        self.raw_requestline = self.rfile.readline(65537)
        if not self.raw_requestline or not self.parse_request():
            return
        self.send_response_only(407)
        self.send_header("Proxy-Authenticate", 'Basic realm="test"')
        self.send_header("Content-Length", "0")
        self.send_header("Connection", "close")
        self.end_headers()
        self.server.record(path=self.path, method=self.command, range=self.headers.get("Range"),
                           if_range=self.headers.get("If-Range"), status=407, sent=0, fault=None)

    def log_message(self, format, *args):
        pass


class ProxyServer(QuietErrors, socketserver.ThreadingTCPServer):
    daemon_threads = True

    def __init__(self, record):
        self.record = record
        super().__init__(("127.0.0.1", 0), ProxyHandler)


def write_port(path, port):
    # Atomically, so a test polling for the file never reads half of it.
    with open(path + ".tmp", "w") as f:
        f.write(f"{port}\n")
    os.replace(path + ".tmp", path)


def main():
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--root", required=True)
    parser.add_argument("--cert", required=True)
    parser.add_argument("--key", required=True)
    parser.add_argument("--port-file", required=True)
    parser.add_argument("--log")
    parser.add_argument("--proxy-port-file")
    args = parser.parse_args()

    context = ssl.SSLContext(ssl.PROTOCOL_TLS_SERVER)
    context.minimum_version = ssl.TLSVersion.TLSv1_2
    context.load_cert_chain(args.cert, args.key)
    record = Recorder(args.log)
    servers = [(FaultServer(context, args.root, record), args.port_file)]
    if args.proxy_port_file:
        servers.append((ProxyServer(record), args.proxy_port_file))

    # Blocked before any thread starts, so that all inherit the block and sigwait gets
    # the signal: one the kernel gave to a serving thread would not wake the main one.
    stop_signals = {signal.SIGTERM, signal.SIGINT}
    signal.pthread_sigmask(signal.SIG_BLOCK, stop_signals)
    for server, port_file in servers:
        threading.Thread(target=server.serve_forever, args=(0.1,), daemon=True).start()
        write_port(port_file, server.server_address[1])
    signal.sigwait(stop_signals)
    for server, port_file in servers:
        server.shutdown()
        server.server_close()
        # So a test that starts another server in the same place cannot read a dead port.
        os.remove(port_file)


if __name__ == "__main__":
    main()
