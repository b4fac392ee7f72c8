# Source: https://github.com/KachmanLab/NeuralMFG/blob/0f47be6901ff13f5ed79282855080ee58787b569/games/el_farol/neuralODE.py
# Title: games/el_farol/neuralODE.py
# Cut: Func (utilities/MultiLayerPerceptron.py) replaced by eqx.nn.MLP; cap imported from BarProblem.py;
#      the call of the model from bar_nODE.py is added below in outline (jax.random keys and data cut).
import diffrax
import equinox as eqx
import jax

from BarProblem import BarProblem, cap


class NeuralODE(eqx.Module):
    func: eqx.nn.MLP
    data_size: int
    drift: diffrax.ODETerm

    def __init__(self, data_size, width_size, depth, drift: diffrax.ODETerm, *, key, **kwargs):
        super().__init__(**kwargs)
        self.func = eqx.nn.MLP(data_size, data_size, width_size, depth, key=key, activation=jax.nn.leaky_relu,
                               final_activation=lambda x: x)
        self.drift = drift
        self.data_size = data_size

    def __call__(self, ts, y0):
        solution = diffrax.diffeqsolve(
            diffrax.MultiTerm(self.drift, diffrax.ODETerm(lambda t, y, args: self.func(y))),
            diffrax.Euler(),
            t0=ts[0],
            t1=ts[-1],
            dt0=ts[1] - ts[0],
            y0=y0,
            saveat=diffrax.SaveAt(ts=ts),
        )
        return cap(solution.ys)


bar = BarProblem(crowding_threshold=0.6)
model = NeuralODE(data_size=100, width_size=64, depth=2, drift=diffrax.ODETerm(bar.drift),
                  key=jax.random.PRNGKey(0))
