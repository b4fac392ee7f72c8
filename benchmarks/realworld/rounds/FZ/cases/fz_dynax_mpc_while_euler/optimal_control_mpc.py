# Source: https://github.com/YangyangFu/dynax/blob/25283dd7e742a6c6387b85f8a3919235e8ca0c66/resources/tutorials/jax/optimal_control_mpc.py
# Title: resources/tutorials/jax/optimal_control_mpc.py ("initiate a mpc based on differentiable models"; later replaced by a jitted lax.scan version)
# Cut: constructor setters, bound lookups and the driver script at the bottom removed; MPC step, loss and the forward integrator kept.
import jax
import jax.numpy as jnp
from jax import jit
from diffrax import ODETerm, Euler
import optax


class MPC():
    def __init__(self, PH, CH, dt, predictor):
        self.PH = PH
        self.CH = CH
        self.dt = dt
        self.predictor = predictor
        self.u_lb = -10*jnp.ones(self.PH, 1)
        self.u_ub = 0*jnp.ones(self.PH, 1)
        self.ode_solver = Euler()

    def step(self, disturbance):
        ts = self.time
        te = ts + self.PH * self.dt
        state = self.state

        # get bounds
        h_ph = []
        for ph in range(self.PH):
            t = int(ts + ph*self.dt)
            h = int((t % 86400) /3600) # hour index: 0-based
            h_ph.append(h)

        price_ph = self.price[h_ph].reshape(-1,1)
        T_ub_ph = self.T_ub[h_ph].reshape(-1, 1)
        T_lb_ph = self.T_lb[h_ph].reshape(-1, 1)

        # call optimizer to minimize loss
        lr = 0.1
        n_epochs = 10000
        optimizer = optax.adam(learning_rate = lr)
        u0 = jnp.zeros(self.PH, 1)
        params = {'u': u0}
        opt_state = optimizer.init(params)
        for epoch in range(n_epochs):
            loss, grads = jax.value_and_grad(self.loss_mpc)(
                params, state, ts, te, self.dt, disturbance, T_ub_ph, T_lb_ph, price_ph)
            updates, opt_state = optimizer.update(grads, opt_state, params)
            params = optax.apply_update(params, updates)

        u_ph = params['u']
        return u_ph

    def loss_mpc(self, params, state, ts, te, dt, disturbance, T_ub, T_lb, price):
        u = params['u']
        d = jnp.concatenate((disturbance[:,:2], u, disturbance[:, 3:]), axis=1)
        T_vios = self.get_T_violations(state, ts, te, dt, d, T_ub, T_lb)
        u_vios = self.get_u_violations(u)
        obj = price*u*self.dt/3600 + T_vios + u_vios
        return jnp.sum(obj)

    def get_T_violations(self, state, ts, te, dt, disturbance, T_ub_ph, T_lb_ph):
        Cai, Cwe, Cwi, Re, Ri, Rw, Rg = self.predictor['zone_model']
        A, B, C, D = get_ABCD(Cai, Cwe, Cwi, Re, Ri, Rw, Rg)
        args = (A, B, disturbance)

        # solve zone state-space model
        ts, xs = forward(f, ts, te, dt, state, self.ode_solver, args)

        Tz_ph = xs[:,0]
        T_vio_ub_ph = jax.nn.relu(Tz_ph - T_ub_ph)
        T_vio_lb_ph = jax.nn.relu(T_lb_ph - Tz_ph)
        T_vios = T_vio_ub_ph.sum() + T_vio_lb_ph.sum()
        return T_vios

    def get_u_violations(self, u):
        return jnp.sum(jax.nn.relu(u - self.u_ub) + jax.nn.relu(self.u_lb - u))


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

# zone model wrapper
def f(t, x, args): return zone_state_space(t, x, *args)

# Using for loop to update the disturbance every time step
def forward(func, ts, te, dt, x0, solver, args):
    A, B, d = args
    term = ODETerm(func)

    tprev = ts
    tnext = ts + dt
    dprev = d[0, :]
    args = (A, B, dprev)
    state = solver.init(term, tprev, tnext, x0, args)

    t_all = [tprev]
    x_all = jnp.array([x0])

    i = 0
    x = x0

    while tprev < te - dt:
        x, _, _, state, _ = solver.step(
            term, tprev, tnext, x, args, state, made_jump=False)
        tprev = tnext
        tnext = min(tprev + dt, te)

        # update disturbance for next step
        i += 1
        dnext = d[i, :]
        args = (A, B, dnext)

        # append results
        t_all.append(tnext)
        x_att = x.reshape(1, -1)
        x_all = jnp.concatenate([x_all, x_att], axis=0)

    return t_all, x_all
