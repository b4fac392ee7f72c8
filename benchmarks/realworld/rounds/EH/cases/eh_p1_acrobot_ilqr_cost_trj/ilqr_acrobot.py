# Source: https://github.com/QingmuDeng/AA203-Final-Project/blob/00d6c80d7b6d124cc13fd96dff076287ff399739/Dynamics.ipynb
# Title: Dynamics.ipynb (Stanford AA203 final project, acrobot iLQR cells ported to JAX)
# Cut: code cells 26-36 only (acrobot dynamics cell reduced to a stub, SCP and plotting cells dropped); cells joined into one file
import jax
import jax.numpy as jnp
import numpy as np

n_x = 4
n_u = 1
Q = jnp.eye(n_x)
R = jnp.eye(n_u)
P = 100 * jnp.eye(n_x)
x_goal = jnp.array([jnp.pi, 0.0, 0.0, 0.0])


def discrete_dynamics(x, u):
    # acrobot RK step (cell 1-5 of the notebook), reduced here
    return x + 0.1 * jnp.concatenate([x[2:], -jnp.sin(x[:2]) + u[0]])


def rollout(x0, u_trj):
    x_trj = np.zeros((u_trj.shape[0] + 1, x0.shape[0]))
    # TODO: Define the rollout here and return the state trajectory x_trj: [N, number of states]
    x_trj[0] = x0
    for i, u in enumerate(u_trj):
        x_trj[i+1] = discrete_dynamics(x_trj[i], u)
    return x_trj


@jax.jit
def cost_stage(x, u):
    return 1/2 * ((x-x_goal).T @ Q @ (x-x_goal) + u.T @ R @ u)


@jax.jit
def cost_final(x):
    return 1/2 * ((x-x_goal).T @ P @ (x-x_goal))


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


def backward_pass(x_trj, u_trj, regu):
    k_trj = np.zeros([u_trj.shape[0], u_trj.shape[1]])
    K_trj = np.zeros([u_trj.shape[0], u_trj.shape[1], x_trj.shape[1]])
    expected_cost_redu = 0
    V_x, V_xx = deriv_final(x_trj[-1])
    for n in range(u_trj.shape[0] - 1, -1, -1):
        # TODO: First compute derivatives, then the Q-terms
        l_x, l_u, l_xx, l_ux, l_uu = deriv_stage(x_trj[n], u_trj[n])
        f_x, f_u = deriv_dynamics(x_trj[n], u_trj[n])

        Q_x, Q_u, Q_xx, Q_ux, Q_uu = Q_terms(l_x, l_u, l_xx, l_ux, l_uu, f_x, f_u, V_x, V_xx)
        Q_uu_regu = Q_uu + jnp.eye(Q_uu.shape[0]) * regu
        k, K = gains(Q_uu_regu, Q_u, Q_ux)
        k_trj[n, :] = k
        K_trj[n, :, :] = K
        V_x, V_xx = V_terms(Q_x, Q_u, Q_xx, Q_ux, Q_uu, K, k)
    return k_trj, K_trj, expected_cost_redu


N = 50
x0 = np.array([0., 0., 0., 0.])
u_trj = np.random.randn(N - 1, n_u) * 0.0001
x_trj = rollout(x0, u_trj)
total_cost = cost_trj(x_trj, u_trj)
k_trj, K_trj, _ = backward_pass(x_trj, u_trj, 100.0)
