"""Aggregate figures of a scored blind round, per level: recall, negatives flagged, findings,
per family and per set (no case names).  usage: python famsum.py ROUND_DIR LABEL SET..."""
import json
import sys

round_dir, label, sets = sys.argv[1], sys.argv[2], sys.argv[3:]
for level in ("default", "low", "high"):
    total = dict(sites=0, found=0, negatives=0, flagged=0, findings=0, matching=0, false_alarms=0, extra=0)
    families: dict[str, list[int]] = {}
    per_set = []
    for name in sets:
        data = json.load(open(f"{round_dir}/scores/{label}_{name}_{level}.json"))
        s = data["summary"]
        for key, field in (("sites", "sites"), ("found", "found"), ("negatives", "negative_cases"), ("flagged", "false_alarm_cases"),
                           ("findings", "findings"), ("matching", "matching_findings"), ("false_alarms", "false_alarms"), ("extra", "extra_findings")):
            total[key] += s[field]
        per_set.append(f"{name} {s['found']}/{s['sites']} flagged {s['false_alarm_cases']}/{s['negative_cases']} ({s['false_alarms']})")
        for family, row in data["per_family"].items():
            counts = families.setdefault(family, [0, 0])
            counts[0] += row.get("found", 0)
            counts[1] += row.get("sites", 0)
    print(level, total)
    print("  per family:", {family: f"{a}/{b}" for family, (a, b) in sorted(families.items())})
    print("  per set:", "; ".join(per_set))
