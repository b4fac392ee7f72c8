# Source: https://github.com/novastar53/jaxpt/blob/9105e9f8c9c1eaf9c913d00bfac2d6a6fbcd3012/src/jaxpt/train.py
# Title: jaxpt src/jaxpt/train.py (the loss passed to calc_validation_loss)
# Cut: only loss_fn
import optax


def loss_fn(model, batch, targets, attn_mask=None, label_mask=None):
    logits = model(batch, attn_mask)
    loss = optax.softmax_cross_entropy_with_integer_labels(logits, targets)
    if label_mask is not None:
        masked_loss = loss * label_mask
        return masked_loss.sum() / label_mask.sum()
    return loss.mean()
