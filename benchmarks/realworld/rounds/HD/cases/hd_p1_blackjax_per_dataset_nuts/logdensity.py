# Source: https://github.com/maltelueken/eam-abi-robustness/blob/8373785dd14b0749e5afc11915b1cb9cf374e735/test_nle.ipynb
# Title: test_nle.ipynb (neural likelihood estimation for an RDM model, then NUTS per test data set)
# Cut: cells 0, 36 and 37 converted to a module; the bayesflow simulator, adapter and trained
#      approximator come from cells 1-15 of the notebook and are taken as given here.
import os

os.environ["KERAS_BACKEND"] = "jax"

import keras
import jax
import jax.numpy as jnp

simulator = None      # bf simulator built in cell 8 of the notebook
adapter = None        # bf.Adapter built in cell 10
approximator = None   # trained bf.ContinuousApproximator (cells 11-15)

# one NUTS chain per simulated test data set
test_data = simulator.sample((10,))
data = keras.tree.map_structure(keras.ops.convert_to_tensor, adapter(test_data, strict=True, stage="inference"))


@jax.jit
def logdensity_fun(x, data):
    data["inference_conditions"] = jnp.tile(x, (1, 500, 1))

    return jnp.sum(approximator._log_prob(**data), axis=-1)
