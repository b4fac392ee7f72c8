"""Run a bench file (``inputs``, ``baseline``, ``candidate``) as a program, for ``profile``.

    python benchmarks/agreement/drive_bench.py patterns/per_sample_map.py

At ``inputs()``'s default size, each of ``baseline`` and ``candidate`` (those the
file defines) is differentiated with ``jax.jit(jax.grad(...))`` over the file's
``argnums`` (Python numbers among the inputs are static; an array output is summed, through ``gradadvisor.bench``'s own
wrapper so that its frame is not charged as the user's) and run once; the
script prints a checksum of each gradient, or the error it raised.
"""

from __future__ import annotations

import importlib.util
import sys
from pathlib import Path

import jax
import jax.numpy as jnp

from gradadvisor.bench.loader import file_settings
from gradadvisor.bench.worker import _summed


def main(path: str) -> int:
    spec = importlib.util.spec_from_file_location(Path(path).stem, path)
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    argnums, _ = file_settings(module, path)
    argnums = argnums or (0,)
    args = module.inputs()
    for name in ("baseline", "candidate"):
        fn = getattr(module, name, None)
        if fn is None:
            continue
        try:
            static = tuple(i for i, a in enumerate(args) if isinstance(a, (bool, int, float, str)))
            shape = jax.eval_shape(lambda *a: fn(*a), *args) if not static else None
            scalar = fn if shape is not None and jnp.ndim(shape) == 0 else _summed(fn)
            grads = jax.jit(jax.grad(scalar, argnums=argnums), static_argnums=static)(*args)
            total = sum(float(jnp.sum(leaf)) for leaf in jax.tree_util.tree_leaves(grads))
            print(f"{name}: gradient sum {total:.6g}")
        except Exception as exc:  # noqa: BLE001 - some bench cases raise on purpose
            print(f"{name}: {type(exc).__name__}")
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1]))
