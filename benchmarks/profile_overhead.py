"""What ``gradadvisor profile`` costs: wall time of a program with and without it.

    python benchmarks/profile_overhead.py            # best of 3 runs each
    python benchmarks/profile_overhead.py --repeat 5 --steps 2000

The program (written to a temporary folder) compiles a handful of functions (a
small MLP's loss, its jitted gradient, an update step, an evaluation) and then
runs the training loop for ``--steps`` steps, calling them again without
retracing. Both runs start a fresh interpreter and import jax, so the figure
is the whole cost a user sees: hooks installed at ``import jax``, each of the
handful of programs summarised at lowering, the report (with ``--no-scan``, and
with the scan of the one file, the default) written at the end. A call that
does not retrace runs no profile code at all (the hooks fire on lowering only).
CPU seconds (user + sys of the whole process tree) are the steadier figure on a
shared machine, where wall time drifts with the load.
"""

from __future__ import annotations

import argparse
import os
import resource
import subprocess
import sys
import tempfile
import textwrap
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent

PROGRAM = textwrap.dedent('''
    import sys
    import jax
    import jax.numpy as jnp

    def init(key, sizes=(32, 64, 64, 1)):
        keys = jax.random.split(key, len(sizes) - 1)
        return [(jax.random.normal(k, (m, n)) / m**0.5, jnp.zeros(n)) for k, m, n in zip(keys, sizes[:-1], sizes[1:])]

    def forward(params, x):
        for w, b in params[:-1]:
            x = jnp.tanh(x @ w + b)
        w, b = params[-1]
        return (x @ w + b)[:, 0]

    @jax.jit
    def loss(params, x, y):
        return jnp.mean((forward(params, x) - y) ** 2)

    @jax.jit
    def update(params, x, y):
        grads = jax.grad(loss)(params, x, y)
        return jax.tree_util.tree_map(lambda p, g: p - 0.05 * g, params, grads)

    @jax.jit
    def accuracy(params, x, y):
        return jnp.mean(jnp.abs(forward(params, x) - y) < 0.5)

    key = jax.random.PRNGKey(0)
    x = jax.random.normal(key, (256, 32))
    y = jnp.sin(x[:, 0])
    params = init(key)
    for step in range(int(sys.argv[1])):
        params = update(params, x, y)
    print(float(loss(params, x, y)), float(accuracy(params, x, y)))
''')


def timed(command: list[str], cwd: str) -> tuple[float, float, str]:
    """Wall seconds, CPU seconds (user + sys of the command and its children) and stdout."""
    before = resource.getrusage(resource.RUSAGE_CHILDREN)
    start = time.perf_counter()
    done = subprocess.run(command, cwd=cwd, capture_output=True, text=True, check=True,
                          env=dict(os.environ, PYTHONPATH=str(ROOT)))
    wall = time.perf_counter() - start
    after = resource.getrusage(resource.RUSAGE_CHILDREN)
    cpu = (after.ru_utime - before.ru_utime) + (after.ru_stime - before.ru_stime)
    return wall, cpu, done.stdout


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--repeat", type=int, default=3)
    parser.add_argument("--steps", type=int, default=3000)
    args = parser.parse_args()
    with tempfile.TemporaryDirectory() as folder:
        Path(folder, "train.py").write_text(PROGRAM)
        plain_cmd = [sys.executable, "train.py", str(args.steps)]
        variants = {
            "plain": plain_cmd,
            "profile --no-scan": [sys.executable, "-m", "gradadvisor", "profile", "--no-scan", "-o", "r.txt", "--",
                                  "python", "train.py", str(args.steps)],
            "profile": [sys.executable, "-m", "gradadvisor", "profile", "-o", "r.txt", "--", "python", "train.py",
                        str(args.steps)],
        }
        best: dict[str, float] = {}
        best_cpu: dict[str, float] = {}
        outputs = {}
        for _ in range(args.repeat):
            for name, command in variants.items():  # interleaved, so that load drifts hit all alike
                seconds, cpu, out = timed(command, folder)
                best[name] = min(best.get(name, seconds), seconds)
                best_cpu[name] = min(best_cpu.get(name, cpu), cpu)
                outputs[name] = out
    same = len(set(outputs.values())) == 1
    print(f"steps {args.steps}, best of {args.repeat}; outputs identical: {'yes' if same else 'NO'}")
    print(f"  {'':<18} {'wall':>9}  {'':>7}  {'CPU':>9}")
    for name, seconds in best.items():
        wall = "" if name == "plain" else f"{100 * (seconds / best['plain'] - 1):+.1f}%"
        cpu = "" if name == "plain" else f"{100 * (best_cpu[name] / best_cpu['plain'] - 1):+.1f}%"
        print(f"  {name:<18} {seconds:7.2f} s  {wall:>7}  {best_cpu[name]:7.2f} s  {cpu:>7}")
    return 0 if same else 1


if __name__ == "__main__":
    sys.exit(main())
