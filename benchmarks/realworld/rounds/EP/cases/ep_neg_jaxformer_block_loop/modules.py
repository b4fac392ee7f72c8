# Source: https://github.com/michael-diggin/jax-transformer/blob/e81f98a3e2937f44915abf582addf62b3262fd24/modules.py
# Title: modules.py (MultiHeadAttention)
# Cut: kept the imports and MultiHeadAttention; BaseModule, Dense and Dropout (defined above it upstream) dropped.
import jax
import jax.numpy as jnp
from jax.tree_util import register_pytree_node_class
from functools import partial


'''
Need a better way to handle the 'params' (model trainable variables)
Currently ~okay but quite fragile (eg ordering matters)
Could use a dictionary in some way
'''



@register_pytree_node_class
class MultiHeadAttention(BaseModule):
    def __init__(self, W_q: Dense, W_k: Dense, W_v: Dense, W_o: Dense, drop: Dropout, aux_data, *args) -> None:
        self.W_q = W_q
        self.W_k = W_k
        self.W_v = W_v
        self.W_o = W_o
        self.drop = drop
        self.heads = aux_data[0]
        self.mask = aux_data[1]

    def params(self) -> list[jax.Array]:
        return [self.W_q, self.W_k, self.W_v, self.W_o, self.drop]
    
    def aux_data(self) -> jax.Array:
        return [self.heads, self.mask]
    
    @partial(jax.jit, static_argnames=["train"])
    def __call__(self, x: jax.Array, train: bool = False, rng: jax.Array = None) -> jax.Array:
        # x is (batch size, seq_len, d_model)
        batch, seq_len, d_model = jnp.shape(x)
        q = self.W_q(x).reshape(batch, seq_len, self.heads, -1) # (batch, seq_len, heads, d_k)
        k = self.W_k(x).reshape(batch, seq_len, self.heads, -1) # (batch, seq_len, heads, d_k)
        v = self.W_v(x).reshape(batch, seq_len, self.heads, -1) # (batch, seq_len, heads, d_k)

        q = q.transpose(0, 2, 1, 3) # (batch, heads, seq_len, d_k)
        k = k.transpose(0, 2, 1, 3) # (batch, heads, seq_len, d_k)
        v = v.transpose(0, 2, 1, 3) # (batch, heads, seq_len, d_k)
        attn = self.scaled_dot_product(q, k, v, d_model // self.heads, train, rng) # (batch, heads, seq_len, d_k)
        attn = attn.transpose(0, 2, 1, 3) # (batch, seq_len, heads, d_k)
        attn = attn.reshape(batch, seq_len, d_model)
        attn_o = self.W_o(attn) # (batch, seq_len, d_model)
        return attn_o

    def scaled_dot_product(self, q: jax.Array, k: jax.Array, v: jax.Array, d_k: jax.Array, train: bool, rng: jax.Array) -> jax.Array:
        # q, v, k have dim (batch, heads, seq_len, d_k)
        attn = jnp.matmul(q, jnp.swapaxes(k, -2, -1)) / jnp.sqrt(d_k) # (batch, heads, seq_len, seq_len)
        attn = jnp.where(self.mask, attn, -9e15)
        attn = jax.nn.softmax(attn, axis=-1)
        attn = self.drop(attn, train, rng)
        return jnp.matmul(attn, v) # (batch, heads, seq_len, d_k)

    @classmethod
    def get_training_mask(cls, seq_len: int) -> jax.Array:
        '''
        Returns a (1, 1, seq_len, seq_len) lower trinagular mask
        that can be used in training
        '''
        mask = jnp.tril(jnp.ones((seq_len, seq_len)))
        return jnp.expand_dims(mask, (0, 1))

    @classmethod
    def init(cls, rng: jax.Array, heads: int, d_model: int, max_seq_len: int, drop_rate: jax.Array, kernel_std: float = 1., with_bias: bool =True):
        # create all proj matrices, have d_keys = d_vals
        assert d_model % heads == 0, "Heads must divide the model dimension evenly"
        rng, q_key, k_key, v_key, o_key = jax.random.split(rng, 5)
        W_q = Dense.init(q_key, d_model, d_model, kernel_std, with_bias)
        W_k = Dense.init(k_key, d_model, d_model, kernel_std, with_bias)
        W_v = Dense.init(v_key, d_model, d_model, kernel_std, with_bias)
        W_o = Dense.init(o_key, d_model, d_model, kernel_std, with_bias)
        drop = Dropout.init(drop_rate)
        mask = cls.get_training_mask(max_seq_len)
        return cls(W_q, W_k, W_v, W_o, drop, heads, mask)
