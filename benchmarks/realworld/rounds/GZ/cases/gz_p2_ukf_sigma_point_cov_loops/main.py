# Source: https://github.com/Aminsheykh98/Kalman-Filter-Extensions/blob/8490c236bf8117c20bedb24a215ffb7abb45717f/main.py
# Title: main.py and argparser.py (driver of the EKF/UKF/PF comparison)
# Cut: kept the argument defaults that size the state (num_states) and the UKF call; EKF/PF runs and
#      plotting dropped; the two argparse lines are copied from argparser.py of the same commit.
import argparse
import jax.numpy as jnp
import jax.random as jr

from create_load import CreateOrLoad
import Models as models
from function import Function


def parse_opt():
    parser = argparse.ArgumentParser()
    parser.add_argument("--num_states", type=int, default=4, help="Number of states")
    parser.add_argument(
        "--num_outputs", type=int, default=2, help="Number of output variables"
    )
    return parser.parse_args()


if __name__ == "__main__":
    opt = parse_opt()
    R = jnp.diag(jnp.array([1.2, 0.8]))
    Q = jnp.diag(jnp.array([0.9, 0.8, 0.9, 0.8]))
    create_data = CreateOrLoad(opt, R, Q)
    func = Function(opt)
    key = jr.PRNGKey(opt.seed + 1)
    key1, key2, subkey = jr.split(key, 3)
    x_0 = jr.uniform(key=key1, shape=(opt.num_states, 1),
                     minval=opt.min_uniform, maxval=opt.max_uniform)
    P_0 = jnp.eye(4)
    initial_value = {"x": x_0, "P": P_0}

    ukf = models.UnscentedKalmanFilter(opt, R, Q)
    result_ukf = ukf(initial_value, create_data.y)
