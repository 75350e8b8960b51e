"""A local HTTP proxy that loses the first answer to each create, as a flaky network would.

Every request is forwarded to the dev server unchanged. The first `POST /apiv1/link/create`
with a given `Idempotency-Key` is forwarded too (the service does the work and answers), but the
answer is dropped and the client gets `503` instead: the situation in which a client that
retries without the same key makes a second link. `GET /__attempts?key=K` says how many
creates with the key K the proxy saw.

Usage: python3 lost_answer_proxy.py LISTEN_PORT UPSTREAM_PORT
"""

import http.client
import json
import sys
import threading
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer
from urllib.parse import parse_qs, urlsplit

HOP_BY_HOP = {"connection", "keep-alive", "transfer-encoding", "te", "trailer", "upgrade",
              "proxy-authorization", "proxy-authenticate"}
CREATE = "/apiv1/link/create"


def handler_for(upstream_port: int):
    attempts: dict[str, int] = {}
    lock = threading.Lock()

    class LostAnswerProxy(BaseHTTPRequestHandler):
        protocol_version = "HTTP/1.1"

        def answer(self, status: int, payload: bytes, headers: list[tuple[str, str]]):
            self.send_response(status)
            for name, value in headers:
                if name.lower() not in HOP_BY_HOP and name.lower() != "content-length":
                    self.send_header(name, value)
            self.send_header("Content-Length", str(len(payload)))
            self.end_headers()
            self.wfile.write(payload)

        def count(self) -> int:
            """How many creates with this request's Idempotency-Key came before it (0 for none)."""
            key = self.headers.get("Idempotency-Key")
            if self.command != "POST" or urlsplit(self.path).path != CREATE or not key:
                return -1
            with lock:
                seen = attempts.get(key, 0)
                attempts[key] = seen + 1
            return seen

        def forward(self):
            url = urlsplit(self.path)
            if url.path == "/__attempts":
                key = parse_qs(url.query).get("key", [""])[0]
                with lock:
                    body = json.dumps({"attempts": attempts.get(key, 0)}).encode()
                return self.answer(200, body, [("Content-Type", "application/json")])
            length = int(self.headers.get("Content-Length") or 0)
            body = self.rfile.read(length) if length else None
            earlier = self.count()
            upstream = http.client.HTTPConnection("127.0.0.1", upstream_port, timeout=60)
            upstream.putrequest(self.command, self.path, skip_host=True, skip_accept_encoding=True)
            for name, value in self.headers.items():
                if name.lower() not in HOP_BY_HOP:
                    upstream.putheader(name, value)
            upstream.endheaders(body)
            answer = upstream.getresponse()
            payload = answer.read()
            upstream.close()
            if earlier == 0:
                lost = json.dumps({"error": "The proxy lost the answer (test)."}).encode()
                return self.answer(503, lost, [("Content-Type", "application/json")])
            self.answer(answer.status, payload, answer.getheaders())

        do_GET = do_POST = do_PUT = do_DELETE = forward

        def log_message(self, *args):
            pass

    return LostAnswerProxy


def main():
    listen, upstream = int(sys.argv[1]), int(sys.argv[2])
    ThreadingHTTPServer(("127.0.0.1", listen), handler_for(upstream)).serve_forever()


if __name__ == "__main__":
    main()
