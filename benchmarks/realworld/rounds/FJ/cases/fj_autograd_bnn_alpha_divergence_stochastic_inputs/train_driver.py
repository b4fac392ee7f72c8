# Source: https://github.com/helmrad/Bayesian-Neural-Network-with-Stochastic-Inputs/blob/982ff07876b4e7b06a7639c5162152b203692a60/BNN.py
# Title: BNN.py (BayesianNeuralNetwork.adam_deluxe and fit_bimodal_distribution)
# Cut: the adam_deluxe method written as a function of the network object; keyboard pause/stop,
#      printing and garbage collection dropped. It is the host-side optimiser that calls the
#      autograd gradient of the energy defined in bnn.py once per epoch.
import autograd.numpy as np
import copy

from bnn import BayesianNeuralNetwork


def adam_deluxe(self, tbo_pars, b1=0.9, b2=0.999, eps=10**-8):
    m = []
    v = []
    tbo_pars_iter = []
    for par in tbo_pars:
        if type(par) == list:
            m_par = []
            v_par = []
            for mesh in par:
                m_par.append(np.zeros((mesh.shape[0], mesh.shape[1])))
                v_par.append(np.zeros((mesh.shape[0], mesh.shape[1])))
        else:
            m_par = np.zeros((par.shape[0], par.shape[1]))
            v_par = np.zeros((par.shape[0], par.shape[1]))
        m.append(m_par)
        v.append(v_par)
    for i in range(self.epochs):
        prior_pars = copy.deepcopy(tbo_pars)
        tbo_pars_iter.append(prior_pars)
        e = np.round(self.energy(tbo_pars), 4)
        if np.isnan(e):
            return tbo_pars, tbo_pars_iter
        # Get the gradients wrt parameters to-be-optimized
        grads = self.energy_grad(tbo_pars)
        for par_n in range(0, len(tbo_pars)):
            if type(tbo_pars[par_n]) == list:
                for mesh in range(0, len(tbo_pars[par_n])):
                    m[par_n][mesh] = (1 - b1) * grads[par_n][mesh] + b1 * m[par_n][mesh]
                    v[par_n][mesh] = (1 - b2) * (grads[par_n][mesh]**2) + b2 * v[par_n][mesh]
                    mhat = m[par_n][mesh] / (1 - b1**(i + 1))
                    vhat = v[par_n][mesh] / (1 - b2**(i + 1))
                    tbo_pars[par_n][mesh] = tbo_pars[par_n][mesh] - self.step_size*mhat/(np.sqrt(vhat) + eps)
            else:
                m[par_n] = (1 - b1) * grads[par_n] + b1 * m[par_n]
                v[par_n] = (1 - b2) * (grads[par_n]**2) + b2 * v[par_n]
                mhat = m[par_n] / (1 - b1**(i + 1))
                vhat = v[par_n] / (1 - b2**(i + 1))
                tbo_pars[par_n] = tbo_pars[par_n] - self.step_size*mhat/(np.sqrt(vhat) + eps)
    return tbo_pars, tbo_pars_iter


BayesianNeuralNetwork.adam_deluxe = adam_deluxe


def fit_bimodal_distribution(x_o, y_o):
    # Input layer size +2, for one bias and one random feature
    layer_sizes = [x_o.shape[1]+2, 10, 10, y_o.shape[1]]
    net = BayesianNeuralNetwork(layer_sizes)
    net.step_size = 0.001
    net.epochs = 15000
    return net.train(x_o, y_o)
