# Source: https://github.com/secretflow/spu/blob/84965d67d4737a81ff7ec96d214b927b7804b5a9/sml/sml/preprocessing/preprocessing.py
# Title: sml/sml/preprocessing/preprocessing.py, class OneHotEncoder (SPU sml)
# Cut: the other preprocessing classes and all docstrings dropped; OneHotEncoder kept; the test's traced call appended (from sml/sml/preprocessing/tests/preprocessing_test.py).
from typing import List

import jax.numpy as jnp
import spu.libspu as libspu
import spu.utils.simulation as spsim


class OneHotEncoder:
    def __init__(
        self,
        categories: List[List],
    ):
        self.categories = [jnp.array(cats) for cats in categories]
        self.n_features_in_ = None
        self.feature_lengths_ = None

    def fit(self, X):
        self.n_features_in_ = X.shape[1]
        self.feature_lengths_ = [len(cats) for cats in self.categories]
        return self

    def transform(self, X):
        encoded_features = []

        for i in range(self.n_features_in_):
            cats = self.categories[i]
            one_hot = (X[:, i][:, None] == cats).astype(jnp.float64)
            encoded_features.append(one_hot)

        return jnp.concatenate(encoded_features, axis=1)

    def fit_transform(self, x):
        return self.fit(x).transform(x)

    def inverse_transform(self, x):
        current_col = 0
        feature_parts = []
        for i in range(self.n_features_in_):
            length = self.feature_lengths_[i]
            feature_parts.append(x[:, current_col : current_col + length])
            current_col += length

        inv_features = []
        for i in range(self.n_features_in_):
            part = feature_parts[i]
            cats = self.categories[i]
            indices = jnp.argmax(part, axis=1)
            feature_values = cats[indices]
            row_sums = jnp.sum(part, axis=1)
            feature_values = jnp.where(row_sums == 0, 0, feature_values)
            feature_values_array = feature_values[:, None]
            inv_features.append(feature_values_array)

        return jnp.concatenate(inv_features, axis=1)


def test_onehotEncoder():
    manual_categories = [[1, 1.1, 3.25], [2.0, 4.32, 6.10]]
    sim = spsim.Simulator.simple(3, libspu.ProtocolKind.ABY3, libspu.FieldType.FM64)
    X = jnp.array([[1, 2.0], [3.25, 4.32], [1.1, 6.10]], dtype=jnp.float64)
    Y = jnp.array([[1, 2.1], [3.21, 4.32], [1.1, 6.10]], dtype=jnp.float64)

    def onehotEncode(X, Y):
        onehotEncoder = OneHotEncoder(categories=manual_categories)
        onehotEncoder.fit(X)
        encoded = onehotEncoder.transform(Y)
        inverse_v = onehotEncoder.inverse_transform(encoded)
        return encoded, inverse_v

    return spsim.sim_jax(sim, onehotEncode)(X, Y)
