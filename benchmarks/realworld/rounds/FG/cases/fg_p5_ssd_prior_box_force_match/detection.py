# Source: https://github.com/oarriaga/paz/blob/35097e254b2108c0baca2f5ceddd1c490d12dfc1/paz/backend/detection.py
# Title: paz/backend/detection.py (paz-jax branch, parent of "Add dummy vectorized match function")
# Cut: kept `match` (prior-box to ground-truth assignment for SSD targets); dropped the docstring body and the other functions.
import jax.numpy as jp
import paz


def match(boxes_with_class_arg, prior_boxes, IOU_threshold=0.5):
    """Matches each prior box with a ground truth box
    (box from `boxes_with_class_arg`). It then selects which matched box will be
    considered positive e.g. iou > .5 and returns for each prior box a ground
    truth box that is either positive (with a class argument different
    than 0) or negative.
    """

    def mark_best_match(per_prior_best_IOU, per_box_best_prior_arg):
        # The prior boxes that are the best match for each box are marked.
        # They are marked by setting an IOU larger (2) than the maxium (1).
        return per_prior_best_IOU.at[per_box_best_prior_arg].set(2.0)

    def select_for_each_prior_box_a_box(boxes, per_prior_best_box):
        # Each prior box is assigned a ground truth box.
        assigned_boxes = boxes[per_prior_best_box]
        return assigned_boxes

    def force_match(per_prior_best_box, per_box_best_prior):
        # Ensures that every ground truth box is matched with at least one prior
        # box. Specifically, the prior box with which it has the highest IoU.
        for box_arg, prior_arg in enumerate(per_box_best_prior):
            per_prior_best_box = per_prior_best_box.at[prior_arg].set(box_arg)
        return per_prior_best_box

    def label_negative_boxes(assigned_boxes, per_prior_best_IOU):
        is_low_IOU_match = per_prior_best_IOU < IOU_threshold
        class_args = assigned_boxes[:, 4]
        class_args = jp.where(is_low_IOU_match, 0.0, class_args)
        return assigned_boxes.at[:, 4].set(class_args)

    prior_boxes = paz.boxes.to_corner_form(prior_boxes)
    IOUs = paz.boxes.compute_IOUs(boxes_with_class_arg, prior_boxes)
    per_box_best_prior = jp.argmax(IOUs, axis=1)  # (boxes,)
    per_prior_best_box = jp.argmax(IOUs, axis=0)  # (prior_boxes,)
    per_prior_best_IOU = jp.max(IOUs, axis=0)  # (prior_boxes,)
    per_prior_best_IOU = mark_best_match(per_prior_best_IOU, per_box_best_prior)
    assign_args = (per_prior_best_box, per_box_best_prior)
    per_prior_best_box = force_match(*assign_args)
    selected_boxes = select_for_each_prior_box_a_box(
        boxes_with_class_arg, per_prior_best_box
    )
    selected_boxes = label_negative_boxes(selected_boxes, per_prior_best_IOU)
    return selected_boxes
