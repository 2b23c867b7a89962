"""``vec_env: subproc``: envs stepped in worker processes, several per worker, masks sent along.

SB3's ``SubprocVecEnv`` runs one env per process and answers every call with one pipe round
trip per env. MaskablePPO makes two calls per step (``env_method("action_masks")``, then
``step``), so on our envs, whose step costs a few tens of microseconds, the round trips cost
more than the steps they carry: 2 envs in 2 processes collected 38-52% of what one env collects
in-process (issue 14, ``combatzoo bench --measure scaling``).

:class:`ShardedSubprocVecEnv` cuts both costs:

- the envs are split into ``workers`` contiguous shards, each stepped by a ``DummyVecEnv``, so
  one round trip carries a shard's worth of steps; the last shard is stepped by the parent
  process itself while the workers step theirs (:class:`LocalShard`), so ``workers`` shards
  use ``workers`` cores with ``workers - 1`` worker processes;
- every ``step`` and ``reset`` answer carries the shard's action masks (one array), and
  ``env_method("action_masks")`` answers from them without a round trip;
- a worker writes its shard's observations (a ``Box`` space) into memory it shares with the
  parent instead of sending them down the pipe: a step of 8 Spellfire envs is 137 KB of
  observations (the whole game's: 206 KB), whose reading was the parent's largest share of
  the work that the workers wait for. On the 2-core machine the parent's ``recv`` of a
  worker's step of 8 whole-game envs took a median 150-200 µs with the observations in the
  pipe and 85 µs without them (battles: 165-175 µs and 110-170 µs). The actions (``Discrete``
  spaces), rewards, dones and masks cross the same way (:class:`ShardMemory`), and a step's
  answer carries the reset infos of the envs that ended only (the parent keeps the others):
  what is left in the pipe is the infos, which ``combatzoo train`` keeps lean
  (envs/core/single.py, "Infos"). On the 2-core machine (land_air_sea, 8 + 8 envs) the
  worker's pickled answer with full infos took 82 µs to send and 58 µs to read; with lean
  infos and the shared blocks, 31 µs and 21 µs;
- each worker process is pinned to a CPU of its own (:func:`worker_cpus`), when the workers and
  the parent fit on the CPUs this process may use. A pipe write wakes its reader with a hint
  that the writer will sleep, so when no CPU is idle Linux tends to run the worker on the
  parent's CPU, where it preempts the parent, which then steps its own shard only after the
  worker's: on the 2-core machine with both cores busy with other work, the parent's ``send``
  of a step of 16 land_air_sea envs took 460-650 µs unpinned and 24 µs pinned (on the quiet
  machine the difference was within noise). The parent stays unpinned (its torch threads use
  every CPU when it trains). ``pin=False`` (the config's ``pin_workers: false``) leaves the
  scheduler free, e.g. on a machine shared with other jobs;
- when the workers are pinned (each has a CPU of its own, so a busy wait costs no one else),
  a worker waiting for the next command and the parent waiting for the workers' answers poll
  the pipe for up to :data:`POLL_SECONDS` before they sleep in ``recv``. Waking a sleeping
  reader costs tens of microseconds on a virtual machine, twice per step: on the 2-core
  machine a step of 8 + 8 land_air_sea envs (the parent polling) took a median 900 µs with the
  worker sleeping in ``recv`` and 700 µs with it polling, the parent's ``send`` alone 65 µs
  and 29 µs. A worker that hears nothing for that long (the policy update between rollouts)
  sleeps as before.

The envs, their seeds (``seed + index``, as SB3 gives them) and their order are those of a
``DummyVecEnv`` over the same env functions, so a run steps the same games either way (a test
checks it). Any other ``env_method`` or ``set_attr`` may change an env, so it drops the kept
masks; the next ``action_masks`` call then asks the workers.
"""

from __future__ import annotations

import multiprocessing as mp
import os
import sys
import time
import traceback
from collections.abc import Callable, Sequence
from typing import Any

import gymnasium as gym
import numpy as np
from stable_baselines3.common.vec_env import DummyVecEnv
from stable_baselines3.common.vec_env.base_vec_env import (
    CloudpickleWrapper,
    VecEnv,
    VecEnvIndices,
    VecEnvObs,
    VecEnvStepReturn,
)

MASKS = "action_masks"
"""The method sb3-contrib's ``get_action_masks`` calls on every env before each step."""

POLL_SECONDS = 0.002
"""How long a pinned worker polls for the parent's next command, and the parent of pinned
workers for their answers, before sleeping in ``recv``: longer than the policy's forward pass
between two steps of a rollout, far shorter than a policy update."""


def _poll(remote: Any, seconds: float) -> None:
    """Busy-wait up to ``seconds`` for a message on ``remote`` (none: return at once)."""
    if seconds <= 0:
        return
    deadline = time.perf_counter() + seconds
    ready = remote.poll
    while not ready() and time.perf_counter() < deadline:
        pass


def cores() -> int:
    """CPU cores this process may run on."""
    try:
        return len(os.sched_getaffinity(0))
    except AttributeError:  # not on Linux
        return os.cpu_count() or 1


def default_workers(n_envs: int) -> int:
    """Worker processes when the config gives none: one per core, at most one per env."""
    return max(1, min(n_envs, cores()))


def worker_cpus(workers: int, allowed: Sequence[int] | None = None) -> list[int | None]:
    """The CPU each of the ``workers - 1`` worker processes is pinned to: the first of the
    ``allowed`` CPUs (default: those this process may run on), one each, leaving the rest to the
    parent; ``None`` for every worker when they and the parent do not fit (more shards than
    CPUs) or the platform cannot pin."""
    if allowed is None:
        try:
            allowed = sorted(os.sched_getaffinity(0))
        except AttributeError:  # not on Linux
            return [None] * (workers - 1)
    if workers > len(allowed):
        return [None] * (workers - 1)
    return list(allowed[:workers - 1])


def _pin(cpu: int | None) -> None:
    """Pin this process to ``cpu`` (a speed hint: a platform or container that refuses it
    leaves the process where the scheduler puts it)."""
    if cpu is None:
        return
    try:
        os.sched_setaffinity(0, {cpu})
    except (AttributeError, OSError):
        pass


THREAD_VARIABLES = ("OMP_NUM_THREADS", "MKL_NUM_THREADS", "OPENBLAS_NUM_THREADS")
"""What a worker sets to 1 for the thread pools of the libraries its envs load."""


def _one_thread() -> None:
    """Run this worker's thread pools (torch's, for the self-play snapshots it plays as
    opponents; BLAS) on one thread. A worker steps one core's worth of envs, and a pool of one
    thread per CPU in every worker, each pinned to one CPU, makes the pool's threads wait for
    each other behind the worker's own work: on the 2-core machine a ``combatzoo train`` of
    32,768 land_air_sea timesteps (16 envs, self-play) took 33 s with pinned workers whose torch
    used the default threads, 12 s with one (``vec_env: dummy``: 11 s). The variables reach
    libraries imported later; torch, if already imported, is told directly."""
    for name in THREAD_VARIABLES:
        os.environ[name] = "1"
    torch = sys.modules.get("torch")
    if torch is not None:
        torch.set_num_threads(1)


def shard_sizes(n_envs: int, workers: int) -> list[int]:
    """Envs per worker: ``n_envs`` split into ``workers`` contiguous shards whose sizes differ by
    at most one (the first ones take the remainder)."""
    if not 1 <= workers <= n_envs:
        raise ValueError(f"workers: expected 1..{n_envs} (the number of envs), got {workers}")
    base, extra = divmod(n_envs, workers)
    return [base + (i < extra) for i in range(workers)]


def _masks(venv: DummyVecEnv, has_masks: bool) -> np.ndarray | None:
    """The shard's action masks, one row per env (one array crosses a pipe faster than one
    per env), or None when its envs have none."""
    return np.stack(venv.env_method(MASKS)) if has_masks else None


class ShardMemory:
    """One worker shard's step data in memory it shares with the parent: the actions the parent
    writes (``Discrete`` action spaces) and the observations (``Box`` spaces), rewards, dones
    and action masks the worker writes. Each value goes through its block when its dtype and
    shape are the block's (always, for our envs), else down the pipe as before; :data:`IN_MEMORY`
    in a message says "read it from the block". Built by the parent before the worker starts (the
    blocks travel with the process's arguments); each side makes its views with :meth:`views`.
    """

    def __init__(self, ctx: Any, size: int, obs_space: gym.Space,  # type: ignore[type-arg]
                 action_space: gym.Space) -> None:  # type: ignore[type-arg]
        def block(dtype: Any, shape: tuple[int, ...]) -> tuple[Any, str, tuple[int, ...]]:
            dtype = np.dtype(dtype)
            return ctx.RawArray("b", max(1, int(np.prod(shape))) * dtype.itemsize), dtype.str, shape

        discrete = isinstance(action_space, gym.spaces.Discrete)
        self.blocks = {
            "obs": block(obs_space.dtype, (size, *obs_space.shape))  # type: ignore[misc]
            if isinstance(obs_space, gym.spaces.Box) else None,
            "actions": block(np.int64, (size,)) if discrete else None,
            "rewards": block(np.float32, (size,)),
            "dones": block(np.bool_, (size,)),
            "masks": block(np.bool_, (size, int(action_space.n))) if discrete else None,  # type: ignore[attr-defined]
        }

    def views(self) -> dict[str, np.ndarray | None]:
        """Each block as an array (``None`` where the space has none)."""
        return {key: None if b is None else
                np.frombuffer(b[0], dtype=b[1])[:int(np.prod(b[2]))].reshape(b[2])
                for key, b in self.blocks.items()}


IN_MEMORY = "<in shared memory>"
"""What a message holds in place of a value written into the shard's shared memory."""


def _put(value: Any, view: np.ndarray | None) -> Any:
    """``value`` written into ``view`` (then :data:`IN_MEMORY`: read it there), when it fits
    exactly; else ``value`` itself, to go down the pipe."""
    if view is None or not isinstance(value, np.ndarray) or value.dtype != view.dtype \
            or value.shape != view.shape:
        return value
    view[...] = value
    return IN_MEMORY


def _take(value: Any, view: np.ndarray | None) -> Any:
    """What :func:`_put` sent: the shared ``view`` where it sent :data:`IN_MEMORY`. Read
    (copied into the batch) before the next command lets the worker write it again."""
    return view if isinstance(value, str) and value == IN_MEMORY else value


STEP_FIELDS = ("obs", "rewards", "dones", None, None, "masks")
"""The block of each value of a ``step`` answer (obs, rewards, dones, infos, reset infos,
masks); ``None``: always down the pipe."""
RESET_FIELDS = ("obs", None, "masks")
"""The same for a ``reset`` answer (obs, reset infos, masks)."""


def _fields(cmd: str) -> tuple[str | None, ...] | None:
    return STEP_FIELDS if cmd == "step" else RESET_FIELDS if cmd == "reset" else None


def _to_shared(answer: Any, cmd: str, views: dict[str, np.ndarray | None] | None) -> Any:
    """A ``step`` or ``reset`` answer with the values that fit written into the shard's
    blocks (:data:`IN_MEMORY` in their place), or ``answer`` as it is."""
    fields = _fields(cmd)
    if views is None or fields is None or isinstance(answer, WorkerError):
        return answer
    return tuple(value if key is None else _put(value, views[key])
                 for value, key in zip(answer, fields, strict=True))


def _from_shared(answers: list[Any], cmd: str,
                 views: Sequence[dict[str, np.ndarray | None] | None]) -> list[Any]:
    """The shards' answers with the values their workers wrote into shared memory in place."""
    fields = _fields(cmd)
    assert fields is not None
    return [answer if shard is None else
            tuple(value if key is None else _take(value, shard[key])
                  for value, key in zip(answer, fields, strict=True))
            for answer, shard in zip(answers, views, strict=True)]


def _answer(venv: DummyVecEnv, has_masks: bool, cmd: str, data: Any) -> Any:
    """One command of the parent, run on the worker's shard."""
    if cmd == "step":
        obs, rewards, dones, infos = venv.step(data)
        # Only the envs that ended were reset: the parent keeps the other reset infos.
        resets = {int(i): venv.reset_infos[i] for i in np.flatnonzero(dones)}
        return obs, rewards, dones, infos, resets, _masks(venv, has_masks)
    if cmd == "reset":
        venv._seeds, venv._options = list(data[0]), list(data[1])
        obs = venv.reset()
        return obs, venv.reset_infos, _masks(venv, has_masks)
    if cmd == "env_method":
        name, args, kwargs, indices = data
        return venv.env_method(name, *args, indices=indices, **kwargs)
    if cmd == "get_attr":
        return venv.get_attr(data[0], indices=data[1])
    if cmd == "set_attr":
        venv.set_attr(data[0], data[1], indices=data[2])
        return []
    if cmd == "has_attr":
        return venv.has_attr(data)
    if cmd == "is_wrapped":
        return venv.env_is_wrapped(data[0], indices=data[1])
    if cmd == "render":
        return venv.get_images()
    raise NotImplementedError(f"unknown command {cmd!r} for a shard worker")


class WorkerError(RuntimeError):
    """An env raised in a worker process; the message holds the worker's traceback."""


def _answer_or_error(venv: DummyVecEnv, has_masks: bool, cmd: str, data: Any) -> Any:
    """``_answer``, or the exception it raised as a :class:`WorkerError` holding its
    traceback, to be raised by the parent."""
    try:
        return _answer(venv, has_masks, cmd, data)
    except Exception:  # noqa: BLE001 - handed to the parent with its traceback
        return WorkerError(traceback.format_exc())


class LocalShard:
    """The last shard, stepped by the parent process itself between sending the other shards
    their commands and reading their answers: on ``cores`` cores, ``cores - 1`` workers and the
    parent step envs at the same time, and the parent does not sit idle waiting. It answers
    like a worker's pipe (``send`` runs the command, ``recv`` returns its answer)."""

    def __init__(self, fns: list[Callable[[], gym.Env]]) -> None:  # type: ignore[type-arg]
        self.venv = DummyVecEnv(fns)
        self.has_masks = self.venv.has_attr(MASKS)
        self.answer: Any = None

    def send(self, message: tuple[str, Any]) -> None:
        cmd, data = message
        if cmd == "close":
            self.venv.close()
        else:
            self.answer = _answer_or_error(self.venv, self.has_masks, cmd, data)

    def recv(self) -> Any:
        answer, self.answer = self.answer, None
        return answer

    def poll(self) -> bool:
        """Its answer is always there (``send`` ran the command)."""
        return True

    def close(self) -> None:
        """Nothing to release: its envs were closed by the "close" command."""


def _worker(remote: Any, parent_remote: Any, fns: CloudpickleWrapper,
            cpu: int | None = None, memory: ShardMemory | None = None) -> None:
    """A worker process: pinned to ``cpu`` (if any), builds its shard, then answers the parent
    until told to close, through ``memory`` (shared with the parent) where it can. An exception
    is sent back (as its traceback) rather than ending the process with a broken pipe, so that
    the parent can say what failed."""
    parent_remote.close()
    _pin(cpu)
    _one_thread()
    poll_seconds = POLL_SECONDS if cpu is not None else 0.0  # pinned: a CPU of its own
    venv = DummyVecEnv(fns.var)
    has_masks = venv.has_attr(MASKS)
    views = None if memory is None else memory.views()
    actions = None if views is None else views["actions"]
    while True:
        try:
            _poll(remote, poll_seconds)
            cmd, data = remote.recv()
        except (EOFError, KeyboardInterrupt):
            break
        if cmd == "close":
            venv.close()
            remote.close()
            break
        if cmd == "step" and actions is not None:
            data = _take(data, actions).copy()  # a copy: DummyVecEnv keeps them
        remote.send(_to_shared(_answer_or_error(venv, has_masks, cmd, data), cmd, views))


def _gather(remotes: Sequence[Any], poll_seconds: float = 0.0) -> list[Any]:
    """One answer from each of ``remotes`` (each polled up to ``poll_seconds`` first), all read
    before a worker's exception is raised here (so that no answer is left in a pipe)."""
    answers = []
    for remote in remotes:
        _poll(remote, poll_seconds)
        answers.append(remote.recv())
    for answer in answers:
        if isinstance(answer, WorkerError):
            raise WorkerError(f"an env failed in a vec_env subproc worker:\n{answer}")
    return answers


def _gather_quietly(remotes: Sequence[Any]) -> None:
    """Read the answers still owed (closing after a failed step), ignoring their errors."""
    for remote in remotes:
        remote.recv()


def _concat(parts: Sequence[VecEnvObs], space: gym.Space) -> VecEnvObs:  # type: ignore[type-arg]
    """The shards' observation batches as one batch, in env order."""
    if isinstance(space, gym.spaces.Dict):
        return {key: np.concatenate([p[key] for p in parts]) for key in space.spaces}  # type: ignore[index,call-overload]
    if isinstance(space, gym.spaces.Tuple):
        return tuple(np.concatenate([p[i] for p in parts]) for i in range(len(space.spaces)))  # type: ignore[index]
    return np.concatenate(parts)  # type: ignore[arg-type]


class ShardedSubprocVecEnv(VecEnv):
    """``n_envs`` envs in ``workers`` shards (contiguous): the last stepped by this process, the
    others by a worker process each (pinned to a CPU each unless ``pin`` is false); masks sent
    with each step."""

    def __init__(self, env_fns: list[Callable[[], gym.Env]], workers: int,  # type: ignore[type-arg]
                 start_method: str | None = None, pin: bool = True) -> None:
        sizes = shard_sizes(len(env_fns), workers)
        cpus = worker_cpus(workers) if pin else [None] * (workers - 1)
        self.poll_seconds = POLL_SECONDS if workers > 1 and cpus[0] is not None else 0.0
        """How long this process polls for the workers' step answers (their CPUs are theirs)."""
        self.starts = [sum(sizes[:i]) for i in range(workers)]
        """Index of each shard's first env."""
        self.sizes = sizes
        if start_method is None:
            start_method = "forkserver" if "forkserver" in mp.get_all_start_methods() else "spawn"
        ctx = mp.get_context(start_method)
        local = LocalShard(env_fns[self.starts[-1]:])  # first: its spaces size the shared memory
        space = local.venv.observation_space
        self.remotes: list[Any] = []
        """One answering end per shard: a worker's pipe, or the :class:`LocalShard` (the last)."""
        self.memory: list[dict[str, np.ndarray | None] | None] = []
        """Per shard: the views of what its worker shares with this process
        (:class:`ShardMemory`; ``None`` for the local shard)."""
        self.processes = []
        for start, size, cpu in zip(self.starts[:-1], sizes[:-1], cpus, strict=True):
            parent, child = ctx.Pipe()
            fns = CloudpickleWrapper(env_fns[start:start + size])
            memory = ShardMemory(ctx, size, space, local.venv.action_space)
            process = ctx.Process(target=_worker, args=(child, parent, fns, cpu, memory),  # type: ignore[attr-defined]
                                  daemon=True)
            process.start()
            self.processes.append(process)
            child.close()
            self.remotes.append(parent)
            self.memory.append(memory.views())
        self.remotes.append(local)
        self.memory.append(None)
        self.waiting = False
        self.closed = False
        self.kept_masks: list[np.ndarray] | None = None
        """The masks of the last ``step`` or ``reset`` answer, until something may change them."""
        super().__init__(len(env_fns), space, local.venv.action_space)

    # --- stepping ------------------------------------------------------------------------------

    def step_async(self, actions: np.ndarray) -> None:
        for remote, start, size, views in zip(self.remotes, self.starts, self.sizes,
                                              self.memory, strict=True):
            share = actions[start:start + size]
            if views is not None:
                share = _put(share, views["actions"])  # IN_MEMORY: the worker reads its block
            remote.send(("step", share))
        self.waiting = True

    def step_wait(self) -> VecEnvStepReturn:
        self.waiting = False  # _gather reads every answer, even when one is an error
        results = _from_shared(_gather(self.remotes, self.poll_seconds), "step", self.memory)
        obs, rewards, dones, infos, resets, masks = zip(*results, strict=True)
        for start, shard in zip(self.starts, resets, strict=True):
            for i, info in shard.items():
                self.reset_infos[start + i] = info
        self._keep_masks(masks)
        return (_concat(obs, self.observation_space), np.concatenate(rewards),
                np.concatenate(dones), [info for shard in infos for info in shard])

    def reset(self) -> VecEnvObs:
        for remote, start, size in zip(self.remotes, self.starts, self.sizes, strict=True):
            shard = slice(start, start + size)
            remote.send(("reset", (self._seeds[shard], self._options[shard])))
        results = _from_shared(_gather(self.remotes), "reset", self.memory)
        obs, resets, masks = zip(*results, strict=True)
        self.reset_infos = [info for shard in resets for info in shard]
        self._keep_masks(masks)
        # Seeds and options are used once, as by SB3's vec envs.
        self._reset_seeds()
        self._reset_options()
        return _concat(obs, self.observation_space)

    def _keep_masks(self, masks: Sequence[np.ndarray | None]) -> None:
        self.kept_masks = None if any(m is None for m in masks) else list(
            np.concatenate(masks))  # type: ignore[arg-type]

    def close(self) -> None:
        if self.closed:
            return
        if self.waiting:
            _gather_quietly(self.remotes)
        for remote in self.remotes:
            remote.send(("close", None))
        for process in self.processes:
            process.join()
        for remote in self.remotes:
            remote.close()
        self.closed = True

    # --- calls on some envs ----------------------------------------------------------------------

    def _ask(self, cmd: str, make: Callable[[list[int]], Any], indices: VecEnvIndices) -> list[Any]:
        """Send ``cmd`` to every shard holding one of ``indices`` (with ``make(local indices)``
        as its data) and return the answers, one per asked env, in env order."""
        wanted = set(self._get_indices(indices))
        asked = []
        for remote, start, size in zip(self.remotes, self.starts, self.sizes, strict=True):
            local = [i - start for i in range(start, start + size) if i in wanted]
            if local:
                remote.send((cmd, make(local)))
                asked.append(remote)
        return [answer for shard in _gather(asked) for answer in shard]

    def env_method(self, method_name: str, *method_args: Any, indices: VecEnvIndices = None,
                   **method_kwargs: Any) -> list[Any]:
        if method_name == MASKS and self.kept_masks is not None and not method_args \
                and not method_kwargs:
            return [self.kept_masks[i] for i in self._get_indices(indices)]
        self.kept_masks = None  # the method may change an env
        return self._ask("env_method",
                         lambda local: (method_name, method_args, method_kwargs, local), indices)

    def get_attr(self, attr_name: str, indices: VecEnvIndices = None) -> list[Any]:
        return self._ask("get_attr", lambda local: (attr_name, local), indices)

    def set_attr(self, attr_name: str, value: Any, indices: VecEnvIndices = None) -> None:
        self.kept_masks = None
        self._ask("set_attr", lambda local: (attr_name, value, local), indices)

    def has_attr(self, attr_name: str) -> bool:
        for remote in self.remotes:
            remote.send(("has_attr", attr_name))
        return all(_gather(self.remotes))

    def env_is_wrapped(self, wrapper_class: type[gym.Wrapper],  # type: ignore[type-arg]
                       indices: VecEnvIndices = None) -> list[bool]:
        return self._ask("is_wrapped", lambda local: (wrapper_class, local), indices)

    def get_images(self) -> Sequence[np.ndarray | None]:
        for remote in self.remotes:
            remote.send(("render", None))
        return [image for shard in _gather(self.remotes) for image in shard]
