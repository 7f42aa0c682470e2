"""Errors the app did not expect: told to the player, written to a log file, the game kept safe.

No exception is ever only on stderr (issue 13): an exception escaping a Qt slot reaches
:func:`install_excepthook`'s hook, which writes it with its traceback to ``errors.log`` in the
player's data folder and hands it to the window, which puts the game back to what its History shows
(the model's guard) and tells the player what failed, that the game is safe and where the details are.
"""

from __future__ import annotations

import sys
import traceback
from collections.abc import Callable
from datetime import UTC, datetime
from pathlib import Path
from types import TracebackType

from PySide6.QtCore import QCoreApplication

from solo.locations import user_data_dir

ERROR_LOG = "errors.log"
"""The file in the player's data folder where unexpected errors are written."""

Hook = Callable[[type[BaseException], BaseException, TracebackType | None], object]


def tr(text: str) -> str:
    return QCoreApplication.translate("Failures", text)


def error_log_path() -> Path:
    return user_data_dir() / ERROR_LOG


def log_exception(error: BaseException, what: str = "") -> Path | None:
    """Append the error and its traceback to the error log; the file, or None when it cannot be
    written (the message then says so: the details are never only on stderr)."""
    path = error_log_path()
    lines = traceback.format_exception(type(error), error, error.__traceback__)
    stamp = datetime.now(UTC).isoformat(timespec="seconds")
    try:
        path.parent.mkdir(parents=True, exist_ok=True)
        with path.open("a", encoding="utf-8") as handle:
            handle.write(f"--- {stamp} {what}\n{''.join(lines)}\n")
    except OSError:
        return None
    return path


def failure_text(what: str, error: BaseException, log: Path | None) -> str:
    """The message the player reads: what failed and why, that the game is safe, where the details are."""
    reason = str(error) or type(error).__name__
    where = (tr("The details are in {path}.").format(path=log) if log is not None
             else tr("The details could not be written to the error log."))
    return "\n\n".join((
        tr("{what} failed: {reason}").format(what=what or tr("The last action"), reason=reason),
        tr("Your game is safe: it is as the History shows it, and autosaved."),
        where,
    ))


def install_excepthook(handle: Callable[[BaseException], None]) -> Hook:
    """Send every exception that escapes a slot to ``handle`` (the window's report); the previous hook
    is returned (to put it back). KeyboardInterrupt still ends the app."""
    previous = sys.excepthook

    def hook(kind: type[BaseException], error: BaseException, tb: TracebackType | None) -> None:
        if issubclass(kind, KeyboardInterrupt):
            previous(kind, error, tb)
            return
        if error.__traceback__ is None:
            error = error.with_traceback(tb)
        try:
            handle(error)
        except Exception:
            log_exception(error, "unreported")
            previous(kind, error, tb)

    sys.excepthook = hook
    return previous
