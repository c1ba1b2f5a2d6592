// solve-asp studio: the page's behaviour. Talks only to its own server, with the
// session token in a header on every API call.
"use strict";

const token = document.querySelector('meta[name="studio-token"]').content;
const NEW_GENRE = "new genre";  // the server's name for rules written on the page
const $ = (id) => document.getElementById(id);
const state = {
  puzzles: {}, puzzle: null, instance: null, pasted: null, packaged: "", editor: null,
  job: null, index: 0, lastAction: null,
  chosen: 0,  // counts the choices of puzzle and instance: an answer to an older one is dropped
  answers: 0,  // counts the answers shown: a trace's players act only while theirs is shown
  template: null,  // the empty answer of the puzzle shown (its grid's shape), for Check
  solution: null,  // the solution (or hint) the board shows, to start an answer from
  walk: null,  // Why's and Steps' steps, and the one shown
};

async function api(path, body) {
  const options = { headers: { "X-Studio-Token": token } };
  if (body !== undefined) {
    options.method = "POST";
    options.headers["Content-Type"] = "application/json";
    options.body = JSON.stringify(body);
  }
  const response = await fetch(path, options);
  const type = response.headers.get("content-type") || "";
  const data = type.includes("json") ? await response.json() : await response.text();
  if (!response.ok) throw new Error(data.error || String(data));
  return data;
}

function showError(text) {
  $("error").hidden = !text;
  $("error").textContent = text || "";
}

function setSummary(text, status) {
  $("summary").textContent = text || "";
  $("summary").className = status || "";
}

function setBusy(busy) {
  for (const id of ["solve", "explain", "hint", "step", "trace", "why", "steps", "check"]) {
    $(id).disabled = busy;
  }
  $("stop").disabled = !busy;
  if (busy) $("next").disabled = true;
}

async function loadPuzzles() {
  const data = await api("/api/puzzles");
  const select = $("puzzle");
  for (const puzzle of data.puzzles) {
    state.puzzles[puzzle.name] = puzzle;
    const option = new Option(puzzle.name, puzzle.name);
    option.title = puzzle.summary;
    select.add(option);
  }
  const option = new Option("(new genre)", NEW_GENRE);
  option.title = "write a genre's rules and header, paste a puzzle, solve";
  select.add(option);
  const wanted = new URLSearchParams(location.search).get("puzzle");
  select.value = state.puzzles[wanted] || wanted === NEW_GENRE ? wanted
    : data.puzzles[0].name;
  await choosePuzzle();
}

// A new genre: the rules (with their header) are written here and a puzzle is pasted; it
// starts as a Latin square to change.
async function chooseNewGenre() {
  state.puzzle = NEW_GENRE;
  $("instance").length = 0;
  state.instance = null;
  const [rules, sample] = await Promise.all([api("/static/new-genre.lp"), api("/static/new-genre.txt")]);
  if ($("puzzle").value !== NEW_GENRE) return;
  state.packaged = rules;
  StudioEditor.setText(state.editor, rules);
  StudioEditor.showErrors(state.editor, []);
  $("rules-name").textContent = "a new genre: its rules and its %! header";
  $("save-name").value = "my-genre.lp";
  $("paste-box").open = true;
  $("paste").placeholder = "a puzzle of the genre: the plain text grid or a puzz.link address";
  $("paste").value = sample;
  state.pasted = sample;
  await showInstance();
}

async function choosePuzzle() {
  const name = $("puzzle").value;
  if (name === NEW_GENRE) return chooseNewGenre();
  state.puzzle = name;
  const instances = $("instance");
  instances.length = 0;
  for (const file of state.puzzles[name].instances) instances.add(new Option(file, file));
  state.instance = instances.length ? instances.value : null;
  state.pasted = null;
  const rules = await api(`/api/puzzles/${encodeURIComponent(name)}/rules`);
  if ($("puzzle").value !== name) return;  // another puzzle was chosen meanwhile
  state.packaged = rules;
  StudioEditor.setText(state.editor, state.packaged);
  StudioEditor.showErrors(state.editor, []);
  $("rules-name").textContent = `${name}.lp`;
  $("save-name").value = `${name}-edited.lp`;
  $("paste").placeholder = state.puzzles[name].summary;
  await showInstance();
}

async function showInstance() {
  state.chosen += 1;
  if (state.job) stop();  // the running request was about the puzzle shown before
  if (state.pasted !== null) $("source").textContent = "pasted puzzle";
  else $("source").textContent = state.instance ? `instances/${state.puzzle}/${state.instance}` : "";
  clearAnswer();
  showEmpty(true);
  state.template = null;
  state.solution = null;
  $("answer-grid").textContent = "";
  $("answer-text").value = "";
  if ($("answer-box").open) fetchTemplate();
}

// What the right pane says while it shows no answer: what to press, on what.
function showEmpty(shown) {
  const empty = $("empty");
  empty.hidden = !shown;
  if (!shown) return;
  const what = state.pasted !== null ? "the pasted puzzle" : state.instance ? $("source").textContent : null;
  empty.textContent = what === null
    ? "Pick an instance, or paste a puzzle, then press Solve."
    : `Press Solve to solve ${what} with the rules on the left. Explain says why a puzzle ` +
      "has no solution, Hint and Step show the values that are forced, Trace plays the " +
      "search back step by step. Why names the rules behind the next value a person " +
      "could deduce, Steps walks to the solution so; Check checks your answer (fill it in " +
      "under \"your answer\").";
}

// Everything the last answer showed goes: its summary, error, board, trace players,
// statistics and clingo's messages.
function clearAnswer() {
  state.answers += 1;
  $("answer").classList.remove("stale");
  $("board").textContent = "";
  $("players").textContent = "";
  $("players").hidden = true;
  $("violations").textContent = "";
  $("violations").hidden = true;
  stopWalk();
  state.walk = null;
  $("walk-steps").textContent = "";
  $("walk").hidden = true;
  document.querySelector("main").classList.remove("tracing");
  setSummary("");
  showError("");
  StudioEditor.showErrors(state.editor, []);
  $("stats").hidden = true;
  $("stats").tBodies[0].textContent = "";
  $("messages").textContent = "";
  $("next").disabled = true;
}

function rulesEdited() {
  const text = StudioEditor.getText(state.editor);
  return text === state.packaged && state.puzzle !== NEW_GENRE ? null : text;
}

function onRulesChanged() {
  $("edited").textContent = StudioEditor.getText(state.editor) === state.packaged ? "" : "(edited)";
}

async function run(action, { index = 0, answer = undefined } = {}) {
  if (state.job) return;
  const request = { action, puzzle: state.puzzle, rules: rulesEdited(), index };
  if (answer !== undefined) request.answer = answer;
  if (state.pasted !== null) request.text = state.pasted;
  else if (state.instance) request.instance = state.instance;
  else { showError("pick an instance, or paste a puzzle"); return; }
  showError("");
  StudioEditor.showErrors(state.editor, []);
  showEmpty(false);
  $("answer").classList.add("stale");  // the last answer, dimmed until this one's comes
  state.lastAction = action;
  const chosen = state.chosen;
  setBusy(true);
  try {
    let job = await api("/api/jobs", request);
    state.job = job.id;
    while (job.state === "running") {
      $("progress").textContent =
        `${action}: ${job.elapsed.toFixed(1)} s, ${job.found} found (Stop ends it; limit ${job.time_limit} s)`;
      await new Promise((resolve) => setTimeout(resolve, 150));
      job = await api(`/api/jobs/${job.id}`);
    }
    if (chosen === state.chosen) show(action, { ...job.result, job: job.id }, index);
  } catch (error) {
    if (chosen === state.chosen) { clearAnswer(); showError(error.message); }
  } finally {
    $("answer").classList.remove("stale");
    state.job = null;
    $("progress").textContent = "";
    setBusy(false);
  }
}

// One search played back: a step control, a slider, and the board of each step with
// the decided and propagated cells marked (data-row/data-col of the board's SVG). The
// server keeps the whole search and draws it a page of steps at a time: the page holds
// only the pages near the step shown, so a search of 100,000 steps stays quick.
const SPEEDS = { slow: 600, fast: 120, fastest: 30 };
const KEEP_STEPS = 200;

function player(title, played, counts, name, jobId) {
  const root = document.createElement("section");
  root.className = "player";
  root.dataset.player = name;
  root.innerHTML = `<h3></h3><p class="counts"></p>
    <div class="controls">
      <button type="button" class="first" title="first step">|&lt;</button>
      <button type="button" class="prev" title="step back">&lt;</button>
      <button type="button" class="play">play</button>
      <button type="button" class="next" title="step forward">&gt;</button>
      <button type="button" class="last" title="last step">&gt;|</button>
      <button type="button" class="to-conflict" title="the next step that jumps back">next conflict</button>
      <button type="button" class="to-answer" title="the next step that finds an answer">next answer</button>
      <select class="speed" aria-label="speed"><option>slow</option><option>fast</option><option>fastest</option></select>
      <input type="range" class="slider" min="0" step="1" aria-label="step">
    </div>
    <p class="position"></p>
    <p class="step-text"></p>
    <p class="legend"><span class="swatch decided">7</span> decided: a guess<span class="ruled-out">
      (circled on an open cell: a value ruled out)</span>
      <span class="swatch propagated">7</span> propagated: follows from it
      <span class="swatch conflict"></span> conflict: jumped back</p>
    <div class="view"></div>`;
  root.querySelector("h3").textContent = title;
  root.querySelector(".ruled-out").hidden = name !== "clingo";  // only clingo guesses "not"
  root.querySelector(".counts").textContent = counts;
  const answer = state.answers;
  const shown = () => answer === state.answers;  // false once a new answer replaced this one
  const total = played.total_steps;
  const page = played.page;
  const cache = new Map(played.steps.map((step) => [step.index, step]));
  const loading = new Map();
  const slider = root.querySelector(".slider");
  const position = root.querySelector(".position");
  slider.max = String(Math.max(total - 1, 0));
  root.dataset.total = String(total);
  let at = 0;
  let wanted = 0;
  let playing = false;

  function fetchPage(start) {
    if (!loading.has(start)) {
      loading.set(start, api(`/api/jobs/${jobId}/steps?player=${name}&start=${start}`)
        .then((data) => {
          for (const step of data.steps) cache.set(step.index, step);
          if (cache.size > KEEP_STEPS) {  // forget the steps farthest from the one shown
            const far = [...cache.keys()].sort((a, b) => Math.abs(b - at) - Math.abs(a - at));
            for (const index of far.slice(0, cache.size - KEEP_STEPS)) cache.delete(index);
          }
        })
        .finally(() => loading.delete(start)));
    }
    return loading.get(start);
  }

  function where(index, step) {
    const recorded = !played.truncated ? "" : ` (recording stopped after ${played.recorded.toLocaleString("en")}` +
      `${played.events ? ` of ${played.events.toLocaleString("en")}` : ""} events)`;
    return `step ${(index + 1).toLocaleString("en")} of ${total.toLocaleString("en")}${recorded}` +
      (step ? ` · ${step.level_label}` : " · drawing…");
  }

  function draw(index, step) {
    at = index;
    position.textContent = where(index, step);
    root.querySelector(".step-text").textContent = step.text;
    const view = root.querySelector(".view");
    view.innerHTML = step.svg;
    view.classList.toggle("conflict", step.kind === "backjump");
    for (const [kind, cells] of [["decided", step.decided], ["propagated", step.propagated]]) {
      for (const [row, col] of cells) {
        for (const element of view.querySelectorAll(`[data-row="${row}"][data-col="${col}"]`)) {
          element.classList.add(kind);
        }
      }
    }
    root.dataset.step = String(index);
  }

  async function go(index) {
    if (!total || !shown()) return;
    index = Math.min(Math.max(index, 0), total - 1);
    wanted = index;
    slider.value = String(index);
    if (!cache.has(index)) {
      position.textContent = where(index, null);
      try {
        await fetchPage(index - (index % page));
      } catch (error) {
        if (shown()) showError(error.message);
        return;
      }
      if (wanted !== index || !cache.has(index) || !shown()) return;  // moved on meanwhile
    }
    draw(index, cache.get(index));
    const next = index - (index % page) + page;
    if (next < total && index % page >= page / 2 && !cache.has(next)) fetchPage(next).catch(() => {});
  }

  async function seek(kind) {
    try {
      const data = await api(`/api/jobs/${jobId}/steps?player=${name}&start=${at + 1}&find=${kind}`);
      if (data.start === null) {
        position.textContent = `${where(at, cache.get(at))} · no ${kind === "model" ? "answer" : "conflict"} after this step`;
        return;
      }
      for (const step of data.steps) cache.set(step.index, step);
      await go(data.start);
    } catch (error) {
      if (shown()) showError(error.message);
    }
  }

  async function play(button) {
    if (playing) { playing = false; return; }
    playing = true;
    button.textContent = "pause";
    while (playing && shown() && at < total - 1) {  // a new answer ends it
      await go(at + 1);
      await new Promise((resolve) => setTimeout(resolve, SPEEDS[root.querySelector(".speed").value]));
    }
    playing = false;
    button.textContent = "play";
  }

  root.querySelector(".first").onclick = () => go(0);
  root.querySelector(".prev").onclick = () => go(at - 1);
  root.querySelector(".next").onclick = () => go(at + 1);
  root.querySelector(".last").onclick = () => go(total - 1);
  root.querySelector(".to-conflict").onclick = () => seek("backjump");
  root.querySelector(".to-answer").onclick = () => seek("model");
  slider.oninput = () => go(Number(slider.value));
  root.querySelector(".play").onclick = (event) => play(event.target);
  if (total) go(0);
  return root;
}

function many(count, what) {
  return `${count.toLocaleString("en")} ${what}${count === 1 ? "" : "s"}`;
}

function showPlayers(result) {
  const players = $("players");
  players.textContent = "";
  const clingo = result.clingo;
  const c = clingo.counts;
  const p = clingo.plain;
  let counts = `${many(p.choices, "choice")}, ${many(p.conflicts, "conflict")}, ${many(p.answers, "answer")}`;
  if (p.choices !== c.choices || p.conflicts !== c.conflicts) {
    counts += ` (the recorded search: ${many(c.choices, "choice")}, ${many(c.conflicts, "conflict")}; recording joins the solver and can change its path)`;
  }
  players.appendChild(player("clingo (the rules)", clingo, counts, "clingo", result.job));
  if (result.imperative) {
    const i = result.imperative;
    players.appendChild(player(`hand-written search (${i.solver})`, i,
      (i.counts.stopped ? "stopped at the time limit: " : `${many(i.counts.nodes, "node")} opened, `) +
      `${many(i.counts.tried, "value")} tried, ${many(i.counts.backtracks, "backtrack")} (cut by a check), ${many(i.counts.solutions, "solution")}`,
      "imperative", result.job));
  }
  players.hidden = false;
  document.querySelector("main").classList.add("tracing");
}

// The error's line, then what clingo's located messages add to it: a message the line
// already quotes is not repeated, the notes under a message (an unsafe variable's) are.
function errorText(result) {
  const head = result.error || "";
  const lines = head ? [head] : [];
  for (const e of result.errors || []) {
    const [first, ...notes] = e.message.split("\n");
    const where = `rules.lp:${e.line}:${e.column}`;
    const quoted = (head.includes(`${where}:`) || head.includes(`${where}-`)) && head.endsWith(first);
    if (!quoted) lines.push(`${where}: ${first}`);
    lines.push(...notes);
  }
  return lines.join("\n");
}

// One answer replaces the whole of the last one.
function show(action, result, index) {
  clearAnswer();
  if (result.status === "error") {
    showError(errorText(result));
    StudioEditor.showErrors(state.editor, result.errors || []);
    setSummary("", "error");
    return;
  }
  if (result.error) showError(result.error);
  if (result.board !== undefined) $("board").innerHTML = result.board;
  if (result.solution !== undefined) state.solution = result.solution;
  if (result.template !== undefined) showTemplate(result.template);
  if (action === "check") showViolations(result);
  if ((action === "why" || action === "steps") && result.steps) showWalk(result);
  if (action === "trace" && result.clingo) { $("board").textContent = ""; showPlayers(result); }
  let summary = result.summary || "";
  if (action === "solve" && result.count > 1) summary = `Solution ${index + 1}. ${summary}`;
  if (action === "explain" && result.explanation) summary = result.explanation;
  setSummary(summary, result.status);
  state.index = index;
  $("next").disabled = !(action === "solve" && result.has_next);
  const body = $("stats").tBodies[0];
  for (const stat of result.stats || []) {
    const row = body.insertRow();
    row.dataset.name = stat.name;
    row.insertCell().textContent = stat.name;
    const value = row.insertCell();
    value.className = "value";
    value.textContent = Number.isInteger(stat.value) ? stat.value.toLocaleString("en") : stat.value.toFixed(3);
    const meaning = row.insertCell();
    meaning.className = "meaning";
    meaning.textContent = stat.meaning;
  }
  $("stats").hidden = !(result.stats || []).length;
  $("messages").textContent = (result.messages || []).map((m) => `clingo: ${m}`).join("\n");
}

async function stop() {
  if (state.job) await api(`/api/jobs/${state.job}/stop`, {}).catch((e) => showError(e.message));
}

function save() {
  const name = $("save-name").value.trim() || `${state.puzzle}-edited.lp`;
  if (name === `${state.puzzle}.lp`) {
    showError(`choose another name than ${name}: the packaged rules stay as they are`);
    return;
  }
  const blob = new Blob([StudioEditor.getText(state.editor)], { type: "text/plain" });
  const link = document.createElement("a");
  link.href = URL.createObjectURL(blob);
  link.download = name;
  link.click();
  URL.revokeObjectURL(link.href);
  setSummary(`Saved as ${name} (your downloads folder). Solve with it: ` +
             (state.puzzle === NEW_GENRE ? `solve-asp ${name} PUZZLE` :
              `solve-asp ${state.puzzle} FILE --encoding ${name}`), "");
}

function usePaste() {
  const text = $("paste").value;
  if (!text.trim()) { showError("paste a puzzle first, or upload a file"); return; }
  state.pasted = text;
  showInstance();
}

function wire() {
  state.editor = StudioEditor.create($("editor"), "", onRulesChanged);
  $("puzzle").addEventListener("change", () => choosePuzzle().catch((e) => showError(e.message)));
  $("instance").addEventListener("change", () => {
    state.instance = $("instance").value;
    state.pasted = null;
    showInstance();
  });
  $("use-paste").addEventListener("click", usePaste);
  $("upload").addEventListener("change", async () => {
    const file = $("upload").files[0];
    if (file) { $("paste").value = await file.text(); usePaste(); }
  });
  $("solve").addEventListener("click", () => run("solve"));
  $("next").addEventListener("click", () => run("solve", { index: state.index + 1 }));
  $("explain").addEventListener("click", () => run("explain"));
  $("hint").addEventListener("click", () => run("hint"));
  $("step").addEventListener("click", () => run("step"));
  $("trace").addEventListener("click", () => run("trace"));
  $("why").addEventListener("click", () => run("why"));
  $("steps").addEventListener("click", () => run("steps"));
  $("check").addEventListener("click", check);
  $("answer-box").addEventListener("toggle", () => {
    if ($("answer-box").open && state.template === null) fetchTemplate();
  });
  $("answer-from-board").addEventListener("click", () => fillGrid(state.solution));
  $("answer-clear").addEventListener("click", () => {
    fillGrid(state.template || {});
    $("answer-text").value = "";
  });
  $("walk-prev").addEventListener("click", () => { stopWalk(); showStep(state.walk.at - 1); });
  $("walk-next").addEventListener("click", () => { stopWalk(); showStep(state.walk.at + 1); });
  $("walk-play").addEventListener("click", playWalk);
  $("stop").addEventListener("click", stop);
  $("reset").addEventListener("click", () => {
    StudioEditor.setText(state.editor, state.packaged);
    StudioEditor.showErrors(state.editor, []);
    showError("");
  });
  $("save").addEventListener("click", save);
  loadPuzzles().catch((error) => showError(error.message));
}

document.addEventListener("DOMContentLoaded", wire);
