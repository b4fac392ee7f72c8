# Source: https://github.com/Centrum-IntelliPhysics/TI-DeepONet-for-Stable-Long-Term-Extrapolation/blob/ddea09251940ebf8ce9721fef0c47f14e6ec5a2b/Codes/1D_KdV/TI-DeepONet.ipynb
# Title: Codes/1D_KdV/TI-DeepONet.ipynb (AB2/AM3 and RK4 inference over all time steps with the trained TI-DeepONet)
# Cut: notebook cells 18-20 converted to a module; model_fn, params/best_params and output (the full test trajectory array) come from earlier cells and are passed in as module globals.
import jax
import jax.numpy as jnp
import numpy as np

model_fn = None      # jax.jit(model.apply), defined in cell 10
params = best_params = None
output = None

#Perform AB2/AM3 inferencing for one timestep
@jax.jit
def inference_ab(u_curr, u_prev, trunk_inputs_test, dt=0.025):
    # Step 1: Apply the predictor (Adams-Bashforth) using u_curr and u_prev
    u_dot_curr = model_fn(best_params, u_curr, trunk_inputs_test)  # Predict the rate of change at u_curr
    u_dot_prev = model_fn(best_params, u_prev, trunk_inputs_test)  # Predict the rate of change at u_prev
    
    # Adams-Bashforth predictor (using previous two points)
    u_pred = u_curr + dt * (1.5 * u_dot_curr - 0.5 * u_dot_prev)
    
    # Step 2: Apply the corrector (Adams-Moulton) using the predicted u_pred
    u_dot_pred = model_fn(best_params, u_pred, trunk_inputs_test)  # Predict the rate of change at u_pred
    
    # Adams-Moulton corrector (refine the prediction using u_pred)
    u_next = u_curr + dt * (5/12 * u_dot_pred + 8/12 * u_dot_curr - 1/12 * u_dot_prev)
    
    return u_next
#Perform RK4 inferencing for one timestep
@jax.jit
def inference_rk(u_curr, trunk_inputs_test, dt = 0.025):
    
    # Predict the system dynamics (u_dot) at the current state using the model
    u_dot = model_fn(params, u_curr, trunk_inputs_test)  # Model's predicted rate of change

    # Implementing the 4th-order Runge-Kutta (RK4) time-stepping method
    k1 = u_dot
    k2 = model_fn(params, u_curr + 0.5 * dt * k1, trunk_inputs_test)
    k3 = model_fn(params, u_curr + 0.5 * dt * k2, trunk_inputs_test)
    k4 = model_fn(params, u_curr + dt * k3, trunk_inputs_test)
    
    # Calculate the next state using RK4
    u_pred_next = u_curr + (dt / 6) * (k1 + 2 * k2 + 2 * k3 + k4)
    
    return u_pred_next
#Utility function for performing inferencing over all timesteps
def run_inference(initial_u, trunk_inputs_test, n_steps, method, dt=0.025):
    u_states = np.zeros_like(output)  # List to store the states over time
    u_states[:,0,:] = initial_u
    
    # Initialize the previous state (this could be your u_0 and u_1, etc.)
    u_prev = initial_u  # Set the previous state to the initial state
    u_curr = initial_u  # Set the current state to the initial state
    
    for i in range(1, n_steps):
        
        if method == "AB":
            # Perform one inference step using the Adams-Bashforth method
            u_next = inference_ab(u_curr, u_prev, trunk_inputs_test, dt)

            # Assign the predicted state
            u_states[:, i, :,] = u_next

            # Update previous and current states for the next step
            u_prev = u_curr
            u_curr = u_next
        
        elif method == "RK":
            # Perform inference step using the RK4 method
            u_next = inference_rk(u_curr, trunk_inputs_test, dt)

            # Assign the predicted state
            u_states[:, i, :] = u_next

            # Update the current state for the next step
            u_curr = u_next
            
    return u_states
