# Source: https://github.com/QingmuDeng/AA203-Final-Project/blob/00d6c80d7b6d124cc13fd96dff076287ff399739/iLQR_Driving_Jax.ipynb
# Title: iLQR_Driving_Jax.ipynb (Stanford AA203 final project, car-on-a-circle iLQR exercise in JAX)
# Cut: code cells 1-13 kept (Q_terms/gains/V_terms bodies kept, print and debug cells dropped); cells joined into one file
import jax
import jax.numpy as jnp
import numpy as np

n_x = 5
n_u = 2


@jax.jit
def car_continuous_dynamics(x, u):
    # x = [x position, y position, heading, speed, steering angle]
    # u = [acceleration, steering velocity]
    heading = x[2]
    v = x[3]
    steer = x[4]
    x_d = jnp.array(
        [v * jnp.cos(heading), v * jnp.sin(heading), v * jnp.tan(steer), u[0], u[1]]
    )
    return x_d


def discrete_dynamics(x, u):
    dt = 0.1
    x_next = x + dt * car_continuous_dynamics(x, u)
    return x_next


r = 2.0
v_target = 2.0
eps = 1e-6


@jax.jit
def cost_stage(x, u):
    c_circle = (jnp.sqrt(x[0] ** 2 + x[1] ** 2 + eps) - r) ** 2
    c_speed = (x[3] - v_target) ** 2
    c_control = (u[0] ** 2 + u[1] ** 2) * 0.1
    return c_circle + c_speed + c_control


@jax.jit
def cost_final(x):
    c_circle = (jnp.sqrt(x[0] ** 2 + x[1] ** 2 + eps) - r) ** 2
    c_speed = (x[3] - v_target) ** 2
    return c_circle + c_speed


@jax.jit
def cost_trj(x_trj, u_trj):
    total = 0.0
    # TODO: Sum up all costs
    total = (
        cost_final(x_trj[-1])+
        jnp.sum(jnp.array([cost_stage(x, u) for x, u in zip(x_trj[:-1], u_trj)]))
    )

    return total


@jax.jit
def deriv_stage(x, u, l=cost_stage):
    l_x = jax.jacrev(l, argnums=0)
    l_u = jax.jacrev(l, argnums=1)
    l_xx = jax.jacfwd(l_x, argnums=0)
    l_ux = jax.jacfwd(l_u, argnums=0)
    l_uu = jax.jacfwd(l_u, argnums=1)

    return l_x(x, u), l_u(x, u), l_xx(x, u), l_ux(x, u), l_uu(x, u)


@jax.jit
def deriv_final(x, l_final=cost_final):
    l_final_x = jax.jacrev(l_final, argnums=0)
    l_final_xx = jax.jacfwd(l_final_x, argnums=0)
    return l_final_x(x), l_final_xx(x)


@jax.jit
def deriv_dynamics(x, u, f=discrete_dynamics):
    f_x, f_u = jax.jacrev(f, argnums=(0, 1))(x, u)
    return f_x, f_u


@jax.jit
def Q_terms(l_x, l_u, l_xx, l_ux, l_uu, f_x, f_u, V_x, V_xx):
    Q_x = l_x + V_x.T @ f_x
    Q_u = l_u + V_x.T @ f_u
    Q_xx = l_xx + f_x.T @ V_xx @ f_x
    Q_ux = l_ux + f_u.T @ V_xx @ f_x
    Q_uu = l_uu + f_u.T @ V_xx @ f_u
    return Q_x, Q_u, Q_xx, Q_ux, Q_uu


@jax.jit
def gains(Q_uu, Q_u, Q_ux):
    Q_uu_inv = jnp.linalg.inv(Q_uu)
    k = - Q_uu_inv @ Q_u.T
    K = - Q_uu_inv @ Q_ux
    return k, K


@jax.jit
def V_terms(Q_x, Q_u, Q_xx, Q_ux, Q_uu, K, k):
    V_x = Q_x + K.T @ Q_u + k.T @ Q_ux + K.T @ Q_uu @ k
    V_xx = Q_xx + 2 * Q_ux.T @ K + K.T @ Q_uu @ K
    return V_x, V_xx


@jax.jit
def expected_cost_reduction(Q_u, Q_uu, k):
    return -Q_u.T @ k - 0.5 * k.T @ Q_uu @ k


def backward_pass(x_trj, u_trj, regu):
    k_trj = np.zeros([u_trj.shape[0], u_trj.shape[1]])
    K_trj = np.zeros([u_trj.shape[0], u_trj.shape[1], x_trj.shape[1]])
    expected_cost_redu = 0
    # TODO: Set terminal boundary condition here (V_x, V_xx)
    V_x, V_xx = deriv_final(x_trj[-1])
    for n in range(u_trj.shape[0] - 1, -1, -1):
        # TODO: First compute derivatives, then the Q-terms
        l_x, l_u, l_xx, l_ux, l_uu = deriv_stage(x_trj[n], u_trj[n])
        f_x, f_u = deriv_dynamics(x_trj[n], u_trj[n])

        Q_x, Q_u, Q_xx, Q_ux, Q_uu = Q_terms(l_x, l_u, l_xx, l_ux, l_uu, f_x, f_u, V_x, V_xx)
        # We add regularization to ensure that Q_uu is invertible and nicely conditioned
        Q_uu_regu = Q_uu + jnp.eye(Q_uu.shape[0]) * regu
        k, K = gains(Q_uu_regu, Q_u, Q_ux)
        k_trj[n, :] = k
        K_trj[n, :, :] = K
        V_x, V_xx = V_terms(Q_x, Q_u, Q_xx, Q_ux, Q_uu, K, k)
        expected_cost_redu += expected_cost_reduction(Q_u, Q_uu, k)
    return k_trj, K_trj, expected_cost_redu
