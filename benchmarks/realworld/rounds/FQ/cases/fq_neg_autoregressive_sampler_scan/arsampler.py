# Source: https://github.com/makskliczkowski/pyqusolver/blob/604fb3d915ce8074523d9af6f0cb1150c747c8c0/Python/QES/Solver/MonteCarlo/arsampler.py
# Title: Python/QES/Solver/MonteCarlo/arsampler.py (autoregressive NQS sampler)
# Cut: sampler class reduced to the jit set-up and the static sampling kernel; representation
#      conversion at the end and the public sample() wrapper cut.
from typing import Any, Optional, Tuple

import jax
import jax.numpy as jnp
from flax import linen as nn


class ARSampler:

    def __init__(self, dtype=jnp.float32, **kwargs):
        # Pre-compile the sampling kernel
        self._dtype = dtype
        self._mu = kwargs.get("mu", 2.0)  # Scaling factor for log-prob to log-psi
        self._local_dim = kwargs.get("local_dim", 2)
        self._sample_jit = jax.jit(
            self._static_sample_ar,
            static_argnames=[
                "net_apply",
                "logits_method",
                "phase_method",
                "shape",
                "total_count",
                "statetype",
                "spin",
                "local_dim",
                "state_representation",
            ],
        )
        self._name = "AR"


    @staticmethod
    def _static_sample_ar(
        net_apply,
        logits_method,
        phase_method,
        params,
        rng_key,
        shape,
        total_count,
        statetype: Any = jnp.float32,
        mu: float = 2.0,
        spin: bool = True,
        mode_repr: float = 1.0,
        local_dim: int = 2,
        state_representation: Optional[str] = None,
    ) -> Tuple[jnp.ndarray, jnp.ndarray]:
        """
        JIT-compiled sequential autoregressive sampling.
        Complexity: O(N_sites) network calls.

        1. Initialize empty configurations and log-prob accumulators.
        2. For each site i in the system:
            a. Evaluate the network on the current partial configurations.
            b. Sample the new state s_i from the conditional distribution.
            c. Update the configuration and log-prob accumulators.
        """

        N = shape[0]
        canvas = jnp.zeros((total_count, N), dtype=statetype)
        log_prob_sum = jnp.zeros((total_count,), dtype=jnp.float64)

        def scan_body(carry, site_idx):
            curr_configs, curr_log_p, key = carry
            key, subkey = jax.random.split(key)
            variables = {"params": params}

            # 1. Evaluate Network to get logits for current site
            logits = net_apply(
                variables,
                curr_configs,
                method=logits_method,
            )

            # Select logit for the CURRENT site we are filling
            if local_dim == 2 and logits.ndim == 2:
                # Shape: (Total_Samples,)
                logit_i = jnp.real(logits[:, site_idx])

                # 2. Sample (Bernoulli)
                # prob(s_i=1) = sigmoid(logit_i)
                prob_1 = nn.sigmoid(logit_i)
                new_degrees = jax.random.bernoulli(subkey, prob_1).astype(statetype)

                # 3. Update Config & Log Prob
                new_configs = curr_configs.at[:, site_idx].set(new_degrees)

                # log_p(1) = -softplus(-x), log_p(0) = -softplus(x)
                log_p_i = jnp.where(new_degrees > 0.5, -nn.softplus(-logit_i), -nn.softplus(logit_i))
            else:
                # General case: logits shape is (Total_Samples, N, local_dim)
                # Select logits for current site: (Total_Samples, local_dim)
                logit_i = jnp.real(logits[:, site_idx, :])

                # 2. Sample (Categorical)
                new_degrees = jax.random.categorical(subkey, logit_i).astype(statetype)

                # 3. Update Config & Log Prob
                new_configs = curr_configs.at[:, site_idx].set(new_degrees)

                # Compute log probability of selected classes
                log_probs = nn.log_softmax(logit_i, axis=-1)
                log_p_i = jnp.take_along_axis(log_probs, new_degrees[:, None].astype(jnp.int32), axis=-1).squeeze(-1)

            return (new_configs, curr_log_p + log_p_i, key), None

        # Run Scan over all sites
        init_val = (canvas, log_prob_sum, rng_key)
        (final_configs, final_log_psi, _), _ = jax.lax.scan(scan_body, init_val, jnp.arange(N))

        # Get Phases (Call get_phase method)
        # NOTE: final_configs is in binary (0,1) format here
        variables = {"params": params}
        phases = net_apply(
            variables,
            final_configs,
            method=phase_method,
        )

        # Combine Amplitude (log_prob / mu) and Phase
        final_log_psi = final_log_psi / mu + 1j * phases
        return final_configs, final_log_psi
