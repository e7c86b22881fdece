#!/usr/bin/env python3
"""package.winget (tests/wine/CMakeLists.txt): the winget manifests of the real NSIS package.

  check-winget.py SOURCE_DIR PACKAGE_EXE VERSION WORK_DIR

Generates the manifests of PACKAGE_EXE (the signed package package.nsis built and installed) with
installer/winget/make-manifests.sh, validates each against the published winget-cli JSON schema
(installer/winget/schemas/, draft-07) and checks what the schema cannot: InstallerSha256 is the
package's SHA-256, InstallerType nullsoft, Scope machine, ProductCode and AppsAndFeaturesEntries are
the uninstall key's name and values (installer/cudnn-setup.nsi), ExpectedReturnCodes maps every
non-zero exit code of the ExitCode enum (core/common/problem.h), and the three files agree. Also
shows the validator is live: a manifest with a wrong Scope, or without InstallerSha256, fails it.
Exit 0 pass, 1 fail, 77 skipped (reason printed).
"""
import copy
import hashlib
import os
import re
import subprocess
import sys

def skip(reason):
    print(f"SKIPPED: {reason}", file=sys.stderr)
    sys.exit(77)

try:
    import jsonschema
    import yaml
except ImportError as e:
    skip(f"{e.name} is missing (Debian: python3-jsonschema, python3-yaml; scripts/deps.sh test installs them)")

failures = []

def check(ok, what):
    print(("ok:   " if ok else "FAIL: ") + what)
    if not ok:
        failures.append(what)

def main():
    source, package, version, work = sys.argv[1:5]
    if not os.path.isfile(package):
        skip(f"{package} is not built: package.nsis builds it (it needs the windows-mingw build and Wine)")
    winget = os.path.join(source, "installer", "winget")
    out = os.path.join(work, "manifests")
    os.makedirs(work, exist_ok=True)
    env = dict(os.environ, CUDNN_SETUP_LICENSE="test licence")
    url = f"https://downloads.example.invalid/cudnn-setup-{version}-win64.exe"
    made = subprocess.run([os.path.join(winget, "make-manifests.sh"), package, version, url, out],
                          env=env, capture_output=True, text=True)
    sys.stderr.write(made.stderr)
    if made.returncode != 0:
        print(f"FAIL: make-manifests.sh exited {made.returncode}")
        return 1
    files = made.stdout.split()
    check(len(files) == 3, f"three manifests written: {', '.join(os.path.basename(f) for f in files)}")

    schemas = {}
    schema_dir = os.path.join(winget, "schemas", "v1.10.0")
    for kind in ("version", "defaultLocale", "installer"):
        with open(os.path.join(schema_dir, f"manifest.{kind}.1.10.0.json"), encoding="utf-8") as f:
            schemas[kind] = jsonschema.Draft7Validator(__import__("json").load(f))

    docs = {}
    for path in files:
        with open(path, encoding="utf-8") as f:
            doc = yaml.safe_load(f)
        kind = doc.get("ManifestType")
        if kind not in schemas:
            check(False, f"{os.path.basename(path)}: ManifestType {kind!r} has no schema")
            continue
        errors = sorted(schemas[kind].iter_errors(doc), key=lambda e: list(e.path))
        for e in errors:
            print(f"      {os.path.basename(path)}: {'/'.join(map(str, e.path))}: {e.message}")
        check(not errors, f"{os.path.basename(path)} valid against manifest.{kind}.1.10.0.json")
        docs[kind] = doc
    if len(docs) != 3:
        return 1
    inst, ver, loc = docs["installer"], docs["version"], docs["defaultLocale"]

    # The validator is live: what the schema forbids, it reports.
    bad = copy.deepcopy(inst)
    bad["Scope"] = "everywhere"
    check(any(True for _ in schemas["installer"].iter_errors(bad)), "a Scope outside the schema's enum fails validation")
    bad = copy.deepcopy(inst)
    del bad["Installers"][0]["InstallerSha256"]
    check(any(True for _ in schemas["installer"].iter_errors(bad)), "an installer without InstallerSha256 fails validation")

    for key in ("PackageIdentifier", "PackageVersion", "ManifestVersion"):
        check(inst[key] == ver[key] == loc[key], f"{key} the same in the three files ({ver[key]})")
    check(ver["PackageVersion"] == version, f"PackageVersion is the build's version {version}")
    check(ver["DefaultLocale"] == loc["PackageLocale"], f"DefaultLocale {ver['DefaultLocale']} is the locale file's")
    check([int(n) for n in str(inst["ManifestVersion"]).split(".")[:2]] >= [1, 10], "schema 1.10 or newer")

    with open(package, "rb") as f:
        sha = hashlib.sha256(f.read()).hexdigest().upper()
    installers = inst["Installers"]
    check(len(installers) == 1 and installers[0]["InstallerSha256"].upper() == sha,
          f"InstallerSha256 is the package's SHA-256 ({sha})")
    check(installers[0].get("Architecture") == "x64", "Architecture x64")
    check(inst.get("InstallerType") == "nullsoft", "InstallerType nullsoft")
    check(inst.get("Scope") == "machine", "Scope machine")

    with open(os.path.join(source, "installer", "cudnn-setup.nsi"), encoding="utf-8") as f:
        nsi = f.read()
    app = re.search(r'^!define APP "([^"]+)"', nsi, re.M).group(1)
    publisher = re.search(r'"\$\{UNINST_KEY\}" "Publisher" "([^"]+)"', nsi).group(1)
    check(inst.get("ProductCode") == app, f"ProductCode is the uninstall key's name {app!r}")
    entries = inst.get("AppsAndFeaturesEntries") or []
    want = {"DisplayName": app, "Publisher": publisher, "DisplayVersion": version, "ProductCode": app,
            "InstallerType": "nullsoft"}
    check(len(entries) == 1 and all(entries[0].get(k) == v for k, v in want.items()),
          f"AppsAndFeaturesEntries are the uninstall key's values {want}")

    with open(os.path.join(source, "core", "common", "problem.h"), encoding="utf-8") as f:
        problem = f.read()
    enum = re.search(r"enum class ExitCode : int \{(.*?)\};", problem, re.S).group(1)
    codes = {int(v) for v in re.findall(r"^\s*\w+\s*=\s*(\d+)\s*,", enum, re.M)} - {0}
    mapped = {e["InstallerReturnCode"]: e["ReturnResponse"] for e in inst.get("ExpectedReturnCodes") or []}
    check(codes and codes <= set(mapped), f"ExpectedReturnCodes map every non-zero ExitCode {sorted(codes)}: {mapped}")
    check(0 not in mapped, "0 is not an expected failure")

    print(f"package.winget: {len(failures)} failure(s); manifests in {out}")
    return 1 if failures else 0

if __name__ == "__main__":
    sys.exit(main())
