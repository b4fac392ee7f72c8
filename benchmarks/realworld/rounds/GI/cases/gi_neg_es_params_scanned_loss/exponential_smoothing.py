# Source: https://github.com/ml4wifi-devs/ftmrate/blob/0f9e5ef9bc4ee33ae60e57ea242eeaf181dded2c/ml4wifi/agents/exponential_smoothing.py
# Title: ml4wifi/agents/exponential_smoothing.py (Holt smoothing agent returning TFP-on-JAX distributions)
# Cut: docstrings and the ManagersContainer class removed.
import jax
import tensorflow_probability.substrates.jax as tfp
from chex import dataclass, Scalar, PRNGKey

from ml4wifi.agents.base_managers_container import BaseAgent
from ml4wifi.utils.distributions import DeterministicQ
from ml4wifi.params_fit import ES_ALPHA, ES_BETA

tfd = tfp.distributions


@dataclass
class ExponentialSmoothingState:
    level: Scalar
    trend: Scalar
    time: Scalar


def exponential_smoothing(
        alpha: Scalar = ES_ALPHA,
        beta: Scalar = ES_BETA
) -> BaseAgent:

    def init(key: PRNGKey) -> ExponentialSmoothingState:
        return ExponentialSmoothingState(
            level=0.0,
            trend=0.0,
            time=-1.0
        )

    def update(
            state: ExponentialSmoothingState,
            key: PRNGKey,
            distance: Scalar,
            time: Scalar
    ) -> ExponentialSmoothingState:

        def initial_update() -> ExponentialSmoothingState:
            return ExponentialSmoothingState(
                level=distance,
                trend=0.0,
                time=time
            )

        def es_update() -> ExponentialSmoothingState:
            new_level = alpha * distance + (1 - alpha) * (state.level + state.trend)
            return ExponentialSmoothingState(
                level=new_level,
                trend=beta * (new_level - state.level) + (1 - beta) * state.trend,
                time=time
            )

        return jax.lax.cond(state.time == -1.0, initial_update, es_update)

    def sample(state: ExponentialSmoothingState, key: PRNGKey, time: Scalar) -> tfd.Distribution:
        return DeterministicQ(loc=state.level + (time - state.time) * state.trend)

    return BaseAgent(
        init=jax.jit(init),
        update=jax.jit(update),
        sample=jax.jit(sample)
    )
