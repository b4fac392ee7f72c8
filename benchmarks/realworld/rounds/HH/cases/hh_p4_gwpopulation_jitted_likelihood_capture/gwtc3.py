# Source: https://github.com/ColmTalbot/gwpopulation/blob/16b209da000a34c91eea35408d0b5c290b49c371/examples/GWTC3.ipynb
# Title: gwpopulation, examples/GWTC3.ipynb (population analysis of GWTC-3 with the jax backend)
# Cut: notebook cells converted to a script; the pip/gdown cells, the prior definitions after the
#      mass prior and the plotting cells cut. Imports point at the local modules of this case.
import bilby as bb
import dill
import gwpopulation as gwpop
import jax
import pandas as pd
from bilby.core.prior import PriorDict, Uniform
from bilby.hyper.model import Model

from hyperpe import HyperparameterLikelihood
from jax_wrapper import JittedLikelihood

gwpop.set_backend("jax")

posteriors = pd.read_pickle("gwtc-3-samples.pkl")
del posteriors[15]
del posteriors[38]

with open("gwtc-3-injections.pkl", "rb") as ff:
    injections = dill.load(ff)

model = Model(
    model_functions=[
        gwpop.models.mass.two_component_primary_mass_ratio,
        gwpop.models.spin.iid_spin,
        gwpop.models.redshift.PowerLawRedshift(cosmo_model="Planck15"),
    ],
    cache=False,
)

vt = gwpop.vt.ResamplingVT(model=model, data=injections, n_events=len(posteriors))

likelihood = HyperparameterLikelihood(
    posteriors=posteriors,
    hyper_prior=model,
    selection_function=vt,
)

priors = PriorDict()
priors["alpha"] = Uniform(minimum=-2, maximum=4, latex_label="$\\alpha$")
priors["beta"] = Uniform(minimum=-4, maximum=12, latex_label="$\\beta$")
priors["mmin"] = Uniform(minimum=2, maximum=2.5, latex_label="$m_{\\min}$")
priors["mmax"] = Uniform(minimum=80, maximum=100, latex_label="$m_{\\max}$")

parameters = priors.sample()
likelihood.log_likelihood_ratio(parameters)
jit_likelihood = JittedLikelihood(likelihood)
print(jit_likelihood.log_likelihood_ratio(parameters))

result = bb.run_sampler(
    likelihood=jit_likelihood,
    priors=priors,
    sampler="dynesty",
    nlive=100,
    label="cosmo",
    sample="acceptance-walk",
    naccept=5,
    save="hdf5",
)

func = jax.jit(likelihood.generate_extra_statistics)

full_posterior = pd.DataFrame(
    [func(parameters) for parameters in result.posterior.to_dict(orient="records")]
).astype(float)
