# Source: https://github.com/bishopcurtisj/honeybee/blob/981f91aaa5dc2157927b64e0fd0587f93ab6332e/src/systems/models/bayesian.py
# Title: honeybee - src/systems/models/bayesian.py (Bayesian traders in an agent-based asset market)
# Cut: kept update_priors with its column indices passed in; the informed/uninformed dispatch and
#      information-policy registry removed. Note `jnp` is NumPy here (import numpy as jnp); the
#      author's vmap version is left commented out, as in the source.
import numpy as jnp
from jax import vmap


class Bayesian:

    def __init__(self, mu_prior: int, sigma_prior: int, tau: int):
        self.mu_prior = mu_prior
        self.sigma_prior = sigma_prior
        self.tau = tau

    def update_priors(self, agents: jnp.ndarray, trades: jnp.ndarray) -> jnp.ndarray:
        """
        Updates Bayesian agent priors using their personal trade histories.

        agents: array of shape (num_agents, ...)
        trades: array of shape (num_agents, num_trades, 2) where [:, :, 0] = quantity, [:, :, 1] = price
        """

        mu_prior = agents[:, self.mu_prior]
        sigma_prior = agents[:, self.sigma_prior]
        tau = agents[:, self.tau]

        def update_agent(mu, sigma, tau, agent_trades):
            quantities = agent_trades[:, 0]
            prices = agent_trades[:, 1]

            total_quantity = jnp.sum(quantities)
            weighted_sum = jnp.sum(quantities * prices)

            sigma_n_sq = 1 / (1 / sigma**2 + total_quantity / tau**2)
            mu_n = sigma_n_sq * (mu / sigma**2 + weighted_sum / tau**2)
            # sigma_n = jnp.sqrt(sigma_n_sq)
            return jnp.array([mu_n, jnp.sqrt(sigma_n_sq), tau])

        updated_params = jnp.stack(
            [
                update_agent(mu_prior[i], sigma_prior[i], tau[i], trades[i])
                for i in range(len(agents))
            ],
            axis=0,
        )
        agents[:, [self.mu_prior, self.sigma_prior, self.tau]] = updated_params
        ## Jax implementation
        # updated_params = vmap(update_agent)(mu_prior, sigma_prior, tau, trades)

        # agents = agents.at[:, [self.mu_prior, self.sigma_prior, self.tau]].set(
        #     updated_params
        # )

        return agents
