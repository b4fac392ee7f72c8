# Source: https://github.com/prajwalthakur/BiasedMPPI-JAX/blob/3b6847fdb32be95b9ac230feffddf051b14fd021/workspace/mppi_jax/mppiJax.py
# Title: workspace/mppi_jax/mppiJax.py (prajwalthakur/BiasedMPPI-JAX)
# Cut: kept fwd_sim, mppi_fcn_init, compute_weights, cal_nominal_mppi_cost, stage_cost and
#      terminal_cost of the MPPI class; constructor reduced to the fields these use; sampling,
#      filtering and torch glue dropped.
import numpy as np
import jax
import jax.numpy as jnp


class MPPI:
    def __init__(self, horizonLength=30, mppi_num_rollouts=1000, control_dim=2, ctrTs=0.1):
        self.horizonLength = horizonLength
        self.mppi_num_rollouts = mppi_num_rollouts
        self.control_dim = control_dim
        self.ctrTs = ctrTs
        self.speed_min_limit, self.speed_max_limit = -1.0, 1.0
        self.angular_speed_min, self.angular_speed_max = -1.0, 1.0
        self.lambda_weight = 1.0
        self.rollout_var_discount = 0.95
        self.collision_cost = 1000.0
        self.goal_tolerance = 0.1
        self.terminal_goal_cost = 10.0
        self.speed_default = 0.5
        self.U_seqs = np.zeros((self.horizonLength,self.control_dim))
        self.mppi_fcn_init()

    def fwd_sim(self, state:jnp.ndarray,uk:jnp.ndarray):
        dt = self.ctrTs
        x0 = state[0][0]
        y0 = state[1][0]
        yaw0=state[2][0]
        v0 = uk[0][0]
        omega0 = uk[1][0]
        v0 =    jnp.clip(v0,  self.speed_min_limit,  self.speed_max_limit) # limit acceleraiton input
        omega0 = jnp.clip( omega0 , self.angular_speed_min, self.angular_speed_max) # limit steering input
        xdot = jnp.asarray([[v0*jnp.cos(yaw0) ],
                [v0*jnp.sin(yaw0)] ,
                [omega0],
                ])
        x_next = state + xdot*dt
        return x_next

    def mppi_fcn_init(self):
        self.cart_fwd_sim_jit = jax.jit(jax.vmap(self.fwd_sim , in_axes=0,out_axes=0))
        self.stage_cost_jit = jax.jit(jax.vmap(self.stage_cost,in_axes=(0,0,None,None),out_axes=(0,0)))
        self.terminal_cost_jit = jax.jit(jax.vmap(self.terminal_cost , in_axes=(0,0,None,None),out_axes=0))

    def compute_weights(self,S:jnp.ndarray) -> jnp.ndarray:
        "compute  weights for each rollout"
        rho = jnp.min(S)
        eta = jnp.sum(jnp.exp( (-1.0/self.lambda_weight) * (S-rho) ))
        wt = (1.0 / eta) * jnp.exp( (-1.0/self.lambda_weight) * (S-rho) )
        return wt ,eta

    def cal_nominal_mppi_cost(self, predicted_ego_State,predicted_obs_state,goal_array,delta_u):
        state_tensor = jnp.tile(predicted_ego_State , (self.mppi_num_rollouts,1,1))
        U_prev_seqs_tensor = jnp.tile(self.U_seqs,(self.mppi_num_rollouts,1,1))
        temp_jax_tensor= U_prev_seqs_tensor + delta_u
        U_current_tensor = jnp.round(jnp.asarray(temp_jax_tensor), decimals=4)
        seq_cost =  jnp.zeros((self.mppi_num_rollouts,1))
        prev_is_reached = jnp.ones((self.mppi_num_rollouts,))
        for itr in range(0,self.horizonLength):
            state_tensor= self.cart_fwd_sim_jit(state_tensor,U_current_tensor[:,itr,:,jnp.newaxis])
            stage_cost,prev_is_reached = self.stage_cost_jit(state_tensor,prev_is_reached,goal_array,predicted_obs_state)
            seq_cost+= (self.rollout_var_discount**itr)*stage_cost

        stage_cost = self.terminal_cost_jit(state_tensor,prev_is_reached,goal_array , predicted_obs_state)
        seq_cost+=stage_cost
        seq_cost += seq_cost.mean()
        delta_u = U_current_tensor-U_prev_seqs_tensor
        return seq_cost,U_current_tensor,delta_u

    def stage_cost(self,s_t,prev_is_reached,goal_array,obstacle_array):
        x_obs = obstacle_array[0,0]
        y_obs = obstacle_array[0,1]
        x_ego = s_t[0,0]
        y_ego = s_t[1,0]
        x_goal = goal_array[0,0]
        y_goal = goal_array[1,0]
        dist_to_obs = jnp.linalg.norm(jnp.asarray([x_obs-x_ego , y_obs-y_ego]))
        cost_obs = jnp.where(dist_to_obs<1,0.5,0)*self.collision_cost
        dist_to_goal =    jnp.linalg.norm(jnp.asarray([x_goal-x_ego , y_goal-y_ego]))
        is_reached = prev_is_reached*jnp.where(dist_to_goal<=self.goal_tolerance,0.0,1).squeeze()
        cost_to_goal = self.ctrTs*is_reached*dist_to_goal*1.0 #
        final_cost = cost_obs + cost_to_goal
        final_cost = final_cost[jnp.newaxis,...]
        return final_cost,is_reached

    def terminal_cost(self,s_t, prev_is_reached ,goal ,predicted_obs_state):
        dist_to_goal = ((s_t[0] - goal[0] )**2 + (s_t[1] - goal[1])**2 )**0.5
        terminal_cost = dist_to_goal*self.terminal_goal_cost/self.speed_default
        is_reached = prev_is_reached*jnp.where(dist_to_goal<=self.goal_tolerance,0.0,1)
        final_terminal_cost = terminal_cost*is_reached*dist_to_goal
        return final_terminal_cost
