"""``python -m gradadvisor``; Ctrl-C while the program is still loading exits 130 too.

``python -m`` puts the working directory first on ``sys.path``: a scanned project's own
``random.py`` or ``secrets.py`` would then shadow the standard library for every import the
program makes. The scan never imports the code it reads, so that entry goes, unless this
package itself is loaded from there (a source checkout run in place)."""

import os
import sys

_here = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
if sys.path and sys.path[0] in ("", os.getcwd()) and os.path.abspath(sys.path[0] or ".") != _here:
    del sys.path[0]

try:
    from gradadvisor.cli import main
except KeyboardInterrupt:
    sys.stderr.write("gradadvisor: interrupted\n")
    sys.stderr.flush()
    os._exit(130)  # not sys.exit: after a KeyboardInterrupt in an import, Python would re-kill itself with SIGINT

if __name__ == "__main__":
    main()
