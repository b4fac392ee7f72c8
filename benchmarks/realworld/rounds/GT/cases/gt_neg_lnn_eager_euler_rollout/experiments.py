# Source: https://github.com/danielchen09/UniversalDynamicsModel/blob/ce845cac586b4dbda4cd7d97f5c8c1c6c0d8fe7a/experiments.py
# Title: experiments.py (evaluation of the learned Lagrangian with control input)
# Cut: reduced to the evaluation call that rolls the learned model out with the discrete Euler solver after
#      training; dataset objects, plotting and gif export removed.
from physics import solve_lagrangian_discrete


def evaluate(experiment, x0, t_test, u_test):
    params, rng = experiment.state['params'], experiment.state['rng']
    x_pred = solve_lagrangian_discrete(
        experiment._learned_lagrangian(params, rng),
        experiment._learned_tau(params, rng),
        x0, t_test, u_test)
    return x_pred
