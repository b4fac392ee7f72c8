# Source: https://github.com/UsamaKenway/jax-speculative-decoding/blob/973b36308110fbc44eea6fa64a71e1805aa093e8/src/jax_speculative_decoding/spec_runner.py
# Title: jax-speculative-decoding: src/jax_speculative_decoding/spec_runner.py (run_speculative_benchmark_loaded)
# Cut: kept the per-prompt speculative decode loop (draft k, transfer, verify, accept/replace) verbatim, dedented one level; the enclosing per-sample loop, prefill, compile warm-up and statistics are cut and the state it reads is passed into a reconstructed speculative_decode_one_prompt() wrapper
import time

import jax
import jax.numpy as jnp

from jax_speculative_decoding.timing import block_until_ready


def speculative_decode_one_prompt(models, draft_k, verify, prefill, target_input_ids, draft_input_ids, prompt_tokens, output_len, k):
    total_proposed = 0
    total_accepted = 0
    target_next_logits, target_cache, draft_next_logits, draft_cache = prefill(
        target_input_ids, draft_input_ids
    )
    cache_index = prompt_tokens
    emitted = 0
    sample_proposed = 0
    sample_accepted = 0
    pcie_transfer_s = 0.0
    draft_compute_s = 0.0
    target_verify_s = 0.0
    iterations = 0

    start = time.perf_counter()
    last_token = None
    while emitted < output_len:
        iterations += 1
        remaining = output_len - emitted
        proposed_this_step = min(k, remaining)
        index_value = jnp.asarray(cache_index, dtype=jnp.int32)
        draft_start = time.perf_counter()
        draft_tokens, _, draft_next_logits_after_k, draft_cache_after_k = draft_k(
            models.draft_params, draft_next_logits, draft_cache, index_value
        )
        block_until_ready((draft_tokens, draft_next_logits_after_k, draft_cache_after_k))
        draft_compute_s += time.perf_counter() - draft_start

        transfer_start = time.perf_counter()
        draft_tokens_on_target = jax.device_put(draft_tokens, models.target_device)
        block_until_ready(draft_tokens_on_target)
        pcie_transfer_s += time.perf_counter() - transfer_start

        target_start = time.perf_counter()
        accepted_count, target_tokens, target_next_logits_after_k, target_cache_after_k, _ = verify(
            models.target_params, target_next_logits, target_cache, index_value, draft_tokens_on_target
        )
        block_until_ready((accepted_count, target_tokens, target_next_logits_after_k, target_cache_after_k))
        target_verify_s += time.perf_counter() - target_start
        accepted_count = int(jax.device_get(accepted_count))
        total_proposed += proposed_this_step
        sample_proposed += proposed_this_step
        accepted_this_step = min(accepted_count, proposed_this_step)
        total_accepted += accepted_this_step
        sample_accepted += accepted_this_step

        if accepted_count >= proposed_this_step:
            target_cache = target_cache_after_k
            draft_cache = draft_cache_after_k
            target_next_logits = target_next_logits_after_k
            draft_next_logits = draft_next_logits_after_k
            cache_index += proposed_this_step
            emitted += proposed_this_step
            last_token = draft_tokens[:, proposed_this_step - 1]
            continue

        replacement = target_tokens[:, accepted_count : accepted_count + 1]
        transfer_start = time.perf_counter()
        replacement_on_draft = jax.device_put(replacement, models.draft_device)
        block_until_ready(replacement_on_draft)
        pcie_transfer_s += time.perf_counter() - transfer_start

        target_start = time.perf_counter()
        target_logits, target_cache = models.target_forward(
            models.target_params,
            replacement,
            target_cache_after_k,
            jnp.asarray(cache_index + accepted_count, dtype=jnp.int32),
        )
        block_until_ready((target_logits, target_cache))
        target_verify_s += time.perf_counter() - target_start

        draft_start = time.perf_counter()
        draft_logits, draft_cache = models.draft_forward(
            models.draft_params,
            replacement_on_draft,
            draft_cache_after_k,
            jnp.asarray(cache_index + accepted_count, dtype=jnp.int32),
        )
        block_until_ready((draft_logits, draft_cache))
        draft_compute_s += time.perf_counter() - draft_start
        target_next_logits = target_logits[:, -1, :]
        draft_next_logits = draft_logits[:, -1, :]
        cache_index += accepted_count + 1
        emitted += min(accepted_count + 1, remaining)
        last_token = replacement[:, 0]


    return emitted, total_proposed, total_accepted, pcie_transfer_s, draft_compute_s, target_verify_s
