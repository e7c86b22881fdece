#!/usr/bin/env python3
"""Builds resources/frameworks.json (embedded in the binary) from the framework tables beside
this script (tables: every *.tsv but findings.tsv): which CUDA and cuDNN each GPU build of TensorFlow, ONNX Runtime, PaddlePaddle and
JAX was made for, as the frameworks publish it. One row per published table row; every row
names its source URL. findings.tsv holds the texts (code, severity, message, fix) of the codes
the framework, split-loading and PATH checks of `detect` report.

    resources/frameworks/generate.py           # rewrite ../frameworks.json
    resources/frameworks/generate.py --check   # exit 1 when ../frameworks.json is not current

Columns (tab-separated, first line is the header):
  package       PyPI name the row is about (tensorflow, onnxruntime-gpu, paddlepaddle-gpu, jax)
  from, to      the package versions the row covers, inclusive, compared on as many parts as the
                bound has ("2.10" covers 2.10.*); "*" in `to` leaves the range open
  os            windows, linux or any
  variant       which build of that version: "" (the plain PyPI wheel), cuda11 / cuda12 / cuda13
                (ONNX Runtime feeds, JAX plugins), postNNN / cuNNN (PaddlePaddle wheel tags)
  cuda          the CUDA it was built with ("11.2", "12.x"); "" = no GPU build
  cudnn         the cuDNN it was built with ("8.1", "9.x"); "" = the table does not say
  pypi_default  yes when plain `pip install <package>==<version>` gets this build
  note          what the table says beside it
  source        the page the row comes from (https://...)
"""
import json, pathlib, re, sys

HERE = pathlib.Path(__file__).resolve().parent
OUT = HERE.parent / "frameworks.json"
COLUMNS = ["package", "from", "to", "os", "variant", "cuda", "cudnn", "pypi_default", "note", "source"]
FINDINGS = HERE / "findings.tsv"  # the texts of the codes these checks report (not a table)
SEVERITIES = ("problem", "warning", "info", "ok")
VERSION = re.compile(r"^\d+(\.\d+)*$")


def rows():
    out, errors = [], []
    for tsv in sorted(t for t in HERE.glob("*.tsv") if t.name != FINDINGS.name):
        lines = tsv.read_text(encoding="utf-8").splitlines()
        if not lines or lines[0].split("\t") != COLUMNS:
            errors.append(f"{tsv.name}: the header must be {' '.join(COLUMNS)}")
            continue
        for n, line in enumerate(lines[1:], start=2):
            if not line.strip():
                continue
            cells = line.split("\t")
            where = f"{tsv.name}:{n}"
            if len(cells) != len(COLUMNS):
                errors.append(f"{where}: {len(cells)} columns, expected {len(COLUMNS)}")
                continue
            r = dict(zip(COLUMNS, cells))
            if not r["source"].startswith("https://"):
                errors.append(f"{where}: the row names no source URL")
            if not VERSION.match(r["from"]) or not (r["to"] == "*" or VERSION.match(r["to"])):
                errors.append(f"{where}: from/to must be versions ('*' allowed in to)")
            if r["os"] not in ("windows", "linux", "any"):
                errors.append(f"{where}: os must be windows, linux or any")
            if r["pypi_default"] not in ("yes", "no"):
                errors.append(f"{where}: pypi_default must be yes or no")
            if r["cuda"] and not re.match(r"^\d+\.(\d+|x)$", r["cuda"]):
                errors.append(f"{where}: cuda must read like 11.2 or 12.x")
            if r["cudnn"] and not re.match(r"^\d+\.(\d+|x)(\.\d+)*$", r["cudnn"]):
                errors.append(f"{where}: cudnn must read like 8.1, 9.x or 8.9.2.26")
            r["pypi_default"] = r["pypi_default"] == "yes"
            r["table"] = tsv.name
            out.append(r)
    return out, errors


def findings():
    out, errors = {}, []
    lines = FINDINGS.read_text(encoding="utf-8").splitlines()
    if not lines or lines[0].split("\t") != ["code", "severity", "message", "fix"]:
        return out, [f"{FINDINGS.name}: the header must be code severity message fix"]
    for n, line in enumerate(lines[1:], start=2):
        cells = line.split("\t")
        if len(cells) != 4 or cells[1] not in SEVERITIES or not cells[2] or not cells[3]:
            errors.append(f"{FINDINGS.name}:{n}: code, severity ({'/'.join(SEVERITIES)}), message and fix")
            continue
        out[cells[0]] = {"severity": cells[1], "message": cells[2], "fix": cells[3]}
    return out, errors


def render(table, texts):
    doc = {
        "schema": 1,
        "generated_by": "resources/frameworks/generate.py from resources/frameworks/*.tsv; do not edit",
        "rows": table,
        "findings": texts,
    }
    return json.dumps(doc, indent=1, ensure_ascii=False) + "\n"


def main():
    table, errors = rows()
    texts, more = findings()
    errors += more
    for e in errors:
        print(e, file=sys.stderr)
    if errors:
        return 1
    text = render(table, texts)
    if "--check" in sys.argv[1:]:
        if not OUT.exists() or OUT.read_text(encoding="utf-8") != text:
            print(f"{OUT} is not current: run resources/frameworks/generate.py", file=sys.stderr)
            return 1
        print(f"{OUT.name}: {len(table)} rows, current")
        return 0
    OUT.write_text(text, encoding="utf-8")
    print(f"wrote {OUT} ({len(table)} rows)")
    return 0


if __name__ == "__main__":
    sys.exit(main())
