# Source: https://github.com/QingmuDeng/AA203-Final-Project/blob/00d6c80d7b6d124cc13fd96dff076287ff399739/iLQR_Driving_Jax.ipynb
# Title: iLQR_Driving_Jax.ipynb (Stanford AA203 final project, car-on-a-circle iLQR exercise in JAX)
# Cut: code cells 1-3 and 12 (dynamics, NumPy rollout, NumPy forward pass); cost and derivative cells dropped
import jax
import jax.numpy as jnp
import numpy as np

n_x = 5
n_u = 2


@jax.jit
def car_continuous_dynamics(x, u):
    heading = x[2]
    v = x[3]
    steer = x[4]
    x_d = jnp.array(
        [v * jnp.cos(heading), v * jnp.sin(heading), v * jnp.tan(steer), u[0], u[1]]
    )
    return x_d


def discrete_dynamics(x, u):
    dt = 0.1
    # TODO: Fill in the Euler integrator below and return the next state

    x_next = x + dt * car_continuous_dynamics(x, u)
    return x_next


def rollout(x0, u_trj):
    x_trj = np.zeros((u_trj.shape[0] + 1, x0.shape[0]))
    # TODO: Define the rollout here and return the state trajectory x_trj: [N, number of states]
    x_trj[0] = x0
    for i, u in enumerate(u_trj):
        x_trj[i+1] = discrete_dynamics(x_trj[i], u)
    return x_trj


# Debug your implementation with this example code
N = 10
x0 = np.array([1, 0, 0, 1, 0])
u_trj = np.zeros((N - 1, n_u))
x_trj = rollout(x0, u_trj)


def forward_pass(x_trj, u_trj, k_trj, K_trj, fd=discrete_dynamics):
    x_trj_new = np.zeros(x_trj.shape)
    x_trj_new[0, :] = x_trj[0, :]
    u_trj_new = np.zeros(u_trj.shape)
    # TODO: Implement the forward pass here
    for n in range(u_trj.shape[0]):
        # Note, converting from deviation variable to actual value variable
        u_trj_new[n,:] = u_trj[n,:] + k_trj[n,:] + K_trj[n,:] @ (x_trj_new[n,:]-x_trj[n,:])# Apply feedback law
        x_trj_new[n+1,:] = fd(x_trj_new[n,:], u_trj_new[n,:]) # Apply dynamics
    return x_trj_new, u_trj_new
