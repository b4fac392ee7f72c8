# Source: https://github.com/liukidar/pcx/blob/23ca0f9f0e69dfa8ee83b0bca199a5c791715f4f/examples/s4_2_generative_mode/autoencoders/linear/pc_decoder.py
# Title: examples/s4_2_generative_mode/autoencoders/linear/pc_decoder.py (pcax: linear PC decoder, PC and iPC training)
# Cut: kept the model, the vmapped forward/generate/energy, the three jitted batch functions with inference
#      loops and the host drivers; the experiment runner and argparse main are dropped (T=20 comes from
#      configs/pc_mnist_adamw_hypertune.yaml, hp/T); commented-out debug prints removed.
from typing import Callable
from pathlib import Path
import logging
import sys
import argparse

# Core dependencies
import jax
import jax.numpy as jnp
import numpy as np
import optax
from omegaconf import OmegaConf

# pcax
import pcax as px
import pcax.predictive_coding as pxc
import pcax.nn as pxnn
import pcax.utils as pxu
import pcax.functional as pxf
from pcax import RKG


STATUS_FORWARD = "forward"


class PCDecoder(pxc.EnergyModule):
    def __init__(
        self,
        *,
        layer_dims: list[int],
        act_fn: Callable[[jax.Array], jax.Array],
        output_act_fn: Callable[[jax.Array], jax.Array] = lambda x: x,
    ):
        super().__init__()
        self.act_fn = px.static(act_fn)
        self.output_act_fn = px.static(output_act_fn)

        self.layers = []
        for layer_input, layer_output in zip(layer_dims[:-1], layer_dims[1:]):
            self.layers.append(pxnn.Linear(layer_input, layer_output))

        self.vodes = [
            pxc.Vode(
                (layer_dims[0],),
                energy_fn=pxc.zero_energy,
                ruleset={pxc.STATUS.INIT: ("h, u <- u:to_zero",)},
                tforms={"to_zero": lambda n, k, v, rkg: jnp.zeros(n.shape.get())},
            )
        ]
        for layer_output in layer_dims[1:]:
            self.vodes.append(
                pxc.Vode(
                    (layer_output,),
                    ruleset={pxc.STATUS.INIT: ("h, u <- u:to_zero",), STATUS_FORWARD: ("h -> u",)},
                    tforms={"to_zero": lambda n, k, v, rkg: jnp.zeros_like(v)},
                )
            )

        self.vodes[-1].h.frozen = True

        logging.info(f"Shape transform: {layer_dims}")

    def __call__(self, example: jax.Array | None = None, internal_state: jax.Array | None = None) -> jax.Array:
        x = self.vodes[0](-1)
        if internal_state is not None:
            x = internal_state

        for i, layer in enumerate(self.layers):
            act_fn = self.act_fn if i < len(self.layers) - 1 else self.output_act_fn
            x = act_fn(layer(x))
            x = self.vodes[i + 1](x)

        if example is not None:
            self.vodes[-1].set("h", example)

        pred = self.vodes[-1].get("u")

        assert example is None or pred.shape == example.shape
        return pred

    def generate(self, internal_state: jax.Array | None = None) -> jax.Array:
        x = internal_state
        if x is None:
            x = self.internal_state

        for i, layer in enumerate(self.layers):
            act_fn = self.act_fn if i < len(self.layers) - 1 else self.output_act_fn
            x = act_fn(layer(x))

        return x

    @property
    def internal_state(self) -> jax.Array:
        return self.vodes[0].get("h")



@pxf.vmap(pxu.Mask(pxc.VodeParam | pxc.VodeParam.Cache, (None, 0)), in_axes=0, out_axes=0)
def forward(example: jax.Array | None = None, *, model: PCDecoder) -> jax.Array:
    return model(example=example)


@pxf.vmap(pxu.Mask(pxc.VodeParam | pxc.VodeParam.Cache, (None, 0)), in_axes=0, out_axes=0)
def generate(internal_state: jax.Array, *, model: PCDecoder) -> jax.Array:
    return model.generate(internal_state=internal_state)


@pxf.vmap(pxu.Mask(pxc.VodeParam | pxc.VodeParam.Cache, (None, 0)), in_axes=0, out_axes=(None, 0), axis_name="batch")
def energy(example: jax.Array, *, model: PCDecoder) -> jax.Array:
    y_ = model(example=example)
    return jax.lax.pmean(model.energy().sum(), "batch"), y_


@pxf.jit(static_argnums=0)
def train_on_batch_pc(T: int, examples: jax.Array, *, model: PCDecoder, optim_w: pxu.Optim, optim_h: pxu.Optim):
    model.train()

    inference_step = pxf.value_and_grad(
        pxu.Mask(pxu.m(pxc.VodeParam).has_not(frozen=True), [False, True]), has_aux=True
    )(energy)

    learning_step = pxf.value_and_grad(pxu.Mask(pxnn.LayerParam, [False, True]), has_aux=True)(energy)

    with pxu.step(model, pxc.STATUS.INIT, clear_params=pxc.VodeParam.Cache):
        forward(examples, model=model)

    optim_h.init(pxu.Mask(pxc.VodeParam)(model))

    for _ in range(T):
        with pxu.step(model, clear_params=pxc.VodeParam.Cache):
            _, g = inference_step(examples, model=model)

        optim_h.step(model, g["model"], scale_by_batch_size=True)

    optim_h.clear()

    with pxu.step(model, clear_params=pxc.VodeParam.Cache):
        _, g = learning_step(examples, model=model)
    optim_w.step(model, g["model"])


@pxf.jit(static_argnums=0)
def train_on_batch_ipc(T: int, examples: jax.Array, *, model: PCDecoder, optim_w: pxu.Optim, optim_h: pxu.Optim):
    model.train()

    step = pxf.value_and_grad(
        pxu.Mask(pxu.m(pxc.VodeParam).has_not(frozen=True) | pxu.m(pxnn.LayerParam), [False, True]), has_aux=True
    )(energy)

    with pxu.step(model, pxc.STATUS.INIT, clear_params=pxc.VodeParam.Cache):
        forward(examples, model=model)

    optim_h.init(pxu.Mask(pxc.VodeParam)(model))

    for _ in range(T):
        with pxu.step(model, clear_params=pxc.VodeParam.Cache):
            _, g = step(examples, model=model)

        optim_h.step(model, g["model"], scale_by_batch_size=True)
        optim_w.step(model, g["model"])
    optim_h.clear()


@pxf.jit(static_argnums=0)
def generate_on_batch(T: int, examples: jax.Array, *, model: PCDecoder, optim_h: pxu.Optim):
    model.eval()

    inference_step = pxf.value_and_grad(
        pxu.Mask(pxu.m(pxc.VodeParam).has_not(frozen=True), [False, True]), has_aux=True
    )(energy)

    with pxu.step(model, pxc.STATUS.INIT, clear_params=pxc.VodeParam.Cache):
        forward(examples, model=model)

    optim_h.init(pxu.Mask(pxc.VodeParam)(model))

    for _ in range(T):
        with pxu.step(model, clear_params=pxc.VodeParam.Cache):
            _, g = inference_step(examples, model=model)

        optim_h.step(model, g["model"], scale_by_batch_size=True)
    optim_h.clear()
    pred = generate(model.internal_state, model=model)

    assert pred.shape == examples.shape

    return pred


@pxf.jit(static_argnums=0)
def eval_on_batch(T: int, examples: jax.Array, *, model: PCDecoder, optim_h: pxu.Optim):
    pred = generate_on_batch(T, examples, model=model, optim_h=optim_h)

    mse_loss = jnp.square(pred.flatten() - examples.flatten()).mean()

    return mse_loss, pred


def train(dl, T, *, model: PCDecoder, optim_w: pxu.Optim, optim_h: pxu.Optim, batch_size: int, use_ipc: bool = False):
    for x, y in dl:
        if x.shape[0] != batch_size:
            logging.warning(f"Skipping batch of size {x.shape[0]} that's not equal to the batch size {batch_size}.")
            continue
        x = x.reshape(x.shape[0], -1)
        if use_ipc:
            train_on_batch_ipc(T, x, model=model, optim_w=optim_w, optim_h=optim_h)
        else:
            train_on_batch_pc(T, x, model=model, optim_w=optim_w, optim_h=optim_h)


def eval(dl, T, *, model: PCDecoder, optim_h: pxu.Optim, batch_size: int):
    losses = []

    for x, y in dl:
        if x.shape[0] != batch_size:
            logging.warning(f"Skipping batch of size {x.shape[0]} that's not equal to the batch size {batch_size}.")
            continue
        x = x.reshape(x.shape[0], -1)
        e, y_hat = eval_on_batch(T, x, model=model, optim_h=optim_h)
        losses.append(e)

