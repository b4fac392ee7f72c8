#!/usr/bin/env python
"""What a captured constant costs: ``jit(grad)`` of a function that closes over an array vs receives it.

For each table shape (elementwise read, matmul read), dtype and element count,
two versions of the same loss are compiled with
``jax.jit(jax.grad(f)).trace(w).lower().compile()``:

- *captured*: ``f(w)`` closes over ``table`` (a ``jax.Array``), so jit embeds it
  in the program as a constant;
- *argument*: ``f(w, table)`` receives it (the gradient is still taken with
  respect to ``w`` only).

Per version it records the trace, lower and compile times, the length of the
lowered StableHLO text (``lowered.as_text()``, where a dense constant is printed
as hex: two characters per byte), the constants left in the optimized
program (from ``compiled.as_text()``: XLA may constant-fold ``convert(table)``
into a float32 copy), ``compiled.memory_analysis()`` (generated code, temp and
peak bytes), the first call and the steady-state call time, and the child
process's peak RSS.

Every measurement runs in a fresh process (no in-process jit cache; the
persistent compilation cache is switched off in the child and its state
recorded) and is repeated ``--repeat`` times, interleaved over the whole grid;
each figure is the best (lowest) of its repeats.

    python benchmarks/capture_cost.py                      # 1e3 .. 1e7 elements
    python benchmarks/capture_cost.py --with-1e8           # also 1e8 (400 MB float32)
    python benchmarks/capture_cost.py --sizes 1000,1000000 --dtypes float32 --repeat 1
    python benchmarks/capture_cost.py --json capture.json  # also write the raw results
    python benchmarks/capture_cost.py --from a.json b.json # re-print saved runs (merged)
"""

from __future__ import annotations

import argparse
import json
import os
import platform
import re
import resource
import subprocess
import sys
import time
from pathlib import Path

WIDTH = 8  # the table is (size // WIDTH, WIDTH); w has WIDTH entries
DEFAULT_SIZES = (1_000, 10_000, 65_536, 100_000, 300_000, 1_000_000, 3_000_000, 10_000_000)
SHAPES = ("elementwise", "matmul")
DTYPES = ("float32", "int8", "bool")
MODES = ("captured", "argument")
ITEM_BYTES = {"float32": 4, "int8": 1, "bool": 1}
#: bytes per element of the HLO types that can appear as constants
HLO_ITEM_BYTES = {"pred": 1, "s8": 1, "u8": 1, "s16": 2, "u16": 2, "f16": 2, "bf16": 2, "s32": 4, "u32": 4,
                  "f32": 4, "s64": 8, "u64": 8, "f64": 8}
HLO_CONSTANT = re.compile(r"=\s*(\w+)\[([\d,]*)\]\S*\s+constant\(")
#: what "noticeable" means for the threshold summary
EXTRA_SECONDS = 0.1
RATIO = 2.0
CHILD_TIMEOUT_S = 900


# --------------------------------------------------------------------------
# Child: one (shape, dtype, size, mode) measurement in a fresh process
# --------------------------------------------------------------------------


def loss(shape: str, table, w):
    """The two small losses: the table is read elementwise or by a matrix-vector product."""
    import jax.numpy as jnp

    values = table.astype(w.dtype)
    if shape == "elementwise":
        return jnp.sum(jnp.tanh(values * w))
    return jnp.sum(jnp.tanh(values @ w))


def make_table(size: int, dtype: str):
    """Random (size // WIDTH, WIDTH) data: random so XLA cannot store it as one splatted value."""
    import numpy as np

    normal = np.random.default_rng(0).standard_normal((size // WIDTH, WIDTH), dtype=np.float32)
    if dtype == "bool":
        return normal > 0
    if dtype == "int8":
        return np.clip(np.round(normal * 40), -127, 127).astype(np.int8)
    return normal


def hlo_constant_bytes(hlo_text: str) -> int:
    """Bytes of the non-scalar constants in an optimized HLO module's text."""
    total = 0
    for hlo_type, dims in HLO_CONSTANT.findall(hlo_text):
        if not dims:
            continue
        elements = 1
        for dim in dims.split(","):
            elements *= int(dim)
        total += elements * HLO_ITEM_BYTES.get(hlo_type, 4)
    return total


def steady_call_s(call, min_sample_s: float = 0.02, samples: int = 5) -> float:
    """Best per-call time over ``samples`` samples of at least ``min_sample_s`` each."""
    number = 1
    while True:
        start = time.perf_counter()
        for _ in range(number):
            call()
        elapsed = time.perf_counter() - start
        if elapsed >= min_sample_s:
            break
        number *= 2
    best = elapsed / number
    for _ in range(samples - 1):
        start = time.perf_counter()
        for _ in range(number):
            call()
        best = min(best, (time.perf_counter() - start) / number)
    return best


def measure(shape: str, dtype: str, size: int, mode: str) -> dict:
    """Compile and run one version; every figure of one repeat."""
    import jax
    import jax.numpy as jnp
    import numpy as np

    jax.config.update("jax_enable_compilation_cache", False)
    table = jax.device_put(make_table(size, dtype))
    w = jnp.asarray(np.random.default_rng(1).standard_normal(WIDTH, dtype=np.float32))
    table.block_until_ready()
    rss_before = resource.getrusage(resource.RUSAGE_SELF).ru_maxrss
    if mode == "captured":
        gradient = jax.jit(jax.grad(lambda w: loss(shape, table, w)))
        args = (w,)
    else:
        gradient = jax.jit(jax.grad(lambda w, t: loss(shape, t, w)))
        args = (w, table)

    start = time.perf_counter()
    traced = gradient.trace(*args)
    traced_at = time.perf_counter()
    lowered = traced.lower()
    lowered_at = time.perf_counter()
    compiled = lowered.compile()
    compiled_at = time.perf_counter()
    compiled(*args).block_until_ready()
    first_call_at = time.perf_counter()

    memory = compiled.memory_analysis()
    result = {
        "shape": shape, "dtype": dtype, "size": size, "mode": mode,
        "table_bytes": int(table.nbytes),
        "trace_s": traced_at - start,
        "lower_s": lowered_at - traced_at,
        "trace_lower_s": lowered_at - start,
        "compile_s": compiled_at - lowered_at,
        "total_compile_s": compiled_at - start,
        "first_run_s": first_call_at - compiled_at,
        "program_text_chars": len(lowered.as_text()),
        "optimized_constant_bytes": hlo_constant_bytes(compiled.as_text()),
        "generated_code_bytes": getattr(memory, "generated_code_size_in_bytes", None),
        "temp_bytes": getattr(memory, "temp_size_in_bytes", None),
        "peak_memory_bytes": getattr(memory, "peak_memory_in_bytes", None),
        "call_s": steady_call_s(lambda: compiled(*args).block_until_ready()),
        "rss_growth_mb": (resource.getrusage(resource.RUSAGE_SELF).ru_maxrss - rss_before) / 1024,
        "peak_rss_mb": resource.getrusage(resource.RUSAGE_SELF).ru_maxrss / 1024,
        "compilation_cache": {"enabled": bool(jax.config.jax_enable_compilation_cache),
                              "dir": jax.config.jax_compilation_cache_dir},
        "load_average": os.getloadavg()[0],
    }
    return result


# --------------------------------------------------------------------------
# Parent: the grid, best-of-N, the table and the threshold
# --------------------------------------------------------------------------


def run_child(shape: str, dtype: str, size: int, mode: str) -> dict:
    """One measurement in a fresh interpreter; its JSON is the last line of stdout."""
    command = [sys.executable, __file__, "--child", json.dumps([shape, dtype, size, mode])]
    env = {**os.environ, "JAX_PLATFORMS": os.environ.get("JAX_PLATFORMS", "cpu")}
    env.pop("JAX_COMPILATION_CACHE_DIR", None)
    completed = subprocess.run(command, capture_output=True, text=True, timeout=CHILD_TIMEOUT_S, env=env)
    lines = completed.stdout.strip().splitlines()
    if completed.returncode != 0 or not lines:
        raise RuntimeError(f"{shape}/{dtype}/{size}/{mode} failed (exit {completed.returncode}):\n"
                           f"{completed.stderr[-3000:]}")
    return json.loads(lines[-1])


BEST_OF = ("trace_s", "lower_s", "trace_lower_s", "compile_s", "total_compile_s", "first_run_s", "call_s",
           "rss_growth_mb", "peak_rss_mb")


def best_of(repeats: list[dict]) -> dict:
    """The lowest of each timing over the repeats; sizes and counts from the first."""
    best = dict(repeats[0])
    for key in BEST_OF:
        best[key] = min(r[key] for r in repeats)
    best["repeats"] = len(repeats)
    best["load_averages"] = [r["load_average"] for r in repeats]
    return best


def run_grid(shapes, dtypes, sizes, repeat: int) -> list[dict]:
    """Every (shape, dtype, size, mode), ``repeat`` times, interleaved; best of each."""
    grid = [(s, d, n) for s in shapes for d in dtypes for n in sizes]
    raw: dict[tuple, list[dict]] = {}
    total = len(grid) * len(MODES) * repeat
    done = 0
    for r in range(repeat):
        for shape, dtype, size in grid:
            modes = MODES if r % 2 == 0 else MODES[::-1]  # alternate which version runs first
            for mode in modes:
                done += 1
                print(f"[{done}/{total}] {shape} {dtype} {size:,} {mode} (repeat {r + 1})", file=sys.stderr)
                raw.setdefault((shape, dtype, size, mode), []).append(run_child(shape, dtype, size, mode))
    return [best_of(runs) for runs in raw.values()]


def pairs(results: list[dict]):
    """(captured, argument) per (shape, dtype, size), in grid order."""
    by_key = {(r["shape"], r["dtype"], r["size"], r["mode"]): r for r in results}
    keys = sorted({(r["shape"], r["dtype"], r["size"]) for r in results},
                  key=lambda k: (SHAPES.index(k[0]), DTYPES.index(k[1]), k[2]))
    for key in keys:
        captured, argument = by_key.get((*key, "captured")), by_key.get((*key, "argument"))
        if captured and argument:
            yield captured, argument


def human_bytes(n: float | None) -> str:
    if n is None:
        return "n/a"
    for unit, scale in (("GB", 1e9), ("MB", 1e6), ("kB", 1e3)):
        if n >= scale:
            return f"{n / scale:.3g} {unit}"
    return f"{int(n)} B"


def ms(seconds: float) -> str:
    return f"{seconds * 1e3:.0f}" if seconds >= 0.01 else f"{seconds * 1e3:.1f}"


def us(seconds: float) -> str:
    return f"{seconds * 1e6:.3g}"


TABLE_HEADER = ["shape", "dtype", "elements", "table bytes",
                "trace+lower ms (cap / arg)", "compile ms (cap / arg)", "extra s", "ratio",
                "program text (cap / arg)", "constants after XLA (cap)", "temp (cap / arg)",
                "call us (cap / arg)", "rss growth MB (cap / arg)"]


def markdown(results: list[dict]) -> str:
    """One row per (shape, dtype, size): captured vs argument."""
    lines = ["| " + " | ".join(TABLE_HEADER) + " |", "|" + "---|" * len(TABLE_HEADER)]
    for cap, arg in pairs(results):
        extra = cap["total_compile_s"] - arg["total_compile_s"]
        ratio = cap["total_compile_s"] / arg["total_compile_s"]
        lines.append("| " + " | ".join([
            cap["shape"], cap["dtype"], f"{cap['size']:,}", human_bytes(cap["table_bytes"]),
            f"{ms(cap['trace_lower_s'])} / {ms(arg['trace_lower_s'])}",
            f"{ms(cap['compile_s'])} / {ms(arg['compile_s'])}",
            f"{extra:+.3f}", f"{ratio:.2f}x",
            f"{human_bytes(cap['program_text_chars'])} / {human_bytes(arg['program_text_chars'])}",
            human_bytes(cap["optimized_constant_bytes"]),
            f"{human_bytes(cap['temp_bytes'])} / {human_bytes(arg['temp_bytes'])}",
            f"{us(cap['call_s'])} / {us(arg['call_s'])}",
            f"{cap['rss_growth_mb']:.0f} / {arg['rss_growth_mb']:.0f}",
        ]) + " |")
    return "\n".join(lines)


def summary(results: list[dict]) -> str:
    """Extra trace+lower+compile seconds of the captured version (and the ratio), by size and shape/dtype."""
    cells: dict[int, dict[tuple, str]] = {}
    columns: list[tuple] = []
    for cap, arg in pairs(results):
        column = (cap["shape"], cap["dtype"])
        if column not in columns:
            columns.append(column)
        ratio = cap["total_compile_s"] / arg["total_compile_s"]
        extra = cap["total_compile_s"] - arg["total_compile_s"]
        cells.setdefault(cap["size"], {})[column] = f"{extra:+.2f} ({ratio:.1f}x)"
    header = ["elements"] + [f"{shape} {dtype}" for shape, dtype in columns]
    lines = ["| " + " | ".join(header) + " |", "|" + "---|" * len(header)]
    for size in sorted(cells):
        lines.append("| " + " | ".join([f"{size:,}"] + [cells[size].get(c, "") for c in columns]) + " |")
    return "\n".join(lines)


def thresholds(results: list[dict]) -> list[str]:
    """Per (shape, dtype): the smallest table whose capture adds >= 0.1 s, and >= 2x, to trace+lower+compile."""
    first: dict[tuple, dict] = {}
    for cap, arg in pairs(results):
        key = (cap["shape"], cap["dtype"])
        entry = first.setdefault(key, {"extra": None, "ratio": None})
        extra = cap["total_compile_s"] - arg["total_compile_s"]
        ratio = cap["total_compile_s"] / arg["total_compile_s"]
        if entry["extra"] is None and extra >= EXTRA_SECONDS:
            entry["extra"] = cap
        if entry["ratio"] is None and ratio >= RATIO:
            entry["ratio"] = cap
    lines = []
    for (shape, dtype), entry in first.items():
        def where(cap):
            return f"{cap['size']:,} elements ({human_bytes(cap['table_bytes'])})" if cap else "not reached"
        lines.append(f"{shape} {dtype}: +{EXTRA_SECONDS} s at {where(entry['extra'])}; "
                     f"{RATIO:g}x at {where(entry['ratio'])}")
    return lines


def environment() -> dict:
    import jax

    return {"jax_version": jax.__version__, "python": platform.python_version(), "machine": platform.machine(),
            "cpu_count": os.cpu_count(), "platform": platform.platform()}


def merge(documents: list[dict]) -> dict:
    """Several saved runs as one (e.g. the default sizes and a --with-1e8 run)."""
    merged = dict(documents[0])
    merged["results"] = [r for d in documents for r in d["results"]]
    merged["repeat"] = min(d["repeat"] for d in documents)
    load_averages = [x for r in merged["results"] for x in r.get("load_averages", [r["load_average"]])]
    merged["load_average_range"] = [min(load_averages), max(load_averages)]
    return merged


def report(document: dict) -> str:
    env = document["environment"]
    loads = [x for r in document["results"] for x in r.get("load_averages", [r["load_average"]])]
    head = (f"jax {env['jax_version']}, {env['cpu_count']} cores, {env['platform']}; "
            f"best of {document['repeat']} fresh processes; 1-minute load average "
            f"{min(loads):.1f}-{max(loads):.1f} during the measurements")
    notes = ("extra s / ratio: captured vs argument trace+lower+compile; program text: lowered.as_text() "
             "length; constants after XLA: non-scalar constants in compiled.as_text(); temp: "
             "memory_analysis().temp_size_in_bytes; call: steady-state jitted gradient call")
    title = "Extra seconds to trace, lower and compile when captured (ratio to the argument version):"
    results = document["results"]
    return "\n".join([head, "", title, "", summary(results), "", markdown(results), "", notes, "",
                      *thresholds(results)])


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--sizes", help="comma-separated element counts (default 1e3 .. 1e7)")
    parser.add_argument("--with-1e8", action="store_true", help="also 100,000,000 elements (400 MB float32)")
    parser.add_argument("--dtypes", default=",".join(DTYPES), help="comma-separated: float32,int8,bool")
    parser.add_argument("--shapes", default=",".join(SHAPES), help="comma-separated: elementwise,matmul")
    parser.add_argument("--repeat", type=int, default=3, help="fresh processes per figure (best of)")
    parser.add_argument("--json", dest="json_path", help="write the results as JSON to this file")
    parser.add_argument("--from", dest="sources", nargs="+", help="re-print files written by --json, merged")
    parser.add_argument("--child", help=argparse.SUPPRESS)
    args = parser.parse_args()

    if args.child:
        print(json.dumps(measure(*json.loads(args.child))))
        return
    if args.sources:
        print(report(merge([json.loads(Path(source).read_text()) for source in args.sources])))
        return

    sizes = [int(float(s)) for s in args.sizes.split(",")] if args.sizes else list(DEFAULT_SIZES)
    if args.with_1e8:
        sizes.append(100_000_000)
    dtypes = [d for d in args.dtypes.split(",") if d]
    shapes = [s for s in args.shapes.split(",") if s]
    for name, given, known in (("dtype", dtypes, DTYPES), ("shape", shapes, SHAPES)):
        unknown = set(given) - set(known)
        if unknown:
            parser.error(f"unknown {name}: {', '.join(sorted(unknown))} (known: {', '.join(known)})")
    if any(s % WIDTH for s in sizes):
        parser.error(f"sizes must be multiples of {WIDTH}")

    load_start = os.getloadavg()[0]
    if load_start > (os.cpu_count() or 1):
        print(f"warning: load average {load_start:.1f} exceeds {os.cpu_count()} cores: timings are inflated",
              file=sys.stderr)
    started = time.perf_counter()
    results = run_grid(shapes, dtypes, sizes, args.repeat)
    document = {"environment": environment(), "repeat": args.repeat, "width": WIDTH,
                "load_average_at_start": load_start, "load_average_at_end": os.getloadavg()[0],
                "wall_s": time.perf_counter() - started, "results": results}
    if args.json_path:
        Path(args.json_path).write_text(json.dumps(document, indent=1))
    print(report(document))


if __name__ == "__main__":
    main()
