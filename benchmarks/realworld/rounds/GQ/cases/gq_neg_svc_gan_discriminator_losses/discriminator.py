# Source: https://github.com/flyingblackshark/jax-so-vits-svc-5.0/blob/30de1df6e3363dafcdc89341f91941f314cf4f99/vits_decoder/mpd.py
# Title: jax-so-vits-svc-5.0 vits_decoder/mpd.py and discriminator.py (period/resolution/scale discriminators)
# Cut: DiscriminatorP and MultiPeriodDiscriminator kept; the MRD and MSD modules are imported as in discriminator.py
import jax.numpy as jnp
import flax.linen as nn

from .mrd import MultiResolutionDiscriminator
from .msd import ScaleDiscriminator


class DiscriminatorP(nn.Module):
    hp:tuple
    period:tuple
    def setup(self):
        kernel_size = self.hp.mpd.kernel_size
        stride = self.hp.mpd.stride
        self.convs = [
            nn.Conv(64, (kernel_size, 1), (stride, 1)),
            nn.Conv( 128, (kernel_size, 1), (stride, 1)),
            nn.Conv( 256, (kernel_size, 1), (stride, 1)),
            nn.Conv( 512, (kernel_size, 1), (stride, 1)),
            nn.Conv( 1024, (kernel_size, 1), 1),
        ]
        self.conv_post = nn.Conv(1, (3, 1), 1)

    def __call__(self, x,train=True):
        fmap = []

        # 1d to 2d
        b, c, t = x.shape
        if t % self.period != 0: # pad first
            n_pad = self.period - (t % self.period)
            x = jnp.pad(x, [(0,0),(0,0),(0, n_pad)], "reflect")
            t = t + n_pad
        x = jnp.reshape(x,[b, c, t // self.period, self.period])

        for l in self.convs:
            x = l(x.transpose(0,2,3,1)).transpose(0,3,1,2)
            x = nn.leaky_relu(x, 0.1)
            fmap.append(x)
        x = self.conv_post(x.transpose(0,2,3,1)).transpose(0,3,1,2)
        fmap.append(x)
        x = jnp.reshape(x,[x.shape[0],-1])

        return fmap, x


class MultiPeriodDiscriminator(nn.Module):
    hp:tuple
    def setup(self):
        self.discriminators = [DiscriminatorP(self.hp, period) for period in self.hp.mpd.periods]

    def __call__(self, x,train=True):
        ret = list()
        for disc in self.discriminators:
            ret.append(disc(x,train=train))

        return ret  # [(feat, score), (feat, score), (feat, score), (feat, score), (feat, score)]


class Discriminator(nn.Module):
    hp:tuple
    def setup(self):
        self.MRD = MultiResolutionDiscriminator(self.hp)
        self.MPD = MultiPeriodDiscriminator(self.hp)
        self.MSD = ScaleDiscriminator()

    def __call__(self, x,train=True):
        r = self.MRD(x,train=train)
        p = self.MPD(x,train=train)
        s = self.MSD(x,train=train)
        return r + p + s
