# Source: https://github.com/amartya-mitra/multiagentgames/blob/8c81009bd6380bd084e094aea6432afde065ee03/src/multiagentgames/expt/ipd_exact.py
# Title: src/multiagentgames/expt/ipd_exact.py (Iterated Prisoner's Dilemma: SOS/LOLA vs naive learners)
# Cut: imports made explicit; ipd() inlined from game/simple.py; only naive/lola/sos kept in the algorithm
#      list; plotting cut.
from functools import partial

import jax
import jax.numpy as jp
import jax.scipy as jsp
import numpy as np
from jax import jit, vmap, random
from jax.nn import sigmoid

from exact import Algorithms


def ipd(gamma=0.96):
  dims = [5, 5]
  payout_mat_1 = jp.array([[-1,-3],[0,-2]])
  payout_mat_2 = payout_mat_1.T
  def Ls(th):
    p_1_0 = sigmoid(th[0][0:1])
    p_2_0 = sigmoid(th[1][0:1])
    p = jp.stack([p_1_0*p_2_0, p_1_0*(1-p_2_0), (1-p_1_0)*p_2_0, (1-p_1_0)*(1-p_2_0)], axis=1)
    p_1 = jp.reshape(sigmoid(th[0][1:5]), (4, 1))
    p_2 = jp.reshape(sigmoid(th[1][1:5]), (4, 1))
    P = jp.stack([p_1*p_2, p_1*(1-p_2), (1-p_1)*p_2, (1-p_1)*(1-p_2)], axis=1).reshape((4,4))
    M = -jp.dot(p, jsp.linalg.inv(jp.eye(4)-gamma*P))
    L_1 = jp.dot(M, jp.reshape(payout_mat_1, (4, 1)))
    L_2 = jp.dot(M, jp.reshape(payout_mat_2, (4, 1)))
    return jp.array([L_1.reshape(-1)[0], L_2.reshape(-1)[0]])
  return dims, Ls


def init_th(dims, std, rng):
  th = []
  init=random.normal(rng, shape=(jp.sum(jp.array(dims)),))
  if std > 0:
    init*=std
  for i in range(len(dims)):
    th.append(init[:dims[i]])
    init=init[dims[i]:]
  return jp.array(th)

def main():
    rng = jax.random.PRNGKey(1234)

    gamma = 0.96
    dims, Ls = ipd(gamma)
    num_runs = 100
    num_epochs = 200
    algo_hp = {
        'naive': {'eta': 1.0},
        'lola0': {'eta': 1.0, 'alpha': 1.0},
        'sos': {'eta': 1.0, 'alpha': 1.0, 'a': 0.5, 'b': 0.1},
    }
    hp = {}
    std = 1
    algo_list = ['NAIVE', 'LOLA0', 'SOS']

    theta = vmap(partial(init_th, dims, std))(jax.random.split(rng, num_runs))
    prob_fn = jit(vmap(sigmoid))

    probslist = []
    for algo in [s.lower() for s in algo_list]:
        losses_out = np.zeros((num_runs, num_epochs))
        update_fn=jit(vmap(partial(getattr(Algorithms, algo), Ls), in_axes=(0, None), out_axes=(0, 0)), static_argnums=1)
        th = theta
        for k,v in algo_hp[algo].items():
            hp[k] = v
        for k in range(num_epochs):
            th, losses = update_fn(th, hp)
            losses_out[:, k] = (1-gamma)*losses[:, 0]
        probslist.append(prob_fn(th))
