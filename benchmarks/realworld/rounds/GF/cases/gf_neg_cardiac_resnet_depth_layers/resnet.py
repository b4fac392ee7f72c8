# Source: https://github.com/epignatelli/cardiax/blob/1561c01e02e6b4f2d536cd2239920192dea9ee50/deepx/resnet.py
# Title: deepx/resnet.py — stax ResNet surrogate for the Fenton-Karma cardiac model
# Cut: kept ResidualBlock, Euler and ResNet; dropped HParams and the unfinished MomentumBlock.
import jax.numpy as jnp
from helx.nn.module import pmodule, Module
from jax.experimental import stax


def ResidualBlock(out_channels, kernel_size, stride, padding, input_format):
    double_conv = stax.serial(
        stax.GeneralConv(input_format, out_channels, kernel_size, stride, padding),
        stax.Elu,
    )
    return Module(
        *stax.serial(
            stax.FanOut(2), stax.parallel(double_conv, stax.Identity), stax.FanInSum
        )
    )


def Euler():
    def init(rng, input_shape):
        # (b, t, c, w, h)
        input_shape, _ = input_shape
        return (input_shape[0], 1) + input_shape[3:], ()

    def apply(params, inputs, **kwargs):
        x0, x1 = inputs
        return jnp.add(x0[:, -2:-1, :3], x1)

    return init, apply


@pmodule
def ResNet(hidden_channels, out_channels, depth):
    # time integration module
    backbone = stax.serial(
        stax.GeneralConv(
            ("NCDWH", "IDWHO", "NCDWH"), hidden_channels, (4, 3, 3), (1, 1, 1), "SAME"
        ),
        *[
            ResidualBlock(
                hidden_channels,
                (4, 3, 3),
                (1, 1, 1),
                "SAME",
                ("NCDWH", "IDWHO", "NCDWH"),
            )
            for _ in range(depth)
        ],
        stax.GeneralConv(
            ("NCDWH", "IDWHO", "NCDWH"), out_channels, (4, 3, 3), (1, 1, 1), "SAME"
        ),
        stax.GeneralConv(("NDCWH", "IDWHO", "NDCWH"), 3, (3, 3, 3), (1, 1, 1), "SAME"),
    )

    #  euler scheme
    return stax.serial(stax.FanOut(2), stax.parallel(stax.Identity, backbone), Euler())
