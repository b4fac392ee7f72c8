"""``--format sarif``: SARIF 2.1.0, one run, for GitHub code scanning.

Each rule is described in ``tool.driver.rules`` (with its documentation as help);
each finding is a result with ``ruleId``, ``ruleIndex``, a region, its fix when it has
one, ``partialFingerprints`` (stable across runs) and ``properties`` (confidence, evidence,
and, for a notebook, the cell with the line and column within it). A notebook finding's
region is where its code is in the ``.ipynb`` file (the line of the JSON text holding that
source line), so that code scanning annotates the right line of the file; its message names
the cell and the line in the cell. Given the
repository root, artifact URIs are relative to it through ``originalUriBaseIds``
(``%SRCROOT%``), whatever the working directory. File errors are tool execution
notifications on the invocation.
"""

from __future__ import annotations

import json
from pathlib import Path
from urllib.parse import quote

from gradadvisor import __version__
from gradadvisor.engine.source import FileError
from gradadvisor.report.fingerprint import fingerprints
from gradadvisor.report.locations import relative_to
from gradadvisor.rules import all_rules
from gradadvisor.rules.base import Finding

SCHEMA = "https://json.schemastore.org/sarif-2.1.0.json"
LEVELS = {"error": "error", "warning": "warning", "info": "note"}
SRCROOT = "%SRCROOT%"
FINGERPRINT = "gradadvisor/v1"


def _uri(path: str) -> str:
    """A URI reference: spaces, ``#``, ``%`` and the like are percent-encoded."""
    return quote(Path(path).as_posix())


def _artifact(path: str, root: Path | None) -> dict:
    """An artifact location: relative to ``%SRCROOT%`` when the file lies under ``root``."""
    if root is None:
        return {"uri": _uri(path)}
    relative = relative_to(path, root)
    if relative is None:
        return {"uri": Path(path).resolve().as_uri()}
    return {"uri": quote(relative), "uriBaseId": SRCROOT}


def render(findings: list[Finding], errors: list[FileError], root: Path | None = None) -> str:
    """The SARIF log. ``root``: the repository root, for relative artifact URIs."""
    rules = all_rules()
    index = {rule.code: position for position, rule in enumerate(rules)}
    results = []
    artifacts = [_artifact(finding.path, root) for finding in findings]
    prints = fingerprints(findings, [artifact["uri"] for artifact in artifacts])
    for finding, artifact, fingerprint in zip(findings, artifacts, prints):
        line, column, end_line, end_column = finding.file_region or (finding.line, finding.column, finding.end_line, finding.end_column)
        region = {"startLine": line, "startColumn": column, "endLine": end_line, "endColumn": end_column}
        cell = f" (cell {finding.cell}, line {finding.line}, column {finding.column})" if finding.cell is not None else ""
        result = {
            "ruleId": finding.code,
            "ruleIndex": index[finding.code],
            "level": LEVELS[finding.severity],
            "message": {"text": finding.message + cell + (f" ({finding.context})" if finding.context else "")},
            "locations": [{"physicalLocation": {"artifactLocation": artifact, "region": region}}],
            "partialFingerprints": {FINGERPRINT: fingerprint},
            "properties": {"confidence": finding.confidence, "evidence": list(finding.evidence)},
        }
        if finding.cell is not None:
            result["properties"].update(cell=finding.cell, cellLine=finding.line, cellColumn=finding.column)
        if finding.fix is not None and finding.cell is None:  # a replacement in a cell is not one in the JSON text
            result["fixes"] = [
                {
                    "description": {"text": f"{finding.fix.applicability} fix: {finding.fix.content}"},
                    "artifactChanges": [
                        {
                            "artifactLocation": artifact,
                            "replacements": [
                                {"deletedRegion": region, "insertedContent": {"text": finding.fix.content}}
                            ],
                        }
                    ],
                }
            ]
        results.append(result)
    notifications = []
    for error in errors:
        location = {"physicalLocation": {"artifactLocation": _artifact(error.path, root)}}
        line, column = error.file_position or (error.line, error.column)
        if line is not None:
            location["physicalLocation"]["region"] = {"startLine": line, "startColumn": column or 1}
        cell = f" (cell {error.cell}, line {error.line}, column {error.column or 1})" if error.cell is not None else ""
        notification = {
            "level": "error" if error.is_failure else "note",
            "message": {"text": f"{error.kind}: {error.message}{cell}"},
            "locations": [location],
        }
        if error.cell is not None:
            notification["properties"] = {"cell": error.cell, "cellLine": error.line, "cellColumn": error.column}
        notifications.append(notification)
    run_extra = {}
    if root is not None:
        base = Path(root).resolve().as_uri()
        run_extra["originalUriBaseIds"] = {SRCROOT: {"uri": base if base.endswith("/") else base + "/"}}
    log = {
        "$schema": SCHEMA,
        "version": "2.1.0",
        "runs": [
            {
                "tool": {
                    "driver": {
                        "name": "gradadvisor",
                        "version": __version__,
                        "semanticVersion": __version__,
                        "informationUri": "https://pypi.org/project/gradadvisor/",
                        "rules": [
                            {
                                "id": rule.code,
                                "name": rule.name,
                                "shortDescription": {"text": rule.summary},
                                "fullDescription": {"text": rule.summary},
                                "help": {"text": rule.documentation(), "markdown": rule.documentation()},
                                "defaultConfiguration": {"level": LEVELS[rule.severity], "enabled": rule.default_enabled},
                                "properties": {"tags": ["performance", "autodiff", "jax"]},
                            }
                            for rule in rules
                        ],
                    }
                },
                "invocations": [
                    {
                        "executionSuccessful": not any(error.kind == "internal-error" for error in errors),
                        "toolExecutionNotifications": notifications,
                    }
                ],
                "results": results,
                **run_extra,
            }
        ],
    }
    return json.dumps(log, indent=2)
