"""``combatzoo serve``: the bot service for game frontends (FastAPI on uvicorn).

``combatzoo serve --models bots/ --port 8000`` serves every ``.onnx`` (``combatzoo export``) file
in ``bots/`` plus the built-in ``random`` and ``heuristic`` bots of every system; ``.zip``
(MaskablePPO checkpoints, pickles that can run code when loaded) only with ``--trust-pickle``.
The API is documented in ``docs/service.md`` and its schema is at ``/openapi.json`` once it
runs. Needs the ``serve`` extra (fastapi, uvicorn); ONNX bots the ``export`` extra, checkpoints
the ``train`` extra.

Bound to loopback (the default) it answers only requests whose Host is localhost, 127.0.0.1 or
::1 (DNS rebinding). Bound to any other address, set a token (``--token`` or COMBATZOO_TOKEN):
every /v1 endpoint but health then needs ``Authorization: Bearer <token>``.
"""

from __future__ import annotations

import argparse
import json
import os
import sys
from typing import Any

from .common import TRUST_PICKLE_HELP, UserError

TOKEN_ENV = "COMBATZOO_TOKEN"


def add_parser(subparsers: Any) -> argparse.ArgumentParser:
    p = subparsers.add_parser(
        "serve", help="the HTTP bot service for frontends (act / legal / step)",
        description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    p.add_argument("--models", default=None, metavar="DIR",
                   help="folder of .zip / .onnx bots, loaded at start-up (default: built-ins only)")
    p.add_argument("--host", default="127.0.0.1", help="address to listen on (default loopback)")
    p.add_argument("--port", type=int, default=8000)
    p.add_argument("--max-body-bytes", type=int, default=1 << 20,
                   help="larger request bodies get 413 (default 1 MiB)")
    p.add_argument("--workers", type=int, default=1,
                   help="worker processes (each loads every bot; requests run one at a time "
                        "per worker)")
    p.add_argument("--system", action="append", default=None, dest="systems",
                   help="serve only this system (repeatable; default: all)")
    p.add_argument("--trust-pickle", action="store_true", help=TRUST_PICKLE_HELP)
    p.add_argument("--log-level", default="warning",
                   choices=["critical", "error", "warning", "info", "debug"])
    p.add_argument("--max-concurrency", type=int, default=64, metavar="N",
                   help="open connections or requests in flight per worker before new "
                        "requests get 503 (default 64)")
    p.add_argument("--request-timeout", type=float, default=10.0, metavar="SECONDS",
                   help="time a client has to send its request headers, and again its body "
                        "(default 10)")
    p.add_argument("--keep-alive", type=int, default=5, metavar="SECONDS",
                   help="how long an idle keep-alive connection is held (default 5)")
    p.add_argument("--cors-origin", action="append", default=[], dest="cors_origins",
                   metavar="ORIGIN", help="a browser origin allowed to call the service, e.g. "
                   "https://game.example (repeatable; default none)")
    p.add_argument("--token", default=None,
                   help=f"require 'Authorization: Bearer TOKEN' on every /v1 endpoint but "
                        f"health (default: ${TOKEN_ENV}, else no auth)")
    p.set_defaults(func=run)
    return p


def _check(args: argparse.Namespace) -> None:
    """Every number in range (issue 16: ``--max-body-bytes 0`` silently disabled the limit)."""
    if not 0 <= args.port <= 65535:
        raise UserError(f"--port {args.port}: must be 0..65535")
    if args.workers < 1:
        raise UserError(f"--workers {args.workers}: must be 1 or more")
    if args.max_body_bytes <= 0:
        raise UserError(f"--max-body-bytes {args.max_body_bytes}: must be positive")
    if args.max_concurrency < 1:
        raise UserError(f"--max-concurrency {args.max_concurrency}: must be 1 or more")
    if not 0 < args.request_timeout < float("inf"):
        raise UserError(f"--request-timeout {args.request_timeout}: must be a positive number "
                        f"of seconds")
    if args.keep_alive < 1:
        raise UserError(f"--keep-alive {args.keep_alive}: must be 1 second or more")
    for origin in args.cors_origins:
        if origin != "*" and not origin.startswith(("http://", "https://")):
            raise UserError(f"--cors-origin {origin!r}: expected scheme://host[:port] or *")


def _token(args: argparse.Namespace) -> str | None:
    token = args.token if args.token is not None else os.environ.get(TOKEN_ENV)
    if token is None or token == "":
        return None
    if not token.isascii() or not token.isprintable() or " " in token:
        raise UserError("--token: must be printable ASCII without spaces")
    return str(token)


def run(args: argparse.Namespace) -> int:
    try:
        from ..agents.service import BotLoadError, create_app
        from ..agents.service.security import LOOPBACK_HOSTS, is_loopback
        from ..agents.service.server import check_listen, run_server
    except ImportError as exc:
        raise UserError(f"serve needs the 'serve' extra: pip install 'combatzoo[serve]' ({exc})"
                        ) from None
    _check(args)
    token = _token(args)
    try:
        check_listen(args.host, args.port)
    except OSError as exc:
        raise UserError(str(exc)) from None
    loopback = is_loopback(args.host)
    settings = {"max_body_bytes": args.max_body_bytes, "systems": args.systems,
                "cors_origins": args.cors_origins, "body_timeout": args.request_timeout,
                "allowed_hosts": list(LOOPBACK_HOSTS) if loopback else None,
                "trust_pickle": args.trust_pickle}
    try:
        # Load once here even with several workers, so a bad models folder fails now, in
        # one clear line, rather than in every worker.
        app = create_app(args.models, token=token, **settings)  # type: ignore[arg-type]
    except BotLoadError as exc:
        raise UserError(str(exc)) from None
    print(f"combatzoo serve: http://{args.host}:{args.port} (schema at /openapi.json)",
          flush=True)
    if not loopback and token is None:
        print(f"combatzoo serve: warning: listening on {args.host}, beyond this machine, with "
              f"no token: anyone who can reach it may use it (set --token or {TOKEN_ENV})",
              file=sys.stderr, flush=True)
    limits = {"max_concurrency": args.max_concurrency, "request_timeout": args.request_timeout,
              "keep_alive": args.keep_alive}
    if args.workers == 1:
        run_server(app, host=args.host, port=args.port, workers=1, log_level=args.log_level,
                   **limits)
    else:
        os.environ["COMBATZOO_SERVE"] = json.dumps({"models": args.models, **settings})
        if token is not None:
            os.environ[TOKEN_ENV] = token
        run_server("combatzoo.agents.service:app_from_environment", host=args.host,
                   port=args.port, workers=args.workers, log_level=args.log_level, **limits)
    return 0
