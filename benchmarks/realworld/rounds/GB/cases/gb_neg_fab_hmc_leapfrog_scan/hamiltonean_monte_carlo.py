# Source: https://github.com/lollcat/fab-jax-old/blob/683cc4753535cc55f8aea9bdc0c0469e693ea5fb/fabjax/sampling_methods/mcmc/hamiltonean_monte_carlo.py
# Title: fabjax/sampling_methods/mcmc/hamiltonean_monte_carlo.py -- HMC transition operator of FAB in JAX
# Cut: kept the state tuples, __init__, get_init_state, the leapfrog scan bodies and _run;
#      gradient-based step-size tuning, get_key_info and run_and_loss dropped.
import jax.numpy as jnp
import jax
import optax
from typing import NamedTuple
from functools import partial
import chex

Params = dict




class NoGradParams(NamedTuple):
    std_devs: jnp.ndarray  # per dist, per element


class HMCStatePAccept(NamedTuple):
    # these params are the step sizes
    no_grad_params: NoGradParams  # additional params not directly used to compute step size
    step_size_params: jnp.ndarray


class HMCStateGradientBased(NamedTuple):
    no_grad_params: NoGradParams  # additional params not directly used to compute step size
    step_size_params: Params
    optimizer_state: optax.OptState





class HamiltoneanMonteCarlo:
    def __init__(self, dim, n_intermediate_distributions,
                 step_tuning_method="p_accept", n_outer_steps=1, n_inner_steps=5,
                 init_step_size: float = 0.1, lr=1e-3, max_grad=1e6, min_step_size=1e-3):
        """ Everything inside init is fixed throughout training, as self is static"""
        self.dim = dim
        self.n_intermediate_distributions = n_intermediate_distributions
        self.step_tuning_method = step_tuning_method
        self.n_outer_steps = n_outer_steps
        self.n_inner_steps = n_inner_steps
        self._initial_step_size = init_step_size
        self.max_grad = max_grad
        self.min_step_size = min_step_size  # when using p_accept method
        if self.step_tuning_method:
            if self.step_tuning_method == "gradient_based":
                # currently still in "dev version"
                self.lr = lr
            elif self.step_tuning_method == "p_accept":
                self.target_p_accept = 0.65
                self.multiplying_factor_p_accept = 1.01
            else:
                raise NotImplementedError


    def get_init_state(self):
        no_grad_params = NoGradParams(jnp.ones((
            self.n_intermediate_distributions, self.dim)))
        if self.step_tuning_method == "gradient_based":
            step_params = {}
            for i in range(self.n_intermediate_distributions):
                step_params_per_dist = jnp.log(
                        jnp.ones((self.n_outer_steps, self.dim)))
                step_params[i] = step_params_per_dist
            self.optimizer = optax.adam(self.lr)
            initial_opt_state = self.optimizer.init(step_params)
            initial_state = HMCStateGradientBased(no_grad_params, step_params, initial_opt_state)
        elif self.step_tuning_method == "p_accept" or self.step_tuning_method is None:
            step_size = jnp.ones((self.n_intermediate_distributions,  self.n_outer_steps))*\
                        self._initial_step_size
            initial_state = HMCStatePAccept(no_grad_params, step_size)
        else:
            raise NotImplemented
        return initial_state

    def get_step_size_param_for_dist(self, step_size_params, i):
        if self.step_tuning_method == "p_accept" or self.step_tuning_method is None:
            return step_size_params[i]
        elif self.step_tuning_method == "gradient_based":
            return jnp.exp(step_size_params[i])
        else:
            raise NotImplemented

    @staticmethod
    def _inner_most_loop_func(grad_U, L, carry, xs):
        p, q = jax.lax.stop_gradient(carry)  # ensure only grad to epsilon for final iter
        l, epsilon = xs
        q = q + epsilon * p
        p = jax.lax.cond(l != (L - 1), lambda p: p - epsilon * grad_U(q),
                         lambda p: p, p)
        return (p, q), None

    @staticmethod
    def _outer_loop_func(U, grad_U, inner_most_loop_func, L, carry, xs):
        current_q = jax.lax.stop_gradient(carry)
        rng_key = xs["rng_key"]
        epsilon = xs["step_size"]
        q = current_q
        rng_key, subkey = jax.random.split(rng_key)
        p = jax.random.normal(key=subkey, shape=(q.shape))
        current_p = p
        p = p - epsilon * grad_U(q) / 2
        xs_inner = (jnp.arange(L), jnp.repeat(epsilon[None, ...], L, axis=0))
        (p, q), _ = jax.lax.scan(inner_most_loop_func, init=(p, q), xs=xs_inner)
        p = p - epsilon * grad_U(q) / 2
        p = -p

        U_current = U(current_q)
        U_proposed = U(q)
        K_current = jnp.sum(current_p ** 2) / 2
        K_proposed = jnp.sum(p ** 2) / 2

        acceptance_probability = jnp.exp(U_current - U_proposed + K_current - K_proposed)
        # reject samples that have nan acceptance prob
        acceptance_probability_clip_low = jnp.clip(
            jnp.nan_to_num(acceptance_probability, nan=0.0, posinf=0.0, neginf=0.0),
                                          a_max=1.0)
        accept = (acceptance_probability_clip_low > jax.random.uniform(key=subkey,
                                shape=acceptance_probability_clip_low.shape))
        current_q = jax.lax.select(accept, q, current_q)
        return current_q, (current_q, acceptance_probability_clip_low)

    @partial(jax.vmap, in_axes=(None, 0, None, 0, None))
    def _run(self, key, step_size, x, U):
        def grad_U(q):
            return jnp.clip(jax.grad(U)(q), a_min=-self.max_grad, a_max=self.max_grad)

        current_q = x  # set current_q equal to input x from AIS
        chex.assert_shape(current_q, (self.dim,))
        xs = {"rng_key": jax.random.split(key, self.n_outer_steps),
              "step_size": step_size}
        inner_most_loop_func = partial(self._inner_most_loop_func, grad_U,
                                       self.n_inner_steps)
        outer_loop_func = partial(self._outer_loop_func, U, grad_U,
                                  inner_most_loop_func,
                                  self.n_inner_steps)
        current_q, (current_q_per_outer_loop, acceptance_probabilities_per_outer_loop) = \
            jax.lax.scan(outer_loop_func, init=(current_q), xs=xs)
        return current_q, (current_q_per_outer_loop, acceptance_probabilities_per_outer_loop)
