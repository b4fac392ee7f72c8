# Source: https://github.com/ULRA92/TOuNN-works/blob/b4f80c9584269096a35b36bf1fb88e8f89ce95f5/Mesher.py
# Title: Mesher.py (RectangularGridMesher for thermal TOuNN)
# Cut: kept __init__, getMeshStructure and generatePoints; dropped boundary-condition processing and plotting.
import numpy as np
import jax.numpy as jnp


class RectangularGridMesher:
    def __init__(self, ndim, nelx, nely, elemSize, bcSettings, physics='thermal'):
        self.meshType = 'gridMesh'
        self.ndim = ndim
        self.nelx = nelx
        self.nely = nely
        self.elemSize = elemSize
        self.bcSettings = bcSettings
        self.physics = physics

        self.numElems = self.nelx * self.nely
        self.elemArea = self.elemSize[0] * self.elemSize[1] * jnp.ones((self.numElems))
        self.totalMeshArea = jnp.sum(self.elemArea)
        self.numNodes = (self.nelx + 1) * (self.nely + 1)
        self.nodesPerElem = 4  # Quadrilateral elements
        self.ndof = self.bcSettings['dofsPerNode'] * self.numNodes

        # Generate mesh structure
        self.edofMat, self.nodeIdx, self.elemNodes, self.nodeXY, self.bb = self.getMeshStructure()
        self.elemCenters = self.generatePoints()

    def getMeshStructure(self):
        n = self.bcSettings['dofsPerNode'] * self.nodesPerElem
        edofMat = np.zeros((self.nelx * self.nely, n), dtype=int)

        if self.bcSettings['dofsPerNode'] == 1:  # Thermal case
            nodenrs = np.reshape(np.arange(0, self.ndof), (1 + self.nelx, 1 + self.nely)).T
            edofVec = np.reshape(nodenrs[0:-1, 0:-1] + 1, self.numElems, 'F')
            edofMat = np.tile(edofVec, (4, 1)).T + np.tile(
              np.array([0, self.nely + 1, self.nely, -1]).reshape(4, 1), self.numElems
            ).T

        iK = tuple(np.kron(edofMat, np.ones((n, 1))).flatten().astype(int))
        jK = tuple(np.kron(edofMat, np.ones((1, n))).flatten().astype(int))
        nodeIdx = (iK, jK)

        elemNodes = np.zeros((self.numElems, self.nodesPerElem))
        for elx in range(self.nelx):
            for ely in range(self.nely):
                el = ely + elx * self.nely
                n1 = (self.nely + 1) * elx + ely
                n2 = (self.nely + 1) * (elx + 1) + ely
                elemNodes[el, :] = np.array([n1 + 1, n2 + 1, n2, n1])

        nodeXY = np.zeros((self.numNodes, 2))
        ctr = 0
        for i in range(self.nelx + 1):
            for j in range(self.nely + 1):
                nodeXY[ctr, 0] = self.elemSize[0] * i
                nodeXY[ctr, 1] = self.elemSize[1] * j
                ctr += 1

        return edofMat, nodeIdx, elemNodes, nodeXY, {}

    def generatePoints(self, res=1):
        """
        Generates points for evaluating temperature fields within elements.
        """
        xy = np.zeros((res ** 2 * self.numElems, 2))
        ctr = 0
        for i in range(res * self.nelx):
            for j in range(res * self.nely):
                xy[ctr, 0] = self.elemSize[0] * (i + 0.5) / res
                xy[ctr, 1] = self.elemSize[1] * (j + 0.5) / res
                ctr += 1
        return xy
