# Source: https://github.com/google/jaxopt/blob/2de13bf01fd29e22862236a0d869f2b14e1629d4/examples/implicit_diff/sparse_coding.py
# Title: examples/implicit_diff/sparse_coding.py -- task-driven sparse dictionary learning with jaxopt
# Cut: license and docstrings dropped; main stops after the first (no-task) dictionary.
from absl import app
from absl import flags

import functools
from typing import Any
from typing import Callable
from typing import Mapping
from typing import Optional

import unittest

import jax
import jax.numpy as jnp
from jax.nn import softplus

from jaxopt import loss
from jaxopt import OptaxSolver
from jaxopt import projection
from jaxopt import prox
from jaxopt import ProximalGradient

import optax
from sklearn import datasets


flags.DEFINE_integer("num_examples", 74, "NUmber of examples.")
flags.DEFINE_integer("num_components", 7, "Number of atoms in dictionnary.")
flags.DEFINE_integer("num_features", 13, "Number of features.")
flags.DEFINE_integer("sparse_coding_maxiter", 100, "Number of iterations for sparse coding.")
flags.DEFINE_integer("maxiter", 10, "Number of iterations of the outer loop.")
flags.DEFINE_float("elastic_penalty", 0.01, "Strength of L2 penalty relative to L1.")
flags.DEFINE_float("regularization", 0.01, "Regularization strength of elastic penalty.")
flags.DEFINE_enum("reconstruction_loss", "squared", ["squared", "abs", "huber"], "Loss used to build dictionnary.")
FLAGS = flags.FLAGS


def dictionary_loss(
    codes: jnp.ndarray,
    dictionary: jnp.ndarray,
    data: jnp.ndarray,
    reconstruction_loss_fun: Callable[[jnp.ndarray, jnp.ndarray],
                                      jnp.ndarray] = None):
  if reconstruction_loss_fun is None:
    reconstruction_loss_fun = lambda x, y: 0.5 * jnp.sum((x - y)**2)
  pred = codes @ dictionary
  return reconstruction_loss_fun(data, pred)



def make_task_driven_dictionary_learner(
    task_loss_fun: Optional[Callable[[Any, Any, Any, Any], float]] = None,
    reconstruction_loss_fun: Optional[Callable[[jnp.ndarray, jnp.ndarray],
                                               jnp.ndarray]] = None,
    optimizer = None,
    sparse_coding_kw: Mapping[str, Any] = None,
    **kwargs):
  def learner(data: jnp.ndarray,
              n_components: int,
              regularization: float,
              elastic_penalty: float,
              task_vars_init: jnp.ndarray = None,
              task_params: jnp.ndarray = None,
              dic_init: Optional[jnp.ndarray] = None):

    return _task_sparse_dictionary_learning(data, n_components, regularization,
                                            elastic_penalty, task_vars_init,
                                            optimizer,
                                            dic_init, task_params,
                                            reconstruction_loss_fun,
                                            task_loss_fun,
                                            sparse_coding_kw, **kwargs)

  return learner


def _task_sparse_dictionary_learning(
    data: jnp.ndarray,
    n_components: int,
    regularization: float,
    elastic_penalty: float,
    task_vars_init: jnp.ndarray,
    optimizer=None,
    dic_init: Optional[jnp.ndarray] = None,
    task_params: jnp.ndarray = None,
    reconstruction_loss_fun: Callable[[jnp.ndarray, jnp.ndarray],
                                      jnp.ndarray] = None,
    task_loss_fun: Callable[[Any, Any, Any, Any], float] = None,
    sparse_coding_kw: Mapping[str, Any] = None,
    maxiter: int = 100):

  if dic_init is None:
    _, _, dic_init = jax.scipy.linalg.svd(data, False)
    dic_init = dic_init[:n_components, :]

  has_task = task_loss_fun is not None

  # Loss function, dictionary learning in addition to task driven loss
  def loss_fun(params, hyper_params):
    dic, task_vars = params
    coding_params, task_params = hyper_params
    codes = sparse_coding(
        dic,
        coding_params,
        reconstruction_loss_fun=reconstruction_loss_fun,
        sparse_coding_kw=sparse_coding_kw)
    if optimizer is not None:
      dic = projection.projection_l2_sphere(dic)

    if has_task:
      loss = task_loss_fun(codes, dic, task_vars, task_params)
    else:
      loss = dictionary_loss(codes, dic, data, reconstruction_loss_fun)
    return loss, codes

  def prox_dic(params, hyper, step):
    # Here projection/prox is only applied on the dictionary.
    del hyper, step
    dic, task_vars = params
    return projection.projection_l2_sphere(dic), task_vars

  if optimizer is None:
    solver = ProximalGradient(fun=loss_fun, prox=prox_dic, has_aux=True)
    params = (dic_init, task_vars_init)
    state = solver.init_state(
      params,
      None,
      hyper_params=((data, regularization, elastic_penalty), task_params),
    )

    for _ in range(maxiter):
      params, state = solver.update(
          params, state, None,
          ((data, regularization, elastic_penalty), task_params))

      # Normalize dictionary before returning it.
      dic, task_vars = prox_dic(params, None, None)

  else:
    solver = OptaxSolver(opt=optimizer, fun=loss_fun, has_aux=True)
    params = (dic_init, task_vars_init)
    state = solver.init_state(
      params,
      hyper_params=((data, regularization, elastic_penalty), task_params),
    )

    for _ in range(maxiter):
      params, state = solver.update(
          params, state,
          ((data, regularization, elastic_penalty), task_params))

      # Normalize dictionary before returning it.
      dic, task_vars = prox_dic(params, None, None)

  if has_task:
    return dic, task_vars
  return dic



def sparse_coding(dic, params, reconstruction_loss_fun=None,
                  sparse_coding_kw=None, codes_init=None):
  sparse_coding_kw = {} if sparse_coding_kw is None else sparse_coding_kw
  loss_fun = functools.partial(dictionary_loss,
                               reconstruction_loss_fun=reconstruction_loss_fun)
  data, regularization, elastic_penalty = params
  n_components, _ = dic.shape
  n_points, _ = data.shape

  if codes_init is None:
    codes_init = jnp.zeros((n_points, n_components))

  solver = ProximalGradient(
      fun=loss_fun,
      prox=prox.prox_elastic_net,
      **sparse_coding_kw)

  codes = solver.run(codes_init, [regularization, elastic_penalty],
                     dic, data).params
  return codes



def main(argv):
  del argv

  # needed for asserts
  tc = unittest.TestCase()

  N = FLAGS.num_examples
  k = FLAGS.num_components
  d = FLAGS.num_features
  # X is N x d
  # dic is k x d
  X, dictionary_0, codes_0 = datasets.make_sparse_coded_signal(
      n_samples=N,
      n_components=k,
      n_features=d,
      n_nonzero_coefs=k//2,
      random_state=0,
  )
  X = X.T # bug in https://github.com/scikit-learn/scikit-learn/issues/19894
  X = .1 * X + .0001 * jax.random.normal(jax.random.PRNGKey(0), (N, d))

  if FLAGS.reconstruction_loss == "squared":
    reconstruction_loss_fun = None
  elif FLAGS.reconstruction_loss == "abs":
    reconstruction_loss_fun = lambda x, y: jnp.sum(jnp.abs(x - y)**2.1)
  elif FLAGS.reconstruction_loss == "huber":
    reconstruction_loss_fun = lambda x, y: jnp.sum(loss.huber_loss(x, y, .01))
  else:
    raise ValueError(f"Unkwown reconstruction_loss {FLAGS.reconstruction_loss}")

  elastic_penalty = FLAGS.elastic_penalty
  regularization = FLAGS.regularization

  # slightly complicated Vanilla dictionary learning when no task.
  # complicated in the sense that Danskin is not used. Here using prox from
  # jaxopt.
  solver = jax.jit(
      make_task_driven_dictionary_learner(
          reconstruction_loss_fun=reconstruction_loss_fun, maxiter=FLAGS.maxiter,
          sparse_coding_kw={'maxiter': FLAGS.sparse_coding_maxiter}),
      static_argnums=(1, 8))  # n_components & reconstruction_loss_fun

  print("Create dictionnary with no task:", flush=True)
  # Compute dictionary
  dic_jop_0 = solver(
      X,
      n_components=k,
      regularization=regularization,
      elastic_penalty=elastic_penalty)
  tc.assertEqual(dic_jop_0.shape, (k, d))
  print(dic_jop_0)
