"""The ``dt-solo`` command line: each command reads files, calls the engine and prints its answer."""
