# Source: https://github.com/probml/dynamax/blob/cfb005fa18678fc1b91d03724d77b442312e1e3b/dynamax/nonlinear_gaussian_ssm/inference_ukf.py
# Cut from: benchmarks/realworld/cases/p2_dynamax_ukf_sigma_points
# Cut: dynamax's _compute_sigmas, _predict and the lax.scan filter loop that calls it (the update step,
#      smoother and type annotations dropped); the 16-dimensional dynamics, the weights (as in
#      dynamax's sarkka_lib) and the 40-step inputs are ours, and a loss of the predicted means is
#      differentiated with respect to the initial mean. The rewrite: mean + distances.T (no column
#      slices, one dense backward). profile ties what a traced function's helpers build to its own
#      line: the 2 x 16 column slices of _compute_sigmas (32 pads into 16 x 16 zeros per step) show at
#      loss's return line, so the cliff is marked there.
import jax
import jax.numpy as jnp
from jax import lax
from jax import vmap

_outer = vmap(lambda x, y: jnp.atleast_2d(x).T @ jnp.atleast_2d(y), 0, 0)


def _compute_sigmas(mean, cov, dim, scale):
    """Compute (2n+1) sigma points used for inputs to  unscented transform."""
    distances = jnp.sqrt(dim + scale) * jnp.linalg.cholesky(cov)
    sigma_plus = jnp.array([mean + distances[:, i] for i in range(dim)])
    sigma_minus = jnp.array([mean - distances[:, i] for i in range(dim)])
    return jnp.concatenate((jnp.array([mean]), sigma_plus, sigma_minus))


def _predict(prior_mean, prior_cov, dynamics_func, dynamics_cov, lamb, weights_mean, weights_cov, inpt):
    n = len(prior_mean)
    sigmas_pred = _compute_sigmas(prior_mean, prior_cov, n, lamb)
    u_s = jnp.array([inpt] * len(sigmas_pred))
    sigmas_pred_prop = vmap(dynamics_func, (0, 0), 0)(sigmas_pred, u_s)
    m_pred = jnp.tensordot(weights_mean, sigmas_pred_prop, axes=1)
    P_pred = jnp.tensordot(weights_cov, _outer(sigmas_pred_prop - m_pred, sigmas_pred_prop - m_pred), axes=1) \
        + dynamics_cov
    return m_pred, P_pred


def unscented_kalman_filter(f, Q, lamb, w_mean, w_cov, m0, P0, inputs):
    def _step(carry, t):
        filtered_mean, filtered_cov = carry
        u = inputs[t]
        pred_mean, pred_cov = _predict(filtered_mean, filtered_cov, f, Q, lamb, w_mean, w_cov, u)
        return (pred_mean, pred_cov), pred_mean

    _, outputs = lax.scan(_step, (m0, P0), jnp.arange(len(inputs)))
    return outputs


n, num_timesteps = 16, 40
alpha, beta, kappa = 1.0, 2.0, 0.0
lamb = alpha**2 * (n + kappa) - n
factor = 1 / (2 * (n + lamb))
w_mean = jnp.concatenate((jnp.array([lamb / (n + lamb)]), jnp.ones(2 * n) * factor))
w_cov = jnp.concatenate((jnp.array([lamb / (n + lamb) + (1 - alpha**2 + beta)]), jnp.ones(2 * n) * factor))
dynamics = lambda x, u: x + 0.1 * jnp.sin(jnp.roll(x, 1)) + u
Q = 0.01 * jnp.eye(n)
P0 = 0.5 * jnp.eye(n)
inputs = 0.05 * jnp.sin(jnp.arange(num_timesteps * n, dtype=jnp.float32).reshape(num_timesteps, n))
m0 = jnp.linspace(-1.0, 1.0, n)


def loss(m0):
    return jnp.sum(unscented_kalman_filter(dynamics, Q, lamb, w_mean, w_cov, m0, P0, inputs) ** 2)  # cliff: slice-backward


value, grad = jax.jit(jax.value_and_grad(loss))(m0)
print(f"{float(value):.4f} {float(jnp.sum(grad)):.4f}")
