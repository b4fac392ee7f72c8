# Source: https://github.com/livelstorborg/FYS-STK4155/blob/41bf94d41a3c2bffcffecf4442ba8bdac388153a/project3/code/src/experiment.py
# Title: project3/code/src/experiment.py, run_architecture_sweep (activation x depth x width x seed sweep of the heat PINN)
# Cut: kept imports and run_architecture_sweep; dropped its docstring and the use_pre_computed branch

import os
import time
import pandas as pd
import jax
import jax.nn as jnn
import jax.numpy as jnp

from src.pde import fd_solve, u_exact
from src.plotting import plot_solution
from src.pinn import train_pinn, compute_error_metrics



def run_architecture_sweep(
    hidden_widths,
    num_hidden_layers,
    activation_fns,
    *,
    T=0.5,
    steps=5000,
    N_int=1000,
    lr=1e-3,
    seeds=(0,),
    Nx_eval=100,
    Nt_eval=100,
    save_to_csv=False,
    use_pre_computed=False,
    data_dir="data",
):
    print("Running architecture sweep...")

    if save_to_csv:
        os.makedirs(data_dir, exist_ok=True)

    all_results = []
    total_start_time = time.time()

    for act_name, act_fn in activation_fns.items():
        print(f"---------- {act_name} ----------")
        act_start_time = time.time()

        act_results = []

        for L in num_hidden_layers:
            for W in hidden_widths:
                print(f"Layers: {L}, Nodes: {W}")
                layers = [2] + [W] * L + [1]
                activations = [act_fn] * (len(layers) - 2)

                L2_all = []
                Linf_all = []

                for seed in seeds:
                    print(f"SEED = {seed}")
                    model, losses = train_pinn(
                        layers=layers,
                        activations=activations,
                        steps=steps,
                        N_int=N_int,
                        T=T,
                        lr=lr,
                        seed=seed,
                    )

                    L2, Linf = compute_error_metrics(
                        model,
                        Nx=Nx_eval,
                        Nt=Nt_eval,
                        T=T,
                    )
                    L2_all.append(L2)
                    Linf_all.append(Linf)

                    if save_to_csv:
                        act_results.append(
                            {
                                "activation": act_name,
                                "hidden_layers": L,
                                "width": W,
                                "seed": seed,
                                "L2_rel": float(L2),
                                "Linf": float(Linf),
                            }
                        )

                result = {
                    "activation": act_name,
                    "hidden_layers": L,
                    "width": W,
                    "L2_rel_mean": float(sum(L2_all) / len(L2_all)),
                    "Linf_mean": float(sum(Linf_all) / len(Linf_all)),
                }

                print(
                    f"L2_rel={result['L2_rel_mean']:.3e}, "
                    f"Linf={result['Linf_mean']:.3e}"
                )

                all_results.append(result)
                print("\n")

        if save_to_csv and act_results:
            df_act = pd.DataFrame(act_results)
            filename = os.path.join(data_dir, f"sweep_{act_name}.csv")
            df_act.to_csv(filename, index=False)
            print(f"Saved {act_name} results to {filename}")

        act_elapsed = time.time() - act_start_time
        total_elapsed = time.time() - total_start_time
        print(f"    {act_name} completed in {act_elapsed:.1f}s")
        print(f"    Total time elapsed: {total_elapsed:.1f}s")
        print("\n")

    results_df = pd.DataFrame(all_results)
    return results_df
