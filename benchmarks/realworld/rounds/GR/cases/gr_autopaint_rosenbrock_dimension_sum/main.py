# Source: https://github.com/HIPS/autopaint/blob/acbe781a2a374af7604117b9ded71e00add5b926/experiments/2-test-langevin/5-rosenbrock/main.py
# Title: autopaint experiments/2-test-langevin/5-rosenbrock/main.py: Langevin sampler on a 200-dimensional tapered Rosenbrock
# Cut: dropped plotting and timing; Python-2 prints turned into calls. The sampler is autopaint/langevin.py
#      (reproduced in case gr_autopaint_exact_logdet_langevin): gradfun = elementwise_grad(loglik_func) is
#      applied at every Langevin step and the whole chain is differentiated by value_and_grad below.
import autograd.numpy as np
from autograd import value_and_grad

from autopaint.optimizers import adam
from autopaint.langevin import build_langevin_sampler
from util import log_tapered_inv_rosenbrock

if __name__ == '__main__':

    num_samples = 50
    num_langevin_steps = 10
    num_sampler_optimization_steps = 400

    D = 200

    init_mean = np.zeros(D)
    init_log_stddevs = np.log(1e-4*np.ones(D))
    init_log_stepsizes = np.log(0.1*np.ones(num_langevin_steps))
    init_log_noise_sizes = np.log(0.1*np.ones(num_langevin_steps))

    rs = np.random.npr.RandomState(0)

    sample_and_run_langevin, parser = build_langevin_sampler(log_tapered_inv_rosenbrock, D, num_langevin_steps, approx=True)

    sampler_params = np.zeros(len(parser))
    parser.put(sampler_params, 'mean', init_mean)
    parser.put(sampler_params, 'log_stddev', init_log_stddevs)
    parser.put(sampler_params, 'log_stepsizes', init_log_stepsizes)
    parser.put(sampler_params, 'log_noise_sizes', init_log_noise_sizes)

    def get_batch_marginal_likelihood_estimate(sampler_params):
        samples, loglik_estimates, entropy_estimates = sample_and_run_langevin(sampler_params, rs, num_samples)
        marginal_likelihood_estimates = loglik_estimates + entropy_estimates
        print("mean loglik:", np.mean(loglik_estimates).value, " mean entropy:", np.mean(entropy_estimates).value)
        return np.mean(marginal_likelihood_estimates)

    ml_and_grad = value_and_grad(get_batch_marginal_likelihood_estimate)

    def print_ml(ml,params):
        print("log marginal likelihood:", ml)

    # Optimize Langevin parameters.
    final_params, final_value = adam(ml_and_grad,sampler_params,num_sampler_optimization_steps,callback=print_ml)
