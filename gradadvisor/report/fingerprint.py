"""Stable fingerprints for findings (SARIF ``partialFingerprints``, GitLab ``fingerprint``).

A fingerprint hashes the rule, the path, the finding's source line with its whitespace stripped,
and how many identical (rule, path, line) findings came before it: it survives edits elsewhere in
the file and lines moving, and tells apart two findings on identical lines.
"""

from __future__ import annotations

import hashlib

from gradadvisor.rules.base import Finding


def source_line(finding: Finding) -> str:
    """The finding's first source line, stripped ("" when the report does not carry it)."""
    if finding.frame is None:
        return ""
    first, lines = finding.frame
    index = finding.line - first
    return lines[index].strip() if 0 <= index < len(lines) else ""


def fingerprints(findings: list[Finding], paths: list[str]) -> list[str]:
    """One fingerprint per finding; ``paths`` are the findings' paths as the report writes them."""
    seen: dict[tuple[str, str, str], int] = {}
    prints = []
    for finding, path in zip(findings, paths):
        key = (finding.code, path, source_line(finding))
        occurrence = seen.get(key, 0)
        seen[key] = occurrence + 1
        digest = hashlib.sha256("\0".join((*key, str(occurrence))).encode("utf-8")).hexdigest()
        prints.append(digest)
    return prints
