# Source: https://github.com/mmdeuss/meq_jax/blob/756c7550725f3f81d6ca86e763831aa6a57a94b1/meq_jax/examples/fgeF_bench.py
# Title: meq_jax -- meq_jax/examples/fgeF_bench.py ("Benchmarks fgeF in MEQ-JAX against MEQ ... Mirrors MEQ's perf/fgeF_perf.m")
# Cut: license header, CPU detection, Octave timing and table printing cut; the configuration sweep and the
#      jitted-call timing loop kept.
r"""Benchmarks fgeF in MEQ-JAX against MEQ, over the same parameters MEQ's
own performance test varies (grid x shot x usecs x jacx)."""

from collections.abc import Sequence
import functools
import itertools
import statistics
import time

from absl import app
from absl import flags
import jax
from meq_jax._src import fgeF
from meq_jax._src import fgeF_octave
from meqpy import octave_utils

_GRIDS = flags.DEFINE_list(
    'grids', ['32x16', '32x32', '64x32'], 'Grids as NRxNZ, per fgeF_perf.m.'
)
_SHOTS = flags.DEFINE_list(
    'shots', ['1', '3', '82'], 'ana shots: 1 circular, 3 double null, 82 doublet.'
)
_USECS = flags.DEFINE_list('usecs', ['false', 'true'], 'icsint settings.')
_JACX = flags.DEFINE_list('jacx', ['false', 'true'], 'optsF dojacx settings.')
_NUM_REPS = flags.DEFINE_integer('num_reps', 10, 'Timed calls per side.')
_WARMUP = flags.DEFINE_integer('warmup', 3, 'Untimed calls before timing.')


def _median_iqr(samples):
  samples = sorted(samples)
  q1 = samples[len(samples) // 4]
  q3 = samples[(3 * len(samples)) // 4]
  return statistics.median(samples), q3 - q1


def _time_jax(fn, num_reps, warmup):
  for _ in range(warmup):
    jax.block_until_ready(fn())
  samples = []
  for _ in range(num_reps):
    t0 = time.perf_counter()
    jax.block_until_ready(fn())
    samples.append(time.perf_counter() - t0)
  return _median_iqr(samples)


def main(argv: Sequence[str]) -> None:
  octave = octave_utils.create_meq_oct2py_instance()

  for grid, shot, usecs, jacx in itertools.product(
      _GRIDS.value, _SHOTS.value, _USECS.value, _JACX.value
  ):
    nr, nz = (int(v) for v in grid.lower().split('x'))
    shot = int(shot)
    octave.eval(fgeF_octave.FBT_SETUP.format(
        shot=shot, icsint='true' if usecs == 'true' else 'false',
        algosNL='all-nl', grid=f",'nr',{nr},'nz',{nz}"))
    octave.eval(f"opts = optsF('dojacx',{jacx},'dojacu',{jacx},"
                f"'dojacxdot',{jacx},'dopost',true);")
    inputs = fgeF_octave.fgeF_inputs_from_octave(
        octave, shot=shot, test_type='fbt'
    )

    fn = jax.jit(
        functools.partial(
            fgeF.fgeF,
            L=inputs.L,
            opts=inputs.opts,
            aux=inputs.aux,
            agconc=inputs.agconc,
            cdeconc=inputs.cdeconc,
            u=inputs.u0,
        )
    )
    call = lambda _f=fn, _i=inputs: _f(
        x=_i.x0, LX=_i.LX, LYp=_i.LX, xdot=None
    )

    t0 = time.perf_counter()
    jax.block_until_ready(call())
    compile_s = time.perf_counter() - t0
    jax_med, jax_iqr = _time_jax(call, _NUM_REPS.value, _WARMUP.value)
    print(f'{grid:>7} {shot:>5} {usecs:>6} {jacx:>6} '
          f'{jax_med * 1e3:>9.3f} {jax_iqr * 1e3:>7.3f} {compile_s:>10.2f}')


if __name__ == '__main__':
  jax.config.update('jax_enable_x64', True)
  app.run(main)
