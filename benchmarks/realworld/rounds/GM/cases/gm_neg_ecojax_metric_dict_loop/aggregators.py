# Source: https://github.com/tboulet/EcoJAX/blob/f233c97f13d2f98d8afcbeb261953bf1e68c9c8b/ecojax/metrics/aggregators.py
# Title: ecojax/metrics/aggregators.py (aggregators of per-agent measures into metrics)
# Cut: kept the Aggregator base class and the population mean/std aggregators; the moving-mean, lifespan and helper aggregators dropped.
from abc import ABC, abstractmethod
from typing import Any, Callable, Dict, List, Tuple, Type, Union

import jax
import jax.numpy as jnp
import numpy as np
from jax import random
from jax.tree_util import register_pytree_node
from flax.struct import PyTreeNode, dataclass


class Metric(PyTreeNode):
    """A class to represent a metric. It should be a PyTreeNode."""


class Aggregator(ABC):

    def __init__(self, config: Dict[str, Any]):
        self.config: Dict[str, Any] = config
        self.keys_measures: List[str] = config["keys_measures"]
        self.keys_measures_prefix: List[str] = config.get("keys_measures_prefix", [])
        self.n_agents: str = config["n_agents"]
        self.prefix_metric: str = config["prefix_metric"]
        self.log_final: bool = config.get("log_final", False)

    @abstractmethod
    def get_initial_metrics(self) -> Metric:
        """Return the initial metric object of the aggregator."""
        raise NotImplementedError

    @abstractmethod
    def update_metrics(
        self,
        metrics: Metric,
        dict_measures: Dict[str, jnp.ndarray],
        are_alive: jnp.ndarray,
        are_just_dead: jnp.ndarray,
        ages: jax.Array,
    ) -> Metric:
        """Return the updated metrics of the aggregator."""
        raise NotImplementedError

    @abstractmethod
    def get_dict_metrics(self, metrics: Metric) -> Dict[str, jnp.ndarray]:
        """Return the metrics of the aggregator as a dictionnary."""
        return {}

    def get_dict_of_full_arrays(
        self, fill_value: jnp.ndarray, mode: str = "histogram"
    ) -> Dict[str, jnp.ndarray]:
        """Return a dictionnary of arrays, whose keys are based on the keys_measures and the prefix_metric attribute,
        and whose values are full arrays of a shape depending on the mode argument.

        Args:
            fill_value (jnp.ndarray): the value to fill the arrays with
            mode (str): the mode of the fill value, either "histogram" or "scalar"
        Returns:
            Dict[str, jnp.ndarray]: a dictionnary of arrays
        """
        if mode == "histogram":
            return {
                f"{self.prefix_metric}/{name_measure}": jnp.full(
                    (self.n_agents,), fill_value
                )
                for name_measure in self.keys_measures
            }
        elif mode == "scalar":
            return {
                f"{self.prefix_metric}/{name_measure}": fill_value
                for name_measure in self.keys_measures
            }
        else:
            raise ValueError(f"Unknown mode {mode}.")


# ================================ Population metrics ================================
class AggregatorPopulationMean(Aggregator):
    """Sum of the values of the measures over the population.

    f(m) = mean(m)

    Can be applied to any measure, thanks to the linearity of mean.
    """

    def get_initial_metrics(self) -> Metric:
        return self.get_dict_of_full_arrays(fill_value=jnp.nan, mode="scalar")

    def update_metrics(
        self,
        metrics: Metric,
        dict_measures: Dict[str, jnp.ndarray],
        are_alive: jnp.ndarray,
        are_just_dead: jnp.ndarray,
        ages: jax.Array,
    ) -> Metric:
        dict_metrics_aggregated = {}
        for name_measure in dict_measures.keys():
            if (name_measure in self.keys_measures) or any(
                [
                    name_measure.startswith(prefix_measure)
                    for prefix_measure in self.keys_measures_prefix
                ]
            ):
                dict_metrics_aggregated[f"{self.prefix_metric}/{name_measure}"] = (
                    jnp.nanmean(dict_measures[name_measure])
                )
        return dict_metrics_aggregated

    def get_dict_metrics(self, metrics: Metric) -> Dict[str, jnp.ndarray]:
        return metrics


class AggregatorPopulationStd(Aggregator):
    """Standard deviation of the values of the measures over the population.

    f(m) = std(m)

    Can be applied to any measure, but makes more sense for state/behavior measure and
    life-aggregated metrics.
    """

    def get_initial_metrics(self) -> Metric:
        return self.get_dict_of_full_arrays(fill_value=jnp.nan, mode="scalar")

    def update_metrics(
        self,
        metrics: Metric,
        dict_measures: Dict[str, jnp.ndarray],
        are_alive: jnp.ndarray,
        are_just_dead: jnp.ndarray,
        ages: jax.Array,
    ) -> Metric:
        dict_metrics_aggregated = {}
        for name_measure in dict_measures.keys():
            if (name_measure in self.keys_measures) or any(
                [
                    name_measure.startswith(prefix_measure)
                    for prefix_measure in self.keys_measures_prefix
                ]
            ):
                dict_metrics_aggregated[f"{self.prefix_metric}/{name_measure}"] = (
                    jnp.nanstd(dict_measures[name_measure])
                )
        return dict_metrics_aggregated

    def get_dict_metrics(self, metrics: Metric) -> Dict[str, jnp.ndarray]:
        return metrics


