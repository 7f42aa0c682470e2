"""How ``bench_perf.py`` prints its figures: one column per tree and statistic, side by side."""

from __future__ import annotations

import contextlib
from collections.abc import Callable, Sequence
from typing import Any

Figures = dict[str, Any]
Column = tuple[str, Figures]
"""A column's heading (``main median``, ``this tree min``) and its figures."""

TARGETS = {
    "activation, demo board (worst NPC)": 5.0,
    "activation, crowded table (worst NPC)": 15.0,
    "unbounded search, Lissandra": 10.0,
    "NP turn, 12 NPCs": 25.0,
    "dt-solo explain, whole process": 150.0,
}
RATIO_TARGETS = {"per state": 3.0, "states": 1.5}
"""Engine µs per settled state over the tight loop's; settled states over inherent ones."""

TRUE_COST_CASES = {"off": ("off", False), "on": ("shown", False), "off, read": ("off", True),
                   "on, read": ("shown", True)}
"""The true costs (AMB-TRUE-COST) switched off or on, the explanations read or not."""

WIDTH = 13


def headline(figures: Figures) -> dict[str, float]:
    """The issue's table: the cases measured (``--case``) of the five."""
    picks: dict[str, Callable[[Figures], float]] = {
        "activation, demo board (worst NPC)": lambda f: max(f["demo"].values()),
        "activation, crowded table (worst NPC)": lambda f: max(f["crowded"].values()),
        "unbounded search, Lissandra": lambda f: f["searches"]["unbounded, Lissandra"]["ms"],
        "NP turn, 12 NPCs": lambda f: f["turn"],
        "dt-solo explain, whole process": lambda f: f["explain"],
    }
    heads = {}
    for name, pick in picks.items():
        with contextlib.suppress(KeyError):
            heads[name] = pick(figures)
    return heads


def _cells(columns: Sequence[Column], pick: Callable[[Figures], Any], digits: int = 1) -> str:
    cells = []
    for _, figures in columns:
        try:
            value = pick(figures)
        except (KeyError, TypeError, ValueError, ZeroDivisionError):
            value = None
        if value is None:
            cells.append("")
        elif isinstance(value, str):
            cells.append(value)
        else:
            cells.append(f"{value:.{digits}f}")
    return " ".join(f"{cell:>{WIDTH}}" for cell in cells)


def _heading(label: str, columns: Sequence[Column], extra: str = "") -> str:
    return f"{label:<42} " + " ".join(f"{name:>{WIDTH}}" for name, _ in columns) + extra


def show(columns: Sequence[Column], judged: int = -1) -> None:
    """Every table, one column per entry of ``columns``; the targets are judged on column ``judged``
    (the last by default; beside another tree, this tree's medians, never a minimum)."""
    last = columns[judged][1]
    print(_heading("case (CPU ms)", columns, f" {'target':>7}"))
    for name, value in headline(last).items():
        mark = "ok" if value <= TARGETS[name] else "OVER"
        print(f"{name:<42} {_cells(columns, lambda f, n=name: headline(f).get(n))} "
              f"{TARGETS[name]:>6.0f} {mark}")
    if "demo" in last or "crowded" in last:
        print("\nactivations (CPU ms):")
    for table in ("demo", "crowded"):
        for npc in last.get(table, {}):
            print(f"  {table:<8} {npc:<31} {_cells(columns, lambda f, t=table, n=npc: f[t][n])}")
    if "searches" in last:
        print("\nsearches: engine beside a tight heapq loop over (square, steps) per settled state (target "
              f"≤ {RATIO_TARGETS['per state']:.0f}x), settled beside inherent (square, steps, item) states "
              f"(target ≤ {RATIO_TARGETS['states']:.1f}x):")
    for name, search in last.get("searches", {}).items():
        print(f"  {name}")

        def field(key: str, s: str = name) -> Callable[[Figures], Any]:
            return lambda f: f["searches"][s][key]

        print(f"    {'ms':<38} {_cells(columns, field('ms'))}")
        print(f"    {'settled states':<38} {_cells(columns, field('settled'), 0)}")
        for label, key in (("µs per state / tight loop's", "per state"),
                           ("settled / inherent states", "states")):
            value = ratio(search, key)
            mark = "ok" if value <= RATIO_TARGETS[key] else "OVER"
            cells = _cells(columns, lambda f, s=name, k=key: ratio(f["searches"][s], k), 2)
            print(f"    {label:<38} {cells} {RATIO_TARGETS[key]:>5.1f}x {mark}")
    show_turn(columns)


def ratio(s: Figures, key: str) -> float:
    if key == "per state":
        return float(s["us_per_state"] / s["loop_us_per_state"])
    return float(s["settled"] / max(s["inherent"], 1))


def show_turn(columns: Sequence[Column]) -> None:
    """The NP turn outside its searches, and the board geometry after a rotation."""
    labels = {"turn": "NP turn, measured apart (ms)", "searches_ms": "  in searches (ms)",
              "outside_ms": "  outside searches (ms)", "relaxed_ms": "  of which relaxed distances (ms)",
              "searches": "  searches per turn", "beyond": "  calls continuing a search beyond the quota",
              "repeats": "  repeats of an earlier search, same table",
              "relaxed": "  relaxed distances per turn"}
    if "split" not in columns[-1][1] and "geometry" not in columns[-1][1]:
        return
    print("\nNP turn of the 12 demo NPCs, split (CPU ms and counts, means over the runs):")
    for key, label in labels.items():
        if key in columns[-1][1].get("split", {}):
            print(f"  {label:<40} {_cells(columns, lambda f, k=key: f['split'][k])}")
    for key, label in (("rotation", "room turned, geometry updated (ms)"),
                       ("rebuild", "full geometry rebuild (ms)")):
        if key in columns[-1][1].get("geometry", {}):
                print(f"  {label:<40} {_cells(columns, lambda f, k=key: f['geometry'][k], 2)}")


def show_processes(rows: dict[str, dict[str, float]], label: str) -> None:
    """Whole processes: CPU and wall ms, medians and minima, the bare interpreter beside ours."""
    print(f"\nwhole processes ({label}; ms, medians and minima over the runs):")
    counted = any("instructions" in row for row in rows.values())
    print(f"  {'':<40} {'CPU':>8} {'CPU min':>8} {'wall':>8} {'wall min':>8}"
          + (f" {'M instructions':>15}" if counted else ""))
    for name, row in rows.items():
        count = f" {row['instructions'] / 1e6:>15.1f}" if "instructions" in row else ""
        print(f"  {name:<40} {row['cpu']:>8.1f} {row['cpu_min']:>8.1f} {row['wall']:>8.1f} "
              f"{row['wall_min']:>8.1f}{count}")
    site = rows.get("python -c pass")
    if site is None:
        return
    for name, row in rows.items():
        if name.startswith("dt-solo explain"):
            count = (f" {(row['instructions'] - site['instructions']) / 1e6:>15.1f}"
                     if "instructions" in row and "instructions" in site else "")
            print(f"  {'  ' + name.removeprefix('dt-solo ') + ' less python -c pass':<40} "
                  f"{row['cpu'] - site['cpu']:>8.1f} {row['cpu_min'] - site['cpu_min']:>8.1f} "
                  f"{row['wall'] - site['wall']:>8.1f} {row['wall_min'] - site['wall_min']:>8.1f}{count}")


def show_true_costs(after: Figures, before: Figures | None) -> None:
    """What the true costs add to each activation and to the NP turn: when run (the costs left
    to be read) and when read (worked out then), each beside the same runs with them off."""
    if "true_costs" not in after:
        return
    old = (before or {}).get("true_costs")
    print("\ntrue costs (AMB-TRUE-COST): CPU ms with them off and on, and what they add "
          "(explanations read as `explain --json` does, or not read):")
    print(f"  {'':<24} {'off':>7} {'on':>7} {'true costs':>11} {'off, read':>10} {'on, read':>9} "
          f"{'when read':>10}" + (f" {'before: +':>10} {'read +':>7}" if old else ""))
    for npc in after["true_costs"]["off"]["demo"]:
        _true_cost_row(f"demo {npc}", after["true_costs"], old, lambda c, npc=npc: c["demo"][npc])
    _true_cost_row("NP turn, 12 NPCs", after["true_costs"], old, lambda c: c["turn"])


def _true_cost_row(label: str, figures: Figures, old: Figures | None,
                   pick: Callable[[Figures], float]) -> None:
    off, on, off_read, on_read = (pick(figures[name]) for name in TRUE_COST_CASES)
    line = (f"  {label:<24} {off:>7.1f} {on:>7.1f} {on - off:>+10.1f}  {off_read:>9.1f} {on_read:>9.1f} "
            f"{on_read - off_read:>+10.1f}")
    if old:
        was, was_read = pick(old["on"]) - pick(old["off"]), pick(old["on, read"]) - pick(old["off, read"])
        line += f" {was:>+10.1f} {was_read:>+7.1f}"
    print(line)
