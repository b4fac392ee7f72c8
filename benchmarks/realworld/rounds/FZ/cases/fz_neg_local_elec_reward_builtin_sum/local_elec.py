# Source: https://github.com/floracharbo/MARL_local_electricity/blob/ff99c23c04902d815c730d0e6abcb2426a8d651b/src/simulations/local_elec.py
# Title: src/simulations/local_elec.py, branch "jax" ("final record without jnp"): LocalElecEnv.get_reward
# Cut: environment construction, reset/step and data handling removed; get_reward and netp_to_exports kept inside a stub class; the env is stepped from the RL runner on the host.
from typing import Tuple

import jax.numpy as jnp

from src.utilities.userdeftools import (compute_import_export_costs,
                                        compute_voltage_costs,
                                        mean_max_hourly_voltage_deviations)


class LocalElecEnv:
    def get_reward(
            self,
            netp: list,
            discharge_tot: list = None,
            charge: list = None,
            passive_vars: list = None,
            time_step: int = None,
            voltage_squared: list = None,
            hourly_line_losses: int = 0,
            q_ext_grid: int = 0,
    ) -> Tuple[list, list]:
        """Compute reward from netp and battery charge at time step."""
        if passive_vars is not None:
            netp0, discharge_tot0, charge0 = passive_vars
        elif self.ext == 'P':
            netp0, discharge_tot0, charge0 = [
                jnp.zeros(self.prm['syst']['n_homesP']) for _ in range(3)
            ]
        else:
            seconds_per_interval = 3600 * 24 / self.prm['syst']['H']
            time_step = int((self.date - self.date0).seconds / seconds_per_interval)
            netp0, discharge_tot0, charge0 = self.get_passive_vars(time_step)

        time_step = self.time_step if time_step is None else time_step
        if discharge_tot is None:
            discharge_tot = self.car.discharge_tot
        charge = self.car.charge if charge is None else charge
        grdCt, wholesalet, cintensityt = [
            self.prm['grd']['C'][time_step], self.wholesale[time_step], self.cintensity[time_step]
        ]

        # negative netp is selling, positive buying, losses in kWh
        grid = sum(netp) + sum(netp0) + hourly_line_losses

        # import and export limits
        if self.prm['grd']['manage_agg_power']:
            import_export_costs, _, _ = compute_import_export_costs(
                grid, self.prm['grd'], self.prm['syst']['n_int_per_hr']
            )
        else:
            import_export_costs = 0
        if self.prm['grd']['manage_voltage']:
            voltage_costs = compute_voltage_costs(
                voltage_squared, self.prm['grd']
            )
            mean_voltage_deviation, max_voltage_deviation, \
                n_voltage_deviation_bus, n_voltage_deviation_hour =  \
                mean_max_hourly_voltage_deviations(
                    voltage_squared,
                    self.prm['grd']['max_voltage'],
                    self.prm['grd']['min_voltage']
                )
        else:
            voltage_costs = 0
            mean_voltage_deviation = 0
            max_voltage_deviation = 0
            n_voltage_deviation_bus = 0
            n_voltage_deviation_hour = 0

        if self.prm['grd']['charge_type'] == 0:
            sum_netp_export = sum(self.netp_to_exports(netp))
            sum_netp0_export = sum(self.netp_to_exports(netp0))
            netp_export = sum_netp_export + sum_netp0_export
            distribution_network_export_costs = self.prm['grd']['export_C'] * netp_export
        else:
            netpvar = sum([netp[home] ** 2 for home in self.homes]) \
                + sum([netp0[home] ** 2 for home in range(len(netp0))])
            distribution_network_export_costs = self.prm['grd']['export_C'] * netpvar
        if not self.prm['grd']['penalise_individual_exports']:
            distribution_network_export_costs = 0
        grid_energy_costs = grdCt * (grid + self.prm['grd']['loss'] * grid ** 2)
        cost_distribution_network_losses = grdCt * hourly_line_losses
        indiv_grid_energy_costs = wholesalet * netp
        battery_degradation_costs = self.prm['car']['C'] * (
            jnp.sum(discharge_tot + charge) + jnp.sum(discharge_tot0 + charge0)
        )
        indiv_battery_degradation_costs = [
            self.prm['car']['C'] * (discharge_tot[home] + charge[home]) for home in self.homes
        ]
        indiv_grid_battery_costs = [
            g + s for g, s in zip(indiv_grid_energy_costs, indiv_battery_degradation_costs)
        ]
        network_costs = self.prm['grd']['weight_network_costs'] * (
            import_export_costs + voltage_costs
        )
        reward = - (
            battery_degradation_costs + distribution_network_export_costs + grid_energy_costs
            + network_costs
        )
        costs_wholesale = wholesalet * (sum(netp) + sum(netp0))
        costs_upstream_losses = wholesalet * self.prm['grd']['loss'] * grid ** 2
        total_costs = - reward
        emissions = cintensityt * (grid + self.prm['grd']['loss'] * grid ** 2)
        emissions_from_grid = cintensityt * grid
        emissions_from_loss = cintensityt * self.prm['grd']['loss'] * grid ** 2
        break_down_rewards = [
            grid_energy_costs, battery_degradation_costs, distribution_network_export_costs,
            import_export_costs, voltage_costs, hourly_line_losses,
            cost_distribution_network_losses, costs_wholesale, costs_upstream_losses, emissions,
            emissions_from_grid, emissions_from_loss, total_costs,
            indiv_grid_energy_costs, indiv_battery_degradation_costs, indiv_grid_battery_costs,
            mean_voltage_deviation, max_voltage_deviation, n_voltage_deviation_bus,
            n_voltage_deviation_hour
        ]

        assert len(break_down_rewards) == len(self.prm['syst']['break_down_rewards_entries']), \
            f"len(break_down_rewards) {len(break_down_rewards)} " \
            f"== len(self.prm['syst']['break_down_rewards_entries']) " \
            f"{len(self.prm['syst']['break_down_rewards_entries'])}"

        if self.offset_reward:
            reward -= self.delta_reward

        return reward, break_down_rewards

    def netp_to_exports(self, netp):
        netp = jnp.array(netp)
        return - jnp.where(netp < 0, netp, 0)

