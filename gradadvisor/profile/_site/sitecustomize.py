"""Arms ``gradadvisor profile``'s hooks in a subprocess of a profiled program.

Python imports ``sitecustomize`` at start-up from ``sys.path``; ``profile``
puts this folder first on ``PYTHONPATH`` with ``GRADADVISOR_PROFILE_CHILDREN``
naming its record folder. This module takes its folder off ``sys.path`` again,
arms the hooks (``bootstrap.arm``: nothing is imported until the process
imports jax), then runs the ``sitecustomize`` this one shadows, if there is one,
so that an environment's own start-up code still runs. Any failure here is
silent: the process runs on unprofiled.
"""


def _start() -> None:
    import importlib.machinery
    import importlib.util
    import os
    import sys

    here = os.path.dirname(os.path.abspath(__file__))
    sys.path[:] = [p for p in sys.path if os.path.abspath(p or os.curdir) != here]
    record_dir = os.environ.get("GRADADVISOR_PROFILE_CHILDREN", "")
    if record_dir and os.path.isdir(record_dir):
        root = os.path.dirname(os.path.dirname(os.path.dirname(here)))
        sys.path.insert(0, root)
        try:
            from gradadvisor.profile import bootstrap

            bootstrap.arm(record_dir)
        except Exception:  # noqa: BLE001, S110 - never break the program's start-up
            pass
        finally:
            if root in sys.path:
                sys.path.remove(root)
    spec = importlib.machinery.PathFinder.find_spec("sitecustomize", sys.path)
    if spec is not None and spec.loader is not None and spec.origin != os.path.abspath(__file__):
        module = importlib.util.module_from_spec(spec)
        sys.modules["sitecustomize"] = module
        spec.loader.exec_module(module)


_start()
