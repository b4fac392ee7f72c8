# Source: https://github.com/oarriaga/paz/blob/2480d20e653d75b736dd9d029be441eeade31ac1/examples/object_detection/demo.py
# Title: examples/object_detection/demo.py (paz-jax branch)
# Cut: kept the SSD pre/post-processing and the jitted detect function; dropped the model factory and the image loop.
import os

os.environ["KERAS_BACKEND"] = "jax"
import jax
import paz
import jax.numpy as jp


def preprocess_SSD(image, image_size, mean=paz.image.BGR_IMAGENET_MEAN):
    """Single-shot Multi Box Detector preprocessing function."""
    image = paz.image.resize(image, image_size, "linear", False)
    image = paz.image.RGB_to_BGR(image)
    image = paz.image.subtract_mean(image, jp.array(mean))
    image = paz.cast(image, "float32")
    image = jp.expand_dims(image, axis=0)
    return image


def postprocess_SSD(
    detections,
    prior_boxes,
    class_names,
    score_thresh,
    IOU_thresh,
    top_k,
    variances,
):
    """Single-shot Multi Box Detector postprocessing function."""
    detections = jp.squeeze(detections, axis=0)
    detections = paz.detection.decode(detections, prior_boxes, variances)
    detections = paz.detection.remove_class(detections, 0)
    NMS_args = (len(class_names), IOU_thresh, top_k)
    detections = paz.detection.apply_per_class_NMS(detections, *NMS_args)
    detections = paz.detection.filter_by_score(detections, score_thresh)
    return detections


def detect_SSD(
    image,
    model,
    prior_boxes,
    class_names,
    score_thresh,
    IOU_thresh,
    top_k,
    variances,
):
    image_size = model.input_shape[1:3]
    image = jax.jit(paz.lock(preprocess_SSD, image_size))(image)
    predictions = model(image)
    return jax.jit(
        paz.lock(
            postprocess_SSD,
            prior_boxes,
            class_names,
            score_thresh,
            IOU_thresh,
            top_k,
            variances,
        )
    )(predictions)
