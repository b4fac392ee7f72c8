# Source: https://github.com/rainx0r/mtrl/blob/f5c121f734823a5fd66642a7fadc52917143184d/experiments/misc/mt10_mtmhsac_pcgrad.py
# Title: experiments/misc/mt10_mtmhsac_pcgrad.py
# Cut: kept the experiment definition up to the training config; the run call and tail dropped.
from dataclasses import dataclass
from pathlib import Path

import tyro

from mtrl.config.networks import ContinuousActionPolicyConfig, QValueFunctionConfig
from mtrl.config.nn import MultiHeadConfig
from mtrl.config.optim import DummyMultiTaskConfig, OptimizerConfig, PCGradConfig
from mtrl.config.rl import OffPolicyTrainingConfig
from mtrl.envs import MetaworldConfig
from mtrl.experiment import Experiment
from mtrl.rl.algorithms import MTSACConfig


@dataclass(frozen=True)
class Args:
    seed: int = 1
    track: bool = False
    wandb_project: str | None = None
    wandb_entity: str | None = None
    data_dir: Path = Path("./experiment_results")
    resume: bool = False


def main() -> None:
    args = tyro.cli(Args)

    num_tasks = 10

    experiment = Experiment(
        exp_name="mt10_mtmhsac_pcgrad",
        seed=args.seed,
        data_dir=args.data_dir,
        env=MetaworldConfig(
            env_id="MT10",
            terminate_on_success=False,
        ),
        algorithm=MTSACConfig(
            num_tasks=num_tasks,
            gamma=0.99,
            actor_config=ContinuousActionPolicyConfig(
                network_config=MultiHeadConfig(
                    num_tasks=num_tasks,
                    optimizer=PCGradConfig(num_tasks=num_tasks, max_grad_norm=1.0),
                )
            ),
            critic_config=QValueFunctionConfig(
                network_config=MultiHeadConfig(
                    num_tasks=num_tasks,
                    optimizer=PCGradConfig(num_tasks=num_tasks, max_grad_norm=1.0),
                )
            ),
            num_critics=2,
        ),
        training_config=OffPolicyTrainingConfig(
            total_steps=int(2_000_000 * num_tasks),
            buffer_size=int(100_000 * num_tasks),
            batch_size=128 * num_tasks,
        ),
        checkpoint=True,
    )
