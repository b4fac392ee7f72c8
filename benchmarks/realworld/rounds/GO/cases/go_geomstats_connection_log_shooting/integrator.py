# Source: https://github.com/geomstats/geomstats/blob/fe0ca52fbaade469655a1194b6db58afac8e5a37/geomstats/integrator.py
# Title: geomstats/integrator.py (Integrator functions used when no closed forms are available)
# Cut: kept the euler and rk4 steps and integrate; dropped docstrings and rk2

from geomstats.errors import check_parameter_accepted_values
STEP_FUNCTIONS = {'euler': 'euler_step',
                  'rk4': 'rk4_step',
                  'rk2': 'rk2_step'}


def euler_step(state, force, dt):
    point, vector = state
    velocity, acceleration = force(point, vector)
    point_new = point + velocity * dt
    vector_new = vector + acceleration * dt
    return point_new, vector_new


def rk4_step(state, force, dt):
    point, vector = state
    k1, l1 = force(point, vector)
    k2, l2 = force(point + dt / 2 * k1, vector + dt / 2 * l1)
    k3, l3 = force(
        point + dt / 2 * k2, vector + dt / 2 * l2)
    k4, l4 = force(point + dt * k3, vector + dt * l3)
    point_new = point + dt / 6 * (k1 + 2 * k2 + 2 * k3 + k4)
    vector_new = vector + dt / 6 * (l1 + 2 * l2 + 2 * l3 + l4)
    return point_new, vector_new


def integrate(
        function, initial_state, end_time=1.0, n_steps=10, step='euler'):
    check_parameter_accepted_values(step, 'step', STEP_FUNCTIONS)

    dt = end_time / n_steps
    positions = [initial_state[0]]
    velocities = [initial_state[1]]
    current_state = (positions[0], velocities[0])

    step_function = globals()[STEP_FUNCTIONS[step]]

    for _ in range(n_steps):
        current_state = step_function(
            state=current_state, force=function, dt=dt)
        positions.append(current_state[0])
        velocities.append(current_state[1])
    return positions, velocities
