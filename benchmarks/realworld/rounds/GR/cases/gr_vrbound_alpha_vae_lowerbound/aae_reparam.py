# Source: https://github.com/YingzhenLi/VRbound/blob/e11c8c7edf6b4b8ad0da8a66516feb6d8ed01487/vae_autograd/aae_reparam.py
# Title: VRbound vae_autograd/aae_reparam.py (Renyi-divergence / alpha-VAE with autograd)
# Cut: kept _comp_log_weights, _lowerbound, _backprop_single, _loss_grad and _computeGradients of class VA;
#      dropped __init__ body, parameter server, training loop; Python-2 prints removed so the file parses.
#      x has shape (dim, batchsize); logF has one entry per (data point, importance sample).
import autograd.numpy as np
from autograd import value_and_grad
from autograd.scipy.misc import logsumexp


class VA:
    """
    An auto-encoder with variational Bayes inference.
    """

    def _comp_log_weights(self, params, x, num_samples = 1):
        """
        Compute log p(theta, D) / q(theta)
        """
        # compute log_q
        z, logq = self.qNet.encode_and_log_prob(params, \
            self.param_server, x, num_samples)
        # compute log_p
        x_tmp = np.repeat(x, num_samples, axis = 1)
        _, logpxz = self.pNet.encode_and_log_prob(params, \
            self.param_server, z, data = x_tmp)
        logp0 = np.sum(-(0.5 * np.log(2 * np.pi)) - 0.5 * z ** 2, axis = 0)
        # compute log importance weights
        logF = logp0 + logpxz - logq

        return logF

    def _lowerbound(self, params, x, num_samples = 1, alpha = 1.0):
        """
        Compute the alpha-VI objective
        """
        # compute lowerbound
        logF = self._comp_log_weights(params, x, num_samples)
        batchsize = x.shape[1]
        lowerbound = 0.0
        if alpha < 1 - 10e-10:
            # compute the normaliser for each q(z|x_n)
            logF = (1 - alpha) * logF
            for i in xrange(batchsize):
                indl = int(i * num_samples); indr = int((i+1) * num_samples)
                lowerbound = lowerbound + logsumexp(logF[indl:indr]) \
                    - np.log(num_samples)
            lowerbound = lowerbound / (1 - alpha)
        else:
            # VI bound
            for i in xrange(batchsize):
                indl = int(i * num_samples); indr = int((i+1) * num_samples)
                lowerbound = lowerbound + np.sum(logF[indl:indr]) / num_samples

        return lowerbound

    def _backprop_single(self, params, x, num_samples = 1, alpha = 1.0):
        """
        Efficient training by computing k forward pass and only 1
        backward pass (by sampling particles according to the weights).
        For VI all the weights are equal.
        """
        # compute weights
        logF = self._comp_log_weights(params, x, num_samples)
        batchsize = x.shape[1]
        lowerbound = 0.0
        logFa = (1 - alpha) * logF
        for i in xrange(batchsize):
            indl = int(i * num_samples); indr = int((i+1) * num_samples)
            log_weights = logFa[indl:indr] - logsumexp(logFa[indl:indr])
            prob = list(np.exp(log_weights))
            # current autograd doesn't support np.random.choice!
            sample_uniform = np.random.random()
            for j in xrange(num_samples):
                sample_uniform = sample_uniform - prob[j]
                if sample_uniform <= 0.0:
                    break
            ind_current = indl + j
            lowerbound = lowerbound + logF[ind_current]

        return lowerbound

    def _loss_grad(self, backward_pass = 'single'):
        # then determine the training type
        if backward_pass == 'full':
            loss_and_grad = value_and_grad(self._lowerbound)
        else:
            loss_and_grad = value_and_grad(self._backprop_single)
        return loss_and_grad

    def _computeGradients(self, minibatch, num_samples = 1, \
            backward_pass = 'single'):
        loss_and_grad = self._loss_grad(backward_pass)
        (lowerbound, gradients) = loss_and_grad(self.params, \
                                      minibatch, num_samples, self.alpha)
        return gradients, lowerbound

    def _updateParams(self, minibatch, N, num_samples = 3, backward_pass = 'full'):
        gradients, lowerbound = self._computeGradients(minibatch.T, \
            num_samples, backward_pass)
        self.param_server.update(self.params, gradients, \
            self.learning_rate, minibatch.shape[0], N)
        return lowerbound
