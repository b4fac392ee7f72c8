"""GA900: a ``# noqa`` comment that suppresses nothing."""

from __future__ import annotations

from typing import Iterable

from gradadvisor.engine.noqa import Suppression
from gradadvisor.rules.base import Finding, Invalid, Rule, Valid


class UnusedNoqa(Rule):
    """
    ## What it does
    Reports `# noqa: GAxxx` comments naming gradadvisor codes that suppress no finding
    on their line.

    ## Why it is slow for gradients
    It is not: it is housekeeping. A stale suppression hides the next real finding on
    that line, so it is worth deleting once the code it excused has been rewritten.

    ## Example
    ```python
    y = jnp.einsum("ij,ij->j", a, b)  # noqa: GA202
    ```

    ## Use instead
    ```python
    y = jnp.einsum("ij,ij->j", a, b)
    ```

    ## When not to apply
    Off by default: select it with `--select GA900` (or `ALL`). Only codes starting with
    `GA` are checked; a bare `# noqa` and other tools' codes are left alone.
    """

    code = "GA900"
    name = "unused-noqa"
    summary = "`# noqa` comment for a gradadvisor code that suppresses nothing"
    default_enabled = False
    VALID = (
        Valid("import jax.numpy as jnp\ny = jnp.diag(a.T @ b)  # noqa: GA202\n"),
        Valid("x = 1  # noqa: E501\n"),
        Valid("x = 1  # noqa\n"),
    )
    INVALID = (
        Invalid("import jax.numpy as jnp\ny = jnp.einsum('ij,ij->j', a, b)  # noqa: GA202\n", message_contains="GA202"),
        Invalid("x = 1  # noqa: GA301, E501\n", message_contains="GA301"),
    )


def unused_noqa_findings(path: str, suppressions: Iterable[Suppression]) -> list[Finding]:
    """One finding per ``# noqa`` comment whose GA codes matched nothing."""
    findings = []
    for suppression in suppressions:
        unused = [code for code in suppression.codes if code.startswith("GA") and not any(used.startswith(code) for used in suppression.used)]
        if not unused:
            continue
        findings.append(
            Finding(
                code=UnusedNoqa.code,
                name=UnusedNoqa.name,
                message=f"unused `noqa` directive for {', '.join(unused)}: remove it",
                path=path,
                line=suppression.line,
                column=suppression.column,
                end_line=suppression.line,
                end_column=suppression.end_column,
                severity="info",
            )
        )
    return findings
