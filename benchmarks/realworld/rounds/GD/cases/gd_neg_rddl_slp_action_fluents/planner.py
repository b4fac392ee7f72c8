# Source: https://github.com/pyrddlgym-project/pyRDDLGym-jax/blob/c8f473fd2ac4fd1d3611e8be14cb73419a0843f5/pyRDDLGym_jax/core/planner.py
# Title: pyRDDLGym_jax/core/planner.py (JaxStraightLinePlan.compile: trainable straight-line plan for RDDL domains, e.g. traffic/inventory)
# Cut: the nested train-policy function of JaxStraightLinePlan.compile, lifted into a factory taking the closure variables;
#      make_plan_update at the bottom is reconstructed from _jax_compile_policy (jax.jit of train_policy) and
#      _jax_wrapped_plan_update (jax.value_and_grad of the rollout loss that calls the policy).
import jax
import jax.numpy as jnp
import jax.random as random

BOOL_KEY = 'bool__'


def make_slp_train_policy(self, compiled, log_sigma_bounds,
                          _jax_unstack_bool_from_softmax,
                          _jax_bool_param_to_action,
                          _jax_non_bool_param_to_action):

    def _jax_wrapped_slp_predict_train(sim_state, planner_state): 
        step = sim_state.step
        key = sim_state.key   
        hyperparams = planner_state.hyperparams
        actions = {}
        entropy = 0.

        # handle bool actions
        for (var, param) in planner_state.policy_params['bool'].items():
            logits = jnp.asarray(param['logit'][step, ...], dtype=compiled.REAL)
            if var == BOOL_KEY:
                softmax_weight = hyperparams[BOOL_KEY]
                if self._stochastic:
                    log_prob = jax.nn.log_softmax(softmax_weight * logits)
                    prob = jnp.exp(log_prob)
                    entropy = entropy - jnp.sum(prob * log_prob)
                    key, subkey = random.split(key)
                    noise = random.gumbel(
                        subkey, shape=jnp.shape(logits), dtype=compiled.REAL)
                    logits = logits + noise
                output = jax.nn.softmax(softmax_weight * logits)
                bool_actions = _jax_unstack_bool_from_softmax(output)
                actions.update(bool_actions)
            else:
                if self._stochastic and self._wrap_sigmoid:
                    prob = _jax_bool_param_to_action(var, logits, hyperparams)
                    entropy = entropy - jnp.sum(
                        prob * safe_log(prob) + (1. - prob) * safe_log(1. - prob))
                    key, subkey = random.split(key)
                    noise = random.logistic(
                        subkey, shape=jnp.shape(logits), dtype=compiled.REAL)
                    logits = logits + noise
                actions[var] = _jax_bool_param_to_action(var, logits, hyperparams)
                
        # handle real and int actions
        # disable gradient through log_sigma by default since the entropy term
        # would otherwise be unbounded: this can cause problems when sparse reward
        for (var, param) in planner_state.policy_params['real'].items():
            action = jnp.asarray(param['mu'][step, ...], dtype=compiled.REAL)
            if self._stochastic:
                log_sigma = jnp.clip(param['log_sigma'][step, ...], *log_sigma_bounds)
                entropy = entropy + jnp.sum(
                    log_sigma if self._sigma_entropy_grad 
                    else jax.lax.stop_gradient(log_sigma)
                )
                key, subkey = random.split(key)
                noise = self._action_noise_dist(
                    subkey, shape=jnp.shape(action), dtype=compiled.REAL)
                action = action + jnp.exp(log_sigma) * noise
            actions[var] = _jax_non_bool_param_to_action(var, action)

    return _jax_wrapped_slp_predict_train


def make_plan_update(plan, loss):
    train_policy = jax.jit(plan.train_policy)

    def _jax_wrapped_plan_update(sim_state, planner_state):
        def _jax_wrapped_plan_params_loss(policy_params, _sim_state):
            return loss(_sim_state, planner_state.replace(policy_params=policy_params))
        grad_fn = jax.value_and_grad(_jax_wrapped_plan_params_loss, has_aux=True)
        return grad_fn(planner_state.policy_params, sim_state)

    return train_policy, _jax_wrapped_plan_update
