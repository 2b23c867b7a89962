// Spellfire (battles and whole games): each side's formation pyramid, pool, the battle in
// progress, the piles, and the human's hand; every card by name, type, level and power from
// GET /v1/{system}/cards. Secret (docs/spellfire.md; the observation counts them only): the
// opponent's hand and the spoils card it drew, and both draw piles.

export function visible(state, seat) {
  if (seat === null) return state;
  const me = Number(seat.slice(-1));
  const opp = 1 - me;
  const seen = structuredClone(state);
  seen.players[opp].hand = state.players[opp].hand.length;
  for (const p of [0, 1]) seen.players[p].draw = state.players[p].draw.length;
  if (seen.battle && seen.battle.spoils) seen.battle.spoils[opp] = null;
  return seen;
}

// Every Spellfire card is played face up.
export function secretMove() {
  return false;
}

// The card keys a state names (the page asks /cards for their facts once).
export function cardKeys(state) {
  return state.cards;
}

export function title(state) {
  const b = state.battle;
  const game = state.mode === "game" ? `Turn ${state.turn}, phase ${state.phase}; ` : "";
  return `${game}player_${state.attacker} attacks; battle step ${b.step}${b.realm ? `, realm ${b.realm}` : ""}.`;
}

function card(inst, state, ctx, extra = "") {
  const { el } = ctx;
  const facts = ctx.cards[state.cards[inst]] || { name: state.cards[inst], type: "?", level: "", power: "" };
  const level = facts.level ? ` · level ${facts.level}` : "";
  const tip = `${facts.name} (${facts.type}${level})${facts.power ? `: ${facts.power}` : ""}`;
  return el("div", { class: `card ${facts.type.replace(/ /g, "-")} ${extra}`, "data-inst": String(inst), title: tip },
    el("div", { class: "card-name" }, facts.name),
    el("div", { class: "card-type" }, `${facts.type}${level}`),
    el("div", { class: "card-power" }, facts.power || ""));
}

const instOf = (entry, field) => (typeof entry === "number" ? entry : entry[field]);
const attachedOf = (entry) => (typeof entry === "number" ? [] : entry.attached || []);

function pyramid(side, state, ctx) {
  const { el } = ctx;
  const slot = (k) => {
    const entry = side.formation[k];
    if (entry === null || entry === undefined) return el("div", { class: "slot empty" }, "ABCDEF"[k]);
    const razed = typeof entry !== "number" && entry.razed;
    const box = el("div", { class: `slot${razed ? " razed" : ""}` },
      el("div", { class: "slot-name" }, `${"ABCDEF"[k]}${razed ? " (razed)" : ""}`),
      card(instOf(entry, "realm"), state, ctx));
    if (typeof entry !== "number" && entry.holding !== null && entry.holding !== undefined) {
      box.append(card(entry.holding, state, ctx, "holding"));
    }
    return box;
  };
  return el("div", { class: "pyramid" }, ...[[0], [1, 2], [3, 4, 5]].map((row) =>
    el("div", { class: "pyramid-row" }, ...row.map(slot))));
}

function champions(list, state, ctx) {
  return list.map((entry) => ctx.el("div", { class: "champion" },
    card(instOf(entry, "champion"), state, ctx),
    ...attachedOf(entry).map((i) => card(i, state, ctx, "attached"))));
}

function pile(name, list, state, ctx) {
  const { el } = ctx;
  if (typeof list === "number") return el("p", { class: "pile" }, `${name}: ${list} card(s), face down`);
  return el("details", { class: "pile" }, el("summary", {}, `${name}: ${list.length}`),
    ...list.map((i) => card(i, state, ctx)));
}

function side(p, state, ctx) {
  const { el } = ctx;
  const s = state.players[p];
  const you = ctx.seat === `player_${p}` ? " (you)" : "";
  const role = state.attacker === p ? "attacker" : "defender";
  const hand = typeof s.hand === "number"
    ? el("p", { class: "hand hidden-hand" }, `Hand: ${s.hand} card(s), hidden`)
    : el("div", { class: "hand" }, el("h4", {}, "Hand"), el("div", { class: "cards" }, ...s.hand.map((i) => card(i, state, ctx))));
  return el("div", { class: `sf-side side-${p}` },
    el("h3", {}, `player_${p}${you} — ${role}`),
    el("div", { class: "sf-body" }, pyramid(s, state, ctx),
      el("div", { class: "sf-right" },
        el("h4", {}, "Pool"), el("div", { class: "cards" }, ...champions(s.pool, state, ctx)),
        hand,
        el("div", { class: "piles" }, pile("Draw pile", s.draw, state, ctx), pile("Discard", s.discard, state, ctx),
          pile("Limbo", s.limbo, state, ctx), pile("Abyss", s.abyss, state, ctx), pile("Void", s.void, state, ctx)))));
}

function battle(state, ctx) {
  const { el } = ctx;
  const b = state.battle;
  const box = el("div", { class: "sf-battle" }, el("h3", {}, "Battle"));
  box.append(el("p", {}, `Step ${b.step}; realm ${b.realm ?? "not chosen"}; round ${b.round}; defeats ${b.defeats}` +
    (b.realm_defends ? "; the realm defends itself" : "") +
    (b.outcome ? `; outcome ${b.outcome}${b.winner === null || b.winner === undefined ? "" : `, player_${b.winner} wins`}` : "")));
  [0, 1].forEach((p) => {
    const champ = b.champions[p];
    const support = (b.support && b.support[p]) || [];
    if (champ === null && !support.length) return;
    box.append(el("div", { class: "in-round" }, el("span", {}, `player_${p}:`),
      ...(champ === null ? [] : champions([champ], state, ctx)), ...support.map((i) => card(i, state, ctx, "support"))));
  });
  if (state.game) {
    const g = state.game;
    box.append(el("p", {}, g.result ? `Game result: ${g.result}${g.winner === null ? "" : `, player_${g.winner} wins`}`
      : `This turn: realm played ${g.realm_played ? "yes" : "no"}, holding played ${g.holding_played ? "yes" : "no"}`));
  }
  return box;
}

export function render(root, state, ctx) {
  root.className = "sf";
  const top = ctx.seat === "player_0" ? 1 : 0;
  root.replaceChildren(battle(state, ctx),
    ctx.el("div", { class: "sf-sides" }, side(top, state, ctx), side(1 - top, state, ctx)));
}
