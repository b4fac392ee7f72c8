# Source: https://github.com/jpmorganchase/jpmc-qcware-deephedging/blob/2e8619393b7a9acf38e9ec7a38176c24bb43ffc7/Part_1/source/qnn.py
# Title: jpmc-qcware-deephedging Part_1/source/qnn.py (ortho_linear_hardware)
# Cut: kept the apply_fn of the hardware orthogonal layer (circuits prepared per input row and sent
#      to a backend by run_circuit); init_fn, pyramid layout and docstring omitted.
import jax.numpy as jnp
import numpy as np
from jax import lax


def ortho_linear_hardware(prepare_circuit, run_circuit, n_features: int,
                          normalize_inputs=True, normalize_stop_gradient=True,
                          with_scale=True, with_bias=True):

    def apply_fn(params, state, key, inputs, **kwargs):
        circuit_dim = int(2 ** np.ceil(np.log2(max(inputs.shape[-1], n_features))))
        if normalize_inputs:
            norm = jnp.linalg.norm(inputs, axis=-1)[..., None]
            if normalize_stop_gradient:
                norm = lax.stop_gradient(norm)
            inputs /= norm
        if inputs.shape[-1] < circuit_dim:
            zeros = jnp.zeros((*inputs.shape[:-1], circuit_dim - inputs.shape[-1]))
            inputs = jnp.concatenate([zeros, inputs], axis=-1)
        # Step 2: generate the circuits
        circs = []
        out_shape = inputs.shape[:-1] + (n_features,)
        for input in inputs.reshape(-1, circuit_dim):
            circs.append(prepare_circuit(input, params["t"]))
        # run circuits and truncate to desired number of outputs
        outputs = jnp.array(run_circuit(circs, circuit_dim))[..., -n_features:]
        outputs = outputs.reshape(out_shape)
        if with_scale:
            outputs *= params["s"]
        if with_bias:
            outputs += params["b"]
        return outputs, state

    return apply_fn
