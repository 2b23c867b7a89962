#!/usr/bin/env node
// Play one game of a combatzoo system against a bot of the combatzoo bot service, over HTTP.
//
//   node clients/node/play.mjs --url http://127.0.0.1:8000 --system land_air_sea \
//        --bot heuristic --seat player_0 --seed 7
//
// The client plays --seat by choosing uniformly among the legal actions the service lists
// (a frontend would ask its human player instead); every other seat is played by --bot. The
// game state lives here, in the client: the service is stateless (each request carries the
// state, as a frontend that owns its game would send it). Needs Node.js 18+ (global fetch);
// no npm packages.
//
// Exit status: 0 after a finished game, 1 on an HTTP or protocol error (printed).

const args = Object.fromEntries(
  process.argv.slice(2).reduce((pairs, arg, i, all) => {
    if (arg.startsWith("--")) pairs.push([arg.slice(2), all[i + 1]]);
    return pairs;
  }, []),
);
const url = (args.url ?? "http://127.0.0.1:8000").replace(/\/$/, "");
const system = args.system ?? "land_air_sea";
const bot = args.bot ?? "heuristic";
const seat = args.seat ?? "player_0";
const seed = Number(args.seed ?? 0);
const maxSteps = Number(args["max-steps"] ?? 10000);

// A small seeded generator (mulberry32), so that the same --seed replays the same game.
function rng(a) {
  return () => {
    a = (a + 0x6d2b79f5) | 0;
    let t = Math.imul(a ^ (a >>> 15), 1 | a);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}
const random = rng(seed);

async function post(path, body) {
  const response = await fetch(`${url}/v1/${system}/${path}`, {
    method: "POST",
    headers: { "content-type": "application/json" },
    body: JSON.stringify(body),
  });
  const data = await response.json();
  if (!response.ok) {
    throw new Error(`${path}: HTTP ${response.status}: ${data.error ?? JSON.stringify(data)}`);
  }
  return data;
}

async function main() {
  const health = await (await fetch(`${url}/v1/health`)).json();
  if (!health.systems?.includes(system)) {
    throw new Error(`the service does not serve ${system}; it serves ${health.systems}`);
  }
  let { state, to_act: toAct } = await post("new", { seed });
  console.log(`${system}: I play ${seat}, bot ${bot} plays the other seats (seed ${seed})`);
  for (let step = 0; step < maxSteps; step++) {
    const actions = {};
    for (const agent of toAct) {
      if (agent === seat) {
        const { legal } = await post("legal", { state, agent });
        const choice = legal[Math.floor(random() * legal.length)];
        actions[agent] = choice.id;
        console.log(`  ${agent} (me): ${choice.label}`);
      } else {
        const answer = await post("act", { state, agent, bot, seed: seed + step });
        actions[agent] = answer.action;
        console.log(`  ${agent} (${bot}): ${answer.label}`);
      }
    }
    const next = await post("step", { state, actions });
    for (const event of next.events) console.log(`    ${event.text}`);
    state = next.state;
    toAct = next.to_act;
    if (next.over) {
      const mine = next.returns[Number(seat.split("_")[1])];
      const result = mine > 0 ? "won" : mine < 0 ? "lost" : "drew";
      console.log(`game over after ${step + 1} steps: returns ${JSON.stringify(next.returns)}; I ${result}`);
      return;
    }
  }
  throw new Error(`no end after ${maxSteps} steps`);
}

main().catch((error) => {
  console.error(`play.mjs: ${error.message}`);
  process.exit(1);
});
