# Source: https://github.com/rasutt/CaPow/blob/5294c04aa4cb5fb4528f5e83e30488605bdd0c90/Extra/python/popan.ipynb
# Title: CaPow Extra/python/popan.ipynb (evaluating popan_nll_item and popan_grad_ary on a six-occasion dataset)
# Cut: code cells 2-3 converted to a .py file; the import cell rewritten as a plain import of popan.py

from popan import *

popan_nll_item(pars = list({"N": 5278.0000, "lambda": 1.0401, "phi1": 0.8828, "p1": 0.2520, "p2": 0.2570, "p3": 0.2080, 
                  "p4": 0.2040, "p5": 0.1840, "p6": 0.1820}.values()),
         k = 6, lambdamodel = 1, gapvec = [1, 1, 1, 1, 1], nhist = 2747, firsttab = [732, 594, 375, 356, 342, 348], 
          lasttab = [336, 414, 386, 463, 512, 636], caps = [732, 755, 616, 646, 606, 636], 
          noncaps = [0, 235, 335, 275, 194, 0], survives = [396, 576, 565, 458, 288], 
          constvalues = list({'N': 0, "lambda": 0, "phi1": 0, "phi2": 0, "phi3": 0, 
                         "phi4": 0, "phi5": 0, "p1": 0, "p2": 0, "p3": 0, "p4": 0, "p5": 0, "p6": 0, "pent1": 0,
                         "pent2": 0, "pent3": 0, "pent4": 0, "pent5": 0, "pent6": 0}.values()), 
          indsinsertintoallvalues = [0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12], 
          whichparsintoallvalues = [0, 1, 2, 2, 2, 2, 2, 3, 4, 5, 6, 7, 8], 
    phiinds = [2, 3, 4, 5, 6], pentinds = [13, 14, 15, 16, 17, 18], pinds = [7, 8, 9, 10, 11, 12], Nind = 0, lambdaind = 1, 
          calcind = 0)

popan_grad_ary(list({"N": 5278.0000, "lambda": 1.0401, "phi1": 0.8828, "p1": 0.2520, "p2": 0.2570, "p3": 0.2080, 
                  "p4": 0.2040, "p5": 0.1840, "p6": 0.1820}.values()),
         k = 6, lambdamodel = 1, gapvec = [1, 1, 1, 1, 1], nhist = 2747, firsttab = [732, 594, 375, 356, 342, 348], 
          lasttab = [336, 414, 386, 463, 512, 636], caps = [732, 755, 616, 646, 606, 636], 
          noncaps = [0, 235, 335, 275, 194, 0], survives = [396, 576, 565, 458, 288], 
          constvalues = list({'N': 0, "lambda": 0, "phi1": 0, "phi2": 0, "phi3": 0, 
                         "phi4": 0, "phi5": 0, "p1": 0, "p2": 0, "p3": 0, "p4": 0, "p5": 0, "p6": 0, "pent1": 0,
                         "pent2": 0, "pent3": 0, "pent4": 0, "pent5": 0, "pent6": 0}.values()), 
          indsinsertintoallvalues = [0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12], 
          whichparsintoallvalues = [0, 1, 2, 2, 2, 2, 2, 3, 4, 5, 6, 7, 8], 
    phiinds = [2, 3, 4, 5, 6], pentinds = [13, 14, 15, 16, 17, 18], pinds = [7, 8, 9, 10, 11, 12], Nind = 0, lambdaind = 1, 
          calcind = 0)
