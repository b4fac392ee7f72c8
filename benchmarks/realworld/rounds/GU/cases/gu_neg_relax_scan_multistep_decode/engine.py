# Source: https://github.com/ammar1510/ReLax/blob/94ffc4fa1d5dff76340237189a58669866292fcf/models/engine.py
# Title: ReLax: models/engine.py (InferenceEngine.make_multistep_decode_fn)
# Cut: kept the jax imports and make_multistep_decode_fn verbatim; the InferenceEngine class header is reconstructed, its other methods cut
from functools import partial
import jax
import jax.numpy as jnp
from jax import random


class InferenceEngine:
    def make_multistep_decode_fn(self):
        """Create a JIT-compiled multistep decode function.

        This creates a function that generates N tokens per call using jax.lax.scan,
        which is more efficient than calling generate_batch N times separately.

        Returns:
            A JIT-compiled function with signature:
                (curr_tokens, active_mask, cache, steps) -> ((curr_tokens, cache), output_tokens)
            where output_tokens has shape [batch, steps]

        """
        engine = self

        # Capture callbacks for use inside JIT
        sample_fn = self.sampler

        @partial(jax.jit, static_argnames=("steps", "eos_tokens"), donate_argnames=("cache",))
        def multistep_decode_fn(curr_tokens, active_mask, params, cache, rng_key, steps: int = 10, eos_tokens: tuple = ()):
            """Generate multiple tokens in a single JIT-compiled call.

            Args:
                curr_tokens: Current tokens [batch, 1]
                active_mask: Boolean mask of active slots [batch]
                params: Model parameters (passed explicitly to avoid capture as constants)
                cache: KV cache
                rng_key: PRNG key for sampling (split each step)
                steps: Number of tokens to generate
                eos_tokens: Tuple of EOS token IDs; slots are masked out after generating one

            Returns:
                Tuple of ((curr_tokens, cache), output_tokens) where:
                    - curr_tokens: Updated current tokens [batch, 1]
                    - cache: Updated KV cache
                    - output_tokens: Generated tokens [batch, steps]
            """
            eos_ids = jnp.array(eos_tokens, dtype=curr_tokens.dtype) if eos_tokens else None

            def body(carry, _):
                curr_tokens, active_mask, cache, rng_key = carry

                true_lengths = active_mask.astype(jnp.int32)

                # Forward pass — params passed from outer scope (JIT arg, not closure capture)
                logits, updated_cache = engine.model.apply(
                    {"params": params},
                    curr_tokens,
                    true_lengths,
                    cache,
                )

                # Sample next tokens
                batch_logits = logits[:, 0, :]
                rng_key, subkey = random.split(rng_key)
                new_tokens = sample_fn(batch_logits, subkey)[:, None]

                # Disable slots that just produced an EOS token
                if eos_ids is not None:
                    hit_eos = jnp.any(new_tokens == eos_ids[None, :], axis=-1)  # [batch]
                    updated_mask = active_mask & ~hit_eos
                else:
                    updated_mask = active_mask

                # Freeze carry for inactive slots; slots that just hit EOS still emit new_tokens
                # (the EOS token itself), and will be frozen to it on subsequent steps.
                updated_tokens = jnp.where(
                    active_mask[:, None],
                    new_tokens,
                    curr_tokens,
                )

                # Reshard carry to match input sharding (prevents drift across scan iterations)
                updated_tokens = jax.lax.with_sharding_constraint(
                    updated_tokens, jax.typeof(curr_tokens).sharding.spec
                )

                return (updated_tokens, updated_mask, updated_cache, rng_key), updated_tokens

            (final_tokens, _, final_cache, _), output_tokens = jax.lax.scan(
                body, (curr_tokens, active_mask, cache, rng_key), length=steps
            )

            # output_tokens shape: [steps, batch, 1]
            # Transpose to [batch, steps] and squeeze last dim
            output_tokens = output_tokens[:, :, 0].T  # [batch, steps]

            return (final_tokens, final_cache), output_tokens
