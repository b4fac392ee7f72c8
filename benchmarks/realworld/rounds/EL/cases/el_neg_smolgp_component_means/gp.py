# Source: https://github.com/smolgp-dev/smolgp/blob/fc05bd8f1d4d864ff447e3b77bfa5bdea8162a2b/src/smolgp/gp.py
# Title: src/smolgp/gp.py (smolgp: GaussianProcess.get_component_means)
# Cut: kept get_component_means, which loops over the leaf kernels of a sum/product kernel; get_component_mean body reduced to a stub
import equinox as eqx


def extract_leaf_kernels(kernel):
    if hasattr(kernel, "kernel1"):
        return extract_leaf_kernels(kernel.kernel1) + extract_leaf_kernels(kernel.kernel2)
    return [kernel]


class GaussianProcess(eqx.Module):
    kernel: object
    states: object = None

    def get_component_mean(self, component, return_var=False, kwargs=None):
        raise NotImplementedError

    def get_component_means(self, return_var=False, **kwargs):
        if self.states is None:
            raise ValueError(
                "The GP must be conditioned before getting component means."
            )

        ## First, extract all kernels
        kernels = extract_leaf_kernels(self.kernel)

        ## Loop through and project each component
        results = {}
        for k, kernel in enumerate(kernels):
            mu, var = self.get_component_mean(
                component=kernel.name, return_var=True, kwargs=kwargs
            )
            if return_var:
                results[kernel.name] = (mu, var)
            else:
                results[kernel.name] = mu

        return results
