"""The request and answer bodies of the bot service (pydantic models: the OpenAPI schema)."""

from __future__ import annotations

from typing import Any

from pydantic import BaseModel, ConfigDict, Field

NAME_LENGTH = 200
"""The longest agent, bot or mode name a request may give (a refusal echoes the name)."""


class StateRequest(BaseModel):
    model_config = ConfigDict(extra="forbid")
    state: dict[str, Any] = Field(description="the full game state, as /new or /step give it")


class LegalRequest(StateRequest):
    agent: str = Field(max_length=NAME_LENGTH,
                       description="whose legal actions: player_0, player_1 ...",
                       examples=["player_0"])


class ActRequest(LegalRequest):
    bot: str = Field(max_length=NAME_LENGTH,
                     description="a name from GET /v1/bots for this system",
                     examples=["heuristic"])
    seed: int | None = Field(None, ge=0, description="seeds the bot's sampling (same seed, "
                                                     "same answer); none: fresh entropy")
    sample: bool = Field(False, description="policy bots: sample from the probabilities "
                                            "instead of taking the most likely action")


class StepRequest(StateRequest):
    actions: dict[str, int | str] = Field(
        description="one action (id or label) per agent that must act now",
        examples=[{"player_0": 3}])


class NewRequest(BaseModel):
    model_config = ConfigDict(extra="forbid")
    seed: int = Field(0, ge=0, description="seeds the deal; same seed, same state")
    mode: str | None = Field(None, max_length=NAME_LENGTH,
                             description="the system's mode where it has several (spellfire: "
                                         "battle or game); none: the default")


class LegalAction(BaseModel):
    id: int
    label: str
    kind: str = Field(description="the action's kind (the system's ActionKind), for programs")
    args: dict[str, int | str] = Field(description="the kind's arguments (hand slot, realm "
                                                   "slot, card...), for programs")


class Scored(BaseModel):
    id: int
    label: str
    probability: float


class LegalResponse(BaseModel):
    agent: str
    to_act: bool = Field(description="whether this agent must decide now")
    over: bool
    legal: list[LegalAction]


class ActResponse(BaseModel):
    agent: str
    bot: str
    action: int
    label: str
    probabilities: list[Scored] = Field(description="the bot's probability of each legal "
                                                    "action, most likely first")


class StepResponse(BaseModel):
    state: dict[str, Any]
    events: list[dict[str, Any]]
    over: bool
    to_act: list[str]
    returns: list[float] | None = Field(description="final returns when over, else null")


class NewResponse(BaseModel):
    state: dict[str, Any]
    to_act: list[str]


class ErrorBody(BaseModel):
    error: str = Field(description="what was wrong, in one line")
    field: str | None = Field(description="the request field to blame (``state.players[0]``, "
                                          "``seed``, ``body``, ``authorization``...), or null")
