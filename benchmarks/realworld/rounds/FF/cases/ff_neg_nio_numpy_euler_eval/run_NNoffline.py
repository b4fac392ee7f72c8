# Source: https://github.com/HugoJacq/NIO_reconstruct/blob/b8548d99291d73b48a443a6126b20cb766a5426e/NN_attempts/offline_training_diss/run_NNoffline.py
# Title: NN_attempts/offline_training_diss/run_NNoffline.py (post-training time integration)
# Cut: data loading, training and plots cut; kept the evaluation block that integrates the
#      trained model in time with the numpy Forward_Euler (after training, no gradient).
import numpy as np
from NNmodels import Forward_Euler

onehour = 3600.


def time_integration(ds, features_maker, features_names, dx, dy, my_dynamic_RHS,
                     trained_model, dt_forcing, TIME_INTEG=True):
    if TIME_INTEG:
        print('* Time integration')
        Nhours = 24
        Nsteps = Nhours*60
        dt = 60.
        features = features_maker(ds, features_names, dx, dy, out_axis=1, out_dtype='float')
        forcing = ds.TAx.values, ds.TAy.values, features
        U,V = Forward_Euler(X0=(0.,0.), RHS_dyn=my_dynamic_RHS, diss_model=trained_model, forcing=forcing, dt=dt, dt_forcing=dt_forcing, Nsteps=Nsteps)
        xtime = np.arange(0, Nsteps*dt, dt)/onehour
        return xtime, U.mean(axis=(1,2)), V.mean(axis=(1,2))
