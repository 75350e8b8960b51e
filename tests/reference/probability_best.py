"""probabilityBest (lib::analytics::ab_result::probability_best) against scipy's numerical
integration.

Each variant's conversion rate has the posterior Beta(1 + conversions, 1 + clicks - conversions),
independently, and

    P(i best) = integral over [0, 1] of pdf_i(x) * prod_{j != i} cdf_j(x) dx.

The reference integrates that with scipy.integrate.quad (adaptive Gauss-Kronrod) on the interval
that holds all but 1e-14 of arm i's posterior either side, split at every arm's mean and at
+-1, 3 and 6 standard deviations from it, so even a posterior a few thousandths wide (10 000
clicks) is resolved; quad's own error estimate must stay below 1e-8. It shares nothing with
the Rust code (a trapezoid rule on statrs' Beta, normalised to sum to 1) but the definition.

Usage: python probability_best.py PATH/TO/examples/probability_best
Fails (exit 1) when a probability differs by more than 0.005, when the reference's
probabilities of a case do not sum to 1 within 1e-6, or when there are fewer than 5 cases.
"""

import json
import subprocess
import sys

from scipy import integrate
from scipy.stats import beta

TOLERANCE = 0.005
REFERENCE_SUM_TOLERANCE = 1e-6
QUAD_ERROR_LIMIT = 1e-8
TAIL = 1e-14

# Each case: the arms as [clicks, conversions].
CASES = [
    # Ties: identical arms are equally likely to be best.
    [[1000, 50], [1000, 50]],
    [[300, 12], [300, 12], [300, 12]],
    # No conversions on any arm: the arm with the fewest clicks is the likeliest best.
    [[200, 0], [300, 0], [250, 0]],
    # No data at all: a coin toss.
    [[0, 0], [0, 0]],
    # No conversions on one arm only.
    [[150, 0], [150, 3]],
    # Three and more arms.
    [[1000, 30], [1000, 38], [1000, 45], [1000, 25]],
    # Large counts: posteriors a few thousandths wide.
    [[10000, 500], [10000, 540], [10000, 520]],
    [[10000, 0], [10000, 4]],
    # A narrow posterior against a wide one.
    [[10, 3], [5000, 900]],
]


def posterior(clicks, conversions):
    return beta(1 + conversions, 1 + clicks - conversions)


def reference(arms):
    posteriors = [posterior(clicks, conversions) for clicks, conversions in arms]
    landmarks = sorted(
        p.mean() + k * p.std() for p in posteriors for k in (-6, -3, -1, 0, 1, 3, 6)
    )
    answers = []
    for i, own in enumerate(posteriors):
        others = [p for j, p in enumerate(posteriors) if j != i]
        lo, hi = own.ppf(TAIL), own.isf(TAIL)
        points = [x for x in landmarks if lo < x < hi]

        def integrand(x, own=own, others=others):
            value = own.pdf(x)
            for other in others:
                value *= other.cdf(x)
            return value

        value, error = integrate.quad(
            integrand, lo, hi, points=points, limit=1000, epsabs=1e-12, epsrel=1e-10
        )
        if error > QUAD_ERROR_LIMIT:
            sys.exit(f"quad's error estimate {error:.1e} for arm {i} of {arms} exceeds {QUAD_ERROR_LIMIT}")
        answers.append(value)
    return answers


def fmt(values):
    return "[" + ", ".join(f"{v:.4f}" for v in values) + "]"


def main():
    binary = sys.argv[1]
    rust = json.loads(
        subprocess.run(
            [binary], input=json.dumps(CASES), capture_output=True, text=True, check=True
        ).stdout
    )
    failures = 0
    if len(CASES) < 5:
        print(f"FAIL: only {len(CASES)} cases, at least 5 wanted")
        failures += 1
    if len(rust) != len(CASES):
        sys.exit(f"the example answered {len(rust)} cases for {len(CASES)}")
    for arms, got in zip(CASES, rust):
        expected = reference(arms)
        total = sum(expected)
        if len(got) != len(arms):
            print(f"FAIL {arms}: rust answered {len(got)} probabilities")
            failures += 1
            continue
        difference = max(abs(g - e) for g, e in zip(got, expected))
        ok = difference <= TOLERANCE and abs(total - 1) <= REFERENCE_SUM_TOLERANCE
        failures += not ok
        print(
            f"{'ok  ' if ok else 'FAIL'} arms {arms}  rust {fmt(got)}  scipy {fmt(expected)}"
            f"  max difference {difference:.2e}  (scipy sum - 1 = {total - 1:+.1e})"
        )
    if failures:
        sys.exit(f"{failures} case(s) failed (tolerance {TOLERANCE}, reference sum within {REFERENCE_SUM_TOLERANCE})")
    print(f"all {len(CASES)} cases within {TOLERANCE} of scipy")


if __name__ == "__main__":
    main()
