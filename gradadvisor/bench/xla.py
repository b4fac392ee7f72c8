"""Read XLA's own cost and memory estimates from a compiled executable.

``Compiled.cost_analysis()`` returns a dict in jax 0.10 and a list with one
dict per partition in older releases; either may be missing on a backend,
in which case the numbers are reported as ``None`` ("n/a").
"""

from __future__ import annotations

from typing import Any

MEMORY_FIELDS = {
    "temp_bytes": "temp_size_in_bytes",
    "argument_bytes": "argument_size_in_bytes",
    "output_bytes": "output_size_in_bytes",
    "alias_bytes": "alias_size_in_bytes",
    "generated_code_bytes": "generated_code_size_in_bytes",
}


def _as_dict(analysis: Any) -> dict[str, Any] | None:
    if analysis is None:
        return None
    if isinstance(analysis, dict):
        return analysis
    if isinstance(analysis, (list, tuple)):
        merged: dict[str, float] = {}
        for part in analysis:
            if isinstance(part, dict):
                for key, value in part.items():
                    if isinstance(value, (int, float)):
                        merged[key] = merged.get(key, 0.0) + value
        return merged or None
    return None


def cost(compiled: Any) -> dict[str, float | None]:
    """Flops, transcendentals and bytes accessed, or None where not provided."""
    try:
        analysis = _as_dict(compiled.cost_analysis())
    except Exception:  # backends without a cost model raise
        analysis = None
    analysis = analysis or {}

    def pick(key: str) -> float | None:
        value = analysis.get(key)
        return float(value) if isinstance(value, (int, float)) else None

    return {
        "flops": pick("flops"),
        "transcendentals": pick("transcendentals"),
        "bytes_accessed": pick("bytes accessed"),
    }


def memory(compiled: Any) -> dict[str, int | None]:
    """Temp, argument and output bytes of the executable, or None."""
    try:
        stats = compiled.memory_analysis()
    except Exception:
        stats = None
    out: dict[str, int | None] = {}
    for name, attr in MEMORY_FIELDS.items():
        value = getattr(stats, attr, None) if stats is not None else None
        if value is None and isinstance(stats, dict):
            value = stats.get(attr)
        out[name] = int(value) if isinstance(value, (int, float)) else None
    return out
