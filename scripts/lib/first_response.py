"""The redirect's cold first response: from process start to the first visit's response posted
to the Lambda runtime API, against a local stand-in of that API (runtime_api.py) handing out
one API Gateway HTTP API (payload 2.0) event, `GET /SLUG` on the short domain, as the first
invocation. The link must exist in the table the redirect reads (bench-lambda seeds it). The
response must be a 302 with a Location, or the bench fails.

Each round also starts the floor (a bare lambda_runtime function: start to first poll,
cold_start.py), so the two medians share the machine's load. The redirect runs with
RUST_LOG's `init=debug`: its init boundaries (lib::telemetry::init_phase, on stdout with the
JSON logs) give the breakdown, median per phase over the starts:

  runtime         process start to `main` (exec, loader, tokio's runtime)
  configuration   `main` to the configuration read (the location key, setting up the JSON
                  logs, Config::from_env)
  SDK client      the DynamoDB client built
  to first poll   the Redirector, lambda_runtime's client and any extension's registration,
                  to the end of init (every poll in)
  first request   the invocation handed out to the response posted

and what runs beside them, from where it starts to where it ends (it delays the first response
only if it is not done when that needs it):

  warm-up         the DynamoDB client's first request (a GetItem that opens the connection)
  classifier      the user-agent automaton, built on a thread from the start of `main`

    python3 scripts/lib/first_response.py RUNS FLOOR REDIRECT SLUG DOMAIN
"""

import json
import os
import statistics
import subprocess
import sys
import time

from cold_start import start_once, wait_for
from runtime_api import StandIn, lambda_env, now

USER_AGENT = (
    "Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) "
    "Chrome/131.0.0.0 Safari/537.36"
)
PHASES = ["runtime", "configuration", "SDK client", "to first poll", "first request"]
# Beside the phases: (name, the init event it starts at, the one it ends at).
BESIDE = [("warm-up", "sdk_client", "warm_up"), ("classifier", "main", "classifier")]


def visit_event(slug, domain):
    """What API Gateway hands the redirect for `GET https://DOMAIN/SLUG` from a browser."""
    epoch_ms = int(time.time() * 1000)
    return {
        "version": "2.0",
        "routeKey": "GET /{slug}",
        "rawPath": f"/{slug}",
        "rawQueryString": "",
        "headers": {
            "host": domain,
            "user-agent": USER_AGENT,
            "accept": "text/html,application/xhtml+xml,application/xml;q=0.9,*/*;q=0.8",
            "accept-language": "en-GB,en;q=0.9",
            "x-forwarded-for": "198.51.100.23",
            "x-forwarded-proto": "https",
        },
        "requestContext": {
            "accountId": "123456789012",
            "apiId": "a1b2c3d4e5",
            "domainName": domain,
            "domainPrefix": domain.split(".")[0],
            "http": {
                "method": "GET",
                "path": f"/{slug}",
                "protocol": "HTTP/1.1",
                "sourceIp": "198.51.100.23",
                "userAgent": USER_AGENT,
            },
            "requestId": "Jm5ZxhHAoAMEbqA=",
            "routeKey": "GET /{slug}",
            "stage": "$default",
            "time": time.strftime("%d/%b/%Y:%H:%M:%S +0000", time.gmtime(epoch_ms / 1000)),
            "timeEpoch": epoch_ms,
        },
        "pathParameters": {"slug": slug},
        "isBase64Encoded": False,
    }


def init_marks(output):
    """{phase: wall clock µs} from the process's JSON log lines (target init)."""
    marks = {}
    for line in output.splitlines():
        try:
            fields = json.loads(line).get("fields", {})
        except (ValueError, AttributeError):
            continue
        if "phase" in fields and "unix_us" in fields:
            marks.setdefault(fields["phase"], fields["unix_us"])
    return marks


def location_of(body):
    """The Location of a 302, or None."""
    response = json.loads(body)
    if response.get("statusCode") != 302:
        return None
    headers = {k.lower(): v for k, v in (response.get("headers") or {}).items()}
    multi = {k.lower(): v for k, v in (response.get("multiValueHeaders") or {}).items()}
    return headers.get("location") or (multi.get("location") or [None])[0]


def respond_once(binary, slug, domain):
    """(ms from process start to the response posted, {phase: ms})."""
    stand_in = StandIn(event=visit_event(slug, domain), function_name="redirect")
    env = dict(os.environ)
    env.update(lambda_env(stand_in, "redirect"))
    env["RUST_LOG"] = ",".join(filter(None, [os.environ.get("RUST_LOG", "info"), "init=debug"]))
    started, started_us = now()
    process = subprocess.Popen([binary], env=env, stdout=subprocess.PIPE, stderr=subprocess.STDOUT)
    try:
        wait_for(stand_in.answered, process, binary, "answer the first visit")
        process.kill()
        output = process.communicate()[0].decode(errors="replace")
    finally:
        if process.returncode is None:
            process.kill()
            process.communicate()
        stand_in.close()
    if stand_in.response is None:
        raise SystemExit(f"{binary} posted an error for the first visit: {stand_in.errors} (output: {output[-2000:]})")
    if location_of(stand_in.response[1]) is None:
        raise SystemExit(f"{binary} answered the first visit without a 302 and a Location: {stand_in.response[1][:500]!r}")
    marks = init_marks(output)
    missing = [p for p in ("main", "configuration", "sdk_client") if p not in marks]
    if missing:
        raise SystemExit(f"{binary} logged no init boundary {missing} with RUST_LOG={env['RUST_LOG']}")
    init_done_us, response_us = stand_in.marks["init_done"][1], stand_in.marks["response"][1]
    bounds = [started_us, marks["main"], marks["configuration"], marks["sdk_client"]]
    bounds += [init_done_us, response_us]
    phases = {name: (b - a) / 1000 for name, a, b in zip(PHASES, bounds, bounds[1:])}
    # Work beside init that had not ended when the process was stopped (after the answer) is
    # left out of its median.
    for name, start, end in BESIDE:
        if start in marks and end in marks:
            phases[name] = (marks[end] - marks[start]) / 1000
    return (stand_in.marks["response"][0] - started) * 1000, phases


def line(name, samples, what):
    return (
        f"  {name:24} median {statistics.median(samples):6.2f} ms   "
        f"min {min(samples):6.2f}   max {max(samples):6.2f}   ({len(samples)} starts; {what})"
    )


def main():
    runs, floor, redirect, slug, domain = int(sys.argv[1]), *sys.argv[2:6]
    floors, totals, phases = [], [], {name: [] for name in PHASES + [b[0] for b in BESIDE]}
    for run in range(runs):
        if run % 2:
            floors.append(start_once(floor))
        total, parts = respond_once(redirect, slug, domain)
        if run % 2 == 0:
            floors.append(start_once(floor))
        totals.append(total)
        for name, ms in parts.items():
            phases[name].append(ms)
    print(line(os.path.basename(floor), floors, "start to first poll"))
    print(line("redirect-first-response", totals, "start to the first visit's 302 posted"))
    print(f"  breakdown of the redirect's first response (median of each phase over {runs} starts):")
    for name in PHASES:
        print(f"    {name:15} {statistics.median(phases[name]):6.2f} ms")
    print("  and beside them (median of the starts in which it ended before the answer):")
    for name, _, _ in BESIDE:
        done = phases[name]
        median = f"{statistics.median(done):6.2f} ms" if done else "   n/a   "
        print(f"    {name:15} {median}   (ended in {len(done)} of {runs} starts)")


if __name__ == "__main__":
    main()
