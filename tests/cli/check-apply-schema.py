#!/usr/bin/env python3
"""CTest apply.schema: docs/apply-config.schema.json and the parser (core/install/desiredstate.cpp) accept
and refuse the same configs: the examples of docs/apply.md and a set of wrong ones, each checked with
jsonschema against the schema and with `cudnn-setup-cli apply --check --json` (bad-config or not).

    check-apply-schema.py CLI SOURCE_DIR WORK_DIR

Exit 77 (skipped) without Python's jsonschema (Debian: python3-jsonschema; scripts/deps.sh test installs it).
"""
import json
import pathlib
import re
import subprocess
import sys

try:
    import jsonschema
except ImportError:
    print("SKIPPED: python3-jsonschema is not installed (scripts/deps.sh test installs it)")
    sys.exit(77)

cli, source, work = sys.argv[1], pathlib.Path(sys.argv[2]), pathlib.Path(sys.argv[3])
work.mkdir(parents=True, exist_ok=True)
schema = json.loads((source / "docs" / "apply-config.schema.json").read_text(encoding="utf-8"))
jsonschema.Draft202012Validator.check_schema(schema)
validator = jsonschema.Draft202012Validator(schema)

docs = (source / "docs" / "apply.md").read_text(encoding="utf-8")
examples = [json.loads(block) for block in re.findall(r"```json\n(.*?)```", docs, re.S)]
if len(examples) < 2:
    sys.exit("docs/apply.md: expected its two example configs in ```json blocks")

good = examples + [
    {"schema": 1},
    {"schema": 1, "cudnn": "newest", "toolkits": "all", "path": False, "older_cudnn": "report"},
    {"schema": 1, "cudnn": "9.13.0.50", "source": {"from": "nvidia"}, "toolkits": "cuda 13.x"},
    {"schema": 1, "source": {"from": "mirror", "mirror": "https://mirror.example/cudnn/", "ca_file": "/etc/ca.pem"},
     "accept_license": True, "download_to": "/var/cache/cudnn"},
]
bad = [
    {},
    {"schema": 2},
    {"schema": 1, "cuddn": "9.13"},
    {"schema": 1, "cudnn": "latest"},
    {"schema": 1, "cudnn": "9"},
    {"schema": 1, "source": {"from": "ftp"}},
    {"schema": 1, "source": {"from": "mirror"}},
    {"schema": 1, "source": {"from": "archive", "archive": "a.zip"}},
    {"schema": 1, "source": {"from": "archive", "archive": "a.zip", "sha256": "abc"}},
    {"schema": 1, "cudnn": "9.13", "source": {"from": "archive", "archive": "a.zip", "sha256": "0" * 64}},
    {"schema": 1, "source": {"from": "nvidia", "extra": 1}},
    {"schema": 1, "toolkits": "cuda twelve"},
    {"schema": 1, "toolkits": []},
    {"schema": 1, "path": "yes"},
    {"schema": 1, "older_cudnn": "delete"},
    {"schema": 1, "accept_license": "true"},
]

failures = []
for n, (config, expected) in enumerate([(c, True) for c in good] + [(c, False) for c in bad]):
    schema_ok = validator.is_valid(config)
    # A config both should accept reaches the CLI with its toolkits replaced by a folder that is not there: it parses
    # everything, then stops at "not-a-toolkit" before any network or install (CI has no internet).
    parsed = dict(config, toolkits=[str(work / "no-such-toolkit")]) if expected else config
    path = work / f"config-{n}.json"
    path.write_text(json.dumps(parsed), encoding="utf-8")
    run = subprocess.run([cli, "apply", "--config", str(path), "--check", "--json", "--state-dir", str(work / "state")],
                         capture_output=True, text=True, timeout=120)
    try:
        problems = json.loads(run.stdout)["apply"].get("problems", [])
    except (json.JSONDecodeError, KeyError) as e:
        failures.append(f"{json.dumps(config)}: the CLI printed no apply document ({e}): {run.stdout[:200]} {run.stderr[:200]}")
        continue
    parser_ok = not any(p.get("code") == "bad-config" for p in problems)
    if schema_ok != expected or parser_ok != expected:
        failures.append(f"{json.dumps(config)}: expected {'accepted' if expected else 'refused'}, "
                        f"schema {'accepts' if schema_ok else 'refuses'}, parser {'accepts' if parser_ok else 'refuses'}"
                        f" ({problems[:1]})")
for f in failures:
    print("FAIL:", f)
print(f"{len(good)} configs accepted and {len(bad)} refused by both, the schema and the parser"
      if not failures else f"{len(failures)} disagreements")
sys.exit(1 if failures else 0)
