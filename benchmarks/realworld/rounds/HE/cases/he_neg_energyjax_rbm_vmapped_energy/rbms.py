# Source: https://github.com/sravell/energy-jax/blob/8bc57a328dfff40be75be2a967ca2156d853e029/energy-jax/ebms/rbms.py
# Title: energy-jax/ebms/rbms.py (CategoricalRBM)
# Cut: kept the fields, the vmapped conditionals and samplers, the energy function and param_count (builtin
#      sum over the parameter pytree's leaves); constructor, class docstring and probability_vector are dropped.
from typing import Optional, Dict, Any, Union, Tuple
from jax import numpy as jnp
import jax
from jaxtyping import Float, Array, Int, PRNGKeyArray
import equinox as eqx  # type: ignore[import]
from .ebm import AbstractDiscreteEBM
from ..utils import get_domain, stable_softmax

ParamTypeCRBM = Dict[str, Float[Array, "..."]]


class CategoricalRBM(AbstractDiscreteEBM, strict=True):
    """Categorical Restricted Boltzmann Machine (RBM) with Bernoulli hidden variables."""

    hid_dim: int
    hid_structure: jnp.ndarray
    theta: ParamTypeCRBM
    num_visible: int
    structure: Int[Array, "dims"]
    hilbert_space: int
    bitstrings: Optional[Int[Array, "hilbert_space dims"]]
    hidden_bitstrings: Optional[Int[Array, "hilbert_space dims"]]
    max_categories: int

    def compute_ph_given_v(
        self, visible: Float[Array, "numvis maxcat"]
    ) -> Float[Array, "numhid"]:
        """
        Compute p(h|v).

        Args:
            - visible (DeviceArray): the visible nodes

        Returns:
            - (DeviceArray): the probabilities of the hidden nodes
        """
        # visible = [vis, cats]
        visible = visible.T * 2 - 1
        prod = jax.vmap(jnp.matmul)(self.theta["W"], visible)  # [cats, hidden]
        log_ph_given_v = jnp.sum(prod, axis=0) + self.theta["c"]
        ph_given_v = jax.nn.sigmoid(log_ph_given_v)
        return ph_given_v

    def sample_h_given_v(
        self,
        visible: Float[Array, "numvis maxcat"],
        key: PRNGKeyArray,
    ) -> Int[Array, "numhid"]:
        """
        Sample x ~ p(h|v).

        Args:
            - visible (DeviceArray): the visible nodes
            - key (PRNGKey): the key to use to sample
            - return_probs (optional, bool): whether or not to also return the
                exact probabilities

        Returns:
            - (DeviceArray): a sample from the hidden nodes
            - (optional, DeviceArray): the probabilities of the hidden nodes
        """
        ph_given_v = self.compute_ph_given_v(visible)
        h_given_v = jax.random.bernoulli(key, p=ph_given_v).astype("int8")
        return h_given_v

    def compute_pv_given_h(
        self, hidden: Int[Array, "numhid"]
    ) -> Float[Array, "numvis maxcat"]:
        """
        Compute p(v|h).

        Args:
            - hidden (DeviceArray): the hidden nodes

        Returns:
            - (DeviceArray): the probabilities of the visible nodes
        """

        def f(
            x: Float[Array, "numhid numvis"],
            y: Int[Array, "numhid"],
            z: Float[Array, "numvis"],
        ) -> Float[Array, "numvis"]:
            return jnp.matmul(x.T, y) + z

        # h = [hid]
        # W = [max, hid, vis]
        log_pv_given_h = jax.vmap(f, in_axes=(0, None, 0))(
            self.theta["W"], hidden, self.theta["b"]
        )  # [max, vis]
        pv_given_h = jax.nn.softmax(log_pv_given_h, axis=0)
        return pv_given_h.T

    def sample_v_given_h(
        self,
        hidden: Int[Array, "numhid"],
        key: PRNGKeyArray,
    ) -> Int[Array, "numvis maxcat"]:
        """
        Sample x ~ p(v|h).

        Args:
            - hidden (DeviceArray): the hidden nodes
            - key (PRNGKey): the key to use to sample
            - return_probs (optional, bool): whether or not to also return the
                exact probabilities

        Returns:
            - (DeviceArray): a sample from the visible nodes
            - (optional, DeviceArray): the probabilities of the visible nodes
        """
        pv_given_h = self.compute_pv_given_h(hidden)  # [vis, max]
        categories = jax.random.categorical(key, logits=jnp.log(pv_given_h))
        categories = jnp.clip(
            0, categories, self.structure - 1
        )  # clip to specific dimensions TODO: fix like in qrox
        v_given_h = jax.nn.one_hot(categories, self.max_categories)
        return v_given_h

    def energy_function(
        self,
        x: Union[
            Tuple[Int[Array, "numvis maxcat"], Int[Array, "numhid"]],
            Dict[str, Int[Array, "..."]],
        ],
        **kwargs: Any,
    ) -> Float[Array, ""]:
        r"""
        Compute of the energy function.

        E = -(\sum_h \sum_cat W * v * h + \sum_cat W * b + h * b)

        Args:
            - x (tuple): the visible node values and the hidden node values

        Returns:
            - (float): the energy of these values
        """
        if isinstance(x, dict):
            visible, hidden = x["v"], x["h"]
        else:
            visible, hidden = x
        visible = visible.T * 2 - 1  # convert {0, 1} -> {-1, 1}
        first_term_inner = jax.vmap(jnp.matmul)(self.theta["W"], visible)  # [cat, hid]
        first_term_outer = jax.vmap(jnp.dot, in_axes=(None, 0))(
            hidden, first_term_inner
        )  # [cat]
        first_term = jnp.sum(first_term_outer)

        second_term_inner = jax.vmap(jnp.dot)(visible, self.theta["b"])
        second_term = jnp.sum(second_term_inner)

        third_term = jnp.dot(hidden, self.theta["c"])

        return -(first_term + second_term + third_term)

    def param_count(self) -> int:
        """Compute number of trainable parameters in EBM."""
        return sum(
            x.size
            for x in jax.tree_util.tree_leaves(
                eqx.filter(self.theta, eqx.is_inexact_array)
            )
        )
