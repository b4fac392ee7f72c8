# Source: https://github.com/chaganbajala/XY_EqProp/blob/b250627a818d9178e2cc50d8bbc112646888448b/MNIST_study_epoch/method.py
# Title: MNIST_study_epoch/method.py (equilibrium propagation, "python loop" thermalisation strategy)
# Cut: kept EP_grad_tree's per-sample ODE relaxation (single_run_func) and EP_grad_pyloop; the base class
#      EP_grad is reduced to its constructor, EP_grad_tree.thermalize_network (tree_map over a list) is dropped.
#      The call run_func(y0[k], target[k], nn, network_params, beta) is the author's (run_func takes two args).
import numpy as np
import jax
import jax.numpy as jnp
import diffrax
from functools import partial


class EP_grad:
    def __init__(self, grad_params, sample_args):
        self.beta, self.runtime, self.rtol, self.atol = grad_params
        self.sample_method, self.batch_size, self.M_init = sample_args

class EP_grad_tree(EP_grad):
    '''
    This implement equilibrium propagation training task which deals with data with tree strategy.
    The data are dealt one by one in a tree_mapped single_run_func 
    '''
    
    @partial(jax.jit, static_argnames=['self', 'nn'])
    def total_force(self, t, y, target, beta, nn, network_params):
        # Calculate total force for single piece of data
        return nn.internal_force(y, network_params) + beta * nn.external_force(y, target, network_params)
    
    #@partial(jax.jit, static_argnames=['self', 'nn'])
    def single_run_func(self, y0, target, nn, network_params, beta):
        # Find equilibrium for single piece of data
        
        t_span = [0, self.runtime]
        
        odefunc = lambda t, y0, args: self.total_force(t, y0, target, beta, nn, network_params)
        eqs = diffrax.ODETerm(odefunc)
        
        # Use 4th Runge Kutta
        solver = diffrax.Tsit5()
        
        #Use 5th Kvaerno for stiff case
        #solver = diffrax.Kvaerno4()
        
        stepsize_controller = diffrax.PIDController(rtol = self.rtol, atol = self.atol)
        #t = diffrax.SaveAt(ts=saveat)

        # Solve the ODE
        solution = diffrax.diffeqsolve(eqs, solver, t0=t_span[0], t1=t_span[1], dt0 = None, y0=y0,
                                stepsize_controller=stepsize_controller, max_steps=10000000)
        
        L = len(solution.ts)
        
        y = solution.ys[L-1,:]
        del solution

        return y
        
class EP_grad_pyloop(EP_grad_tree):
    '''
    This implement equilibrium propagation training task which deals with data with python loop
    The data are dealt one by one in a tree_mapped single_run_func 
    '''
    
    @partial(jax.jit, static_argnames=['self', 'nn'])
    def thermalize_network(self, y0, target, nn, network_params, beta):
        # Tree_map single_run_func with multiple data and target
            
        run_func = lambda y0, target: self.single_run_func(y0, target, nn, network_params, beta)
        y = jnp.zeros(y0.shape)    
        
        for k in range(0, y0.shape[0]):
            y = y.at[k,:].set(run_func(y0[k], target[k], nn, network_params, beta))

        return y
