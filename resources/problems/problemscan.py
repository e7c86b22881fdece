"""Which problem codes core/ and app/ emit, read from their sources (gen_problems.py --check).

Every folder below core/ and app/ is read, whatever the files are called, so files may move between rooms.
Three rules:
  - codes::kX must be a constant of problemcodes.h (a typo would not compile; a hand edit of the header would);
  - a string literal that spells a registered code must be that constant instead, so that the literal and the
    registry cannot part (the few literals that spell a code in another vocabulary are listed in NOT_CODES);
  - a literal where a code goes (Problem{...}, Error{...}, .code == ..., the helpers that take a code first)
    must be a registered code: that is a new code someone emits without registering it.
And every registered code must be emitted somewhere, as its constant or as a finding text's key.
"""
import re

from problemrender import CODE_SHAPE, GENERATED, constant, row_codes

SOURCES = ("*.cpp", "*.h", "*.inc", "*.in")
LITERAL = r'"@(\d+)"'
# Where a literal is a code: the first member of a Problem, Error or Finding; a comparison with a code; the
# code argument of the helpers that build problems (verify's add, the tar reader's fail, detect's report, add
# and finish, validate's add and fail, the install flow's usage and stop), named by the arguments before it.
CODE_PLACES = [re.compile(p.replace("LIT", LITERAL)) for p in (
    r"\b(?:Problem|Error|Finding)\s*\{\s*LIT",
    r"\bpush_back\(\s*\{\s*LIT",
    r"\bcode\s*(?:==|!=|=)\s*(?:QLatin1String\(\s*)?LIT",
    r"\b(?:add|fail|finish)\(\s*LIT",
    r"\b(?:report|add|usage)\(\s*(?:c|r|rep\.\w+|std::move\(r\))\s*,\s*LIT",
    r"\bstop\([^;]*\{\{\s*LIT",
)]
# Literals that spell a code but are not one (the text of the literal, then the words around it that say so).
NOT_CODES = [re.compile(p.replace("LIT", LITERAL)) for p in (
    r"\baction\(op,\s*LIT\)",                      # an action's status in install's JSON ("not-restored")
    r"\bdoc\[LIT\]",                               # a key of verify's JSON ("cancelled": true)
    r"\barchive_set_error\([^;]*\?\s*LIT",        # libarchive's error text for a cancelled read
    r"\bError\{\s*codes::\w+\s*,\s*LIT",        # an Error's message, the second member ("cancelled")
)]


def _lex(text):
    """The text with comments blanked and each string literal's body replaced by @N; the bodies by N."""
    out, bodies, i, n = [], [], 0, len(text)
    while i < n:
        c = text[i]
        if text.startswith("//", i):
            j = text.find("\n", i)
            i = n if j < 0 else j
        elif text.startswith("/*", i):
            j = text.find("*/", i + 2)
            j = n if j < 0 else j + 2
            out.append(re.sub(r"[^\n]", " ", text[i:j]))
            i = j
        elif c == "R" and (raw := re.match(r'R"([^\s()\\"]{0,16})\(', text[i:i + 20])):
            delim, open_paren = raw.group(1), i + raw.end() - 1
            j = text.find(")" + delim + '"', open_paren)
            body = text[open_paren + 1:j]
            bodies.append(body)
            out.append(f'"@{len(bodies) - 1}"' + "\n" * body.count("\n"))
            i = j + len(delim) + 2
        elif c == '"':
            j = i + 1
            while j < n and text[j] != c:
                j += 2 if text[j] == "\\" else 1
            bodies.append(text[i + 1:j])
            out.append(f'"@{len(bodies) - 1}"')
            i = j + 1
        elif c == "'" and (ch := re.match(r"'(?:\\.[^']{0,8}|[^'\\\n]{1,4})'", text[i:i + 12])):
            out.append("'c'")  # a character literal ('"' would look like a string's start)
            i += ch.end()
        else:
            j = i
            while j < n and text[j] not in "/\"'R":
                j += 1
            j = max(j, i + 1)
            out.append(text[i:j])
            i = j
    return "".join(out), bodies


def scan(root, reg):
    codes = reg["codes"]
    constants = {constant(c): c for c in codes}
    used = set(reg["findings"]) | {row.get("finding") for row in reg["tables"].get("machine", {}).get("rows", [])}
    faults = []
    files = [p for top in ("core", "app") for pattern in SOURCES for p in sorted((root / top).rglob(pattern))]
    for path in files:
        rel = path.relative_to(root).as_posix()
        text = path.read_text(encoding="utf-8", errors="replace")
        if GENERATED in text:
            continue
        code, bodies = _lex(text)
        line_of = lambda pos: code.count("\n", 0, pos) + 1  # noqa: E731
        for m in re.finditer(r"\bcodes::(k\w+)", code):
            if m.group(1) in constants:
                used.add(constants[m.group(1)])
            else:
                faults.append(f"{rel}:{line_of(m.start())}: codes::{m.group(1)} is no constant of the registry")
        exempt = {int(n) for p in NOT_CODES for m in p.finditer(code) for n in m.groups() if n}
        for m in re.finditer(LITERAL, code):
            n = int(m.group(1))
            if bodies[n] in codes and n not in exempt:
                faults.append(f'{rel}:{line_of(m.start())}: "{bodies[n]}" is a registered code: '
                              f"write codes::{constant(bodies[n])} (common/problemcodes.h)")
        for p in CODE_PLACES:
            for m in p.finditer(code):
                for n in (int(g) for g in m.groups() if g):
                    body = bodies[n]
                    if CODE_SHAPE.fullmatch(body) and body not in codes:
                        faults.append(f'{rel}:{line_of(m.start())}: emits "{body}", which the registry lacks: '
                                      "add it to resources/problems/problems.json")
    for code in codes:
        if code not in used:
            faults.append(f"{code} is registered but nothing in core/ or app/ emits it")
    return faults
