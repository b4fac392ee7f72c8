# Source: https://github.com/RadimKozl/JLNN/blob/0a3fb035f1b1abc44ad9bcfda5998348e8a95c76/jlnn/reasoning/temporal.py
# Title: jlnn/reasoning/temporal.py (Always / Eventually temporal operators as NNX nodes)
# Cut: docstrings dropped; code as written.
#!/usr/bin/env python3
# Imports
from typing import Dict
import jax.numpy as jnp
from jlnn.symbolic.compiler import Node
class AlwaysNode(Node):
    def __init__(self, child: Node, window_size: int = None):
        self.child = child
        self.window_size = window_size
    def forward(self, values: Dict[str, jnp.ndarray]) -> jnp.ndarray:
        # Obtain child activations: shape (batch, time, 2)
        a = self.child.forward(values)
        # Aggregate across the time axis (axis=1)
        return jnp.min(a, axis=1)
class EventuallyNode(Node):
    def __init__(self, child: Node, window_size: int = None):
        self.child = child
        self.window_size = window_size
    def forward(self, values: Dict[str, jnp.ndarray]) -> jnp.ndarray:
        # Obtain child activations: shape (batch, time, 2)
        a = self.child.forward(values)
        # Aggregate across the time axis (axis=1)
        return jnp.max(a, axis=1)
