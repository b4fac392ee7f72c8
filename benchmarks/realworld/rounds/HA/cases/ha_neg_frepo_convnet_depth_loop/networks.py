# Source: https://github.com/yongchaoz/FRePo/blob/43e028a5839a5de367701b9e9544a08ffccb3166/lib/models/networks.py
# Title: lib/models/networks.py (FRePo dataset distillation: ConvNet backbones)
# Cut: only DC_ConvNet kept (a flax module whose __call__ loops over its depth); other architectures removed.
import flax.linen as nn
import functools
from typing import (Callable)


class DC_ConvNet(nn.Module):
    depth: int = 3
    width: int = 128
    kernel_size: tuple = (3, 3)
    activation_fn: Callable = nn.relu
    use_gap: bool = False
    num_classes: int = 10
    kernel_init: functools.partial = nn.initializers.kaiming_normal()
    bias_init: functools.partial = nn.initializers.zeros
    normalization: str = 'identity'
    pooling: str = 'avg'
    output: str = 'softmax'
    dtype: str = 'float32'

    @nn.compact
    def __call__(self, x, train=True):
        if self.output not in ['softmax', 'log_softmax', 'logit', 'feat_fc']:
            raise ValueError(
                'Wrong argument. Possible choices for output are "softmax", "log_softmax", "logit",and "feat_fc".')

        if self.normalization == 'batch':
            norm_layer = functools.partial(nn.BatchNorm,
                                           use_running_average=not train,
                                           epsilon=1e-05,
                                           momentum=0.9,
                                           dtype=self.dtype)
        elif self.normalization == 'layer':
            norm_layer = functools.partial(nn.LayerNorm, dtype=self.dtype)
        elif self.normalization == 'group':
            norm_layer = functools.partial(nn.GroupNorm, dtype=self.dtype)
        elif self.normalization == 'group1':
            norm_layer = functools.partial(nn.GroupNorm, num_groups=1, dtype=self.dtype)
        elif self.normalization == 'instance':
            norm_layer = functools.partial(nn.GroupNorm, num_groups=None, group_size=1, dtype=self.dtype)
        elif self.normalization == 'identity':
            norm_layer = None
        else:
            raise ValueError('Unknown Normalization Layer {}!'.format(self.normalization))

        if self.pooling == 'avg':
            pool_layer = nn.avg_pool
        elif self.pooling == 'max':
            pool_layer = nn.max_pool
        elif self.pooling == 'identity':
            pool_layer = lambda x, *args, **kargs: x
        else:
            raise ValueError('Unknown Pooling Layer {}!'.format(self.pooling))

        # generate blocks of convolutions followed by average pooling (n, 32, 32, 512)
        for i in range(self.depth):
            x = nn.Conv(features=self.width, kernel_size=self.kernel_size, kernel_init=self.kernel_init, use_bias=False,
                        dtype=self.dtype)(x)

            if not self.normalization == 'identity':
                x = norm_layer()(x)

            x = self.activation_fn(x)
            x = pool_layer(x, (2, 2), strides=(2, 2))

        if self.use_gap:
            x = nn.avg_pool(x, x.shape[1:3])
            x = x.reshape((x.shape[0], -1))
        else:
            x = x.reshape((x.shape[0], -1))

        feat_fc = x

        x = nn.Dense(features=self.num_classes,
                     kernel_init=self.kernel_init,
                     bias_init=self.bias_init,
                     dtype=self.dtype)(x)

        if self.output == 'logit':
            return x
        if self.output == 'softmax':
            return nn.softmax(x)
        if self.output == 'log_softmax':
            return nn.log_softmax(x)
        if self.output == 'feat_fc':
            return x, feat_fc


