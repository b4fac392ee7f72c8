# Source: https://github.com/CDCgov/PyRenew/blob/a1d5d870c8db26a81259f385c7d779fd86d457fb/pyrenew/model/multisignal_model.py
# Title: pyrenew/model/multisignal_model.py (multi-signal renewal model)
# Cut: kept __init__ (simplified), validate_data and sample; date handling, docstrings and the builder dropped. The MCMC driver at the end is reconstructed from the package's documented use.
"""
Multi-signal renewal model.

Combines a latent infection process with multiple observation processes.
"""

from __future__ import annotations

import jax
import numpyro
from numpyro.infer import MCMC, NUTS

from pyrenew.ascertainment.context import ascertainment_context


class MultiSignalModel:
    _SUPPORTED_RESOLUTIONS = ("aggregate", "subpop")

    def __init__(self, latent_process, observations: dict, ascertainment_models: dict | None = None):
        self.latent = latent_process
        self.observations = observations
        self.ascertainment_models = ascertainment_models or {}

    def validate_data(self, n_days_post_init: int, *, subpop_fractions=None, **observation_data) -> None:
        pop = self.latent._parse_and_validate_fractions(subpop_fractions=subpop_fractions)
        n_init = self.latent.n_initialization_points
        n_total = n_init + n_days_post_init
        for name, obs_data in observation_data.items():
            if name not in self.observations:
                raise ValueError(
                    f"Unknown observation '{name}'. "
                    f"Available: {list(self.observations.keys())}"
                )
            obs = self.observations[name]
            obs.validate_data(n_total=n_total, n_subpops=pop.n_subpops, **obs_data)

    def sample(self, n_days_post_init: int, population_size: float, *, subpop_fractions=None,
               first_day_dow=None, **observation_data) -> None:
        # Generate latent infections (proportions)
        latent_sample = self.latent.sample(
            n_days_post_init=n_days_post_init,
            subpop_fractions=subpop_fractions,
            first_day_dow=first_day_dow,
        )

        # Scale from proportions to counts
        inf_aggregate = latent_sample.aggregate * population_size
        inf_all = latent_sample.all_subpops * population_size

        numpyro.deterministic("latent_infections", inf_aggregate)
        numpyro.deterministic("latent_infections_by_subpop", inf_all)

        latent_map = {
            "aggregate": inf_aggregate,
            "subpop": inf_all,
        }

        ascertainment_values = {
            name: ascertainment_model.sample()
            for name, ascertainment_model in self.ascertainment_models.items()
        }

        with ascertainment_context(ascertainment_values):
            # Apply each observation process
            for name, obs_process in self.observations.items():
                resolution = obs_process.infection_resolution()
                if resolution not in latent_map:
                    raise ValueError(
                        f"Observation '{name}' returned invalid infection_resolution "
                        f"'{resolution}'. Expected one of "
                        f"{self._SUPPORTED_RESOLUTIONS}."
                    )
                latent_infections = latent_map[resolution]
                obs_data = observation_data.get(name, {})
                obs_process.sample(
                    infections=latent_infections,
                    first_day_dow=first_day_dow,
                    **obs_data,
                )

        return None


def fit(model: MultiSignalModel, n_days_post_init, population_size, **observation_data):
    model.validate_data(n_days_post_init, **observation_data)
    mcmc = MCMC(NUTS(model.sample), num_warmup=500, num_samples=500)
    mcmc.run(jax.random.key(0), n_days_post_init, population_size, **observation_data)
    return mcmc
