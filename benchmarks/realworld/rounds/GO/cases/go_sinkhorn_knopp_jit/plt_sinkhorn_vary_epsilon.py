# Source: https://github.com/tt6746690/misc_impl/blob/830fa31b965c5c81df357ce64b8ee17314bc5a2d/ot/plt_sinkhorn_vary_epsilon.py
# Title: ot/plt_sinkhorn_vary_epsilon.py
# Cut: dropped matplotlib rcParams and the histogram panel

import jax
import jax.numpy as np
import jax.random as random
from functools import partial

import matplotlib.pylab as plt
from ot.datasets import make_1D_gauss

import sys
sys.path.insert(0,'../gp/')
from gpax import *
from plt_utils import *

from otax import *


# https://pythonot.github.io/auto_examples/plot_OT_1D.html

n = 100

x = np.arange(n)
a = np.asarray(make_1D_gauss(n, m=20, s=5)+make_1D_gauss(n,m=50,s=10))
b = np.asarray(make_1D_gauss(n, m=60, s=10))
a = a/np.sum(a)
b = b/np.sum(b)

C = sqdist(x)
C = C / C.max()


## Plotting


fig, axs = plt.subplots(1,4,figsize=(20,5))

for i, ϵ in enumerate([.1,.03,.01]):
    ax = axs[i+1]
    _,_,cost,P = sinkhorn_knopp(a, b, C, ϵ, 100)
    ax.imshow(P)
    ax.set_title('P ($\epsilon$'+f'={ϵ})')
    

fig.tight_layout()
plt_savefig(fig, 'summary/assets/plt_sinkhorn_vary_epsilon.png')
    
