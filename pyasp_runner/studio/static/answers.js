// A player's answer and the rules' reasons in the studio (loaded before studio.js, whose
// state, api, run and drawing helpers these use): the answer grid filled in or pasted and
// checked, its broken rules listed and marked in the rules; Why and Steps played on the
// board.

// Check: the answer as the grid of inputs the puzzle's empty answer shapes (rows of
// values, or rows of characters; a region's number per cell where the answer is a
// division into regions), or the text pasted under it (an expression, a keystream).
function instanceRequest(action) {
  const request = { action, puzzle: state.puzzle, rules: rulesEdited() };
  if (state.pasted !== null) request.text = state.pasted;
  else if (state.instance) request.instance = state.instance;
  else return null;
  return request;
}

async function fetchTemplate() {
  const request = instanceRequest("template");
  if (request === null) return;
  const chosen = state.chosen;
  try {
    let job = await api("/api/jobs", request);
    while (job.state === "running") {
      await new Promise((resolve) => setTimeout(resolve, 150));
      job = await api(`/api/jobs/${job.id}`);
    }
    if (chosen !== state.chosen) return;
    if (job.result.status === "error") showError(job.result.error);
    else showTemplate(job.result.template);
  } catch (error) {
    showError(error.message);
  }
}

function showTemplate(template) {
  if (state.template !== null && $("answer-grid").childElementCount) return;
  state.template = template;
  const box = $("answer-grid");
  box.textContent = "";
  const rows = template && gridOf(template);
  if (!rows) {
    const what = template && template.text ? `its ${template.text}, or ` : "";
    box.textContent = `This puzzle's answer is pasted as text (${what}its --json solution object).`;
    return;
  }
  const table = document.createElement("table");
  rows.forEach((row, r) => {
    const tr = table.insertRow();
    Array.from(row).forEach((value, c) => {
      const input = document.createElement("input");
      input.dataset.row = r;
      input.dataset.col = c;
      input.setAttribute("aria-label", `row ${r + 1}, column ${c + 1}`);
      input.maxLength = 4;
      tr.insertCell().appendChild(input);
    });
  });
  box.appendChild(table);
}

// The rows an answer is filled in as: its grid, or its regions where the answer is
// a division into regions (the template has no grid then).
function answerKey(template) {
  if (Array.isArray(template.grid)) return "grid";
  return Array.isArray(template.regions) ? "regions" : null;
}

function gridOf(template) {
  const key = answerKey(template);
  return key === null ? null : template[key];
}

function fillGrid(solution) {
  const key = state.template ? answerKey(state.template) : null;
  if (!solution || key === null || !Array.isArray(solution[key])) return;
  for (const input of $("answer-grid").querySelectorAll("input")) {
    const row = solution[key][+input.dataset.row];
    const value = row === undefined ? null : Array.from(row)[+input.dataset.col];
    input.value = value === null || value === undefined || value === "?" ? "" : String(value);
  }
}

function gridAnswer() {
  const template = state.template;
  const inputs = $("answer-grid").querySelectorAll("input");
  const key = template ? answerKey(template) : null;
  if (key === null || !inputs.length) return null;
  if (!Array.from(inputs).some((input) => input.value.trim())) return null;
  const characters = typeof template[key][0] === "string";
  const grid = template[key].map((row) => Array.from(row).map(() => null));
  for (const input of inputs) {
    const text = input.value.trim();
    const number = Number(text);
    grid[+input.dataset.row][+input.dataset.col] =
      text === "" ? null : (!characters && /^-?[0-9]+$/.test(text) ? number : text);
  }
  const rows = characters ? grid.map((row) => row.map((v) => (v === null ? "?" : v)).join("")) : grid;
  return JSON.stringify({ [key]: rows });
}

function check() {
  const pasted = $("answer-text").value;
  const answer = pasted.trim() ? pasted : gridAnswer();
  if (answer === null) {
    $("answer-box").open = true;
    showError("fill in your answer under \"your answer\" (or paste it), then press Check");
    return;
  }
  run("check", { answer });
}

function showViolations(result) {
  const list = $("violations");
  list.textContent = "";
  const uncertain = result.envelope && result.envelope.check && !result.envelope.check.certain;
  for (const violation of result.violations || []) {
    const item = document.createElement("li");
    item.textContent = violation.text;
    if (uncertain) item.className = "uncertain";
    if (violation.line) item.title = `rules.lp line ${violation.line}`;
    list.appendChild(item);
  }
  list.hidden = !list.childElementCount;
  StudioEditor.showErrors(state.editor, result.rule_lines || []);
}

// Why and Steps: the steps in words; the board of the one chosen (what is known by then,
// the value it fixes framed); play goes through them.
function showWalk(result) {
  state.walk = { steps: result.steps, at: 0, timer: null, answers: state.answers };
  const list = $("walk-steps");
  list.textContent = "";
  result.steps.forEach((step, index) => {
    const item = document.createElement("li");
    item.textContent = step.text;
    item.addEventListener("click", () => showStep(index));
    list.appendChild(item);
  });
  $("walk").hidden = !result.steps.length;
  const single = result.steps.length <= 1;
  for (const id of ["walk-prev", "walk-play", "walk-next"]) $(id).hidden = single;
  setSummary(result.summary, result.status);
  if (result.steps.length) showStep(0);
}

function showStep(index) {
  const walk = state.walk;
  if (!walk || walk.answers !== state.answers) return;
  walk.at = Math.max(0, Math.min(index, walk.steps.length - 1));
  $("board").innerHTML = walk.steps[walk.at].board;
  const items = $("walk-steps").children;
  for (let i = 0; i < items.length; i += 1) items[i].classList.toggle("shown", i === walk.at);
  items[walk.at].scrollIntoView({ block: "nearest" });
  $("walk-position").textContent = `step ${walk.at + 1} of ${walk.steps.length}`;
}

function stopWalk() {
  if (state.walk && state.walk.timer) clearInterval(state.walk.timer);
  if (state.walk) state.walk.timer = null;
  $("walk-play").textContent = "play";
}

function playWalk() {
  const walk = state.walk;
  if (!walk) return;
  if (walk.timer) { stopWalk(); return; }
  if (walk.at >= walk.steps.length - 1) showStep(0);
  $("walk-play").textContent = "pause";
  walk.timer = setInterval(() => {
    if (walk.at >= walk.steps.length - 1 || walk.answers !== state.answers) { stopWalk(); return; }
    showStep(walk.at + 1);
  }, 900);
}
