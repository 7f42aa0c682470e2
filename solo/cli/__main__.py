"""``python -m solo.cli``: the same as the ``dt-solo`` command."""

import gc
import sys

# A command is a short process: the cycle collector would only walk the freshly loaded modules'
# objects again and again while they load (~5 ms of a ~120 ms `explain`); it runs again once they are.
gc.disable()
try:
    from solo.cli.parser import main
finally:
    gc.enable()

sys.exit(main())
