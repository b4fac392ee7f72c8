# Source: https://github.com/jax-ml/jax/issues/2345
# Title: value_and_grad(odeint(...)) doesn't work
# Cut: the repro from the issue description (pendulum dynamics, policy integrated with
#      jax.experimental.ode.odeint, stax Dense policy, value_and_grad); the cost function, the
#      policy construction in main() and the optimisation loop after the truncation point are
#      reconstructed.
import jax
from jax import random
from jax import value_and_grad
import jax.numpy as jp
from jax.experimental import stax
from jax.experimental.stax import Dense
from jax.experimental import ode


def pendulum_dynamics(mass: float, length: float, gravity: float,
                      friction: float):
  def f(state, action):
    assert state.shape == (2, )
    assert action.shape == (1, )

    theta = state[0]
    theta_dot = state[1]
    u = action[0]

    theta_dotdot = (-gravity / length * jp.sin(theta) - friction * theta_dot +
                    u / (mass * length**2))

    return jp.array([theta_dot, theta_dotdot])

  return f


def policy_integrate(dynamics, cost, policy):
  def ofunc(y, _t, policy_params):
    x = y[1:]
    u = policy(policy_params, x)
    return jp.concatenate((cost(x, u).reshape((1, )), dynamics(x, u)))

  def eval_policy(policy_params, x0, total_time):
    return ode.odeint(ofunc, jp.concatenate((jp.zeros((1, )), x0)),
                      jp.array([0.0, total_time]), policy_params)[-1, 0]

  return eval_policy


def main():
  dynamics = pendulum_dynamics(
      mass=0.1,
      length=1.0,
      gravity=9.8,
      friction=0.1,
  )
  cost = lambda x, u: jp.sum(x ** 2) + 0.1 * jp.sum(u ** 2)
  policy_init, policy_apply = stax.serial(Dense(64), stax.Tanh, Dense(1))
  _, policy_params = policy_init(random.PRNGKey(0), (-1, 2))
  eval_policy = policy_integrate(dynamics, cost, policy_apply)

  x0 = jp.array([jp.pi, 0.0])
  for i in range(100):
    cost_value, g = value_and_grad(eval_policy)(policy_params, x0, 10.0)
    policy_params = jax.tree_util.tree_multimap(lambda p, d: p - 1e-3 * d, policy_params, g)
    print(i, cost_value)


if __name__ == "__main__":
  main()
