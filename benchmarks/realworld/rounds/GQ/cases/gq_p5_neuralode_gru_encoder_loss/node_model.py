# Source: https://github.com/Michaelhess17/NeuralODE/blob/b074e067412f47033022c99d258b9dc5713e4c21/DDFA_NODE/ddfa_node/networks/jax_utils.py
# Title: NeuralODE DDFA_NODE/ddfa_node/networks/jax_utils.py (NeuralODE equinox module with a GRU seeding encoder)
# Cut: __init__ reduced to the recurrence branch (no padding layer, MLP vector field); Func kept minimal
import diffrax
import equinox as eqx
import jax
import jax.numpy as jnp
import jax.random as jr


class Func(eqx.Module):
    mlp: eqx.nn.MLP

    def __init__(self, data_size, width_size, depth, *, key, **kwargs):
        super().__init__(**kwargs)
        self.mlp = eqx.nn.MLP(in_size=data_size, out_size=data_size, width_size=width_size, depth=depth, key=key)

    def __call__(self, t, y, args):
        return self.mlp(y)


class NeuralODE(eqx.Module):
    func: Func
    cell: eqx.nn.GRUCell
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
        self.hidden_to_ode = eqx.nn.MLP(
            in_size=hidden_size,
            out_size=ode_size,
            width_size=width_size,
            depth=2,
            key=dec_key,
        )
        self.ode_to_data = eqx.nn.MLP(
            in_size=ode_size,
            out_size=data_size,
            width_size=width_size,
            depth=2,
            key=dec_key,
        )

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
        out = jax.vmap(self.ode_to_data)(ys)
        return out
