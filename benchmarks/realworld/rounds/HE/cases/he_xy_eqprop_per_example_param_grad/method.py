# Source: https://github.com/chaganbajala/XY_EqProp/blob/b250627a818d9178e2cc50d8bbc112646888448b/MNIST_study_epoch/method.py
# Title: MNIST_study_epoch/method.py (equilibrium propagation for XY / oscillator networks)
# Cut: kept EP_grad up to full_gradient; the commented-out memory-limited vmap variant inside
#      get_params_gradient is removed, the rest of the class hierarchy is in other cases.
import numpy as np
import jax
import jax.numpy as jnp
import diffrax
import jaxopt
import time
import pickle
import gc
# Code for training
from functools import partial

class EP_grad:
    '''
    This implement equilibrium propagation training task. The training task consists of:
    nn: network to be trained 
    total_force(self, t, y, target, beta, nn, network_params): calculate the total force
    run_network(self, y0, target, beta, nn, network_params, T): run network
    '''
    
    def __init__(self, grad_params, sample_args):
        self.beta, self.runtime, self.rtol, self.atol = grad_params
        self.sample_method, self.batch_size, self.M_init = sample_args
        if self.sample_method == 'full':
            self.grad_func = self.full_gradient
        elif self.sample_method == 'mini_batch': 
            self.grad_func = self.mini_batch_gradient
        elif self.sample_method == 'random_init_mini_batch':
            self.grad_func = self.radnom_init_mini_batch_gradient
        
    
    
    @partial(jax.jit, static_argnames=['self', 'nn'])
    def total_force(self, t, y, target, beta, nn, network_params):
        return jax.vmap(nn.internal_force, (0, None))(y, network_params) + beta*jax.vmap(nn.external_force, (0, 0, None))(y, target, network_params)
    
    @partial(jax.jit, static_argnames=['self', 'nn'])
    def thermalize_network(self, y0, target, nn, network_params, beta):
        # Solve the equation with diffrax
        # Set parameter for diffrax
        
        rtol = self.rtol
        atol = self.atol
        t_span = [0, self.runtime]
        
        '''
        func1 = jax.jit(lambda y: nn.internal_force(y, network_params))
        func2 = jax.jit(lambda y, target: nn.external_force(y, target, network_params))
        
        @jax.jit
        def total_force(t, y, target, beta):
            return jax.vmap(func1, (0))(y) + beta * jax.vmap(func2, (0, 0))(y, target)
        
        
        #saveat = np.linspace(*t_span, 10).tolist()
        odefunc = lambda t, y0, args: total_force(t, y0, target, beta)
        eqs = diffrax.ODETerm(odefunc)
        '''
        
        odefunc = lambda t, y0, args: self.total_force(t, y0, target, beta, nn, network_params)
        eqs = diffrax.ODETerm(odefunc)
        
        # Use 4th Runge Kutta
        solver = diffrax.Tsit5()
        
        #Use 5th Kvaerno for stiff case
        #solver = diffrax.Kvaerno4()
        
        stepsize_controller = diffrax.PIDController(rtol=rtol, atol=atol)
        #t = diffrax.SaveAt(ts=saveat)

        # Solve the ODE
        solution = diffrax.diffeqsolve(eqs, solver, t0=t_span[0], t1=t_span[1], dt0 = None, y0=y0,
                                stepsize_controller=stepsize_controller, max_steps=10000000)
        
        L = len(solution.ts)
        
        y = solution.ys[L-1,:]
        del solution

        return y
    
    def devided_by_beta(self, x):
        return x/self.beta
    
    def get_params_gradient(self, y0, target, nn, network_params):
        # Get free equilibrium
        #run_func = jax.jit(lambda y0, target, beta: self.run_network(y0, target, nn, network_params, beta))
        #free_equi = run_func(y0, target, 0)
        #nudge_equi = run_func(free_equi, target, beta)
        N_data = y0.shape[0]
        N_params = sum(jax.tree_util.tree_leaves(jax.tree_map(jnp.size, network_params)))
        
        mean_fun = lambda x: jnp.mean(x, axis=0)
        sum_func = lambda x: jnp.sum(x, axis=0)
        mean_divide_func = lambda x: jnp.divide(x, N_data)
        zero_func = lambda x: jnp.multiply(x, 0)
        
        t0 = time.time()
        free_equi = self.thermalize_network(y0, target, nn, network_params, 0.)
        t1 = time.time()
        
        nudge_equi = self.thermalize_network(free_equi, target, nn, network_params, self.beta)
        
        dEdParams_free = nn.params_derivative(free_equi[0,:], network_params)
        dEdParams_nudge = nn.params_derivative(nudge_equi[0,:], network_params)

        for k in range(1, N_data):
            dEdParams_free = jax.tree_map(jnp.add, dEdParams_free, nn.params_derivative(free_equi[k,:], network_params))
            dEdParams_nudge = jax.tree_map(jnp.add, dEdParams_nudge, nn.params_derivative(nudge_equi[k,:], network_params))
        
        mean_func = lambda x: jnp.divide(x, N_data)
        mean_dEdParams_free = jax.tree_map(mean_func, dEdParams_free)
        mean_dEdParams_nudge = jax.tree_map(mean_func, dEdParams_nudge)
        
        gradient = jax.tree_map(jnp.subtract, mean_dEdParams_nudge, mean_dEdParams_free)
        
        cost = jax.vmap(nn.distance_function, (0, 0, None))(free_equi, target, network_params)
        del free_equi, nudge_equi
        #n = gc.collect()
        #jax.clear_backends()
        #jax.clear_caches()
        
        return jnp.mean(cost), jax.tree_map(self.devided_by_beta, gradient)
    
    def full_gradient(self, input_data, target, nn, network_params, *args):

        y0 = nn.get_initial_state(input_data)
        cost, params_g = self.get_params_gradient(y0, target, nn, network_params)
        del y0
        return cost, params_g
