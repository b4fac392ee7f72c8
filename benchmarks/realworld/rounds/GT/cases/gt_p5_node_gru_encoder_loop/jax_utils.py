# Source: https://github.com/Michaelhess17/NeuralODE/blob/b074e067412f47033022c99d258b9dc5713e4c21/DDFA_NODE/ddfa_node/networks/jax_utils.py
# Title: DDFA_NODE/ddfa_node/networks/jax_utils.py (gait neural ODE with GRU seeding)
# Cut: kept Func, the NeuralODE module (GRU encoder over the seeding window, diffrax solve, decoder) and
#      the filter_value_and_grad loss / filter_jit step of train_NODE; padding layer, linear variants,
#      the curriculum loop and plotting were removed.
import diffrax
import equinox as eqx
import jax
import jax.numpy as jnp
import jax.random as jr
import jax.tree_util as jtu


class Func(eqx.Module):
    mlp: eqx.nn.MLP

    def __init__(self, data_size, width_size, depth, *, key, **kwargs):
        super().__init__(**kwargs)
        self.mlp = eqx.nn.MLP(in_size=data_size, out_size=data_size, width_size=width_size,
                              depth=depth, final_activation=eqx.nn.PReLU(), key=key)

    def __call__(self, t, y, args):
        return self.mlp(y)


class NeuralODE(eqx.Module):
    cell: eqx.nn.GRUCell
    func: eqx.Module
    hidden_to_ode: eqx.nn.MLP
    ode_to_data: eqx.nn.MLP
    use_recurrence: bool

    def __init__(self, data_size, width_size, hidden_size, depth, augment_dims, *, key, use_recurrence=True, **kwargs):
        super().__init__(**kwargs)
        self.use_recurrence = use_recurrence
        ode_size = data_size + augment_dims
        rec_key, func_key, dec_key = jr.split(key, 3)
        self.cell = eqx.nn.GRUCell(data_size, hidden_size, key=rec_key)
        self.func = Func(ode_size, width_size, depth, key=func_key)
        self.hidden_to_ode = eqx.nn.MLP(in_size=hidden_size, out_size=ode_size, width_size=width_size, depth=2, key=dec_key)
        self.ode_to_data = eqx.nn.MLP(in_size=ode_size, out_size=data_size, width_size=width_size, depth=2, key=dec_key)

    def __call__(self, ts, yi):
        if self.use_recurrence:
            hidden = jnp.zeros(self.cell.hidden_size)
            for yi_i in yi[::-1]:
                hidden = self.cell(yi_i, hidden)
            y0 = self.hidden_to_ode(hidden)
        else:
            y0 = yi[0, :]

        solution = diffrax.diffeqsolve(
            diffrax.ODETerm(self.func),
            diffrax.Euler(),
            t0=ts[0],
            t1=ts[-1],
            dt0=ts[1] - ts[0],
            y0=y0,
            saveat=diffrax.SaveAt(ts=ts),
            max_steps=int(2**16)
        )
        ys = solution.ys
        return jax.vmap(self.ode_to_data)(ys)


def make_train_step(optim, filter_spec=lambda _: True):

    @eqx.filter_value_and_grad
    def grad_loss(diff_model, static_model, ti, yi, seeding_steps, lmbda):
        model = eqx.combine(diff_model, static_model)
        y_pred = jax.vmap(model, in_axes=(0, 0))(ti, yi[:, :seeding_steps, :])
        params, _ = jtu.tree_flatten(eqx.filter(model, eqx.is_array))
        return jnp.mean(jnp.abs((yi - y_pred))) + lmbda*jnp.sum(jnp.square(jnp.concatenate([param.ravel() for param in params])))

    @eqx.filter_jit
    def make_step(ti, yi, model, opt_state, seeding_steps, lmbda):
        diff_model, static_model = eqx.partition(model, filter_spec)
        value, grads = grad_loss(diff_model, static_model, ti, yi, seeding_steps, lmbda)
        updates, opt_state = optim.update(grads, opt_state, model)
        model = eqx.apply_updates(model, updates)
        return value, model, opt_state

    return make_step


# train_NODE(..., timesteps_per_trial=500, seeding_strategy=(0.1, 0.1), ...):
#     seeding_steps = int(timesteps_per_trial * seeding)   # 50 GRU steps per trajectory
