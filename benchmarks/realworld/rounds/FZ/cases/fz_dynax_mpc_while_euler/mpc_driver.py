# Source: https://github.com/YangyangFu/dynax/blob/25283dd7e742a6c6387b85f8a3919235e8ca0c66/resources/tutorials/jax/optimal_control_mpc.py
# Title: resources/tutorials/jax/optimal_control_mpc.py, the __main__ driver (receding-horizon loop over one day)
# Cut: moved from the bottom of the same file into its own module; body unchanged.
import jax.numpy as jnp
import pandas as pd
from diffrax import Euler

from optimal_control_mpc import MPC, get_ABCD, forward, f


def get_disturbance_ph(disturbance, ts, PH, dt):
    """
    return disturbance for PH from a given data frame
    """
    return disturbance.loc[ts:ts+PH*dt, :]

if __name__ == '__main__':
    # MPC setting
    PH = 12
    CH = 1
    dt = 900

    # Get pre-stored disturbances generated from EPlus
    t_base = 181*24*3600 # 7/1
    dist = pd.read_csv('./data/disturbance_1min.csv', index_col=[0])
    n = len(dist)
    index = range(t_base, t_base + n*60, 60)
    dist.index = index
    dist = dist.groupby([dist.index // dt]).mean()
    index_dt = range(t_base, t_base + len(dist)*dt, dt)
    dist.index = index 
    print(dist.head())

    # Experiment settings
    ts = 195*24*3600
    te = 1*24*3600 + ts

    # get predictor
    predictor = {}
    # [Cai, Cwe, Cwi, Re, Ri, Rw, Rg]
    predictor['zone_model'] = jnp.array([6.9789902e+03, 2.1591113e+04, 1.8807944e+05, 3.4490612e+00,
                                      4.9556872e-01, 9.8289281e-02, 4.6257420e+00])
    # get zone model
    Cai, Cwe, Cwi, Re, Ri, Rw, Rg = predictor['zone_model']
    A, B, C, D = get_ABCD(Cai, Cwe, Cwi, Re, Ri, Rw, Rg)
    
    # initialize MPC
    mpc = MPC(PH, CH, dt, predictor)

    # initial state for rc zone
    state = jnp.array([20, 27.21, 26.76])
    
    # initialize output 
    u_opt  = []
    # main loop
    for t in range(ts, te, dt):
        
        # get disturbance
        dist_t_ph = get_disturbance_ph(dist, t, PH, dt)
        dist_t_ph = jnp.array(dist_t_ph.values)

        # set mpc states
        mpc.set_state(state)

        # mpc step
        u_ph = mpc.step(dist_t_ph)

        # get control to CH
        u_ch = u_ph[0]

        # apply control to system
        dist_t = dist_t_ph[0,:]
        dist_t = dist.at[0, 2].set(u_ch)
        args = (A, B, dist_t)
        ts, xs = forward(f, t, t+dt, dt, state, Euler(), args)
        state = xs[-1,:]
        
        # save results
        u_opt.append(u_ch)


    print(u_opt)
