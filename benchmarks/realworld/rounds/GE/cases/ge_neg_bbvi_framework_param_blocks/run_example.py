# Source: https://github.com/bshapiro/bbvi-framework/blob/eb6e46456d9d5abc2675dda9cdff847aba9437c0/configs/bbvi_example.json
# Title: configs/bbvi_example.json and run_vi.py
# Cut: the json parameter descriptor written as a dict, and run_vi's call reduced to building the objective and taking gradient steps.
from black_box_vi_base import black_box_variational_inference
from bbviExampleModel import Model

params = {
    "params": [
        {"name": "gaussian1",
         "length": 2,
         "mean_init": -1,
         "sigma_init": -5,
         "mean_step": 0.1,
         "sigma_step": 0.1
         }
    ]
}

model = Model()
for param in params['params']:
    model.add_parameter(param['name'], param['length'], param['mean_init'],
                        param['sigma_init'], param['mean_step'], param['sigma_step'])
model._config()

objective, gradient, unpack_params = \
    black_box_variational_inference(model.log_density, model._log_var, model.param_info, num_samples=10)

x = model.variational_params
for i in range(1000):
    g = gradient(x, i)
    x = x - 0.1 * g
