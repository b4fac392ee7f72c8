# Source: https://github.com/google/evojax/blob/acf5252475e4fbf47e0e3f7994c03de11dd3c4ca/evojax/task/slimevolley.py
# Title: evojax/task/slimevolley.py (JAX port of Slime Volleyball)
# Cut: kept Particle.bounce (the ball-vs-slime collision with the unrolled nudge loop) and the
#      jit(vmap(step_fn)) that traces it; game logic, rendering and the other Particle methods
#      dropped; update_state/get_init_game_state_fn/detect_done are referenced, not shown.
from typing import NamedTuple

import jax
import jax.numpy as jnp
from jax import random

NUDGE = 0.1


class ParticleState(NamedTuple):
    x: jnp.ndarray
    y: jnp.ndarray
    prev_x: jnp.ndarray
    prev_y: jnp.ndarray
    vx: jnp.ndarray
    vy: jnp.ndarray
    r: jnp.ndarray


class Particle:
    """ used for the ball, and also for the round stub above the fence """
    def __init__(self, p: ParticleState, c):
        self.p = p
        self.c = c

    def bounce(self, p):  # bounce two balls that have collided (this and that)
        oldp = self.p
        abx = oldp.x-p.x
        aby = oldp.y-p.y
        abd = jnp.sqrt(abx*abx+aby*aby)
        abx /= abd  # normalize
        aby /= abd
        nx = abx  # reuse calculation
        ny = aby
        abx *= NUDGE
        aby *= NUDGE

        new_y = oldp.y
        new_x = oldp.x
        dy = (new_y - p.x)
        dx = (new_x - p.y)

        total_r = oldp.r+p.r
        total_r2 = total_r*total_r

        # this was a while loop in the orig code, but most cases < 15.
        for i in range(15):
            total_d2 = (dy*dy + dx*dx)
            new_x = jnp.where(total_d2 < total_r2, new_x+abx, new_x)
            new_y = jnp.where(total_d2 < total_r2, new_y+aby, new_y)
            dy = (p.y - new_y)
            dx = (p.x - new_x)

        ux = oldp.vx - p.vx
        uy = oldp.vy - p.vy
        un = ux*nx + uy*ny
        unx = nx*(un*2.)  # added factor of 2
        uny = ny*(un*2.)  # added factor of 2
        ux -= unx
        uy -= uny
        return ParticleState(x=new_x, y=new_y,
                             prev_x=oldp.prev_x, prev_y=oldp.prev_y,
                             vx=ux + p.vx, vy=uy + p.vy, r=oldp.r)


class SlimeVolley:
    def __init__(self, max_steps: int = 3000, test: bool = False):
        def step_fn(state, action):
            next_key, key = random.split(state.key)
            cur_state, reward, obs = update_state(
                action=action, game_state=state.game_state, key=key)
            steps = state.steps + 1
            done_test = jnp.bitwise_or(detect_done(cur_state), steps >= max_steps)
            done = jnp.where(test, done_test, steps >= max_steps)
            steps = jnp.where(done, jnp.zeros((), jnp.int32), steps)
            return state.replace(game_state=cur_state, obs=obs,
                                 steps=steps, key=next_key), reward, done
        self._step_fn = jax.jit(jax.vmap(step_fn))
