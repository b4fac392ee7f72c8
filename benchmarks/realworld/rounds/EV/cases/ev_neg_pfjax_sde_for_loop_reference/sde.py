# Source: https://github.com/mlysy/pfjax/blob/97652aa1bdff73a92c0286549b010e99cc6f7264/src/pfjax/sde.py
# Title: sde.py
# Cut: Euler helper functions, validity checks, pf_step and the bridge proposals removed; the vectorised/scan methods and their 'for-loop version for testing' twins kept

import jax
import jax.numpy as jnp
import jax.scipy as jsp
from jax import lax, random


class SDEModel(object):
    """
     Base class for SDE models.

     This class sets up a PF model with methods `state_lpdf()`, `state_sim()`, and `pf_step()` automatically determined from user-specified SDE drift and diffusion functions.

    For computational efficiency, the user can also specify whether or not the diffusion is diagonal.  This will set up methods `euler_sim()` and `euler_lpdf()` supplied at instantiation time from either `euler_{sim/lpdf}_diag()` or `euler_{sim/lpdf}_var()`, with arguments identical to those of the free functions except `drift` and `diff`, which are supplied by `self.drift()` and `self.diff()`.


     For `pf_step()`, a bootstrap filter is assumed by default, for which the user needs to specify `meas_lpdf()`.

     **Notes:**

     - Currently contains `_state_sample_for()` and `_state_lpdf_for()` for testing purposes.  May want to move these elsewhere at some point to obfuscate from users...

     - Should derive from `pf.BaseModel`.
    """

    def __init__(self, dt, n_res, diff_diag):
        r"""
        Class constructor.

        Args:
            dt: SDE interobservation time.
            n_res: SDE resolution number.  There are `n_res` latent variables per observation, equally spaced with interobservation time `dt/n_res`.
            diff_diag: Whether or not the diffusion matrix is assumed to be diagonal.
        """
        self._dt = dt
        self._n_res = n_res
        # the following members are only used for testing
        self._diff_diag = diff_diag
        # also have self._n_state for testing,
        # defined in the derived model class
        # (diag/full Euler helpers selected here; cut)

    def state_lpdf(self, x_curr, x_prev, theta):
        """
        Calculates the log-density of `p(x_curr | x_prev, theta)`.

        Args:
            x_curr: State variable at current time `t`.
            x_prev: State variable at previous time `t-1`.
            theta: Parameter value.

        Returns:
            The log-density of `p(x_curr | x_prev, theta)`.
        """
        # No need to do tree version since SDE has 2D x_state
        # x0 = tree_append_first(
        #     x=tree_remove_last(x_curr),
        #     first=tree_keep_last(x_prev)
        # )
        x0 = jnp.concatenate([x_prev[-1][None], x_curr[:-1]])
        x1 = x_curr
        lp = jax.vmap(
            lambda xp, xc: self.euler_lpdf(
                x_curr=xc, x_prev=xp, dt=self._dt / self._n_res, theta=theta
            )
        )(x0, x1)
        # x = jnp.append(jnp.expand_dims(x_prev[self._n_res-1], axis=0),
        #                x_curr, axis=0)
        # lp = jax.vmap(lambda t:
        #               self.euler_lpdf(
        #                   x_curr=x[t+1], x_prev=x[t],
        #                   dt=self._dt/self._n_res,
        #                   theta=theta))(jnp.arange(self._n_res))
        return jnp.sum(lp)
        # x = jnp.append(jnp.expand_dims(x_prev[self._n_res-1], axis=0),
        #                x_curr, axis=0)
        # return self.euler_lpdf(x, self._dt/self._n_res, theta)

    def _state_lpdf_for(self, x_curr, x_prev, theta):
        """
        Calculates the log-density of `p(x_curr | x_prev, theta)`.
        For-loop version for testing.

        Args:
            x_curr: State variable at current time `t`.
            x_prev: State variable at previous time `t-1`.
            theta: Parameter value.

        Returns:
            The log-density of `p(x_curr | x_prev, theta)`.
        """
        dt_res = self._dt / self._n_res
        x0 = jnp.append(
            jnp.expand_dims(x_prev[self._n_res - 1], axis=0),
            x_curr[: self._n_res - 1],
            axis=0,
        )
        x1 = x_curr
        lp = jnp.array(0.0)
        for t in range(self._n_res):
            if self._diff_diag:
                lp = lp + jnp.sum(
                    jsp.stats.norm.logpdf(
                        x=x1[t],
                        loc=x0[t] + self.drift(x0[t], theta) * dt_res,
                        scale=self.diff(x0[t], theta) * jnp.sqrt(dt_res),
                    )
                )
            else:
                lp = lp + jnp.sum(
                    jsp.stats.multivariate_normal.logpdf(
                        x=x1[t],
                        mean=x0[t] + self.drift(x0[t], theta) * dt_res,
                        cov=self.diff(x0[t], theta) * dt_res,
                    )
                )
        return lp

    def state_sample(self, key, x_prev, theta):
        """
        Samples from `x_curr ~ p(x_curr | x_prev, theta)`.

        Args:
            key: PRNG key.
            x_prev: State variable at previous time `t-1`.
            theta: Parameter value.

        Returns:
            Sample of the state variable at current time `t`: `x_curr ~ p(x_curr | x_prev, theta)`.
        """

        # lax.scan setup:
        # scan function
        def fun(carry, t):
            key, subkey = random.split(carry["key"])
            x = self.euler_sim(
                key=subkey, x=carry["x"], dt=self._dt / self._n_res, theta=theta
            )
            res = {"x": x, "key": key}
            return res, x

        # scan initial value
        # init = {"x": tree_keep_last(x_prev), "key": key}
        init = {"x": x_prev[-1], "key": key}
        last, full = lax.scan(fun, init, jnp.arange(self._n_res))
        return full
        # return self.euler_sim(
        #     key=key,
        #     n_steps=self._n_res,
        #     x=x_prev[self._n_res-1],
        #     dt=self._dt/self._n_res,
        #     theta=theta
        # )

    def _state_sample_for(self, key, x_prev, theta):
        """
        Samples from `x_curr ~ p(x_curr | x_prev, theta)`.
        For-loop version for testing.

        Args:
            key: PRNG key.
            x_prev: State variable at previous time `t-1`.
            theta: Parameter value.

        Returns:
            Sample of the state variable at current time `t`: `x_curr ~ p(x_curr | x_prev, theta)`.
        """
        dt_res = self._dt / self._n_res
        # x_curr = jnp.zeros(self._n_state)
        x_curr = []
        x_state = x_prev[self._n_res - 1]
        for t in range(self._n_res):
            key, subkey = random.split(key)
            if self._diff_diag:
                dr = x_state + self.drift(x_state, theta) * dt_res
                df = self.diff(x_state, theta) * jnp.sqrt(dt_res)
                x_state = dr + df * random.normal(subkey, (x_state.shape[0],))
            else:
                dr = x_state + self.drift(x_state, theta) * dt_res
                df = self.diff(x_state, theta) * dt_res
                x_state = random.multivariate_normal(subkey, mean=dr, cov=df)
            x_curr.append(x_state)
            # x_curr = x_curr.at[t].set(x_state)
        return jnp.array(x_curr)

