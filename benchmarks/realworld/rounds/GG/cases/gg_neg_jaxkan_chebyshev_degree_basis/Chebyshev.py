# Source: https://github.com/srigas/jaxKAN/blob/9763fa3effa1452af5ed7aaa0e9633c0beee9d00/jaxkan/layers/Chebyshev.py
# Title: jaxkan/layers/Chebyshev.py (ChebyshevLayer, a Kolmogorov-Arnold layer)
# Cut: docstrings dropped; Cb table kept to degree 20; _initialize_params replaced by a plain
#      normal draw of c_basis (shape as in the source); update_grid dropped.
import jax
import jax.numpy as jnp

from flax import nnx

from typing import Union



# Dictionary of Chebyshev polynomials up to degree 20
Cb = {
    0: lambda x: jnp.ones_like(x),
    1: lambda x: x,
    2: lambda x: 2 * x**2 - 1,
    3: lambda x: 4 * x**3 - 3 * x,
    4: lambda x: 8 * x**4 - 8 * x**2 + 1,
    5: lambda x: 16 * x**5 - 20 * x**3 + 5 * x,
    6: lambda x: 32 * x**6 - 48 * x**4 + 18 * x**2 - 1,
    7: lambda x: 64 * x**7 - 112 * x**5 + 56 * x**3 - 7 * x,
    8: lambda x: 128 * x**8 - 256 * x**6 + 160 * x**4 - 32 * x**2 + 1,
    9: lambda x: 256 * x**9 - 576 * x**7 + 432 * x**5 - 120 * x**3 + 9 * x,
    10: lambda x: 512 * x**10 - 1280 * x**8 + 1120 * x**6 - 400 * x**4 + 50 * x**2 - 1,
    11: lambda x: 1024 * x**11 - 2816 * x**9 + 2816 * x**7 - 1232 * x**5 + 220 * x**3 - 11 * x,
    12: lambda x: 2048 * x**12 - 6144 * x**10 + 6912 * x**8 - 3584 * x**6 + 840 * x**4 - 72 * x**2 + 1,
    13: lambda x: 4096 * x**13 - 13312 * x**11 + 16640 * x**9 - 9984 * x**7 + 2912 * x**5 - 364 * x**3 + 13 * x,
    14: lambda x: 8192 * x**14 - 28672 * x**12 + 39424 * x**10 - 26880 * x**8 + 9408 * x**6 - 1568 * x**4 + 98 * x**2 - 1,
    15: lambda x: 16384 * x**15 - 61440 * x**13 + 92160 * x**11 - 70400 * x**9 + 28800 * x**7 - 6048 * x**5 + 560 * x**3 - 15 * x,
    16: lambda x: 32768 * x**16 - 131072 * x**14 + 212992 * x**12 - 180224 * x**10 + 84480 * x**8 - 21504 * x**6 + 2688 * x**4 - 128 * x**2 + 1,
    17: lambda x: 65536 * x**17 - 278528 * x**15 + 487424 * x**13 - 452608 * x**11 + 239360 * x**9 - 71808 * x**7 + 11424 * x**5 - 816 * x**3 + 17 * x,
    18: lambda x: 131072 * x**18 - 589824 * x**16 + 1105920 * x**14 - 1118208 * x**12 + 658944 * x**10 - 228096 * x**8 + 44352 * x**6 - 4320 * x**4 + 162 * x**2 - 1,
    19: lambda x: 262144 * x**19 - 1245184 * x**17 + 2490368 * x**15 - 2723840 * x**13 + 1770496 * x**11 - 695552 * x**9 + 160512 * x**7 - 20064 * x**5 + 1140 * x**3 - 19 * x,
    20: lambda x: 524288 * x**20 - 2621440 * x**18 + 5570560 * x**16 - 6553600 * x**14 + 4659200 * x**12 - 2050048 * x**10 + 549120 * x**8 - 84480 * x**6 + 6600 * x**4 - 200 * x**2 + 1,
}
        
        
class ChebyshevLayer(nnx.Module):

    def __init__(self, n_in: int = 2, n_out: int = 5, D: int = 5, flavor: Union[str, None] = None,
                 residual: Union[nnx.Module, None] = None, external_weights: bool = False,
                 init_scheme: Union[dict, None] = None, add_bias: bool = True, seed: int = 42):
        if flavor is None:
            flavor = "default"
        elif flavor == "exact":
            max_deg = max(list(Cb.keys()))
            if D > max_deg:
                raise ValueError(f"For method 'exact', the maximum degree cannot exceed {max_deg}.")

        # Setup basic parameters
        self.n_in = n_in
        self.n_out = n_out
        self.D = D
        self.flavor = flavor
        self.residual = residual

        # Setup nnx rngs
        self.rngs = nnx.Rngs(seed)

        # Add bias
        if add_bias == True:
            self.bias = nnx.Param(jnp.zeros((n_out,)))
        else:
            self.bias = None

        # If external_weights == True, we initialize weights for the activation functions equal to unity
        if external_weights == True:
            self.c_ext = nnx.Param(
                nnx.initializers.ones(
                    self.rngs.params(), (self.n_out, self.n_in), jnp.float32)
            )
        else:
            self.c_ext = None

        # Initialize the remaining trainable parameters, based on the selected initialization scheme
        c_basis = nnx.initializers.normal(stddev=0.1)(
            self.rngs.params(), (self.n_out, self.n_in, self.D + (0 if add_bias else 1)), jnp.float32)
        c_res = jnp.ones((self.n_out, self.n_in))

        self.c_basis = nnx.Param(c_basis)


        if residual is not None:
            self.c_res = nnx.Param(c_res)
            

    def basis(self, x):
        batch = x.shape[0]
        # Apply tanh activation
        x = jnp.tanh(x) # (batch, n_in)

        # Default implementation
        if self.flavor == "default":
            x = jnp.expand_dims(x, axis=-1) # (batch, n_in, 1)
            x = jnp.tile(x, (1, 1, self.D + 1)) # (batch, n_in, D+1)
            x = jnp.arccos(x) # (batch, n_in, D+1)
            x *= jnp.arange(self.D+1) # (batch, n_in, D+1)
            cheb = jnp.cos(x) # (batch, n_in, D+1)
            
        # Modified implementation
        elif self.flavor == "modified":
            # Order 0 is set by default, since we initialize at 1
            cheb = jnp.ones((batch, self.n_in, self.D+1))
            # Set order 1 as well
            cheb = cheb.at[:, :, 1].set(x)
            # Handle higher orders iteratively
            for K in range(2, self.D+1):
                cheb = cheb.at[:, :, K].set(2 * x * cheb[:, :, K - 1] - cheb[:, :, K - 2])

        # Exact calculation of polynomials
        elif self.flavor == "exact":
            cheb = jnp.stack([Cb[i](x) for i in range(self.D + 1)], axis=-1)  # (batch, n_in, D+1)

        # Other flavor
        else:
            raise ValueError(f"Unknown layer flavor: {self.flavor}")

        # Exclude the constant "1" dimension if bias is included
        if self.bias is not None:
            return cheb[:, :, 1:]
        else:
            return cheb



    def __call__(self, x):
        
        batch = x.shape[0]
        
        # Calculate basis activations
        Bi = self.basis(x) # (batch, n_in, D+1)
        act = Bi.reshape(batch, -1) # (batch, n_in * (D+1))

        # Check if external_weights == True
        if self.c_ext is not None:
            act_w = self.c_basis[...] * self.c_ext[..., None] # (n_out, n_in, D+1)
        else:
            act_w = self.c_basis[...]
        
        # Calculate coefficients
        act_w = act_w.reshape(self.n_out, -1) # (n_out, n_in * (D+1))

        y = jnp.matmul(act, act_w.T) # (batch, n_out)

        # Check if there is a residual function
        if self.residual is not None:
            # Calculate residual activation
            res = self.residual(x) # (batch, n_in)
            # Multiply by trainable weights
            res_w = self.c_res[...] # (n_out, n_in)
            full_res = jnp.matmul(res, res_w.T) # (batch, n_out)

            y += full_res # (batch, n_out)

        if self.bias is not None:
            y += self.bias[...] # (batch, n_out)
        
        return y

