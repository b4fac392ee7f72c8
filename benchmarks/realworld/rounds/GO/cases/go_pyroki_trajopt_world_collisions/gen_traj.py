# Source: https://github.com/anette-brecko/EECS-C106A-Final-Project/blob/7da5caa1f9fa1789f2b5111670e8f6d7a24eb9a1/src/traj_gen/traj_gen/_trajectory_generation/gen_traj.py
# Title: gen_traj.py (throwing trajectory optimisation with jaxls / pyroki / jaxlie)
# Cut: kept the imports, the sample ranking, the start of _build_problem (limit and swept world-collision costs,
#      one per collision object) and the jitted, vmapped solver; the release/target cost factories are dropped

from typing import Sequence, Callable, Optional
import jax
import jax.numpy as jnp
import jaxlie
import jaxls
import numpy as onp
import pyroki as pk
from jax import Array
from jax.typing import ArrayLike 
import jax_dataclasses as jdc

class TimeVar(
    jaxls.Var[Array],
    default_factory=lambda: jnp.array([1.0])
): ...


def _cost(problem: jaxls.AnalyzedLeastSquaresProblem) -> Callable[..., float]:
    def cost(sample: jaxls.VarValues) -> float:
        residual = problem.compute_residual_vector(sample)
        residual = jnp.array(residual)
        return jnp.dot(residual, residual).item()
    return cost

def choose_best_samples(
    samples: list[tuple[onp.ndarray, float, float]],
    num_samples_selected: int,
    robot: pk.Robot,
    problem: jaxls.AnalyzedLeastSquaresProblem,
    timesteps: int
) -> list[tuple[onp.ndarray, float, float]]:
    traj_vars = robot.joint_var_cls(jnp.arange(timesteps))
    time_release_var = TimeVar(0)     
    time_target_var = TimeVar(1)

    __cost = _cost(problem)
    cost = lambda sample: __cost(
            jaxls.VarValues.make((
                traj_vars.with_value(jnp.array(sample[0])),
                time_release_var.with_value(jnp.array(sample[1])),
                time_target_var.with_value(jnp.array(sample[2]))
            ))
        )
    return sorted(samples, key=cost)[:num_samples_selected]


def _build_problem(
    robot: pk.Robot,
    robot_coll: pk.collision.RobotCollision,
    world_coll: Sequence[pk.collision.CollGeom],
    target_link_index: jdc.Static[int],
    start_cfg: jnp.ndarray,
    target_pos: jnp.ndarray,
    timesteps: jdc.Static[int],
    dt: float,
    g: float = 9.81
) -> jaxls.AnalyzedLeastSquaresProblem:
    traj_vars = robot.joint_var_cls(jnp.arange(timesteps))
    time_release_var = TimeVar(0)     
    time_target_var = TimeVar(1)

    robot_batched = jax.tree.map(lambda x: x[None], robot)
    robot_coll_batched = jax.tree.map(lambda x: x[None], robot_coll)

    # Basic regularization / limit costs.
    factors: list[jaxls.Cost] = [
        pk.costs.limit_cost(
            robot_batched,
            traj_vars,
            jnp.array([100.0])[None],
        )
    ]

    def compute_world_coll_residual(
        vals: jaxls.VarValues,
        robot: pk.Robot,
        robot_coll: pk.collision.RobotCollision,
        world_coll_obj: pk.collision.CollGeom,
        prev_traj_vars: jaxls.Var[jax.Array],
        curr_traj_vars: jaxls.Var[jax.Array],
    ):
        coll = robot_coll.get_swept_capsules(
            robot, vals[prev_traj_vars], vals[curr_traj_vars]
        )
        dist = pk.collision.collide(
            coll.reshape((-1, 1)), world_coll_obj.reshape((1, -1))
        )
        colldist = pk.collision.colldist_from_sdf(dist, 0.1)
        return (colldist * 20.0).flatten()

    for world_coll_obj in world_coll:
        factors.append(
            jaxls.Cost(
                compute_world_coll_residual,
                (
                    robot_batched,
                    robot_coll_batched,
                    jax.tree.map(lambda x: x[None], world_coll_obj),
                    robot.joint_var_cls(jnp.arange(0, timesteps - 1)),
                    robot.joint_var_cls(jnp.arange(1, timesteps)),
                ),
                name="World Collision (sweep)",
            )
        )
    return jaxls.LeastSquaresProblem(factors, [traj_vars, time_release_var, time_target_var]).analyze()

@jdc.jit
def _solve_static_trajopt(
    robot: pk.Robot,
    robot_coll: pk.collision.RobotCollision,
    world_coll: Sequence[pk.collision.CollGeom],
    target_link_idx: jdc.Static[int],
    start_cfg: jnp.ndarray,
    target_pos: jnp.ndarray,
    timesteps: jdc.Static[int],
    dt: float,
    init_trajs: jnp.ndarray, # (N, T, D)
    init_t_rels: jnp.ndarray, # (N, 1)
    init_t_tgts: jnp.ndarray, # (N, 1)
    g: float = 9.81
) -> tuple[jnp.ndarray, jnp.ndarray, jnp.ndarray]: 
    traj_vars = robot.joint_var_cls(jnp.arange(timesteps))
    time_release_var = TimeVar(0)     
    time_target_var = TimeVar(1)

    problem = _build_problem(
        robot,
        robot_coll,
        world_coll,
        target_link_idx,
        start_cfg,
        target_pos,
        timesteps,
        dt,
        g
    )

    def solve_single(init_traj, init_t_rel, init_t_tgt):
        # Ensure scalar inputs are shaped correctly for variables (1D array)
        init_t_rel_arr = jnp.atleast_1d(init_t_rel)
        init_t_tgt_arr = jnp.atleast_1d(init_t_tgt)

        solution = problem.solve(
            initial_vals=jaxls.VarValues.make((
                traj_vars.with_value(init_traj),
                time_release_var.with_value(init_t_rel_arr),
                time_target_var.with_value(init_t_tgt_arr)
            ))
        )
        return solution[traj_vars], solution[time_release_var], solution[time_target_var]

    # 3. Vectorize the solver over the batch dimension (N)
    # init_trajs: (N, T, D) -> maps over dim 0
    # init_t_rels: (N, 1)   -> maps over dim 0
    # init_t_tgts: (N, 1)   -> maps over dim 0
    solved_trajs, solved_t_rels, solved_t_tgts = jax.vmap(solve_single)(
        init_trajs, 
        init_t_rels, 
        init_t_tgts
    )

    return solved_trajs, solved_t_rels, solved_t_tgts
