# Source: https://github.com/Zaijab/data_science_utils/blob/341b1779206409ea8d8f38323407bb2903b6a3d1/data_science_utils/filtering/enkf.py
# Title: data_science_utils/filtering/enkf.py (early EnKF script on the Ikeda map)
# Cut: the committed file has no imports or helper definitions; imports and two-line stand-ins for
#      measure/ikeda_update/plot_ikeda_points are added; the module-level first definition is dropped.
import jax
import jax.numpy as jnp
import matplotlib.pyplot as plt
from jax import jit

key = jax.random.PRNGKey(0)
measurement_covariance = 1/16


def measure(x):
    return jnp.linalg.norm(x)


def ikeda_update(x, u=0.9):
    t = 0.4 - 6 / (1 + x[0] ** 2 + x[1] ** 2)
    return jnp.array([1 + u * (x[0] * jnp.cos(t) - x[1] * jnp.sin(t)), u * (x[0] * jnp.sin(t) + x[1] * jnp.cos(t))])


def plot_ikeda_points(points):
    for p in points:
        plt.scatter(p['x'], p['y'], c=p['c'], label=p['label'], s=p['s'])


true_state = jnp.array([1.25, 0])
prior_state = jnp.array([1.25, 0])

for _ in range(10):
    key, subkey = jax.random.split(key)
    measurement = measure(true_state) + 1/16 * jax.random.normal(subkey)

    num_samples = 100
    inflation_factor = 1.01
    key, subkey = jax.random.split(key)
    ensemble = prior_state + 1/16 * jax.random.normal(subkey, shape=(num_samples,2))

    mean = jnp.mean(ensemble, axis=0)
    ensemble = mean + inflation_factor * (ensemble - mean)

    ensemble_covariance = (1 / (num_samples - 1)) * (ensemble - mean).T @ (ensemble - mean)

    @jit
    def update_ensemble_point(point, key=key):

        key, subkey = jax.random.split(key)
        ensemble_measurement = measure(point) + measurement_covariance * jax.random.normal(subkey)

        measurement_jacobian = jax.grad(measure)(point)

        innovation_covariance = measurement_jacobian @ ensemble_covariance @ measurement_jacobian.T + measurement_covariance
        kalman_gain = ensemble_covariance @ measurement_jacobian.T  * ((innovation_covariance) ** (-1))
        point = point + kalman_gain * (measurement - ensemble_measurement)
        return point

    test_ensemble = ensemble
    ensemble = jax.vmap(update_ensemble_point)(ensemble);key, subkey = jax.random.split(key)

    plot_ikeda_points([
        {'x':0,'y':0,'c':'red','label':'Measurement', 's':100},
        {'x':jnp.mean(ensemble[..., 0]), 'y':jnp.mean(ensemble[...,1]), 'c':'purple', 'label':'Estimate', 's':100},
        {'x':true_state[0], 'y':true_state[1], 'c':'lime', 'label':'True State', 's':100},
    ])
    plt.show()

    true_state = ikeda_update(true_state)
    prior_state = ikeda_update(prior_state)
    true_measurement = measure(true_state) + 1/16 * jax.random.normal(subkey);key, subkey = jax.random.split(key)
