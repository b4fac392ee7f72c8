# Source: https://github.com/QingmuDeng/AA203-Final-Project/blob/00d6c80d7b6d124cc13fd96dff076287ff399739/trajax_ilqr_mpc.py
# Title: trajax_ilqr_mpc.py (Stanford AA203 final project, receding-horizon iLQR for the acrobot with trajax)
# Cut: imports of _common.py inlined; acrobot dynamics and parameter dataclass imported from _common.py are stubbed; plotting dropped
from functools import partial

import jax
import jax.numpy as jnp
import numpy as np
from flax import struct
from tqdm import tqdm
from trajax import integrators
from trajax.optimizers import ilqr

n, m = 4, 1
Array = jax.Array
Scalar = float


@struct.dataclass
class AcrobotDynamicsParams:
    m1: float = 1.0
    m2: float = 1.0


def acrobot(x, u, t, params):
    # full manipulator equations live in _common.py
    return jnp.concatenate([x[2:], -jnp.sin(x[:2]) + u[0]])


@struct.dataclass
class AcrobotCostParams:
    stage_cost_x: float = 0.1
    stage_cost_u: float = 0.01
    term_cost_x: float = 1000.0


def acrobot_cost_mpc(
    x: Array,
    u: Array,
    t: Scalar,
    # T: Scalar,
    params: AcrobotCostParams
) -> float:
    delta = x - goal
    terminal_cost = 0.5 * params.term_cost_x * jnp.dot(delta, delta)
    stage_cost = 0.5 * params.stage_cost_x * jnp.dot(
        delta, delta) + 0.5 * params.stage_cost_u * jnp.dot(u, u)
    return jnp.where(t == N_mpc, terminal_cost, stage_cost) # In MPC, the terminal cost should be the end of the horizon instead of end of simulation time


@jax.jit
def acrobot_solve(
    dynamics_params: AcrobotDynamicsParams, 
    cost_params: AcrobotCostParams,
    x0,
    U,
    lqr_inter
) -> float:
    dynamics = integrators.euler(
        partial(acrobot, params=dynamics_params), dt=0.1)
    return ilqr(
        partial(acrobot_cost_mpc, params=cost_params,),
        dynamics, x0, U,
        maxiter=lqr_inter, make_psd=False, vjp_method='explicit')


goal = jnp.array([jnp.pi, 0.0, 0.0, 0.0])

dynamics_params = AcrobotDynamicsParams()
cost_params = AcrobotCostParams()


N_mpc = 50  # MPC horizon; horizon length is related to how fast the system is going to converge;for some disturbances we should have a fast convergence and short horizon
N_ilqr = 20  # maximum number of LQR iterations

myT = 60  # total simulation time step
dt = 0.1
t = np.arange(0.0, (myT)*dt, dt)
x_mpc = np.zeros((myT , N_mpc+1, n))
u_mpc = np.zeros((myT , N_mpc, m))


########### Solve the MPC Problem ###########
x0 = jnp.zeros(4)
U = jnp.zeros((N_mpc, 1))

np.random.seed(1)

dynamics = integrators.euler(partial(acrobot, params=dynamics_params), dt=0.1)
for k in tqdm(range(myT)):


    soln = acrobot_solve(dynamics_params, cost_params, x0, U, N_ilqr)

    x_mpc[k,:,:] = soln[0]
    u_mpc[k,:,:] = soln[1]


    x0 = dynamics(x_mpc[k,0,:], u_mpc[k,0,:], 0) #+ (np.random.rand(1)-0.5)*5
    U = np.concatenate([soln[1][1:], np.zeros((1,1))])
