# Source: https://github.com/probml/probml-notebooks/blob/d6456c4aed5ac40251a563a490da82509c10567d/notebooks/sinkhorn_knopp_algorithm.ipynb
# Title: notebooks/sinkhorn_knopp_algorithm.ipynb (Sinkhorn iteration in JAX, probml-notebooks PR #28)
# Cut: notebook code cells 2-8 converted to a script; the NumPy reference version and plotting cells dropped.
import jax
import jax.numpy as jnp
from jax import jit
import numpy as np
from tqdm.notebook import trange

from sklearn.datasets import make_circles
from scipy.spatial import distance_matrix


@jit
def scale_cols_and_rows(P):
  P *= (r / P.sum(1)).reshape((-1, 1))
  P *= (c / P.sum(0)).reshape((1, -1))
  return P


def sinkhorn_knopp_jax(M, r, c, lam, niter=100000):
  M = jnp.array(M)
  n, m = M.shape
  P = jnp.exp(- lam * M)
  P /= P.sum()
  # normalize this matrix
  for i in trange(niter):
      P = scale_cols_and_rows(P)
  return P, jnp.sum(P * M)


n_samples = 10000
X, y = make_circles(n_samples=n_samples, noise=0.05,
                    factor=0.5, shuffle=False)
X1 = X[y==0]
X2 = X[y==1]

n, m = len(X1), len(X2)

r = np.ones(n) / n
c = np.ones(m) / m

M = jnp.array(distance_matrix(X1, X2))

P, d = sinkhorn_knopp_jax(M, r, c, lam=30, niter=1000)
