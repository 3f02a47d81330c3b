// goobalay serve: the players' report page. The code stays in its field, in this
// tab: it is sent in the body of each POST and never comes back from the server.
// No result is chosen for the player; "Check" says what will be reported and
// "Report it" sends it.
"use strict";
(function () {
  const codeForm = document.getElementById("report-code");
  const codeAnswer = document.getElementById("code-answer");
  const section = document.getElementById("report-match");
  const resultForm = document.getElementById("report-result");
  const answer = document.getElementById("report-answer");
  let shown = null;

  function post(url, body) {
    return fetch(url, {
      method: "POST",
      headers: { "Content-Type": "application/json" },
      body: JSON.stringify(body),
      cache: "no-store",
    }).then(r => r.json().catch(() => ({})).then(j => ({ status: r.status, j })));
  }
  function say(p, cls, text) { p.className = "answer " + cls; p.textContent = text; }
  function claimWords(m, result, seeds) {
    const who = result === "south" ? m.south + " (South) won" : result === "north" ? m.north + " (North) won" : "a draw";
    return who + (seeds ? ", " + seeds.replace(",", "–") : "");
  }
  function unask() {
    resultForm.querySelector(".confirm").hidden = true;
    resultForm.querySelector("button.check").hidden = false;
  }
  function showMatch(m) {
    shown = m;
    const side = m.side === "south" ? "South" : "North";
    let text = m.tournament + ", round " + m.round + ", board " + m.board + ": " + m.south + " (South) v " + m.north +
      " (North). You are " + m.holder + " (" + side + ").";
    if (m.reported) text += " You reported " + claimWords(m, m.reported.result, m.reported.seeds ? m.reported.seeds.south + "," + m.reported.seeds.north : "") + ".";
    if (m.opponent_reported) text += " Your opponent has reported.";
    section.querySelector(".match-text").textContent = text;
    section.querySelector(".south-won").textContent = "South won: " + m.south;
    section.querySelector(".north-won").textContent = "North won: " + m.north;
    section.hidden = false;
    resultForm.reset();
    say(answer, "", "");
    unask();
  }
  codeForm.addEventListener("submit", e => {
    e.preventDefault();
    section.hidden = true;
    say(codeAnswer, "", "looking…");
    post("/api/report/match", { code: codeForm.code.value })
      .then(({ status, j }) => {
        if (status === 200) { say(codeAnswer, "", ""); showMatch(j); }
        else say(codeAnswer, "refused", "Refused: " + (j.error || "HTTP " + status));
      })
      .catch(() => say(codeAnswer, "refused", "The server could not be reached."));
  });
  codeForm.addEventListener("input", () => { section.hidden = true; shown = null; });
  resultForm.addEventListener("input", unask);
  resultForm.addEventListener("submit", e => {
    e.preventDefault();
    if (!shown) return;
    const seeds = resultForm.seeds.value.trim();
    resultForm.querySelector(".confirm-text").textContent = "Report " + claimWords(shown, resultForm.result.value, seeds) + "?";
    resultForm.querySelector(".confirm").hidden = false;
    resultForm.querySelector("button.check").hidden = true;
  });
  resultForm.addEventListener("click", e => {
    if (e.target.classList.contains("change")) unask();
    if (!e.target.classList.contains("store")) return;
    unask();
    const seeds = resultForm.seeds.value.trim();
    const body = { code: codeForm.code.value, result: resultForm.result.value };
    if (seeds) body.seeds = seeds;
    say(answer, "", "sending…");
    resultForm.querySelectorAll("button").forEach(b => { b.disabled = true; });
    post("/api/report", body)
      .then(({ status, j }) => {
        if (status === 200) say(answer, "entered", j.message);
        else say(answer, "refused", "Refused: " + (j.error || "HTTP " + status));
      })
      .catch(() => say(answer, "refused", "The server could not be reached; nothing may have been written."))
      .finally(() => { resultForm.querySelectorAll("button").forEach(b => { b.disabled = false; }); });
  });
})();
