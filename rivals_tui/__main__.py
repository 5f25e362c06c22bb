"""`python -m rivals_tui` runs the `rivals` command."""

import sys

from rivals_tui.cli import main

sys.exit(main())
