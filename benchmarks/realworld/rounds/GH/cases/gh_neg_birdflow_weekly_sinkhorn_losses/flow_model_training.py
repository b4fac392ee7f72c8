# Source: https://github.com/jacobe90/birdflow-bilevel/blob/7166cd3e6cac282da1862cd8a001f91aadae4473/src/flow_model_training.py
# Title: birdflow-bilevel: src/flow_model_training.py (Wasserstein observation loss per week with ott-jax Sinkhorn)
# Cut: kept imports, get_epsilons, the jitted Sinkhorn solver, w2_distance, w2_obs_loss, the other losses, w2_loss_fn and loss_fn; Scheduler, data masking and the training loop cut

from flow_model import FlowModel, model_forward

import haiku as hk
import optax

from collections import namedtuple

import jax.numpy as jnp
from jax import jit, value_and_grad, grad, vmap
from scipy.spatial.distance import pdist, squareform
from functools import partial
from ott.solvers import linear
from ott.geometry import pointcloud, geometry
from ott import utils
from jaxtyping import Array, Float, Int
from ott.solvers.linear.implicit_differentiation import ImplicitDiff

import jax

Datatuple = namedtuple('Datatuple', ['weeks', 'ncol', 'nrow', 'cells', 'distances', 'masks', 'big_mask'])

def get_epsilons(d_matrices_for_week):
    epsilons = []
    for d_matrix in d_matrices_for_week:
        geom = geometry.Geometry(cost_matrix=d_matrix, epsilon=None)
        epsilons.append(geom.epsilon)   # get the default epsilon, based on mean of cost matrix
    return list(epsilons)

sinkhorn_solver = jit(partial(linear.solve,
                              max_iterations=5000,
                              threshold=5e-2,
                              implicit_diff=ImplicitDiff()))

W2_OBS_MULTIPLIER = 5e-3

def w2_distance(pred, true, d_matrix, eps):
    geom = geometry.Geometry(cost_matrix=d_matrix, epsilon=eps)
    ot = sinkhorn_solver(geom, a=pred, b=true)
    return ot.reg_ot_cost

def w2_obs_loss(pred_densities, true_densities, d_matrices_for_week, epsilons):
    w2_obs = 0
    for pred, true, d_matrix, eps in zip(pred_densities, true_densities, d_matrices_for_week, epsilons):
        w2_obs += w2_distance(pred, true, d_matrix, eps)
    return W2_OBS_MULTIPLIER * w2_obs

def obs_loss(pred_densities, true_densities):
    obs = 0
    for pred, true in zip(pred_densities, true_densities):
        residual = true - pred
        obs += jnp.sum(jnp.square(residual))
    return obs

def distance_loss(flows, d_matrices):
    dist = 0
    for flow, d_matrix in zip(flows, d_matrices):
        dist += jnp.sum(flow * d_matrix)
    return dist

def entropy(probs):
    logp = jnp.log(probs)
    ent = probs * logp
    h = -1 * jnp.sum(ent)
    return h

def ent_loss(probs, flows):
    ent = 0
    for p in probs:
        ent += entropy(p)
    for f in flows:
        ent -= entropy(f)
    return ent

def w2_loss_fn(params, cells, true_densities, d_matrices, d_matrices_for_week, epsilons, obs_weight, dist_weight, ent_weight):
    weeks = len(true_densities)
    pred = model_forward.apply(params, None, cells, weeks)
    d0, flows = pred
    pred_densities = [d0] + [jnp.sum(flow, axis=0) for flow in flows]

    obs = w2_obs_loss(pred_densities, true_densities, d_matrices_for_week, epsilons)
    dist = distance_loss(flows, d_matrices)
    ent = ent_loss(pred_densities, flows)
    
    return (obs_weight * obs) + (dist_weight * dist) + (ent_weight * ent), (obs, dist, ent)

def loss_fn(params, cells, true_densities, d_matrices, obs_weight, dist_weight, ent_weight):
    weeks = len(true_densities)
    pred = model_forward.apply(params, None, cells, weeks)
    d0, flows = pred
    pred_densities = [d0] + [jnp.sum(flow, axis=0) for flow in flows]
    
    obs = obs_loss(pred_densities, true_densities)
    dist = distance_loss(flows, d_matrices)
    ent = ent_loss(pred_densities, flows)
    
    return (obs_weight * obs) + (dist_weight * dist) + (ent_weight * ent), (obs, dist, ent)
