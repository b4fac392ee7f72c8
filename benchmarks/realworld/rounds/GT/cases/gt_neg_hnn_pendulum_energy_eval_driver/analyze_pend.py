# Source: https://github.com/greydanus/hamiltonian-nn/blob/bcc362235dc623ffe48f22ccc22417e02e9803b4/analyze-pend.ipynb
# Title: analyze-pend.ipynb (Hamiltonian Neural Networks, pendulum analysis notebook)
# Cut: code cells 11, 17-19 converted to a script: scipy integration of the true and learned fields,
#      the energy evaluation along the integrated paths and the evaluation loop over random starts;
#      plotting and model loading reduced.
import autograd.numpy as np
import scipy.integrate
import torch

from data import dynamics_fn, hamiltonian_fn

solve_ivp = scipy.integrate.solve_ivp


def integrate_model(model, t_span, y0, **kwargs):

    def fun(t, np_x):
        x = torch.tensor(np_x, requires_grad=True, dtype=torch.float32).view(1, 2)
        dx = model.time_derivative(x).data.numpy().reshape(-1)
        return dx

    return solve_ivp(fun=fun, t_span=t_span, y0=y0, **kwargs)


def integrate_models(base_model, hnn_model, x0=np.asarray([1, 0]), t_span=[0, 5], t_eval=None):
    kwargs = {'t_eval': t_eval, 'rtol': 1e-12}
    true_path = solve_ivp(fun=dynamics_fn, t_span=t_span, y0=x0, **kwargs)
    true_x = true_path['y'].T
    base_x = integrate_model(base_model, t_span, x0, **kwargs)['y'].T
    hnn_x = integrate_model(hnn_model, t_span, x0, **kwargs)['y'].T
    return true_x, base_x, hnn_x


def energy_loss(true_x, integrated_x):
    true_energy = (true_x**2).sum(1)
    integration_energy = (integrated_x**2).sum(1)
    return np.mean((true_energy - integration_energy)**2)


def analyse(base_model, hnn_model):
    x0 = np.asarray([2.1, 0])
    t_span = [0, 20]
    t_eval = np.linspace(t_span[0], t_span[1], 2000)
    true_x, base_x, hnn_x = integrate_models(base_model, hnn_model, x0=x0, t_span=t_span, t_eval=t_eval)

    true_e = np.stack([hamiltonian_fn(c) for c in true_x])
    base_e = np.stack([hamiltonian_fn(c) for c in base_x])
    hnn_e = np.stack([hamiltonian_fn(c) for c in hnn_x])

    splits = 5
    samples = 3
    losses = {'base_energy': [], 'hnn_energy': []}
    t_eval = np.linspace(t_span[0], t_span[1], 100)
    for i in range(splits*samples):
        x0 = np.random.rand(2)*1.6 - .8
        x0 += 0.2 * np.sign(x0) * np.ones_like(x0)
        true_x, base_x, hnn_x = integrate_models(base_model, hnn_model, x0=x0, t_span=t_span, t_eval=t_eval)
        losses['base_energy'] += [energy_loss(true_x, base_x)]
        losses['hnn_energy'] += [energy_loss(true_x, hnn_x)]
    return true_e, base_e, hnn_e, losses
