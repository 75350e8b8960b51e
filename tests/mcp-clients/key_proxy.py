"""A local HTTP proxy that adds an X-Api-Key header to every request it forwards.

The MCP conformance suite connects without credentials; the endpoint has no unauthenticated
mode (and must not grow one), so the test puts this proxy in front of it. Everything else,
Host and Origin included, passes through unchanged, so the suite's DNS-rebinding probe reaches
the endpoint as it sent it.

Usage: python3 key_proxy.py LISTEN_PORT UPSTREAM_PORT API_KEY
"""

import http.client
import sys
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer

HOP_BY_HOP = {"connection", "keep-alive", "transfer-encoding", "te", "trailer", "upgrade",
              "proxy-authorization", "proxy-authenticate"}


def handler_for(upstream_port: int, key: str):
    class KeyProxy(BaseHTTPRequestHandler):
        protocol_version = "HTTP/1.1"

        def forward(self):
            length = int(self.headers.get("Content-Length") or 0)
            body = self.rfile.read(length) if length else None
            upstream = http.client.HTTPConnection("127.0.0.1", upstream_port, timeout=60)
            upstream.putrequest(self.command, self.path, skip_host=True, skip_accept_encoding=True)
            for name, value in self.headers.items():
                if name.lower() not in HOP_BY_HOP and name.lower() != "x-api-key":
                    upstream.putheader(name, value)
            upstream.putheader("X-Api-Key", key)
            upstream.endheaders(body)
            answer = upstream.getresponse()
            payload = answer.read()
            self.send_response(answer.status, answer.reason)
            for name, value in answer.getheaders():
                if name.lower() not in HOP_BY_HOP and name.lower() != "content-length":
                    self.send_header(name, value)
            self.send_header("Content-Length", str(len(payload)))
            self.end_headers()
            self.wfile.write(payload)
            upstream.close()

        do_GET = do_POST = do_DELETE = do_PUT = do_PATCH = do_OPTIONS = do_HEAD = forward

        def log_message(self, *args):
            pass

    return KeyProxy


class QuietServer(ThreadingHTTPServer):
    daemon_threads = True

    def handle_error(self, request, client_address):
        # A client that hangs up mid-request (the suite does, between scenarios) is no error.
        if not isinstance(sys.exc_info()[1], ConnectionError):
            super().handle_error(request, client_address)


def main():
    listen_port, upstream_port, key = int(sys.argv[1]), int(sys.argv[2]), sys.argv[3]
    QuietServer(("127.0.0.1", listen_port), handler_for(upstream_port, key)).serve_forever()


if __name__ == "__main__":
    main()
