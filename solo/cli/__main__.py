"""``python -m solo.cli``: the same as the ``dt-solo`` command."""

import gc
import sys

# A command is a short process: the cycle collector would only walk the freshly loaded modules'
# objects again and again while they load (~5 ms of a ~120 ms `explain`), then once more at the first
# collection after (~4 ms): they are moved to the oldest generation unwalked instead, as a search
# does on leaving ``solo.table.marks.no_cycle_collection``.
gc.disable()
try:
    from solo.cli.parser import main
finally:
    gc.freeze()
    gc.unfreeze()
    gc.enable()

sys.exit(main())
