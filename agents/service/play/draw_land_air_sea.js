// Heroes of Land, Air & Sea: the two armies, their spells and the Tactic Cards revealed so far.
// Secret until the reveal (docs/land_air_sea.md "The state JSON"): the opponent's chosen Tactic
// Card and the units it sets aside to pay for it; the observation hides the same two fields.

export function visible(state, seat) {
  if (seat === null) return state;
  const me = Number(seat.slice(-1));
  const seen = structuredClone(state);
  const opp = 1 - me;
  seen.tactic[opp] = state.tactic[opp] === null ? null : "face down";
  seen.sacrifice[opp] = null;
  return seen;
}

// A bot's tactic choice and payment are secret; its spell is cast in the open.
export function secretMove(state) {
  return state.phase === "tactic" || state.phase === "payment";
}

export function title(state) {
  if (state.phase === "over") return "Campaign over.";
  return `Battle ${state.battle + 1} of ${state.num_battles}, ${state.phase} phase.`;
}

function counts(obj) {
  return Object.entries(obj || {}).map(([k, n]) => `${k} ×${n}`).join(", ") || "none";
}

function spellText(spell) {
  if (spell === null) return "undecided";
  if (spell === "") return "declined";
  return spell.startsWith("dispelled:") ? `${spell.slice(10)} (dispelled)` : spell;
}

function army(p, state, ctx) {
  const { el } = ctx;
  const side = state.players[p];
  const attacker = state.phase !== "over" && state.attackers[state.battle] === p;
  const you = ctx.seat === `player_${p}` ? " (you)" : "";
  const units = Object.entries(side.army).map(([unit, n]) =>
    el("li", { class: "unit" }, `${unit} ×${n}`));
  const tactic = state.tactic[p];
  const box = el("div", { class: `army side-${p}` },
    el("h3", {}, `player_${p}${you}: ${side.faction}${attacker ? " — attacking" : " — defending"}`),
    el("p", {}, `VP ${side.vp} · ore ${side.resources.ore ?? 0} · mana ${side.resources.mana ?? 0} · food ${side.resources.food ?? 0}`),
    el("ul", { class: "units" }, ...units),
    el("p", {}, `Structures: ${counts(side.structures)} · Spellbook: ${side.spellbook.join(", ")}`),
    el("p", { class: "spell" }, `Combat spell: ${spellText(state.spell[p])}`),
    el("p", { class: "tactic", "data-hidden": tactic === "face down" ? "true" : "false" },
      `Tactic Card: ${tactic === null ? "not chosen" : tactic}`));
  if (state.sacrifice[p] !== null && Object.keys(state.sacrifice[p]).length) {
    box.append(el("p", {}, `Set aside to pay: ${counts(state.sacrifice[p])}`));
  }
  box.append(el("p", {}, `Lost: ${counts(side.destroyed)} · Cards played: ${counts(side.cards_played)}`));
  return box;
}

function history(state, ctx) {
  const { el } = ctx;
  const rows = state.history.map((h) => el("tr", {},
    el("td", {}, String(h.battle + 1)), el("td", {}, `player_${h.attacker}`),
    el("td", { class: "revealed" }, (h.cards || []).map((c) => c || "none").join(" vs ")),
    el("td", {}, (h.totals || []).join(" vs ")),
    el("td", {}, h.winner === null ? "no winner" : `player_${h.winner}`)));
  return el("table", { class: "history" },
    el("thead", {}, el("tr", {}, ...["Battle", "Attacker", "Tactic Cards revealed", "Totals", "Winner"]
      .map((t) => el("th", {}, t)))),
    el("tbody", {}, ...rows));
}

export function render(root, state, ctx) {
  root.className = "las";
  root.replaceChildren(
    ctx.el("div", { class: "armies" }, army(0, state, ctx), army(1, state, ctx)),
    history(state, ctx));
}
