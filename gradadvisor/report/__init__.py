"""Output formats for `gradadvisor scan`: one module each (text, concise, json, json-lines,
junit, sarif, github, gitlab), plus what several share (locations, fingerprints, progress)."""

FORMATS = ("text", "concise", "json", "json-lines", "junit", "sarif", "github", "gitlab")
#: Formats read by programs: no summary, no progress bar, no `--show-fixes` listing.
MACHINE_FORMATS = frozenset({"json", "json-lines", "junit", "sarif", "github", "gitlab"})
