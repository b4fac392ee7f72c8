# Source: https://github.com/HIPS/autograd/blob/bff107b8d71a444a1160deade3e1cbd0b92f4fa6/examples/bayesian_optimization.py
# Title: HIPS/autograd examples/bayesian_optimization.py
# Cut: kept optimize_gp_params, choose_next_point and the outer loop; the GP helpers and plotting callback
#      are reduced to parameters.
import autograd.numpy as np
import autograd.numpy.random as npr
from autograd import value_and_grad
from autograd.scipy.stats import norm
from scipy.optimize import minimize


def bayesian_optimize(func, domain_min, domain_max, num_iters, log_marginal_likelihood,
                      acquisition_function, init_params, D):

    def optimize_gp_params(init_params, X, y):
        log_hyperprior = lambda params: np.sum(norm.logpdf(params, 0.0, 100.0))
        objective = lambda params: -log_marginal_likelihood(params, X, y) - log_hyperprior(params)
        return minimize(value_and_grad(objective), init_params, jac=True, method="CG").x

    def choose_next_point(domain_min, domain_max, acquisition_function, num_tries=15, rs=None):
        """Uses gradient-based optimization to find next query point."""
        rs = rs if rs is not None else npr.RandomState(0)
        init_points = rs.rand(num_tries, D) * (domain_max - domain_min) + domain_min

        grad_obj = value_and_grad(lambda x: -acquisition_function(x))

        def optimize_point(init_point):
            result = minimize(
                grad_obj,
                x0=init_point,
                jac=True,
                method="L-BFGS-B",
                options={"maxiter": 10},
                bounds=list(zip(domain_min, domain_max)),
            )
            return result.x, acquisition_function(result.x)

        optimzed_points, optimized_values = list(zip(*list(map(optimize_point, init_points))))
        best_ix = np.argmax(optimized_values)
        return np.atleast_2d(optimzed_points[best_ix])

    X = np.zeros((0, D))
    y = np.zeros(0)
    model_params = init_params
    for i in range(num_iters):
        if i > 1:
            model_params = optimize_gp_params(model_params, X, y)
        next_point = choose_next_point(domain_min, domain_max, acquisition_function)
        new_value = func(next_point)
        X = np.concatenate((X, next_point))
        y = np.concatenate((y, np.reshape(np.array(new_value), (1,))))
    return X, y
