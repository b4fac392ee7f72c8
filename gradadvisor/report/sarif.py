"""``--format sarif``: SARIF 2.1.0, one run, for GitHub code scanning.

Each rule is described in ``tool.driver.rules`` (with its documentation as help);
each finding is a result with ``ruleId``, ``ruleIndex``, a region, and its fix when
it has one. File errors are tool execution notifications on the invocation.
"""

from __future__ import annotations

import json
from pathlib import Path
from urllib.parse import quote

from gradadvisor import __version__
from gradadvisor.engine.source import FileError
from gradadvisor.rules import all_rules
from gradadvisor.rules.base import Finding

SCHEMA = "https://json.schemastore.org/sarif-2.1.0.json"
LEVELS = {"error": "error", "warning": "warning", "info": "note"}


def _uri(path: str) -> str:
    """A URI reference: spaces, ``#``, ``%`` and the like are percent-encoded."""
    return quote(Path(path).as_posix())


def render(findings: list[Finding], errors: list[FileError]) -> str:
    rules = all_rules()
    index = {rule.code: position for position, rule in enumerate(rules)}
    results = []
    for finding in findings:
        region = {
            "startLine": finding.line,
            "startColumn": finding.column,
            "endLine": finding.end_line,
            "endColumn": finding.end_column,
        }
        result = {
            "ruleId": finding.code,
            "ruleIndex": index[finding.code],
            "level": LEVELS[finding.severity],
            "message": {"text": finding.message + (f" ({finding.context})" if finding.context else "")},
            "locations": [
                {"physicalLocation": {"artifactLocation": {"uri": _uri(finding.path)}, "region": region}}
            ],
        }
        if finding.fix is not None:
            result["fixes"] = [
                {
                    "description": {"text": f"{finding.fix.applicability} fix: {finding.fix.content}"},
                    "artifactChanges": [
                        {
                            "artifactLocation": {"uri": _uri(finding.path)},
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
        location = {"physicalLocation": {"artifactLocation": {"uri": _uri(error.path)}}}
        if error.line is not None:
            location["physicalLocation"]["region"] = {"startLine": error.line, "startColumn": error.column or 1}
        notifications.append(
            {
                "level": "error" if error.is_failure else "note",
                "message": {"text": f"{error.kind}: {error.message}"},
                "locations": [location],
            }
        )
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
            }
        ],
    }
    return json.dumps(log, indent=2)
