# Source: https://github.com/ins-amu/vbjax/blob/8d5fc54a455dc9e5cfe3290294196cc09d3ad103/archive/30%20Batching%20neural%20mass%20model%20evaluations.ipynb
# Title: 30 Batching neural mass model evaluations (notebook, cells 3, 4, 8, 9, 13)
# Cut: notebook cells converted to a module; %pylab/%timeit magics and plotting dropped.
import jax
import jax.numpy as np


def make_jr_dfun(A=3.25, B=22.0, a=0.1, b=0.05, v0=5.52, nu_max=0.0025,
                 r=0.56, J=135.0, a_1=1.0, a_2=0.8, a_3=0.25, a_4=0.25, mu=0.22):

    def dfun(ys, I):
        y0, y1, y2, y3, y4, y5 = ys

        sigm_y1_y2 = 2.0 * nu_max / (1.0 + np.exp(r * (v0 - (y1 - y2))))
        sigm_y0_1 = 2.0 * nu_max / (1.0 + np.exp(r * (v0 - (a_1 * J * y0))))
        sigm_y0_3 = 2.0 * nu_max / (1.0 + np.exp(r * (v0 - (a_3 * J * y0))))

        return np.hstack([y3,
            y4,
            y5,
            A * a * sigm_y1_y2 - 2.0 * a * y3 - a ** 2 * y0,
            A * a * (mu + a_2 * J * sigm_y0_1 + I)
                - 2.0 * a * y4 - a ** 2 * y1,
            B * b * (a_4 * J * sigm_y0_3) - 2.0 * b * y5 - b ** 2 * y2,
                         ])
    return dfun


def make_time_loop(step):
    @jax.jit
    def loop(x0, ts):
        def op(x, t):
            x = step(x)
            return x, x
        return jax.lax.scan(op, x0, ts)[1]
    return loop


def make_stochastic_heun_step(f, dt, sig):
    sig_sqrt_dt = sig * np.sqrt(dt)

    def step(x, z_t):
        noise = sig_sqrt_dt * z_t
        d1 = f(x)
        x1 = x + dt * d1 + noise
        d2 = f(x1)
        return x + dt * 0.5 * (d1 + d2) + noise
    return step


def make_noisy_loop(f):
    @jax.jit
    def loop(x0, zs):
        def op(x, z):
            x = step(x, z)
            return x, x
        return jax.lax.scan(op, x0, zs)[1]
    return loop


dfun_ = make_jr_dfun()
dfun = lambda x: dfun_(x, 0.0)
step = make_stochastic_heun_step(
        dfun,
        dt=2.0,
        sig=1e-3)
loop = make_noisy_loop(step)

for nt in [256, 1024, 16384, 16384 * 32]:

    key = jax.random.PRNGKey(42)
    x0 = np.zeros(6)

    def pred(x0):
        zs = jax.random.normal(key, (nt, ) + x0.shape) * 1e-2
        _, y1, y2, *_ = loop(x0, zs).T
        lfp = y1 - y2
        slp = np.log(np.abs(np.mean(np.fft.rfft(lfp.reshape((-1, 256)), axis=1), axis=0)))
        return slp
    slp = pred(x0)

    def loss(x0hat):
        return np.sum(np.square(slp - pred(x0hat)))
    gloss = jax.grad(loss)
    gloss(x0)
