# Source: https://github.com/sungyubkim/gex/blob/29b01c9f5de03c13fbcc4a9b8ab4ef8f799d3ea7/laplace/kfac.py
# Title: laplace/kfac.py (K-FAC Laplace posterior sampling for GEX influence estimation)
# Cut: sample() and the diag/full/kfac_matpower_norm helpers kept; posterior fitting, the evd/svd variants,
#      save/restore removed.

from functools import partial
import numpy as np
import jax
import jax.numpy as jnp
from absl import flags
from tqdm import tqdm
import optax
from time import time
import os
import pickle

from gex.utils import ckpt, metrics, mp, tool
# import kfac_jax
# from kfac_jax._src import utils

FLAGS = flags.FLAGS

@partial(jax.pmap, static_broadcasted_argnums=(0, 4))
def sample(estimator, estimator_state, trainer, rng, identity_weight):
    
    power = -0.5
    blocks_params = estimator.params_vector_to_blocks_vectors(trainer.params)
    vec_params, unravel_fn = tool.params_to_vec(trainer.params, True)
    vectors = jax.random.normal(rng, vec_params.shape, jnp.float32)
    vectors = unravel_fn(vectors)
    blocks_vectors = estimator.params_vector_to_blocks_vectors(vectors)
    identity_weight = utils.to_tuple_or_repeat(identity_weight, estimator.num_blocks)
    
    result = []
    for i in range(estimator.num_blocks):
        block = estimator.blocks[i]
        block_state = estimator_state.blocks_states[i]
        block_param = blocks_params[i]
        block_vector = blocks_vectors[i]
        block_identity_weight = identity_weight[i]
        
        if hasattr(block_state, 'diagonal_factors'):
            res = diag_matpower(block, block_state, block_param, block_vector, block_identity_weight, power)
        
        elif hasattr(block_state, 'inputs_factor'):
            res = kfac_matpower_norm(block, block_state, block_param, block_vector, block_identity_weight, power)
            
        elif hasattr(block_state, 'matrix'):
            res = full_matpower(block, block_state, block_param, block_vector, block_identity_weight, power)
            
        result.append(res)
        
    result = estimator.blocks_vectors_to_params_vector(result)
    
    return result

def diag_matpower(block, state, param, vector, identity_weight, power):
    scale = 100 # Since Orphan layers use sq. of avg. grad. instead of avg. of sq. of grad. we scale for NaiveDiagonal.
    if FLAGS.use_connect:
        factors = tuple(f.value * (p**2) * scale + identity_weight 
                        for p, f in zip(param, state.diagonal_factors))
    else:
        factors = tuple(f.value * scale + identity_weight 
                        for f in state.diagonal_factors)
    assert len(factors) == len(vector)
    result = tuple(jnp.power(f, power) * v for f, v in zip(factors, vector))
    return result

def full_matpower(block, state, param, vector, identity_weight, power):
    param =  block.parameters_list_to_single_vector(param)
    vector = block.parameters_list_to_single_vector(vector)
    
    matrix = state.matrix.value
    if FLAGS.use_connect:
        param = jnp.diag(param)
        matrix = (param @ (matrix @ param))
    s, q = utils.safe_psd_eigh(matrix)
    
    result = jnp.matmul(jnp.transpose(q), vector)
    result = jnp.power(s + identity_weight, power) * result
    result = jnp.matmul(q, result)
    
    return block.single_vector_to_parameters_list(result)
    

# approximation with isotroical assumption
def kfac_matpower_norm(block, state, param, vector, identity_weight, power):
    param =  block.parameters_shaped_list_to_single_matrix(param)
    vector = block.parameters_shaped_list_to_single_matrix(vector)
    
    aat = state.inputs_factor.value
    ggt = state.outputs_factor.value
    s_i, q_i = utils.safe_psd_eigh(aat)
    s_o, q_o = utils.safe_psd_eigh(ggt)
    
    if FLAGS.use_connect:
        param_norm = jnp.linalg.norm(param, ord='fro')
        coef = param_norm**2
    else:
        coef = 1
        
    eigenvalues = coef * jnp.outer(s_i, s_o) + identity_weight
    eigenvalues = jnp.power(eigenvalues, power)
    result = utils.kronecker_eigen_basis_mul_v(q_o, q_i, eigenvalues, vector)
    result = block.single_matrix_to_parameters_shaped_list(result)
            
    return result

