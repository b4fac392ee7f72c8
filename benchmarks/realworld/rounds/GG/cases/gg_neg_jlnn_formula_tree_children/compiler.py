# Source: https://github.com/RadimKozl/JLNN/blob/0a3fb035f1b1abc44ad9bcfda5998348e8a95c76/jlnn/symbolic/compiler.py
# Title: jlnn/symbolic/compiler.py (compile a logical formula into a tree of Flax NNX gate modules)
# Cut: module docstring and method docstrings dropped; code as written.
# Imports
from __future__ import annotations
from typing import Any, Dict, List, Union
from lark import Transformer, Tree, Token
from flax import nnx
import jax.numpy as jnp
from jlnn.nn import gates, predicates
from jlnn.symbolic.parser import FormulaParser
class Node(nnx.Module):
    def forward(self, values: Dict[str, jnp.ndarray]) -> jnp.ndarray:
        raise NotImplementedError
class PredicateNode(Node):
    def __init__(self, name: str, rngs: nnx.Rngs):
        self.name = name
        # Every variable gets its own trainable grounding (LearnedPredicate)
        self.predicate = predicates.LearnedPredicate(in_features=1, rngs=rngs)
    def forward(self, values: Dict[str, jnp.ndarray]) -> jnp.ndarray:
        val = values[self.name]
        return self.predicate(val)
class NAryGateNode(Node):
    def __init__(self, gate: nnx.Module, children: List[Node]):
        self.gate = gate
        # nnx.List is required for Flax NNX to correctly track child modules 
        # and their parameters during JAX transformations.
        self.children = nnx.List(children)
    def forward(self, values: Dict[str, jnp.ndarray]) -> jnp.ndarray:
        child_outputs = [child.forward(values) for child in self.children]
        # Stack results on the second-to-last axis to form a tensor of 
        # shape (batch, num_inputs, truth_interval_dims).
        x = jnp.stack(child_outputs, axis=-2)
        return self.gate(x)
class BinaryGateNode(Node):
    def __init__(self, gate: nnx.Module, left: Node, right: Node):
        self.gate = gate
        self.left = left
        self.right = right
    def forward(self, values: Dict[str, jnp.ndarray]) -> jnp.ndarray:
        left_output = self.left.forward(values)
        right_output = self.right.forward(values)
        # The gate receives two separate arguments (antecedent, consequent)
        result = self.gate(left_output, right_output)
        # Squeeze singleton dimensions to maintain consistent output shape (batch, 2)
        if result.ndim == 3 and result.shape[1] == 1:
            result = jnp.squeeze(result, axis=1)
        return result
class UnaryGateNode(Node):
    def __init__(self, gate: nnx.Module, child: Node):
        self.gate = gate
        self.child = child
    def forward(self, values: Dict[str, jnp.ndarray]) -> jnp.ndarray:
        return self.gate(self.child.forward(values))
class JLNNCompiler(Transformer):
    def __init__(self, rngs: nnx.Rngs):
        super().__init__()
        self.rngs = rngs
        self.predicates: Dict[str, predicates.LearnedPredicate] = {}
    def variable(self, tokens: List[Token]) -> PredicateNode:
        name = str(tokens[0])
        if name not in self.predicates:
            node = PredicateNode(name, self.rngs)
            self.predicates[name] = node
        return self.predicates[name]
    def and_(self, children: List[Node]) -> NAryGateNode:
        gate = gates.WeightedAnd(num_inputs=len(children), rngs=self.rngs)
        return NAryGateNode(gate, children)
    def or_(self, children: List[Node]) -> NAryGateNode:
        gate = gates.WeightedOr(num_inputs=len(children), rngs=self.rngs)
        return NAryGateNode(gate, children)
    def not_(self, children: List[Node]) -> UnaryGateNode:
        gate = gates.WeightedNot(rngs=self.rngs)
        return UnaryGateNode(gate, children[0])
    def implication(self, children: List[Node]) -> BinaryGateNode:
        gate = gates.WeightedImplication(rngs=self.rngs)
        return BinaryGateNode(gate, children[0], children[1])
    def weighted_expr(self, children: List[Any]) -> Node:
        return children[-1]
# CRITICAL: Use setattr to create aliases for Python keywords
# The grammar rules are: "-> and", "-> or", "-> not"
# Lark looks for methods with these exact names, but we can't use them directly
# because they're Python reserved words. So we use setattr() to assign them.
setattr(JLNNCompiler, 'and', JLNNCompiler.and_)
setattr(JLNNCompiler, 'or', JLNNCompiler.or_)
setattr(JLNNCompiler, 'not', JLNNCompiler.not_)
class LNNFormula(nnx.Module):
    def __init__(self, formula: str, rngs: nnx.Rngs):
        # Parse the formula string into a Concrete Syntax Tree (CST)
        parser = FormulaParser()
        tree = parser.parse(formula)
        # Transform the CST into a tree of NNX Modules (Nodes)
        compiler = JLNNCompiler(rngs)
        self.root = compiler.transform(tree)
        # Wrap the predicates dictionary in nnx.Dict for proper NNX parameter tracking
        self.predicates = nnx.Dict(compiler.predicates)
    def __call__(self, inputs: Dict[str, jnp.ndarray]) -> jnp.ndarray:
        return self.root.forward(inputs)
