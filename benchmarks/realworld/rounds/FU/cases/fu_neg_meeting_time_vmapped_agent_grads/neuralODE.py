# Source: https://github.com/KachmanLab/NeuralMFG/blob/0f47be6901ff13f5ed79282855080ee58787b569/games/meeting_arrival_times/neuralODE.py
# Title: games/meeting_arrival_times/neuralODE.py
# Cut: kept the NeuralODE module (diffrax SDE with the game's drift and diffusion terms); the dataloader is
#      cut; Func (an eqx MLP wrapper from utilities/) is replaced by eqx.nn.MLP; a loss with filter_value_and_grad
#      is added in the form of utilities/train.py.
import diffrax
import equinox as eqx
import jax
import jax.numpy as jnp


class NeuralODE(eqx.Module):
    func: eqx.nn.MLP
    drift: diffrax.ODETerm
    diffusion: diffrax.ControlTerm

    def __init__(self, data_size, width_size, depth, drift: diffrax.ODETerm, diffusion: diffrax.ControlTerm,
                 *, key, **kwargs):
        super().__init__(**kwargs)
        self.func = eqx.nn.MLP(data_size, data_size, width_size, depth, key=key)
        self.drift = drift
        self.diffusion = diffusion

    def __call__(self, ts, y0):
        solution = diffrax.diffeqsolve(
            diffrax.MultiTerm(self.drift, self.diffusion, diffrax.ODETerm(lambda t, y, args: self.func(y))),
            diffrax.Euler(),
            t0=ts[0],
            t1=ts[-1],
            dt0=ts[1] - ts[0],
            y0=y0,
            saveat=diffrax.SaveAt(ts=ts),
        )
        return solution.ys


@eqx.filter_value_and_grad
def grad_loss(model, ts, y0, yi):
    y_pred = model(ts, y0)
    return jnp.mean((jnp.sort(yi, axis=-1) - jnp.sort(y_pred[-1])) ** 2)
