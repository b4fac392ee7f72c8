# Source: https://github.com/google-research/dex-lang/blob/26d98586c8f7f00961445499bfd1e61cda06b2b2/benchmarks/python/raytrace.py
# Title: benchmarks/python/raytrace.py (JAX version of the Dex raytracer benchmark)
# Cut: reconstructed in part: the ObjectGeom/Surface/Obj namedtuples are reduced to one Obj
#      (tag, pos, radius, lightRadiance), so sdObj, the hit cases and light sampling are simplified;
#      rotations, hemisphere sampling, pmap variant, timing and plotting cut; scene cut to three
#      objects. The loop structure (vmap over objects/samples/pixels, while_loop raymarch and
#      bounces, fori_loop over scene objects, host-side zipNestedNamedTuples) is the file's.
from collections import namedtuple
from functools import partial

import jax.numpy as np
import jax.lax as lax
import jax.random as random
from jax import vmap, jit
from jax.tree_util import tree_map, tree_multimap


def length(x): return np.sqrt(np.dot(x, x))
def normalize(x): return x / length(x)

def gradNumerical(f, xs):
  eps = 0.0001
  n, = xs.shape
  return vmap(lambda delta: (f(xs + delta) - f (xs - delta)) / (2.0 * eps))(eps * np.eye(n))

Obj = namedtuple("Obj", ["tag", "pos", "radius", "lightRadiance"])
RayMarchResult = namedtuple("RayMarchResult", ["tag", "ray", "surf", "radiance"])
HIT_OBJ, HIT_LIGHT, HIT_NOTHING = 0, 1, 2
zero_radiance = np.array([0.0, 0.0, 0.0], dtype=np.float64)


def sdObj(pos, obj):
  return length(pos - obj.pos) - obj.radius

def sdScene(scene, pos):
  distances = vmap(partial(sdObj, pos))(scene)
  d = np.min(distances)
  i = np.argmin(distances)
  return (tree_map(lambda x: x[i], scene), d)

def calcNormal(scene, pos):
  dist = lambda p: sdScene(scene, p)[1]
  return normalize(gradNumerical(dist, pos))

def raymarch(scene, ray):
  max_iters = 100
  tol = 0.01
  (rayOrigin, rayDir) = ray
  def cond(i_err_result_rayLength):
    (i, err, _, rayLength) = i_err_result_rayLength
    return np.logical_and(i < max_iters, err >= tol)

  def body(i_err_result_rayLength):
    (i, _, _, rayLength) = i_err_result_rayLength
    rayPos = rayOrigin + rayLength * rayDir
    (obj, d) = sdScene(scene, rayPos)
    rayLengthNew = rayLength + 0.9 * d
    surfNorm = calcNormal(scene, rayPos)
    raymarchResult = RayMarchResult(obj.tag, (rayPos, rayDir), surfNorm, obj.lightRadiance)
    return (i + 1, d, raymarchResult, rayLengthNew)

  init = RayMarchResult(HIT_NOTHING, ray, ray[1], zero_radiance)
  (_, _, result, _) = lax.while_loop(cond, body, (0, 100000.0, init, 0.0))
  return result

def num_scene_objects(scene):
  cell = lambda: None
  def record_shape(xs):
    cell.contents = xs.shape
  tree_map(record_shape, scene)
  return cell.contents[0]

def sampleLightRadiance(scene, osurf, inRay, k):
  (rayPos, _) = inRay
  def body(i, total):
    obj = tree_map(lambda x: x[i], scene)
    def passive_case(_):
      return zero_radiance
    def light_case(_):
      dirToLight = normalize(obj.pos - rayPos)
      return relu_dot(dirToLight, osurf) * obj.lightRadiance
    radiance = lax.switch(obj.tag, [passive_case, light_case], ())
    return total + radiance
  return lax.fori_loop(0, num_scene_objects(scene), body, zero_radiance)

def relu_dot(a, b): return np.maximum(np.dot(a, b), 0.0)

def trace(params, scene, init_ray, k):
  (_, max_bounces, _) = params

  def while_cond(args):
    (i, (finished, _, _, _)) = args
    return np.logical_and(i < max_bounces, np.logical_not(finished))

  def while_body(args):
    (i, (_, color_filter, total_radiance, cur_ray)) = args
    raymarchResult = raymarch(scene, cur_ray)
    (k1, k2) = random.split(random.fold_in(k, i))
    lightRadiance = sampleLightRadiance(scene, raymarchResult.surf, raymarchResult.ray, k1)
    newRadiance = total_radiance + color_filter * lightRadiance
    finished = raymarchResult.tag != HIT_OBJ
    return (i + 1, (finished, color_filter, newRadiance, raymarchResult.ray))

  loop_init = (0, (False, np.array([1.0,1.0,1.0]), np.array([0.0,0.0,0.0]), init_ray))
  (_, (_, _, total, _)) = lax.while_loop(while_cond, while_body, loop_init)
  return total

class WrapList(object):
  def __init__(self, x):
    self.contents = x

def zipNestedNamedTuples(records):
  ls = tree_map(lambda _: WrapList([]), records[0])
  for record in records:
    def f(l, x): l.append(x)
    tree_multimap(lambda l, x: l.contents.append(x), ls, record)
  return tree_map(lambda l: np.array(l.contents), ls)

def pixelColor(params, camera, scene, k, i, j):
  (n, pos, halfWidth, sensorDist) = camera
  (kx, ky) = random.split(k)
  x = (j / n - 0.5) * 2 * halfWidth + random.uniform(kx) * halfWidth / n
  y = (0.5 - i / n) * 2 * halfWidth + random.uniform(ky) * halfWidth / n
  ray = (pos, normalize(np.array([x, y, -sensorDist])))
  return trace(params, scene, ray, k)

def pixelColorAvg(params, camera, scene, k_root, i, j):
  (num_samples, _, _) = params
  ks = random.split(k_root, num=num_samples)
  ans = vmap(lambda k: pixelColor(params, camera, scene, k, i, j))(ks)
  return np.mean(ans, axis=0)

num_pix = 32
num_samples = 8
num_bounces = 10
params = (num_samples, num_bounces, True)
camera = (num_pix, 10.0 * np.array([0.0, 0.0, 1.0]), 0.3, 1.0)

theScene = zipNestedNamedTuples(
    [ Obj(HIT_LIGHT, 1.9 * np.array([0.0, 1.0, 0.0]), 0.5, np.array([0.2, 0.2, 0.2]))
    , Obj(HIT_OBJ, np.array([-1.0, -1.2,  0.2]), 0.8, zero_radiance)
    , Obj(HIT_OBJ, np.array([ 2.0,  2.0, -2.0]), 1.5, zero_radiance)
    ])

xidxs = np.broadcast_to(np.arange(num_pix)[None, :], (num_pix, num_pix))
yidxs = np.broadcast_to(np.arange(num_pix)[:, None], (num_pix, num_pix))

@jit
def renderScene_no_pmap(yidxs, xidxs):
  return vmap(vmap(
    partial(pixelColorAvg, params, camera, theScene, random.PRNGKey(0))))(yidxs, xidxs)

img = renderScene_no_pmap(yidxs, xidxs)
