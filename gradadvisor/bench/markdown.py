"""``--format markdown``: the results as tables to paste in a pull request."""

from __future__ import annotations

from gradadvisor.bench import report, saved_run
from gradadvisor.bench.report import factor, factor_range, match_cell, seconds, speed_cell, speed_parts


def _cell(text: object) -> str:
    return str(text).replace("|", "\\|").replace("\n", " ")


def _row(cells: list[object]) -> str:
    return "| " + " | ".join(_cell(c) for c in cells) + " |"


def run_verdict(result: dict, run: dict) -> str:
    """What one size shows: an error, a difference, or the speedups it claims."""
    if run.get("error"):
        return f"error: {run['error']['headline']}"
    match = run.get("match")
    one_run = {"target": result["target"], "runs": [run], "allow_vacuous": result.get("allow_vacuous")}
    if match and report.exit_code(one_run) != report.EXIT_MATCH:  # differs, not compared, vacuous
        return report.verdict(one_run)
    return ", ".join(speed_parts(run)) or "no speedup claimed"


def results_table(results: list[dict]) -> list[str]:
    """One row per target and size."""
    lines = [_row(["pattern", "size", "match", "forward", "gradient", "compile", "verdict"]),
             "|---|---:|---|---:|---:|---:|---|"]
    for result in results:
        for run in result.get("runs", []):
            lines.append(_row([result["target"], run.get("size"), match_cell(result, run),
                               speed_cell(run, "forward"), speed_cell(run, "grad"),
                               speed_cell(run, "compile"), run_verdict(result, run)]))
    return lines


def comparison_table(comparison: dict) -> list[str]:
    """Old vs new times of ``--compare``."""
    lines = [_row(["pattern", "size", "function", "measure", "old", "new", "new/old", "flag"]),
             "|---|---:|---|---|---:|---:|---:|---|"]
    for row in comparison["rows"]:
        ratio = factor(row["ratio"]) + factor_range(row.get("range"))
        lines.append(_row([row["target"], row["size"], row["function"], row["measure"],
                           seconds(row["old_s"]), seconds(row["new_s"]), ratio,
                           saved_run.flag_text(row)]))
    return lines


def render(results: list[dict], comparison: dict | None = None) -> str:
    """The whole markdown output."""
    first = next((r for r in results if r.get("device")), results[0] if results else {})
    lines = results_table(results)
    lines += ["", f"Speedups are baseline/candidate: the median of interleaved pairwise ratios, "
                  f"with the lowest and highest in parentheses; compile is the gradient's. "
                  f"Measured on {first.get('device')} with jax {first.get('jax_version')}."]
    if comparison is not None:
        lines += ["", f"Compared with `{comparison['old_file']}` (new/old: above 1 is slower; "
                      "the range pairs each run's fastest and slowest samples):", ""]
        lines += comparison_table(comparison)
        if comparison["notes"]:
            lines += ["", *(f"- {note}" for note in comparison["notes"])]
    return "\n".join(lines)
