# Source: https://github.com/avitai/artifex/blob/5fce040acb8e3089a999a1f5a63bf4c1503efbb1/examples/generative_models/text/simple_text_generation.py
# Title: artifex examples "Simple Text Generation with Character-Level Models" (Flax NNX)
# Cut: kept the SimpleTextGenerator module (__init__, __call__) and the batched forward call of the demo;
#      dropped generate(), the echo helpers, training-data creation and the markdown cells.
import jax
import jax.numpy as jnp
from flax import nnx


class SimpleTextGenerator(nnx.Module):
    """Simple character-level text generator."""

    def __init__(
        self,
        vocab_size: int = 128,  # ASCII characters
        embed_dim: int = 64,
        hidden_dim: int = 128,
        seq_length: int = 32,
        *,
        rngs: nnx.Rngs,
    ):
        super().__init__()

        self.vocab_size = vocab_size
        self.embed_dim = embed_dim
        self.hidden_dim = hidden_dim
        self.seq_length = seq_length

        # Embedding layer
        self.embedding = nnx.Embed(num_embeddings=vocab_size, features=embed_dim, rngs=rngs)

        # Simple RNN-like network (using dense layers for simplicity)
        self.rnn = nnx.Sequential(
            nnx.Linear(embed_dim, hidden_dim, rngs=rngs),
            nnx.relu,
            nnx.Linear(hidden_dim, hidden_dim, rngs=rngs),
            nnx.relu,
            nnx.Linear(hidden_dim, vocab_size, rngs=rngs),
        )

        # Output projection
        self.output_layer = nnx.Linear(vocab_size, vocab_size, rngs=rngs)

    def __call__(self, input_ids):
        """Forward pass through the model.

        Args:
            input_ids: Input token IDs [batch, seq_len]

        Returns:
            Logits for next token prediction [batch, seq_len, vocab_size]
        """
        # Embed input tokens.

        x = self.embedding(input_ids)  # [batch, seq_len, embed_dim]

        # Process through RNN-like network
        batch_size, seq_len, _ = x.shape
        outputs = []

        for i in range(seq_len):
            # Process each position
            h = self.rnn(x[:, i, :])  # [batch, vocab_size]
            outputs.append(h)

        # Stack outputs
        logits = jnp.stack(outputs, axis=1)  # [batch, seq_len, vocab_size]

        # Apply output layer
        logits = self.output_layer(logits)

        return logits


def demonstrate_text_generation():
    key = jax.random.key(42)
    rngs = nnx.Rngs(params=key, sample=key)
    generator = SimpleTextGenerator(
        vocab_size=128, embed_dim=64, hidden_dim=128, seq_length=32, rngs=rngs
    )
    seq_len = generator.seq_length
    batch_prompts = ["The ", "Hello ", "JAX "]
    batch_ids = []
    for prompt in batch_prompts:
        ids = [ord(c) % 128 for c in prompt]
        # Pad to seq_length
        if len(ids) < seq_len:
            ids = [0] * (seq_len - len(ids)) + ids
        else:
            ids = ids[-seq_len:]
        batch_ids.append(ids)

    batch_input = jnp.array(batch_ids)
    batch_logits = generator(batch_input)
    return batch_logits[:, -1, :]
