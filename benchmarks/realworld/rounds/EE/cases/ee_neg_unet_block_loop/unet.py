# Source: https://github.com/sandreza/JaxDiffusion/blob/de1e82d6b0f0969a02b720c789515886b86bf8e1/jaxdiffusion/models/unet.py
# Title: jaxdiffusion/models/unet.py
# Cut: kept the UNet fields and its jitted __call__; the __init__ that builds the block lists is
#      cut to the middle/final-block lists; ResnetBlock and the other block classes are left out.
import equinox as eqx
import jax
import jax.numpy as jnp
import jax.random as jr


class UNet(eqx.Module):
    gfp: "GaussianFourierProjection"
    mlp: eqx.nn.MLP
    conv: eqx.nn.Conv
    downblock: list
    upblock: list
    upresblock: list
    downfeatureblock: list
    upfeatureblock: list
    upblockbefore: list
    upblockafter: list
    downblockbefore: list
    downblockafter: list
    midblock: list
    upfeatureblock_reduce: list
    finalblock: list
    resblock: "ResnetBlock"
    block: "ConvBlock"

    @eqx.filter_jit
    def __call__(self, t, y):
        # Lift
        t = self.gfp(t)  # 1 -> features[0]
        t = self.mlp(t)  # features[0] -> features[0]
        h = self.conv(y) # in_channels -> features[0]
        #Downsample
        hs = [h]
        for i in range(len(self.downblock)):
            h = self.downfeatureblock[i](t, h) # features[i] -> features[i+1]
            hs.append(h)
            for resblock in self.downblockbefore[i]:
                h = resblock(t, h)             # features[i+1] -> features[i+1]
                hs.append(h)
            h = self.downblock[i](t, h)        # features[i+1] -> features[i+1]
            hs.append(h)
            for resblock in self.downblockafter[i]:
                h = resblock(t, h)             # features[i+1] -> features[i+1]
                hs.append(h)
        # Middle Block
        for i in range(len(self.midblock)):
            h = self.midblock[i](t, h)         # features[-1] -> features[-1]
        # Upsample
        for i in range(len(self.upblock)):
            for resblock in self.upblockafter[-(i+1)]:
                h = jnp.concatenate((h, hs.pop()), axis=0)
                h = resblock(t, h)                       # 2*features[-(i+1)] -> features[-(i+1)]
            h = jnp.concatenate((h, hs.pop()), axis=0)
            h = self.upresblock[-(i+1)](t, h)            # 2*features[-(i+1)] -> features[-(i+1)]
            h = self.upblock[-(i+1)](t, h)               # features[-(i+1)] -> features[-(i+1)]
            for resblock in self.upblockbefore[-(i+1)]:
                h = jnp.concatenate((h, hs.pop()), axis=0)
                h = resblock(t, h)                       # 2*features[-(i+1)] -> features[-(i+1)]
            h = jnp.concatenate((h, hs.pop()), axis=0)
            h = self.upfeatureblock[-(i+1)](t, h)        # 2*features[-(i+1)] -> features[-(i+1)]
            h = self.upfeatureblock_reduce[-(i+1)](t, h) # features[-(i+1)] -> features[-i]
        # Projection
        h = jnp.concatenate((h, hs.pop()), axis=0)
        h = self.resblock(t, h) # 2 * features[0] -> features[0]
        for resblock in self.finalblock:
            h = resblock(t, h)  # features[0] -> features[0]
        # Final Layer
        h = self.block(h)       # features[0] -> out_channels
        return h
