"""Prints the per-rule counts of the differential fix suite at the end of the run."""

from __future__ import annotations

from fixdiff import summary_lines


def pytest_terminal_summary(terminalreporter, exitstatus, config):  # noqa: ARG001
    lines = summary_lines()
    if lines:
        terminalreporter.section("differential fix tests")
        for line in lines:
            terminalreporter.write_line(line)
