# Source: https://github.com/sofiyabogakovskaya/HopfieldAM/blob/b53787733c4f6127bd5f399a89775d30face4641/utils/integrate.py
# Title: HopfieldAM utils/integrate.py (Hopfield dynamics solved with diffrax)
# Cut: whole file
import diffrax

def integrate(model, x, dt, t1):
    x = diffrax.diffeqsolve(
      diffrax.ODETerm(model),
      diffrax.Dopri5(), #Runge-Kutta adaptive solver (Dormand-Prince 5th order method)
      t0=0,
      t1=t1,
      dt0=dt,
      y0=x,
      stepsize_controller=diffrax.PIDController(rtol=1e-5, atol=1e-5),
      args=None
    ).ys[-1]
    return x
