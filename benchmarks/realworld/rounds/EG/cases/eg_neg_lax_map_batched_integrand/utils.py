# Source: https://github.com/f0uriest/quadax/blob/3496207ce930ba45db7d5d8461681db98ac45ddb/quadax/utils.py
# Title: quadax/utils.py (_WrappedFunction: vectorize, jit and mask the integrand)
# Cut: kept wrap_func and _WrappedFunction up to the non-safe branch of __call__; _bad_abscissae and the
# reverse-mode-safe masking branch dropped.
from typing import Any, Callable

import equinox as eqx
import jax
import jax.numpy as jnp


def wrap_func(
    fun: Callable[..., jax.Array],
    args: tuple[Any, ...],
    xtype,
    batch_size: int | None = None,
    safe: bool = False,
):
    """Vectorize, jit, and mask out inf/nan.

    ``xtype`` is the dtype the integrand will be called at, and the integrand is probed
    at that dtype rather than at a weakly typed default. See the note on ``MAPFUNS``.

    ``batch_size`` bounds how many points the returned function evaluates at once. The
    default evaluates however many it is given.

    ``safe`` asks for a mask that can be differentiated in reverse, at the cost of a
    second evaluation of the integrand; see :class:`_WrappedFunction`. Only the
    evaluations that are actually differentiated need it, so it is off by default and
    the adjoints turn it on for the ones that are.
    """
    # Wrapping an already wrapped integrand again is not merely redundant, it defeats
    # the masking: the outer ``vectorize`` hands the inner wrapper one abscissa at a
    # time, leaving it unable to tell an abscissa the integrand blew up at from the rest
    # of the rule's, which is exactly what the AD-safe substitution needs. The local
    # rules re-wrap whatever integrand they are handed, so this is the common path and
    # not a corner case. The outer call's options win, since they are the ones the
    # caller asked for; ``safe`` is the exception, being a property of the integrand's
    # differentiability rather than a request about how to evaluate it.
    if isinstance(fun, _WrappedFunction) and not args:
        return _WrappedFunction(
            fun.fun, fun.args, fun.outsig, batch_size, safe or fun.safe
        )

    f = jax.eval_shape(fun, jnp.zeros((), xtype), *args)
    # need to make sure we get the correct shape for array valued integrands
    outsig = "(" + ",".join("n" + str(i) for i in range(len(f.shape))) + ")"

    return _WrappedFunction(fun, args, outsig, batch_size, safe)


class _WrappedFunction(eqx.Module):
    """Wraps a function in jit/vectorize and masks out inf/nans.

    Evaluates at most ``batch_size`` points at once, scanning over the batches. The
    number of points is fixed at trace time here, so the batches are cut to fit rather
    than the points being padded up to a whole number of batches: the leftovers are
    evaluated together in one smaller batch. That costs one extra tracing of the
    integrand and never an extra evaluation of it, which is the right way round when an
    evaluation is the expensive part, which is the case ``batch_size`` exists for.

    Callers whose point count is only known at run time cannot do this, and pad instead;
    see ``_level_sum`` in the Romberg solver.

    With ``safe`` set the mask is also correct in reverse mode, which costs a second
    evaluation of the integrand. See ``__call__``.
    """

    fun: Callable[..., jax.Array]
    args: tuple[Any, ...]
    outsig: str
    batch_size: int | None = None
    safe: bool = eqx.field(static=True, default=False)

    def _vectorize(self, x: jax.Array) -> jax.Array:
        return jnp.vectorize(
            self.fun,
            excluded=tuple(range(1, len(self.args) + 1)),
            signature="()->" + self.outsig,
        )(x, *self.args)

    def _evaluate(self, x: jax.Array) -> jax.Array:
        """The integrand at every point of ``x``, in batches, without any masking."""
        b = self.batch_size
        # A scalar abscissa has nothing to batch: Romberg calls the integrand one point
        # at a time, and every caller probes it with a scalar under eval_shape.
        if b is None or x.ndim == 0 or x.shape[0] <= b:
            return self._vectorize(x)
        n = x.shape[0]
        nfull = n // b
        full = jax.lax.map(self._vectorize, x[: nfull * b].reshape(nfull, b))
        parts = [full.reshape(-1, *full.shape[2:])]
        if n % b:
            parts.append(self._vectorize(x[nfull * b :]))
        return jnp.concatenate(parts)

    @eqx.filter_jit
    def __call__(self, x: jax.Array) -> jax.Array:
        if not self.safe:
            f: jax.Array = self._evaluate(x)
            return jnp.where(jnp.isfinite(f), f, 0.0)
        ...
