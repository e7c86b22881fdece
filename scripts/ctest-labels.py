#!/usr/bin/env python3
"""Sums a CTest run's test times by label, one 'phase:' line per label, for scripts/test.sh.

Usage: ctest-labels.py BUILD_DIR LOG
Reads LOG, a copy of the run's BUILD_DIR/Testing/Temporary/LastTest.log (each test's time; a copy
because the --show-only run below writes LastTest.log anew) and the labels CTest knows
(ctest --show-only=json-v1). A test counts under its first label in PRIORITY order, so the lines
add up to the suite's test time (with -jN that is about N times the wall time, N tests at once).
"""
import json
import re
import subprocess
import sys
from collections import defaultdict

PRIORITY = ["wine", "windows", "crashpoints", "big", "gui", "wizard", "fuzz", "cli", "install", "validate",
            "detect", "archive", "releases", "formats", "platform", "core"]


def main():
    build = sys.argv[1]
    shown = subprocess.run(["ctest", "--test-dir", build, "--show-only=json-v1"], capture_output=True, text=True,
                           check=True).stdout
    labels = {}
    for t in json.loads(shown).get("tests", []):
        names = []
        for p in t.get("properties", []):
            if p.get("name") == "LABELS":
                names = p.get("value", [])
        labels[t["name"]] = names
    times = {}
    name = None
    with open(sys.argv[2], encoding="utf-8", errors="replace") as log:
        for line in log:
            m = re.match(r"^\d+/\d+ Test: (.+)$", line.rstrip("\r\n"))
            if m:
                name = m.group(1)
            m = re.match(r"^Test time =\s*([0-9.]+) sec", line)
            if m and name:
                times[name] = float(m.group(1))
                name = None
    sums = defaultdict(float)
    counts = defaultdict(int)
    for test, seconds in times.items():
        own = labels.get(test, [])
        key = next((p for p in PRIORITY if p in own), own[0] if own else "(no label)")
        sums[key] += seconds
        counts[key] += 1
    for key in sorted(sums, key=lambda k: -sums[k]):
        print(f"phase:   ctest label {key + ' (' + str(counts[key]) + ' tests, test time)':<32} {sums[key]:5.0f} s")


if __name__ == "__main__":
    main()
