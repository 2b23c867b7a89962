"""The bot service for game frontends (``combatzoo serve``; the endpoints: ``app.py``).

By role: ``app.py`` builds the FastAPI app (``create_app``), ``routes.py`` holds the endpoints,
``models.py`` the request and answer bodies, ``bots.py`` the bots and their loading,
``engines.py`` the rules engine of each system and mode, ``limits.py`` the body limits (size,
time) and ``bodycheck.py`` what a body must be before it is parsed (depth, numbers),
``security.py`` who may call (host check, token, CORS), ``server.py`` how connections are held
(timeouts, concurrency), ``errors.py`` the refusals and their one shape. The service never
branches on a bot's kind: every agent answers its own ``act`` and ``action_probabilities``.
"""

from .app import app_from_environment, create_app
from .bots import Bot, BotRegistry, load_model_bot
from .errors import BotLoadError, ServiceError
from .limits import DEFAULT_MAX_BODY, BodyLimit
from .routes import API_VERSION

__all__ = ["API_VERSION", "DEFAULT_MAX_BODY", "Bot", "BodyLimit", "BotLoadError", "BotRegistry",
           "ServiceError", "app_from_environment", "create_app", "load_model_bot"]
