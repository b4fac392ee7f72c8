# Source: https://github.com/nuclear-multimessenger-astronomy/jester/blob/0a0cd6839a31dfbbb16ffc8d2872ed202a34b138/jesterTOV/inference/samplers/eos_reweighting.py
# Title: jesterTOV/inference/samplers/eos_reweighting.py (reweight a set of neutron-star EOS curves by GW/NICER likelihoods)
# Cut: kept make_eos_fn's returned closure and evaluate_batch (docstring shortened); class and config set-up reduced.
import logging
import time
from typing import Callable

import jax
import jax.numpy as jnp
from jaxtyping import Array, Float

logger = logging.getLogger(__name__)


class EOSReweighting:

    def make_eos_fn(self, likelihood):
        def f(stacked):
            masses, lambdas, radii = stacked
            params = {
                "masses_EOS": masses,
                "Lambdas_EOS": lambdas,  # capital L — matches gw.py:303–304
                "radii_EOS": radii,
            }
            return likelihood.evaluate(params)

        return f

    def evaluate_batch(
        self,
        f: Callable[[tuple[Array, Array, Array]], Array],
        all_masses: Float[Array, "N L"],
        all_lambdas: Float[Array, "N L"],
        all_radii: Float[Array, "N L"],
    ) -> Float[Array, " N"]:
        r"""Evaluate *f* on all N EOS curves using :func:`jax.lax.map`.

        Splits the work into batches of ``config.batch_size`` curves and logs
        throughput/ETA after each batch is processed. The per-batch
        ``jax.lax.map`` call is wrapped in :func:`jax.jit` so that batches
        sharing the same shape (all but typically the last one) reuse a
        single compiled executable instead of retracing on every iteration
        of the Python loop.
        """
        all_batches_time_start = time.monotonic()

        N = all_masses.shape[0]  # number of EOSs to process
        batch_size = self.config.batch_size

        # NOTE: it is a bit awkward that it seems batching is done twice
        # (Python loop + lax.map's own batch_size). However, using jax.vmap
        # here turned out to be a bit slower, so we keep this implementation.
        # `bs` is static since jax.lax.map requires a concrete Python int.
        jitted_map = jax.jit(
            lambda stacked, bs: jax.lax.map(f, stacked, batch_size=bs),
            static_argnums=1,
        )

        # Initialize everything for storing the results of the inference
        results: list[Array] = []
        start_time = time.monotonic()
        processed = 0

        # Loop over the batches
        for start in range(0, N, batch_size):
            end = min(start + batch_size, N)
            stacked = (
                all_masses[start:end],
                all_lambdas[start:end],
                all_radii[start:end],
            )
            current_bs = min(batch_size, end - start)

            batch_result: Float[Array, " _"] = jitted_map(stacked, current_bs)

            results.append(batch_result)
            processed = end

            elapsed = time.monotonic() - start_time
            fraction = processed / N
            eta = elapsed / fraction * (1.0 - fraction) if fraction > 0 else 0.0
            logger.info(
                f"EOS reweighting: {processed}/{N} EOS "
                f"({fraction * 100:.0f}%) | "
                f"elapsed {elapsed:.1f}s | ETA {eta:.1f}s"
            )

        log_likelihoods: Float[Array, " N"] = jnp.concatenate(results)

        all_batches_time_end = time.monotonic()
        logger.info(
            f"EOS reweighting: all EOS processed in {all_batches_time_end - all_batches_time_start:.1f}s"
        )

        return log_likelihoods
