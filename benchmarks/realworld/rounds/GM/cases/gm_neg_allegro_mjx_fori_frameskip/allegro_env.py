# Source: https://github.com/tumultousRamen/iris-jax-env/blob/430fba0fc9106d22269fb4e015991f39b3f7466d/envs/allegro_env.py
# Title: envs/allegro_env.py (the single-environment MuJoCo Allegro hand that allegro_env_mjx.py batches)
# Cut: kept reset_env, step, reset_fingers_qpos and the state getters; __init__, the viewer/keyboard callback and goal setting dropped.
import mujoco
import mujoco.viewer
import pathlib
import numpy as np
import time
import casadi as cs
import jax
import numpy as np
import envs.rotations as rot
import envs.allegro_fkin as allegro_fk
from mujoco import mjx
from jax import numpy as jp


class AllegroEnv():
    def reset_env(self):
        self.data_.qpos[:] = np.hstack((self.param_.init_robot_qpos_, self.param_.init_obj_qpos_))
        self.data_.qvel[:] = np.zeros(22)

        mujoco.mj_forward(self.model_, self.data_)

    def step(self, jpos_cmd):
        curr_jpos = self.get_jpos()
        target_jpos = (curr_jpos + jpos_cmd)
        for i in range(self.frame_skip_):
            self.data_.ctrl = target_jpos
            mujoco.mj_step(self.model_, self.data_)
            self.viewer_.sync()
            # print('error = ', np.linalg.norm(target_jpos - self.get_jpos()))

    def reset_fingers_qpos(self):
        for iter in range(self.param_.frame_skip_):
            self.data_.ctrl = self.param_.init_robot_qpos_
            mujoco.mj_step(self.model_, self.data_)
            time.sleep(0.001)
            self.viewer_.sync()

    def get_state(self):
        obj_pos = self.data_.qpos.flatten().copy()[-7:]
        robot_pos = self.data_.qpos.flatten().copy()[0:16]
        return np.concatenate((obj_pos, robot_pos))

    def get_jpos(self):
        return self.data_.qpos.flatten().copy()[0:16]
