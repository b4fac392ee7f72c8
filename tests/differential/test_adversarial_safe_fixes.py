"""Adversarial programs for safe fixes (issue 17, 6b and 7): ordinary code on which a fix
that looks safe changes behaviour. Plain ``--fix`` (safe fixes only) must leave each of them
alone; the same program without the trap (the control) gets its safe fix, and keeps values
and gradients. And a fix whose preconditions only the call sites prove is safe, and right."""

from __future__ import annotations

import pytest

from fixdiff import Program, check

JAX = "import jax\nimport jax.numpy as jnp\n\n\n"


def _pair(shape, dtype="float32", complex_data=False):
    def args(jnp, np):
        rng = np.random.default_rng(7)
        size = int(np.prod(shape))
        first, second = rng.normal(size=(size,)) * 2, rng.normal(size=(size,))
        if dtype == "bool":
            return (jnp.asarray(first > 0).reshape(shape), jnp.asarray(second > 0).reshape(shape))
        if complex_data:
            first, second = first + 1j * rng.normal(size=(size,)), second - 1j * rng.normal(size=(size,))
        return (jnp.asarray(first).astype(dtype).reshape(shape), jnp.asarray(second).astype(dtype).reshape(shape))

    return args


def _one(shape, dtype="float32"):
    def args(jnp, np):
        data = np.random.default_rng(5).normal(size=shape) * 3
        return (jnp.asarray(data > 0) if dtype == "bool" else jnp.asarray(data).astype(dtype),)

    return args


def _program(source: str, args, description: str, argnums=(0,), stated_caller: bool = False) -> Program:
    return Program(source, args, description, argnums=argnums, stated_caller=stated_caller)


# -- dtype: a fact from the dataflow, never from a word absent from the file -----------------------

DIAG = JAX + "@jax.jit\ndef f(a, b):\n    return jnp.diag(a.T @ b)\n"
ACCUMULATE = JAX + "@jax.jit\ndef f(x):\n    x = jnp.reshape(x, (20,))\n    acc = 0.0\n    for i in range(20):\n        acc = acc + x[i]\n    return acc\n"

DTYPE_TRAPS = {
    # float16 data cast in a caller, with the dtype spelled as a type code.
    "type_code_in_caller": _program(
        DIAG + "\n\ndef run(x):\n    h = jnp.asarray(x, dtype='e').reshape((8, 6))\n    return f(h, h)\n", _pair((8, 6), "float16"), "f2 caller", (0, 1)
    ),
    "bfloat16_caller": _program(
        DIAG + "\n\ndef run(x):\n    h = jnp.reshape(x, (8, 6)).astype(jnp.bfloat16)\n    return f(h, h)\n", _pair((8, 6), "bfloat16"), "bf16 caller", (0, 1)
    ),
    # The type code in the function itself.
    "type_code_here": _program(
        JAX + "@jax.jit\ndef f(a, b):\n    a = jnp.asarray(a, dtype='f2').reshape((8, 6))\n    b = jnp.asarray(b, dtype='f2').reshape((8, 6))\n    return jnp.diag(a.T @ b)\n",
        _pair((8, 6)), "f2 here", (0, 1), stated_caller=True,
    ),
    # No caller shows the dtype at all: unknown is not proven.
    "unknown": _program(DIAG, _pair((8, 6), "float16"), "no caller", (0, 1)),
    # int32 data into a 0.0 accumulator: the loop promotes to float32, jnp.sum keeps int32.
    "int32_into_float": _program(ACCUMULATE, _one((20,), "int32"), "int32 acc", stated_caller=True),
    "int32_unknown": _program(ACCUMULATE, _one((20,), "int32"), "int32 acc, no caller"),
}


@pytest.mark.parametrize("name", list(DTYPE_TRAPS))
def test_dtype_not_shown_gets_no_safe_fix(name):
    outcome = check(DTYPE_TRAPS[name], "GA302" if "int32" in name else "GA202")
    assert outcome.kind == "unsafe", outcome


def test_dtype_controls_get_safe_fixes_that_keep_meaning():
    diag = check(_program(DIAG, _pair((8, 6)), "float32 caller", (0, 1), stated_caller=True), "GA202")
    assert diag.kind == "safe-applied" and diag.ok, diag
    accumulate = check(_program(ACCUMULATE, _one((20,)), "float32 acc", stated_caller=True), "GA302")
    assert accumulate.kind == "safe-applied" and accumulate.ok, accumulate


# -- complex values -------------------------------------------------------------------------------

VDOT = JAX + "def f(a, b):\n    a = {a}\n    b = jnp.reshape(b, (3, 20))\n    return jnp.stack([jnp.vdot(a[:, i], b[:, i]) for i in range(a.shape[1])])\n\n\ngrad_f = jax.grad(f)\n"
COMPLEX_TRAPS = {
    "times_1j": VDOT.format(a="jnp.reshape(a, (3, 20)) * 1j"),
    "exp_1j": VDOT.format(a="jnp.exp(1j * jnp.reshape(a, (3, 20)))"),
}


@pytest.mark.parametrize("name", list(COMPLEX_TRAPS))
def test_vdot_of_complex_values_gets_no_safe_fix(name):
    outcome = check(_program(COMPLEX_TRAPS[name], _pair((60,)), name, (1,), stated_caller=True), "GA201")
    assert outcome.kind == "unsafe", outcome


def test_vdot_control_gets_a_safe_fix():
    outcome = check(_program(VDOT.format(a="jnp.reshape(a, (3, 20))"), _pair((60,)), "real vdot", (0, 1), stated_caller=True), "GA201")
    assert outcome.kind == "safe-applied" and outcome.ok, outcome


CARRY = (
    JAX + "def f(x, u):\n    x = jnp.reshape(x, (3,)).astype(jnp.float32)\n    u = jnp.reshape(u, (120,)).astype(jnp.float32)\n"
    "    for i in range(120):\n        x = {update}\n    return x\n\n\ngrad_f = jax.grad(f)\n"
)


def _carry_args(jnp, np):
    rng = np.random.default_rng(3)
    return (jnp.asarray(rng.normal(size=(3,)), dtype="float32"), jnp.asarray(rng.normal(size=(120,)), dtype="float32"))


def test_a_carry_that_becomes_complex_gets_no_safe_fix():
    outcome = check(Program(CARRY.format(update="x * 0.9 + u[i] * 1j"), _carry_args, "complex carry"), "GA103")
    assert outcome.kind == "unsafe", outcome


# -- rank is not shape ------------------------------------------------------------------------------

ANNOTATED = "from __future__ import annotations\n\n" + JAX + '@jax.jit\ndef f(a: Float[Array, "{a}"], b: Float[Array, "{b}"]):\n    return jnp.diag(a @ b.T)\n'


def _two(first, second):
    def args(jnp, np):
        rng = np.random.default_rng(11)
        return (jnp.asarray(rng.normal(size=first), dtype="float32"), jnp.asarray(rng.normal(size=second), dtype="float32"))

    return args


def test_a_non_square_product_gets_no_safe_fix():
    annotated = check(_program(ANNOTATED.format(a="n k", b="m k"), _two((4, 2), (3, 2)), "n k / m k", (0, 1), stated_caller=True), "GA202")
    assert annotated.kind == "unsafe", annotated
    reshaped = JAX + "@jax.jit\ndef f(x, y):\n    return jnp.diag(jnp.reshape(x, (12, -1)) @ jnp.reshape(y, (-1, 9)))\n"
    outcome = check(_program(reshaped, _two((24,), (18,)), "reshape -1", (0, 1), stated_caller=True), "GA202")
    assert outcome.kind == "unsafe", outcome


def test_a_square_product_by_annotation_gets_a_safe_fix():
    outcome = check(_program(ANNOTATED.format(a="n k", b="n k"), _two((4, 2), (4, 2)), "n k / n k", (0, 1), stated_caller=True), "GA202")
    assert outcome.kind == "safe-applied" and outcome.ok, outcome


# -- NumPy arrays change in place -----------------------------------------------------------------

NAMED = (
    "import numpy as np\nimport jax\nimport jax.numpy as jnp\n\n\n"
    "def f(a, b):\n    A = np.array(a, dtype=np.float32).reshape(12, 9)\n    B = np.array(b, dtype=np.float32).reshape(12, 9)\n"
    "    P = A @ B.T\n{change}    return jnp.diag(P)\n\n\ngrad_f = jax.grad(f)\n"
)


@pytest.mark.parametrize("change", ["    A[:, 0] = 5.0\n", "    A.sort(axis=0)\n", "    np.copyto(B, 0.0)\n", "    C = A\n    C[1] = 2.0\n"])
def test_a_product_read_after_an_in_place_change_gets_no_safe_fix(change):
    outcome = check(_program(NAMED.format(change=change), _pair((108,)), "mutated", ()), "GA202")
    assert outcome.kind == "unsafe", outcome


def test_in_place_control_gets_a_safe_fix():
    outcome = check(_program(NAMED.format(change="    n = np.sum(A)\n"), _pair((108,)), "read only", ()), "GA202")
    assert outcome.kind == "safe-applied" and outcome.ok, outcome


# -- names bound elsewhere in the module --------------------------------------------------------------

SUM = JAX + "{binding}@jax.jit\ndef f(x):\n    x = jnp.reshape(x, (20,))\n    return sum(jnp.exp(-xi) for xi in x)\n"
LOOP = JAX + "@jax.jit\ndef f(x):\n{declaration}    x = jnp.reshape(x, (20,))\n    acc = 0.0\n    for i in range(20):\n        acc = acc + x[i]\n    return acc\n"


@pytest.mark.parametrize(
    "binding",
    ["def install(fn):\n    global sum\n    sum = fn\n\n\n", "import builtins\n\nif (sum := builtins.sum):\n    pass\n\n\n"],
    ids=["global_in_another_function", "module_walrus"],
)
def test_sum_bound_elsewhere_gets_no_safe_fix(binding):
    outcome = check(_program(SUM.format(binding=binding), _one((20,)), "sum rebound", stated_caller=True), "GA301")
    assert outcome.kind in ("unsafe", "no-finding"), outcome


def test_a_global_loop_variable_gets_no_safe_fix():
    outcome = check(_program(LOOP.format(declaration="    global i\n"), _one((20,)), "global i", stated_caller=True), "GA302")
    assert outcome.kind == "unsafe", outcome


def test_names_controls_get_safe_fixes():
    summed = check(_program(SUM.format(binding=""), _one((20,)), "builtin sum", stated_caller=True), "GA301")
    assert summed.kind == "safe-applied" and summed.ok, summed
    looped = check(_program(LOOP.format(declaration=""), _one((20,)), "local i", stated_caller=True), "GA302")
    assert looped.kind == "safe-applied" and looped.ok, looped


# -- proven by the call sites (issue 17, item 7) ----------------------------------------------------

CALLED = JAX + "def f(a, b):\n    return jnp.sum(jnp.diag(a.T @ b))\n\n\na = jnp.ones((64, 32))\nb = jnp.ones((64, 32))\ng = jax.grad(f)(a, b)\n"


def test_call_sites_prove_a_safe_fix_that_keeps_meaning():
    def args(jnp, np):
        rng = np.random.default_rng(13)
        return (jnp.asarray(rng.normal(size=(64, 32)), dtype="float32"), jnp.asarray(rng.normal(size=(64, 32)), dtype="float32"))

    outcome = check(Program(CALLED, args, "called with matrices", argnums=(0, 1)), "GA202")
    assert outcome.kind == "safe-applied" and outcome.ok, outcome


@pytest.mark.parametrize("dtype", ["float32", "float16", "bfloat16", "int32", "int8", "bool", "complex64"])
@pytest.mark.parametrize("form", ["jnp.diag(a.T @ b)", "jnp.trace(a @ b.T)"])
def test_stated_callers_of_every_dtype(form, dtype):
    """A caller passing each dtype: a safe fix only for float32 (and then it keeps meaning)."""
    source = JAX + f"@jax.jit\ndef f(a, b):\n    return {form}\n"
    outcome = check(_program(source, _pair((4, 4), dtype, complex_data=dtype.startswith("complex")), f"{form}/{dtype}", (0, 1), stated_caller=True), "GA202")
    assert outcome.ok, outcome.detail
    assert outcome.kind == ("safe-applied" if dtype == "float32" else "unsafe"), outcome


@pytest.mark.parametrize("dtype", ["float32", "float16", "bfloat16", "int32", "int8", "bool"])
@pytest.mark.parametrize("code", ["GA301", "GA302"])
def test_stated_callers_of_every_dtype_for_sums(code, dtype):
    """Sums of an array a caller passes in each dtype: a safe fix only for float32."""
    source, length = (SUM.format(binding=""), 20) if code == "GA301" else (ACCUMULATE, 20)
    outcome = check(_program(source, _one((length,), dtype), f"{code}/{dtype}", stated_caller=True), code)
    assert outcome.ok, outcome.detail
    assert outcome.kind == ("safe-applied" if dtype == "float32" else "unsafe"), outcome
