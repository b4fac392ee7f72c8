# Source: https://github.com/DiogoFernandes-2008015/SysID_LPV_NN_Battery/blob/222e88e294ce3eb37e6f9d848ae7ad1c5be0fa03/ID_Hyb_Grey_JAX_DNN_1RC.py
# Title: ID_Hyb_Grey_JAX_DNN_1RC.py (hybrid grey-box 1RC battery model with an MLP for the parameter variations, multiple shooting)
# Cut: command-line configuration, data loading, plotting and the SciPy driver removed; NN helpers, the hybrid ODE and the jitted objective/constraints kept.
import numpy as np
import jax
import jax.numpy as jnp
from diffrax import diffeqsolve, Dopri5, ODETerm, SaveAt, LinearInterpolation
from jax import random, grad, jit, vmap
from jax.flatten_util import ravel_pytree

jax.config.update("jax_enable_x64", True)

ACTIVATION_NAME = 'tanh'
NUM_NEURONS = 32
N_SHOTS = 10
# time, u, y: decimated measurement arrays loaded from data_train.mat
N = time.shape[0]
Ts = time[1] - time[0]

# --- Setup for Multiple Shooting ---
n_shots = N_SHOTS  # random
n_timesteps_per_shot = N // n_shots
n_states = 2



# --- Neural Network Helper Functions (from JAX ANN example) ---

def random_layer_params(m, n, key, scale=1e-2):
  """A helper function to randomly initialize weights and biases for a dense layer."""
  w_key, b_key = random.split(key)
  return scale * random.normal(w_key, (n, m)), scale * random.normal(b_key, (n,))

def init_network_params(sizes, key):
  """Initialize all layers for a fully-connected neural network with sizes "sizes"."""
  keys = random.split(key, len(sizes))
  return [random_layer_params(m, n, k) for m, n, k in zip(sizes[:-1], sizes[1:], keys)]

def relu(x):
  return jnp.maximum(0, x)

# --- SELECIONA A FUNÇÃO DE ATIVAÇÃO ---
if ACTIVATION_NAME == 'relu':
    activation_fn = relu
    #print("Usando ativação: ReLU")
else:
    activation_fn = jnp.tanh
    #print("Usando ativação: Tanh")

def predict(params, inputs):
  """Neural network forward pass."""
  activations = inputs
  for w, b in params[:-1]:
    outputs = jnp.dot(w, activations) + b
    activations = activation_fn(outputs) # Changed from relu to tanh

  final_w, final_b = params[-1]
  logits = jnp.dot(final_w, activations) + final_b
  return logits

# --- New Hybrid ODE Model ---

def hybrid_battery_1rc_jax(t, x, args):
    params_nn, u_interp = args
    u = u_interp.evaluate(t)
    
    # The NN models the variation of model's parameters
    # Input -> SOC (x[0])
    # Outputs -> parameters variations (delta_R0, delta_R1, delta_C1)
    nn_input = jnp.array([x[0]])
    delta_R0, delta_R1, delta_C1 = predict(params_nn, nn_input)
    R0 = 0.268*(1+delta_R0)
    R1 = 56.3327*(1+delta_R1)
    C1 = 3.6205e+03*(1+delta_C1)
    dx  = [-1.0046e-04*u/3440.05372, -1/R1/C1*x[1]+1/C1*u]
    dx = jnp.array(dx)
    return dx

term = ODETerm(hybrid_battery_1rc_jax)


t_shots = jnp.array(time.reshape(n_shots, n_timesteps_per_shot))
y_data = jnp.array(y.reshape(n_shots, n_timesteps_per_shot))
u_interpolation = LinearInterpolation(ts=time, ys=u)

# --- NN and Optimization Configuration ---
nn_layer_sizes = [1, NUM_NEURONS, 3]  # 1 inputs (SOC), 1 hidden layers of 64, 3 outputs
solver = Dopri5()

# --- Create Initial Guess and Parameter Structures ---
key = random.key(0)
initial_params_nn = init_network_params(nn_layer_sizes, key)
# Store the structure of the NN parameters for later unflattening
flat_initial_nn_params, params_nn_struct = ravel_pytree(initial_params_nn)
len_nn_params = len(flat_initial_nn_params)

# Initial Guess for the state: [SOC, Vc]
x_initial_first_shot = jnp.array([0.98, 0.0]) # SOC em 98%, Vc em 0V
x_initial_shots_repeated = jnp.tile(x_initial_first_shot, n_shots) 
initial_guess_np = np.concatenate([
    np.array(flat_initial_nn_params),
    x_initial_shots_repeated
])

# --- JIT-compiled Objective and Constraint Functions ---
# **CORRECTION**: The factory pattern is removed to avoid JIT closure issues.
# The unflattening logic is now explicitly inside each jitted function.

@jit
def objective_jax_nn(decision_vars):
    # Manually unflatten parameters inside the jitted function
    params_nn = params_nn_struct(decision_vars[:len_nn_params])
    x_initial_shots = decision_vars[len_nn_params:].reshape(n_shots, n_states) 
    #args = (params_nn, u_interp)

    def simulate_shot(t_shot, w0):
        saveat = SaveAt(ts=t_shot)
        args = (params_nn, u_interpolation)
        sol = diffeqsolve(term, solver, t0=t_shot[0], t1=t_shot[-1], dt0=Ts, y0=w0, saveat=saveat, args=args)
        return sol.ys

    # Simulation of the states prediction of each shot
    x_pred = jax.vmap(simulate_shot)(t_shots, x_initial_shots)
    

    def model_output_step(t, x_step, u_interp_obj):
        u = u_interp_obj.evaluate(t)
        
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
        nn_input = jnp.array([x_step[0]])
        delta_R0, delta_R1, delta_C1 = predict(params_nn, nn_input)
        R0 = 0.268*(1+delta_R0)
        # A saída é: OCV + R0*u + Vc (x[1])
        y_pred_step = OCV + R0 * u + x_step[1]
        #y_pred_step = OCV + 0.2462 * u + x_step[1]
        return y_pred_step
    
    def process_shot_output(t_shot, x_shot, u_interp_obj):
        return jax.vmap(model_output_step, in_axes=(0, 0, None))(t_shot, x_shot, u_interp_obj)
    
    y_pred = jax.vmap(process_shot_output, in_axes=(0, 0, None))(t_shots, x_pred, u_interpolation)
    
    #Loss function
    return jnp.sum((y_pred - y_data)**2)

@jit
def continuity_constraints_jax_nn(decision_vars):
    params_nn_flat = decision_vars[:len_nn_params]
    params_nn = params_nn_struct(params_nn_flat)
    x_initial_shots = decision_vars[len_nn_params:].reshape(n_shots, n_states) 
    args = (params_nn, u_interpolation)

    def get_end_state(t_shot, x0):
        sol = diffeqsolve(term, solver, t0=t_shot[0], t1=t_shot[-1], dt0=Ts, y0=x0, args=args)
        return sol.ys[-1]

    x_end_of_shots = jax.vmap(get_end_state)(t_shots[:-1], x_initial_shots[:-1])
    # CORREÇÃO: X_end_of_shots -> x_end_of_shots
    return (x_end_of_shots - x_initial_shots[1:]).flatten()

 
