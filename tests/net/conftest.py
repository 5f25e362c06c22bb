"""Every table server a test started is stopped when the test ends, failed or not."""

from __future__ import annotations

from collections.abc import AsyncIterator

import pytest

from tests.net.support import STARTED


@pytest.fixture(autouse=True)
async def _stop_servers_left_running() -> AsyncIterator[None]:
    yield
    while STARTED:
        server = STARTED.pop()
        if not server._stopping:
            await server.stop()
