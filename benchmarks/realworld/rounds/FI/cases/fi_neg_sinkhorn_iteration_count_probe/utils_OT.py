# Source: https://github.com/dpeerlab/WassersteinWormhole/blob/0c274e3f8beb1743b27effe776635903feae6bdb/wassersteinwormhole/utils_OT.py
# Title: wassersteinwormhole/utils_OT.py (OT distances between point clouds with ott-jax; iteration-count probe)
# Cut: only the imports, W1 and auto_find_num_iter are kept; docstrings shortened.
import ott
from ott.geometry import pointcloud
from ott.problems.quadratic import quadratic_problem
from ott.solvers import linear
from ott.solvers.quadratic import gromov_wasserstein

from tqdm import tqdm
import numpy as np


def W1(x, y, eps, lse_mode = False, num_iter = 200, ot_scale = 1):
    x,a = x[0], x[1]
    y,b = y[0], y[1]
    ot_solve = linear.solve(
        ott.geometry.pointcloud.PointCloud(x, y, cost_fn=ott.geometry.costs.PNormP(1), epsilon = eps, scale_cost = ot_scale),
        a = a,
        b = b,
        lse_mode=lse_mode,
        min_iterations = num_iter,
        max_iterations = num_iter)

    return(ot_solve.reg_ot_cost)


def auto_find_num_iter(point_clouds, weights, eps, lse_mode, ot_scale, ot_func, num_calc=100, sample_size=2048):
    """
    Find the minimum number of iterations for which at least 80% of OT calculations converge.
    """
    
    # Handle the 'Zeros' case which involves no solver
    if ot_func == 'Zeros':
        return 100

    num_iter_test = [100, 200, 500, 1000, 5000]
    num_clouds = len(point_clouds)

    for n_iter in num_iter_test:
        converged_count = 0
        for _ in tqdm(range(num_calc), desc=f"Testing {ot_func} convergence with {n_iter} iterations"):
            # Randomly select two different point clouds for comparison
            idx1, idx2 = np.random.choice(num_clouds, 2, replace=False)
            x_points, a_weights = point_clouds[idx1], weights[idx1]
            y_points, b_weights = point_clouds[idx2], weights[idx2]

            # --- OPTIMIZATION: Sample large point clouds to speed up calculation ---
            if len(x_points) > sample_size:
                indices_x = np.random.choice(len(x_points), sample_size, replace=False)
                x_points = x_points[indices_x]
                a_weights = a_weights[indices_x]
            
            if len(y_points) > sample_size:
                indices_y = np.random.choice(len(y_points), sample_size, replace=False)
                y_points = y_points[indices_y]
                b_weights = b_weights[indices_y]
            # --------------------------------------------------------------------

            # Replicate solver logic to access the convergence status
            ot_solve = None
            try:
                if 'W' in ot_func or 'S' in ot_func:
                    # Logic for Wasserstein, Sinkhorn, and their divergences
                    cost_function = ott.geometry.costs.PNormP(1) if '1' in ot_func else None
                    geom = pointcloud.PointCloud(
                        x_points, y_points, 
                        cost_fn=cost_function, 
                        epsilon=eps,
                        scale_cost=ot_scale
                    )
                    ot_solve = linear.solve(
                        geom, a=a_weights, b=b_weights,
                        lse_mode=lse_mode,
                        min_iterations=n_iter,
                        max_iterations=n_iter
                    )
                elif 'G' in ot_func:
                    # Logic for Gromov-Wasserstein and its divergence
                    geom_xx = pointcloud.PointCloud(x=x_points, y=x_points, scale_cost=ot_scale)
                    geom_yy = pointcloud.PointCloud(x=y_points, y=y_points, scale_cost=ot_scale)
                    
                    prob = quadratic_problem.QuadraticProblem(
                        geom_xx, geom_yy, a=a_weights, b=b_weights
                    )
                    solver = gromov_wasserstein.GromovWasserstein(
                        epsilon=eps, lse_mode=lse_mode, max_iterations=n_iter
                    )
                    ot_solve = solver(prob)

                if ot_solve and ot_solve.converged:
                    converged_count += 1
            
            except Exception as e:
                # In case of numerical errors, count as not converged
                print(f"Solver failed for {ot_func} with {n_iter} iterations: {e}")
                continue

        # Check if the convergence rate is 80% or higher
        convergence_rate = round((converged_count / num_calc) * 100)
        print(f"Convergence rate for {ot_func} with {n_iter} iterations: {convergence_rate}%")

        if (converged_count / num_calc) >= 0.8:
            return n_iter

