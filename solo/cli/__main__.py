"""``python -m solo.cli``: the same as the ``dt-solo`` command."""

import sys

from solo.cli.start import main

sys.exit(main())
