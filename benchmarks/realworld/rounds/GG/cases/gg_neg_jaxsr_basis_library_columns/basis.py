# Source: https://github.com/jkitchin/jaxsr/blob/616f7a0c5fab93ea428936a7a8560af11a699ac9/src/jaxsr/basis.py
# Title: jaxsr/basis.py (BasisLibrary: candidate terms for JAX symbolic regression)
# Cut: kept BasisFunction, BasisLibrary.__init__, add_constant/add_linear/add_polynomials/
#      add_interactions and evaluate/evaluate_subset; other term families, serialisation and
#      docstrings dropped.
from __future__ import annotations

import itertools
import json
from collections.abc import Callable
from dataclasses import dataclass, field, replace
from functools import partial
from typing import Any

import jax.numpy as jnp
import numpy as np

@dataclass
class BasisFunction:

    name: str
    func: Callable[[jnp.ndarray], jnp.ndarray]
    complexity: int = 1
    feature_indices: tuple[int, ...] = ()
    func_type: str = "custom"
    func_config: dict[str, Any] = field(default_factory=dict)
    block: str | None = None

    def evaluate(self, X: jnp.ndarray) -> jnp.ndarray:
        return self.func(X)


class BasisLibrary:
    _VALID_FEATURE_TYPES = {"continuous", "categorical"}

    def __init__(
        self,
        n_features: int,
        feature_names: list[str] | None = None,
        feature_bounds: list[tuple[float, float]] | None = None,
        feature_types: list[str] | None = None,
        categories: dict[int, list] | None = None,
    ):
        self.n_features = n_features
        self.feature_names = feature_names or [f"x{i}" for i in range(n_features)]
        self.feature_bounds = feature_bounds
        self.feature_types = feature_types or ["continuous"] * n_features
        self.categories: dict[int, list] = categories or {}
        self.basis_functions: list[BasisFunction] = []
        self._compiled_evaluate: Callable | None = None
        self._parametric_info: list = []

        if len(self.feature_names) != n_features:
            raise ValueError(
                f"Number of feature names ({len(self.feature_names)}) "
                f"must match n_features ({n_features})"
            )

        if len(self.feature_types) != n_features:
            raise ValueError(
                f"Number of feature_types ({len(self.feature_types)}) "
                f"must match n_features ({n_features})"
            )

        for ft in self.feature_types:
            if ft not in self._VALID_FEATURE_TYPES:
                raise ValueError(
                    f"Invalid feature type '{ft}'. Must be one of {self._VALID_FEATURE_TYPES}"
                )

        for idx in self.categorical_indices:
            if idx not in self.categories:
                raise ValueError(
                    f"Feature {idx} ('{self.feature_names[idx]}') is categorical but "
                    f"no categories provided. Pass categories={{idx: [val1, val2, ...]}}"
                )

    @property
    def continuous_indices(self) -> list[int]:
        return [i for i, t in enumerate(self.feature_types) if t == "continuous"]

    @property
    def categorical_indices(self) -> list[int]:
        return [i for i, t in enumerate(self.feature_types) if t == "categorical"]

    def add_constant(self) -> BasisLibrary:
        self.basis_functions.append(
            BasisFunction(
                name="1",
                func=lambda X: jnp.ones(X.shape[0]),
                complexity=0,
                feature_indices=(),
                func_type="constant",
                func_config={},
            )
        )
        self._compiled_evaluate = None
        return self

    def add_linear(self) -> BasisLibrary:
        for i in self.continuous_indices:
            name = self.feature_names[i]
            # Use default argument to capture i correctly
            self.basis_functions.append(
                BasisFunction(
                    name=name,
                    func=partial(lambda X, idx: X[:, idx], idx=i),
                    complexity=1,
                    feature_indices=(i,),
                    func_type="linear",
                    func_config={"feature_index": i},
                )
            )
        self._compiled_evaluate = None
        return self

    def add_polynomials(self, max_degree: int = 2) -> BasisLibrary:
        if max_degree < 2:
            return self

        for i in self.continuous_indices:
            for d in range(2, max_degree + 1):
                name = f"{self.feature_names[i]}^{d}"
                self.basis_functions.append(
                    BasisFunction(
                        name=name,
                        func=partial(lambda X, idx, deg: X[:, idx] ** deg, idx=i, deg=d),
                        complexity=d,
                        feature_indices=(i,),
                        func_type="polynomial",
                        func_config={"feature_index": i, "degree": d},
                    )
                )
        self._compiled_evaluate = None
        return self

    def add_interactions(self, max_order: int = 2) -> BasisLibrary:
        for order in range(2, max_order + 1):
            for combo in itertools.combinations(self.continuous_indices, order):
                name = "*".join(self.feature_names[i] for i in combo)
                combo_list = list(combo)
                self.basis_functions.append(
                    BasisFunction(
                        name=name,
                        func=partial(
                            lambda X, indices: jnp.prod(X[:, indices], axis=1),
                            indices=jnp.array(combo_list),
                        ),
                        complexity=order,
                        feature_indices=tuple(combo),
                        func_type="interaction",
                        func_config={"feature_indices": combo_list, "order": order},
                    )
                )
        self._compiled_evaluate = None
        return self


    def evaluate(self, X: jnp.ndarray) -> jnp.ndarray:
        if len(self.basis_functions) == 0:
            raise ValueError("No basis functions defined. Add some first.")

        X = jnp.atleast_2d(X)
        if X.shape[1] != self.n_features:
            raise ValueError(f"Expected {self.n_features} features, got {X.shape[1]}")

        columns = [bf.func(X) for bf in self.basis_functions]
        return jnp.column_stack(columns)

    def evaluate_subset(
        self,
        X: jnp.ndarray,
        indices: list[int] | jnp.ndarray,
    ) -> jnp.ndarray:
        X = jnp.atleast_2d(X)
        columns = [self.basis_functions[i].func(X) for i in indices]
        return jnp.column_stack(columns)


