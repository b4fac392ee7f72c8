# Source: https://github.com/imyoungmin/DENN/blob/b28cc9e2f4807347746741b87adb19cbe1e1d128/ODE.py
# Title: ODE.py (plotting the trained trial solution and its derivative against the analytical solution)
# Cut: network helpers kept without docstrings; training replaced by a plot_results(optimizedParams, points) function holding the author's plotting code.
import autograd.numpy as np
import matplotlib.pyplot as plt


def sigmoid( x ):
	return 1.0 / ( 1.0 + np.exp( -x ) )


def sigmoidPrime( x ):
	return sigmoid( x ) * ( 1.0 - sigmoid( x ) )


def nnet( x, params ):
	W = params[0][0]					# Weights towards hidden layer.
	b = params[0][1]					# Biases for hidden layer units.
	V = params[1][0]					# Weights towards output layer.
	z = W * x + b
	sigma = sigmoid( z )				# Become inputs for output layer neuron.
	return np.dot( V, sigma )			# Output neuron is linear.


def dNnet_dx( x, params ):
	W = params[0][0]
	b = params[0][1]
	V = params[1][0]
	z = W * x + b
	sigmaPrime = sigmoidPrime( z )
	return np.dot( V * W, sigmaPrime )


def phi_a( x ):
	return np.exp( -x / 5.0 ) * np.sin( x )


def dPhi_a_dx( x ):
	return np.exp( -x/5.0 ) * ( np.cos( x ) - 1.0/5.0 * np.sin( x ) )


def phi_t( x, params ):
	return x * nnet( x, params )


def dPhi_t_dx( x, params ):
	return nnet( x, params ) + x * dNnet_dx( x, params )


def plot_results( optimizedParams, points, MinX=0, MaxX=2 ):
	# Plot analytical solution versus trial solution.
	plt.figure( 1 )
	p = np.linspace( MinX, MaxX, 100 )
	y_a = phi_a( p )
	plt.plot( p, y_a, "r-", label="Analytical solution" )
	y_t = []
	for xp in p:
		y_t += [phi_t( xp, optimizedParams )]
	plt.plot( p, y_t, "b-", label="Trial solution" )
	plt.plot( [np.min( points ), np.min( points )], [0, 0.8], "g-" )
	plt.plot( [np.max( points ), np.max( points )], [0, 0.8], "g-" )
	plt.xlabel( "x" )
	plt.ylabel( r"$\phi(x)$" )
	plt.legend()
	plt.title( r"Approximating solution to $\frac{d\phi}{dx} + \frac{1}{5}\phi = e^{-x/5}\cos(x)$, $\phi(0) = 0$" )
	plt.show()

	# Plot error.
	plt.figure( 2 )
	plt.plot( p, np.abs( y_a - y_t ) )
	plt.xlabel( "x" )
	plt.ylabel( r"$|\phi_a(x) - \phi_t(x)|$" )
	plt.title( "Error" )
	plt.show()

	# Plot derivaties of analytical and trial solution.
	dy_a = dPhi_a_dx( p )
	dy_t = []
	for xp in p:
		dy_t.append( dPhi_t_dx( xp, optimizedParams ) )
	plt.plot( p, dy_a, "r-", label="Derivative of analytical solution" )
	plt.plot( p, dy_t, "b-", label="Derivative of trial solution" )
	plt.xlabel( "x" )
	plt.ylabel( r"$\phi'(x)$" )
	plt.legend()
	plt.title( "Approximated derivative versus true solution's derivative" )
	plt.show()
