# Source: https://github.com/AdamField118/computational_physics_isp/blob/52eb595fd4a938ff265777ed8c20ce16b8a01a9a/nbody_comparison/nbody/benchmark/benchmark.py
# Title: Benchmark script for comparing N-body simulation implementations (JAX vs Fortran/C/C++/Julia/Rust)
# Cut: imports, BenchmarkResult and benchmark_jax() only; the other languages, plotting and JSON output dropped.

import numpy as np
import time
import json
from typing import Dict, List, Tuple
import matplotlib.pyplot as plt
from pathlib import Path
import sys

sys.path.append('../jax')
from nbody_jax import (
    create_random_system, NBodyState, NBodyConfig, 
    simulate as jax_simulate, compute_energy
)

try:
    import jax
    import jax.numpy as jnp
    HAS_JAX = True
except ImportError:
    print("Warning: JAX not available")
    HAS_JAX = False


class BenchmarkResult:
    """Store results from a single benchmark run"""
    def __init__(self, implementation: str, n_particles: int, n_steps: int,
                 runtime: float, time_per_step: float, energy_drift: float = None):
        self.implementation = implementation
        self.n_particles = n_particles
        self.n_steps = n_steps
        self.runtime = runtime
        self.time_per_step = time_per_step
        self.energy_drift = energy_drift
    
    def to_dict(self):
        return {
            'implementation': self.implementation,
            'n_particles': self.n_particles,
            'n_steps': self.n_steps,
            'runtime': self.runtime,
            'time_per_step': self.time_per_step,
            'energy_drift': self.energy_drift,
        }


def benchmark_jax(n_particles: int, n_steps: int, config: NBodyConfig) -> BenchmarkResult:
    """Benchmark JAX implementation"""
    print(f"  JAX: N={n_particles}, steps={n_steps}...", end=' ', flush=True)
    
    # Create initial conditions
    key = jax.random.PRNGKey(42)
    initial_state = create_random_system(
        n_particles, key, position_scale=10.0, velocity_scale=0.5
    )
    
    # Initial energy
    ke0, pe0, E0 = compute_energy(initial_state, config)
    
    # Warm-up run (JIT compilation)
    _ = jax_simulate(initial_state, config, 10, save_every=10)
    
    # Timed run
    start = time.perf_counter()
    times, positions, velocities = jax_simulate(initial_state, config, n_steps, save_every=n_steps)
    jax.block_until_ready(positions)
    elapsed = time.perf_counter() - start
    
    # Final energy
    final_state = NBodyState(
        positions=positions[-1], 
        velocities=velocities[-1],
        masses=initial_state.masses,
        time=times[-1]
    )
    ke_f, pe_f, E_f = compute_energy(final_state, config)
    energy_drift = abs(E_f - E0) / abs(E0) * 100
    
    print(f"{elapsed:.4f}s ({elapsed/n_steps*1000:.4f} ms/step, ΔE={energy_drift:.6f}%)")
    
    return BenchmarkResult(
        'JAX (GPU)', n_particles, n_steps, elapsed, 
        elapsed/n_steps, energy_drift
    )

