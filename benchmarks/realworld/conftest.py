"""The case folders reproduce third-party code (some of it pytest files); never collect them."""

collect_ignore_glob = ["cases/*", "rounds/*", "blind_kit/*"]
