"""``--format junit``: JUnit XML, one test suite per file and one failing test case per finding
(file errors are ``<error>`` cases), for CI systems that show test reports. A case's ``line``
is a line of the file: for a notebook, the line of the ``.ipynb`` file where the code is (the
text says the cell and the line within it)."""

from __future__ import annotations

import xml.etree.ElementTree as ET
from collections import defaultdict

from gradadvisor.engine.source import FileError
from gradadvisor.report.locations import where
from gradadvisor.rules.base import Finding


def render(findings: list[Finding], errors: list[FileError]) -> str:
    by_file: dict[str, list[Finding | FileError]] = defaultdict(list)
    for item in [*findings, *errors]:
        by_file[item.path].append(item)
    failures = len(findings)
    failing_errors = sum(1 for error in errors if error.is_failure)
    root = ET.Element("testsuites", name="gradadvisor", tests=str(max(1, len(findings) + len(errors))),
                      failures=str(failures), errors=str(failing_errors))
    if not by_file:
        suite = ET.SubElement(root, "testsuite", name="gradadvisor", tests="1", failures="0", errors="0")
        ET.SubElement(suite, "testcase", name="No findings", classname="gradadvisor")
    for path, items in by_file.items():
        suite = ET.SubElement(
            root,
            "testsuite",
            name=path,
            tests=str(len(items)),
            failures=str(sum(isinstance(item, Finding) for item in items)),
            errors=str(sum(isinstance(item, FileError) and item.is_failure for item in items)),
        )
        for item in items:
            location = where(item.path, item.line, item.column, item.cell)
            if isinstance(item, Finding):
                line = item.file_region[0] if item.file_region else item.line
                case = ET.SubElement(suite, "testcase", name=f"gradadvisor.{item.code}", classname=path, line=str(line))
                failure = ET.SubElement(case, "failure", message=item.message, type=item.code)
                failure.text = f"{location}: {item.code} {item.message}"
            else:
                case = ET.SubElement(suite, "testcase", name=f"gradadvisor.{item.kind}", classname=path)
                line = item.file_position[0] if item.file_position else item.line
                if line is not None:
                    case.set("line", str(line))
                tag = "error" if item.is_failure else "skipped"
                element = ET.SubElement(case, tag, message=item.message, type=item.kind)
                element.text = f"{location}: {item.kind}: {item.message}"
    ET.indent(root)
    return '<?xml version="1.0" encoding="UTF-8"?>\n' + ET.tostring(root, encoding="unicode")
