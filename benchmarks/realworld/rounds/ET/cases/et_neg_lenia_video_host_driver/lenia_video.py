# Source: https://github.com/google-research/self-organising-systems/blob/3d5547ca48b60ecac459834e2c05c9ff5df87991/notebooks/particle_lenia.ipynb
# Title: notebooks/particle_lenia.ipynb, cells "(OG Lenia)" and "(OG Lenia mass)"
# Cut: kept the Lenia class's jitted step and the mass-diagram video cell; kernel_shell, rescale,
#      render_world, grab_plot and VideoWriter are referenced, not reproduced.
from collections import namedtuple

import jax
import jax.numpy as jp
import matplotlib.pylab as pl


class Lenia(namedtuple('Lenia', 'R peaks mu sigma')):
  @jax.jit
  def step(p, x, dt=0.05):
    SIZE = x.shape[0]
    MID = SIZE // 2
    I = jp.array([jp.arange(SIZE),]*SIZE)
    X = (I-MID) / p.R
    Y = X.T
    D = jp.sqrt(X**2 + Y**2)

    kernel = p.kernel_shell(D)
    kernel_FFT = jp.fft.fft2(kernel / jp.sum(kernel))
    x_FFT = jp.fft.fft2(x)
    potential = jp.roll(jp.real(jp.fft.ifft2(kernel_FFT * x_FFT)), MID, (0, 1))
    delta = jp.maximum(0, 1 - (potential - p.mu)**2 / (p.sigma**2 * 9) )**4 * 2 - 1
    return jp.maximum(0, jp.minimum(1, x + delta * dt))


def lenia_mass_diagram(SIZE=1<<8):
  c = (jax.random.uniform(jax.random.PRNGKey(0x1337), (SIZE//16, SIZE//16))).astype(jp.float32) * 1.8
  (p1, _), (p2, _) = Lenia.get_creatures()
  _, c = p1.rescale(c, n=4)
  x = jp.zeros((SIZE, SIZE))
  coords = (0, c.shape[0])
  x = x.at[coords[0]:coords[1], coords[0]:coords[1]].set(c)

  mass_log = []
  with VideoWriter(fps=15) as vid:
    for i in range(120):
      out = Lenia.render_world(x, title_1=None, title_2=None)
      for i in range(2):
        x = p2.step(x)
      mass_log.append(jp.sum(x)/1000)
      pl.figure(figsize=(SIZE/100, SIZE/100), dpi=100)
      pl.plot(mass_log)
      pl_img = grab_plot()
      vid(jp.concatenate((out, pl_img), axis=1))
lenia_mass_diagram()
