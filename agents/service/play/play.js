// The table in the browser (issue 18): a reference client of the documented bot API.
// It plays only through POST /v1/{system}/new, legal, act, step and GET /v1/bots, and reads
// Spellfire card facts from GET /v1/{system}/cards (docs/service.md). It keeps the full state
// (the frontend's own game) in memory and draws only what the human seat may see: each drawing
// module's visible() removes the opponent's secrets before anything reaches the DOM.
import * as landAirSea from "./draw_land_air_sea.js";
import * as solium from "./draw_solium_infernum.js";
import * as spellfire from "./draw_spellfire.js";

const SYSTEMS = {
  land_air_sea: { path: "land_air_sea", mode: null, bots: "land_air_sea", draw: landAirSea },
  solium_infernum: { path: "solium_infernum", mode: null, bots: "solium_infernum", draw: solium },
  spellfire: { path: "spellfire", mode: null, bots: "spellfire", draw: spellfire },
  // The whole game is system spellfire in mode "game"; its bots are spellfire_game's.
  spellfire_game: { path: "spellfire", mode: "game", bots: "spellfire_game", draw: spellfire },
};
const AGENTS = ["player_0", "player_1"];
const $ = (id) => document.getElementById(id);

export class ApiError extends Error {
  constructor(status, body) {
    super(body && body.error ? body.error : `HTTP ${status}`);
    this.status = status;
    this.body = body;
  }
}

async function api(path, body) {
  const init = body === undefined ? {} : {
    method: "POST", headers: { "content-type": "application/json" }, body: JSON.stringify(body),
  };
  let res;
  try {
    res = await fetch(path, init);
  } catch (err) {
    throw new ApiError(0, { error: `cannot reach the service (${err.message})` });
  }
  const data = await res.json().catch(() => ({ error: `HTTP ${res.status} without a JSON body` }));
  if (!res.ok) throw new ApiError(res.status, data);
  return data;
}

const game = {
  sys: null, seat: null, bots: {}, positions: [], cursor: 0, token: 0, cards: {}, legal: [],
  busy: false,
};
let allBots = [];

function system() { return SYSTEMS[$("system").value]; }
function speed() { return Math.max(0, Number($("speed").value) || 0); }
function sleep(ms) { return new Promise((done) => setTimeout(done, ms)); }
function current() { return game.positions[game.positions.length - 1]; }

function el(tag, attrs = {}, ...children) {
  const node = document.createElement(tag);
  for (const [k, v] of Object.entries(attrs)) {
    if (k === "class") node.className = v; else node.setAttribute(k, v);
  }
  for (const c of children) node.append(c);
  return node;
}

function showError(err) {
  const box = $("error");
  const status = err.status ? ` (HTTP ${err.status})` : "";
  box.textContent = `The service refused: ${err.message}${status}`;
  box.hidden = false;
}

function clearError() { $("error").hidden = true; $("error").textContent = ""; }

// --- bots and setup -----------------------------------------------------------------------

function fillBots() {
  const names = allBots.filter((b) => b.system === system().bots).map((b) => b.name);
  for (const id of ["bot", "bot2"]) {
    const select = $(id);
    const keep = select.value;
    select.replaceChildren(...names.map((n) => el("option", { value: n }, n)));
    select.value = names.includes(keep) ? keep : (names.includes("heuristic") ? "heuristic" : names[0]);
  }
}

function fillMode() {
  const watching = $("mode").value === "watch";
  document.body.classList.toggle("watching", watching);
  $("seat").disabled = watching;
  $("bot-label").textContent = watching ? "Bot of player_0" : "Bot";
}

async function loadBots() {
  try {
    allBots = (await api("/v1/bots")).bots;
    fillBots();
  } catch (err) {
    showError(err);
  }
}

// --- the game -----------------------------------------------------------------------------

async function start() {
  const token = ++game.token;
  clearError();
  game.sys = system();
  const watching = $("mode").value === "watch";
  game.seat = watching ? null : $("seat").value;
  const other = game.seat === "player_0" ? "player_1" : "player_0";
  game.bots = watching ? { player_0: $("bot").value, player_1: $("bot2").value }
    : { [other]: $("bot").value };
  game.positions = [];
  game.legal = [];
  const body = { seed: Number($("seed").value) || 0 };
  if (game.sys.mode) body.mode = game.sys.mode;
  game.busy = true;
  try {
    const fresh = await api(`/v1/${game.sys.path}/new`, body);
    await learnCards(fresh.state);
    game.positions.push({ state: fresh.state, to_act: fresh.to_act, over: false, returns: null,
      events: [], moves: [] });
    await advance(token);
  } catch (err) {
    showError(err);
  } finally {
    if (token === game.token) game.busy = false;
  }
}

async function learnCards(state) {
  if (!game.sys.draw.cardKeys) return;
  const missing = [...new Set(game.sys.draw.cardKeys(state))].filter((k) => !(k in game.cards));
  for (let i = 0; i < missing.length; i += 200) {
    const keys = encodeURIComponent(missing.slice(i, i + 200).join(","));
    const mode = game.sys.mode ? `&mode=${game.sys.mode}` : "";
    const answer = await api(`/v1/${game.sys.path}/cards?keys=${keys}${mode}`);
    for (const card of answer.cards) game.cards[card.key] = card;
  }
}

// Bots move until the human seat must decide (or the game ends, or Stop is pressed).
async function advance(token) {
  for (;;) {
    if (token !== game.token) return;
    const pos = current();
    game.cursor = game.positions.length - 1;
    game.legal = [];
    if (!pos.over && pos.to_act.includes(game.seat)) {
      const answer = await api(`/v1/${game.sys.path}/legal`, { state: pos.state, agent: game.seat });
      game.legal = answer.legal;
    }
    render();
    if (pos.over || game.legal.length) return;
    await sleep(speed());
    if (token !== game.token) return;
    await play({}, token);
  }
}

// One step: the human's chosen actions plus a bot's answer for every other seat to act.
async function play(chosen, token) {
  const pos = current();
  const actions = { ...chosen };
  const moves = Object.keys(chosen).map((agent) => ({ agent, by: "you", label: labelOf(chosen[agent]) }));
  for (const agent of pos.to_act) {
    if (agent in actions) continue;
    const bot = game.bots[agent];
    if (!bot) throw new ApiError(0, { error: `${agent} must act, and no bot plays it` });
    const answer = await api(`/v1/${game.sys.path}/act`, { state: pos.state, agent, bot, seed: game.positions.length });
    actions[agent] = answer.action;
    moves.push({ agent, by: bot, label: answer.label, secret: game.seat !== null && game.sys.draw.secretMove(pos.state) });
  }
  const next = await api(`/v1/${game.sys.path}/step`, { state: pos.state, actions });
  if (token !== game.token) return;
  await learnCards(next.state);
  game.positions.push({ ...next, moves });
}

function labelOf(action) {
  const found = game.legal.find((e) => e.id === action || e.label === action);
  return found ? found.label : String(action);
}

async function humanMove(action) {
  if (game.busy) return;
  game.busy = true;
  clearError();
  const token = game.token;
  try {
    await play({ [game.seat || "player_0"]: action }, token);
    await advance(token);
  } catch (err) {
    showError(err);
    render();
  } finally {
    game.busy = false;
  }
}

// --- drawing ------------------------------------------------------------------------------

function resultText(pos) {
  const r = pos.returns || [];
  const winner = r.findIndex((x) => x > 0);
  return winner >= 0 ? `Game over: player_${winner} wins (returns ${r.join(" / ")}).`
    : `Game over: a draw (returns ${r.join(" / ")}).`;
}

function render() {
  const pos = game.positions[game.cursor];
  if (!pos) return;
  const draw = game.sys.draw;
  const seen = draw.visible(pos.state, game.seat);
  draw.render($("table"), seen, { seat: game.seat, cards: game.cards, el });
  const status = $("status");
  const who = pos.to_act.map((a) => (a === game.seat ? `${a} (you)` : a)).join(", ");
  status.textContent = pos.over ? resultText(pos) : `${draw.title(seen)} To act: ${who || "nobody"}.`;
  status.dataset.over = String(pos.over);
  $("position").textContent = `position ${game.cursor} of ${game.positions.length - 1}`;
  renderMoves(game.cursor === game.positions.length - 1);
  renderLog();
}

function renderMoves(atEnd) {
  const box = $("moves");
  const legal = atEnd ? game.legal : [];
  box.replaceChildren(...legal.map((e) => {
    const b = el("button", { type: "button", class: "move", "data-id": String(e.id), "data-kind": e.kind }, e.label);
    b.addEventListener("click", () => humanMove(e.id));
    return b;
  }));
  if (!legal.length) {
    const pos = game.positions[game.cursor];
    box.append(el("p", {}, pos && pos.over ? "The game is over." : (atEnd ? "Waiting for the bots..." : "Viewing history: go to the last position to play.")));
  }
}

function renderLog() {
  const items = [];
  game.positions.slice(1, game.cursor + 1).forEach((pos, i) => {
    for (const m of pos.moves) {
      const text = m.secret ? `${m.agent} (${m.by}) decides in secret` : `${m.agent} (${m.by}): ${m.label}`;
      items.push(el("li", { class: "move-line", "data-step": String(i + 1) }, text));
    }
    for (const e of pos.events) items.push(el("li", { class: `event ${e.kind}` }, e.text));
  });
  $("log").replaceChildren(...items.reverse());
}

function goTo(index) {
  if (!game.positions.length) return;
  game.cursor = Math.max(0, Math.min(game.positions.length - 1, index));
  render();
}

// --- wiring -------------------------------------------------------------------------------

$("setup").addEventListener("submit", (ev) => { ev.preventDefault(); start(); });
$("stop").addEventListener("click", () => { game.token += 1; });
$("system").addEventListener("change", fillBots);
$("mode").addEventListener("change", fillMode);
$("first").addEventListener("click", () => goTo(0));
$("prev").addEventListener("click", () => goTo(game.cursor - 1));
$("next").addEventListener("click", () => goTo(game.cursor + 1));
$("last").addEventListener("click", () => goTo(game.positions.length - 1));
$("by-id").addEventListener("submit", (ev) => {
  ev.preventDefault();
  const text = $("action-input").value.trim();
  if (!text || !game.positions.length) return;
  humanMove(/^\d+$/.test(text) ? Number(text) : text);
});

// For tests and debugging: the game as the page holds it (memory, never the DOM).
window.combatzooPlay = { game, current: () => current() && current().state };

fillMode();
loadBots();
