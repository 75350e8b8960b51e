"""Init of a Lambda function binary: the time from process start to the end of its init, when
it (and every extension it registered) first polls the Lambda runtime API, against a local
stand-in of that API (runtime_api.py). Everything `main` does before serving (logging,
configuration, the SDK client and its warm-up request) is inside that interval.

The binaries are started in rounds, each round one start of each in a rotating order, so that
a change of load on the machine weighs on all of them alike (the first is usually the floor:
a bare lambda_runtime function, which the others are compared with).

    python3 scripts/lib/cold_start.py RUNS BINARY...   (prints one line per binary)
"""

import os
import statistics
import subprocess
import sys
import time

from runtime_api import StandIn, lambda_env, now


def start_once(binary):
    """Milliseconds from process start to the end of init."""
    name = os.path.basename(binary)
    stand_in = StandIn(function_name=name)
    env = dict(os.environ)
    env.update(lambda_env(stand_in, name))
    started = now()[0]
    process = subprocess.Popen([binary], env=env, stdout=subprocess.PIPE, stderr=subprocess.STDOUT)
    try:
        wait_for(stand_in.init_done, process, binary, "end its init (poll the runtime API)")
        return (stand_in.marks["init_done"][0] - started) * 1000
    finally:
        if process.returncode is None:
            process.kill()
            process.communicate()
        stand_in.close()


def wait_for(event, process, binary, what, seconds=10):
    """Waits for `event`; a process that exits first, or a wait of `seconds`, ends the bench
    with the process's output."""
    deadline = time.monotonic() + seconds
    while not event.wait(0.005):
        if process.poll() is not None or time.monotonic() > deadline:
            process.kill()
            output = process.communicate()[0].decode(errors="replace").strip()
            raise SystemExit(f"{binary} did not {what} (its output: {output[-2000:] or 'none'})")


def measure(binaries, runs):
    samples = {binary: [] for binary in binaries}
    for run in range(runs):
        for i in range(len(binaries)):
            binary = binaries[(run + i) % len(binaries)]
            samples[binary].append(start_once(binary))
    return samples


def main():
    runs = int(sys.argv[1])
    binaries = sys.argv[2:]
    samples = measure(binaries, runs)
    for binary in binaries:
        s = samples[binary]
        name = os.path.basename(binary)
        print(
            f"  {name:24} median {statistics.median(s):6.2f} ms   "
            f"min {min(s):6.2f}   max {max(s):6.2f}   ({runs} starts)"
        )


if __name__ == "__main__":
    main()
