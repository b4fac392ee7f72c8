# Source: https://github.com/KangOxford/AlphaTrade/blob/2b1951fb47392db0e6d832c81a21a39a6b5eed05/gymnax_exchange/jaxen/nexec_env.py
# Title: gymnax_exchange/jaxen/nexec_env.py (batched "n-env" limit-order-book execution environment)
# Cut: kept NEnvParams, the jitted step and step_env; getActionMsgs, get_obs, get_reward and is_terminal reduced to stubs;
#      reset_env, the test preamble, commented-out lines and __main__ dropped; spacing around "=" normalised; the BaseLOBEnv parent
#      (defines nTradesLogged, stepLines) replaced by attributes set in __init__.
from functools import partial
from typing import Optional, Tuple, Union

import chex
import jax
import jax.numpy as jnp
from flax import struct

from gymnax_exchange.jaxes.jaxob_new import JaxOrderBookArrays as job


@struct.dataclass
class NEnvState:
    nask_raw_orders: chex.Array
    nbid_raw_orders: chex.Array
    ntrades: chex.Array
    nbest_asks: chex.Array
    nbest_bids: chex.Array
    ninit_time: chex.Array
    ntime: chex.Array
    ncustomIDcounter: chex.Array
    nwindow_index: chex.Array
    nstep_counter: chex.Array
    ninit_price: chex.Array
    ntask_to_execute: chex.Array
    nquant_executed: chex.Array


@struct.dataclass
class NEnvParams:
    message_data: chex.Array
    book_data: chex.Array
    num_envs: int = 3
    episode_time: int = 60*30
    max_steps_in_episode: int = 100
    messages_per_step: int = 1
    time_per_step: int = 0
    time_delay_obs_act: chex.Array = jnp.array([0, 0])


class ExecutionEnv:
    def __init__(self, task, nTradesLogged=100, stepLines=100):
        self.n_actions = 4
        self.task = task
        self.task_size = 200
        self.n_fragment_max = 2
        self.nTradesLogged = nTradesLogged
        self.stepLines = stepLines

    def getActionMsgs(self, naction, nstate, nparams):
        ...

    def get_obs(self, nstate, nparams):
        ...

    def get_reward(self, nstate, nparams):
        ...

    def is_terminal(self, nstate, nparams):
        ...

    @partial(jax.jit, static_argnums=(0,))
    def step(
        self,
        key: chex.PRNGKey,
        state: NEnvState,
        action: Union[int, float],
        params: Optional[NEnvParams] = None,
    ) -> Tuple[chex.Array, NEnvState, float, bool, dict]:
        """Performs step transitions in the environment."""
        key, _ = jax.random.split(key)
        obs_st, state_st, reward, done, info = self.step_env(
            key, state, action, params
        )
        return obs_st, state_st, reward, done, info

    def step_env(
        self, key: chex.PRNGKey, nstate: NEnvState, naction: chex.Array, nparams: NEnvParams
    ) -> Tuple[chex.Array, NEnvState, float, bool, dict]:
        # Obtain the messages for the step from the message data
        ndata_messages = jnp.array([
            job.get_data_messages(nparams.message_data, nstate.nwindow_index[i], nstate.nstep_counter[i])
            for i in range(nparams.num_envs)])

        naction_msgs = self.getActionMsgs(naction, nstate, nparams)

        ncnl_msgs = jnp.array([job.getCancelMsgs(nstate.nask_raw_orders[i] if self.task == 'sell' else nstate.nbid_raw_orders[i],
                                   -8999, self.n_fragment_max*self.n_actions, -1 if self.task == 'sell' else 1) for i in range(nparams.num_envs)])

        # Add to the top of the data messages
        ntotal_messages = jnp.concatenate([ncnl_msgs, naction_msgs, ndata_messages], axis=1)

        trades_reinit = (jnp.ones((self.nTradesLogged, 6))*-1).astype(jnp.int32)

        nscan_results_ = [job.scan_through_entire_array_save_bidask(ntotal_messages[i], (nstate.nask_raw_orders[i, :, :], nstate.nbid_raw_orders[i, :, :], trades_reinit), self.stepLines) for i in range(nparams.num_envs)]
        # Update state (ask,bid,trades,init_time,current_time,OrderID counter,window index for ep, step counter,init_price,trades to exec, trades executed)
        nscan_results = [jnp.stack([nscan_results_[i][j] for i in range(nparams.num_envs)]) for j in range(len(nscan_results_[0]))]  # asks, bids, trades, best_asks, best_bids

        def get_executed_num(trades):
            executed = jnp.where((trades[:, :, 0] > 0)[:, :, jnp.newaxis], trades, 0)
            return jnp.sum(executed[:, :, 1], axis=1)
        nnew_execution = get_executed_num(nscan_results[2])

        # Save time of final message to add to state
        ntime = jnp.array([ntotal_messages[i][-1:][0][-2:] for i in range(nparams.num_envs)])
        nstate = NEnvState(*nscan_results, nstate.ninit_time, ntime, nstate.ncustomIDcounter+self.n_actions, nstate.nwindow_index, nstate.nstep_counter+1, nstate.ninit_price, nstate.ntask_to_execute, nstate.nquant_executed+nnew_execution)

        nreward = self.get_reward(nstate, nparams)
        ndone = self.is_terminal(nstate, nparams)
        nobs = self.get_obs(nstate, nparams)
        return nobs, nstate, nreward, ndone, {"info": 0}
