# Source: https://github.com/jrapudg/jax_control_mppi_meshcat/blob/e5ecd7ddb42efdf2ab668b28f399f796515143bf/Hopper%20optimized.ipynb
# Title: Hopper optimized.ipynb (jrapudg/jax_control_mppi_meshcat)
# Cut: cells 21-23 (dynamics, reduced to the flight phase), 34-35, 37, 41 and 42 converted to a
#      script; the state machine is dropped and swing_ticks() reconstructed as 49 (the notebook's
#      reference uses a 98-tick sine, = 2*swing_ticks()); the stance reference and
#      the MPPI class dropped.
import jax
import jax.numpy as jnp

GRAVITY = 9.81 # m/s
M1 = 5.0
M2 = 1.0
M_inv = jnp.array([[1/M1, 0, 0, 0],
                   [0, 1/M1, 0, 0], 
                   [0, 0, 1/M2, 0], 
                   [0, 0, 0, 1/M2]])

def swing_ticks():
    return 49

def flight_dynamics(x, u):
    rb = x[0:2]
    rf = x[2:4]
    v = x[4:8]
    l1 = (rb[0]-rf[0])/jnp.linalg.norm(rb-rf)
    l2 = (rb[1]-rf[1])/jnp.linalg.norm(rb-rf)
    B = jnp.array([[l1, l2],
                   [l2, -l1],
                   [-l1, -l2],
                   [-l2, l1]])
    v_dot = jnp.array([0, -GRAVITY, 0, -GRAVITY]) + jnp.dot(jnp.dot(M_inv,B), u)
    x_dot = jnp.concatenate([v, v_dot])
    return x_dot

def rk4(dynamics, x, u, h):
    # RK4 integration with zero-order hold on u
    f1 = dynamics(x, u)
    f2 = dynamics(x + 0.5 * h * f1, u)
    f3 = dynamics(x + 0.5 * h * f2, u)
    f4 = dynamics(x + h * f3, u)
    return x + (h / 6.0) * (f1 + 2 * f2 + 2 * f3 + f4)

SCHEDULE_REFERENCE = jnp.array([-0.5, 0, 0.5, 1, 1.5, 2, 2.5, 3, 3.5, 4.0])

def swing_reference(cycle_index):
    N_swing = 2*swing_ticks()
    foot_goal = SCHEDULE_REFERENCE[cycle_index]
    swing_ref_body_x = jnp.ones(N_swing)*foot_goal
    swing_ref_body_y = jnp.ones(N_swing)*0.8
    swing_ref_foot_x = jnp.ones(N_swing)*foot_goal
    swing_ref_foot_y = 0.35*jnp.sin(2*jnp.pi/98.0*(jnp.arange(N_swing)))
    swing_ref_body_vx = jnp.zeros(N_swing)
    swing_ref_body_vy = jnp.zeros(N_swing)
    swing_ref_foot_vx = jnp.zeros(N_swing)
    swing_ref_foot_vy = jnp.zeros(N_swing)
    return jnp.array([swing_ref_body_x,
                      swing_ref_body_y,
                      swing_ref_foot_x,
                      swing_ref_foot_y,
                      swing_ref_body_vx,
                      swing_ref_body_vy,
                      swing_ref_foot_vx,
                      swing_ref_foot_vy])

Q = jnp.diag(jnp.array([3, 1, 4, 1, 0.001, 0.001, 0.001, 0.001]))
R = jnp.diag(jnp.array([0.0001, 0.0001]))

def hopper_cost(x, u, x_ref, i): 
    x_error = x - x_ref[:,i]
    cost = jnp.dot(x_error, jnp.dot(Q,x_error)) + 0.3 * (jnp.linalg.norm(x[0:2] - x[2:4]) - 0.4) ** 2 + jnp.dot(u, jnp.dot(R,u))
    return cost

def step_wrapper_hopper(carry, action):
    obs, h, i, cycle_index = carry
    next_obs = rk4(flight_dynamics, obs, action, h)
    ref = swing_reference(cycle_index)
    cost = hopper_cost(obs, action, ref, i % (2*swing_ticks()))
    i += 1
    carry = (next_obs, h, i, cycle_index)
    output = (next_obs, cost)
    return carry, output

def load_rollout_jax_i(step_fn):
    def rollout_aux(obs, actions, h, i, cycle_index):
        carry = (obs, h, i, cycle_index)
        _, output = jax.lax.scan(f=step_fn, init=carry, xs=actions)
        return output
    func = jax.jit(jax.vmap(rollout_aux, in_axes=(None, 0, None, None, None)))
    return func
