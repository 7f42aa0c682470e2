"""Before the app starts on X11: the system libraries Qt's xcb plugin needs, named as packages.

Qt 6.5 and later load ``libxcb-cursor.so.0`` at run time and link ``libxcb-icccm``, ``libxcb-keysyms``
(and more) into the xcb plugin; on a fresh Debian or Ubuntu desktop some are missing and Qt aborts the
process (exit 134) with a message few players understand (issue 13). :func:`missing_packages` finds
them first (``ldd`` on the plugin, ``find_library`` for the one loaded at run time) so that
``dt-solo app`` prints one line naming the packages to install instead.
"""

from __future__ import annotations

import ctypes.util
import importlib.util
import os
import re
import shutil
import subprocess
import sys
from pathlib import Path

LOADED_AT_RUN_TIME = ("xcb-cursor",)
"""Libraries Qt opens itself (not listed by ldd): their ``find_library`` names."""
_NOT_FOUND = re.compile(r"^\s*(\S+)\s*=>\s*not found", re.MULTILINE)
_SONAME = re.compile(r"^lib(?P<name>.+?)\.so\.(?P<version>\d+)")


def uses_xcb(environ: dict[str, str] | None = None, platform: str | None = None) -> bool:
    """Qt will use its xcb plugin: Linux (or another X11 system), and neither another platform asked
    for (QT_QPA_PLATFORM) nor a Wayland session Qt would prefer."""
    env = os.environ if environ is None else environ
    system = sys.platform if platform is None else platform
    if system in ("win32", "darwin"):
        return False
    asked = env.get("QT_QPA_PLATFORM", "").split(";")[0].split(":")[0].strip()
    if asked:
        return asked == "xcb"
    return not (env.get("WAYLAND_DISPLAY") and env.get("XDG_SESSION_TYPE") == "wayland")


def debian_package(soname: str) -> str:
    """The Debian/Ubuntu package of a library: ``libxcb-icccm.so.4`` -> ``libxcb-icccm4``,
    ``libxkbcommon-x11.so.0`` -> ``libxkbcommon-x11-0`` (a dash when the name ends with a digit)."""
    found = _SONAME.match(soname)
    if found is None:
        return soname
    name, version = found.group("name"), found.group("version")
    return f"lib{name}{'-' if name[-1].isdigit() else ''}{version}"


def plugin_files() -> list[Path]:
    """Qt's xcb plugin and its XCB library, in the installed PySide6 (empty when not found)."""
    spec = importlib.util.find_spec("PySide6")
    if spec is None or spec.origin is None:
        return []
    qt = Path(spec.origin).parent / "Qt"
    candidates = [qt / "plugins" / "platforms" / "libqxcb.so", *sorted((qt / "lib").glob("libQt6XcbQpa.so*"))]
    return [path for path in candidates if path.is_file()][:2]


def unresolved(files: list[Path]) -> list[str]:
    """The libraries ``ldd`` cannot find for these files (nothing when ldd is missing or fails)."""
    ldd = shutil.which("ldd")
    if ldd is None:
        return []
    names: list[str] = []
    for path in files:
        try:
            output = subprocess.run([ldd, str(path)], capture_output=True, text=True, timeout=10,
                                    check=False).stdout
        except (OSError, subprocess.SubprocessError):
            continue
        names += [n for n in _NOT_FOUND.findall(output) if n not in names]
    return names


def missing_packages() -> list[str]:
    """The packages to install for Qt's xcb plugin to load (empty: nothing missing, or cannot tell)."""
    packages = [f"lib{name}0" for name in LOADED_AT_RUN_TIME if ctypes.util.find_library(name) is None]
    for soname in unresolved(plugin_files()):
        package = debian_package(soname)
        if package not in packages:
            packages.append(package)
    return packages


def missing_message(packages: list[str], french: bool) -> str:
    """One line naming the packages and the command installing them."""
    names = " ".join(packages)
    if french:
        return (f"dt-solo app : Qt a besoin de bibliothèques X11 absentes de ce système : {names}. "
                f"Installez-les (Debian/Ubuntu : sudo apt install {names}) puis relancez.")
    return (f"dt-solo app: Qt needs X11 libraries this system lacks: {names}. "
            f"Install them (Debian/Ubuntu: sudo apt install {names}) and start again.")
