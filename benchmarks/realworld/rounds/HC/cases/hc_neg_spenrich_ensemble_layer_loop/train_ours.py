# Source: https://github.com/spenrich/Control-Oriented-Meta-Learning/blob/206145140b74cf4e4488e24ebb051f56078f0416/pfar/train_ours.py
# Title: pfar/train_ours.py (model ensemble training)
# Cut: kept the ensemble ODE, the one-step loss, the vmapped/jitted gradient step and the parameter
#      initialisation; argument parsing, data loading and the validation bookkeeping are dropped;
#      utils.* helpers are imported as in the original.
import jax
import jax.numpy as jnp
from jax.example_libraries import optimizers

from utils.dynamics import prior
from utils.ode import rk38_step
from utils.pytree import tree_normsq


def train_ensemble(key, data, hparams, num_dof):
    # Loss function along a trajectory
    def ode(x, t, u, params, prior=prior):
        """Compute the system state derivative."""
        num_dof = x.size // 2
        q, dq = x[:num_dof], x[num_dof:]
        H, C, g, B = prior(q, dq)

        # Each model in the ensemble is a feed-forward neural network
        # with zero output bias
        f = x
        for W, b in zip(params['W'], params['b']):
            f = jnp.tanh(W@f + b)
        f = params['A'] @ f
        ddq = jax.scipy.linalg.solve(H, B@u + f - C@dq - g, sym_pos=True)
        dx = jnp.concatenate((dq, ddq))
        return dx

    def loss(params, regularizer, t, x, u, t_next, x_next, ode=ode):
        """Compute the loss over one transition tuple."""
        num_samples = t.size
        dt = t_next - t
        x_next_est = jax.vmap(rk38_step, (None, 0, 0, 0, 0, None))(
            ode, dt, x, t, u, params
        )
        loss = (jnp.sum((x_next_est - x_next)**2)
                + regularizer*tree_normsq(params)) / num_samples
        return loss

    # Parallel updates for each model in the ensemble
    @jax.partial(jax.jit, static_argnums=(4, 5))
    @jax.partial(jax.vmap, in_axes=(None, 0, None, 0, None, None))
    def step(idx, opt_state, regularizer, batch, get_params, update_opt,
             loss=loss):
        """Do a gradient step."""
        params = get_params(opt_state)
        grads = jax.grad(loss, argnums=0)(params, regularizer, **batch)
        opt_state = update_opt(idx, grads, opt_state)
        return opt_state

    # Initialize model parameters
    num_models = hparams['num_subtraj']  # one model per trajectory
    num_hlayers = hparams['ensemble']['num_hlayers']
    hdim = hparams['ensemble']['hdim']
    if num_hlayers >= 1:
        shapes = [(hdim, 2*num_dof), ] + (num_hlayers-1)*[(hdim, hdim), ]
    else:
        shapes = []
    key, *subkeys = jax.random.split(key, 1 + 2*num_hlayers + 1)
    keys_W = subkeys[:num_hlayers]
    keys_b = subkeys[num_hlayers:-1]
    key_A = subkeys[-1]
    ensemble = {
        # hidden layer weights
        'W': [0.1*jax.random.normal(keys_W[i], (num_models, *shapes[i]))
              for i in range(num_hlayers)],
        # hidden layer biases
        'b': [0.1*jax.random.normal(keys_b[i], (num_models, shapes[i][0]))
              for i in range(num_hlayers)],
        # last layer weights
        'A': 0.1*jax.random.normal(key_A, (num_models, num_dof, hdim))
    }

    init_opt, update_opt, get_params = optimizers.adam(hparams['ensemble']['learning_rate'])
    opt_states = jax.vmap(init_opt)(ensemble)
    for step_idx, batch in enumerate(data):
        opt_states = step(step_idx, opt_states,
                          hparams['ensemble']['regularizer_l2'], batch,
                          get_params, update_opt)
    return opt_states
