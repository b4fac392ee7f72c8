# Source: https://github.com/imilas/ddsp_loss_comparison/blob/1ad9927ad404434f92199009d703807759079154/dtw_graphs.py
# Title: dtw_graphs.py (marimo notebook)
# Cut: marimo cells flattened into a script; the ADSR-envelope cells and the slider UI dropped; softdtw_jax is the repository's helper (khdlr-style SoftDTW with a lax.scan over anti-diagonals).
import jax
import jax.numpy as jnp
import matplotlib.pyplot as plt
import numpy as np
from helpers import softdtw_jax

dtw_jax = softdtw_jax.SoftDTW(gamma=0.1)
dtw_jit = jax.jit(dtw_jax)

## A noisy sine wave as query
len_signal = 100
idx = np.linspace(0,3.14*2,num=len_signal)
query = np.sin(idx) + np.random.uniform(size=100)/10.0
template = np.cos(idx) + np.random.uniform(size=100)/10.0
plt.plot(template)

shifts = np.arange(0,len_signal,1) # how much to offset the signal
dtw_loss = [dtw_jit(template,np.roll(template,x)) for x in shifts]
plt.plot(shifts,dtw_loss)

dtw_loss_cos= [dtw_jit(np.cos(idx),np.cos(np.linspace(0,3.14*x,num=len_signal))) for x in np.linspace(0,35,141,endpoint=True)]
plt.plot(np.linspace(0,35,141,endpoint=True),dtw_loss_cos,label="Distance")
plt.axvline(
    2,
    color="#FF0000",
    linestyle="-",
    label="Correct Frequency",
)
for i in range(8):
    f = (i+2)*2
    plt.axvline(
    f,
    color =  (1, 0, 0,.7-i/10),
    linestyle=":",)
plt.legend()
plt.show()
