"""Check a blind set's layout and labels without running the scanner.

usage: python /work/blind/check_set.py /work/blind/SET
"""
import ast
import sys
import tomllib
from pathlib import Path

FAMILIES = {"P1", "P2", "P3", "P4", "P5", "P6"}


def main(root: Path) -> int:
    problems = []
    labels = root / "labels.toml"
    if not labels.is_file():
        print(f"missing {labels}")
        return 1
    try:
        data = tomllib.loads(labels.read_text(encoding="utf-8"))
    except Exception as exc:  # noqa: BLE001
        print(f"labels.toml does not parse: {exc}")
        return 1
    cases = data.get("case", [])
    names = set()
    n_sites = {f: 0 for f in sorted(FAMILIES)}
    n_neg = n_files = 0
    for entry in cases:
        name = entry.get("name")
        if not name:
            problems.append("a [[case]] without name")
            continue
        if name in names:
            problems.append(f"{name}: duplicate name")
        names.add(name)
        folder = root / "cases" / name
        if not folder.is_dir():
            problems.append(f"{name}: no folder cases/{name}")
            continue
        pys = sorted(folder.rglob("*.py"))
        n_files += len(pys)
        if not pys:
            problems.append(f"{name}: no .py file")
        for py in pys:
            text = py.read_text(encoding="utf-8")
            try:
                ast.parse(text)
            except SyntaxError as exc:
                problems.append(f"{name}/{py.name}: does not parse: {exc}")
            if "# Source:" not in text.split("\n\n")[0] and "# Source:" not in text[:600]:
                problems.append(f"{name}/{py.relative_to(folder)}: no '# Source:' header")
        if not entry.get("source", "").startswith("http"):
            problems.append(f"{name}: source must be a URL")
        neg = bool(entry.get("negative", False))
        sites = entry.get("site", [])
        if neg:
            n_neg += 1
            if sites:
                problems.append(f"{name}: negative case with sites")
        elif not sites:
            problems.append(f"{name}: positive case without sites (set negative = true?)")
        for s in sites:
            fam = s.get("family")
            if fam not in FAMILIES:
                problems.append(f"{name}: family {fam!r} not in P1..P6")
                continue
            path = folder / s.get("file", "")
            if not path.is_file():
                problems.append(f"{name}: site file {s.get('file')!r} missing")
                continue
            nlines = len(path.read_text(encoding="utf-8").splitlines())
            line, end = int(s.get("line", 0)), int(s.get("end_line", s.get("line", 0)))
            if not (1 <= line <= end <= nlines):
                problems.append(f"{name}: site lines {line}-{end} outside 1-{nlines} of {s['file']}")
            if not s.get("note"):
                problems.append(f"{name}: site at {s['file']}:{line} has no note")
            n_sites[fam] += 1
    for d in sorted((root / "cases").iterdir()) if (root / "cases").is_dir() else []:
        if d.is_dir() and d.name not in names:
            problems.append(f"cases/{d.name}: folder without a [[case]]")
    if not (root / "SOURCES.txt").is_file():
        problems.append("missing SOURCES.txt")
    for p in problems:
        print("PROBLEM:", p)
    total = sum(n_sites.values())
    print(f"{len(cases)} cases, {n_files} files, {n_neg} negatives, {total} sites: "
          + ", ".join(f"{k} {v}" for k, v in n_sites.items()))
    return 1 if problems else 0


if __name__ == "__main__":
    sys.exit(main(Path(sys.argv[1])))
