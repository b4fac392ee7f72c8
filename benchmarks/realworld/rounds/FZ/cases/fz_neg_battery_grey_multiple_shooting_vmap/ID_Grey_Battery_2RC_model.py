# Source: https://github.com/DiogoFernandes-2008015/SysID_Grey_Box_Battery/blob/4e81fbad64ef9b6dff1f3d6f05d1c8e49c29643e/ID_Grey_Battery_2RC_model.py
# Title: ID_Grey_Battery_2RC_model.py (2RC variant of the grey-box multiple-shooting identification)
# Cut: data loading, plotting and the SciPy driver removed; the 2RC model and the loss/constraint factory kept.
import jax
import jax.numpy as jnp
from diffrax import diffeqsolve, Dopri5, ODETerm, SaveAt

n_shots = 10
n_states = 3
n_params = 6

def battery_2rc_jax(t, x, args):
    R0, R1, C1, R2, C2, n,  u_interp = args
    u = u_interp.evaluate(t)
    dx  = [-n*u/3440.05372, -1/R1/C1*x[1]+1/C1*u,-1/R2/C2*x[2]+1/C2*u]
    dx = jnp.array(dx)
    return dx

term = ODETerm(battery_2rc_jax)
solver = Dopri5()

def create_loss_and_constraint_fns(t_shots, y_data, u_interp):
    """A factory to create the objective and constraint functions."""

    @jax.jit
    def objective_jax(decision_vars):
        R0, R1, C1, R2,C2, n = decision_vars[:n_params]
        x_initial_shots = decision_vars[n_params:].reshape(n_shots, n_states)
        args = (R0,R1,C1,R2, C2, n, u_interp)

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
            y_pred_step = OCV + R0_scalar * u + x_step[1] + x_step[2]
            return y_pred_step

        def process_shot_output(t_shot, x_shot, R0_scalar, u_interp_obj):
            return jax.vmap(model_output_step, in_axes=(0, 0, None, None))(t_shot, x_shot, R0_scalar, u_interp_obj)

        y_pred = jax.vmap(process_shot_output, in_axes=(0, 0, None, None))(t_shots, x_pred, R0, u_interp)

        # Loss function
        return jnp.sum((y_pred - y_data)**2)

    @jax.jit
    def continuity_constraints_jax(decision_vars):
        R0,R1,C1,R2,C2,n = decision_vars[:n_params]
        x_initial_shots = decision_vars[n_params:].reshape(n_shots, n_states)
        args = (R0,R1,C1,R2,C2,n, u_interp)

        def get_end_state(t_shot, x0):

            sol = diffeqsolve(term, solver, t0=t_shot[0], t1=t_shot[-1], dt0=Ts, y0=x0, args=args)
            return sol.ys[-1]

        x_end_of_shots = jax.vmap(get_end_state)(t_shots[:-1], x_initial_shots[:-1])

        return (x_end_of_shots - x_initial_shots[1:]).flatten()

    return objective_jax, continuity_constraints_jax
