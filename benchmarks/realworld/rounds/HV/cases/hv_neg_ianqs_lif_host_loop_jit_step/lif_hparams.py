# Source: https://github.com/IanQS/numpy_to_jax/blob/d78e69a8f4518eb7e0f2ca6924a2f2a28e8a1a91/case_studies/leaky_integrate_and_fire/lif_hparams.py
# Title: numpy_to_jax case_studies/leaky_integrate_and_fire/lif_hparams.py (shared LIF hyperparameters)
# Cut: none (whole file).
# Define parameters that will be constant throughout the tutorial
# Constants and network parameters
_dt = 0.01           # Time step (ms)
_t_max = 100        # Total time of simulation (ms)

# Neuron parameters
_tau_m = 20.0       # Membrane time constant (ms)
_V_reset = -65.0    # Reset potential (mV)
_V_thresh = -50.0   # Threshold potential (mV)
_R = 1.0            # Membrane resistance (MΩ)

num_simulations = 3