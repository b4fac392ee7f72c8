# Source: https://github.com/pyrddlgym-project/pyRDDLGym-jax/blob/c8f473fd2ac4fd1d3611e8be14cb73419a0843f5/pyRDDLGym_jax/core/planner.py
# Title: pyRDDLGym_jax/core/planner.py (JaxBackpropPlanner: gradient-based planning for RDDL domains)
# Cut: the nested update builder of JaxBackpropPlanner (_jax_wrapped_plan_update and its batched vmap wrapper), lifted into a
#      function taking the closure variables (loss, optimizer, projection, flags); the zero-gradient helper is taken as an argument.
import jax
import optax
import jax.random as random

from pyRDDLGym_jax.core.compiler import JaxRDDLSimState
from pyRDDLGym_jax.core.planner import JaxPlannerState

def make_plan_update(self, loss, optimizer, projection, use_ls, use_loss_metric, num_parallel,
                     _jax_wrapped_zero_gradients):
    # calculate the plan gradient w.r.t. return loss and update optimizer
    # also perform a projection step to satisfy constraints on actions
    def _jax_wrapped_plan_update(sim_state, planner_state):

        # calculate gradient of the loss with respect to the policy parameters 
        def _jax_wrapped_plan_params_loss(policy_params, _sim_state):
            return loss(_sim_state, planner_state.replace(policy_params=policy_params))                                           
        grad_fn = jax.value_and_grad(_jax_wrapped_plan_params_loss, has_aux=True)

        # perform a single gradient descent update
        def _jax_wrapped_plan_update_step(_, carry):
            key, model_params, params, opt_state, *_ = carry

            # calculate the gradient of the loss with respect to the policy
            key, subkey = random.split(key)
            _sim_state = sim_state.replace(key=subkey, model_params=model_params)
            (loss_val, (log, model_params)), grad = grad_fn(params, _sim_state)
        
            # require a slightly different update if line search is used
            if use_ls:
                updates, opt_state = optimizer.update(
                    grad, opt_state, params=params, value=loss_val, grad=grad, 
                    value_fn=lambda p, s: _jax_wrapped_plan_params_loss(p, s)[0], 
                    s=_sim_state
                )
            elif use_loss_metric:
                updates, opt_state = optimizer.update(
                    grad, opt_state, params=params, value=loss_val)
            else:
                updates, opt_state = optimizer.update(grad, opt_state, params=params) 

            # apply optimizer and optional policy projection
            params = optax.apply_updates(params, updates)
            params, converged = projection(planner_state.replace(policy_params=params))
            log['grad'] = grad
            log['updates'] = updates
            return (key, model_params, params, opt_state, loss_val, converged, log)
        
        # do a single update then an unrolled update in JAX for any remaining steps
        # necessary to fill the log
        carry = (sim_state.key, sim_state.model_params, 
                 planner_state.policy_params, planner_state.opt_state, 0., True, {})
        carry = _jax_wrapped_plan_update_step(0, carry)
        if self.steps_per_update > 1:
            carry = jax.lax.fori_loop(
                lower=0, upper=self.steps_per_update - 1, 
                body_fun=_jax_wrapped_plan_update_step, 
                init_val=carry
            )
        _, *rest, end_log = carry
        zero_grads = _jax_wrapped_zero_gradients(end_log['grad'])
        return (*rest, end_log, zero_grads)
    
    # for parallel policy update, just do each policy update in parallel
    def _jax_wrapped_batched_plan_update(sim_state, planner_state):
        keys = random.split(sim_state.key, num=1 + num_parallel)
        sim_state = sim_state.replace(key=keys[1:])
        vmap_axes = (JaxRDDLSimState(key=0, model_params=0), 
                     JaxPlannerState(policy_params=0, opt_state=0, opt_aux=0))
        model_params, params, opt_state, *rest = jax.vmap(
            _jax_wrapped_plan_update, in_axes=vmap_axes)(sim_state, planner_state)
        sim_state = sim_state.replace(key=keys[0], model_params=model_params)
        planner_state = planner_state.replace(policy_params=params, opt_state=opt_state)
        return (sim_state, planner_state, *rest)
    return jax.jit(_jax_wrapped_batched_plan_update)
