"""GA900: a ``# noqa`` comment that suppresses nothing."""

from __future__ import annotations

from typing import Iterable

from gradadvisor.rules.base import Finding, Invalid, Rule, Suppression, Valid


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

    As in ruff's RUF100, each code is *unused* (its rule ran and found nothing on the line:
    delete it), *non-enabled* (its rule is not selected for the file, or is ignored there,
    so the scan cannot tell whether the comment still hides a finding: select that rule
    too before deleting it) or *unknown* (no gradadvisor rule has that code).
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


def unused_noqa_findings(path: str, suppressions: Iterable[Suppression], enabled: Iterable[str] | None = None) -> list[Finding]:
    """One finding per ``# noqa`` comment with a GA code that suppressed nothing, sorted as
    ruff's RUF100 sorts them: *unused* (its rule ran on the file and found nothing there:
    remove it), *non-enabled* (its rule is not selected for the file, or ignored there: this
    scan cannot tell whether the comment is still needed) and *unknown* (no rule has it).
    ``enabled``: the codes of the rules that ran on the file (None: every rule)."""
    from gradadvisor.rules import all_rules

    known = [rule.code for rule in all_rules()]
    ran = known if enabled is None else list(enabled)
    findings = []
    for suppression in suppressions:
        unused, disabled, unknown = [], [], []
        for code in suppression.codes:
            if not code.startswith("GA") or any(used.startswith(code) for used in suppression.used):
                continue
            if not any(rule.startswith(code) for rule in known):
                unknown.append(code)
            elif any(rule.startswith(code) for rule in ran if rule != UnusedNoqa.code):
                unused.append(code)
            else:
                disabled.append(code)
        if not (unused or disabled or unknown):
            continue
        if unused and not (disabled or unknown):
            message = f"unused `noqa` directive for {', '.join(unused)}: remove it"
        else:
            kinds = [(unused, "unused"), (disabled, "non-enabled"), (unknown, "unknown")]
            message = "unused `noqa` directive (" + "; ".join(f"{kind}: {', '.join(codes)}" for codes, kind in kinds if codes) + ")"
            if disabled:
                verb = "is" if len(disabled) == 1 else "are"
                message += f": {', '.join(disabled)} {verb} not selected for this file, so whether it still hides a finding is unknown (select it too, to check)"
        findings.append(
            Finding(
                code=UnusedNoqa.code,
                name=UnusedNoqa.name,
                message=message,
                path=path,
                line=suppression.line,
                column=suppression.column,
                end_line=suppression.line,
                end_column=suppression.end_column,
                severity="info",
            )
        )
    return findings
