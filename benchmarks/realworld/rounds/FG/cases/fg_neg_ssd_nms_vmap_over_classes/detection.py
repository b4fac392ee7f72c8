# Source: https://github.com/oarriaga/paz/blob/2a4257262a7ea5cb3a975a01de33e24b206957e1/paz/backend/detection.py
# Title: paz/backend/detection.py (paz-jax branch, commit "Refactor NMS to use vmap")
# Cut: kept the scan-based NMS and the vmapped per-class NMS; dropped the old loop version and unrelated helpers.
import jax
import jax.numpy as jp
import paz


def apply_NMS(sorted_boxes_with_scores, iou_thresh=0.45):
    top_k_boxes = paz.detection.get_boxes(sorted_boxes_with_scores)
    top_k_boxes_args = jp.arange(len(top_k_boxes))

    def step(suppressed_mask, top_k_arg):
        is_suppressed = suppressed_mask[top_k_arg]

        def suppress():
            current_box = top_k_boxes[top_k_arg]
            current_box = jp.expand_dims(current_box, 0)
            ious = paz.boxes.compute_IOUs(current_box, top_k_boxes)
            ious = jp.squeeze(ious, 0)
            is_not_this_box = top_k_boxes_args != top_k_arg
            do_suppress = (ious > iou_thresh) & is_not_this_box
            return jp.logical_or(suppressed_mask, do_suppress)

        def do_nothing():
            return suppressed_mask

        new_suppressed_mask = jax.lax.cond(is_suppressed, do_nothing, suppress)
        keep_this_box = jp.logical_not(is_suppressed)
        return new_suppressed_mask, keep_this_box

    initial_mask = jp.zeros(len(top_k_boxes), dtype=bool)
    _, keep_mask = jax.lax.scan(step, initial_mask, top_k_boxes_args)
    return keep_mask


def single_class(
    class_arg, detections, num_classes, iou_thresh, top_k, epsilon
):
    class_detections = paz.detection.to_score(detections, class_arg)
    class_detections = paz.detection.select_top_k(class_detections, top_k)
    non_suppressed = paz.detection.apply_NMS(class_detections, iou_thresh)
    valid_scores = paz.detection.split(class_detections)[1] >= epsilon
    non_suppressed = jp.expand_dims(non_suppressed, axis=-1)
    class_keep_mask = jp.logical_and(valid_scores, non_suppressed)
    class_detections = paz.detection.to_one_hot_vector(
        class_detections, class_arg, num_classes
    )
    return class_detections, class_keep_mask


def apply_per_class_NMS(
    detections,
    num_classes,
    iou_thresh=0.45,
    top_k=200,
    epsilon=0.01,
):
    multi_class = jax.vmap(
        single_class,
        in_axes=(0, None, None, None, None, None),
    )

    detections, keep_masks = multi_class(
        jp.arange(num_classes),
        detections,
        num_classes,
        iou_thresh,
        top_k,
        epsilon,
    )
    detections = detections.reshape(-1, detections.shape[-1])
    keep_masks = keep_masks.reshape(-1, 1)
    detections = jp.where(keep_masks, detections, -1.0)
    return detections


def filter_by_score(detections, threshold):
    """Filters detections by scores."""
    scores = jp.max(paz.detection.get_scores(detections), axis=1, keepdims=True)
    return jp.where(scores >= threshold, detections, -1)
