# Source: https://github.com/vdutor/neural-diffusion-processes/blob/3e63f878007587e18deff648c1440d87aad9e042/neural_diffusion_processes/process.py
# Title: neural_diffusion_processes/process.py
# Cut: kept expand_to and GaussianDiffusion.sample / conditional_sample; the schedule,
#      forward/backward step helpers and the loss cut (their names are kept as called).
import jax
import jax.numpy as jnp


def expand_to(a, b):
    new_shape = a.shape + (1,) * (b.ndim - a.ndim)
    return a.reshape(new_shape)


class GaussianDiffusion:

    def sample(self, key, x, mask, *, model_fn, output_dim: int = 1):
        key, ykey = jax.random.split(key)
        yT = jax.random.normal(ykey, (len(x), output_dim))

        if mask is None:
            mask = jnp.zeros_like(x[:, 0])

        @jax.jit
        def scan_fn(y, inputs):
            t, key = inputs
            mkey, rkey = jax.random.split(key)
            noise_hat = model_fn(t, y, x, mask, key=mkey)
            y = self.ddpm_backward_step(key=rkey, noise=noise_hat, yt=y, t=t)
            return y, None

        ts = jnp.arange(len(self.betas))[::-1]
        keys = jax.random.split(key, len(ts))
        yf, yt = jax.lax.scan(scan_fn, yT, (ts, keys))
        return yt if yt is not None else yf

    def conditional_sample(
        self,
        key,
        x,
        mask,
        *,
        x_context,
        y_context,
        mask_context,
        model_fn,
        num_inner_steps: int = 5,
        method: str = "repaint",
    ):
        if mask is None:
            mask = jnp.zeros_like(x[:, 0])

        if mask_context is None:
            mask_context = jnp.zeros_like(x_context[:, 0])

        key, ykey = jax.random.split(key)
        x_augmented = jnp.concatenate([x_context, x], axis=0)
        mask_augmented = jnp.concatenate([mask_context, mask], axis=0)
        num_context = len(x_context)

        @jax.jit
        def repaint_inner(yt_target, inputs):
            t, key = inputs
            key, fkey, mkey, bkey = jax.random.split(key, 4)
            # one step backward: t -> t-1
            yt_context = self.forward(fkey, y_context, t)[0]
            y_augmented = jnp.concatenate([yt_context, yt_target], axis=0)
            noise_hat = model_fn(t, y_augmented, x_augmented, mask_augmented, key=mkey)
            y = self.ddpm_backward_step(key=bkey, noise=noise_hat, yt=y_augmented, t=t)
            y = y[num_context:]
            # one step forward: t-1 -> t
            z = jax.random.normal(key, shape=y.shape)
            beta__t_minus_1 = expand_to(self.betas[t - 1], y)
            y = jnp.sqrt(1.0 - beta__t_minus_1) * y + jnp.sqrt(beta__t_minus_1) * z
            return y, None

        @jax.jit
        def repaint_outer(y, inputs):
            t, key = inputs
            # loop
            key, ikey = jax.random.split(key)
            ts = jnp.ones((num_inner_steps,), dtype=jnp.int32) * t
            keys = jax.random.split(ikey, num_inner_steps)
            y, _ = jax.lax.scan(repaint_inner, y, (ts, keys))

            # step backward: t -> t-1
            key, fkey, mkey, bkey = jax.random.split(key, 4)
            yt_context = self.forward(fkey, y_context, t)[0]
            y_augmented = jnp.concatenate([yt_context, y], axis=0)
            noise_hat = model_fn(t, y_augmented, x_augmented, mask_augmented, key=mkey)
            y = self.ddpm_backward_step(key=bkey, noise=noise_hat, yt=y_augmented, t=t)
            y = y[num_context:]
            return y, None

        ts = jnp.arange(len(self.betas))[::-1]
        keys = jax.random.split(key, len(ts))
        yT_target = jax.random.normal(ykey, (len(x), y_context.shape[-1]))

        y, _ = jax.lax.scan(repaint_outer, yT_target, (ts[:-1], keys[:-1]))
        return y
