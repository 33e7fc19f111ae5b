"""`python -m engine ...`: the headless command line."""

import sys

from engine.cli import main

sys.exit(main())
