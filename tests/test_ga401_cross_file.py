"""GA401 across modules: arrays imported from another file, jit applied in another file, and
factory arguments passed from another file."""

from __future__ import annotations

from pathlib import Path

from conftest import scan_files


def _scan(tmp_path: Path, files: dict[str, str], min_confidence: str = "medium"):
    return scan_files(tmp_path, files, ("GA401",), min_confidence)


def test_imported_array_read_by_jitted_code(tmp_path):
    findings = _scan(
        tmp_path,
        {
            "data.py": """\
            import numpy as np
            import jax.numpy as jnp

            A = np.ones((1000000, 100))
            A = jnp.asarray(A)
            """,
            "fit.py": """\
            from jax import grad, jit
            import jax.numpy as jnp

            from data import A

            @jit
            def fn(x):
                return jnp.sum(jnp.dot(A, x))

            gr = jit(grad(fn))
            """,
        },
    )
    (finding,) = findings
    assert finding.path == "fit.py" and finding.line == 8 and finding.confidence == "high"
    assert "400 MB" in finding.message and "imported from `data`" in finding.message


def test_jit_in_another_module_makes_the_capture_count(tmp_path):
    files = {
        "pkg/model.py": """\
        import numpy as np
        import jax.numpy as jnp

        TABLE = jnp.asarray(np.load("table.npy"))

        def loss(w, idx):
            return jnp.sum((TABLE[idx] @ w) ** 2)
        """,
        "pkg/train.py": """\
        import jax
        from pkg.model import loss

        step = jax.jit(jax.grad(loss))
        """,
    }
    (finding,) = _scan(tmp_path, files)
    assert finding.path == "pkg/model.py" and finding.confidence == "medium"
    assert "jax.jit" in (finding.context or "") and "pkg/train.py" in (finding.context or "")


def test_eager_grad_in_another_module_embeds_nothing(tmp_path):
    files = {
        "pkg/model.py": """\
        import numpy as np
        import jax.numpy as jnp

        TABLE = jnp.asarray(np.load("table.npy"))

        def loss(w, idx):
            return jnp.sum((TABLE[idx] @ w) ** 2)
        """,
        "pkg/train.py": """\
        import jax
        from pkg.model import loss

        grads = jax.grad(loss)
        """,
    }
    assert _scan(tmp_path, files, min_confidence="low") == []


def test_factory_argument_passed_from_another_module(tmp_path):
    files = {
        "pkg/fit.py": """\
        import jax
        import jax.numpy as jnp

        def make_loss(data):
            X = jnp.asarray(data)

            @jax.jit
            def loss(w):
                return jnp.mean((X @ w) ** 2)

            return loss
        """,
        "main.py": """\
        import numpy as np
        from pkg.fit import make_loss

        loss = make_loss(np.load("x.npy"))
        small = make_loss(np.zeros(3))
        """,
    }
    (finding,) = _scan(tmp_path, files)
    assert finding.path == "pkg/fit.py" and finding.confidence == "medium"
    assert "data passed by callers" in finding.message
    assert any("main.py:4" in item for item in finding.evidence)


def test_factory_whose_callers_pass_only_small_arrays_is_quiet(tmp_path):
    files = {
        "pkg/fit.py": """\
        import jax
        import jax.numpy as jnp

        def make_loss(data):
            X = jnp.asarray(data)
            return jax.jit(lambda w: X @ w)
        """,
        "main.py": """\
        import jax.numpy as jnp
        from pkg.fit import make_loss

        loss = make_loss(jnp.zeros((3, 3)))
        """,
    }
    assert _scan(tmp_path, files, min_confidence="low") == []


def test_values_passed_from_traced_code_are_tracers(tmp_path):
    files = {
        "pkg/dist.py": """\
        import functools
        import jax
        import jax.numpy as jnp

        class Posterior:
            def __init__(self, scale):
                self.scale = jnp.asarray(scale)

            @functools.partial(jax.jit, static_argnums=0)
            def mean(self):
                return self.scale.sum()
        """,
        "pkg/fit.py": """\
        import jax
        import numpy as np
        from pkg.dist import Posterior

        @jax.jit
        def update(stats):
            return Posterior(np.load("prior.npy") + stats).mean()
        """,
    }
    assert _scan(tmp_path, files, min_confidence="low") == []
