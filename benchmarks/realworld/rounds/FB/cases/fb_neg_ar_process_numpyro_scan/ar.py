# Source: https://github.com/CDCgov/PyRenew/blob/a1d5d870c8db26a81259f385c7d779fd86d457fb/pyrenew/process/ar.py
# Title: pyrenew/process/ar.py (ARProcess: autoregressive process of order p)
# Cut: kept ARProcess.sample; shape-validation error messages shortened; RandomVariable base class dropped.
import jax
import jax.numpy as jnp
import numpyro
from jax.typing import ArrayLike
from numpyro.contrib.control_flow import scan
from numpyro.infer.reparam import LocScaleReparam


class ARProcess:
    """Object to represent an autoregressive process of order p."""

    def sample(
        self,
        noise_name: str,
        n: int,
        autoreg: ArrayLike,
        init_vals: ArrayLike,
        noise_sd: float | ArrayLike,
    ) -> ArrayLike:
        autoreg = jnp.atleast_1d(autoreg)
        init_vals = jnp.atleast_1d(init_vals)
        noise_sd = jnp.array(noise_sd)

        order = autoreg.shape[0]
        n_inits = init_vals.shape[0]

        noise_shape = jax.lax.broadcast_shapes(
            init_vals.shape[1:],
            autoreg.shape[1:],
            noise_sd.shape,
        )
        if not n_inits == order:
            raise ValueError("Initial values array must have the same first dimension length as the order p")

        history_shape = (order,) + noise_shape
        inits_broadcast = jnp.broadcast_to(init_vals, history_shape)
        inits_flipped = jnp.flip(inits_broadcast, axis=0)

        def transition(
            recent_vals: ArrayLike, _: ArrayLike
        ) -> tuple[ArrayLike, ArrayLike]:  # numpydoc ignore=GL08
            with numpyro.handlers.reparam(config={noise_name: LocScaleReparam(0)}):
                next_noise = numpyro.sample(
                    noise_name,
                    numpyro.distributions.Normal(
                        loc=jnp.zeros(noise_shape), scale=noise_sd
                    ),
                )

            dot_prod = jnp.einsum("i...,i...->...", autoreg, recent_vals)
            new_term = dot_prod + next_noise
            new_recent_vals = jnp.concatenate(
                [
                    new_term[jnp.newaxis, ...],
                    recent_vals,
                ],
                axis=0,
            )[:order]

            return new_recent_vals, new_term

        if n > order:
            _, ts = scan(
                f=transition,
                init=inits_flipped,
                xs=None,
                length=(n - order),
            )
            ts_with_inits = jnp.concatenate([inits_broadcast, ts], axis=0)
        else:
            ts_with_inits = inits_broadcast
        return ts_with_inits[:n]
