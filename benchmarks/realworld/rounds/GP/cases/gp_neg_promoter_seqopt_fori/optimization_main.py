# Source: https://github.com/young-geng/promoter_design/blob/dd50ba01b8eca64cd3f7702917b7dc723079d200/promoter_design/COMs/optimization_main.py
# Title: promoter_design/COMs/optimization_main.py (pmapped optimisation of MPRA promoter sequences)
# Cut: flags, data loading and metric bookkeeping removed; only the thp1 target of three kept.
from functools import partial

import jax
import jax.numpy as jnp
import mlxu.jax_utils as jax_utils

from seq_opt import SequenceOptimizer


def make_optimization_step(model, sequence_optimizer, expression_objective):

    @partial(jax.pmap, axis_name='dp')
    def optimization_step(params, rng, batch):
        rng_generator = jax_utils.JaxRNG(rng)
        starting_seq = jax.nn.one_hot(batch['sequences'], 5, dtype=jnp.float32)[:, :, :4]

        def objectve_funtion(seq, rng, params, target='all'):
            rng_generator = jax_utils.JaxRNG(rng)
            thp1_pred, jurkat_pred, k562_pred = model.apply(
                params,
                inputs=seq,
                deterministic=True,
                rngs=rng_generator(model.rng_keys()),
            )
            thp1_diff, jurkat_diff, k562_diff = expression_objective(
                thp1_pred, jurkat_pred, k562_pred
            )

            if target == 'thp1':
                return thp1_diff
            elif target == 'jurkat':
                return jurkat_diff
            elif target == 'k562':
                return k562_diff
            else:
                raise ValueError(f'Unknown target {target}')

        def count_mutations(start, end):
            return jnp.sum(
                jnp.argmax(start, axis=-1) != jnp.argmax(end, axis=-1),
                axis=-1,
            ).astype(jnp.float32)

        thp1_optimized_seq = sequence_optimizer(
            objectve_funtion,
            starting_seq,
            rng_generator(),
            params=params,
            target='thp1'
        )
        thp1_n_mutations = count_mutations(starting_seq, thp1_optimized_seq)
        return thp1_optimized_seq, thp1_n_mutations

    return optimization_step
