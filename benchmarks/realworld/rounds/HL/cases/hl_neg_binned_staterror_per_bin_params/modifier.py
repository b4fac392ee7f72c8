# Source: https://github.com/pfackeldey/evermore/blob/35c5a82af1b975df18e5d4efb7a8d0553237dc19/src/dilax/modifier.py
# Title: src/dilax/modifier.py (staterror / autostaterrors: bin-by-bin MC statistical uncertainties)
# Cut: kept imports, the staterror modifier (docstring shortened, base class reduced to eqx.Module) and
#      autostaterrors.prepare (docstring shortened); other modifiers dropped.
from __future__ import annotations

import abc
from typing import TYPE_CHECKING

import equinox as eqx
import jax
import jax.numpy as jnp

from dilax.effect import (
    DEFAULT_EFFECT,
    gauss,
    poisson,
)
from dilax.parameter import Parameter

if TYPE_CHECKING:
    from dilax.effect import Effect


class staterror(eqx.Module):
    """
    Create a staterror (barlow-beeston) modifier which acts on each bin with a different _underlying_ modifier.

        # all bins with bin content below 10 (threshold) are treated as poisson, else gauss
        modify = dlx.staterror(parameters=[p1, p2, p3], sumw=hist, sumw2=hist, threshold=10.0)
        fast_modify = eqx.filter_jit(modify)
    """
    name: str = "staterror"
    parameters: dict[str, Parameter]
    sumw: jax.Array
    sumw2: jax.Array
    sumw2sqrt: jax.Array
    widths: jax.Array
    mask: jax.Array
    threshold: float

    def __init__(
        self,
        parameters: dict[str, Parameter],
        sumw: jax.Array,
        sumw2: jax.Array,
        threshold: float,
    ) -> None:
        self.parameters = parameters
        self.sumw = sumw
        self.sumw2 = sumw2
        self.sumw2sqrt = jnp.sqrt(sumw2)
        self.threshold = threshold

        # calculate width
        self.widths = self.sumw2sqrt / self.sumw

        # store if sumw is below threshold
        self.mask = self.sumw < self.threshold

        for i, name in enumerate(self.parameters):
            param = self.parameters[name]
            effect = poisson(self.sumw[i]) if self.mask[i] else gauss(self.widths[i])
            param.constraints.add(effect.constraint)

    def __check_init__(self):
        if not len(self.parameters) == len(self.sumw2) == len(self.sumw):
            msg = (
                f"Length of parameters ({len(self.parameters)}), "
                f"sumw2 ({len(self.sumw2)}) and sumw ({len(self.sumw)}) "
                "must be the same."
            )
            raise ValueError(msg)

    def scale_factor(self, sumw: jax.Array) -> jax.Array:
        from functools import partial

        assert len(sumw) == len(self.parameters) == len(self.sumw2)

        values = jnp.concatenate([param.value for param in self.parameters.values()])
        idxs = jnp.arange(len(sumw))

        # sumw where mask (poisson) else widths (gauss)
        _widths = jnp.where(self.mask, self.sumw, self.widths)

        def _mod(
            value: jax.Array,
            width: jax.Array,
            idx: jax.Array,
            effect: Effect,
        ) -> jax.Array:
            return effect(width).scale_factor(
                parameter=Parameter(value=value),
                sumw=sumw[idx],
            )[0]

        _poisson_mod = partial(_mod, effect=poisson)
        _gauss_mod = partial(_mod, effect=gauss)

        # if all true in mask use poisson
        if jnp.all(self.mask):
            return jax.vmap(_poisson_mod)(values, _widths, idxs)

        # if all false in mask use gauss
        if jnp.all(~self.mask):
            return jax.vmap(_gauss_mod)(values, _widths, idxs)

        # if mixed use jnp.where
        return jnp.where(
            self.mask,
            jax.vmap(_poisson_mod)(values, _widths, idxs),
            jax.vmap(_gauss_mod)(values, _widths, idxs),
        )




class autostaterrors(eqx.Module):
    class Mode(str, eqx.Enumeration):
        poisson = "Poisson per process and bin"
        poisson_gauss = "Poisson (Gauss) per process and bin if sumw < (>) threshold"
        barlow_beeston_lite = "Barlow-Beeston (lite) approach"

    sumw: dict[str, jax.Array]
    sumw2: dict[str, jax.Array]
    threshold: float = 10.0
    mode: str = Mode.barlow_beeston_lite
    key_template: str = "__staterror_{process}__"

    def prepare(
        self
    ) -> tuple[dict[str, dict[str, Parameter]], dict[str, dict[str, eqx.Partial]]]:
        """
        Helper to automatically create parameters used by `staterror`
        for the initialisation of a `dlx.Model`.

        _Caution_: This function is not compatible with JAX-transformations (e.g. `jax.jit`)!
        """

        # create parameters
        parameters: dict[str, dict[str, Parameter]] = {}
        staterrors: dict[str, dict[str, eqx.Partial]] = {}
        for process, _sumw in self.sumw.items():
            key = self.key_template.format(process=process)
            process_parameters = parameters[key] = {}
            for i in range(len(_sumw)):
                pkey = f"{process}_{i}"
                if (
                    self.mode == self.Mode.barlow_beeston_lite
                    and _sumw[i] > self.threshold
                ):
                    # we merge all processes into one parameter
                    # for the barlow-beeston-lite approach where
                    # the bin content is above a certain treshold
                    pkey = f"{i}"
                process_parameters[pkey] = Parameter(value=jnp.array(0.0))
            # prepare staterror
            kwargs = {
                "sumw": _sumw,
                "sumw2": self.sumw2[process],
                "threshold": self.threshold,
            }
            if self.mode == self.Mode.poisson:
                kwargs["threshold"] = jnp.inf  # inf -> always poisson
            elif self.mode == self.Mode.barlow_beeston_lite:
                mask = _sumw < self.threshold

                kwargs["sumw"] = jnp.where(
                    mask, _sumw, sum(jax.tree_util.tree_leaves(self.sumw))
                )
                kwargs["sumw2"] = jnp.where(
                    mask,
                    self.sumw2[process],
                    sum(jax.tree_util.tree_leaves(self.sumw2)),
                )

            staterrors[key] = eqx.Partial(staterror, **kwargs)
        return parameters, staterrors
