#!/usr/bin/env python3
"""Validate the rules corpus: numbering, {ids:} tags, cross references, glossary, examples, rulings.

usage: python3 rules/tools/check.py [REPO_ROOT]   (default: two levels above this file)
Exit status 0 when everything is consistent, 1 otherwise. See rules/README.md for the format.
"""
import glob
import json
import os
import re
import sys

ROOT = os.path.abspath(sys.argv[1] if len(sys.argv) > 1 else os.path.join(os.path.dirname(__file__), "..", ".."))
RULES = os.path.join(ROOT, "rules")
DESIGN = os.path.join(ROOT, "..", "shared", "design", "combat_procedure_and_rulings.md")

SUBRULE_LETTERS = "abcdefghijkmnpqrstuvwxyz"  # l and o are skipped, as in the MTG CR
RE_SECTION = re.compile(r"^## (\d+)\.(\d+) (\S.*)$")
RE_RULE = re.compile(r"^(\d+)\.(\d+)\.(\d+)\. (\S.*)")
RE_SUBRULE = re.compile(r"^(\d+)\.(\d+)\.(\d+)([a-z]) (\S.*)")
RE_IDS = re.compile(r"\{ids: ([^}]+)\}\s*$")
RE_SEE = re.compile(r"\(see (standard |arena )?(\d+(?:\.\d+){1,2}[a-z]?)")
RE_DIFF = re.compile(r"^Differs from standard: see (.+?)\.?$", re.M)
RE_AUTHORITY = re.compile(r"^Authority: [a-z0-9-]+(?:, \d{4}-\d{2}-\d{2})?\.?$", re.M)
REQUIRED_PREFIXES = ("CMB-", "CMD-", "AOE-", "PRI-", "SEC-", "RES-", "HEAL-", "VAL-", "A-", "E-")

errors = []


def err(msg):
    errors.append(msg)


def front_matter(text, path):
    m = re.match(r"^---\n(.*?)\n---\n", text, re.S)
    if not m:
        err(f"{path}: missing front matter")
        return {}, text
    meta = {}
    for line in m.group(1).splitlines():
        if ":" in line:
            k, v = line.split(":", 1)
            meta[k.strip()] = v.strip()
    return meta, text[m.end():]


def parse_ruleset(folder):
    """Return {number: {'text', 'file', 'ids'}} for sections, subsections, rules and subrules."""
    entries = {}
    for path in sorted(glob.glob(os.path.join(folder, "*.md"))):
        rel = os.path.relpath(path, ROOT)
        meta, body = front_matter(open(path, encoding="utf-8").read(), rel)
        sec = meta.get("number", "")
        if not sec.isdigit() or not meta.get("title"):
            err(f"{rel}: front matter needs a numeric 'number' and a 'title'")
            continue
        if sec in entries:
            err(f"{rel}: section {sec} defined twice")
        entries[sec] = {"text": meta["title"], "file": rel, "ids": []}
        paragraphs = re.split(r"\n\s*\n", body)
        cur_sub, last_rule, last_letter, last_sub_no, last_rule_no = None, None, None, 0, 0
        for para in paragraphs:
            para = para.strip()
            if not para:
                continue
            m = RE_SECTION.match(para)
            if m:
                if m.group(1) != sec:
                    err(f"{rel}: subsection {m.group(1)}.{m.group(2)} in section {sec}")
                no = int(m.group(2))
                if no != last_sub_no + 1:
                    err(f"{rel}: subsection {sec}.{no} out of order")
                last_sub_no, last_rule_no = no, 0
                cur_sub = f"{sec}.{no}"
                if cur_sub in entries:
                    err(f"{rel}: duplicate {cur_sub}")
                entries[cur_sub] = {"text": m.group(3), "file": rel, "ids": []}
                continue
            number = None
            m = RE_RULE.match(para)
            if m:
                number = f"{m.group(1)}.{m.group(2)}.{m.group(3)}"
                if f"{m.group(1)}.{m.group(2)}" != cur_sub:
                    err(f"{rel}: rule {number} outside its subsection ({cur_sub})")
                if int(m.group(3)) != last_rule_no + 1:
                    err(f"{rel}: rule {number} out of order")
                last_rule_no, last_rule, last_letter = int(m.group(3)), number, None
            else:
                m = RE_SUBRULE.match(para)
                if m:
                    parent = f"{m.group(1)}.{m.group(2)}.{m.group(3)}"
                    number = parent + m.group(4)
                    if parent != last_rule:
                        err(f"{rel}: subrule {number} does not follow rule {parent}")
                    expected = SUBRULE_LETTERS[0] if last_letter is None else SUBRULE_LETTERS[SUBRULE_LETTERS.index(last_letter) + 1]
                    if m.group(4) != expected:
                        err(f"{rel}: subrule {number} should be {parent}{expected}")
                    last_letter = m.group(4)
            if number is None:
                if re.match(r"^\d+\.\d", para):
                    err(f"{rel}: malformed rule number: {para[:40]!r}")
                else:
                    err(f"{rel}: paragraph without a rule number: {para[:50]!r}")
                continue
            if number in entries:
                err(f"{rel}: duplicate rule number {number}")
            ids = []
            # The loader reads an Arena rule's "Differs from standard" line apart: the tag ends the text before it.
            # ... and so is an "Authority:" line (rules/README.md, who stands behind a rule).
            mi = RE_IDS.search(RE_DIFF.sub("", RE_AUTHORITY.sub("", para)).rstrip())
            if mi:
                ids = [x.strip() for x in mi.group(1).split(",") if x.strip()]
            if "{ids:" in para and not mi:
                err(f"{rel}: {number}: {{ids: ...}} must end the paragraph")
            entries[number] = {"text": para, "file": rel, "ids": ids}
    return entries


def design_ids():
    if not os.path.exists(DESIGN):
        return None
    text = open(DESIGN, encoding="utf-8").read()
    found = set(re.findall(r"\*\*((?:CMB|CMD|AOE|PRI|SEC|RES|HEAL|VAL)-\d+)\b", text))
    found |= set(re.findall(r"\*\*((?:A|E|V)-\d+)\b", text))
    return found


def main():
    standard = parse_ruleset(os.path.join(RULES, "standard"))
    arena = parse_ruleset(os.path.join(RULES, "arena"))

    # {ids:} tags: unique across the whole corpus
    owner = {}
    for label, rs in (("standard", standard), ("arena", arena)):
        for number, e in rs.items():
            for i in e["ids"]:
                if i in owner:
                    err(f"id {i} on both {owner[i]} and {label} {number}")
                owner[i] = f"{label} {number}"
    wanted = design_ids()
    if wanted is None:
        print("note: design document not found; skipping the completeness check of design ids")
    else:
        missing = sorted(i for i in wanted if i.startswith(REQUIRED_PREFIXES) and i not in owner)
        for i in missing:
            err(f"design id {i} is not attached to any rule")
        # ENG- ids are this site's own engine conventions (standard 11.4), not in the design document.
        # ARN- ids are the Arena duel procedure's steps (engine/arena), carried by Arena rules.
        unknown = sorted(i for i in owner if i not in wanted and not i.startswith(("ENG-", "ARN-")))
        for i in unknown:
            err(f"id {i} ({owner[i]}) is not a design id")

    # cross references
    for label, rs in (("standard", standard), ("arena", arena)):
        for number, e in rs.items():
            for scope, ref in RE_SEE.findall(e["text"]):
                target = standard if (scope.strip() == "standard" or (label == "standard" and not scope)) else arena
                if ref not in target:
                    err(f"{label} {number}: cross reference (see {scope}{ref}) does not resolve")
    for number, e in arena.items():
        for m in RE_DIFF.finditer(e["text"]):
            for ref in re.split(r",\s*|\s+and\s+", m.group(1)):
                if ref.strip() not in standard:
                    err(f"arena {number}: 'Differs from standard' names missing rule {ref!r}")

    # glossary
    gpath = os.path.join(RULES, "glossary.md")
    terms = []
    if os.path.exists(gpath):
        text = open(gpath, encoding="utf-8").read()
        blocks = re.split(r"^### ", text, flags=re.M)[1:]
        seen = set()
        for b in blocks:
            term = b.splitlines()[0].strip()
            if term.lower() in seen:
                err(f"glossary: duplicate term {term}")
            seen.add(term.lower())
            m = re.search(r"^rule: (\S+)\s*$", b, re.M)
            rs = arena if re.search(r"^ruleset: arena\s*$", b, re.M) else standard
            if not m:
                err(f"glossary: {term} has no 'rule:' line")
            elif m.group(1) not in rs:
                err(f"glossary: {term} points to missing rule {m.group(1)}")
            terms.append(term)
    else:
        err("rules/glossary.md is missing")

    # examples
    examples = sorted(glob.glob(os.path.join(RULES, "examples", "*.md")))
    ex_ids = set()
    for path in examples:
        rel = os.path.relpath(path, ROOT)
        meta, body = front_matter(open(path, encoding="utf-8").read(), rel)
        for k in ("id", "title", "source", "rules"):
            if not meta.get(k):
                err(f"{rel}: front matter lacks {k}")
        if meta.get("id") in ex_ids:
            err(f"{rel}: duplicate example id")
        scenario = meta.get("scenario")
        if scenario and not os.path.exists(os.path.join(ROOT, "fixtures", "examples", f"{scenario}.json")):
            err(f"{rel}: scenario {scenario} has no file in fixtures/examples/")
        ex_ids.add(meta.get("id"))
        for ref in re.findall(r"[\d.]+[a-z]?", meta.get("rules", "")):
            if ref not in standard:
                err(f"{rel}: cites missing rule {ref}")
        for _scope, ref in RE_SEE.findall(body):
            if ref not in standard:
                err(f"{rel}: (see {ref}) does not resolve")

    # rulings
    slugs = set()
    for path in glob.glob(os.path.join(ROOT, "fixtures", "cards", "*.json")):
        for c in json.load(open(path, encoding="utf-8")):
            slugs.add(c["slug"])
    rpath = os.path.join(ROOT, "fixtures", "rulings", "rulings.json")
    rulings = json.load(open(rpath, encoding="utf-8")) if os.path.exists(rpath) else []
    if not rulings:
        err("fixtures/rulings/rulings.json missing or empty")
    rids = set()
    fields = {"id", "kind", "question", "answer", "rules", "cards", "topics", "sources", "authority", "status"}
    for r in rulings:
        rid = r.get("id")
        if rid in rids:
            err(f"ruling {rid}: duplicate id")
        rids.add(rid)
        if set(r) - fields - {"note", "changes", "superseded_by", "date"} or fields - set(r):
            err(f"ruling {rid}: fields {sorted(set(r) ^ fields)}")
        # Only the site's own rulings carry a date (the day made); the others are dated by their sources.
        if (r.get("authority") == "site") != ("date" in r):
            err(f"ruling {rid}: a date belongs on site rulings only, and every site ruling needs one")
        if r.get("kind") not in ("ruling", "erratum", "clarification"):
            err(f"ruling {rid}: bad kind {r.get('kind')}")
        if r.get("authority") not in ("faq-1996", "compiled-rules", "community", "site"):
            err(f"ruling {rid}: bad authority {r.get('authority')}")
        if r.get("status") not in ("current", "superseded"):
            err(f"ruling {rid}: bad status {r.get('status')}")
        if r.get("status") == "superseded" and not r.get("note"):
            err(f"ruling {rid}: superseded without a note")
        if not r.get("rules"):
            err(f"ruling {rid}: cites no rule")
        for ref in r.get("rules", []):
            if ref.startswith("arena "):
                if ref[6:] not in arena:
                    err(f"ruling {rid}: missing arena rule {ref}")
            elif ref not in standard:
                err(f"ruling {rid}: missing rule {ref}")
        for s in r.get("cards", []):
            if s not in slugs:
                err(f"ruling {rid}: unknown card slug {s}")
        if not r.get("sources"):
            err(f"ruling {rid}: no sources")
    if wanted:
        for i in sorted(wanted):
            if i.startswith(("A-", "E-")) and i not in rids:
                err(f"design entry {i} has no ruling entry")
    # rule text may name rulings; check they exist
    for label, rs in (("standard", standard), ("arena", arena)):
        for number, e in rs.items():
            for ref in re.findall(r"ruling (R-\d{3})", e["text"]):
                if ref not in rids:
                    err(f"{label} {number}: names missing ruling {ref}")

    def count(rs):
        rules = sum(1 for k in rs if re.fullmatch(r"\d+\.\d+\.\d+", k))
        subs = sum(1 for k in rs if re.fullmatch(r"\d+\.\d+\.\d+[a-z]", k))
        return rules, subs

    print(f"standard: {count(standard)[0]} rules, {count(standard)[1]} subrules; "
          f"arena: {count(arena)[0]} rules, {count(arena)[1]} subrules")
    print(f"ids mapped: {len(owner)}; glossary terms: {len(terms)}; examples: {len(examples)}; rulings: {len(rulings)}")
    for e in errors:
        print("ERROR:", e)
    print("ok" if not errors else f"{len(errors)} error(s)")
    return 1 if errors else 0


if __name__ == "__main__":
    sys.exit(main())
