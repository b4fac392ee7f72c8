# Source: https://github.com/sungyubkim/gex/blob/29b01c9f5de03c13fbcc4a9b8ab4ef8f799d3ea7/influence/arnoldi.py
# Title: influence/arnoldi.py (influence functions with Arnoldi iteration, after Schioppa et al. 2022)
# Cut: grad_fn, hvp_fn, arnoldi, distill and change_basis verbatim; loss_fn, jvp, proj_dataset and
#      compute_influence_arnoldi removed.

from random import random
from absl import flags
import jax
import jax.numpy as jnp
import optax
import numpy as np
import pandas as pd
from tqdm import tqdm
from time import time

from gex.utils import ckpt, metrics, mp, tool

FLAGS = flags.FLAGS

@jax.grad
def grad_fn(params, trainer, batch, rng):
    _, unravel_fn = tool.params_to_vec(trainer.params, True)
    logit = tool.forward(unravel_fn(params), trainer, batch['x'], rng=rng, train=False)
    if FLAGS.problem_type=='reg':
        loss = 0.5 * ((logit - batch['y'])**2).sum(axis=-1).mean()
    elif FLAGS.problem_type=='cls':
        loss = - (jax.nn.log_softmax(logit) * optax.smooth_labels(batch['y'], FLAGS.label_smooth)).sum(axis=-1).mean()
    elif FLAGS.problem_type=='multitask':
        log_prob = jax.nn.log_sigmoid(logit)
        log_not_prob = jax.nn.log_sigmoid(-logit)
        label = (1-FLAGS.label_smooth) * batch['y'] + FLAGS.label_smooth * (1-batch['y'])
        loss = - (label * log_prob + (1-label) * log_not_prob).sum(axis=-1).mean()
    return loss

@jax.pmap
@jax.grad
def hvp_fn(params, v, trainer, batch, rng):
    grad = grad_fn(params, trainer, batch, rng)
    gvp = (grad * v).sum()
    return gvp


def arnoldi(trainer_r, dataset_tr, rng):
    trainer = mp.unreplicate(trainer_r)
    vec_params = tool.params_to_vec(trainer.params)
    vec_params_r = mp.replicate(vec_params)

    proj = []
    appr_mat = np.zeros((FLAGS.arnoldi_iter, FLAGS.arnoldi_iter-1))
    rng, rng_ = jax.random.split(rng)
    vec0 = jax.random.normal(rng_, vec_params.shape)
    vec0 = vec0 / jnp.sqrt((vec0**2).sum())
    proj.append(vec0)
    rng = jax.random.PRNGKey(42)
    
    for n in tqdm(range(FLAGS.arnoldi_iter-1)):
        rng, rng_ = jax.random.split(rng)
        batch_tr = next(dataset_tr)
        vec = hvp_fn(
            vec_params_r, 
            mp.replicate(proj[n]), 
            trainer_r, 
            batch_tr,
            mp.replicate(rng_),
            )
        vec = np.array(jnp.mean(vec, axis=0))
        
        for j, proj_vec in enumerate(proj):
            appr_mat[j, n] = (vec @ proj_vec)
            vec = vec - appr_mat[j, n] * proj_vec
            
        new_norm = np.sqrt((vec**2).sum())
        
        if new_norm < 1e-6:
            appr_mat[n+1, n] = 0
            vec = np.zeros_like(vec)
            proj.append(vec)
            break
            
        appr_mat[n+1, n] = new_norm
        vec = vec / appr_mat[n+1, n]
        vec = np.array(vec)
        proj.append(vec)
    
    return appr_mat, proj

def distill(appr_mat, proj):
    
    appr_mat = appr_mat[:-1, :]
    n = appr_mat.shape[0]

    # Make appr_mat Hermitian and tridiagonal when force_hermitian=True.
    for i in range(n):
        for j in range(n):
            if i - j > 1 or j - i > 1:
                appr_mat[i, j] = 0
    # Make Hermitian.
    appr_mat = .5 * (appr_mat + appr_mat.T)
    
    # Get eigenvalues / vectors for Hermitian matrix.
    eigvals, eigvecs = np.linalg.eigh(appr_mat)
    # Sort the eigvals by absolute value.
    # idx = np.argsort(np.abs(eigvals))
    # eigvals = eigvals[idx]
    # eigvecs = eigvecs[:, idx]
    
    reduced_projections = change_basis(
        eigvecs[:, -FLAGS.arnoldi_dim:],
        proj[:-1],
    )
            
    return eigvals[-FLAGS.arnoldi_dim:], reduced_projections

def change_basis(matrix, proj):
    out = []
    for j in range(matrix.shape[1]):
        element = np.zeros_like(proj[0])
        for i in range(matrix.shape[0]):
            element = element + matrix[i, j] * proj[i]
        out.append(element)
    return np.array(out)

