# Source: https://github.com/transformer-vq/transformer_vq/blob/abe7f5b0100dbe2ed5ae61c58e2aee60cbda389f/tests/nn/test_attn.py
# Title: tests/nn/test_attn.py (Transformer-VQ attention: block-by-block vs one-block consistency test)
# Cut: kept imports and test_attn_forward_consistency up to the float32 check; other tests dropped.
import jax
import jax.numpy as jnp
import numpy as np
import pytest

from transformer_vq.nn.attn import VQAttention

# noreorder
from tests.common import DTYPES
from tests.common import WIDENINGS
from tests.common import gen_len_tuples
from tests.common import attn_fixture
from tests.common import transformer_config_fixture
from tests.common import basic_vq_spec_fixture
from tests.common import rng_fixture




@pytest.mark.parametrize("widening", WIDENINGS)
@pytest.mark.parametrize("agg_cache", [True, False])
@pytest.mark.parametrize("sequence_len,block_len,mem_len", gen_len_tuples("tlm", 12))
def test_attn_forward_consistency(
    rng_fixture,
    attn_fixture,
    transformer_config_fixture,
    basic_vq_spec_fixture,
    widening,
    agg_cache,
    sequence_len,
    block_len,
    mem_len,
    dtype=jnp.float32,
    is_train=True,
):
    config_monoblock = transformer_config_fixture(
        block_len=sequence_len,
        mem_len=mem_len,
        agg_cache=agg_cache,
        widening=widening,
        dtypes=dtype,
        is_train=is_train,
    )
    bsz = 3

    cls, params = attn_fixture(config_monoblock)
    initial_state = cls.initial_state(config=config_monoblock, batch_size=bsz)

    inputs_shape = [bsz, sequence_len, config_monoblock.d_model]
    inputs = jax.random.normal(rng_fixture(0), inputs_shape, dtype=dtype)
    _, output_dict = cls(config_monoblock).apply(
        {"params": params},
        state=initial_state,
        input_dict=dict(
            input_features=inputs,
            doc_ids=jnp.ones([bsz, sequence_len], dtype=jnp.int32),
            vq_spec=basic_vq_spec_fixture(
                batch_size=bsz,
                block_len=config_monoblock.block_len,
            ),
        ),
        rngs=dict(ephemeral=rng_fixture(1), timeless=rng_fixture(2)),
    )
    o_expected = output_dict["res"]

    config_multiblock = transformer_config_fixture(
        block_len=block_len,
        mem_len=mem_len,
        agg_cache=agg_cache,
        widening=widening,
        dtypes=dtype,
        is_train=is_train,
    )
    o_actual = []
    state_p = cls.initial_state(
        config=config_multiblock,
        batch_size=bsz,
    )
    for p in range(sequence_len // block_len):
        state_p, output_dict_p = cls(config_multiblock).apply(
            {"params": params},
            state=state_p,
            input_dict=dict(
                input_features=inputs[:, p * block_len : (p + 1) * block_len, :],
                doc_ids=jnp.ones([bsz, block_len], dtype=jnp.int32),
                vq_spec=basic_vq_spec_fixture(
                    batch_size=bsz,
                    block_len=config_multiblock.block_len,
                ),
            ),
            rngs=dict(ephemeral=rng_fixture(1), timeless=rng_fixture(2)),
        )
        o_actual.append(output_dict_p["res"])
    o_actual = jnp.concatenate(o_actual, axis=1)
    assert o_expected.shape[1] == sequence_len
    assert o_actual.shape == o_expected.shape
    if dtype is jnp.float64:
        np.testing.assert_allclose(
            actual=o_actual,
            desired=o_expected,
            atol=1e-5,
            rtol=1e-4,
        )
    if dtype is jnp.float32:
        np.testing.assert_allclose(
            actual=o_actual,
            desired=o_expected,
            atol=5e-4,
            rtol=5e-3,
        )

