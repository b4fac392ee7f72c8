# Source: https://github.com/transformer-vq/transformer_vq/blob/21943e4eea124fa1eec0939a24f36cfa6fe9c499/src/transformer_vq/nn/model.py
# Title: src/transformer_vq/nn/model.py (Transformer-VQ: vector-quantized keys, block recurrence)
# Cut: kept TransformerLayer (nn.scan over blocks) and Transformer.setup/__call__ with the loop over
#      layers; dropped chex dimension checks, position embeddings, dropout setup details, vq_spec tiling.
import dataclasses

import flax.linen as nn
import jax
import jax.numpy as jnp

from transformer_vq.nn.attn import VQAttention
from transformer_vq.nn.emb import Embeddings
from transformer_vq.nn.types import TransformerConfig


class TransformerLayer(nn.Module):
    config: TransformerConfig

    def setup(self):
        self.apply_config()
        attn_scan_args = dict(
            variable_broadcast="params",
            split_rngs=dict(params=False, timeless=False, ephemeral=True),
            in_axes=0,
            out_axes=0,
        )
        self.scanned_attn1 = nn.scan(VQAttention, **attn_scan_args)(self.config)
        self.scanned_attn2 = nn.scan(VQAttention, **attn_scan_args)(self.config)

    def apply_config(self):
        for k, v in dataclasses.asdict(self.config).items():
            setattr(self, k, v)

    def __call__(self, x, doc_ids, state, vq_spec):
        state1, state2 = state
        attn1_input_dict = dict(input_features=x, doc_ids=doc_ids, vq_spec=vq_spec)
        attn1_state, attn1_output_dict = self.scanned_attn1(state1, attn1_input_dict)
        x += attn1_output_dict.pop("res")
        attn2_input_dict = dict(input_features=x, doc_ids=doc_ids, vq_spec=vq_spec)
        attn2_state, attn2_output_dict = self.scanned_attn2(state2, attn2_input_dict)
        x += attn2_output_dict.pop("res")
        l_commit = jnp.mean(attn1_output_dict.pop("l_commit")) + jnp.mean(attn2_output_dict.pop("l_commit"))
        l_codebook = jnp.mean(attn1_output_dict.pop("l_codebook")) + jnp.mean(attn2_output_dict.pop("l_codebook"))
        return dict(
            output_features=x,
            attn_state=[attn1_state, attn2_state],
            l_commit=l_commit,
            l_codebook=l_codebook,
        )


class Transformer(nn.Module):
    config: TransformerConfig

    def setup(self):
        self.apply_config()
        self.token_embedder = Embeddings(self.config)
        self.transformer_layers = [
            nn.remat(TransformerLayer)(self.config) for _ in range(self.n_layer)
        ]

    def apply_config(self):
        for k, v in dataclasses.asdict(self.config).items():
            setattr(self, k, v)

    @staticmethod
    def maybe_aggregate(accumulator_dict, new_dict):
        if len(accumulator_dict) == 0:
            return new_dict
        if len(new_dict) == 0:
            return accumulator_dict
        return jax.tree_util.tree_map(lambda a, b: a + b, accumulator_dict, new_dict)

    def get_blocks_from_sequence(self, x):
        batch_size, present_len, *suffix = x.shape
        n_block = present_len // self.block_len
        x = jnp.reshape(x, [batch_size, n_block, self.block_len, *suffix])
        suffix_axes = list(range(3, x.ndim))
        return jnp.transpose(x, (1, 0, 2, *suffix_axes))

    def get_sequence_from_blocks(self, x):
        num_block, batch_size, block_len, *suffix = x.shape
        suffix_axes = list(range(3, x.ndim))
        x = jnp.transpose(x, (1, 0, 2, *suffix_axes))
        return jnp.reshape(x, [batch_size, num_block * block_len, *suffix])

    def __call__(self, inputs, doc_ids, state, vq_spec):
        new_state = []
        aux = {}
        x = self.token_embedder(inputs)
        x = self.get_blocks_from_sequence(x)
        doc_ids = self.get_blocks_from_sequence(doc_ids)
        for i in range(self.n_layer):
            layer_output_dict = self.transformer_layers[i](
                x=x, doc_ids=doc_ids, state=state[i], vq_spec=vq_spec
            )
            new_state.append(layer_output_dict.pop("attn_state"))
            x = layer_output_dict.pop("output_features")
            aux = Transformer.maybe_aggregate(aux, layer_output_dict)
        x = self.get_sequence_from_blocks(x)
        x = self.token_embedder.logits(x)
        x = jax.nn.log_softmax(x, axis=-1)
        return dict(logprobs=x, attn_state=new_state, **aux)
