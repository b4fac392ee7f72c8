# Source: https://github.com/tcallister/learning-p-det/blob/ca52ffea7f71852fefa9b43d448b36c3c21ed933/code/getData.py
# Title: code/getData.py (load found injections for population inference)
# Cut: kept getInjections only.
import numpy as np
import os
dirname = os.path.dirname(__file__)


def getInjections():
    """
    Function to load and preprocess found injections for use in population
    inference with numpyro.
    """

    # Load injections
    injectionFile = os.path.join(dirname, "./../input/injectionDict_FAR_1_in_1_BBH.pickle")
    injectionDict = np.load(injectionFile, allow_pickle=True)

    # Convert all lists to numpy arrays
    for key in injectionDict:
        if key != 'nTrials':
            injectionDict[key] = np.array(injectionDict[key])

    return injectionDict
