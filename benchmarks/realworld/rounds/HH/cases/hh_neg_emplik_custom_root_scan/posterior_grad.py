# Source: https://github.com/currocam/handbook-abc-jax/blob/3222468d442b04129fbf8db3a37117683948c71f/notebooks/ep_empirical_likelihood.py
# Title: handbook-abc-jax, notebooks/ep_empirical_likelihood.py ("Laplace approximation (for comparison)" cell)
# Cut: marimo cells unwrapped to module level; the EP algorithm and the plots cut
#      (see hh_neg_ep_el_site_loop). emplik.py is the notebook's helper module.
import jax
import jax.numpy as jnp
import jax.random as jr
import numpyro.distributions as dist

from emplik import calc_lambda, calc_log_w

jax.config.update("jax_enable_x64", True)


def calc_log_pel_and_weights(h_func, data, theta):
    H = jax.vmap(lambda z: h_func(z, theta))(data)
    lbd = calc_lambda(H)
    log_w = calc_log_w(lbd, H)
    log_sum = jax.scipy.special.logsumexp(log_w)
    valid = jnp.allclose(log_sum, 0.0, atol=1e-3)
    log_pel = jax.lax.select(valid, jnp.sum(log_w), -jnp.inf)
    return log_pel, log_w


theta_true = 2.5
n_obs = 50
observed_y = dist.Poisson(theta_true).sample(jr.key(1), (n_obs,)).astype(jnp.float64)


def h_poisson(z, theta):
    """Moment condition for Poisson mean: E[Y - theta] = 0."""
    return jnp.atleast_1d(z - theta[0])


prior = dist.Uniform(0.0, 10.0)


def log_posterior(theta, data, h_func, prior_dist):
    """Log-posterior = log prior + log EL."""
    lp = prior_dist.log_prob(theta[0])
    log_pel, _ = calc_log_pel_and_weights(h_func, data, theta)
    return jnp.where(jnp.isfinite(lp), lp + log_pel, -jnp.inf)


# Find MAP via grid + Newton refinement
_grid = jnp.linspace(0.5, 8.0, 200)
_log_posts = jax.vmap(
    lambda t: log_posterior(jnp.atleast_1d(t), observed_y, h_poisson, prior)
)(_grid)
_theta_init = _grid[jnp.argmax(_log_posts)]

# Newton-Raphson for MAP
_grad_fn = jax.grad(lambda t: log_posterior(t, observed_y, h_poisson, prior))
_hess_fn = jax.hessian(lambda t: log_posterior(t, observed_y, h_poisson, prior))


def _newton_map(theta0, n_steps=30):
    def step(theta, _):
        g = _grad_fn(theta)
        H = _hess_fn(theta)
        delta = jnp.linalg.solve(H, -g)
        return theta + delta, None

    theta_final, _ = jax.lax.scan(step, theta0, None, length=n_steps)
    return theta_final


theta_map = _newton_map(jnp.atleast_1d(_theta_init))
laplace_precision = -_hess_fn(theta_map)
