"""Output formats for `gradadvisor scan`: one module each (text, json, sarif, github)."""

FORMATS = ("text", "json", "sarif", "github")
