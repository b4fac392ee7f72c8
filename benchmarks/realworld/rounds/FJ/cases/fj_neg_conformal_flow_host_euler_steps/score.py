# Source: https://github.com/trevor-harris/flowcp/blob/d3a00710aa8e0e4c0ce2745434d817af3dfdee3e/flowcp/score.py
# Title: flowcp/score.py (nonconformity scores)
# Cut: kept the L2 score only; the L1, Huber, Gaussian, Student-t and Sobolev scores follow the same
#      pattern (per-sample score vmapped over calibration rows, value_and_grad vmapped over samples).
import jax 
import jax.numpy as jnp

# ============================================================
# L2
# ============================================================
class l2_nonconf:
  def __init__(self):
    pass

  def fit(self, y: jnp.ndarray, yhat: jnp.ndarray, alpha: jnp.ndarray):
    """
    alpha:   scalar or (A,) array in [0,1]
    """
    self.alpha = alpha
    self.n = y.shape[0]
    self.k_alpha = jnp.ceil((1.0 - self.alpha) * (self.n + 1)).astype(int)
    self.cal_scores = self.batch_score(y, yhat)                 # (N,)
    self.tau = jnp.sort(self.cal_scores)[self.k_alpha]          # scalar or (A,)

  def _score(self, y: jnp.ndarray, yhat: jnp.ndarray) -> jnp.ndarray:
    return jnp.sqrt(jnp.mean((y - yhat) ** 2))
  
  def batch_score(self, y: jnp.ndarray, yhat: jnp.ndarray) -> jnp.ndarray:
    return jax.vmap(self._score, in_axes=(0, 0))(y, yhat)
  
  score      = jax.vmap(_score, (None, 0, None))
  score_grad = jax.vmap(jax.value_and_grad(_score, argnums=1), (None, 0, None))
