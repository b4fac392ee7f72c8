# Source: https://github.com/helmrad/Bayesian-Neural-Network-with-Stochastic-Inputs/blob/982ff07876b4e7b06a7639c5162152b203692a60/BNN.py
# Title: BNN.py (Bayesian neural network with stochastic inputs, black-box alpha-divergence minimisation, autograd)
# Cut: kept the energy function differentiated by autograd.grad and the helpers it calls; dropped
#      standardisation, sample_es, execute, saving/loading, plotting and the overflow-warning prints
#      inside compute_LL_factors/compute_sample_LLs. adam_deluxe is in train_driver.py.
import autograd.numpy as np
from autograd import grad


class BayesianNeuralNetwork:

    def __init__(self, layer_sizes):
        self.layer_sizes = layer_sizes.copy()
        layer_sizes[-1] = layer_sizes[-1] + 1
        self.w_m = []
        self.w_v_log = []
        self.w_p_v = 1
        self.z_p_v = 2
        self.e_m = np.zeros((1, self.layer_sizes[-1]))
        self.e_v = np.ones((1, self.layer_sizes[-1]))
        self.activations = []
        for i in range(0, len(layer_sizes)-1):
            w_m = np.zeros((layer_sizes[i], layer_sizes[i+1] - 1)) + np.random.uniform(-0.05, 0.05, [layer_sizes[i], layer_sizes[i+1] - 1])
            w_v_log = np.ones((layer_sizes[i], layer_sizes[i+1] - 1)) * -10
            self.w_m.append(w_m)
            self.w_v_log.append(w_v_log)
            self.activations.append(ReLU)
        self.activations[-1] = TrLU
        layer_sizes[-1] = layer_sizes[-1] - 1
        self.logistic_w = lambda w_v_log: [logistic(w_v_log[mesh]) for mesh in range(0, len(w_v_log))]
        self.logistic_z = logistic
        # Amount of weights, stochastic inputs, and output disturbances to sample
        self.K = 25
        self.alpha = 0.5

    def sample_NNs(self, w_m, w_v):
        # Sample K deterministic neural networks with output noise
        NNs = []
        for k in range(0, self.K):
            w = []
            for mesh in range(0, len(w_m)):
                rnd = np.random.randn(w_m[mesh].shape[0], w_m[mesh].shape[1])
                w.append(w_m[mesh] + rnd * w_v[mesh])
            NN = DNN(w, self.activations)
            NNs.append(NN)
        return NNs

    def sample_zs(self, z_m, z_v, N):
        zs = []
        for k in range(0, self.K):
            rnd = np.random.randn(N, z_m.shape[1])
            z = z_m + rnd * z_v
            zs.append(z)
        return zs

    def compute_norm_factor(self, w_m, w_v, z_m, z_v):
        log_n_w = 0
        for mesh in range(0, len(w_m)):
            log_n_w = log_n_w + np.sum(0.5 * np.log(2*np.pi*w_v[mesh]) + np.square(w_m[mesh])/w_v[mesh])
        log_n_z = np.sum(0.5 * np.log(2*np.pi*z_v) + np.square(z_m)/z_v)
        return log_n_w + log_n_z

    def compute_LL_factors(self, NNs, zs, w_m, w_v, z_m, z_v, N):
        # Calculate K likelihood factors for the weights
        f_ws = []
        f_zs = []
        for k in range(0, self.K):
            f_w = 0
            for mesh in range(0, len(NNs[k].w)):
                f1_w = ((self.w_p_v*w_v[mesh])/(self.w_p_v-w_v[mesh])) * np.square(NNs[k].w[mesh])
                f2_w = (w_m[mesh] / w_v[mesh]) * NNs[k].w[mesh]
                f_w = f_w + (np.sum(f1_w) + np.sum(f2_w))/N
            f_w = f_w * self.alpha
            f_w = np.exp(f_w)
            f_ws.append(f_w)
            f1_z = ((self.z_p_v*z_v)/(self.z_p_v-z_v)) * np.square(zs[k])
            f2_z = (z_m/z_v) * zs[k]
            f_z = (f1_z + f2_z)*self.alpha
            f_z = np.exp(f_z)
            f_zs.append(f_z)
        return f_ws, f_zs

    def compute_sample_LLs(self, NNs, zs, w_m, w_v, z_m, z_v, e_v, x, y, N):
        f_ws, f_zs = self.compute_LL_factors(NNs, zs, w_m, w_v, z_m, z_v, N)
        # Calculate likelihoods for every data-pair in the batch
        lls = []
        denom = 2 * e_v
        for k in range(0, self.K):
            x_z = np.concatenate((x, zs[k]), axis=1)
            out = NNs[k].execute(x_z)
            nom = np.square(y-out)
            ll = np.exp(-nom/denom) / (np.sqrt(2 * np.pi * e_v)) + 1e-10
            ll = np.prod(ll, axis=1, keepdims=True)
            factored_ll = (ll**self.alpha / (f_ws[k]*f_zs[k]))
            lls.append(factored_ll)
        return lls

    def compute_BNN_LL(self, lls, N):
        # Compute the likelihood of the BNN parameters (second part energy function)
        ll_sums_per_sample = np.zeros((N, lls[0].shape[1]))
        for k in range(0, self.K):
            ll_sums_per_sample = ll_sums_per_sample + lls[k]
        log_ll_sums_per_sample = np.log(ll_sums_per_sample/self.K)
        ll_BNN = np.sum(log_ll_sums_per_sample)/self.alpha
        return ll_BNN

    def calculate_energy(self, tbo_pars, x, y, N):
        w_m = tbo_pars[0]
        w_v = self.logistic_w(tbo_pars[1])
        z_m = tbo_pars[2]
        z_v = self.logistic_z(tbo_pars[3])
        e_v = tbo_pars[4]
        zs = self.sample_zs(z_m, z_v, N)
        NNs = self.sample_NNs(w_m, w_v)
        log_n = self.compute_norm_factor(w_m, w_v, z_m, z_v)
        lls = self.compute_sample_LLs(NNs, zs, w_m, w_v, z_m, z_v, e_v, x, y, N)
        ll_BNN = self.compute_BNN_LL(lls, N)
        energy = - log_n - ll_BNN
        return energy

    def train(self, x, y):
        N = x.shape[0]
        z_m = np.zeros((x.shape[0], 1))
        z_v_log = np.ones((x.shape[0], 1)) * 10
        self.energy = lambda tbo_pars: self.calculate_energy(tbo_pars, x, y, N)
        # Declare gradient of energy wrt parameters to-be-optimized
        self.energy_grad = grad(self.energy, 0)
        tbo_pars = [self.w_m, self.w_v_log, z_m, z_v_log, self.e_v]
        tbo_pars, tbo_pars_iter = self.adam_deluxe(tbo_pars)
        return tbo_pars_iter


class DNN:

    def __init__(self, w, acts):
        self.w = w
        self.activations = acts

    def execute(self, x):
        biasses = np.ones((x.shape[0], 1))
        layer_input = np.concatenate((x, biasses), axis=1)
        for layer in range(0, len(self.w)):
            layer_output = self.activations[layer](np.dot(layer_input, self.w[layer]))
            layer_input = np.concatenate((layer_output, biasses), axis=1)
        return layer_output


def ReLU(o):
    return np.maximum(o, 0)


def TrLU(o):
    return o


def logistic(x):
    return 1 / (1 + np.exp(-x))
