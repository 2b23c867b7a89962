// Solium Infernum: the map (SVG) with the legions and Places of Power, the Tribute and hands.
// Secret (docs/solium_infernum.md; the observation counts them only): the opponent's hand, both
// decks' order, and the cards the opponent has attached to a pending battle.

export function visible(state, seat) {
  if (seat === null) return state;
  const me = Number(seat.slice(-1));
  const opp = 1 - me;
  const seen = structuredClone(state);
  seen.players[opp].hand = Object.values(state.players[opp].hand).reduce((a, b) => a + b, 0);
  for (const p of [0, 1]) seen.players[p].deck = state.players[p].deck.length;
  if (seen.battle && seen.battle.attached) {
    seen.battle.attached[opp] = state.battle.attached[opp].length;
  }
  return seen;
}

// Cards attached to a battle are secret until the reveal.
export function secretMove(state) {
  return state.phase === "cards";
}

export function title(state) {
  if (state.phase === "over") return "Game over.";
  return `Turn ${state.turn + 1} of ${state.turns}: player_${state.current} gives an order (${state.phase}).`;
}

const SVG = "http://www.w3.org/2000/svg";
function svg(tag, attrs, text) {
  const node = document.createElementNS(SVG, tag);
  for (const [k, v] of Object.entries(attrs)) node.setAttribute(k, String(v));
  if (text !== undefined) node.textContent = text;
  return node;
}

const CELL = 66;

function map(state) {
  const root = svg("svg", { class: "si-map", width: state.width * CELL + 2, height: state.height * CELL + 2,
    viewBox: `-1 -1 ${state.width * CELL + 2} ${state.height * CELL + 2}` });
  for (let y = 0; y < state.height; y++) {
    for (let x = 0; x < state.width; x++) {
      root.append(svg("rect", { x: x * CELL, y: y * CELL, width: CELL, height: CELL, class: "canton" }));
    }
  }
  for (const place of state.places) {
    const [x, y] = place.at;
    const owner = place.owner === null ? "neutral" : `p${place.owner}`;
    const g = svg("g", { class: `place ${owner}` });
    g.append(svg("rect", { x: x * CELL + 3, y: y * CELL + 3, width: CELL - 6, height: CELL - 6, class: "place-frame" }));
    g.append(svg("text", { x: x * CELL + 6, y: y * CELL + CELL - 8, class: "place-name" }, `${place.kind} ${place.hp}HP`));
    root.append(g);
  }
  state.players.forEach((side, p) => side.legions.forEach((lg, k) => {
    if (!lg.alive) return;
    const [x, y] = lg.at;
    const g = svg("g", { class: `legion p${p}` });
    g.append(svg("circle", { cx: x * CELL + CELL / 2, cy: y * CELL + CELL / 2 - 8, r: 17 }));
    g.append(svg("text", { x: x * CELL + CELL / 2, y: y * CELL + CELL / 2 - 4, "text-anchor": "middle" }, `${"ABCDEF"[k]}${lg.hp}`));
    g.append(svg("title", {}, `player_${p} legion ${k + 1}: ${lg.kind}, ${lg.hp} HP`));
    root.append(g);
  }));
  return root;
}

function hand(h) {
  return typeof h === "number" ? `${h} card(s), hidden`
    : Object.entries(h).map(([c, n]) => `${c} ×${n}`).join(", ") || "empty";
}

function side(state, p, ctx) {
  const { el } = ctx;
  const s = state.players[p];
  const you = ctx.seat === `player_${p}` ? " (you)" : "";
  const legions = s.legions.map((lg, k) => el("li", { class: lg.alive ? "" : "dead" },
    `${"ABCDEF"[k]}: ${lg.kind} at ${lg.at.join(",")} — ${lg.alive ? `${lg.hp} HP` : "destroyed"}`));
  return el("div", { class: `si-side side-${p}` },
    el("h3", {}, `player_${p}${you}`),
    el("p", {}, `Tribute ${s.tribute} · enemy legions destroyed ${s.destroyed}`),
    el("p", { class: "hand", "data-owner": String(p) }, `Hand: ${hand(s.hand)}`),
    el("p", {}, `Deck: ${typeof s.deck === "number" ? s.deck : s.deck.length} · Discard: ${s.discard.join(", ") || "none"}`),
    el("ol", { class: "legions" }, ...legions));
}

function battle(state, ctx) {
  const { el } = ctx;
  const out = el("div", { class: "si-battle" });
  const b = state.battle;
  if (b) {
    const attached = (b.attached || []).map((a, p) => `player_${p}: ${typeof a === "number"
      ? `${a} card(s) face down` : a.map(([c, stat]) => (stat ? `${c} (${stat})` : c)).join(", ") || "none"}`);
    out.append(el("p", {}, `Battle at ${b.at.join(",")}: player_${b.attacker} attacks; attached — ${attached.join("; ")}`));
  }
  if (state.last_battle) {
    const lb = state.last_battle;
    const cardText = (c) => (Array.isArray(c) ? (c[1] ? `${c[0]} (${c[1]})` : c[0]) : String(c));
    const cards = (lb.cards || []).map((list, p) => `player_${p}: ${list.map(cardText).join(", ") || "none"}`);
    const totals = (lb.totals || []).map((t) => t.join("/")).join(" vs ");
    out.append(el("p", { class: "last-battle" }, `Last battle at ${lb.at.join(",")}: player_${lb.attacker} attacked; ` +
      `totals (Ranged/Melee/Infernal) ${totals}; damage ${(lb.damage || []).join(" / ")}; winner: ${lb.winner ?? "none"}; ` +
      `cards revealed — ${cards.join("; ")}`));
  }
  return out;
}

export function render(root, state, ctx) {
  root.className = "si";
  root.replaceChildren(
    ctx.el("div", { class: "si-board" }, map(state),
      ctx.el("div", { class: "si-sides" }, side(state, 0, ctx), side(state, 1, ctx))),
    battle(state, ctx));
}
