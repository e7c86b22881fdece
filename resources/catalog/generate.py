#!/usr/bin/env python3
"""Generates resources/catalog.json and resources/compat.json from the data beside this script.

    resources/catalog/generate.py          write both files
    resources/catalog/generate.py --check  exit 1 (naming the file) when a generated file is not current

Inputs (every row names its source; SOURCES.txt says where each file comes from):
  redistrib/redistrib_*.json   NVIDIA's redistrib manifests (8.5+ releases have one). Adding a release =
                               dropping its manifest here and rerunning this script.
  hashes.tsv                   (name, sha256, size, source) for 7.6.5-9.27, from public build recipes.
  cudnn_builds.tsv             which CUDA versions each cuDNN build supports (support_matrix.tsv rows).
  cuda_driver_table_meson.tsv  the CUDA release notes' minimum driver per toolkit release.
  minor_version_floor.tsv      the minor-version-compatibility floor per CUDA major.
  compat_rules.json            the hand-kept, non-table parts of compat.json (finding texts).
  legacy_urls.tsv              the public URL templates of NVIDIA's older tree, for releases before 8.5
                               (no manifest there): each catalog row before 8.5 gets its "url" from them.
  nvidia_layout.tsv            the folders NVIDIA's cuDNN 9 exe installer makes per release and CUDA major
                               (v9.x\bin\<folder>[\x64]); written to ../nvidialayout.json for
                               `install --nvidia-layout` (core/install/nvidiamapping.h). Only releases seen
                               in public reports: the tool copies the shape of a variant already present for
                               the others, else refuses.

The catalog keeps every publicly hashed Windows x86_64 zip and Linux x86_64 / sbsa tarball of cuDNN;
a name listed by several sources is one row whose source names them all (they must agree).
Python 3 standard library only.
"""
import json
import pathlib
import re
import sys

HERE = pathlib.Path(__file__).resolve().parent
OUT = HERE.parent
PLATFORMS = ("windows-x86_64", "linux-x86_64", "linux-sbsa")

OLD_NAME = re.compile(r"cudnn-(\d+(?:\.\d+)?)-(windows\d*|linux|osx)-(x64|ppc64le|aarch64sbsa|sbsa|aarch64)-v(\d+(?:\.\d+){1,3})"
                      r"\.(zip|tgz|tar\.xz)$")
NEW_NAME = re.compile(r"cudnn-(windows|linux)-(x86_64|sbsa|ppc64le|aarch64|arm64)-(\d+(?:\.\d+){2,3})_cuda(\d+(?:\.\d+)?)"
                      r"-archive\.(zip|tar\.xz)$")

# The CUDA driver table rule: the first release of each minor (x.y.0; 11.0.1 for 11.0, the first the
# table lists) -- the minimum any toolkit of that minor can need. (The meson copy lists every update; for
# 11.x the later updates ask for more, e.g. 11.0.3 needs 450.51.06 where 11.0.1 needed 450.36.06. A
# toolkit's update is not always known, and a false "driver too old" is worse than a missed one: the
# first row is used for every minor, 11.x as 12.x and 13.x.)
DRIVER_RULE = ("first release of each minor (x.y.0; 11.0.1 for 11.0), for 11.x as for 12.x and 13.x; "
               "later updates of an 11.x minor may need a newer driver")


def parse_name(name):
    """(cudnn, cuda, platform) from an official archive name, or None."""
    m = OLD_NAME.fullmatch(name)
    if m:
        cuda, os_, arch, cudnn = m.group(1), m.group(2), m.group(3), m.group(4)
        if os_.startswith("windows"):
            platform = "windows-x86_64" if arch == "x64" else "windows-" + arch
        elif os_ == "osx":
            platform = "macos-x86_64"
        else:
            platform = {"x64": "linux-x86_64", "aarch64sbsa": "linux-sbsa", "sbsa": "linux-sbsa"}.get(arch, "linux-" + arch)
        return cudnn, cuda, platform
    m = NEW_NAME.fullmatch(name)
    if m:
        os_, arch, cudnn, cuda = m.groups()[:4]
        return cudnn, cuda, os_ + "-" + arch
    return None


def read_tsv(name):
    lines = (HERE / name).read_text(encoding="utf-8").splitlines()
    header = lines[0].split("\t")
    rows = []
    for n, line in enumerate(lines[1:], start=2):
        if not line.strip():
            continue
        cells = line.split("\t")
        if len(cells) != len(header):
            sys.exit(f"{name}:{n}: {len(cells)} cells, the header has {len(header)}")
        rows.append(dict(zip(header, cells)))
    return rows


def manifest_sources():
    """redistrib file name -> where SOURCES.txt says it comes from."""
    out = {}
    for line in (HERE / "SOURCES.txt").read_text(encoding="utf-8").splitlines():
        m = re.match(r"\s*(redistrib_\S+\.json)\s+<-\s+(.*?)(?:\s+\(.*\))?$", line)
        if m:
            out[m.group(1)] = m.group(2)
    return out


def manifest_rows():
    sources = manifest_sources()
    rows = []
    for path in sorted((HERE / "redistrib").glob("redistrib_*.json")):
        if path.name not in sources:
            sys.exit(f"redistrib/{path.name}: SOURCES.txt does not say where it comes from")
        doc = json.loads(path.read_text(encoding="utf-8"))
        body = doc.get("cudnn", {})
        for platform, value in body.items():
            if not isinstance(value, dict):
                continue
            artifacts = [value] if "relative_path" in value else []
            artifacts += [a for a in value.values() if isinstance(a, dict) and "relative_path" in a]
            for a in artifacts:
                rows.append({"name": a["relative_path"].rsplit("/", 1)[-1], "sha256": a["sha256"].lower(),
                             "size": a.get("size", ""),
                             "source": f"NVIDIA {path.name} (copy: {sources[path.name]})"})
    return rows


def catalog():
    by_name = {}
    for row in read_tsv("hashes.tsv") + manifest_rows():
        name = row["name"]
        parsed = parse_name(name)
        if not parsed or parsed[2] not in PLATFORMS:
            continue  # ppc64le, aarch64 (Jetson), macOS, windows-arm64, zlib
        if not row["source"].strip():
            sys.exit(f"{name}: a row without a source")
        entry = by_name.setdefault(name, {"file": name, "cudnn": parsed[0], "cuda": parsed[1], "platform": parsed[2],
                                          "sha256": row["sha256"].lower(), "size": None, "sources": []})
        if entry["sha256"] != row["sha256"].lower():
            sys.exit(f"{name}: {row['source']} gives SHA-256 {row['sha256']}, another source {entry['sha256']}")
        if row["size"]:
            size = int(row["size"])
            if entry["size"] not in (None, size):
                sys.exit(f"{name}: sources disagree on the size ({entry['size']} and {size})")
            entry["size"] = size
        if row["source"] not in entry["sources"]:
            entry["sources"].append(row["source"])
    hashes = {}
    for e in by_name.values():
        if e["sha256"] in hashes:
            sys.exit(f"{e['file']} and {hashes[e['sha256']]} have the same SHA-256: one of the sources is wrong")
        hashes[e["sha256"]] = e["file"]

    def key(e):
        return (PLATFORMS.index(e["platform"]), [int(x) for x in e["cudnn"].split(".")],
                [int(x) for x in e["cuda"].split(".")])

    templates = {row["kind"]: row["template"] for row in read_tsv("legacy_urls.tsv")}
    releases = []
    for e in sorted(by_name.values(), key=key):
        row = {"file": e["file"], "cudnn": e["cudnn"], "cuda": e["cuda"], "platform": e["platform"],
               "sha256": e["sha256"], "size": e["size"], "source": "; ".join(e["sources"])}
        if [int(x) for x in e["cudnn"].split(".")] < [8, 5]:
            kind = "old" if OLD_NAME.fullmatch(e["file"]) else "archive"
            release = ".".join(e["cudnn"].split(".")[:3])
            row["url"] = templates[kind].format(release=release, cuda=e["cuda"], file=e["file"])
        releases.append(row)
    counts = {p: sum(1 for r in releases if r["platform"] == p) for p in PLATFORMS}
    lines = ['{',
             '  "schema": 1,',
             '  "generated_by": "resources/catalog/generate.py from resources/catalog/ (do not edit by hand)",',
             '  "comment": ' + json.dumps("Official cuDNN archives whose SHA-256 is known from public sources. A file "
                                          "with one of these hashes is authentic; a file carrying one of these names "
                                          "with other bytes is not.") + ',',
             '  "counts": ' + json.dumps(counts) + ',',
             '  "releases": [']
    lines += ["    " + json.dumps(r, ensure_ascii=False) + ("," if i + 1 < len(releases) else "")
              for i, r in enumerate(releases)]
    lines += ['  ]', '}']
    return "\n".join(lines) + "\n"


def compat():
    rules = json.loads((HERE / "compat_rules.json").read_text(encoding="utf-8"))
    groups = {}
    for row in read_tsv("cudnn_builds.tsv"):
        groups.setdefault((row["cudnn_from"], row["cudnn_to"]), []).append(
            {"cuda_major": int(row["cuda_major"]), "cuda_min": row["cuda_min"], "cuda_max": row["cuda_max"],
             "source": row["source"]})
    builds = [{"cudnn_from": f, "cudnn_to": t, "builds": b} for (f, t), b in groups.items()]

    first = {}  # DRIVER_RULE: the first release listed for each minor
    for row in read_tsv("cuda_driver_table_meson.tsv"):
        parts = [int(x) for x in row["cuda"].split(".")]
        minor = (parts[0], parts[1])
        if minor not in first or parts < [int(x) for x in first[minor]["cuda"].split(".")]:
            first[minor] = row
    drivers = []
    for (major, minor), row in first.items():
        windows = row["windows"]
        drivers.append({"cuda": f"{major}.{minor}", "linux": row["linux"],
                        # NVIDIA lists no Windows minimum for CUDA 13 ("N/A"; the meson copy says "unknown").
                        "windows": None if windows in ("unknown", "N/A", "") else windows,
                        "source": row["source"] + ", row " + row["cuda"]})
    drivers.sort(key=lambda d: [int(x) for x in d["cuda"].split(".")])
    floors = [{"cuda_major": int(r["cuda_major"]), "linux": r["linux"], "windows": r["windows"], "source": r["source"]}
              for r in read_tsv("minor_version_floor.tsv")]

    doc = {"schema": 1,
           "generated_by": "resources/catalog/generate.py from resources/catalog/ (do not edit by hand)",
           "source": "resources/catalog/cudnn_builds.tsv (NVIDIA support matrices, support_matrix.tsv), "
                     "cuda_driver_table_meson.tsv (CUDA release notes via meson), minor_version_floor.tsv, "
                     "compat_rules.json",
           "driver_rule": DRIVER_RULE,
           "cuda13_windows_driver": "N/A: NVIDIA states no Windows minimum driver for CUDA 13 (support matrix 9.17.0, "
                                    "release notes); windows is null in those rows",
           "cudnn_builds": builds, "cuda_min_driver": drivers, "minor_version_floor": floors}
    for key in ("zlibwapi", "windows_bin_x64_from_cuda_major", "findings"):
        doc[key] = rules[key]
    return json.dumps(doc, indent=2, ensure_ascii=False) + "\n"


LAYOUT_COLUMNS = ["cudnn", "cuda_major", "folder", "bin_x64", "source"]


def nvidia_layout():
    """nvidialayout.json: one row per (cuDNN major.minor, CUDA major) of nvidia_layout.tsv, checked."""
    rows, seen = [], set()
    for n, r in enumerate(read_tsv("nvidia_layout.tsv"), start=2):
        if list(r) != LAYOUT_COLUMNS:
            sys.exit(f"nvidia_layout.tsv: the header must be {' '.join(LAYOUT_COLUMNS)}")
        where = f"nvidia_layout.tsv:{n}"
        if not re.fullmatch(r"9\.\d{1,3}", r["cudnn"]):
            sys.exit(f"{where}: cudnn must be 9.<minor> (NVIDIA's installer folders exist for cuDNN 9)")
        if not re.fullmatch(r"\d{1,3}\.\d{1,3}", r["folder"]) or r["folder"].split(".")[0] != r["cuda_major"]:
            sys.exit(f"{where}: folder {r['folder']!r} is not a CUDA {r['cuda_major']}.x version")
        if r["bin_x64"] not in ("yes", "no"):
            sys.exit(f"{where}: bin_x64 must be yes or no")
        if not r["source"].strip():
            sys.exit(f"{where}: every row names its source")
        key = (r["cudnn"], r["cuda_major"])
        if key in seen:
            sys.exit(f"{where}: a second row for cuDNN {key[0]} CUDA {key[1]}")
        seen.add(key)
        rows.append({"cudnn": r["cudnn"], "cuda_major": int(r["cuda_major"]), "folder": r["folder"],
                     "bin_x64": r["bin_x64"] == "yes", "source": r["source"]})
    rows.sort(key=lambda r: (tuple(int(x) for x in r["cudnn"].split(".")), r["cuda_major"]))
    lines = ",\n".join("    " + json.dumps(r, ensure_ascii=False) for r in rows)
    return ("{\n"
            '  "schema": 1,\n'
            '  "generated_by": "resources/catalog/generate.py from resources/catalog/nvidia_layout.tsv (do not edit by hand)",\n'
            '  "comment": "The folders NVIDIA\'s cuDNN 9 exe installer makes under %ProgramFiles%\\\\NVIDIA\\\\CUDNN\\\\v<cudnn>: '
            'bin\\\\<folder>[\\\\x64], include\\\\<folder>, lib\\\\<folder>\\\\x64, per release and CUDA major.",\n'
            '  "layouts": [\n' + lines + "\n  ]\n}\n")


def main():
    check = "--check" in sys.argv[1:]
    stale = []
    for name, text in (("catalog.json", catalog()), ("compat.json", compat()), ("nvidialayout.json", nvidia_layout())):
        path = OUT / name
        if check:
            if not path.exists() or path.read_text(encoding="utf-8") != text:
                stale.append(str(path))
        else:
            path.write_text(text, encoding="utf-8")
    if stale:
        print("not current (run resources/catalog/generate.py): " + ", ".join(stale), file=sys.stderr)
        return 1
    return 0


if __name__ == "__main__":
    sys.exit(main())
