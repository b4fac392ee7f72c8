# Source: https://github.com/mlysy/pfjax/blob/ed76519ecc5b0cc11c5ff12e5b285f56333d1893/tests/interactive/test_pf.py
# Title: tests/interactive/test_pf.py (interactive checks of the experimental particle filters)
# Cut: kept the imports, data set-up and the Rao-Blackwellized for-loop vs vmap comparison block (its
#      "if False:" guard removed, job grid written as a list); other blocks dropped; the data set-up
#      values (n_obs, n_particles, theta) are reconstructed, not copied.
import jax
import jax.numpy as jnp
import jax.random as random
import jax.tree_util as jtu
import pfjax as pf
import pfjax.experimental.particle_filter as pfex
from pfjax.models import BMModel

key = random.PRNGKey(0)
theta = jnp.array([5., 1., .1])
dt = .1
n_obs = 100
n_particles = 25
x_init = jnp.array(0.)
bm_model = BMModel(dt=dt)
key, subkey = random.split(key)
y_meas, x_state = pf.simulate(bm_model, subkey, n_obs, x_init, theta)
key, subkey = random.split(key)

# test for-loop vs vmap
# for-loop is very slow, so skip history=True
for score, fisher in [(False, False), (True, False), (True, True)]:
    # rb filter for-loop
    pf_out1 = pfex.particle_filter_rb(
        bm_model, subkey, y_meas, theta, n_particles,
        score=score, fisher=fisher,
        history=False, tilde_for=True)
    # rb filter vmap
    pf_out2 = pfex.particle_filter_rb(
        bm_model, subkey, y_meas, theta, n_particles,
        score=score, fisher=fisher,
        history=False, tilde_for=False)
    max_diff = jtu.tree_map(lambda a, b: jnp.max(jnp.abs(a - b)), pf_out1, pf_out2)
