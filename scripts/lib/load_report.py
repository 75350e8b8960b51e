"""The tables of scripts/load, from one JSON file per concurrency level.

Each file holds {"concurrency", "seconds_to_settle", "wrk": the WRK_RESULT line of
scripts/lib/load.lua, "before" and "after": the dev server's /_dev/dynamodb-requests}; the
DynamoDB requests of a level are after - before, per client (the functions', the click
aggregator's) and per operation, divided by the level's 302s.

Usage: load_report.py LEVEL.json...
"""

import json
import sys

CLIENTS = ("functions", "aggregator")


def delta(level, client):
    before = level["before"].get(client, {})
    after = level["after"].get(client, {})
    return {op: after[op] - before.get(op, 0) for op in after if after[op] != before.get(op, 0)}


def redirects(level):
    return level["wrk"]["requests"] - level["wrk"]["non_302"]


def per_click(count, level):
    n = redirects(level)
    return f"{count / n:.3f}" if n else "-"


def summary(levels):
    head = ("concurrency", "requests/s", "p50 ms", "p99 ms", "non-302", "socket errors",
            "DynamoDB/click", "aggregator/click", "settled s")
    rows = [head]
    for level in levels:
        wrk = level["wrk"]
        seconds = wrk["duration_us"] / 1e6
        rows.append((
            str(level["concurrency"]),
            f"{wrk['requests'] / seconds:.0f}" if seconds else "-",
            f"{wrk['p50_us'] / 1000:.1f}",
            f"{wrk['p99_us'] / 1000:.1f}",
            str(wrk["non_302"]),
            str(wrk["socket_errors"]),
            per_click(sum(delta(level, "functions").values()), level),
            per_click(sum(delta(level, "aggregator").values()), level),
            str(level["seconds_to_settle"]) if level["seconds_to_settle"] is not None else "not settled",
        ))
    return rows


def by_operation(levels):
    rows = [("client", "operation") + tuple(f"c={level['concurrency']}" for level in levels)]
    for client in CLIENTS:
        deltas = [delta(level, client) for level in levels]
        for op in sorted({op for d in deltas for op in d}):
            rows.append((client, op) + tuple(per_click(d.get(op, 0), level) for d, level in zip(deltas, levels)))
    return rows


def render(rows, left=1):
    widths = [max(len(row[i]) for row in rows) for i in range(len(rows[0]))]
    lines = []
    for row in rows:
        cells = [cell.ljust(w) if i < left else cell.rjust(w) for i, (cell, w) in enumerate(zip(row, widths))]
        lines.append("  ".join(cells).rstrip())
    return "\n".join(lines)


def main(paths):
    levels = []
    for path in paths:
        with open(path, encoding="utf-8") as f:
            levels.append(json.load(f))
    levels.sort(key=lambda level: level["concurrency"])
    print(render(summary(levels)))
    print()
    print("DynamoDB requests per click (302), by client and operation:")
    print(render(by_operation(levels), left=2))


if __name__ == "__main__":
    main(sys.argv[1:])
