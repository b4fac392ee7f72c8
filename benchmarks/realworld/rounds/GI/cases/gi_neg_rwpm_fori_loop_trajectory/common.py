# Source: https://github.com/ml4wifi-devs/ftmrate/blob/0f9e5ef9bc4ee33ae60e57ea242eeaf181dded2c/ml4wifi/params_fit/common.py
# Title: ml4wifi/params_fit/common.py (random-waypoint distance trajectories for fitting the TFP-based rate agents)
# Cut: generate_data and the CSV helpers removed.
from functools import partial
from typing import Tuple

import jax
from chex import PRNGKey, Scalar
from jax import numpy as jnp

from ml4wifi.utils.measurement_manager import measurement_manager


@partial(jax.jit, static_argnames=['frames_total'])
def generate_rwpm(
        key: PRNGKey,
        time_total: Scalar,
        measurement_interval: Scalar,
        frames_total: jnp.int32,
        area: Scalar = 40.0,
        speed: Scalar = 1.4,
        pause: Scalar = 20.0
) -> Tuple:
    """
    Generates noisy distance measurements from RWPM movement (square with dimensions `area` x `area`).
    """

    measurements_manager = measurement_manager(measurement_interval)
    m_state = measurements_manager.init()

    distance_true, distance_measurement, distance_measured = jnp.empty((3, frames_total))
    time = jnp.linspace(0.0, time_total, frames_total)

    area = area * jnp.sqrt(2)
    time_pause, time_move, d_v = 0.0, 0.0, 0.0

    d_key, key = jax.random.split(key)
    d = jax.random.uniform(d_key, minval=0.0, maxval=area)

    def fori_fn(i: jnp.int32, carry: Tuple) -> Tuple:
        distance_true, distance_measurement, distance_measured, m_state, time_pause, time_move, d, d_v, key = carry
        speed_key, pause_key, d_key, noise_key, key = jax.random.split(key, 5)

        d = jnp.where(
            (time_pause * frames_total <= time_total * i) & (time_total * i < time_move * frames_total),
            d + d_v * time_total / frames_total,
            d
        )

        def new_point(carry: Tuple) -> Tuple:
            time_pause, time_move, d_v = carry

            time_pause = time_move + jax.random.uniform(pause_key, minval=0.0, maxval=pause)
            d_next = jax.random.uniform(d_key, minval=0.0, maxval=area)
            d_v = jnp.sign(d_next - d) * jax.random.uniform(speed_key, minval=0.0, maxval=speed)
            time_move = time_pause + jnp.abs((d_next - d) / d_v)

            return time_pause, time_move, d_v

        time_pause, time_move, d_v = jax.lax.cond(
            time_total * i >= time_move * frames_total,
            new_point,
            lambda carry: carry,
            (time_pause, time_move, d_v)
        )

        distance_true = distance_true.at[i].set(d)
        m_state, measured = measurements_manager.update(m_state, d, time[i], noise_key)
        distance_measurement = distance_measurement.at[i].set(m_state.distance)
        distance_measured = distance_measured.at[i].set(measured)

        return distance_true, distance_measurement, distance_measured, m_state, time_pause, time_move, d, d_v, key

    init = (distance_true, distance_measurement, distance_measured, m_state, time_pause, time_move, d, d_v, key)
    distance_true, distance_measurement, distance_measured, *_ = jax.lax.fori_loop(0, frames_total, fori_fn, init)

    return distance_true, distance_measurement, distance_measured, time
