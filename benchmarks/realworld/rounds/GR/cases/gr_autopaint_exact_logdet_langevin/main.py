# Source: https://github.com/HIPS/autopaint/blob/acbe781a2a374af7604117b9ded71e00add5b926/experiments/2-test-langevin/4-gaussian/main.py
# Title: autopaint experiments/2-test-langevin/4-gaussian/main.py: Langevin sampler fitted to a correlated Gaussian, exact log-det
# Cut: dropped the parameter-plotting helper, density plots and timing; Python-2 prints turned into calls.
import autograd.numpy as np
from autograd import value_and_grad

from langevin import build_langevin_sampler
from util import build_logprob_mvn


if __name__ == '__main__':

    num_samples = 200
    num_langevin_steps = 3
    num_sampler_optimization_steps = 200
    sampler_learn_rate = 0.2

    D = 2
    init_mean = np.zeros(D)
    init_log_stddevs = np.log(1.0*np.ones(D))
    init_log_stepsizes = np.log(0.1*np.ones(num_langevin_steps))
    init_log_noise_sizes = np.log(0.1*np.ones(num_langevin_steps))

    rs = np.random.npr.RandomState(0)
    logprob_mvn = build_logprob_mvn(np.zeros(2),np.array([[1,.9],[.9,1]]))
    sample_and_run_langevin, parser = build_langevin_sampler(logprob_mvn, D, num_langevin_steps, approx=False)

    sampler_params = np.zeros(len(parser))
    parser.put(sampler_params, 'mean', init_mean)
    parser.put(sampler_params, 'log_stddev', init_log_stddevs)
    parser.put(sampler_params, 'log_stepsizes', init_log_stepsizes)
    parser.put(sampler_params, 'log_noise_sizes', init_log_noise_sizes)

    def get_batch_marginal_likelihood_estimate(sampler_params):
        samples, loglik_estimates, entropy_estimates = sample_and_run_langevin(sampler_params, rs, num_samples)
        marginal_likelihood_estimates = loglik_estimates + entropy_estimates
        print("mean loglik:", np.mean(loglik_estimates), " mean entropy:", np.mean(entropy_estimates))
        return np.mean(marginal_likelihood_estimates)

    ml_and_grad = value_and_grad(get_batch_marginal_likelihood_estimate)

    # Optimize Langevin parameters.
    for i in xrange(num_sampler_optimization_steps):
        ml, dml = ml_and_grad(sampler_params)
        print("log marginal likelihood:", ml)
        sampler_params = sampler_params + sampler_learn_rate * dml
