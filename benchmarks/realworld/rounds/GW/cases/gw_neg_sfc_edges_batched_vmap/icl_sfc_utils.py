# Source: https://github.com/neverix/micrlhf-progress/blob/6c42eb4ec00ec38a03b8cba1ed3328c0be0f2796/sprint/icl_sfc_utils.py
# Title: sprint/icl_sfc_utils.py (Circuitizer: sparse feature circuits for ICL tasks)
# Cut: Circuitizer.mask_average, pre_feature_to_pre and compute_feature_effects kept (error-node
#      variants and the attention/transcoder feature grads cut); the rest of the class cut.
import equinox as eqx
import jax
import jax.numpy as jnp

from micrlhf.utils.load_sae import sae_encode_gated


class Circuitizer(eqx.Module):

    def mask_average(self, vector, _mask, average_over_positions=True):
        if isinstance(_mask, jax.Array):
            mask = jax.lax.select_n(_mask, *self.masks.values())
        else:
            mask = self.masks[_mask]
        while mask.ndim < vector.ndim:
            mask = mask[..., None]

        if average_over_positions:
            return ((mask * vector).sum(1)).sum(0)

        else:
            return (mask * vector).sum(0)

    def pre_feature_to_pre(self, layer, feature_idx, mask, position):
        sae = self.get_sae(layer=layer)
        resid = self.resids_pre[layer]

        if position is None:
            def f(resid):
                batch_token_feat = sae_encode_gated(sae, resid)[0][:, :, feature_idx] * self.sae_grads_resid[layer][:, :, feature_idx]
                token_act = self.mask_average(batch_token_feat, mask)
                return token_act
        else:
            def f(resid):
                batch_token_feat = sae_encode_gated(sae, resid)[0][:, position, feature_idx] * self.sae_grads_resid[layer][:, position, feature_idx]
                token_act = batch_token_feat.mean(axis=0)
                return token_act

        return jax.grad(f)(resid)

    @eqx.filter_jit
    def compute_feature_effects(
        self,
        feature_type,
        layer,
        feature_idx,
        mask,
        position,
        layer_window=1,
    ):

        average_over_positions = position is None

        match feature_type:
            case "r":
                resid_grad = self.pre_feature_to_pre(layer, feature_idx, mask, position)
            case "t":
                resid_grad = self.transcoder_feature_to_mid(layer, feature_idx, mask, position)
            case "a":
                resid_grad = self.attn_out_feature_to_pre(layer, feature_idx, mask, position)
        feature_effects = {}
        for l in range(layer, max(5, layer - (1 if feature_type in ("r", "er") else 0) - layer_window), -1):
            if l < layer:
                for mask in self.masks:
                    feature_effects[("t", l, mask)] = self.ie_pre_to_transcoder_features(l, resid_grad, mask, average_over_positions=average_over_positions)
            if l < layer or feature_type in ("t", "et"):
                for mask in self.masks:
                    feature_effects[("a", l, mask)] = self.ie_mid_to_attn_features(l, resid_grad, mask, average_over_positions=average_over_positions)
            if l < layer or feature_type in ("t", "et", "a", "ea"):
                for mask in self.masks:
                    feature_effects[("r", l, mask)] = self.ie_pre_to_pre_features(l, resid_grad, mask, average_over_positions=average_over_positions)
        return feature_effects
