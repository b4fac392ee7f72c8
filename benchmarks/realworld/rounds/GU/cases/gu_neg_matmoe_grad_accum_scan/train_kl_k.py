# Source: https://github.com/duyhv-qualgo/matmoe-jax-grain/blob/b9aa178aae90e836d06414e17faafc01e7783bb8/train_kl_k.py
# Title: matmoe-jax-grain: train_kl_k.py (macro_train_step with gradient accumulation)
# Cut: kept imports used and macro_train_step verbatim (inside main() in the source); reconstructed the enclosing make_train_step wrapper and its return to stand in for main()
import jax
import jax.numpy as jnp
from flax import nnx


def make_train_step(model_config, config, grad_accum_steps, vi_en_token_id):
    def memory_efficient_cross_entropy(logits, labels, alpha=0.1):
        log_probs = jax.nn.log_softmax(logits, axis=-1)
        target_log_probs = jnp.take_along_axis(log_probs, labels[..., None], axis=-1).squeeze(-1)
        mean_log_probs = jnp.mean(log_probs, axis=-1)
        return -((1.0 - alpha) * target_log_probs + alpha * mean_log_probs)

    @nnx.jit(static_argnums=(5, 6))  
    # @nnx.jit()
    def macro_train_step(model, optimizer, macro_source_ids, macro_src_mask, macro_target_ids, dim1, dim2, k1, k2):
        graphdef, state = nnx.split(model)

        def loss_fn(m_model, c_source_ids, c_src_mask, c_target_ids):
            batch_sz = c_target_ids.shape[0]
            start_tokens = jnp.full((batch_sz, 1), model_config.pad_token_id, dtype=jnp.int32)
            decoder_input = jnp.concatenate([start_tokens, c_target_ids[:, :-1]], axis=1)
            labels = c_target_ids

            pad_mask = (decoder_input != model_config.pad_token_id).astype(jnp.int32).at[:, 0].set(1)
            causal_mask = jnp.tril(jnp.ones((decoder_input.shape[1], decoder_input.shape[1]), dtype=jnp.int32))
            tgt_mask = pad_mask[:, None, :] * causal_mask[None, :, :]

            logits1, aux_loss1, router_z_loss1 = m_model(c_source_ids, decoder_input, c_src_mask, tgt_mask,
                                                       current_mlp_dim=dim1, current_top_k=k1, deterministic=False)

            logits2, aux_loss2, router_z_loss2 = m_model(c_source_ids, decoder_input, c_src_mask, tgt_mask,
                                                       current_mlp_dim=dim2, current_top_k=k2, deterministic=False)

            loss_mask = (labels != model_config.pad_token_id).astype(jnp.float32)

            raw_loss1 = memory_efficient_cross_entropy(logits1, labels, alpha=0.1)
            raw_loss2 = memory_efficient_cross_entropy(logits2, labels, alpha=0.1)

            is_vi_en = (c_source_ids[:, 0] == vi_en_token_id).astype(jnp.float32)
            is_en_vi = 1.0 - is_vi_en
            mask_vi_en = loss_mask * is_vi_en[:, None]
            mask_en_vi = loss_mask * is_en_vi[:, None]

            def get_balanced_loss(raw_loss):
                loss_ve = jnp.sum(raw_loss * mask_vi_en) / jnp.maximum(jnp.sum(mask_vi_en), 1e-9)
                loss_ev = jnp.sum(raw_loss * mask_en_vi) / jnp.maximum(jnp.sum(mask_en_vi), 1e-9)
                has_ve = (jnp.sum(mask_vi_en) > 0.0).astype(jnp.float32)
                has_ev = (jnp.sum(mask_en_vi) > 0.0).astype(jnp.float32)
                total_active_directions = jnp.maximum(has_ve + has_ev, 1.0)
                return (loss_ve * has_ve + loss_ev * has_ev) / total_active_directions, loss_ve, loss_ev

            balanced_main1, loss_ve1, loss_ev1 = get_balanced_loss(raw_loss1)
            balanced_main2, loss_ve2, loss_ev2 = get_balanced_loss(raw_loss2)

            main_loss = (balanced_main1 + balanced_main2) / 2.0

            log_p1 = jax.nn.log_softmax(logits1, axis=-1)
            log_p2 = jax.nn.log_softmax(logits2, axis=-1)
            p1 = jnp.exp(log_p1)
            p2 = jnp.exp(log_p2)
            stop_gradient_kl = getattr(config, 'stop_gradient_kl', True)
            if stop_gradient_kl:
                sg = jax.lax.stop_gradient
                # Stop gradient on the 'target' distribution for each directional KL
                kl_1_to_2 = jnp.sum(sg(p1) * (sg(log_p1) - log_p2), axis=-1)
                kl_2_to_1 = jnp.sum(sg(p2) * (sg(log_p2) - log_p1), axis=-1)
                kl_div = 0.5 * (kl_1_to_2 + kl_2_to_1)
            else:
                kl_div = 0.5 * (jnp.sum(p1 * (log_p1 - log_p2), axis=-1) + jnp.sum(p2 * (log_p2 - log_p1), axis=-1))
            
            active_tokens = jnp.maximum(jnp.sum(loss_mask), 1e-9)
            kl_loss = jnp.sum(kl_div * loss_mask) / active_tokens

            aux_loss = (aux_loss1 + aux_loss2) / 2.0
            router_z_loss = (router_z_loss1 + router_z_loss2) / 2.0

            total_loss = main_loss + (0.01 * aux_loss) + (0.0001 * router_z_loss) + (1.0 * kl_loss)
            
            scaled_loss = total_loss / grad_accum_steps

            metrics_array = jnp.stack([
                main_loss.astype(jnp.float32), ((loss_ev1 + loss_ev2) / 2.0).astype(jnp.float32),
                ((loss_ve1 + loss_ve2) / 2.0).astype(jnp.float32), aux_loss.astype(jnp.float32),
                router_z_loss.astype(jnp.float32), kl_loss.astype(jnp.float32)
            ])
            return scaled_loss, (total_loss, metrics_array)

        def scan_fn(carry, inputs):
            accum_grads, accum_loss, accum_metrics, current_state = carry
            micro_s_ids, micro_s_mask, micro_t_ids = inputs
            
            temp_model = nnx.merge(graphdef, current_state)
            
            (scaled_loss, (total_loss, metrics_array)), grads = nnx.value_and_grad(loss_fn, has_aux=True)(temp_model, micro_s_ids, micro_s_mask, micro_t_ids)
            
            _, new_state = nnx.split(temp_model)
            
            new_accum_grads = jax.tree_util.tree_map(lambda a, g: a + g, accum_grads, grads)
            new_accum_loss = accum_loss + total_loss / grad_accum_steps
            new_accum_metrics = accum_metrics + metrics_array / grad_accum_steps
            
            return (new_accum_grads, new_accum_loss, new_accum_metrics, new_state), None

        _, params, _ = nnx.split(model, nnx.Param, ...)
        zero_grads = jax.tree_util.tree_map(jnp.zeros_like, params)
        zero_loss = jnp.array(0.0, dtype=jnp.float32)
        zero_metrics = jnp.zeros((6,), dtype=jnp.float32)

        init_carry = (zero_grads, zero_loss, zero_metrics, state)

        final_carry, _ = jax.lax.scan(
            scan_fn,
            init_carry,
            (macro_source_ids, macro_src_mask, macro_target_ids)
        )

        final_grads, final_loss, final_metrics, final_state = final_carry

        nnx.update(model, final_state)
        optimizer.update(final_grads)
        

    return macro_train_step
