"""A fresh machine (issue 13): the X11 libraries Qt's xcb plugin lacks are named as packages in one
line before Qt would abort the process."""

from __future__ import annotations

import pytest

from solo.ui import xcb_check


@pytest.mark.parametrize(("soname", "package"), [
    ("libxcb-icccm.so.4", "libxcb-icccm4"),
    ("libxcb-keysyms.so.1", "libxcb-keysyms1"),
    ("libxcb-cursor.so.0", "libxcb-cursor0"),
    ("libxkbcommon-x11.so.0", "libxkbcommon-x11-0"),
    ("libxcb-render-util.so.0", "libxcb-render-util0"),
])
def test_a_library_is_named_by_its_debian_package(soname: str, package: str) -> None:
    assert xcb_check.debian_package(soname) == package


def test_xcb_is_checked_only_when_qt_will_use_it() -> None:
    assert xcb_check.uses_xcb({}, "linux")
    assert xcb_check.uses_xcb({"QT_QPA_PLATFORM": "xcb"}, "linux")
    assert not xcb_check.uses_xcb({"QT_QPA_PLATFORM": "offscreen"}, "linux")
    assert not xcb_check.uses_xcb({"WAYLAND_DISPLAY": "wayland-0", "XDG_SESSION_TYPE": "wayland"}, "linux")
    assert not xcb_check.uses_xcb({}, "win32")


def test_missing_libraries_become_one_line_naming_the_packages(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(xcb_check.ctypes.util, "find_library", lambda name: None)
    monkeypatch.setattr(xcb_check, "unresolved",
                        lambda files: ["libxcb-icccm.so.4", "libxcb-keysyms.so.1", "libxcb-icccm.so.4"])
    packages = xcb_check.missing_packages()
    assert packages == ["libxcb-cursor0", "libxcb-icccm4", "libxcb-keysyms1"]
    english = xcb_check.missing_message(packages, french=False)
    french = xcb_check.missing_message(packages, french=True)
    assert "\n" not in english and "sudo apt install libxcb-cursor0 libxcb-icccm4 libxcb-keysyms1" in english
    assert "Installez-les" in french and "libxcb-keysyms1" in french


def test_nothing_missing_means_no_message(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(xcb_check.ctypes.util, "find_library", lambda name: f"lib{name}.so.0")
    monkeypatch.setattr(xcb_check, "unresolved", lambda files: [])
    assert xcb_check.missing_packages() == []


def test_the_plugin_of_the_installed_qt_is_found_and_read() -> None:
    files = xcb_check.plugin_files()
    assert files and files[0].name == "libqxcb.so"
    assert all(name.startswith("lib") for name in xcb_check.unresolved(files))
