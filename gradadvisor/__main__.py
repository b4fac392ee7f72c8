"""``python -m gradadvisor``; Ctrl-C while the program is still loading exits 130 too."""

import os
import sys

try:
    from gradadvisor.cli import main
except KeyboardInterrupt:
    sys.stderr.write("gradadvisor: interrupted\n")
    sys.stderr.flush()
    os._exit(130)  # not sys.exit: after a KeyboardInterrupt in an import, Python would re-kill itself with SIGINT

if __name__ == "__main__":
    main()
