# Source: https://github.com/jax-ml/jax/issues/1776
# Cut from: benchmarks/realworld/cases/p3_integrate_builtin_sum_over_grid
# Cut: the author's script with integr_resolution 200 (the thread's table goes up to 6400, where the jit
#      took 134 s); the timing prints are dropped (they differ run to run) and the gradient in the new
#      mean is taken too. The rewrite: np.sum instead of the builtin sum.
import jax
import jax.numpy as np
from jax import jit
from jax.scipy.stats.norm import pdf

# set up evaluation points for numerical integration
integr_resolution = 200
lower_bound = -100
upper_bound = 100
integr_grid = np.linspace(lower_bound, upper_bound, integr_resolution)
proba = pdf(integr_grid)
integration_weight = (upper_bound - lower_bound) / integr_resolution


# integrate with new mean
def integrate(mu_new):
    x_new = integr_grid - mu_new

    proba_new = pdf(x_new)
    total_proba = sum(proba * proba_new * integration_weight)  # cliff: unrolled-loop

    return total_proba


value = jit(integrate)(1.0)
slope = jit(jax.grad(integrate))(1.0)
print(f"{float(value):.6f} {float(slope):.6f}")
