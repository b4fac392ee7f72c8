# Source: https://github.com/YangyangFu/dynax/blob/a07cdf5acdee836708fea5e0635de00d732309aa/resources/tutorials/jax/optimal_control_mpc_jit.py
# Title: resources/tutorials/jax/optimal_control_mpc_jit.py ("use jit for mpc - speed up x1000 times")
# Cut: MPC class and plotting removed, get_ABCD shortened to the A/B fill; the step method's epoch loop kept as mpc_step; the scanned integrator, the jitted loss and the host-side epoch loop kept.
import jax
import jax.numpy as jnp
import numpy as np
from jax import jit, lax
from jax.tree_util import Partial
from diffrax import ODETerm
import optax


@jit
def get_ABCD(Cai, Cwe, Cwi, Re, Ri, Rw, Rg):
    A = jnp.zeros((3, 3))
    B = jnp.zeros((3, 5))
    C = jnp.zeros((1, 3))
    A = A.at[0, 0].set(-1/Cai*(1/Rg+1/Ri))
    A = A.at[0, 2].set(1/(Cai*Ri))
    A = A.at[1, 1].set(-1/Cwe*(1/Re+1/Rw))
    A = A.at[1, 2].set(1/(Cwe*Rw))
    A = A.at[2, 0].set(1/(Cwi*Ri))
    A = A.at[2, 1].set(1/(Cwi*Rw))
    A = A.at[2, 2].set(-1/Cwi*(1/Rw+1/Ri))
    B = B.at[0, 0].set(1/(Cai*Rg))
    B = B.at[0, 1].set(1/Cai)
    B = B.at[0, 2].set(1/Cai)
    B = B.at[1, 0].set(1/(Cwe*Re))
    B = B.at[1, 3].set(1/Cwe)
    B = B.at[2, 4].set(1/Cwi)
    C = C.at[0, 0].set(1)
    D = 0
    return A, B, C, D

@jit
def zone_state_space(t, x, A, B, d):
    x = x.reshape(-1, 1)
    d = d.reshape(-1, 1)
    dx = jnp.matmul(A, x) + jnp.matmul(B, d)
    dx = dx.reshape(-1)
    return dx

def f(t, x, args): return zone_state_space(t, x, *args)

@Partial(jit, static_argnums=(0,1,2,3,))
def forward(func, ts, te, dt, x0, solver, args):
    A, B, d = args
    term = ODETerm(func)

    t = ts
    tnext = t + dt
    dprev = d[0, :]
    args = (A, B, dprev)
    state = solver.init(term, t, tnext, x0, args)
    i = 0

    # jit-ed scan to replace while loop
    def step_at_t(carryover, t, term, dt, te, A, B, d):
        x = carryover[0]
        state = carryover[1]
        i = carryover[2]
        args = (A, B, d[i,:])
        tnext = jnp.minimum(t + dt, te)

        xnext, _, _, state, _ = solver.step(
            term, t, tnext, x, args, state, made_jump=False)
        i += 1
        return (xnext, state, i), x

    carryover_init = (x0, state, i)
    step_func = Partial(step_at_t, term = term, dt = dt, te = te, A = A, B = B, d = d)
    time_steps = np.arange(ts, te+1, dt)
    carryover_final, x_all = lax.scan(step_func, init = carryover_init, xs = time_steps)

    return time_steps, x_all

@Partial(jit, static_argnums=2)
def _get_u_violations(u_ub, u_lb, PH, u):
    u_ub_ph = jnp.repeat(u_ub, PH)
    u_lb_ph = jnp.repeat(u_lb, PH)
    return jnp.sum(jax.nn.relu(u - u_ub_ph) + jax.nn.relu(u_lb_ph - u))

@Partial(jit, static_argnums=(3,4,5,))
def _get_T_violations(zone_model, ode_solver, state, ts, te, dt, disturbance, T_ub_ph, T_lb_ph):
    Cai, Cwe, Cwi, Re, Ri, Rw, Rg = zone_model
    A, B, C, D = get_ABCD(Cai, Cwe, Cwi, Re, Ri, Rw, Rg)
    args = (A, B, disturbance)
    ts, xs = forward(f, ts, te, dt, state, ode_solver, args)
    Tz_ph = xs[:, 0]
    T_vio_ub_ph = jax.nn.relu(Tz_ph - T_ub_ph)
    T_vio_lb_ph = jax.nn.relu(T_lb_ph - Tz_ph)
    return T_vio_ub_ph.sum() + T_vio_lb_ph.sum()

def mpc_step(params, opt_state, optimizer, fit_step, n_epochs=1000, tolerance=1e-06):
    # host-side optimisation driver, one jitted fit step per epoch
    BIG_NUMBER = 1E6
    epoch = 0
    loss = BIG_NUMBER
    u_ph = params['u']
    while epoch < n_epochs and loss > tolerance:
        params, opt_state, u_ph, loss, grads = fit_step(params, opt_state)
        if epoch % 10 == 0:
            print(f'epoch {epoch}, training loss: {loss}')
        epoch += 1
    return u_ph
