# Source: https://github.com/florianbohnes/diff-sim-jax/blob/83e7d8a74a741c2d2efaecccc29f3e332bb420e1/jax_simulator/f110_gym/envs/base_classes.py
# Title: jax_simulator/f110_gym/envs/base_classes.py -- port of the F1TENTH gym (NumPy) to JAX (bachelor's thesis)
# Cut: RaceCars.__init__ reduced to the scan-simulator set-up and agent table; the vehicle
#      parameters are passed in; ScanSimulator2D is imported as in the source.
import jax.numpy as jnp
from jax import vmap

from f110_gym.envs.laser_models import ScanSimulator2D


class RaceCars(object):
    def __init__(self, params, seed, time_step=0.01, num_agents=2, num_beams=1080, fov=4.7):
        self.width = params['width']
        self.lf = params['lf']
        self.lr = params['lr']
        self.state = jnp.zeros((7,))
        self.scan_simulator = None
        # steering delay buffer
        # changed from empty initialization to 0 initialization,
        # simplifies control flow when filling buffer
        self.steer_buffer_size = 2
        self.steer_buffer = jnp.zeros((self.steer_buffer_size,))

        # collision threshold for iTTC to environment
        self.ttc_thresh = 0.005

        # initialize scan sim
        if self.scan_simulator is None:
            self.scan_simulator = ScanSimulator2D(num_beams, fov)
            global vmap_scan
            vmap_scan = vmap(self.scan_simulator.scan, in_axes=0)

            scan_ang_incr = self.scan_simulator.get_increment()

            # angles of each scan beam, distance from lidar to edge of car at each beam,
            # and precomputed cosines of each angle
            self.cosines = jnp.zeros((num_beams,))
            self.scan_angles = jnp.zeros((num_beams,))
            self.side_distances = jnp.zeros((num_beams,))

            dist_sides = self.width / 2.
            dist_fr = (self.lf + self.lr) / 2.

            for i in range(num_beams):
                angle = -fov / 2. + i * scan_ang_incr
                self.scan_angles = self.scan_angles.at[i].set(angle)
                self.cosines = self.cosines.at[i].set(jnp.cos(angle))

                if angle > 0:
                    if angle < jnp.pi / 2:
                        # between 0 and pi/2
                        to_side = dist_sides / jnp.sin(angle)
                        to_fr = dist_fr / jnp.cos(angle)
                        self.side_distances = self.side_distances.at[i].set(min(to_side, to_fr))
                    else:
                        # between pi/2 and pi
                        to_side = dist_sides / jnp.cos(angle - jnp.pi / 2.)
                        to_fr = dist_fr / jnp.sin(angle - jnp.pi / 2.)
                        self.side_distances = self.side_distances.at[i].set(min(to_side, to_fr))
                else:
                    if angle > -jnp.pi / 2:
                        # between 0 and -pi/2
                        to_side = dist_sides / jnp.sin(-angle)
                        to_fr = dist_fr / jnp.cos(-angle)
                        self.side_distances = self.side_distances.at[i].set(min(to_side, to_fr))
                    else:
                        # between -pi/2 and -pi
                        to_side = dist_sides / jnp.cos(-angle - jnp.pi / 2)
                        to_fr = dist_fr / jnp.sin(-angle - jnp.pi / 2)
                        self.side_distances = self.side_distances.at[i].set(min(to_side, to_fr))

        # create multiple vehicles on instantiation:
        # Initiated as an array of shape (num_agents, 12)
        self.num_agents = num_agents
        self.agents = jnp.zeros((self.num_agents, 12))
        for i in range(num_agents):
            self.agents = self.agents.at[i].set(self.initiate_agents())

    def initiate_agents(self):
        """ New function (in JAX simulator)to initiate all agents within
            one instance of RaceCars class.
            Every agent is initialized with the same parameters.
            Indexes:
            0-6: state
            7-8: steering delay buffer
            9: lateral acceleration x
            10: lateral acceleration y
            11: Collision Indicator
             """
        agent = jnp.concatenate((
            self.state,
            # steering delay buffer
            self.steer_buffer,
            # Lateral acceleration (no independent state) a_x, a_y
            jnp.array([0]),
            jnp.array([0]),
            # collision indicator (bool)
            jnp.array([False])
        ))
        return agent

    def update_params(self, params):
        """
        Currently, params are the same for all vehicles simulated
        """
