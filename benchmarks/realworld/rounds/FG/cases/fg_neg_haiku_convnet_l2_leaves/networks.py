# Source: https://github.com/shakes76/jax-vision/blob/18e940dd098ac4adef06ab870be6895283d058f1/networks.py
# Title: networks.py (various networks in Haiku)
# Cut: kept NormBlock and ConvNet; dropped the 1D/transpose/ResNet blocks, the MLP and the ResNet.
'''
Various networks in Haiku
'''
import haiku as hk
import jax


class NormBlock(hk.Module):
    '''
    Normed Conv Block
    Supports dilation via rate that results in a dilated net (DRN) block
    '''
    def __init__(self, channels, stride, rate=1, kernel_shape=3, bn_config=None, name=None):
        super().__init__(name=name)

        self.bn_config = dict(bn_config or {})
        self.bn_config.setdefault("create_scale", True)
        self.bn_config.setdefault("create_offset", True)
        self.bn_config.setdefault("decay_rate", 0.999)

        conv_0 = hk.Conv2D(
            output_channels=channels,
            kernel_shape=kernel_shape,
            stride=stride,
            rate=rate,
            with_bias=False,
            w_init=hk.initializers.Orthogonal(),
            padding="SAME",
            name=self.name+"_conv_0")
        bn_0 = hk.BatchNorm(name=self.name+"_bn_0", **self.bn_config)

        conv_1 = hk.Conv2D(
            output_channels=channels,
            kernel_shape=kernel_shape,
            stride=1,
            rate=rate,
            with_bias=False,
            w_init=hk.initializers.Orthogonal(),
            padding="SAME",
            name=self.name+"_conv_1")
        bn_1 = hk.BatchNorm(name=self.name+"_bn_1", **self.bn_config)

        self.layers = ((conv_0, bn_0), (conv_1, bn_1))

    def __call__(self, x, is_training, test_local_stats=False):
        out = x

        for (conv_i, bn_i) in self.layers:
            out = conv_i(out)
            out = bn_i(out, is_training, test_local_stats)
            out = jax.nn.relu(out)

        return out

class ConvNet(hk.Module):
    '''
    A standard VGG-like network but much smaller
    Assumes image is input and returns logits
    conv_layers defines this many conv layers
    channels sets the initial number of filters
    Subsequent conv layers are increased by powers of 2
    dense_size sets the largest dense layer size right after conv layers
    and uses two dense layers down (each downsampled by 4) to output_size
    '''
    def __init__(self, output_size, conv_layers=2, kernel_shape=3, channels=32, dense_size=256, bn_config=None, logits_config=None, name=None):
        super().__init__(name=name)
        self.output_size = output_size
        self.conv_layers = conv_layers
        self.kernel_shape = kernel_shape
        self.channels = channels
        self.dense_size = dense_size
        self.bn_config = dict(bn_config or {})

        #batch norm config
        self.bn_config.setdefault("decay_rate", 0.9)
        self.bn_config.setdefault("eps", 1e-5)
        self.bn_config.setdefault("create_scale", True)
        self.bn_config.setdefault("create_offset", True)

        self.logits_config = dict(logits_config or {})
        self.logits_config.setdefault("w_init", jax.numpy.zeros)
        self.logits_config.setdefault("name", "logits")

    def __call__(self, x, is_training, test_local_stats=False):
        '''
        ConvNet Network
        '''
        #define conv layers
        net=NormBlock(self.channels, stride=1, bn_config=self.bn_config, name="normblock_initial_1")(x, is_training)
        net=NormBlock(self.channels, stride=1, bn_config=self.bn_config, name="normblock_initial_2")(net, is_training)
        for n in range(1,self.conv_layers):
            net=NormBlock(self.channels, stride=2, bn_config=self.bn_config, name="normblock_"+str(n)+"_x2")(net, is_training)
            net=NormBlock(self.channels, stride=1, bn_config=self.bn_config, name="normblock_"+str(n)+"_x1")(net, is_training)
        # GlobalAveragePooling2D
        net=jax.numpy.mean(net, axis=[1, 2])
        #define dense layers
        # net=hk.Flatten()(net)
        net=hk.Linear(self.dense_size)(net)
        net=jax.nn.relu(net)
        net=hk.Linear(self.dense_size//4)(net)
        net=jax.nn.relu(net)
        net=hk.Linear(self.output_size, **self.logits_config)(net)

        return net

