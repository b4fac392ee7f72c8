# Source: https://github.com/fancompute/legume/blob/edef021a98d5972ef52e3a65bd36ccfb742381be/docs/examples/legume/tests/test_gme_grad.py
# Title: docs/examples/legume/tests/test_gme_grad.py (gradient of a GME computation vs finite differences)
# Cut: unittest class flattened into a function; numerical-gradient comparison removed.
import numpy as np

from legume import GuidedModeExp, Circle, Poly, PhotCryst, Lattice
import legume


def test_rect():
    import autograd.numpy as npa
    from autograd import grad

    lattice = Lattice([1., 0], [0., .5])

    def of(params):
        '''Define and solve a phc'''

        d = params[0]
        r = params[1]
        x = params[2]
        # Asymmetric claddings
        phc = PhotCryst(lattice, eps_u=5.)

        # First layer with a circular hole
        phc.add_layer(d=d, eps_b=12.)
        phc.add_shape(Circle(eps=1, r=r, x_cent=0, y_cent=0))

        # Second layer with a triangular hole
        phc.add_layer(d=d, eps_b=10.)
        poly = Poly(eps=3, x_edges=[x, 0.2, 0], y_edges=[-0.1, -0.1, 0.3])
        phc.add_shape(poly)

        # Define and run the GME
        gme = GuidedModeExp(phc, gmax=3)
        options = {'gmode_inds': [0, 1, 2], 'numeig': 5, 'verbose': False}
        gme.run(kpoints=np.array([[0., 0.1], [0., 0.2]]), **options)

        return npa.sum(gme.freqs / 2 / gme.freqs_im)

    # Define d, r, x
    params = npa.array([0.5, 0.2, -0.1])

    # Autograd gradients
    legume.set_backend('autograd')
    gr_ag = grad(of)(params)
    return gr_ag
