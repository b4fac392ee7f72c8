# Source: https://github.com/jax-ml/jax/blob/cec06d116c05f0d52adfceee3d3b730fdbcb0ce5/docs/jacobian-vector-products.md
# Title: JAX docs "Forward- and reverse-mode autodiff in JAX" (docs/jacobian-vector-products.md), section "Jacobian-Matrix and Matrix-Jacobian products"
# Cut: kept the toy model set-up and the loop/vmap pairs; the %timeit lines and assertions are dropped.
import jax
import jax.numpy as jnp

key = jax.random.key(0)
key, W_key, b_key = jax.random.split(key, 3)
W = jax.random.normal(W_key, (3,))
b = jax.random.normal(b_key, ())

def sigmoid(x):
    return 0.5 * (jnp.tanh(x / 2) + 1)

def predict(W, b, inputs):
    return sigmoid(jnp.dot(inputs, W) + b)

inputs = jnp.array([[0.52, 1.12,  0.77],
                   [0.88, -1.08, 0.15],
                   [0.52, 0.06, -1.30],
                   [0.74, -2.49, 1.39]])

# Isolate the function from the weight matrix to the predictions
f = lambda W: predict(W, b, inputs)
y = f(W)

# First, use a list comprehension to loop over rows in the matrix M.
def loop_mjp(f, x, M):
    y, vjp_fun = jax.vjp(f, x)
    return jnp.vstack([jnp.asarray(vjp_fun(mi)) for mi in M])

# Now, use vmap to build a computation that does a single fast matrix-matrix
# multiply, rather than an outer loop over vector-matrix multiplies.
def vmap_mjp(f, x, M):
    y, vjp_fun = jax.vjp(f, x)
    outs, = jax.vmap(vjp_fun)(M)
    return outs

num_covecs = 128
U = jax.random.normal(key, (num_covecs,) + y.shape)
loop_vs = loop_mjp(f, W, M=U)
vmap_vs = vmap_mjp(f, W, M=U)

def loop_jmp(f, W, M):
    # jvp immediately returns the primal and tangent values as a tuple,
    # so we'll compute and select the tangents in a list comprehension
    return jnp.vstack([jax.jvp(f, (W,), (mi,))[1] for mi in M])

def vmap_jmp(f, W, M):
    _jvp = lambda s: jax.jvp(f, (W,), (s,))[1]
    return jax.vmap(_jvp)(M)

num_vecs = 128
S = jax.random.normal(key, (num_vecs,) + W.shape)
loop_vs = loop_jmp(f, W, M=S)
vmap_vs = vmap_jmp(f, W, M=S)
