#!/usr/bin/env python3
"""Fills resources/translations/*.ts after lupdate: 简体中文 from zh_CN.py, and the English
plural forms (the only English entries a .ts needs). Run after changing texts:
    cmake --build --preset ci --target update_translations && scripts/translations.py
Exits 1 and names every text without a Chinese translation."""
import pathlib, re, sys, xml.etree.ElementTree as ET

here = pathlib.Path(__file__).resolve().parent.parent / "resources" / "translations"
sys.path.insert(0, str(here))
from zh_CN import ZH, CONTEXT_OVERRIDES  # noqa: E402


def english_plural(text):
    """'%n file(s)' -> ('1 file', 'n files'), plus the few irregular words used in the texts."""
    one = re.sub(r"\((s|es)\)", "", text)
    many = re.sub(r"\((s|es)\)", r"\1", text)
    return [one, many]


def fill(path, lang):
    tree = ET.parse(path)
    root = tree.getroot()
    root.set("language", lang)
    root.set("sourcelanguage", "en")
    missing = []
    for ctx in root.iter("context"):
        name = ctx.find("name").text
        for msg in ctx.iter("message"):
            src = msg.find("source").text
            tr = msg.find("translation")
            numerus = msg.get("numerus") == "yes"
            for child in list(tr):
                tr.remove(child)
            tr.text = None
            tr.attrib.pop("type", None)
            if lang == "en":
                if numerus:
                    for form in english_plural(src):
                        ET.SubElement(tr, "numerusform").text = form
                else:
                    tr.set("type", "unfinished")  # English uses the source text
                continue
            text = CONTEXT_OVERRIDES.get((name, src), ZH.get(src))
            if text is None:
                missing.append(f"{name}: {src}")
                tr.set("type", "unfinished")
                continue
            if numerus:
                ET.SubElement(tr, "numerusform").text = text
            else:
                tr.text = text
    ET.indent(tree)
    tree.write(path, encoding="utf-8", xml_declaration=True)
    with open(path, "r+", encoding="utf-8") as f:
        body = f.read().replace("<?xml version='1.0' encoding='utf-8'?>", '<?xml version="1.0" encoding="utf-8"?>\n<!DOCTYPE TS>', 1)
        f.seek(0); f.write(body + ("\n" if not body.endswith("\n") else "")); f.truncate()
    return missing


missing = fill(here / "cudnn-setup_zh_CN.ts", "zh_CN")
fill(here / "cudnn-setup_en.ts", "en")
for m in missing:
    print("untranslated:", m, file=sys.stderr)
sys.exit(1 if missing else 0)
