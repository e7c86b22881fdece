#!/usr/bin/env python3
"""An RFC 3161 timestamp server for one test run (package.sign): `openssl ts -reply` behind HTTP.

  tsa-server.py DIR     DIR holds tsa.pem and tsa.key (make-test-cert.sh); the reply serials go to DIR

Listens on 127.0.0.1, a free port, which it prints on its first line; answers each POSTed
TimeStampReq (application/timestamp-query) with a TimeStampResp signed by the test TSA. Runs until
killed, or 120 s (the test's timeout) at most, so a test killed from outside leaves no server
behind. Standard library and the openssl command only.
"""
import http.server
import os
import subprocess
import sys
import tempfile
import threading

directory = os.path.abspath(sys.argv[1])
config = os.path.join(directory, "tsa.cnf")
with open(config, "w", encoding="ascii") as f:
    f.write(f"""[tsa]
default_tsa = tsa_config
[tsa_config]
serial = {directory}/tsaserial
signer_cert = {directory}/tsa.pem
signer_key = {directory}/tsa.key
signer_digest = sha256
default_policy = 1.3.6.1.4.1.4146.2.3
digests = sha256, sha384, sha512
accuracy = secs:1
ess_cert_id_alg = sha256
ess_cert_id_chain = no
tsa_name = no
""")
with open(os.path.join(directory, "tsaserial"), "w", encoding="ascii") as f:
    f.write("01\n")


class Handler(http.server.BaseHTTPRequestHandler):
    def do_POST(self):
        query = self.rfile.read(int(self.headers.get("Content-Length", 0)))
        with tempfile.TemporaryDirectory() as tmp:
            q, r = os.path.join(tmp, "query.tsq"), os.path.join(tmp, "reply.tsr")
            with open(q, "wb") as f:
                f.write(query)
            done = subprocess.run(["openssl", "ts", "-reply", "-config", config, "-queryfile", q, "-out", r],
                                  capture_output=True, text=True)
            body = b""
            if done.returncode == 0:
                with open(r, "rb") as f:
                    body = f.read()
            else:
                sys.stderr.write(done.stderr)
        self.send_response(200 if body else 500)
        self.send_header("Content-Type", "application/timestamp-reply")
        self.send_header("Content-Length", str(len(body)))
        self.end_headers()
        self.wfile.write(body)

    def log_message(self, fmt, *args):
        sys.stderr.write("tsa-server: " + (fmt % args) + "\n")


stop = threading.Timer(120, lambda: os._exit(0))
stop.daemon = True
stop.start()
server = http.server.HTTPServer(("127.0.0.1", 0), Handler)
print(server.server_address[1], flush=True)
server.serve_forever()
