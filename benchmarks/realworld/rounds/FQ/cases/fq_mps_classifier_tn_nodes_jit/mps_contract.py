# Source: https://github.com/google/TensorNetwork/issues/839
# Title: Jax slow for contractions and jit
# Cut: the first snippet up to predict(); the end of predict() (mean over the batch), the
#      parameter shapes and the timing driver are reconstructed (MPS classifier on MNIST pixels,
#      one site per pixel, as the issue describes).
import time

import numpy as np
import jax.numpy as jnp
from jax import jit, grad, vmap

import tensornetwork as tn
tn.set_default_backend("jax") # change to numpy, pytorch, tensorflow

@jit
def contract(params, inputs):
	""" Contracts the input and parameter MPS """
	params_mps = [tn.Node(params[0])] + [tn.Node(t) for t in params[1]] + [tn.Node(params[2])]
	input_mps = [tn.Node(t) for t in inputs]
	sites = len(input_mps)

	params_mps[0][1] ^ params_mps[1][1]
	[params_mps[k][2] ^ params_mps[k+1][1] for k in range(1, sites-1)]
	[params_mps[k][0] ^ input_mps[k][0] for k in range(sites)]

	contraction = tn.contractors.greedy(params_mps + input_mps, ignore_edge_order = True) # contraction could be parallelized

	return contraction.tensor

@jit
def predict(params, inputs):
	""" Computes mean of tensor network contraction over batch of input """
	result = vmap(contract, in_axes=(None, 0))(params, inputs)
	return jnp.mean(result)


if __name__ == "__main__":
	sites, d, D, batch = 196, 2, 10, 32
	params = (np.random.rand(d, D), np.random.rand(sites - 2, d, D, D), np.random.rand(d, D))
	inputs = np.random.rand(batch, sites, d)
	t0 = time.time()
	predict(params, inputs).block_until_ready()
	print("first call", time.time() - t0)
