#!/usr/bin/env python3
"""Generates, from problems.json (next to this script), everything that names cudnn-setup's problem codes:

    core/common/problemcodes.h     one constant per code, which core and the front ends use instead of literals
    app/wizard/problemcatalog.cpp  the wizard's sentence and fix of every code, English and 简体中文
    docs/problems.md               every code table, in full
    docs/*.md                      each table between <!-- problems: ID --> and <!-- /problems --> markers

    resources/problems/gen_problems.py            write them
    resources/problems/gen_problems.py --check    write nothing; exit 1 naming every stale file, every code that
                                                  core/ or app/ emits and the registry lacks, every code without
                                                  its 简体中文 text (CTest problems_registry)
    resources/problems/gen_problems.py --selftest stale|unregistered|untranslated
                                                  break a temporary copy of the tree in that one way and exit 0
                                                  only when --check fails on it, naming the fault

Debian's python3, standard library only (as core/common/gen_casefold.py).
"""
import pathlib
import shutil
import sys
import tempfile

sys.path.insert(0, str(pathlib.Path(__file__).resolve().parent))
import problemrender  # noqa: E402  (beside this script)
import problemscan  # noqa: E402

ROOT = pathlib.Path(__file__).resolve().parent.parent.parent


def outputs(root):
    """{path relative to root: the text it must have}."""
    reg = problemrender.load(root)
    out = {
        "core/common/problemcodes.h": problemrender.codes_header(reg),
        "app/wizard/problemcatalog.cpp": problemrender.wizard_catalog(reg),
        "docs/problems.md": problemrender.problems_md(reg),
    }
    for doc in sorted((root / "docs").glob("*.md")):
        rel = doc.relative_to(root).as_posix()
        if rel in out:
            continue
        text = doc.read_text(encoding="utf-8")
        if problemrender.MARK_BEGIN in text:
            out[rel] = problemrender.fill_markers(reg, text, rel)
    return reg, out


def check(root):
    """Every fault of the tree at root, as sentences; none when it is in order."""
    try:
        reg = problemrender.load(root)
        faults = problemrender.validate(reg)
        _, out = outputs(root)
    except (ValueError, KeyError, TypeError, problemrender.RegistryError) as e:
        # A registry that cannot be read or rendered: say where, compare nothing.
        return [f"resources/problems/problems.json cannot be used: {type(e).__name__}: {e}"]
    for rel, text in out.items():
        path = root / rel
        if not path.exists() or path.read_text(encoding="utf-8") != text:
            faults.append(f"{rel} is stale: run resources/problems/gen_problems.py and commit what it writes")
    faults += problemscan.scan(root, reg)
    return faults


def write(root):
    """Writes the generated files, unless the registry itself is at fault (an empty translation would be
    written as empty); then says what else --check finds."""
    try:
        faults = problemrender.validate(problemrender.load(root))
        _, out = outputs(root) if not faults else (None, {})
    except (ValueError, KeyError, TypeError, problemrender.RegistryError) as e:
        faults = [f"resources/problems/problems.json cannot be used: {type(e).__name__}: {e}"]
    for f in faults:
        print("problems:", f, file=sys.stderr)
    if faults:
        print("problems: nothing written", file=sys.stderr)
        return 1
    for rel, text in out.items():
        path = root / rel
        if not path.exists() or path.read_text(encoding="utf-8") != text:
            path.write_text(text, encoding="utf-8")
            print("wrote", rel)
    faults = check(root)
    for f in faults:
        print("problems:", f, file=sys.stderr)
    return 1 if faults else 0


# Each way the check must fail: how to break the copy, and the words its failure must say.
def _stale(root):
    p = root / "docs/problems.md"
    p.write_text(p.read_text(encoding="utf-8") + "a hand edit\n", encoding="utf-8")
    return "docs/problems.md is stale"


def _unregistered(root):
    (root / "core/common/selftest_emit.cpp").write_text(
        '#include "common/problem.h"\n'
        'cudnnsetup::Problem emit() { return cudnnsetup::Problem{"selftest-unregistered", {}, "x"}; }\n',
        encoding="utf-8")
    return 'emits "selftest-unregistered", which the registry lacks'


def _untranslated(root):
    p = root / "resources/problems/problems.json"
    text = p.read_text(encoding="utf-8")
    # busy's Chinese fix, emptied as a translator who forgot it would leave it.
    start = text.index('"busy": {')
    zh = text.index('"zh_CN":', start)
    fix = text.index('"fix": "', zh) + len('"fix": "')
    p.write_text(text[:fix] + text[text.index('"', fix):], encoding="utf-8")
    return "busy has no 简体中文 fix"


SELFTESTS = {"stale": _stale, "unregistered": _unregistered, "untranslated": _untranslated}


def selftest(kind):
    with tempfile.TemporaryDirectory() as tmp:
        copy = pathlib.Path(tmp)
        for part in ("core", "app", "docs", "resources/problems", "resources/catalog", "resources/frameworks"):
            shutil.copytree(ROOT / part, copy / part, ignore=shutil.ignore_patterns("__pycache__"))
        if check(copy):
            print("selftest: the unbroken copy already fails:", *check(copy), sep="\n  ")
            return 1
        expected = SELFTESTS[kind](copy)
        faults = check(copy)
        for f in faults:
            print("problems:", f)
        if any(expected in f for f in faults):
            print(f"selftest {kind}: --check fails as it must ({expected})")
            return 0
        print(f"selftest {kind}: --check did not say: {expected}")
        return 1


def main(argv):
    if argv[1:2] == ["--check"]:
        faults = check(ROOT)
        for f in faults:
            print("problems:", f, file=sys.stderr)
        if not faults:
            print("problems: the registry, its generated files and the sources agree")
        return 1 if faults else 0
    if argv[1:2] == ["--selftest"] and len(argv) == 3 and argv[2] in SELFTESTS:
        return selftest(argv[2])
    if len(argv) == 1:
        return write(ROOT)
    print(__doc__, file=sys.stderr)
    return 2


if __name__ == "__main__":
    sys.exit(main(sys.argv))
