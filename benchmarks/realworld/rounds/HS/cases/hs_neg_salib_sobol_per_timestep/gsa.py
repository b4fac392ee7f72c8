# Source: https://github.com/PredictiveScienceLab/advanced-scientific-machine-learning/blob/cf666e92c8f107bc9e1e7a47dc39d85df0551411/book/up/sensitivity_analysis/08_global_sensitivity_analysis.ipynb
# Title: Global sensitivity analysis of an ODE with SALib and diffrax, notebook cells
# Cut: code cells 4, 6, 9, 11, 13, 15 converted to a script; plotting and install cells dropped
# --- cell 4
import numpy as np
import jax
from jax import grad, vmap, jit
import jax.numpy as jnp
from diffrax import diffeqsolve, Tsit5, ODETerm, SaveAt
# This library is will be used to perform the Sobol sensitivity analysis.
import SALib.sample.sobol as sobol
import SALib.analyze.sobol as analyze_sobol
# --- cell 6
def vector_field(t, y, theta):
    alpha, beta, gamma, delta, omega = theta[:5]
    x = y[0]
    v = y[1]
    return jnp.array(
        [
            v,
            - alpha * x - beta * x ** 3 - delta * v + gamma * jnp.cos(omega * t)
        ]
    )
theta = jnp.array([
    1.0,  # alpha
    5.0,  # beta
    0.37, # gamma
    0.1,  # delta
    1.0,  # omega
])
# The numerical solver to use.
solver = Tsit5()
# At which timesteps to store the solution. (Reduced for SAlib computation)
saveat = SaveAt(ts=jnp.linspace(0, 50, 500))
# The differential equation term.
term = ODETerm(vector_field)
# The Solution for one theta.
sol = diffeqsolve(
    term,
    solver,
    t0=0,                       # Initial time
    t1=50,                      # Terminal time
    dt0=0.1,                    # Initial timestep - it will be adjusted
    y0=jnp.array([0.0, 0.0]),   # Initial value
    args=theta,
    saveat=saveat
)
# --- cell 9
# This time we will set do Global Sensitivity Analysis, lets set up the problem.
# First we need to define how much to vary the inputs. 
perturbation = 0.01 # % perturbation

# Make the bounds +/- perturbation with the same center as the original theta.
bounds = jnp.array([
    theta - perturbation * theta,
    theta + perturbation * theta
    ])

# Problem definition for the Sobol sensitivity analysis.
problem = {
    'num_vars': len(theta),
    'names': ['alpha', 'beta', 'gamma', 'delta', 'omega'],
    'bounds': bounds.T.tolist()
}
# --- cell 11
# The number of samples to generate (should be a power of 2).
N = 512
# Generate the samples.
param_values = sobol.sample(problem, N, calc_second_order=False)
print(param_values.shape)
# --- cell 13
# Define a function that runs the model for a single parameter set
def run_model(p):
    sol = diffeqsolve(
        term,
        solver,
        t0=0,
        t1=50,
        dt0=0.1,
        y0=jnp.array([0.0, 0.0]),
        args=p,
        saveat=saveat
    )
    return sol.ys

# Run the model for all parameter sets
Y = vmap(run_model)(param_values)

# Split into Results for each state
Y_x, Y_v = Y[:, :, 0], Y[:, :, 1]
# --- cell 15
# Extract the times from the calculated solution
times = sol.ts
num_timesteps = len(times)

# Define a function that runs the Sobol analysis for a single timestep
def analyze_firstIndices(t):

    # Sobol analysis for x(t)
    Si_x = analyze_sobol.analyze(
        problem,
        Y_x[:, t],
        calc_second_order=False,
        print_to_console=False
    )
    # Sobol analysis for v(t)
    Si_v = analyze_sobol.analyze(
        problem,
        Y_v[:, t],
        calc_second_order=False,
        print_to_console=False
    )
    return (Si_x['S1'], Si_v['S1'])  # Return first-order indices for x and v

# Run the analysis for all timesteps (Cannot be vmapped because of the SALib API)
results = [analyze_firstIndices(t) for t in range(num_timesteps)]
