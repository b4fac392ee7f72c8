# Source: https://github.com/google-research/google-research/blob/5b09c22d73a9d35eb6c5d2a99b95677a45053466/persistent_es/gradient_estimators.py
# Title: persistent_es/gradient_estimators.py (Gradient estimators: ES, PES, TBPTT, RTRL, UORO)
# Cut: only the TBPTT particle is kept (the estimator used with --estimate=tbptt); ES/PES/RTRL/UORO
#      classes and the MultiParticleEstimator wrapper removed; the reset test guards T=None (reconstructed).
import jax


class TBPTTParticle:

  def __init__(self, key, init_state_fn, unroll_fn, K, T, initial_reset_t=None):
    super().__init__()

    self.key = key
    self.T = T
    self.K = K
    self.unroll_fn = unroll_fn
    self.init_state_fn = init_state_fn

    self.has_been_reset = False
    self.initial_reset_t = initial_reset_t if initial_reset_t else T

    self.reset()

    self.unroll_grad = jax.jit(
        jax.grad(unroll_fn, argnums=1, has_aux=True),
        static_argnames=('T', 'K'))

  def reset(self):
    self.state = self.init_state_fn(self.key)

  def grad_estimate(self, theta, update_state=True):
    key, skey = jax.random.split(self.key)
    gradient, _ = self.unroll_grad(skey, theta, self.state, self.T, self.K)

    if update_state:
      self.key = key
      _, self.state = self.unroll_fn(skey, theta, self.state, self.T, self.K)

      if (self.T is not None) and ((self.state.t >= self.T) or
          (not self.has_been_reset and (self.state.t >= self.initial_reset_t))):
        self.has_been_reset = True
        self.reset()

    return gradient
