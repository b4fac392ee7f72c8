# Source: https://github.com/yoinked-h/naudio/blob/1248eb9e5ef62ad1794dc3364f7f1cfb77b73706/src/naudio/trainer/nvae.py
# Title: naudio src/naudio/trainer/nvae.py (with VaeBottleneck from src/naudio/models/vae/model.py)
# Cut: the __main__ driver dropped; vae_sample and VaeBottleneck.encode (which stores the KL term as a Loss
#      variable that trainstep pops) pasted from models/vae/model.py, same commit.
import jax 
import jax.numpy as jnp
from functools import partial
from flax import nnx
import optax
class Loss(nnx.Variable):pass
from jax import Array


def vae_sample(mean, scale):
    stdev = nnx.softplus(scale) + 1e-4
    var = stdev * stdev
    lvar = jnp.log(var)
    latents = jax.random.normal(jax.random.PRNGKey(0x4361), mean.shape, dtype=mean.dtype) * stdev + mean # TODO: fix random seed thing eventually
    kl = (mean*mean + var - lvar - 1).sum(1).mean()
    return latents, kl

class VaeBottleneck(nnx.Module):
    # @jaxtyped(typechecker=beartype)
    def __init__(self):
        self.is_discrete = False # does this even do anything?
    def encode(self, x: Array,return_info: bool = False) -> Array:
        info = {}
        mean, scale = jnp.split(x, 2, axis=-1)
        x, kl = vae_sample(mean, scale)
        info['kl'] = kl
        self.kl_loss = Loss(kl)
        if return_info: 
            return x, info # type: ignore
        else:
            # x = rearrange(x, 'b c t -> b t c')
            return x



@nnx.jit
def trainstep(vae: AudioOobleckVae, opt: nnx.Optimizer, x: jnp.ndarray):
    def gen_loss_fn(vae: AudioOobleckVae):
        logits = vae(x)
        losses = nnx.pop(vae, Loss)
        kl_loss = sum(jax.tree_util.tree_leaves(losses), 0.0)
        reconstruction_loss = jnp.mean(
            optax.sigmoid_binary_cross_entropy(logits, x)
        )
        loss = reconstruction_loss + 0.1 * kl_loss
        return loss
    
    loss, grads = nnx.value_and_grad(gen_loss_fn)(vae)
    opt.update(grads)
    return loss
