"""``combatzoo serve``: the bot service for game frontends (FastAPI on uvicorn).

``combatzoo serve --models bots/ --port 8000`` serves every ``.onnx`` (``combatzoo export``) file
in ``bots/`` plus the built-in ``random`` and ``heuristic`` bots of every system; ``.zip``
(MaskablePPO checkpoints, pickles that can run code when loaded) only with ``--trust-pickle``.
The API is documented at ``/docs`` once it runs and in ``docs/service.md``. Needs the ``serve``
extra (fastapi, uvicorn); ONNX bots the ``export`` extra, checkpoints the ``train`` extra.
"""

from __future__ import annotations

import argparse
import json
import os
from typing import Any

from .common import TRUST_PICKLE_HELP, UserError, check_port_free


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
    p.set_defaults(func=run)
    return p


def run(args: argparse.Namespace) -> int:
    try:
        import uvicorn

        from ..agents.service import BotLoadError, create_app
    except ImportError as exc:
        raise UserError(f"serve needs the 'serve' extra: pip install 'combatzoo[serve]' ({exc})"
                        ) from None
    if not 0 <= args.port <= 65535:
        raise UserError(f"--port {args.port}: must be 0..65535")
    if args.workers < 1:
        raise UserError(f"--workers {args.workers}: must be 1 or more")
    check_port_free(args.host, args.port)
    settings = {"models": args.models, "max_body_bytes": args.max_body_bytes,
                "systems": args.systems, "trust_pickle": args.trust_pickle}
    try:
        # Load once here even with several workers, so a bad models folder fails now, in
        # one clear line, rather than in every worker.
        app = create_app(args.models, max_body_bytes=args.max_body_bytes, systems=args.systems,
                         trust_pickle=args.trust_pickle)
    except BotLoadError as exc:
        raise UserError(str(exc)) from None
    print(f"combatzoo serve: http://{args.host}:{args.port} (API docs at /docs)", flush=True)
    if args.workers == 1:
        uvicorn.run(app, host=args.host, port=args.port, log_level=args.log_level)
    else:
        os.environ["COMBATZOO_SERVE"] = json.dumps(settings)
        uvicorn.run("combatzoo.agents.service:app_from_environment", factory=True,
                    host=args.host, port=args.port, workers=args.workers,
                    log_level=args.log_level)
    return 0
