"""A local stand-in of what Lambda serves a function's process on AWS_LAMBDA_RUNTIME_API: the
Runtime API (runtime/invocation/next, .../response, .../error, runtime/init/error) and the
Extensions API (extension/register, extension/event/next), for the cold-start benches
(cold_start.py, first_response.py). One stand-in serves one process start.

As on Lambda, init ends when the runtime has polled for its first invocation and every
extension registered so far has polled for its first event; only then is an invocation handed
out, to the runtime (the event) and to each extension registered for INVOKE (an INVOKE event
with the same request id). A process that registers no extension just polls the Runtime API.

Every moment is recorded twice: time.perf_counter() (intervals within this process) and the
wall clock in microseconds (to line up with what the function logs: lib::telemetry::init_phase).
"""

import http.server
import json
import threading
import time
import uuid

RUNTIME = "/2018-06-01/runtime"
EXTENSION = "/2020-01-01/extension"
FUNCTION_ARN = "arn:aws:lambda:us-east-1:123456789012:function:cold-start"
TRACE_ID = "Root=1-5f35ae12-0c0fec141ab77a00bc047aa2;Parent=2be948a625588e32;Sampled=1"
HOLD_SECONDS = 10


def now():
    """(perf_counter seconds, wall clock microseconds)."""
    return time.perf_counter(), time.time_ns() // 1000


class StandIn(http.server.ThreadingHTTPServer):
    """event: the payload of the one invocation to hand out (a dict), or None to hand out
    nothing (the init measurement: the process is stopped once init has ended)."""

    daemon_threads = True

    def __init__(self, event=None, function_name="function"):
        super().__init__(("127.0.0.1", 0), Handler)
        self.event = event
        self.function_name = function_name
        self.request_id = str(uuid.uuid4())
        self.lock = threading.Condition()
        self.extensions = {}  # id -> {"name", "invoke": bool, "polled": bool}
        self.runtime_polled = False
        self.handed_out = False
        self.closing = False
        self.init_done = threading.Event()
        self.answered = threading.Event()
        self.marks = {}  # "runtime_polled", "init_done", "handed_out", "response" -> now()
        self.response = None  # (path, body bytes)
        self.errors = []  # (path, body) of error posts
        threading.Thread(target=self.serve_forever, daemon=True).start()

    @property
    def address(self):
        return f"127.0.0.1:{self.server_address[1]}"

    def mark(self, name):
        self.marks.setdefault(name, now())

    def check_init_done(self):
        """Under self.lock: init has ended once the runtime and every extension have polled."""
        if self.runtime_polled and all(e["polled"] for e in self.extensions.values()):
            if not self.init_done.is_set():
                self.mark("init_done")
                self.init_done.set()
                if self.event is not None:
                    self.handed_out = True
                    self.mark("handed_out")
            self.lock.notify_all()

    def hold(self):
        """Under self.lock: keeps a poll open until the stand-in closes (or a while)."""
        self.lock.wait_for(lambda: self.closing, timeout=HOLD_SECONDS)

    def handle_error(self, request, client_address):
        pass  # a killed process drops its connections; nothing to report

    def close(self):
        with self.lock:
            self.closing = True
            self.lock.notify_all()
        self.shutdown()
        self.server_close()


class Handler(http.server.BaseHTTPRequestHandler):
    protocol_version = "HTTP/1.1"  # keep-alive, as Lambda's endpoint

    def log_message(self, *args):
        pass

    def reply(self, status, body=b"", headers=()):
        if self.server.closing:
            # The process is gone or going: nobody reads an answer to a held poll.
            self.close_connection = True
            return
        if isinstance(body, (dict, list)):
            body = json.dumps(body).encode()
        self.send_response(status)
        for name, value in headers:
            self.send_header(name, value)
        self.send_header("Content-Type", "application/json")
        self.send_header("Content-Length", str(len(body)))
        self.end_headers()
        try:
            self.wfile.write(body)
        except (BrokenPipeError, ConnectionResetError):
            self.close_connection = True

    def read_body(self):
        length = int(self.headers.get("Content-Length") or 0)
        return self.rfile.read(length) if length else b""

    def deadline_ms(self):
        return str(int(time.time() * 1000) + 30_000)

    def do_GET(self):  # noqa: N802 (the http.server API)
        server = self.server
        if self.path == f"{RUNTIME}/invocation/next":
            with server.lock:
                first = not server.runtime_polled
                server.runtime_polled = True
                if first:
                    server.mark("runtime_polled")
                server.check_init_done()
                server.lock.wait_for(lambda: server.handed_out or server.closing, timeout=HOLD_SECONDS)
                if not first or not server.handed_out or server.closing:
                    server.hold()
                    return self.reply(410, {"errorMessage": "the stand-in is closing"})
            headers = [
                ("Lambda-Runtime-Aws-Request-Id", server.request_id),
                ("Lambda-Runtime-Deadline-Ms", self.deadline_ms()),
                ("Lambda-Runtime-Invoked-Function-Arn", FUNCTION_ARN),
                ("Lambda-Runtime-Trace-Id", TRACE_ID),
            ]
            return self.reply(200, server.event, headers)
        if self.path == f"{EXTENSION}/event/next":
            ext_id = self.headers.get("Lambda-Extension-Identifier", "")
            with server.lock:
                extension = server.extensions.get(ext_id)
                if extension is None:
                    return self.reply(403, {"errorType": "Extension.Unknown", "errorMessage": "unknown extension id"})
                first = not extension["polled"]
                extension["polled"] = True
                server.check_init_done()
                server.lock.wait_for(lambda: server.handed_out or server.closing, timeout=HOLD_SECONDS)
                if not first or not extension["invoke"] or not server.handed_out or server.closing:
                    server.hold()
                    return self.reply(410, {"errorMessage": "the stand-in is closing"})
            event = {
                "eventType": "INVOKE",
                "deadlineMs": int(self.deadline_ms()),
                "requestId": server.request_id,
                "invokedFunctionArn": FUNCTION_ARN,
                "tracing": {"type": "X-Amzn-Trace-Id", "value": TRACE_ID},
            }
            return self.reply(200, event, [("Lambda-Extension-Event-Identifier", str(uuid.uuid4()))])
        return self.reply(404, {"errorMessage": f"the stand-in does not serve GET {self.path}"})

    def do_POST(self):  # noqa: N802 (the http.server API)
        server = self.server
        body = self.read_body()
        if self.path == f"{EXTENSION}/register":
            events = json.loads(body or b"{}").get("events", [])
            ext_id = str(uuid.uuid4())
            with server.lock:
                if server.init_done.is_set():
                    return self.reply(403, {"errorType": "Extension.InvalidState", "errorMessage": "init has ended"})
                server.extensions[ext_id] = {
                    "name": self.headers.get("Lambda-Extension-Name", ""),
                    "invoke": "INVOKE" in events,
                    "polled": False,
                }
            answer = {"functionName": server.function_name, "functionVersion": "$LATEST", "handler": "bootstrap"}
            if "accountId" in (self.headers.get("Lambda-Extension-Accept-Feature") or ""):
                answer["accountId"] = "123456789012"
            return self.reply(200, answer, [("Lambda-Extension-Identifier", ext_id)])
        if self.path == f"{RUNTIME}/invocation/{server.request_id}/response":
            server.mark("response")
            server.response = (self.path, body)
            server.answered.set()
            return self.reply(202, {"status": "OK"})
        if self.path.endswith("/error"):
            server.errors.append((self.path, body))
            server.answered.set()
            return self.reply(202, {"status": "OK"})
        return self.reply(404, {"errorMessage": f"the stand-in does not serve POST {self.path}"})


def lambda_env(stand_in, function_name):
    """The environment variables Lambda sets for a function's process (beside the caller's)."""
    return {
        "AWS_LAMBDA_RUNTIME_API": stand_in.address,
        "AWS_LAMBDA_FUNCTION_NAME": function_name,
        "AWS_LAMBDA_FUNCTION_MEMORY_SIZE": "256",
        "AWS_LAMBDA_FUNCTION_VERSION": "$LATEST",
        "AWS_LAMBDA_LOG_STREAM_NAME": "cold-start",
        "AWS_LAMBDA_LOG_GROUP_NAME": "cold-start",
        "_HANDLER": "bootstrap",
    }
