"""``kitgen serve``: the web app and its HTTP API on this machine (docs/web.md)."""

from __future__ import annotations

from kitgen.api import Command, Context, Group, Option, Options, Outcome, opt, typed
from kitgen.api import gettext as _

HOST = Option("host", str, "127.0.0.1", "Address to listen on (127.0.0.1: this machine only).")
PORT = Option("port", int, 8000, "Port to listen on (1..65535).", minimum=1, maximum=65535)
OPEN = Option("open", bool, False, "Open the app in a browser.")
WORKERS = Option("workers", int, 2, "Worker processes doing the games' work (1..16).", minimum=1, maximum=16)
TIME_LIMIT = Option("time_limit", float, 20.0, "Seconds any one request may work (a solve, a par search, a big "
                    "PDF) before it is stopped with a 503 (1..600).", minimum=1.0, maximum=600.0)


DB = Option("db", str, None, "The class database for class sessions: a SQLAlchemy URL "
            "(postgresql+psycopg://user@host/kitgen for a school server); default $KITGEN_DB, else a file in your "
            "user data folder.")


TEACHER = Option("teacher", bool, False, "Ask for a teacher's password as the server starts ($KITGEN_TEACHER_PASSWORD, "
                 "else a prompt; never on the command line): teachers sign in with it at /teacher to start a class "
                 "session or open any session's teacher page.")


class ServeOptions(Options):
    """``kitgen serve``: where it listens, its workers and their time limit, the class database."""

    host: str = opt(HOST)
    port: int = opt(PORT)
    open: bool = opt(OPEN)
    workers: int = opt(WORKERS)
    time_limit: float = opt(TIME_LIMIT)
    db: str | None = opt(DB)
    teacher: bool = opt(TEACHER)


def _network_warning(host: str, port: int) -> str:
    """What opening kitgen to the network means, and the address phones use."""
    import socket

    shown = host
    if host in ("0.0.0.0", "::", ""):
        try:
            shown = socket.gethostbyname(socket.gethostname())
        except OSError:
            shown = _("this computer's address")
    said = _("warning: kitgen is open to every device on this network, at {url} . Anyone on it can print, deal "
             "and check; a class session's pages need its link, and its teacher's page the teacher's key. Use it on "
             "a class network you trust (docs/web.md, \"Class sessions\").")
    return said.format(url=f"http://{shown}:{port}/")


def _serve(opts: ServeOptions, context: Context) -> Outcome:
    import uvicorn

    from kitgen.web.app import create_app
    from kitgen.web.teacher import read_password
    from kitgen.web.workers import Limits

    password = read_password(opts.teacher)  # before the workers fork: they never see it
    host, port = opts.host, opts.port
    url = f"http://{host}:{port}/"
    if opts.open:
        import threading
        import webbrowser

        threading.Timer(1.0, webbrowser.open, (url,)).start()
    print(_("kitgen serving on {url} (Ctrl-C stops it)").format(url=url), flush=True)
    if host not in ("127.0.0.1", "localhost", "::1"):
        print(_network_warning(host, port), flush=True)
    limits = Limits(workers=opts.workers, seconds=opts.time_limit, warm_solvers=True)
    app = create_app(limits, start_workers=True, db=opts.db, teacher=password)
    uvicorn.run(app, host=host, port=port, log_level="warning")
    return Outcome()


SERVE = Command("serve", Group.TOP, "kitgen in a browser: print, deal and check every game, and an HTTP API "
                "(http://127.0.0.1:8000).", (HOST, PORT, OPEN, WORKERS, TIME_LIMIT, DB, TEACHER),
                typed(ServeOptions, _serve))
