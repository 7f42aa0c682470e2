"""PyYAML, imported once for the whole program with its patterns compiled at their first use.

PyYAML compiles every regular expression of its modules when it loads (~11 ms for the first two
below, the resolver's eight ~8 M instructions more: issue 16 item 6). They serve what the program
seldom runs: the pure-Python reader's test for unprintable characters (only the fallback parser reads
with it: libyaml checks the characters itself), the timestamp constructor (no file of the program
holds a date), and the resolver's tests of a plain scalar's type, which the program's loaders answer
without them for nearly every scalar they read (``solo.yaml_parse.plain_tag``). So each is compiled when
first used (``solo.patterns``). Every module takes ``yaml`` from here, so that PyYAML is never loaded
first elsewhere with them all compiled at once.
"""

from __future__ import annotations

from solo.patterns import patterns_deferred

__all__ = ["yaml"]


with patterns_deferred():
    import yaml
