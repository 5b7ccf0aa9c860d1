"""Bots that think while they wait: a turn-based bot's decision runs on a worker thread during its think ticks
(``BotSeat``'s ``ahead``), so a searching "hard" bot (up to about 150 ms of processor time a decision: Cops &
Robbers, Grass) never freezes the table's animations for that long. The decision itself is unchanged: it is a pure
function of the seat's view and a generator fixed by the tick it is due at.

Measured with ``python tools/bench_client.py --game cops_and_robbers --seats bot:hard,bot:hard,bot:hard,bot:hard
--ticks 1800 --realtime`` (and ``--think-here`` for the main thread): tick p99 76 ms on the main thread, 6.8 ms with
the worker thread (Grass: 36 ms and 6.6 ms); the tool's docstring has the whole table.
"""

from __future__ import annotations

import threading
from concurrent.futures import Future
from typing import Any, Callable

__all__ = ["in_background"]


def in_background(work: Callable[[], Any]) -> Callable[[], Any]:
    """Start ``work()`` on a daemon thread now; return a function that waits for it to finish and returns its result
    (or raises the exception it raised). A daemon thread, so closing the window never waits for a bot's search."""
    future: Future = Future()

    def run() -> None:
        if future.set_running_or_notify_cancel():
            try:
                future.set_result(work())
            except BaseException as exc:  # handed to whoever waits for the result, as if the call were made there
                future.set_exception(exc)

    threading.Thread(target=run, name="bot-thinking", daemon=True).start()
    return future.result
