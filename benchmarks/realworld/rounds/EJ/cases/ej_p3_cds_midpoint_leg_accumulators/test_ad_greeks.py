# Source: https://github.com/judejinjin/ql-jax/blob/3d2896f44c0bdf580a22b353493900f5c5d1c10d/tests/integration/test_ad_greeks.py
# Title: ql-jax tests/integration/test_ad_greeks.py (AD greeks vs finite differences)
# Cut: kept test_cds_spread_sensitivity; the other tests and the FD helper omitted
#      (make_cds(1e6, 0.01, 5.0) is a 5-year quarterly CDS: 20 premium periods).
import jax
import jax.numpy as jnp

from ql_jax.instruments.cds import make_cds
from midpoint import midpoint_cds_npv


def test_cds_spread_sensitivity():
    """AD through CDS fair spread w.r.t. hazard rate."""
    cds = make_cds(1e6, 0.01, 5.0)

    def npv_fn(h):
        return midpoint_cds_npv(
            cds,
            lambda t: jnp.exp(-0.05 * t),
            lambda t: jnp.exp(-h * t),
        )

    ad = float(jax.grad(npv_fn)(jnp.float64(0.02)))
    assert jnp.isfinite(ad)
