# Source: https://github.com/flyingblackshark/jax-so-vits-svc-5.0/blob/30de1df6e3363dafcdc89341f91941f314cf4f99/vits_extend/train.py
# Title: jax-so-vits-svc-5.0 vits_extend/train.py (GAN combine_step under jax.jit with shardings)
# Cut: checkpoint restore, STFT/KL loss terms and sharding arguments cut; generator and discriminator losses kept as written
import functools

import jax
import jax.numpy as jnp

from vits import commons


def make_combine_step(hp):
    @functools.partial(jax.jit)
    def combine_step(generator_state, discriminator_state, ppg, pit, spec, spk, ppg_l, spec_l, audio_e, rng_e):
        def loss_fn(params):
            dropout_key ,predict_key, rng = jax.random.split(rng_e, 3)
            fake_audio, ids_slice, z_mask, (z, z_p, m_p, logs_p, m_q, logs_q) = generator_state.apply_fn(
                {'params': params}, ppg, pit, spec, spk, ppg_l, spec_l, train=True,
                rngs={'dropout': dropout_key,'rnorms':predict_key})
            audio = commons.slice_segments(jnp.expand_dims(audio_e,1), ids_slice * hp.data.hop_length, hp.data.segment_size)  # slice

            # Generator Loss
            disc_fake = discriminator_state.apply_fn(
            {'params': discriminator_state.params}, fake_audio)
            score_loss = 0.0
            for (_, score_fake) in disc_fake:
                score_loss += jnp.mean(jnp.square(score_fake - 1.0))
            score_loss = score_loss / len(disc_fake)

            # Feature Loss
            disc_real= discriminator_state.apply_fn(
            {'params': discriminator_state.params}, audio)

            feat_loss = 0.0
            for (feat_fake, _), (feat_real, _) in zip(disc_fake, disc_real):
                for fake, real in zip(feat_fake, feat_real):
                    feat_loss += jnp.mean(jnp.abs(fake - real))
            feat_loss = feat_loss / len(disc_fake)
            feat_loss = feat_loss * 2

            loss_g = score_loss + feat_loss
            return loss_g, (fake_audio, audio, score_loss, feat_loss)

        grad_fn = jax.value_and_grad(loss_fn, has_aux=True)
        (loss_g,(fake_audio_g,audio_g,score_loss,feat_loss)), grads_g = grad_fn(generator_state.params)
        new_generator_state = generator_state.apply_gradients(grads=grads_g)

        def loss_fn(params):
            disc_fake  = discriminator_state.apply_fn(
                {'params': params},fake_audio_g)
            disc_real  = discriminator_state.apply_fn(
                {'params': params},audio_g)
            loss_d = 0.0
            for (_, score_fake), (_, score_real) in zip(disc_fake, disc_real):
                loss_d += jnp.mean(jnp.square(score_real - 1.0))
                loss_d += jnp.mean(jnp.square(score_fake))
            loss_d = loss_d / len(disc_fake)
            return loss_d

        grad_fn = jax.value_and_grad(loss_fn, has_aux=False)
        loss_d, grads_d = grad_fn(discriminator_state.params)
        new_discriminator_state = discriminator_state.apply_gradients(grads=grads_d)
        return new_generator_state, new_discriminator_state, (loss_g, loss_d)
    return combine_step
