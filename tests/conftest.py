"""Settings shared by the whole suite."""

from collections.abc import Iterator
from pathlib import Path

import pytest
from hypothesis import settings

from tabletop.store.server_secret import SECRET_FILE_VARIABLE, forget_server_secrets

# Timing is measured by the benchmark scripts, not by tests: no per-example deadline, so a busy CI
# machine cannot turn a slow example into a failure. A failing example is printed for replay.
settings.register_profile("tabletop", deadline=None, print_blob=True)
settings.load_profile("tabletop")


@pytest.fixture(scope="session", autouse=True)
def server_secret_file(tmp_path_factory: pytest.TempPathFactory) -> Iterator[Path]:
    """The store's server secret in a temporary file for the whole session (set in the
    environment, so servers and processes the tests start use it too): no test writes to the
    real ``~/.local/share/tabletop/server.key``."""
    path = tmp_path_factory.mktemp("server-secret") / "server.key"
    with pytest.MonkeyPatch.context() as patch:
        patch.setenv(SECRET_FILE_VARIABLE, str(path))
        forget_server_secrets()
        yield path
    forget_server_secrets()
