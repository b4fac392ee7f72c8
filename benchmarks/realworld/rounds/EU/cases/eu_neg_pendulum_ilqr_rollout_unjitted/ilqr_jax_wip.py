# Source: https://github.com/xyyeh/learning/blob/6a0f37ae5ecf5486451378f0745f944b1a4f9e38/General/notes/Optimal%20Control/ILQRJax_WIP.ipynb
# Title: General/notes/Optimal Control/ILQRJax_WIP.ipynb (xyyeh/learning)
# Cut: cells 2 and 4 converted to a script; the derivative helpers f_x..f_xu, timing magics and
#      prints dropped. The @jit on rollout is commented out in the notebook and kept that way.
import jax
import jax.numpy as jnp
from jax import jit, jacfwd, jacrev
from functools import partial

M = 1 # kg
G = 9.8 # ms^-2
L = 1 # m
DT = 0.005 # s

class PendulumDynamics:
    def __init__(self, m, g, L, dt):
        self.m_ = m
        self.g_ = g
        self.L_ = L
        self.dt_ = dt

        # dynamics
        @jit
        def f(x, u):
            return jnp.array([
                [dt*x[1] + x[0]],                                   # [dt*theta_dot + theta]
                [x[1] + dt*(-L*g*m*jnp.sin(x[0]) + u)/(L**2*m)]     # [theta_dot + dt*(-L*g*m*sin(theta) + u)/(L**2*m)]
                ])
        self.f_ = f

    @partial(jit, static_argnums=(0,))
    def f(self, x, u):
        return self.f_(x, u)

    def f_x(self, x, u):
        return jacfwd(self.f_, 0)(x, u)


class IterativeLQR:
    def __init__(self, init_state, target_state, initial_guess, dt, start_time, end_time, dynamics, Q_k, R_k, Q_T, n_iterations):
        self.init_state_ = init_state
        self.target_state_ = target_state
        self.inputs_ = initial_guess
        self.n_states_ = jnp.shape(init_state)[0] # The dimensions of the state vector
        self.n_inputs_ = jnp.shape(initial_guess)[1] # The dimension of the control vector
        self.dt_ = dt
        self.time_span_ = jnp.arange(start_time, end_time, dt).flatten()
        self.n_timesteps_ = len(self.time_span_)
        self.dynamics_ = dynamics
        self.Q_k_ = Q_k
        self.R_k_ = R_k
        self.Q_T_ = Q_T
        self.n_iterations_ = n_iterations

#     @partial(jit, static_argnums=(0,))
    def rollout(self):
        states = jnp.zeros((self.n_timesteps_+1, self.n_states_)) # including initial state, x_0 to x_N
        inputs = jnp.zeros((self.n_timesteps_, self.n_inputs_)) # u_0 to u_{N-1}

        # store x0
        states = jax.ops.index_update(states,  jax.ops.index[0,:], self.init_state_)

        # integration of the system dynamics
        current_state = self.init_state_
        for i in range(0, self.n_timesteps_): # 0 to N-1
            current_input = jnp.squeeze(self.inputs_[i,:]) # u_k
            next_state = jnp.squeeze(self.dynamics_.f(current_state, current_input), axis=1) # x_{k+1} = f(x_k, u_k)
            # store both u_k and x_{k+1}
            states = jax.ops.index_update(states,  jax.ops.index[i+1,:], next_state)
            inputs = jax.ops.index_update(inputs,  jax.ops.index[i,:], current_input)
            # update current state
            current_state = jax.ops.index_update(current_state,  jax.ops.index[:], next_state)

        return states, inputs


start_time = 0
end_time = 2
time_span = jnp.arange(start_time, end_time, DT)
n_states = 2
n_inputs = 1
init_state = jnp.array([0.1, 0.])
target_state = jnp.array([jnp.pi, 0.])
initial_input_guess = 0.1*jnp.ones((time_span.shape[0], n_inputs))
Q_k = jnp.zeros((n_states, n_states))
R_k = 0.001*jnp.eye(n_inputs)
Q_T = 100*jnp.eye(n_states)
n_iterations = 50

dynamics = PendulumDynamics(M, G, L, DT)
ilqr = IterativeLQR(init_state, target_state, initial_input_guess, DT, start_time, end_time, dynamics, Q_k, R_k, Q_T, n_iterations)
states, inputs = ilqr.rollout()
