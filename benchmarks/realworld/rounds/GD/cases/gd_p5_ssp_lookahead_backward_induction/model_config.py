# Source: https://github.com/pedronahum/stochastic-optimization/blob/bb3d99b0ed8569ace4f37f3dd356447bc2cb531e/problems/ssp_dynamic/model.py
# Title: problems/ssp_dynamic/model.py (SSP Dynamic model configuration)
# Cut: only the configuration dataclass that sets the lookahead horizon and graph size.
from dataclasses import dataclass
from typing import Optional


@dataclass(frozen=True)
class SSPDynamicConfig:
    """Configuration for SSP Dynamic problem.

    Attributes:
        n_nodes: Number of nodes in the graph.
        horizon: Lookahead horizon for dynamic programming.
    """

    n_nodes: int = 10
    horizon: int = 15
    edge_prob: float = 0.3
    cost_min: float = 1.0
    cost_max: float = 10.0
    max_spread: float = 0.3  # Maximum 30% spread
    target_node: Optional[int] = None
    seed: int = 42
