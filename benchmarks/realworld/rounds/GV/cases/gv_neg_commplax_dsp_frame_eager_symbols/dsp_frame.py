# Source: https://github.com/remifan/commplax/blob/8d51d6fdd42b8c2d40ff9e5ad22e30b3540ab54d/commplax/framing/dsp_frame.py
# Title: commplax framing/dsp_frame.py, OIF 400ZR DSP sub-frame framer/deframer
# Cut: DSP_subframe kept (docstrings dropped); the config, training sequence, FAW and
#      pilot generators are replaced by constants of the 400ZR sizes (3712 symbols,
#      pilot every 32, TS 11, FAW 22, RES 76). Called eagerly, as in the source.
from dataclasses import dataclass

import jax.numpy as jnp


@dataclass(frozen=True)
class DSPFrameConfig:
    subframe_symbols: int = 3712
    pilot_interval: int = 32
    ts_symbols: int = 11
    faw_symbols: int = 22
    reserved_symbols: int = 76
    qpsk_amplitude: float = 3.0

    @property
    def pilots_per_subframe(self) -> int:
        return self.subframe_symbols // self.pilot_interval


def get_config(spec):
    return DSPFrameConfig()


def DSP_subframe(spec: str = '400ZR'):
    config = get_config(spec)
    S = config.qpsk_amplitude

    # Generate overhead sequences
    ts_x = ts_y = jnp.full(config.ts_symbols, S * (1 + 1j), dtype=jnp.complex64)
    faw_x = faw_y = jnp.full(config.faw_symbols, S * (1 - 1j), dtype=jnp.complex64)
    n_pilots = config.pilots_per_subframe
    pilot_x = pilot_y = jnp.full(n_pilots, -S * (1 + 1j), dtype=jnp.complex64)

    # Calculate data capacity
    # First sub-frame: TS + FAW + RES + (pilots - overlap with TS[0])
    # Other sub-frames: TS + (pilots - overlap with TS[0])
    first_overhead = config.ts_symbols + config.faw_symbols + config.reserved_symbols
    other_overhead = config.ts_symbols

    # Pilots overlap with first TS symbol
    pilots_effective = n_pilots - 1  # First pilot is TS[0]

    data_first = config.subframe_symbols - first_overhead - pilots_effective
    data_other = config.subframe_symbols - other_overhead - pilots_effective

    def frame(data_symbols: jnp.ndarray, subframe_index: int = 0) -> jnp.ndarray:
        data_symbols = jnp.atleast_2d(data_symbols)
        is_first = (subframe_index == 0)

        # Pre-allocate output
        out_x = jnp.zeros(config.subframe_symbols, dtype=jnp.complex64)
        out_y = jnp.zeros(config.subframe_symbols, dtype=jnp.complex64)

        # Build sub-frame symbol by symbol
        data_idx = 0
        pilot_idx = 0

        result_x = []
        result_y = []

        for i in range(config.subframe_symbols):
            is_pilot_position = (i % config.pilot_interval == 0)

            if i < config.ts_symbols:
                # Training sequence (first TS symbol is also pilot)
                result_x.append(ts_x[i])
                result_y.append(ts_y[i])
                if i == 0:
                    pilot_idx += 1  # TS[0] counts as pilot
            elif is_first and i < config.ts_symbols + config.faw_symbols:
                # FAW (first sub-frame only)
                faw_i = i - config.ts_symbols
                result_x.append(faw_x[faw_i])
                result_y.append(faw_y[faw_i])
            elif is_first and i < first_overhead:
                # Reserved symbols (first sub-frame only) - use random QPSK
                # Per spec: "should be randomized to avoid strong tones"
                res_i = i - config.ts_symbols - config.faw_symbols
                result_x.append(pilot_x[pilot_idx % len(pilot_x)])
                result_y.append(pilot_y[pilot_idx % len(pilot_y)])
            elif is_pilot_position:
                # Pilot symbol
                result_x.append(pilot_x[pilot_idx % len(pilot_x)])
                result_y.append(pilot_y[pilot_idx % len(pilot_y)])
                pilot_idx += 1
            else:
                # Data symbol
                if data_idx < data_symbols.shape[0]:
                    result_x.append(data_symbols[data_idx, 0])
                    result_y.append(data_symbols[data_idx, 1])
                    data_idx += 1
                else:
                    result_x.append(0.0 + 0.0j)
                    result_y.append(0.0 + 0.0j)

        subframe = jnp.stack([
            jnp.array(result_x, dtype=jnp.complex64),
            jnp.array(result_y, dtype=jnp.complex64)
        ], axis=-1)

        return subframe

    def deframe(subframe: jnp.ndarray, subframe_index: int = 0) -> jnp.ndarray:
        subframe = jnp.atleast_2d(subframe)
        is_first = (subframe_index == 0)
        first_oh = first_overhead if is_first else other_overhead

        data_x = []
        data_y = []

        for i in range(subframe.shape[0]):
            is_pilot_position = (i % config.pilot_interval == 0)

            if i < config.ts_symbols:
                continue  # Skip TS
            elif is_first and i < first_oh:
                continue  # Skip FAW + RES
            elif is_pilot_position:
                continue  # Skip pilot
            else:
                data_x.append(subframe[i, 0])
                data_y.append(subframe[i, 1])

        data_symbols = jnp.stack([
            jnp.array(data_x, dtype=jnp.complex64),
            jnp.array(data_y, dtype=jnp.complex64)
        ], axis=-1)

        return data_symbols

    return frame, deframe
