# Source: https://github.com/DiogoFernandes-2008015/SysID_Grey_Box_Battery/blob/4e81fbad64ef9b6dff1f3d6f05d1c8e49c29643e/ID_Grey_Battery_1RC_model.py
# Title: ID_Grey_Battery_1RC_model.py (grey-box 1RC battery identification with multiple shooting)
# Cut: data loading, plotting, bounds and the SciPy SLSQP driver removed; the vmapped multiple-shooting objective and constraints kept.
import numpy as np
import jax
import jax.numpy as jnp
from diffrax import diffeqsolve, Dopri5, ODETerm, SaveAt, LinearInterpolation

jax.config.update("jax_enable_x64", True)

# time, u, y: measurement arrays loaded from data_train.mat
N = time.shape[0]
Ts = time[1]-time[0]
fs = 1/Ts
T = time[-1]  # Total time in seconds

print(f"Training Dataset:\nN ={N:.4f}\nfs={fs:.4f}\nT = {T:.4f}\nTs = {Ts:.4f}")


n_shots = 10 # number of shots
n_timesteps_per_shot = N // n_shots
n_states = 2 # number of states of the model
n_params = 4 # number of parameters

# Reshape data into batches for multiple shooting
t_shots = jnp.array(time.reshape(n_shots, n_timesteps_per_shot))
y_data = jnp.array(y.reshape(n_shots, n_timesteps_per_shot))

# Create a differentiable interpolation object for the input signal
u_interpolation = LinearInterpolation(ts=time, ys=u)

# The JAX-compatible model evaluates the interpolated input u at any time t
def battery_1rc_jax(t, x, args):
    R0, R1, C1, n,  u_interp = args
    u = u_interp.evaluate(t)
    dx  = [-n*u/3440.05372, -1/R1/C1*x[1]+1/C1*u]
    dx = jnp.array(dx)
    return dx

term = ODETerm(battery_1rc_jax)
solver = Dopri5()

def create_loss_and_constraint_fns(t_shots, y_data, u_interp):
    """A factory to create the objective and constraint functions."""
    
    @jax.jit
    def objective_jax(decision_vars):
        R0, R1, C1, n = decision_vars[:n_params]
        x_initial_shots = decision_vars[n_params:].reshape(n_shots, n_states)
        args = (R0,R1,C1,n, u_interp)
        
        def simulate_shot(t_shot, x0):
            saveat = SaveAt(ts=t_shot)
            sol = diffeqsolve(term, solver, t0=t_shot[0], t1=t_shot[-1], dt0=Ts, y0=x0, saveat=saveat, args=args)
            return sol.ys 
        
        # x_pred shape: (N_shots, N_steps, N_states)
        x_pred = jax.vmap(simulate_shot)(t_shots, x_initial_shots)
        
        # Função que calcula a saída para UM PASSO de tempo
        def model_output_step(t, x_step, R0_scalar, u_interp_obj):
            u = u_interp_obj.evaluate(t)
            #OCV = p(SOC)
            p = jnp.array([1.02726610e+03,
                           -5.13266541e+03,
                           1.09109051e+04,
                           -1.28481333e+04,
                           9.13851696e+03,
                           -4.01608666e+03,
                           1.07265101e+03,
                           -1.65017255e+02,
                           1.36600705e+01,
                           3.10715139e+00])
            OCV = jnp.polyval(p, x_step[0])
            # Output equation: OCV + R0*u + Vc (x[1])
            y_pred_step = OCV + R0_scalar * u + x_step[1]
            return y_pred_step

        def process_shot_output(t_shot, x_shot, R0_scalar, u_interp_obj):
            return jax.vmap(model_output_step, in_axes=(0, 0, None, None))(t_shot, x_shot, R0_scalar, u_interp_obj)
        
        y_pred = jax.vmap(process_shot_output, in_axes=(0, 0, None, None))(t_shots, x_pred, R0, u_interp)
        
        # Loss function
        return jnp.sum((y_pred - y_data)**2)

    @jax.jit
    def continuity_constraints_jax(decision_vars):
        R0,R1,C1,n = decision_vars[:n_params]
        x_initial_shots = decision_vars[n_params:].reshape(n_shots, n_states)
        args = (R0,R1,C1,n, u_interp)

        def get_end_state(t_shot, x0):

            sol = diffeqsolve(term, solver, t0=t_shot[0], t1=t_shot[-1], dt0=Ts, y0=x0, args=args)
            return sol.ys[-1]

        x_end_of_shots = jax.vmap(get_end_state)(t_shots[:-1], x_initial_shots[:-1])

        return (x_end_of_shots - x_initial_shots[1:]).flatten()

    return objective_jax, continuity_constraints_jax
# Create the specific functions for our data
objective_jax, continuity_constraints_jax = create_loss_and_constraint_fns(t_shots, y_data, u_interpolation)

# Create JIT-compiled gradient and Jacobian functions
objective_grad_func = jax.jit(jax.value_and_grad(objective_jax))
# We use jacrev (reverse-mode AD) as it's compatible with the adjoint-based diffrax solver
constraints_jac_func = jax.jit(jax.jacrev(continuity_constraints_jax))

# Wrapper functions to interface between SciPy (NumPy) and JAX
def obj_for_scipy(dv_np):
    val, grad = objective_grad_func(jnp.array(dv_np))
    return np.array(val), np.array(grad)

def cons_for_scipy(dv_np):
    return np.array(continuity_constraints_jax(jnp.array(dv_np)))

def cons_jac_for_scipy(dv_np):
    return np.array(constraints_jac_func(jnp.array(dv_np)))
