"""Cold-start proxy of a Lambda function binary: the time from process start to its first
poll of the Lambda runtime API (GET .../runtime/invocation/next), against a local stand-in of
that API. Everything `main` does before serving (logging, configuration, the SDK client and its
warm-up request) is inside that interval.

    python3 scripts/lib/cold_start.py RUNS BINARY...   (prints one line per binary)
"""

import http.server
import os
import statistics
import subprocess
import sys
import threading
import time


class StandIn(http.server.ThreadingHTTPServer):
    daemon_threads = True

    def __init__(self):
        super().__init__(("127.0.0.1", 0), Handler)
        self.polled = threading.Event()
        self.polled_at = 0.0


class Handler(http.server.BaseHTTPRequestHandler):
    def do_GET(self):  # noqa: N802 (the http.server API)
        if self.path.endswith("/runtime/invocation/next"):
            if not self.server.polled.is_set():
                self.server.polled_at = time.perf_counter()
                self.server.polled.set()
            # Hold the poll open: the process is killed once the first poll is seen.
            time.sleep(5)
        self.send_response(404)
        self.end_headers()

    def log_message(self, *args):
        pass


def measure(binary, runs):
    samples = []
    for _ in range(runs):
        server = StandIn()
        threading.Thread(target=server.serve_forever, daemon=True).start()
        env = dict(os.environ)
        env.update(
            {
                "AWS_LAMBDA_RUNTIME_API": f"127.0.0.1:{server.server_address[1]}",
                "AWS_LAMBDA_FUNCTION_NAME": os.path.basename(os.path.dirname(binary)) or "function",
                "AWS_LAMBDA_FUNCTION_MEMORY_SIZE": "256",
                "AWS_LAMBDA_FUNCTION_VERSION": "$LATEST",
                "AWS_LAMBDA_LOG_STREAM_NAME": "cold-start",
                "AWS_LAMBDA_LOG_GROUP_NAME": "cold-start",
            }
        )
        started = time.perf_counter()
        process = subprocess.Popen([binary], env=env, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
        if not server.polled.wait(10):
            process.kill()
            raise SystemExit(f"{binary} did not poll the runtime API within 10 s")
        samples.append((server.polled_at - started) * 1000)
        process.kill()
        process.wait()
        server.shutdown()
        server.server_close()
    return samples


def main():
    runs = int(sys.argv[1])
    for binary in sys.argv[2:]:
        samples = measure(binary, runs)
        name = os.path.basename(binary)
        print(
            f"  {name:22} median {statistics.median(samples):6.2f} ms   "
            f"min {min(samples):6.2f}   max {max(samples):6.2f}   ({runs} starts)"
        )


if __name__ == "__main__":
    main()
