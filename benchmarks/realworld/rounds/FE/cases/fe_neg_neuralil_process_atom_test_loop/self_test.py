# Source: https://github.com/Madsen-s-research-group/neuralil-public-releases/blob/bba5e2cc48c14bd3e8835f329b7e9dae93edb35d/src/neuralil/bessel_descriptors.py
# Title: src/neuralil/bessel_descriptors.py, __main__ self-test (process_data vs. process_atom)
# Cut: kept the test coordinates, the jitted full/per-atom processors and the comparison loop;
#      the reference-value permutation check and finite-difference Jacobian check removed;
#      wrapped in a function (the source runs it under if __name__ == "__main__").
import jax
import jax.numpy as jnp
import numpy.linalg as la

from neuralil.bessel_descriptors import PowerSpectrumGenerator


def self_test():
    N_MAX = 4
    R_CUT = 3.7711
    ATOM_TYPES = 4

    coords = jnp.array(
        [
            [0.00000, 0.00000, 0.00000], [1.3681827, -1.3103517, -1.3131874],
            [-1.5151760, 1.3360077,
             -1.3477119], [-1.3989598, -1.2973683,
                           1.3679189], [1.2279369, 1.3400378, 1.4797429]
        ]
    )

    generator = PowerSpectrumGenerator(
        N_MAX, R_CUT, ATOM_TYPES, coords.shape[0] - 1
    )
    atom_types = jnp.array([0] * coords.shape[0])

    full_processor = jax.jit(lambda x: generator.process_data(x, atom_types))
    part_processor = jax.jit(
        lambda x, i: generator.process_atom(x, atom_types, i)
    )
    full = full_processor(coords)

    for i_atom in range(coords.shape[0]):
        part = part_processor(coords, i_atom)
        print(
            f"process_data vs. process_atom, atom #{i_atom + 1}",
            la.norm(part - full[i_atom])
        )
