# Source: https://github.com/instadeepai/poppy/blob/c0a95c97d27941ff64d1d2eb6b828fe7a1a4f510/poppy/utils/metrics.py
# Title: poppy/utils/metrics.py
# Cut: kept get_metrics (other metric helpers it calls are dropped from the call list) and get_agent_contributions.
import jax
import jax.numpy as jnp
from jax import random


def get_metrics(metrics, performance_matrix, key=None, compute_expensive_metrics=False):
    """Get the performance metrics of the population of agents.

    Args:
        metrics: A dictionary with the current metrics.
        performance_matrix: The cumulative episode return of size [B, N, S], where B is the batch
        size, N is the number of agents and S is the number of starting positions.
        key: A PRNGKey (which may be None).
        compute_expensive_metrics: A boolean that determines whether the computationally expensive
        metrics are calculated or not.

    Returns:
        metrics: An updated dictionary with additional metrics added.
    """
    performance_matrix = performance_matrix.max(-1)  # [BATCH_SIZE, NUM_AGENTS]

    if not key:
        key = random.PRNGKey(0)

    metrics.update(get_agent_contributions(performance_matrix))

    return metrics


def get_agent_contributions(performance_matrix):
    """Compute the difference of the population score in scenarios with and without each agent.

    Args:
        performance_matrix: The cumulative episode return of size [B, N], where B is the batch size
        and N is the number of agents.

    Return:
        metrics: A dictionary containing the contribution of agent to the population score.
    """

    def performance_without_agent(x):
        """
        Returns: the mean performance without agent 'x' in the population.
        """
        return performance_matrix.at[:, x].set(-1e3).max(1).mean()

    agent_contributions = performance_matrix.max(1).mean() - jax.vmap(
        performance_without_agent, in_axes=0
    )(jnp.arange(performance_matrix.shape[1]))

    metrics = {}
    for i in range(len(agent_contributions)):
        metrics[f"contribution_agent_{i}"] = agent_contributions[i]

    return metrics

