# Source: https://github.com/jax-ml/jax/issues/200
# Cut from: benchmarks/realworld/cases/p1_message_passing_zipped_graphs
# Cut: the author's mp() verbatim, jit-compiled as in the thread ("With 5000+ graphs ... initial
#      compilation time took 3 hours"), written out as jit(mp); 64 random graphs of 12 nodes stand in
#      for the loaded ones. The rewrite: stack (pad) the graphs and do one batched matmul, or vmap over
#      the stacked graphs.
import jax
import jax.numpy as np
from jax import jit


def identity(x):
    return x


def mp(params, As, Fs, nonlin=identity):
    """my hack for doing message passing on multiple graphs in one logical forward computation step."""
    outputs = []
    for a, f in zip(As, Fs):
        output = np.dot(a, f)  # cliff: unrolled-loop
        output = np.dot(params['w'], output) + params['b']  # cliff: unrolled-loop
        output = nonlin(output)
        outputs.append(output)
    return outputs


mp_jit = jit(mp)

num_graphs, num_nodes, num_features = 64, 12, 5
keys = jax.random.split(jax.random.key(200), 2 * num_graphs + 2)
As = [(jax.random.uniform(k, (num_nodes, num_nodes)) < 0.3).astype(np.float32) for k in keys[:num_graphs]]
Fs = [jax.random.normal(k, (num_nodes, num_features)) for k in keys[num_graphs:2 * num_graphs]]
params = {'w': 0.1 * jax.random.normal(keys[-2], (num_nodes, num_nodes)),
          'b': 0.1 * jax.random.normal(keys[-1], (num_features,))}

outputs = mp_jit(params, As, Fs)
print(f"{len(outputs)} {float(np.sum(np.stack(outputs))):.4f} {float(np.sum(np.stack(outputs) ** 2)):.4f}")
