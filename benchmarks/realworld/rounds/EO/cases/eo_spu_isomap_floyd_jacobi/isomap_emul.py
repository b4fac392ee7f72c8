# Source: https://github.com/secretflow/spu/blob/84965d67d4737a81ff7ec96d214b927b7804b5a9/sml/sml/manifold/emulations/isomap_emul.py
# Title: sml/sml/manifold/emulations/isomap_emul.py (SPU sml)
# Cut: license header, sklearn comparison and printing dropped; the emulator.run call (SPU traces the function with JAX) kept.
import time

import jax
import jax.numpy as jnp

import sml.utils.emulation as emulation
from sml.manifold.isomap import ISOMAP


def emul_isomap(mode: emulation.Mode.MULTIPROCESS):
    try:
        emulator = emulation.Emulator(
            emulation.CLUSTER_ABY3_3PC, mode, bandwidth=300, latency=20
        )
        emulator.up()

        def isomap(sX, num_samples, num_features, k, num_components):
            embedding = ISOMAP(
                n_components=num_components,
                n_neighbors=k,
                n_samples=num_samples,
                n_features=num_features,
            )
            X_transformed = embedding.fit_transform(sX)
            return X_transformed

        num_samples = 20  # Number of samples, isomap can meet larger num_samples, such as 150
        num_features = 4
        k = 6
        num_components = 3

        seed = int(time.time())
        key = jax.random.PRNGKey(seed)
        X = jax.random.uniform(key, shape=(num_samples, num_features), minval=0.0, maxval=1.0)

        sX = emulator.seal(X)
        ans = emulator.run(isomap, static_argnums=(1, 2, 3, 4))(
            sX, num_samples, num_features, k, num_components
        )
        return ans
    finally:
        emulator.down()
