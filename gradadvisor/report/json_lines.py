"""``--format json-lines``: one JSON object per line: each finding (with ``code``, as in
``--format json``), then each file error (with ``kind``)."""

from __future__ import annotations

import json

from gradadvisor.engine.source import FileError
from gradadvisor.rules.base import Finding


def render(findings: list[Finding], errors: list[FileError]) -> str:
    objects = [finding.to_dict() for finding in findings] + [error.to_dict() for error in errors]
    return "\n".join(json.dumps(item, ensure_ascii=False) for item in objects)
