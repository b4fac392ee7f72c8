# Source: https://github.com/maja-jablonska/spice/blob/5426c370496aa7938513e94ea06e59cad82c018e/src/spice/spectrum/lazy_zarr_interpolator.py
# Title: src/spice/spectrum/lazy_zarr_interpolator.py (SPICE lazy Zarr spectrum-grid interpolator)
# Cut: only the constructor stand-in and the in-memory accumulation method of the interpolator class; Zarr loading, dtype helpers and the direct path dropped (constructor reconstructed).
import jax
import jax.numpy as jnp


def _float_dtype():
    return jnp.float64 if jax.config.jax_enable_x64 else jnp.float32


class LazyZarrInterpolator:

    def __init__(self, rowwise_data, accumulate_chunk_size=None):
        self.rowwise_data = rowwise_data
        self._accumulate_chunk_size = accumulate_chunk_size

    def _accumulate_in_memory(self, rows, weights):
        # batch_size on lax.map vmaps chunk_size queries in parallel and scans
        # over chunks. Peak intermediate is chunk_size * K * L * dtype bytes.
        flux_data = self.rowwise_data['flux']
        cont_data = self.rowwise_data['continuum']
        out_dtype = _float_dtype()

        def per_query(rw):
            r, w = rw
            valid = r >= 0
            safe_rows = jnp.where(valid, r, 0)
            safe_weights = jnp.where(valid, w, 0.0).astype(flux_data.dtype)
            w_col = safe_weights[:, None]
            flux_sel = flux_data[safe_rows]
            cont_sel = cont_data[safe_rows]
            flux_acc = jnp.sum(flux_sel * w_col, axis=0).astype(out_dtype)
            cont_acc = jnp.sum(cont_sel * w_col, axis=0).astype(out_dtype)
            return flux_acc, cont_acc

        chunk_size = self._accumulate_chunk_size
        if chunk_size is None:
            return jax.lax.map(per_query, (rows, weights))
        effective_chunk = min(chunk_size, rows.shape[0]) if rows.shape[0] > 0 else 1
        return jax.lax.map(per_query, (rows, weights), batch_size=effective_chunk)
