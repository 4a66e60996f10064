"""The local Dask cluster's refusals speak the text language (issue 28; docs/languages.md, "What a person reads and
what a developer reads"): a teacher running a survey with ``--dask local`` on a machine too busy to start its
workers reads "the local Dask workers did not start" in the language of the command, as every other refusal."""

from __future__ import annotations

import re
from typing import Any

import pytest

from kitgen.core.errors import KitgenError
from kitgen.core.i18n import speaking
from kitgen.io import workers

SCRIPT = {"de": "[äöüß]|[a-z]", "ru": "[а-яё]", "el": "[α-ω]"}


class _Cluster:
    address = "tcp://127.0.0.1:1"

    def __init__(self, count: int) -> None:
        self.closed = False

    def close(self, client: Any) -> None:
        self.closed = True


class _Client:
    def __init__(self, address: str, timeout: str) -> None:
        pass

    def wait_for_workers(self, count: int, timeout: float) -> None:
        raise TimeoutError


class _Distributed:
    Client = _Client


@pytest.mark.parametrize("lang", ["de", "ru", "el"])
def test_workers_that_did_not_start(monkeypatch: pytest.MonkeyPatch, lang: str) -> None:
    monkeypatch.setattr(workers, "LocalProcesses", _Cluster)
    pool = object.__new__(workers.DaskPool)
    with speaking(lang), pytest.raises(KitgenError) as refused:
        pool._local(_Distributed, work=object(), workers=2)  # type: ignore[arg-type]
    said = str(refused.value)
    assert "did not start" not in said and "Dask" in said and re.search(SCRIPT[lang], said.lower()), said
    assert workers.Inherited.work is None


@pytest.mark.parametrize("lang", ["de", "ru", "el"])
def test_a_scheduler_that_did_not_start(monkeypatch: pytest.MonkeyPatch, lang: str) -> None:
    class Pipe:
        def poll(self, seconds: float) -> bool:
            return False

        def close(self) -> None:
            pass

    class Context:
        def Pipe(self, duplex: bool) -> tuple[Pipe, Pipe]:  # noqa: N802 -- multiprocessing's name
            return Pipe(), Pipe()

        def Process(self, **kwargs: Any) -> None:  # noqa: N802
            return None

    cluster = object.__new__(workers.LocalProcesses)
    monkeypatch.setattr(cluster, "_start", lambda child: None, raising=False)
    monkeypatch.setattr(workers, "START_TIMEOUT", 0)
    with speaking(lang), pytest.raises(KitgenError) as refused:
        cluster._start_scheduler(Context())
    said = str(refused.value)
    assert "did not start" not in said and "Dask" in said and re.search(SCRIPT[lang], said.lower()), said
