# Source: https://github.com/chaganbajala/XY_EqProp/blob/b250627a818d9178e2cc50d8bbc112646888448b/MNIST_study_epoch/model.py
# Title: MNIST_study_epoch/model.py (network base class)
# Cut: kept the base class `network`, whose params_derivative is jax.grad of the internal energy;
#      the concrete Hopfield/XY subclasses are dropped.
import numpy as np
import jax
import jax.numpy as jnp

from functools import partial

class network:
    '''
    This define a neural network. It should include:
    network_structure: network_type, structure_name, structure_parameter, activation
    __init__: initialization
    get_initial_params(): randomly generate a set of trainable parameter for the neural network
    get_initial_state(input_data): generate a random initial state with specific input_data
    internal_energy(y, network_params): calculate internal energy function
    external_energy(y, target, network_params): calculate external energy
    internal_force(y, network_paarams): 
    external_force(y, network_params):
    params_derivative(self, y, network_params): 
    '''
    
    def __init__(self) -> None:
        pass
    
    def get_initial_params(self):
        pass
    
    def get_initial_state(input_data):
        pass
    
    def internal_energy(self, y, network_params): 
        pass
    
    def distance_function(self, y, target, network_params):
        pass
    
    def external_energy(self, y, target, network_params): 
        return self.distance_function(y, target, network_params)
    
    def internal_force(self, y, network_params): 
        return -jax.grad(self.internal_energy, argnums=0)(y, network_params)
    
    def external_force(self, y, target, network_params):
        return -jax.grad(self.external_energy, argnums=0)(y, target, network_params)
    
    def params_derivative(self, y, network_params):
        d_energy = jax.grad(self.internal_energy, argnums=1)
        return d_energy(y, network_params)    
    
    def get_random_index(self, N_data, batch_size):
        if batch_size == N_data:
            return np.arange(0, N_data, dtype=np.int32)
        return np.random.randint(0, N_data, batch_size)
