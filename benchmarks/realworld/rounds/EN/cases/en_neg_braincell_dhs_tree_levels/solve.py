# Source: https://github.com/chaobrain/braincell/blob/cd4c0803c28176614c90ebfff17013e9beac6312/braincell/quad/_staggered.py
# Title: braincell/quad/_staggered.py (how the DHS kernels are combined in the voltage solve)
# Cut: reconstructed the jitted solve that calls both kernels with level metadata built once on
#      the host from the morphology (edges sorted by tree level, level_offsets).
import jax

from staggered import comp_triang_raw, comp_backsub_raw


def make_voltage_solve(edges, level_offsets, backsub_indices):
    @jax.jit
    def solve(diags, solves, lowers, uppers):
        diags, solves = comp_triang_raw(diags, solves, lowers, uppers, edges, level_offsets)
        return comp_backsub_raw(diags, solves, lowers, backsub_indices)
    return solve
